"""The determinize contract on every installed game that implements it (new games are covered
automatically): samples keep the seat's view, its legal moves and the material, and play on to
a result. Games without hidden information are checked too, since bots sample them the same way.
"""

from __future__ import annotations

import pytest

from core.engine.testing_bots import check_determinize
from core.plugins import build_registry, discover_apps

REGISTRY = build_registry(discover_apps())
SAMPLING = sorted((g for g in REGISTRY.games.values() if g.implements_determinize()), key=lambda g: g.slug)


def player_counts(game):
    return sorted({game.min_players, min(game.max_players, max(game.min_players, 3)), game.max_players})


@pytest.mark.parametrize(
    "game, players",
    [pytest.param(g, n, id=f"{g.slug}-{n}p") for g in SAMPLING for n in player_counts(g)],
)
def test_samples_keep_what_the_seat_knows_at_many_plies(game, players):
    plies = check_determinize(game, players, seed=f"det-{players}", every=6)
    assert plies > 0
