"""No bot can peek: given two states that differ only in what its seat cannot see, every bot of
every game that hides things (and implements determinize) picks the same move with the same seed.

The second state is a sample of the first one's information set, so by the determinize contract
it shows the seat the same view; new games and new bots are covered automatically.
"""

from __future__ import annotations

import random

import pytest

from core.engine import RandomBot, decide, rng_for
from core.engine.bots import Bot, NoisyBot, peeks, sampler_for
from core.engine.game import Game
from core.engine.play import play, resolve_options, start
from core.engine.search import SearchBot
from core.plugins import build_registry, discover_apps

from .higher_card import HigherCard

REGISTRY = build_registry(discover_apps())
FIXTURE_BOTS = [RandomBot(), NoisyBot(RandomBot(), 0.5, "noisy", "Noisy"), SearchBot("higher_card", iterations=60)]
CHECKED_PLIES = 6


def fair_cases():
    cases = [pytest.param(HigherCard(), FIXTURE_BOTS, id="higher_card")]
    for slug, game in sorted(REGISTRY.games.items()):
        if game.hidden_information and game.implements_determinize():
            bots = [b for b in REGISTRY.bots_for(slug).values() if not isinstance(b, SearchBot)]
            # the hard bot's search, on an iteration budget only (so its answer cannot depend on
            # timing) and with random rollouts to keep it quick; its heuristic is checked above
            bots.append(SearchBot(slug, rollout=RandomBot(), iterations=3, anchored=True))
            cases.append(pytest.param(game, bots, id=slug))
    return cases


def states_along_a_game(game, players, seed, limit):
    """States every few plies of one random game."""
    options, seat_options = resolve_options(game, players)
    state, ply, found = start(game, seed, players, options, seat_options), 0, []
    while game.to_act(state) and len(found) < limit:
        seat = min(game.to_act(state))
        if ply % 3 == 0:
            found.append((state, seat))
        ply += 1
        state = play(game, state, seat, decide(RandomBot(), game, state, seat, rng_for(seed, ply)), ply, seed)
    return found


@pytest.mark.parametrize("game, bots", fair_cases())
def test_the_same_view_gives_the_same_move(game, bots):
    players = max(game.min_players, min(game.max_players, 2))
    differing = 0
    for n, (state, seat) in enumerate(states_along_a_game(game, players, f"fair-{game.slug}", CHECKED_PLIES)):
        other = sampler_for(game, state, seat)(random.Random(n))
        assert game.view(other, seat) == game.view(state, seat)
        differing += other != state
        for bot in bots:
            real = decide(bot, game, state, seat, rng_for(f"fair-{bot.name}", n))
            imagined = decide(bot, game, other, seat, rng_for(f"fair-{bot.name}", n))
            assert real == imagined, f"{bot.name} at state {n} moved by what seat {seat} cannot see"
    assert differing, "no two checked states differed in hidden information"


class Peeker(Bot):
    """A bot from before the view contract that reads the other hand: plays its highest card if
    the other seat's best card is low, its lowest otherwise."""

    name = "peeker"

    def choose(self, game, state, seat, rng):
        hand = sorted(state["hands"][seat])
        other = max((c[1] for c in state["hands"][1 - seat]), default="0")
        return {"type": "play", "card": hand[-1] if other <= "2" else hand[0]}


class Blind(HigherCard):
    """Higher card without determinize: bots from before the view contract still see everything."""

    determinize = Game.determinize


def moves_on_swapped_hands(game):
    """Peeker's move at the start of 30 deals, and with seat 1's hand and the stack dealt differently."""
    pairs = []
    for k in range(30):
        state = HigherCard().setup(2, {}, [{}, {}], rng_for(f"swap-{k}", 0))
        hidden = state["hands"][1] + state["stack"]
        swapped = {**state, "hands": [state["hands"][0], hidden[-3:]], "stack": hidden[:-3]}
        pairs.append((decide(Peeker(), game, state, 0, rng_for("p", k)),
                      decide(Peeker(), game, swapped, 0, rng_for("p", k))))
    return pairs


def test_a_peeking_bot_is_caught_only_where_the_game_cannot_sample():
    assert peeks(Peeker(), Blind()) and not peeks(Peeker(), HigherCard())
    assert any(a != b for a, b in moves_on_swapped_hands(Blind()))
    assert all(a == b for a, b in moves_on_swapped_hands(HigherCard()))
