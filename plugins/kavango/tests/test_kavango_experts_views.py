"""Expert powers, passing details and what each seat may see."""

import json

import pytest
from kavango.rules import draft, lodges
from kavango.testing import GAME, act, card, investing, new_game, to_draft, using

from core.engine import IllegalMove, find_leaks, playout


def chosen(expert, players=2, **options):
    state = new_game(players, **options)
    for s in range(players):
        pick = state["p"][s]["expert_options"][0]
        if s == 0:
            state["p"][0]["expert_options"][0] = expert
            pick = expert
        state = act(state, s, {"type": "expert", "card": pick}, s + 1)
    return state


@pytest.mark.parametrize(
    "expert,field,value",
    [
        ("expert-ranger", "smuggling", 1),
        ("expert-ecologist", "habitat", 1),
        ("expert-fundraiser", "money", 5),
    ],
)
def test_experts_with_a_starting_bonus(expert, field, value):
    assert chosen(expert)["p"][0][field] == value


def test_climate_scientist_places_one_free_marker_per_round():
    state = investing(to_draft(chosen("expert-climate")))
    state["p"][0]["money"] = 0
    state = act(state, 0, {"type": "climate", "free": True})
    assert state["p"][0]["climate_markers"] == 1
    with pytest.raises(IllegalMove, match="free"):
        act(state, 0, {"type": "climate", "free": True}, 2)
    draft.start_round(state, 1)
    state = investing(state)
    assert {"type": "climate", "free": True} in GAME.legal_moves(state, 0)


def test_botanist_pays_two_for_rewilding():
    state = investing(to_draft(chosen("expert-botanist")))
    state["p"][0]["money"] = 2
    state = act(state, 0, {"type": "rewild", "kind": "grass"})
    assert state["p"][0]["money"] == 0


def test_ornithologist_gains_when_a_bird_enters_the_reserve():
    state = to_draft(chosen("expert-ornithologist"))
    state["p"][0]["producers"] = ["kav-grass-1"]
    state = using(state, 0, card("quelea"))
    money = state["p"][0]["money"]
    state = act(state, 0, {"type": "use", "how": "reserve", "row": 0, "col": 0})
    assert state["p"][0]["money"] == money + 1


def test_other_players_experts_stay_secret_until_the_end():
    state = to_draft(new_game(2))
    assert state["p"][0]["expert"] in GAME.secrets(state, 1)
    assert state["p"][0]["expert"] not in GAME.secrets(state, 0)
    assert "expert" not in GAME.view(state, 1)["players"][0]
    run = playout(GAME, 2, seed=1)
    end = GAME.view(run.state, 1)["players"][0]
    assert end["expert"] and end["goals"]


def test_the_hand_you_will_receive_is_hidden_until_passed():
    state = to_draft(new_game(3))
    incoming = state["hands"][2]  # passing left: seat 0 receives seat 2's hand
    text = json.dumps(GAME.view(state, 0))
    assert set(incoming) <= GAME.secrets(state, 0)
    assert not find_leaks(text, incoming)
    assert GAME.view(state, 0)["players"][2]["hand_size"] == 12


def test_two_player_hands_swap_every_round():
    state = to_draft(new_game(2))
    for rnd in (0, 1):
        if rnd:
            draft.start_round(state, rnd)
        before = [list(h) for h in state["hands"]]
        for s in (0, 1):
            state = act(state, s, {"type": "draft", "card": state["hands"][s][0]}, s + 1)
        assert set(state["hands"][0]) == set(before[1]) - {state["drafted"][1]}


def test_solo_with_lodges_uses_the_chosen_difficulty_without_golden_lodge():
    state = to_draft(new_game(1, lodges=True, seats=[{"difficulty": "intermediate"}]))
    assert lodges.uses_cp(state, 0) and state["golden"]["cards"] == []
    assert state["options"]["relocation_variant"] is True


def test_solar_pays_only_for_the_markers_placed():
    state = investing(to_draft(new_game(2, lodges=True, seats=[{"difficulty": "maximum"}] * 2)))
    state["p"][0]["removed"] = [1]
    money = state["p"][0]["money"]
    state = act(state, 0, {"type": "solar", "row": 2, "col": 7, "markers": [1]})
    assert state["p"][0]["money"] == money + 1 and state["p"][0]["cp"][2][7] == "solar"


def test_intermediate_lodges_earn_money_too():
    state = investing(
        to_draft(new_game(2, lodges=True, seats=[{"difficulty": "intermediate"}] * 2))
    )
    state["p"][0]["lodges"]["kept"] = ["L2-01"]
    from kavango.testing import place

    place(state, 0, {(1, 0): "scrub_hare", (1, 1): "rock_monitor", (0, 0): "zebra", (0, 1): "lion"})
    money = state["p"][0]["money"]
    state = act(state, 0, {"type": "build", "card": "L2-01", "row": 0, "col": 0})
    assert state["p"][0]["money"] == money + 2
