"""Applying moves safely, replaying a match from its log, cleaning options."""

from __future__ import annotations

import copy
import marshal
from collections.abc import Iterable
from typing import Any

from .errors import IllegalMove, MalformedMove
from .fields import check_payload
from .game import Game, Move, OptionError, State, players_wanted
from .rng import rng_for


def play(game: Game, state: State, seat: int, move: Any, ply: int, seed: int | str) -> State:
    """Apply one move of ``seat`` as the ``ply``-th move of the match; return the new state.

    The game receives a deep copy, so on IllegalMove the caller's state is untouched.
    """
    _check_turn(game, state, seat, move)
    return game.apply(copy_json(state), seat, copy_json(move), rng_for(seed, ply))


def play_owned(game: Game, state: State, seat: int, move: Any, ply: int, seed: int | str) -> State:
    """Apply a move to a state the caller owns and never looks at again if the move is refused.

    A playout or a search rollout makes every state it plays through itself and keeps none but
    the latest, so copying the whole state before each move (what :func:`play` does, so that a
    refused move provably changes nothing) would protect nothing anyone can see: the move is
    applied to ``state`` in place. On IllegalMove ``state`` may be half changed and must be
    dropped, as the playout does by ending with the error. The move itself is still copied, so
    the state never shares a list with the bot that chose it. Same seed and moves, same states
    as :func:`play`.
    """
    _check_turn(game, state, seat, move)
    return apply_owned(game, state, seat, move, ply, seed)


def apply_owned(game: Game, state: State, seat: int, move: Any, ply: int, seed: int | str) -> State:
    """:func:`play_owned` for a caller that has just taken ``seat`` from ``game.to_act(state)``
    (a playout does, every ply), so that asking whose turn it is again would only repeat it."""
    return game.apply(state, seat, copy_json(move), rng_for(seed, ply))


def play_move(
    game: Game, state: State, seat: int, move: Any, ply: int, seed: int | str
) -> tuple[State, Move]:
    """Apply a move that came from outside; return the new state and the move to store.

    The payload is checked first (:func:`~core.engine.fields.check_payload`: plain JSON, small,
    shallow, valid Unicode). The handler then reads a :class:`ReadMove`, which notes the fields
    it looked at, and only those are stored: extra fields a client sends never reach the
    append-only move log. The trimmed move is applied once more and must give the same state
    (it does whenever the game reads its moves through the mapping); if it does not, the whole
    checked move is stored, so the log always replays to the state. Raises IllegalMove (or
    MalformedMove) and changes nothing when the move is refused.
    """
    check_payload(move)
    _check_turn(game, state, seat, move)
    read = ReadMove(move)
    after = game.apply(copy_json(state), seat, read, rng_for(seed, ply))
    stored = read.as_read()
    if stored != move:
        try:
            again = game.apply(copy_json(state), seat, copy_json(stored), rng_for(seed, ply))
        except IllegalMove:
            again = None
        if again != after:
            stored = copy_json(move)
    return after, stored


class ReadMove(dict):
    """A private copy of a move that notes which of its fields the game's handler read.

    Reading a field (``move["cell"]``, ``move.get("cell")``, ``"cell" in move`` when present)
    marks it; anything that looks at the move as a whole (iterating, ``len``, ``==``, items,
    copying) marks every field. :meth:`as_read` gives the sent values of the marked fields.
    """

    def __init__(self, move: Move):
        self._sent = copy_json(move)
        super().__init__(copy_json(move))
        self._read: set[str] = set()

    def as_read(self) -> Move:
        return {key: value for key, value in self._sent.items() if key in self._read}

    def _all(self) -> None:
        self._read.update(self._sent)

    def __getitem__(self, key):
        self._read.add(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        if dict.__contains__(self, key):
            self._read.add(key)
        return super().get(key, default)

    def __contains__(self, key) -> bool:
        found = super().__contains__(key)
        if found:
            self._read.add(key)
        return found

    def pop(self, key, *default):
        self._read.add(key)
        return super().pop(key, *default)

    def __iter__(self):
        self._all()
        return super().__iter__()

    def __len__(self) -> int:
        self._all()
        return super().__len__()

    def __eq__(self, other) -> bool:
        self._all()
        return super().__eq__(other)

    def __ne__(self, other) -> bool:
        self._all()
        return super().__ne__(other)

    __hash__ = None

    def keys(self):
        self._all()
        return super().keys()

    def values(self):
        self._all()
        return super().values()

    def items(self):
        self._all()
        return super().items()

    def copy(self) -> dict:
        self._all()
        return dict(super().items())

    def __reduce_ex__(self, protocol):
        self._all()
        return dict, (dict(super().items()),)


def _check_turn(game: Game, state: State, seat: int, move: Any) -> None:
    if not isinstance(move, dict):
        raise MalformedMove("A move must be an object with a 'type'.")
    if seat not in game.to_act(state):
        if game.result(state) is not None:
            raise IllegalMove("The game is over.")
        raise IllegalMove("It is not your turn.")


#: marshal format 2 writes every object out in full (format 3 and later refer back to objects
#: already written), so a copy never shares a list or dict between two places, just as a copy
#: through JSON would not.
_UNSHARED = 2


#: The exact types a JSON scalar has in Python (subclasses go the general way).
_SCALARS = frozenset({str, int, float, bool, type(None)})


def copy_json(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, tuples, scalars).

    The engine copies the whole state before every move (so a refused move changes nothing),
    which made the copy the largest cost of a move in profiles. The standard library's marshal
    writes and reads these types in C, two to three times faster than walking the data in
    Python; a value marshal cannot write (any other object, or a subclass such as a
    :class:`ReadMove`) is copied by :func:`_copy_tree` instead.

    A dict of plain scalars only (most moves: a type and a few numbers or names, copied every
    ply) is copied with ``dict``, three times faster again than writing it out and reading it
    back: its values cannot be changed in place, so a new dict of them is a full copy.
    """
    if type(value) is dict:
        for item in value.values():
            if type(item) not in _SCALARS:
                break
        else:
            return dict(value)
    try:
        return marshal.loads(marshal.dumps(value, _UNSHARED))
    except ValueError:
        return _copy_tree(value)


def _copy_tree(value: Any) -> Any:
    """The same copy walked in Python: dicts and lists rebuilt, scalars kept, anything else
    deep-copied."""
    if isinstance(value, dict):
        return {k: _copy_tree(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_tree(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return copy.deepcopy(value)


def start(
    game: Game,
    seed: int | str,
    players: int,
    options: dict[str, Any],
    seat_options: list[dict[str, Any]],
) -> State:
    """The initial state, built with the ply-0 generator."""
    return game.setup(players, copy_json(options), copy_json(seat_options), rng_for(seed, 0))


def replay(
    game: Game,
    seed: int | str,
    players: int,
    options: dict[str, Any],
    seat_options: list[dict[str, Any]],
    moves: Iterable[tuple[int, Move]],
) -> State:
    """Rebuild a state from its seed, options and the (seat, move) log. Ply n = n-th move; a
    take-back in the log (:data:`core.engine.undo.UNDO`) returns to the state before its seat's
    latest move."""
    from .undo import steps

    state = start(game, seed, players, options, seat_options)
    for _ply, after in steps(game, state, moves, seed):
        state = after
    return state


def resolve_options(
    game: Game, players: int, raw: dict[str, Any] | None = None, raw_seats: list[dict] | None = None
) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Clean submitted option values, fill defaults, and let the game veto combinations.

    Returns ``(options, seat_options)`` ready for ``setup``; raises OptionError with a message.
    """
    if not game.min_players <= players <= game.max_players:
        raise OptionError(f"{players_wanted(game)}, not {players}.")
    raw = raw or {}
    raw_seats = list(raw_seats or [])
    raw_seats += [{}] * (players - len(raw_seats))
    options = {
        o.name: o.clean(raw.get(o.name))
        for o in game.options
        if not o.per_seat and o.applies_to(players)
    }
    seat_options = [
        {o.name: o.clean(seat_raw.get(o.name)) for o in game.options if o.per_seat and o.applies_to(players)}
        for seat_raw in raw_seats[:players]
    ]
    game.validate_options(players, options, seat_options)
    return options, seat_options
