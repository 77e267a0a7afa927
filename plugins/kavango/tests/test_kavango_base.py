"""Base-game rules: setup, hands, the draft, using cards, the Investment stage, scoring."""

from collections import Counter

import pytest
from kavango import catalog as cat
from kavango import constants as K
from kavango.rules import draft, scoring
from kavango.rules.reserve import climate_level, requirement_gaps, symbols
from kavango.testing import (
    GAME,
    act,
    card,
    investing,
    new_game,
    place,
    to_draft,
    using,
)

from core.engine import IllegalMove, MalformedMove


# ---- setup -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_setup_gives_money_landscape_experts_and_goals(players):
    state = new_game(players)
    assert len({p["landscape"] for p in state["p"]}) == players
    for p in state["p"]:
        assert p["money"] == K.STARTING_MONEY
        assert len(p["expert_options"]) == 2 and p["expert"] is None
        assert len(p["goals"]) == 2
    assert GAME.to_act(state) == set(range(players))


def test_keeping_an_expert_returns_the_other():
    state = new_game(2)
    choice = state["p"][0]["expert_options"][1]
    state = act(state, 0, {"type": "expert", "card": choice})
    assert state["p"][0]["expert"] == choice
    with pytest.raises(IllegalMove):
        act(state, 1, {"type": "expert", "card": choice})


def test_kickstarter_dealing_option_deals_one_expert_and_one_goal():
    state = new_game(3, expert_deal=False, goal_deal=False)
    assert all(p["expert"] and len(p["goals"]) == 1 for p in state["p"])
    assert state["phase"] == "sanctuary"


def test_sanctuary_snake_pick_from_2n_plus_2():
    state = new_game(3)
    for s in range(3):
        state = act(state, s, {"type": "expert", "card": state["p"][s]["expert_options"][0]})
    assert state["phase"] == "sanctuary"
    assert len(state["sanctuary_offer"]) == 8
    first = state["first_pick"]
    order = [(first + i) % 3 for i in range(3)]
    assert state["sanctuary_order"] == order + order[::-1]
    state = to_draft(state)
    for p in state["p"]:
        assert len(p["sanctuary"]) == 2 and all(cat.animal(c).deck == "C" for c in p["sanctuary"])
    assert state["phase"] == "draft" and state["round"] == 0


def test_start_money_per_seat_is_a_handicap():
    state = new_game(2, seats=[{"start_money": 5}, {"start_money": 0}])
    assert [p["money"] for p in state["p"]] == [5, 0]


# ---- hands -------------------------------------------------------------------------------
@pytest.mark.parametrize("players,size", [(1, 15), (2, 15), (3, 12), (4, 12), (5, 12)])
def test_hand_sizes(players, size):
    state = to_draft(new_game(players))
    assert all(len(h) == size for h in state["hands"])


def _decks(hand):
    return Counter(cat.deck_of(c) for c in hand)


def test_round_hands_follow_the_composition_table():
    state = to_draft(new_game(4))
    for rnd in range(3):
        if rnd:
            draft.start_round(state, rnd)
        action, a, b, c = K.HAND_COMPOSITION[12][rnd]
        for hand in state["hands"]:
            assert _decks(hand) == Counter(
                {k: v for k, v in {"action": action, "A": a, "B": b, "C": c}.items() if v}
            )


def test_discard_timing_after_dealing_rounds_two_and_three():
    state = to_draft(new_game(3))
    assert not state["discard"]
    draft.start_round(state, 1)
    assert not state["decks"]["A"] and not state["decks"]["B"]
    assert {cat.deck_of(c) for c in state["discard"]} == {"A", "B"}
    draft.start_round(state, 2)
    assert not state["decks"]["C"] and not state["decks"]["action"]
    assert {"C", "action"} <= {cat.deck_of(c) for c in state["discard"]}


def test_two_player_relocation_variant():
    state = to_draft(new_game(2))
    for rnd, wanted in enumerate((0, 1, 2)):
        draft.start_round(state, rnd)
        for hand in state["hands"]:
            assert sum(cat.kind_of(c) == "relocation" for c in hand) == wanted
            assert sum(cat.deck_of(c) == "action" for c in hand) == 2


def test_without_the_variant_relocations_are_shuffled_in():
    state = to_draft(new_game(2, relocation_variant=False))
    assert state["decks"]["relocation"] == []
    assert (
        sum("relocation" in c for c in state["decks"]["action"])
        + sum("relocation" in c for h in state["hands"] for c in h)
        == 8
    )


def test_hand_markers_are_letters_and_rotate_between_rounds():
    state = to_draft(new_game(4))
    first = list(state["markers"])
    assert sorted(first) == list("ABCD")
    draft.start_round(state, 1)
    assert state["markers"] != first and sorted(state["markers"]) == list("ABCD")


# ---- the draft ---------------------------------------------------------------------------
def _draft_all(state, ply=1):
    for s in sorted(GAME.to_act(state)):
        state = act(state, s, {"type": "draft", "card": state["hands"][s][0]}, ply)
        ply += 1
    return state


def test_picks_are_hidden_until_everyone_has_committed():
    state = to_draft(new_game(3))
    pick = state["hands"][0][0]
    state = act(state, 0, {"type": "draft", "card": pick})
    assert GAME.to_act(state) == {1, 2}
    import json

    from core.engine import find_leaks

    for viewer in (1, 2, None):
        assert pick in GAME.secrets(state, viewer)
        assert not find_leaks(json.dumps(GAME.view(state, viewer)), GAME.secrets(state, viewer))
    assert GAME.view(state, 1)["players"][0]["has_picked"] is True
    assert GAME.view(state, 0)["my_pick"]["id"] == pick


def test_reveal_passes_hands_left_in_round_one_and_acts_in_marker_order():
    state = to_draft(new_game(3))
    before = [list(h) for h in state["hands"]]
    markers = list(state["markers"])
    state = _draft_all(state)
    assert state["phase"] == "act"
    # seat 1 now holds what seat 0 held, minus seat 0's pick
    assert Counter(state["hands"][1]) == Counter(before[0]) - Counter([state["drafted"][0]])
    assert state["act_order"] == sorted(range(3), key=lambda s: markers[s])
    assert GAME.to_act(state) == {state["act_order"][0]}


def test_round_two_passes_right():
    state = to_draft(new_game(3))
    draft.start_round(state, 1)
    before = [list(h) for h in state["hands"]]
    state = _draft_all(state)
    assert Counter(state["hands"][0]) == Counter(before[1]) - Counter([state["drafted"][1]])


def test_drafting_a_card_not_in_front_of_you_is_refused():
    state = to_draft(new_game(3))
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "draft", "card": state["hands"][1][0]})


def test_a_round_has_ten_turns_then_leftovers_are_discarded():
    state = to_draft(new_game(3))
    state["turn"] = 10
    state = investing(state, 0)
    state["hands"] = [["kav-grass-1", "kav-tree-1"], ["kav-fish-1"], []]
    state["act_index"] = 2
    state = act(state, state["act_order"][2], {"type": "done"})
    assert state["round"] == 1 and state["turn"] == 1
    assert {"kav-grass-1", "kav-tree-1", "kav-fish-1"} <= set(state["discard"])


def test_game_ends_after_three_rounds():
    state = to_draft(new_game(3))
    state["round"], state["turn"] = 2, 10
    state = investing(state, 0)
    state["act_index"] = 2
    state = act(state, state["act_order"][2], {"type": "done"})
    assert state["phase"] == "over" and GAME.to_act(state) == set()
    assert GAME.result(state) is not None


# ---- using the drafted card ----------------------------------------------------------------
def test_producer_is_tucked_and_gives_its_symbol():
    state = to_draft(new_game(3))
    state = using(state, 0, "kav-termite-1")
    before = symbols(state["p"][0])
    state = act(state, 0, {"type": "use", "how": "producer"})
    after = symbols(state["p"][0])
    assert after["termite"] == before["termite"] + 1
    assert after["invertebrate"] == before["invertebrate"] + 1
    assert state["step"] == "invest"


def test_animal_enters_the_reserve_only_when_requirements_are_met():
    state = to_draft(new_game(3))
    p = state["p"][0]
    p["landscape"] = "green"  # tree + invertebrate
    state = using(state, 0, card("meerkat"))  # invertebrate 2
    with pytest.raises(IllegalMove, match="invertebrate"):
        act(state, 0, {"type": "use", "how": "reserve", "row": 0, "col": 0})
    state["p"][0]["producers"].append("kav-invert-1")
    state = act(state, 0, {"type": "use", "how": "reserve", "row": 1, "col": 3})
    assert state["p"][0]["grid"][1][3] == card("meerkat")


def test_requirements_are_not_consumed():
    state = to_draft(new_game(3))
    p = state["p"][0]
    p["landscape"], p["producers"] = "green", ["kav-invert-1"]
    place(state, 0, {(0, 0): "meerkat"})
    assert requirement_gaps(state, p, card("meerkat", 2)) == []


def test_sanctuary_animals_give_no_symbols():
    state = to_draft(new_game(3))
    p = state["p"][0]
    p["sanctuary"] = [card("zebra")]
    assert symbols(p)["large_mammal"] == 0


def test_protection_and_climate_requirements():
    state = to_draft(new_game(3))
    p = state["p"][0]
    p["producers"] = ["kav-grass-1"] * 4
    assert "Habitat 1" in requirement_gaps(state, p, card("buffalo"))
    p["habitat"] = 1
    assert requirement_gaps(state, p, card("buffalo")) == []
    assert "Climate 1" in requirement_gaps(state, p, card("wildebeest"))
    state["climate"] = [1] * state["sections"][0]
    assert climate_level(state) == 1 and requirement_gaps(state, p, card("wildebeest")) == []


def test_sanctuary_accepts_animals_even_when_they_could_enter_the_reserve():
    state = to_draft(new_game(3))
    state["p"][0]["sanctuary"] = []
    state = using(state, 0, card("quelea"))
    state["p"][0]["producers"] = ["kav-grass-1"]
    state = act(state, 0, {"type": "use", "how": "sanctuary"})
    assert state["p"][0]["sanctuary"] == [card("quelea")]


def test_sanctuary_has_three_spaces():
    state = to_draft(new_game(3))
    state["p"][0]["expert"] = "expert-fundraiser"
    state["p"][0]["sanctuary"] = [card("lion", i) for i in (1, 2, 3)]
    state = using(state, 0, card("quelea"))
    assert {"type": "use", "how": "sanctuary"} not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="full"):
        act(state, 0, {"type": "use", "how": "sanctuary"})


def test_discarding_a_drafted_card_gives_one_million():
    state = to_draft(new_game(3))
    state["p"][0]["expert"] = "expert-vet"
    state = using(state, 0, card("lion"))
    money = state["p"][0]["money"]
    state = act(state, 0, {"type": "use", "how": "discard"})
    assert state["p"][0]["money"] == money + 1 and card("lion") in state["discard"]


def test_grant_gives_three_million():
    state = to_draft(new_game(3))
    state = using(state, 0, "kav-grant-1")
    money = state["p"][0]["money"]
    state = act(state, 0, {"type": "use", "how": "action"})
    assert state["p"][0]["money"] == money + 3 and "kav-grant-1" in state["discard"]


def test_relocation_costs_one_million_and_cannot_be_sold_back():
    state = to_draft(new_game(3))
    state["discard"] = [card("zebra")]
    state["p"][0]["money"] = 2
    state = using(state, 0, "kav-relocation-1")
    state = act(state, 0, {"type": "use", "how": "action"})
    state = act(state, 0, {"type": "relocate", "card": card("zebra")})
    assert state["p"][0]["money"] == 1 and state["drafted"][0] == card("zebra")
    assert state["discard"] == ["kav-relocation-1"]
    state = act(state, 0, {"type": "use", "how": "discard"})
    assert state["p"][0]["money"] == 1


def test_relocation_needs_money():
    state = to_draft(new_game(3))
    state["discard"] = [card("zebra")]
    state["p"][0]["money"] = 0
    state = using(state, 0, "kav-relocation-1")
    assert {"type": "use", "how": "action"} not in GAME.legal_moves(state, 0)


def test_wildlife_exchange_swaps_a_sanctuary_animal_with_the_discard_pile():
    state = to_draft(new_game(3))
    state["discard"] = [card("lion")]
    state["p"][0]["sanctuary"] = [card("zebra")]
    state = using(state, 0, "kav-wildlife_exchange-1")
    state = act(state, 0, {"type": "use", "how": "action"})
    state = act(state, 0, {"type": "exchange_give", "card": card("zebra")})
    state = act(state, 0, {"type": "exchange_take", "card": card("lion")})
    assert state["p"][0]["sanctuary"] == [card("lion")]
    assert card("zebra") in state["discard"]


def test_protection_action_cards_and_climate_action():
    state = to_draft(new_game(3))
    state = using(state, 0, "kav-habitat_restoration-1")
    state = act(state, 0, {"type": "use", "how": "action"})
    assert state["p"][0]["habitat"] == 1
    state = using(state, 0, "kav-climate_action-1")
    state = act(state, 0, {"type": "use", "how": "action"})
    assert state["climate"] == [0, 0] and state["p"][0]["climate_markers"] == 2


def test_rewilding_project_gives_a_free_producer():
    state = to_draft(new_game(3))
    state = using(state, 0, "kav-rewilding_project-1")
    state = act(state, 0, {"type": "use", "how": "action"})
    state = act(state, 0, {"type": "rewild", "kind": "fish"})
    assert "rewild-fish-1" in state["p"][0]["producers"] and state["rewild"]["fish"] == 2


# ---- the Investment stage --------------------------------------------------------------------
def test_protection_steps_cost_one_two_three_four():
    state = investing(to_draft(new_game(3)))
    state["p"][0]["money"] = 10
    for _level in range(4):
        state = act(state, 0, {"type": "protect", "track": "habitat"})
    assert state["p"][0]["habitat"] == 4 and state["p"][0]["money"] == 0
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "protect", "track": "habitat"})


def test_climate_sections_and_level():
    state = investing(to_draft(new_game(4)))
    assert state["sections"] == [5, 8, 7]
    state["p"][0]["money"] = 6
    for _ in range(5):
        state = act(state, 0, {"type": "climate"})
    assert climate_level(state) == 1 and state["p"][0]["money"] == 1
    assert K.climate_sections(1) == K.climate_sections(2) == (3, 4, 3)


def test_research_claims_once_per_round_at_a_met_tier():
    state = investing(to_draft(new_game(3)))
    state["research"] = ["R1-01"] + state["research"][1:]
    p = state["p"][0]
    p["landscape"], p["producers"] = "yellow", ["kav-grass-1", "kav-grass-2"]  # grass 3
    with pytest.raises(IllegalMove, match="tier 2"):
        act(state, 0, {"type": "research", "card": "R1-01", "tier": 3})
    money = p["money"]
    state = act(state, 0, {"type": "research", "card": "R1-01", "tier": 2})
    assert state["p"][0]["money"] == money + 2
    with pytest.raises(IllegalMove, match="already"):
        act(state, 0, {"type": "research", "card": "R1-01", "tier": 1})


def test_research_rewards_by_round():
    assert scoring.research_reward(0, 3) == (3, 2)
    assert scoring.research_reward(1, 2) == (2, 3)
    assert scoring.research_reward(2, 3) == (2, 8)


def test_rewilding_costs_three_and_one_per_stage():
    state = investing(to_draft(new_game(3)))
    state["p"][0]["money"] = 7
    state = act(state, 0, {"type": "rewild", "kind": "tree"})
    assert state["p"][0]["money"] == 4
    with pytest.raises(IllegalMove, match="one Rewilding"):
        act(state, 0, {"type": "rewild", "kind": "tree"})


def test_selling_and_releasing_sanctuary_animals():
    state = investing(to_draft(new_game(3)))
    p = state["p"][0]
    p["sanctuary"] = [card("quelea"), card("lion")]
    p["producers"] = ["kav-grass-1"]
    money = p["money"]
    state = act(state, 0, {"type": "sell", "card": card("lion")})
    assert state["p"][0]["money"] == money + 1
    state = act(state, 0, {"type": "release", "card": card("quelea"), "row": 0, "col": 0})
    assert state["p"][0]["grid"][0][0] == card("quelea") and state["p"][0]["sanctuary"] == []


def test_done_hands_over_to_the_next_seat_in_marker_order():
    state = investing(to_draft(new_game(3)))
    nxt = state["act_order"][1]
    state = act(state, 0, {"type": "done"})
    assert GAME.to_act(state) == {nxt} and state["step"] == "use"


# ---- experts ------------------------------------------------------------------------------
def test_vet_has_four_sanctuary_spaces_and_liaison_gets_two():
    state = to_draft(new_game(3))
    state["p"][0]["expert"] = "expert-vet"
    state["p"][0]["sanctuary"] = [card("lion", i) for i in (1, 2, 3)]
    state = using(state, 0, card("quelea"))
    assert {"type": "use", "how": "sanctuary"} in GAME.legal_moves(state, 0)
    state["p"][0]["expert"] = "expert-liaison"
    money = state["p"][0]["money"]
    state = act(state, 0, {"type": "use", "how": "discard"})
    assert state["p"][0]["money"] == money + 2


def test_research_fellow_claims_one_tier_higher_once_a_round():
    state = investing(to_draft(new_game(3)))
    state["research"] = ["R1-01", "R1-02", "R1-03", "R1-04"]
    p = state["p"][0]
    p["expert"], p["landscape"], p["producers"] = "expert-researcher", "yellow", ["kav-grass-1"]
    p["producers"] += ["kav-tree-1"]
    state = act(state, 0, {"type": "research", "card": "R1-01", "tier": 2})
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "research", "card": "R1-02", "tier": 2})


def test_carnivore_biologist_needs_one_prey_fewer():
    state = to_draft(new_game(3))
    p = state["p"][0]
    place(state, 0, {(0, 0): "impala"})
    assert requirement_gaps(state, p, card("spotted_hyena"))  # medium 2, large 1
    place(state, 0, {(0, 1): "zebra"})
    p["expert"] = "expert-carnivore"
    assert requirement_gaps(state, p, card("spotted_hyena")) == []


# ---- scoring ------------------------------------------------------------------------------
def test_final_scoring_categories():
    state = to_draft(new_game(2))
    p = state["p"][0]
    place(state, 0, {(0, 0): "lion", (0, 1): "zebra"})
    p["sanctuary"] = [card("elephant")]
    p["research_vp"] = 7
    p["habitat"], p["smuggling"], p["climate_markers"] = 4, 3, 8
    p["goals"] = ["goal-03", "goal-04"]  # predators 2 -> 8 (not met), large mammals 3 (not met)
    row = scoring.breakdown(state, 0)
    assert row == {"Animals": 17, "Research": 7, "Conservation awards": 20, "Goal card": 0}
    place(state, 0, {(1, 0): "leopard"})
    assert scoring.breakdown(state, 0)[scoring.GOAL] == 8


def test_only_the_better_goal_scores():
    state = to_draft(new_game(2))
    p = state["p"][0]
    p["goals"] = ["goal-20", "goal-08"]
    p["money"], p["habitat"], p["smuggling"] = 6, 3, 3
    assert scoring.breakdown(state, 0)[scoring.GOAL] == 10


def test_a_tie_is_a_shared_victory():
    state = to_draft(new_game(2))
    state["phase"] = "over"
    for p in state["p"]:
        p["goals"], p["research_vp"] = [], 5
    result = GAME.result(state)
    assert result.ranks == [1, 1] and "shared" in result.tiebreak


# ---- payloads -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "bad",
    [
        {"type": "draft"},
        {"type": "draft", "card": 3},
        {"type": "use", "how": "eat"},
        {"type": "nope"},
        {},
        {"type": "research", "card": "R1-01", "tier": "2"},
    ],
)
def test_malformed_moves_are_refused(bad):
    state = to_draft(new_game(3))
    with pytest.raises(IllegalMove):
        act(state, 0, bad)
    state = investing(state)
    with pytest.raises((IllegalMove, MalformedMove)):
        act(state, 0, bad)


# ---- simultaneous picks and staleness --------------------------------------------------------
def test_other_players_secret_picks_leave_my_decision_unchanged():
    """"All players at once choose 1 card": a pick made before another player's pick still means
    the same, so it is not stale; my own pick does change my basis."""
    state = to_draft(new_game(3))
    before = GAME.decision_basis(state, 0)
    after = act(state, 1, {"type": "draft", "card": state["hands"][1][0]})
    after = act(after, 2, {"type": "draft", "card": state["hands"][2][0]}, 2)
    assert GAME.view(after, 0) != GAME.view(state, 0)  # their flags, the log, the last mark
    assert GAME.decision_basis(after, 0) == before
    mine = act(state, 0, {"type": "draft", "card": state["hands"][0][0]})
    assert GAME.decision_basis(mine, 0) != before


def test_the_reveal_changes_what_a_pick_means():
    """Once every pick is revealed the hands pass on: a pick made on the old hand is stale."""
    state = to_draft(new_game(2))
    before = [GAME.decision_basis(state, s) for s in (0, 1)]
    for s in (0, 1):
        state = act(state, s, {"type": "draft", "card": state["hands"][s][0]}, s + 1)
    assert state["phase"] == "act"
    assert all(GAME.decision_basis(state, s) != before[s] for s in (0, 1))


def test_another_players_expert_choice_leaves_mine_unchanged():
    """Experts, Goals and Lodge cards are chosen "at the same time": a Fundraiser's money or a
    Ranger's first Smuggling level elsewhere does not make my choice stale."""
    state = new_game(2, lodges=True)
    before = GAME.decision_basis(state, 0)
    for expert in state["p"][1]["expert_options"]:
        after = act(state, 1, {"type": "expert", "card": expert})
        assert GAME.decision_basis(after, 0) == before
