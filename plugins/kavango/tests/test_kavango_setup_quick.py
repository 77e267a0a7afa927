"""The quick Sanctuary variant: two deck-C animals dealt to each player, no snake pick."""

from kavango import catalog as cat
from kavango.rules import Kavango

from core.engine import playout, resolve_options
from core.engine.play import play, start

GAME = Kavango()


def choose_all(state, players, seed=4):
    ply = 0
    while state["phase"] == "choose":
        seat = min(GAME.to_act(state))
        ply += 1
        state = play(GAME, state, seat, GAME.legal_moves(state, seat)[0], ply, seed)
    return state


def test_quick_sanctuary_deals_two_c_animals_each_and_starts_round_one():
    options, seat_options = resolve_options(GAME, 3, {"quick_sanctuary": True})
    state = choose_all(start(GAME, 4, 3, options, seat_options), 3)
    assert state["phase"] != "sanctuary"
    for seat in range(3):
        sanctuary = state["p"][seat]["sanctuary"]
        assert len(sanctuary) == 2
        assert all(cat.deck_of(c) == "C" for c in sanctuary)
    assert any("dealt" in line and "Sanctuary" in line for line in state["log"])


def test_without_the_option_the_snake_pick_happens():
    options, seat_options = resolve_options(GAME, 3, {})
    state = choose_all(start(GAME, 4, 3, options, seat_options), 3)
    assert state["phase"] == "sanctuary" and len(state["sanctuary_offer"]) == 8


def test_quick_sanctuary_games_finish():
    run = playout(GAME, 2, seed=9, options={"quick_sanctuary": True})
    assert run.result is not None


def test_without_lodges_the_end_of_choosing_mentions_no_lodge_cards():
    """The log said "the chosen Lodge cards are now shown" at a table without Lodges."""
    for lodges, said in ((False, "Everyone has chosen."),
                         (True, "Everyone has chosen; the chosen Lodge cards are now shown.")):
        options, seat_options = resolve_options(GAME, 2, {"lodges": lodges, "quick_sanctuary": True})
        state = choose_all(start(GAME, 4, 2, options, seat_options), 2)
        assert said in state["log"]
