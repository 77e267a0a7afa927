"""Checking that a stored snapshot equals a replay of its seed, options and move log."""

from __future__ import annotations

from core import engine
from core.engine.play import start
from core.models import Match
from core.plugins import registry


def replay_match(match: Match, upto: int | None = None):
    """The state after ``upto`` moves (all moves if None), rebuilt from the log."""
    game = registry().game(match.game_slug)
    moves = match.move_log()
    if upto is not None:
        moves = moves[:upto]
    return engine.replay(game, match.seed, match.players, match.options, match.seat_options, moves)


def states_by_ply(match: Match):
    """Yield (ply, state) from the initial deal to the end: one replay, every step kept."""
    game = registry().game(match.game_slug)
    state = start(game, match.seed, match.players, match.options, match.seat_options)
    yield 0, state
    for ply, (seat, move) in enumerate(match.move_log(), start=1):
        state = engine.play(game, state, seat, move, ply, match.seed)
        yield ply, state


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
