"""The engine's copy of a state before each move, and the promise it keeps: a refused move
changes nothing, an accepted one leaves the caller's state as it was; and the playout, which
owns its states and so applies moves in place, plays the same games."""

from __future__ import annotations

import pytest

from core.engine import Bot, Game, IllegalMove
from core.engine.play import ReadMove, copy_json, play, replay
from core.engine.playout import playout

from .higher_card import HigherCard


def test_a_copy_is_equal_and_shares_nothing_with_the_original():
    shared = ["a", "b"]
    state = {"hands": [shared, shared], "map": {"0,0": ["tile-1", 0]}, "turn": 3, "over": False,
             "score": 1.5, "pick": None, "spot": (1, 2), "seen": {1, 2}}
    copied = copy_json(state)
    assert copied == state
    assert list(copied) == list(state)  # key order is kept (logs and listings depend on it)
    assert copied["hands"][0] is not copied["hands"][1]  # two places stay two lists
    copied["hands"][0].append("c")
    copied["map"]["0,0"][1] = 2
    assert state == {"hands": [["a", "b"], ["a", "b"]], "map": {"0,0": ["tile-1", 0]}, "turn": 3,
                     "over": False, "score": 1.5, "pick": None, "spot": (1, 2), "seen": {1, 2}}
    assert type(copied["over"]) is bool and type(copied["spot"]) is tuple


def test_a_move_of_scalars_is_copied_whole_and_one_holding_a_list_deeply():
    move = {"type": "place", "floor": 2, "col": 3, "score": 1.5, "pass": False, "card": None}
    copied = copy_json(move)
    assert copied == move and copied is not move and list(copied) == list(move)
    copied["floor"] = 4
    assert move["floor"] == 2
    nested = {"type": "play", "cards": ["c1", "c2"]}
    copied = copy_json(nested)
    copied["cards"].append("c3")
    assert nested == {"type": "play", "cards": ["c1", "c2"]}


def test_values_marshal_cannot_write_are_still_copied_deeply():
    class Token:
        def __init__(self, name):
            self.name = name

    state = {"tokens": [Token("x")]}
    copied = copy_json(state)
    assert copied["tokens"][0] is not state["tokens"][0] and copied["tokens"][0].name == "x"


def test_copying_a_read_move_gives_a_plain_dict_of_every_field():
    read = ReadMove({"type": "take", "card": "c1", "extra": 2})
    copied = copy_json(read)
    assert type(copied) is dict and copied == {"type": "take", "card": "c1", "extra": 2}
    assert read.as_read() == {"type": "take", "card": "c1", "extra": 2}


class Careless(Game):
    """A game whose handler changes the state before it finds the move illegal."""

    slug = "careless"
    name = "Careless"

    def to_act(self, state):
        return {0}

    def result(self, state):
        return None

    def move_take(self, state, seat, move, rng):
        state["pile"].pop()
        state["log"].append("took")
        if move.get("card") not in state["pile"]:
            raise IllegalMove("That card is not on the pile.")
        state["pile"].remove(move["card"])
        return state


def test_a_refused_move_leaves_the_state_exactly_as_it_was():
    state = {"pile": ["a", "b", "c"], "log": []}
    with pytest.raises(IllegalMove):
        play(Careless(), state, 0, {"type": "take", "card": "z"}, 1, 1)
    assert state == {"pile": ["a", "b", "c"], "log": []}


def test_an_accepted_move_returns_a_new_state_and_keeps_the_old_one():
    state = {"pile": ["a", "b", "c"], "log": []}
    after = play(Careless(), state, 0, {"type": "take", "card": "a"}, 1, 1)
    assert after == {"pile": ["b"], "log": ["took"]}
    assert state == {"pile": ["a", "b", "c"], "log": []}


class Cheat(Bot):
    """Always asks for a card nobody holds."""

    needs = "view"

    def choose(self, game, situation, rng):
        return {"type": "play", "card": "c9z"}


def test_a_playout_applies_in_place_and_replays_to_the_same_state():
    """The playout owns its states (no copy per move), yet its moves replayed through
    :func:`play`, which copies, give the same game."""
    game = HigherCard()
    for seed in range(20):
        run = playout(game, 2, seed=seed)
        assert replay(game, seed, 2, run.options, run.seat_options, run.moves) == run.state
        assert run.result == game.result(run.state)


def test_a_refused_bot_move_ends_the_playout_with_the_rules_reason():
    with pytest.raises(IllegalMove, match="not in your hand"):
        playout(HigherCard(), 2, seed=1, bots=[Cheat(), Cheat()])
