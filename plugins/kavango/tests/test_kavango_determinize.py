"""Bots decide from what their seat may know: Kavango samples full tables from one seat's view."""

import pytest
from kavango.bots import Warden
from kavango.testing import GAME, new_game, to_draft

from core.engine import decide
from core.engine.rng import rng_for
from core.engine.testing_bots import check_determinize


@pytest.mark.parametrize(
    "players,options,seats",
    [
        (2, {"lodges": True, "golden_lodge": True}, [{"difficulty": "maximum"}, {"difficulty": "lodges"}]),
        (1, {"lodges": True}, [{"difficulty": "intermediate"}]),
        (3, {"lodges": False, "expert_deal": False}, None),
    ],
)
def test_samples_keep_the_seats_view_moves_and_cards(players, options, seats):
    """At many plies of a random game, for every seat: same view, same legal moves, who is to act,
    every card exactly once (the kit's checks)."""
    assert check_determinize(GAME, players, seed=7, options=options, seat_options=seats, every=15) > 100


def test_warden_chooses_the_same_whatever_it_cannot_see():
    """Two tables that differ only in the other player's hand and the decks: Warden, deciding
    from its view, drafts the same card in both."""
    state = to_draft(new_game(2, lodges=True))
    other = dict(state, hands=[list(state["hands"][0]), list(state["decks"]["C"][:15])])
    other["decks"] = dict(state["decks"], C=state["hands"][1] + state["decks"]["C"][15:])
    assert GAME.view(other, 0) == GAME.view(state, 0) and other["hands"][1] != state["hands"][1]
    moves = [decide(Warden(), GAME, s, 0, rng_for(3, 1)) for s in (state, other)]
    assert moves[0] == moves[1]
