"""Kit checks for the bot contract: a game's ``determinize`` samples what a seat may imagine.

Call :func:`check_determinize` from a plugin's tests (or let tests/engine/test_determinize.py run
it on every installed game). It plays a seeded random game and, at many plies, for every seat,
checks the promises written in :meth:`core.engine.game.Game.determinize`; the first broken one
fails with the ply and the seat.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from .bots import RandomBot, decide, sampler_for
from .game import Game, State
from .play import play, resolve_options, start
from .rng import rng_for

Material = Callable[[State], Counter]


def check_sample(game: Game, state: State, seat: int, rng: random.Random,
                 material: Material | None = None) -> State:
    """Check one sample of ``seat``'s imagined state against the real ``state``; return it.

    ``material`` counts what must be conserved: the game's own ``material`` unless given."""
    material = material or game.material
    sampler = sampler_for(game, state, seat)
    assert sampler is not None, f"{game.slug} hides things but has no determinize"
    seed = rng.getrandbits(64)
    sample = sampler(random.Random(seed))
    assert json.loads(json.dumps(sample)) == sample, "a sample must survive a JSON round trip"
    assert sampler(random.Random(seed)) == sample, "same view, seat and rng must give the same sample"
    assert game.view(sample, seat) == game.view(state, seat), "the sample changes what the seat sees"
    assert game.to_act(sample) == game.to_act(state), "the sample changes who is to act"
    assert game.legal_moves(sample, seat) == game.legal_moves(state, seat), \
        "the sample changes the seat's own legal moves"
    for other in game.to_act(sample):
        assert game.legal_moves(sample, other), f"seat {other} is to act in the sample but has no move"
    assert game.result(sample) == game.result(state), "the sample changes the result"
    assert material(sample) == material(state), (
        "the sample does not conserve the material: "
        f"extra {dict(material(sample) - material(state))}, missing {dict(material(state) - material(sample))}"
    )
    return sample


def play_out(game: Game, state: State, seed: int | str, first_ply: int, cap: int) -> None:
    """Random moves from ``state`` until the game ends; fails if it does not end within ``cap``."""
    bot = RandomBot()
    for ply in range(first_ply, first_ply + cap):
        seats = sorted(game.to_act(state))
        if not seats:
            assert game.result(state) is not None, "a finished sample has no result"
            return
        move = decide(bot, game, state, seats[0], rng_for(f"{seed}:sample-bot", ply))
        state = play(game, state, seats[0], move, ply, f"{seed}:sample")
    raise AssertionError(f"a playout from a sample did not end within {cap} plies")


def check_determinize(
    game: Game,
    players: int,
    seed: int | str = 0,
    options: dict[str, Any] | None = None,
    seat_options: list[dict[str, Any]] | None = None,
    every: int = 3,
    playout_every: int = 10,
    ply_cap: int = 20000,
    material: Material | None = None,
) -> int:
    """A seeded random game; every ``every``-th ply, a sample for each seat passes
    :func:`check_sample`, and at every ``playout_every``-th such check one sample is played to
    the end (the first check included).

    ``material`` counts what must be conserved (default: :meth:`Game.material`). Returns the
    plies played.
    """
    options, seat_options = resolve_options(game, players, options, seat_options)
    state = start(game, seed, players, options, seat_options)
    rng = rng_for(f"{seed}:determinize", 0)
    ply = checks = 0
    while True:
        if ply % every == 0:
            for seat in range(players):
                try:
                    sample = check_sample(game, state, seat, rng, material)
                except AssertionError as exc:
                    raise AssertionError(f"{game.slug} seed {seed} ply {ply} seat {seat}: {exc}") from exc
            if checks % playout_every == 0:
                play_out(game, sample, f"{seed}:{ply}", ply + 1, ply_cap)
            checks += 1
        seats = sorted(game.to_act(state))
        if not seats:
            return ply
        assert ply < ply_cap, f"{game.slug}: the game did not end within {ply_cap} plies"
        ply += 1
        move = decide(RandomBot(), game, state, seats[0], rng_for(f"{seed}:bot", ply))
        state = play(game, state, seats[0], move, ply, seed)
