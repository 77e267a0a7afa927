"""Replays: checking that a stored snapshot equals a replay of its seed, options and move log,
and the states of a finished match at any ply from snapshots kept in the ``replays`` cache."""

from __future__ import annotations

import functools
import hashlib
import importlib
from pathlib import Path

from django.conf import settings
from django.core.cache import caches

from core import engine
from core.engine.play import start
from core.engine.undo import UNDO, steps
from core.models import Match
from core.plugins import registry


class ReplayBroken(Exception):
    """A finished match's stored log stops replaying at move ``ply`` (0: its opening) with the
    code installed now: an upgrade changed the rules, or a stored row was altered. The record
    is kept and the steps before ``ply`` still show; the cause stays in the log and in the
    admin's verify, never in the page (the rules' reason may name a hidden card)."""

    def __init__(self, ply: int):
        super().__init__(f"the stored log no longer replays at move {ply}")
        self.ply = ply


def replayed(game, state, seat: int, move, ply: int, seed):
    """The state after the stored move ``ply``. The rules are plugin code reading a log that
    older code wrote and the installed code never checked, so whatever they raise means the log
    no longer replays here: :class:`ReplayBroken`."""
    try:
        return engine.play(game, state, seat, move, ply, seed)
    except Exception as exc:
        raise ReplayBroken(ply) from exc


def replayed_steps(game, state, moves, seed, first_ply: int = 1):
    """:func:`core.engine.undo.steps` over stored (seat, move) rows, take-backs included, with
    whatever the installed rules raise on a stored move reported as :class:`ReplayBroken`."""
    ply = first_ply
    try:
        for ply, after in steps(game, state, moves, seed, first_ply):
            yield ply, after
            ply += 1
    except Exception as exc:
        raise ReplayBroken(ply) from exc


def _opening(game, match: Match):
    try:
        return start(game, match.seed, match.players, match.options, match.seat_options)
    except Exception as exc:  # the stored options, as the installed rules read them
        raise ReplayBroken(0) from exc


def replay_match(match: Match, upto: int | None = None):
    """The state after ``upto`` moves (all moves if None), rebuilt from the log."""
    game = registry().game(match.game_slug)
    moves = match.move_log()
    if upto is not None:
        moves = moves[:upto]
    return engine.replay(game, match.seed, match.players, match.options, match.seat_options, moves)


def states_by_ply(match: Match):
    """Yield (ply, state) from the initial deal to the end: one replay, every step kept (a
    take-back is a step too: the state before the move it took back)."""
    game = registry().game(match.game_slug)
    state = start(game, match.seed, match.players, match.options, match.seat_options)
    yield 0, state
    yield from replayed_steps(game, state, match.move_log(), match.seed)


def verify_match(match: Match) -> str | None:
    """None if the snapshot replays exactly, else a sentence saying what differs."""
    if match.state is None:
        return None
    if match.game_slug not in registry().games:
        return f"game {match.game_slug!r} is not installed"
    try:
        state = replay_match(match)
    except engine.IllegalMove as exc:
        return f"a stored move is refused on replay: {exc.reason}"
    if state != match.state:
        return "the stored state differs from the replay"
    if match.version != match.moves.count():
        return f"version {match.version} but {match.moves.count()} moves stored"
    return None


CORE_FILES = [Path(__file__).resolve().parent.parent / "templates" / "core",
              Path(__file__).resolve().parent.parent / "templatetags"]


@functools.cache
def code_fingerprint(game_slug: str) -> str:
    """A short hash of the game's code and templates (and core's replay templates and tags), as
    they are on disk when this process first asks. Stored snapshots and rendered steps carry it,
    so after an upgrade nobody is served a state shaped by older rules or a board drawn by
    older templates."""
    package = type(registry().game(game_slug)).__module__.split(".")[0]
    folders = [Path(folder) for folder in importlib.import_module(package).__path__] + CORE_FILES
    digest = hashlib.sha256()
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.suffix in (".py", ".html") and path.is_file():
                stat = path.stat()
                digest.update(f"{path.name}:{stat.st_size}:{stat.st_mtime_ns};".encode())
    return digest.hexdigest()[:12]


def cache_key(kind: str, match: Match, ply: int) -> str:
    """The seed is part of the key: a finished match never changes, and a reused primary key (a
    database restored or recreated) cannot serve another match's states."""
    return f"replay-{kind}:{match.pk}:{match.seed}:{code_fingerprint(match.game_slug)}:{ply}"


def _snapshot_key(match: Match, ply: int) -> str:
    return cache_key("state", match, ply)


def state_at(match: Match, ply: int):
    """The state after ``ply`` moves of a finished match, from the nearest stored snapshot.

    Every ``REPLAY_SNAPSHOT_EVERY`` plies the state is kept in the ``replays`` cache, so once a
    replay has been shown, any step applies at most that many moves and reads only those moves
    from the database. Snapshots missing from the cache (first visit, or evicted) are rebuilt
    from the nearest one that is still there, and stored again on the way. Raises
    :class:`ReplayBroken` when the log no longer replays up to ``ply``.
    """
    every = settings.REPLAY_SNAPSHOT_EVERY
    snapshots = caches["replays"]
    wanted = [(block * every) for block in range(ply // every, 0, -1)]
    found = snapshots.get_many([_snapshot_key(match, p) for p in wanted])
    base, state = 0, None
    for p in wanted:
        if _snapshot_key(match, p) in found:
            base, state = p, found[_snapshot_key(match, p)]
            break
    game = registry().game(match.game_slug)
    if state is None:
        state = _opening(game, match)
    if base and match.moves.filter(ply__gt=base, ply__lte=ply, payload=UNDO).exists():
        # a take-back may return to a state before the snapshot: replay from the opening
        base, state = 0, _opening(game, match)
    moves = match.moves.filter(ply__gt=base, ply__lte=ply).order_by("ply").values_list("seat", "payload")
    fresh = {}
    for step, after in replayed_steps(game, state, moves, match.seed, base + 1):
        state = after
        if step % every == 0:
            fresh[_snapshot_key(match, step)] = state
    if fresh:
        snapshots.set_many(fresh, timeout=None)
    return state
