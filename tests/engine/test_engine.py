"""The pure engine: RNG derivation, safe apply, options, leak scanning, shared helpers."""

import gc
import weakref

import pytest

from core.engine import (
    IllegalMove,
    Option,
    OptionError,
    cards,
    find_leaks,
    grid,
    resolve_options,
    rng_for,
    seats,
)
from core.engine.bots import situation_for
from core.engine.game import Game, ranks_by

from .higher_card import HigherCard


def test_rng_depends_on_seed_and_ply_only():
    assert rng_for(5, 3).random() == rng_for(5, 3).random()
    assert rng_for(5, 3).random() != rng_for(5, 4).random()
    assert rng_for(5, 3).random() != rng_for(6, 3).random()


def test_find_leaks_matches_whole_ids_only():
    text = '{"hand": ["snack-17", "snack-2"]}'
    assert find_leaks(text, {"snack-1", "snack-17", "snack-3"}) == ["snack-17"]
    assert find_leaks(text, set()) == []


def test_option_cleaning():
    opt = Option("level", "Level", kind="int", default=1, min=1, max=8)
    assert opt.clean("3") == 3
    assert opt.clean("") == 1
    with pytest.raises(OptionError):
        opt.clean("9")
    flag = Option("golden", "Golden", kind="bool", default=False)
    assert flag.clean("on") is True
    choice = Option("mode", "Mode", choices=(("a", "A"), ("b", "B")), default="a")
    with pytest.raises(OptionError, match="choose one of"):
        choice.clean("c")


def test_resolve_options_fills_defaults_and_per_seat_values():
    class G:
        name, min_players, max_players = "G", 1, 4
        options = (Option("x", "X", kind="int", default=2, min=0, max=5),
                   Option("hc", "Handicap", default="easy", per_seat=True,
                          choices=(("easy", "Easy"), ("hard", "Hard"))),
                   Option("solo", "Solo", kind="bool", default=False, players=(1, 1)))

        def validate_options(self, players, options, seat_options):
            pass

    options, seat_options = resolve_options(G(), 2, {}, [{"hc": "hard"}])
    assert options == {"x": 2}
    assert seat_options == [{"hc": "hard"}, {"hc": "easy"}]
    assert resolve_options(G(), 1)[0] == {"x": 2, "solo": False}
    with pytest.raises(OptionError, match="1 to 4 players"):
        resolve_options(G(), 5)


def test_ranks_share_places_on_equal_keys():
    assert ranks_by([(3,), (5,), (3,)]) == [2, 1, 2]


def test_deck_reshuffles_the_discard_pile():
    rng = rng_for(1, 0)
    deck = cards.new_deck(["a", "b"], rng)
    drawn = cards.draw(deck, 2, rng)
    cards.discard(deck, drawn)
    assert sorted(cards.draw(deck, 3, rng)) == ["a", "b"]
    assert cards.remaining(deck) == 0


def test_pass_along_left_and_right():
    assert seats.pass_along(["h0", "h1", "h2"], 1) == ["h2", "h0", "h1"]
    assert seats.pass_along(["h0", "h1", "h2"], -1) == ["h1", "h2", "h0"]
    assert seats.order_from(2, 4) == [2, 3, 0, 1]


def test_grid_regions_and_rotation():
    colours = {(0, 0): "r", (1, 0): "r", (2, 0): "b", (0, 1): "b"}
    found = sorted(sorted(r) for r in grid.regions(colours, colours.get))
    assert found == [[(0, 0), (1, 0)], [(0, 1)], [(2, 0)]]
    assert grid.normalise(grid.rotate([(0, 0), (1, 0)], 1)) == ((0, 0), (0, 1))


def test_illegal_move_carries_its_reason():
    assert IllegalMove("No.").reason == "No."


def test_find_leaks_handles_ids_with_other_characters():
    assert find_leaks("seen: card:7, card:70", {"card:7", "card:8"}) == ["card:7"]


def test_the_default_decision_basis_ignores_last_move_marks_at_any_depth():
    """Boards mark what the last move touched (``last``, ``is_last``); another seat's move that
    only moves those marks leaves this seat's decision where it was."""

    class Marked(Game):
        slug = "marked"

        def view(self, state, seat):
            return {"log": state["log"], "last": state["last"], "row": [
                {"card": c, "is_last": c == state["last"]} for c in state["row"]]}

        def legal_moves(self, state, seat):
            return [{"type": "take", "card": c} for c in state["row"]]

    game = Marked()
    marked = {"row": [3, 7], "last": 7, "log": ["7 revealed"]}
    cleared = {"row": [3, 7], "last": None, "log": ["7 revealed", "Player 2 picked"]}
    assert game.decision_basis(marked, 0) == game.decision_basis(cleared, 0)
    assert game.decision_basis(marked, 0) != game.decision_basis(dict(cleared, row=[3, 8]), 0)


def test_a_situation_is_freed_as_soon_as_it_is_dropped():
    """A bot gets a Situation every ply: one in a reference cycle (a sampler that reaches the view
    through the situation, say) stays, with its legal moves, until the cycle collector finds it.
    With collection off, a used situation must still go when its last name does."""
    game = HigherCard()
    state = game.setup(2, {}, [{}, {}], rng_for("free", 0))
    gc.disable()
    try:
        situation = situation_for(game, state, 0)
        assert sorted(situation.sample(rng_for("free", 1))["hands"][0]) == situation.view["hand"]
        gone = weakref.ref(situation)
        del situation
        assert gone() is None
    finally:
        gc.enable()
