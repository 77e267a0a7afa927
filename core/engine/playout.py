"""Whole games between bots through the pure engine: for tests, benchmarks and bot ratings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .bots import Bot, RandomBot, decide
from .game import Game, Move, Result, State
from .play import apply_owned, resolve_options, start
from .rng import rng_for


@dataclass
class Playout:
    seed: int | str
    players: int
    options: dict[str, Any]
    seat_options: list[dict[str, Any]]
    moves: list[tuple[int, Move]] = field(default_factory=list)
    state: State | None = None
    result: Result | None = None

    @property
    def plies(self) -> int:
        return len(self.moves)


class PlyCapExceeded(RuntimeError):
    """A game did not finish within the ply cap: a rules bug (a loop) or a cap set too low."""


def playout(
    game: Game,
    players: int,
    seed: int | str = 0,
    options: dict[str, Any] | None = None,
    seat_options: list[dict[str, Any]] | None = None,
    bots: list[Bot] | None = None,
    ply_cap: int = 20000,
) -> Playout:
    """Play one game to the end. Bots move in seat order whenever several seats are to act.

    Bots draw from their own generator (seed, "bot", ply), separate from the rules' generator.
    The playout owns the states it plays through, so moves are applied in place
    (:func:`~core.engine.play.apply_owned`, as :func:`~core.engine.play.play_owned` does once
    the mover is known to be one of ``to_act``, as here): a move the rules refuse ends the
    playout with the error, and no half-changed state is ever returned. Replaying ``moves``
    with :func:`~core.engine.play.replay` gives the same final state.
    """
    options, seat_options = resolve_options(game, players, options, seat_options)
    bots = bots or [RandomBot()] * players
    run = Playout(seed, players, options, seat_options)
    state = start(game, seed, players, options, seat_options)
    bot_seed = f"{seed}:bot"
    for ply in range(1, ply_cap + 2):
        seats = game.to_act(state)
        if not seats:
            break
        if ply > ply_cap:
            raise PlyCapExceeded(f"{game.slug}: no end after {ply_cap} plies (seed {seed})")
        seat = min(seats)
        move = decide(bots[seat], game, state, seat, rng_for(bot_seed, ply))
        state = apply_owned(game, state, seat, move, ply, seed)
        run.moves.append((seat, move))
    run.state = state
    run.result = game.result(state)
    return run
