"""Taking back a move within your own turn, with the move log still append-only.

A misclick should not be final, but a take-back must never let a player learn something and
then pretend they had not: the move may be taken back only while its player is still to act,
no other seat has moved since, it drew nothing by chance and it showed its player nothing that
was hidden from them before (no id left their ``secrets``). A move that showed the others one
of the player's own hidden pieces (a tile laid from the hand) may be taken back: what the
others saw, they keep, which costs only the player who takes it back. A game names the move types
its rules allow to be taken back (:attr:`Game.undoable`); this module decides the rest.

The log records a take-back as a move of its own, :data:`UNDO`, by the seat that takes back:
replaying a log (:func:`steps`) keeps the states before the current run of one seat's moves
and an ``UNDO`` returns to the one before the latest of them. So the log only ever grows,
every ply number stays what it was when it was played, and a replay is as exact as before.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from .errors import IllegalMove
from .game import Game, Move, State
from .play import copy_json, play
from .rng import rng_for

UNDO: Move = {"type": "undo"}


def is_undo(move: Move) -> bool:
    return isinstance(move, dict) and move == UNDO


def steps(game: Game, state: State, log: Iterable[tuple[int, Move]], seed: int | str,
          first_ply: int = 1) -> Iterator[tuple[int, State]]:
    """(ply, state after it) for each entry of ``log`` played from ``state``, take-backs
    included. Raises IllegalMove for a take-back with nothing of that seat's to take back."""
    before: list[State] = []
    mover = None
    for ply, (seat, move) in enumerate(log, start=first_ply):
        if is_undo(move):
            if seat != mover or not before:
                raise IllegalMove("There is no move of yours to take back.")
            state = before.pop()
        else:
            if seat != mover:
                before = []
            before.append(state)
            state = play(game, state, seat, move, ply, seed)
            mover = seat
        yield ply, state


def refusal(game: Game, before: State, after: State, seat: int, move: Move, ply: int,
            seed: int | str) -> str | None:
    """Why ``move`` (the ``ply``-th, which led from ``before`` to ``after``) cannot be taken
    back, or None when it can."""
    if move.get("type") not in game.undoable:
        return "That kind of move cannot be taken back."
    if seat not in game.to_act(after) or game.result(after) is not None:
        return "Your turn has passed."
    rng = rng_for(seed, ply)
    game.apply(copy_json(before), seat, copy_json(move), rng)
    if rng.drawn_from:
        return "That move was left to chance, so it stands."
    if game.secrets(before, seat) - game.secrets(after, seat):
        return "That move showed you something that was hidden, so it stands."
    return None
