"""The plugin test-kit: conformance checks any game can run on itself, shipped in the wheel.

Everything here is pure Python (no Django, no pytest, no hypothesis), so a plugin developed in
its own repository checks its game with the same code the portal's own suite uses, the way
OpenSpiel ships its conformance test as a library. Each ``check_*`` function raises
``AssertionError`` with the ply and seat that broke the contract; :mod:`core.pytest_plugin`
turns them into pytest tests with one line (``TestContract = meeplehall_contract("mygame")``).

What the contract asks of a game, and the function that checks it:

- :func:`check_metadata`: a slug, a name, a summary, a sensible player range, default options.
- :func:`random_playout`: seeded random games at every player count and every option value
  (:func:`configs`) finish within a ply cap; at every (or every n-th) ply the state and every
  seat's view survive a JSON round trip and no view shows a secret (:func:`check_position`).
- :func:`check_result` and :func:`check_replay`: the end has a well-formed result, and replaying
  the seed and move log rebuilds the final state exactly.
- :func:`check_hidden_information`: a view is unchanged when only what that seat cannot see
  changes: other hands, deck order, unrevealed picks are swapped around (:func:`hidden_variants`).
  This finds bare card numbers and values computed from hidden cards, which an id scan misses.
- :func:`check_legal_moves_accepted`: every listed legal move is accepted.
- :func:`fuzz_payloads`: junk payloads (random types, a legal move with one field spoiled, a
  field missing or added, the wrong seat) raise IllegalMove only and never change the state.

Building positions by hand: :class:`Table` (a started game and a ply counter, applying moves the
way a match does). Golden playthroughs: :func:`transcript` and :func:`check_golden`.
"""

from __future__ import annotations

import copy
import difflib
import json
import os
import random
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from .bots import Bot
from .errors import IllegalMove
from .game import Game, Move, OptionError, State
from .play import copy_json, play, replay, resolve_options, start
from .playout import playout
from .rng import rng_for
from .secrets import TOKEN, find_leaks

PLY_CAP = 20000
ENTRY_POINT_GROUP = "meeplehall.games"
#: Environment variable that makes :func:`check_golden` rewrite transcripts instead of comparing.
GOLDEN_ENV = "MEEPLEHALL_GOLDEN"


# -------------------------------------------------------------------------------------------
# Which games to play: every player count and every option value
# -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Config:
    """One table set-up: a player count and the raw options a create-table form would send."""

    players: int
    options: dict[str, Any] = field(default_factory=dict)
    seat_options: list[dict[str, Any]] = field(default_factory=list)

    @property
    def plain(self) -> bool:
        """True for the default options (no option chosen)."""
        return not self.options and not self.seat_options

    @property
    def label(self) -> str:
        chosen = json.dumps(self.options or (self.seat_options[0] if self.seat_options else {}),
                            sort_keys=True)
        return f"{self.players}p" if self.plain else f"{self.players}p-{chosen[:50]}"

    def resolve(self, game: Game) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        return resolve_options(game, self.players, self.options, self.seat_options)


def option_values(option) -> list[Any]:
    """The values worth playing for one declared option: both for a yes/no, the ends of a range,
    every choice."""
    if option.kind == "bool":
        return [True, False]
    if option.kind == "int":
        return [option.min, option.max]
    return [value for value, _label in option.choices]


def configs(game: Game) -> list[Config]:
    """Every player count with default options, then each value of each option once, at the
    first player count the option applies to and the game accepts."""
    found = [Config(players) for players in range(game.min_players, game.max_players + 1)]
    for option in game.options:
        for value in option_values(option):
            for players in range(game.min_players, game.max_players + 1):
                if not option.applies_to(players):
                    continue
                config = (Config(players, seat_options=[{option.name: value}] * players)
                          if option.per_seat else Config(players, {option.name: value}))
                try:
                    config.resolve(game)
                except OptionError:
                    continue
                found.append(config)
                break
    return found


def fuzz_players(game: Game) -> int:
    """The player count whose positions are fuzzed: the most players, at most four."""
    return min(game.max_players, 4)


def deep_players(game: Game) -> int:
    """The player count whose default game is checked at every ply (three, or the nearest)."""
    return max(game.min_players, min(3, game.max_players))


# -------------------------------------------------------------------------------------------
# Metadata
# -------------------------------------------------------------------------------------------


def check_metadata(game: Game) -> None:
    """The game describes itself well enough for the lobby, and its defaults are a valid table."""
    assert re.fullmatch(r"[a-z][a-z0-9_]*", game.slug or ""), f"bad slug {game.slug!r}"
    assert game.name and game.summary, f"{game.slug}: give the game a name and a summary"
    assert 1 <= game.min_players <= game.max_players, f"{game.slug}: bad player range"
    names = [option.name for option in game.options]
    assert len(names) == len(set(names)), f"{game.slug}: two options share a name"
    for players in range(game.min_players, game.max_players + 1):
        resolve_options(game, players)
    assert game.known_move_types(), f"{game.slug}: no move_<type> handlers"


def check_entry_point(game: Game) -> None:
    """The installed distribution names the game's package under ``meeplehall.games`` with the
    game's slug as the entry-point name (one name everywhere)."""
    package = type(game).__module__.split(".")[0]
    names = [ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)
             if ep.value.split(":")[0].split(".")[0] == package]
    assert names, f"{game.slug}: no {ENTRY_POINT_GROUP} entry point names package {package!r}"
    assert names == [game.slug], f"{game.slug}: the entry point is called {names}, not the slug"


# -------------------------------------------------------------------------------------------
# Random playouts, views and secrets
# -------------------------------------------------------------------------------------------


def roundtrip(value: Any) -> Any:
    return json.loads(json.dumps(value))


def random_move(game: Game, state: State, seat: int, rng: random.Random) -> Move:
    """A uniformly random legal move (what the random bot plays), failing if there is none."""
    legal = game.legal_moves(state, seat)
    assert legal, f"{game.slug}: seat {seat} is to act but has no legal move"
    return rng.choice(legal)


@dataclass
class Run:
    """A finished random playout: enough to replay it and to look at the states it went through."""

    game: Game
    seed: int | str
    players: int
    options: dict[str, Any]
    seat_options: list[dict[str, Any]]
    moves: list[tuple[int, Move]]
    state: State


def random_playout(
    game: Game, config: Config, seed: int | str = 0, every: int = 1, hidden_every: int = 1,
    ply_cap: int = PLY_CAP, *, views: bool = True, hidden: bool = True,
) -> Run:
    """Play ``config`` to the end with random moves, checking :func:`check_position` at every
    ``every``-th ply (with the hidden-information swaps at every ``hidden_every``-th of those)
    and at the end. ``views=False`` leaves out the JSON and secret checks, ``hidden=False`` the
    swaps; with neither it is a bare game, whose end and replay are still checked by the caller."""
    options, seat_options = config.resolve(game)
    state = start(game, seed, config.players, options, seat_options)
    moves: list[tuple[int, Move]] = []
    rng = random.Random(f"{seed}:kit")
    while True:
        to_act = sorted(game.to_act(state))
        ply = len(moves)
        if (views or hidden) and (ply % every == 0 or not to_act):
            swaps = hidden and (not to_act or (ply // every) % hidden_every == 0)
            check_position(game, state, config.players, ply, rng, swaps, views=views)
        if not to_act:
            break
        assert ply < ply_cap, f"{game.slug}: no end within {ply_cap} plies (seed {seed})"
        seat = to_act[0]
        move = random_move(game, state, seat, rng_for(f"{seed}:bot", ply + 1))
        state = play(game, state, seat, move, ply + 1, seed)
        moves.append((seat, move))
    return Run(game, seed, config.players, options, seat_options, moves, state)


def check_takebacks(game: Game, run: Run) -> int:
    """Along ``run``, every move of a type the game declares undoable that the framework lets
    its player take back (:func:`core.engine.undo.refusal`) is taken back exactly: the log with a
    take-back after it replays to the state before it. Returns how many there were."""
    from .undo import UNDO, refusal, steps

    state = start(game, run.seed, run.players, run.options, run.seat_options)
    allowed = 0
    for ply, (seat, move) in enumerate(run.moves, start=1):
        after = play(game, state, seat, move, ply, run.seed)
        if move.get("type") in game.undoable and refusal(
                game, state, after, seat, move, ply, run.seed) is None:
            taken = list(steps(game, state, [(seat, move), (seat, UNDO)], run.seed, ply))
            assert taken[-1][1] == state, f"{game.slug}: taking back move {ply} ({move}) differs"
            allowed += 1
        state = after
    return allowed


def player_count(game: Game, state: State) -> int:
    """How many seats play in ``state``: the largest count whose seats all have a view."""
    for players in range(game.max_players, game.min_players - 1, -1):
        try:
            game.view(state, players - 1)
        except (IndexError, KeyError):
            continue
        return players
    return game.min_players


def viewers(players: int) -> list[int | None]:
    """Every seat and the spectators (``None``)."""
    return [None, *range(players)]


def check_position(
    game: Game, state: State, players: int, ply: int | None = None,
    rng: random.Random | None = None, hidden: bool = True, *, views: bool = True,
) -> None:
    """At one position: (with ``views``) the state and every view survive JSON and no view names
    a secret, and (with ``hidden``) no view changes when only hidden things change."""
    where = f"{game.slug} ply {ply}" if ply is not None else game.slug
    if views:
        assert roundtrip(state) == state, f"{where}: the state must survive a JSON round trip"
    rng = rng or random.Random(0)
    places = card_places(game, state, players) if hidden else []
    for seat in viewers(players):
        view = game.view(state, seat)
        if views:
            assert roundtrip(view) == view, f"{where}: seat {seat}'s view must survive JSON"
            check_secrets(game, state, seat, view, where)
        if hidden:
            check_hidden_information(game, state, seat, players, rng, 1, where, places, view)


def check_secrets(game: Game, state: State, seat: int | None, view: dict | None = None,
                  where: str = "") -> None:
    """No secret id of ``seat`` in its view, nor the bare code of one ("H07" for "customer-H07")."""
    view = game.view(state, seat) if view is None else view
    text = json.dumps(view)
    hidden = game.secrets(state, seat)
    leaks = find_leaks(text, hidden)
    assert not leaks, f"{where or game.slug}: seat {seat} can see {leaks[:5]}"
    codes = {code: secret for secret in hidden if (code := bare_code(secret))}
    shown = sorted(codes[c] for c in set(TOKEN.findall(text)) & set(codes))
    assert not shown, f"{where or game.slug}: seat {seat} can see the bare codes of {shown[:5]}"


def bare_code(secret: str) -> str | None:
    """The distinctive part of an id after its kind, when it mixes letters and digits
    (``customer-H07`` -> ``H07``); pure numbers are too common in a view to scan for as text,
    :func:`check_hidden_information` covers those."""
    kind, _dash, code = secret.rpartition("-")
    if kind and re.fullmatch(r"[A-Za-z]+\d+", code):
        return code
    return None


# -------------------------------------------------------------------------------------------
# Hidden information: swapping what a seat cannot see must not change what it sees
# -------------------------------------------------------------------------------------------

Path_ = tuple[Any, ...]


def _leaves(value: Any, path: Path_ = ()) -> Iterator[tuple[Path_, Any]]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaves(item, (*path, index))
    else:
        yield path, value


def _shape(path: Path_) -> Path_:
    """A place with list positions blanked: every card of one hand or deck has the same shape."""
    return tuple("#" if isinstance(part, int) else part for part in path)


def _family(secret: str) -> str:
    """The kind of a secret id: the id without its trailing number (``room-006`` -> ``room``)."""
    return re.sub(r"[-_]?\d+$", "", secret) or secret


def _card_names(game: Game, state: State, players: int) -> dict[str, str]:
    """How a card is written in the state -> its secret id. Ids are usually stored as they are;
    some games store the bare number or code (``18`` for ``snack-18``): a kind of card none of
    whose ids is stored in full is looked for by its code."""
    secrets = set().union(*(game.secrets(state, seat) for seat in viewers(players)))
    stored = {value for _path, value in _leaves(state) if isinstance(value, str)}
    in_full = {_family(secret) for secret in secrets & stored}
    names = {secret: secret for secret in secrets}
    for secret in sorted(secrets):
        kind, _dash, code = secret.rpartition("-")
        if kind and code and _family(secret) not in in_full:
            names.setdefault(code, secret)
    return names


def card_places(game: Game, state: State, players: int) -> list[tuple[Path_, str]]:
    """Every place in the state holding a card someone cannot see, with that card's secret id.

    A place counts when every value of its shape (all cards of those hands, of that deck) is a
    secret of some seat, written in full or as a bare number, so a score that happens to equal
    a card number is left alone.
    """
    names = _card_names(game, state, players)
    by_shape: dict[Path_, list[tuple[Path_, Any]]] = {}
    for path, value in _leaves(state):
        if value is None or not isinstance(value, bool) and isinstance(value, (str, int)):
            by_shape.setdefault(_shape(path), []).append((path, value))
    found, claimed = [], set()
    for places in sorted(by_shape.values(), key=len, reverse=True):
        cards = [(path, value) for path, value in places if value is not None]
        written = [str(value) for _path, value in cards]
        if not cards or not all(name in names for name in written):
            continue
        if any(isinstance(value, int) for _path, value in cards):
            # Bare numbers: each card lies in one place, so a group of numbers that repeats
            # itself or a card already placed elsewhere (scores, counts) is no group of cards.
            if len(set(written)) < len(written) or claimed & set(written):
                continue
            claimed |= set(written)
        found += [(path, names[name]) for (path, _value), name in zip(cards, written, strict=True)]
    return found


def hidden_places(game: Game, state: State, seat: int | None, players: int,
                  places: list[tuple[Path_, str]] | None = None) -> list[tuple[Path_, str]]:
    """The :func:`card_places` whose card ``seat`` cannot see."""
    mine = game.secrets(state, seat)
    places = card_places(game, state, players) if places is None else places
    return [(path, secret) for path, secret in places if secret in mine]


def _set(state: State, path: Path_, value: Any) -> None:
    target = state
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value


def _get(state: State, path: Path_) -> Any:
    for part in path:
        state = state[part]
    return state


def hidden_variants(game: Game, state: State, seat: int | None, players: int,
                    rng: random.Random, count: int = 1,
                    places: list[tuple[Path_, str]] | None = None) -> list[State]:
    """States that differ from ``state`` only in what ``seat`` cannot see.

    Hidden places of one shape (the cards of other hands, a deck) are shuffled among themselves,
    and hidden cards of one kind are also swapped between places of different shapes (a card in
    another hand with one in the deck), so every public count stays as it was.
    """
    places = hidden_places(game, state, seat, players, places)
    if len(places) < 2:
        return []
    shape = {path: _shape(path) for path, _secret in places}
    by_shape: dict[Path_, list[Path_]] = {}
    by_family: dict[str, list[Path_]] = {}
    for path, secret in places:
        by_shape.setdefault(shape[path], []).append(path)
        by_family.setdefault(_family(secret), []).append(path)
    across = [paths for paths in by_family.values() if len({shape[p] for p in paths}) > 1]
    variants = []
    for _ in range(count):
        variant = copy_json(state)
        for paths in by_shape.values():
            values = [_get(state, p) for p in paths]
            rng.shuffle(values)
            for path, value in zip(paths, values, strict=True):
                _set(variant, path, value)
        for paths in across:
            a, b = rng.sample(paths, 2)
            first, second = _get(variant, a), _get(variant, b)
            _set(variant, a, second)
            _set(variant, b, first)
        if variant != state:
            variants.append(variant)
    return variants


def check_hidden_information(game: Game, state: State, seat: int | None, players: int,
                             rng: random.Random | None = None, count: int = 1,
                             where: str = "", places: list[tuple[Path_, str]] | None = None,
                             seen: dict[str, Any] | None = None) -> None:
    """``seat``'s view and legal moves stay the same when only what it cannot see changes.

    This is the check for values derived from hidden information: a bare card number, a
    hand's total, a "can afford" flag computed from another seat's cards.
    """
    rng = rng or random.Random(0)
    variants = hidden_variants(game, state, seat, players, rng, count, places)
    if not variants:
        return
    seen = game.view(state, seat) if seen is None else seen
    legal = game.legal_moves(state, seat) if seat is not None else []
    for variant in variants:
        other = game.view(variant, seat)
        assert other == seen, (
            f"{where or game.slug}: seat {seat}'s view changes when only what it cannot see "
            f"changes: {_first_difference(seen, other)}"
        )
        if seat is not None:
            assert game.legal_moves(variant, seat) == legal, (
                f"{where or game.slug}: seat {seat}'s legal moves depend on what it cannot see"
            )


def _first_difference(a: Any, b: Any, path: str = "view") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}[{key!r}]")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_difference(x, y, f"{path}[{index}]")
    return f"{path} was {json.dumps(a)[:80]}, becomes {json.dumps(b)[:80]}"


# -------------------------------------------------------------------------------------------
# The end of a game
# -------------------------------------------------------------------------------------------


def check_result(game: Game, state: State, players: int) -> None:
    """A finished game has a result with a score and a rank per seat, someone first, and it
    survives JSON."""
    assert not game.to_act(state), f"{game.slug}: seats still to act at the end"
    result = game.result(state)
    assert result is not None, f"{game.slug}: no result after the game ended"
    assert len(result.scores) == len(result.ranks) == players, f"{game.slug}: one score per seat"
    assert sorted(result.ranks)[0] == 1, f"{game.slug}: nobody ranks first"
    assert roundtrip(result.to_json()) == result.to_json(), f"{game.slug}: result must be JSON"


def check_replay(run: Run) -> None:
    """Seed, options and move log rebuild the final state exactly (what stored matches rely on)."""
    again = replay(run.game, run.seed, run.players, run.options, run.seat_options, run.moves)
    assert again == run.state, f"{run.game.slug}: a replay of seed {run.seed} differs"


# -------------------------------------------------------------------------------------------
# Positions to probe: states at chosen plies
# -------------------------------------------------------------------------------------------


def states_at(game: Game, plies: Iterable[int], players: int | None = None, seed: int | str = 3,
              options: dict[str, Any] | None = None,
              seat_options: list[dict[str, Any]] | None = None) -> list[State]:
    """The states of one seeded random game after each of ``plies`` moves (0 = the set-up);
    plies past the end of the game are left out."""
    players = players or fuzz_players(game)
    wanted = sorted(set(plies))
    opts, seats = resolve_options(game, players, options, seat_options)
    state = start(game, seed, players, opts, seats)
    found, ply = [], 0
    for target in wanted:
        while ply < target and game.to_act(state):
            seat = min(game.to_act(state))
            ply += 1
            state = play(game, state, seat, random_move(game, state, seat, rng_for(seed, -ply)),
                         ply, seed)
        if ply < target:
            break
        found.append(state)
    return found


def sample_plies(every: int = 7, limit: int = 6) -> list[int]:
    """Plies 0, every, 2*every ... (``limit`` of them): a spread of moments in one game."""
    return [every * i for i in range(limit)]


# -------------------------------------------------------------------------------------------
# Moves: the listed ones are accepted, junk is refused cleanly
# -------------------------------------------------------------------------------------------


def check_legal_moves_accepted(game: Game, states: Iterable[State], limit: int = 200) -> int:
    """Every listed legal move (the first ``limit`` per seat) is accepted; returns how many."""
    tried = 0
    for state in states:
        for seat in sorted(game.to_act(state)):
            for move in game.legal_moves(state, seat)[:limit]:
                try:
                    play(game, state, seat, move, 5, 2)
                except IllegalMove as exc:
                    raise AssertionError(
                        f"{game.slug}: listed move {move} of seat {seat} refused: {exc.reason}"
                    ) from None
                tried += 1
    return tried


JUNK_STRINGS = ("", "0", "-1", "1", "x" * 60, "None", "true", "snack-1", "room-001", "type",
                "__class__", "\u00e9\u00e8", " 2 ")


def junk_value(rng: random.Random, depth: int = 0, values: Sequence[Any] = ()) -> Any:
    """A random JSON value, leaning on the shapes that break handlers: wrong types, out-of-range
    numbers, empty and odd strings, nested lists and objects, and the game's own ``values``
    (real card ids, say) where they do not belong."""
    roll = rng.randrange(11 if depth < 2 else 8)
    if roll == 0:
        return None
    if roll == 1:
        return rng.choice([True, False])
    if roll == 2:
        return rng.choice([-1, 0, 1, 2, 3, 7, 99, 10**9, -(10**9)])
    if roll == 3:
        return rng.randint(-5, 70)
    if roll == 4:
        return rng.choice(JUNK_STRINGS)
    if roll == 5:
        return rng.choice([1.5, -0.0, 1e300])
    if roll == 6:
        return "".join(rng.choice("abc-_019XQ") for _ in range(rng.randrange(8)))
    if roll == 7:
        return rng.choice(values) if values else rng.choice(JUNK_STRINGS)
    if roll in (8, 9):
        return [junk_value(rng, depth + 1, values) for _ in range(rng.randrange(4))]
    return {rng.choice(["type", "card", "cell", "slot", "x", ""]): junk_value(rng, depth + 1, values)
            for _ in range(rng.randrange(3))}


def junk_move(game: Game, state: State, players: int, rng: random.Random,
              values: Sequence[Any] = ()) -> tuple[int, Any]:
    """One spoiled (seat, payload): a random type with random fields, or a legal move with one
    field replaced, dropped or added, sometimes sent by a seat that is not to act."""
    to_act = sorted(game.to_act(state))
    seat = rng.choice(to_act) if to_act and rng.random() < 0.8 else rng.randint(-1, players)
    legal = game.legal_moves(state, seat) if seat in to_act else []
    kinds = [*game.known_move_types(), "", "nope", "__class__", "known_move_types", 7, None]
    roll = rng.randrange(6)
    if roll == 0 or not legal:
        move: Any = {"type": rng.choice(kinds)}
        for _ in range(rng.randrange(4)):
            move[rng.choice(["card", "cell", "slot", "index", "cards", "x", "target"])] = (
                junk_value(rng, values=values))
        return seat, move
    if roll == 1:
        return seat, junk_value(rng, values=values)
    move = copy.deepcopy(rng.choice(legal))
    keys = [k for k in move if k != "type"]
    if roll in (2, 3) and keys:
        move[rng.choice(keys)] = junk_value(rng, values=values)
    elif roll == 4 and keys:
        del move[rng.choice(keys)]
    else:
        move[rng.choice(["extra", "type"])] = junk_value(rng, values=values)
    return seat, move


def fuzz_payloads(game: Game, states: list[State], players: int, examples: int = 120,
                  seed: int | str = 0, values: Sequence[Any] = (),
                  listed_types: Iterable[str] = ()) -> int:
    """Send ``examples`` junk payloads at the given positions: each is accepted or refused with
    IllegalMove carrying a reason, and the position is never changed. ``values`` are the game's
    own plausible field values to slip in; a payload of one of ``listed_types`` that is accepted
    must carry the fields of one of the listed legal moves (extra fields may be ignored).
    Returns how many were refused."""
    assert states, f"{game.slug}: no positions to fuzz"
    rng = random.Random(f"{seed}:fuzz")
    listed_types = set(listed_types)
    refused = 0
    for example in range(examples):
        state = states[example % len(states)]
        before = copy.deepcopy(state)
        seat, move = junk_move(game, state, players, rng, values)
        sent = copy.deepcopy(move)
        try:
            play(game, state, seat, move, 99, 1)
        except IllegalMove as exc:
            assert exc.reason and isinstance(exc.reason, str), (
                f"{game.slug}: refusal of {sent} gives no reason")
            refused += 1
        except Exception as exc:
            raise AssertionError(
                f"{game.slug}: seat {seat} sending {json.dumps(sent)[:200]} raised {exc!r}, "
                "not IllegalMove") from exc
        else:
            if isinstance(sent, dict) and sent.get("type") in listed_types:
                assert any(all(sent.get(k) == v for k, v in listed.items())
                           for listed in game.legal_moves(before, seat)), (
                    f"{game.slug}: {json.dumps(sent)[:200]} was accepted but is not listed")
        assert state == before, f"{game.slug}: {json.dumps(sent)[:200]} changed the position"
    return refused


# -------------------------------------------------------------------------------------------
# Building positions by hand
# -------------------------------------------------------------------------------------------


class Table:
    """A game in progress for tests: a state, a ply counter, and the moves played so far.

    ``Table(game, players=3, seed=1, lodges=True)`` starts a game with those options;
    ``Table(game, state=s)`` continues from a state built by hand. ``table(seat, move)`` (or
    ``table.play``) applies a move as the next ply of the match, exactly as the portal would, and
    returns the new state; ``table.arrange(fn)`` edits the state in place to set up a scenario.
    """

    def __init__(self, game: Game, players: int | None = None, seed: int | str = 1, *,
                 state: State | None = None, seat_options: list[dict[str, Any]] | None = None,
                 ply: int = 0, **options: Any):
        self.game, self.seed, self.ply = game, seed, ply
        self.moves: list[tuple[int, Move]] = []
        if state is None:
            players = players or game.min_players
            opts, seats = resolve_options(game, players, options, seat_options)
            state = start(game, seed, players, opts, seats)
        self.state = state

    def play(self, seat: int, move: Move) -> State:
        self.ply += 1
        self.state = play(self.game, self.state, seat, move, self.ply, self.seed)
        self.moves.append((seat, move))
        return self.state

    __call__ = play

    @property
    def to_act(self) -> set[int]:
        return self.game.to_act(self.state)

    @property
    def seat(self) -> int:
        """The one seat to act (the lowest when several may)."""
        return min(self.to_act)

    def legal(self, seat: int | None = None) -> list[Move]:
        return self.game.legal_moves(self.state, self.seat if seat is None else seat)

    def view(self, seat: int | None) -> dict[str, Any]:
        return self.game.view(self.state, seat)

    def result(self):
        return self.game.result(self.state)

    def arrange(self, edit: Callable[[State], Any]) -> Table:
        """Edit the state in place (to set up a scenario); returns the table for chaining."""
        edit(self.state)
        return self

    def play_first(self, seat: int | None = None) -> State:
        """Play the first legal move of ``seat`` (default: the seat to act)."""
        seat = self.seat if seat is None else seat
        return self.play(seat, self.legal(seat)[0])

    def advance(self, until: Callable[[State], bool], choose: Callable[[list[Move]], Move] | None
                = None, limit: int = 1000) -> State:
        """Play moves (the first legal one, or ``choose(legal)``) until ``until(state)`` holds."""
        for _ in range(limit):
            if until(self.state):
                return self.state
            legal = self.legal()
            self.play(self.seat, choose(legal) if choose else legal[0])
        raise AssertionError(f"{self.game.slug}: the position was not reached in {limit} moves")


# -------------------------------------------------------------------------------------------
# Golden playthroughs
# -------------------------------------------------------------------------------------------


def transcript(game: Game, players: int, seed: int | str = 1,
               options: dict[str, Any] | None = None,
               seat_options: list[dict[str, Any]] | None = None,
               bots: list[Bot] | None = None, log_key: str = "log") -> str:
    """A readable record of one seeded game between bots: the set-up, every move, the public
    log and the result. Checked in next to the tests, a rule change shows up as its diff."""
    run = playout(game, players, seed=seed, options=options, seat_options=seat_options, bots=bots)
    lines = [
        f"# {game.name}: {players} player(s), seed {seed}",
        f"# options {json.dumps(run.options, sort_keys=True)}",
        f"# seat options {json.dumps(run.seat_options, sort_keys=True)}",
        "# moves (player: move)",
        *(f"{seat + 1}: {json.dumps(move, sort_keys=True)}" for seat, move in run.moves),
    ]
    if isinstance(run.state.get(log_key), list):
        lines += ["# log", *map(str, run.state[log_key])]
    lines += ["# result", json.dumps(run.result.to_json(), sort_keys=True)]
    return "\n".join(lines) + "\n"


def check_golden(path: str | Path, text: str, write: bool | None = None) -> None:
    """Compare ``text`` with the checked-in transcript at ``path``, showing a diff if it changed.

    The file is written when it does not exist yet, or when ``write`` is true (default: the
    environment variable ``MEEPLEHALL_GOLDEN=write``, or pytest's ``--meeplehall-golden``);
    review the diff before committing it.
    """
    path = Path(path)
    if write is None:
        write = os.environ.get(GOLDEN_ENV) == "write"
    if write or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    expected = path.read_text()
    if expected != text:
        diff = "".join(difflib.unified_diff(expected.splitlines(True), text.splitlines(True),
                                            str(path), "this run", n=2))
        raise AssertionError(
            f"the golden transcript {path.name} changed (accept with {GOLDEN_ENV}=write):\n"
            + diff[:4000])


# -------------------------------------------------------------------------------------------
# Everything at once, for a library user (no pytest needed)
# -------------------------------------------------------------------------------------------


def check_game(game: Game, seeds: int = 2, sample_every: int = 9, fuzz_examples: int = 120) -> None:
    """Run the whole contract on ``game``: what :func:`core.pytest_plugin.meeplehall_contract`
    runs as separate tests, as one call."""
    check_metadata(game)
    for config in configs(game):
        for seed in range(seeds if config.plain else 1):
            deep = seed == 0 and config.plain and config.players == deep_players(game)
            run = random_playout(game, config, seed, every=1 if deep else sample_every,
                                 hidden_every=5 if deep else 1)
            check_result(game, run.state, config.players)
            check_replay(run)
    players = fuzz_players(game)
    states = states_at(game, sample_plies(), players)
    check_legal_moves_accepted(game, states_at(game, sample_plies(), players, seed=11))
    fuzz_payloads(game, states, players, fuzz_examples)
