"""The Lodges expansion: every rule and every example of its rulebook."""

import pytest
from kavango import catalog as cat
from kavango.rules import lodges, scoring
from kavango.rules.draft import end_turn
from kavango.rules.investment import drop_targets, movable_cells
from kavango.rules.reserve import climate_room, empty_cells, place_climate
from kavango.testing import (
    GAME,
    act,
    card,
    investing,
    keep,
    lodge_game,
    new_game,
    place,
    to_draft,
    using,
)

from core.engine import IllegalMove

MIXED = [{"difficulty": d} for d in ("none", "lodges", "intermediate", "maximum")]


# ---- setup -------------------------------------------------------------------------------
def test_three_lodge_cards_per_level_are_dealt_and_two_per_level_kept():
    state = new_game(3, lodges=True, seats=MIXED[1:])
    for p in state["p"]:
        levels = [cat.LODGES_BY_ID[c].level for c in p["lodges"]["dealt"]]
        assert sorted(levels) == [1, 1, 1, 2, 2, 2, 3, 3, 3]
    p = state["p"][0]
    moves = GAME.legal_moves(state, 0)
    assert {m["type"] for m in moves} == {"expert", "return_lodge"}
    for level in (1, 2, 3):
        back = next(c for c in p["lodges"]["dealt"] if cat.LODGES_BY_ID[c].level == level)
        state = act(state, 0, {"type": "return_lodge", "card": back})
        with pytest.raises(IllegalMove):
            act(state, 0, {"type": "return_lodge", "card": back})
    kept = state["p"][0]["lodges"]["kept"]
    assert len(kept) == 6 and sorted(cat.LODGES_BY_ID[c].level for c in kept) == [1, 1, 2, 2, 3, 3]


def test_experts_goals_and_lodges_are_chosen_together_before_the_sanctuary():
    state = new_game(2, lodges=True)
    assert GAME.to_act(state) == {0, 1} and state["phase"] == "choose"
    state = to_draft(state)
    assert all(len(p["sanctuary"]) == 2 and len(p["lodges"]["kept"]) == 6 for p in state["p"])


def test_kept_lodge_cards_are_public_after_the_choice_and_returned_ones_hidden():
    state = lodge_game(2)
    other = GAME.view(state, 1)["players"][0]["lodge_cards"]
    assert sorted(c["id"] for c in other) == state["p"][0]["lodges"]["kept"]
    returned = set(state["p"][0]["lodges"]["dealt"]) - set(state["p"][0]["lodges"]["kept"])
    assert returned <= GAME.secrets(state, 1)


def test_no_lodges_difficulty_gets_no_cards_and_48_points():
    state = to_draft(new_game(4, lodges=True, seats=MIXED))
    assert state["p"][0]["lodges"]["dealt"] == []
    assert scoring.breakdown(state, 0)[scoring.NO_LODGES] == 48
    assert scoring.breakdown(state, 1)[scoring.NO_LODGES] == 0


def test_golden_lodge_reveals_three_cards_and_is_a_table_option():
    assert len(lodge_game(2, golden_lodge=True)["golden"]["cards"]) == 3
    assert lodge_game(2)["golden"]["cards"] == []
    solo = to_draft(new_game(1, lodges=True, golden_lodge=True))
    assert solo["golden"]["cards"] == []


def test_community_protection_markers_by_difficulty():
    state = to_draft(new_game(4, lodges=True, seats=MIXED))
    locked = [sum(v is not None for row in p["cp"] for v in row) for p in state["p"]]
    assert locked == [0, 0, 8, 12]
    inter = state["p"][2]["cp"]
    for r, c in cat.INTERMEDIATE_REMOVES:
        assert inter[r][c] is None
    assert state["p"][3]["cp"][0][2] == 1 and state["p"][3]["cp"][2][7] == 2
    assert all(state["p"][3]["cp"][1][c] is None for c in range(8))


def test_per_seat_difficulty_is_shown_at_the_table():
    state = to_draft(new_game(4, lodges=True, seats=MIXED))
    assert [p["difficulty"] for p in GAME.view(state, None)["players"]] == [
        "none",
        "lodges",
        "intermediate",
        "maximum",
    ]


# ---- building Lodges ---------------------------------------------------------------------
L2_01 = {(0, 0): "scrub_hare", (0, 1): "rock_monitor", (1, 0): "zebra", (1, 1): "lion"}


def test_build_a_lodge_from_four_animal_types_in_a_2x2_block():
    state = investing(keep(lodge_game(2), 0, ["L2-01"]))
    place(state, 0, L2_01)
    assert {"type": "build", "card": "L2-01", "row": 0, "col": 0} in GAME.legal_moves(state, 0)
    state = act(state, 0, {"type": "build", "card": "L2-01", "row": 0, "col": 0})
    assert state["p"][0]["lodges"]["built"] == [{"card": "L2-01", "point": [0, 0], "level": 2}]
    assert scoring.breakdown(state, 0)[scoring.LODGES] == 8


def test_any_orientation_counts():
    state = investing(keep(lodge_game(2), 0, ["L2-01"]))
    place(state, 0, {(1, 4): "lion", (1, 5): "zebra", (2, 4): "rock_monitor", (2, 5): "scrub_hare"})
    assert ("L2-01", (1, 4)) in lodges.buildable(state["p"][0])


def test_wrong_types_cannot_build():
    state = investing(keep(lodge_game(2), 0, ["L2-01"]))
    place(state, 0, {**L2_01, (1, 1): "impala"})
    with pytest.raises(IllegalMove, match="do not match"):
        act(state, 0, {"type": "build", "card": "L2-01", "row": 0, "col": 0})


def test_several_lodges_in_one_turn_reusing_animals():
    # L1-10: small mammal, bird, reptile, medium mammal; L1-09: small mammal, bird, bird, reptile
    state = investing(keep(lodge_game(2), 0, ["L1-09", "L1-10"]))
    place(
        state,
        0,
        {
            (0, 0): "impala",
            (0, 1): "scrub_hare",
            (0, 2): "quelea",
            (1, 0): "reed_frog",
            (1, 1): "lilac_roller",
            (1, 2): "tree_agama",
        },
    )
    state = act(state, 0, {"type": "build", "card": "L1-10", "row": 0, "col": 0})
    state = act(state, 0, {"type": "build", "card": "L1-09", "row": 0, "col": 1}, 2)
    assert len(state["p"][0]["lodges"]["built"]) == 2
    assert scoring.breakdown(state, 0)[scoring.LODGES] == 16


def test_a_lodge_point_holds_one_lodge_and_a_card_builds_once():
    state = investing(keep(lodge_game(2), 0, ["L2-01", "L2-06"]))
    place(state, 0, L2_01)
    state = act(state, 0, {"type": "build", "card": "L2-01", "row": 0, "col": 0})
    assert not lodges.buildable(state["p"][0])


def test_lodges_only_earn_no_money_but_community_protection_pays_by_level():
    for difficulty, gain in (("lodges", 0), ("maximum", 2)):
        state = investing(keep(lodge_game(2, difficulty), 0, ["L2-01"]))
        place(state, 0, L2_01)
        money = state["p"][0]["money"]
        state = act(state, 0, {"type": "build", "card": "L2-01", "row": 0, "col": 0})
        assert state["p"][0]["money"] == money + gain


def test_animals_next_to_a_lodge_can_no_longer_move():
    state = investing(keep(lodge_game(2), 0, ["L2-01"]))
    place(state, 0, {**L2_01, (0, 5): "quelea"})
    assert (0, 0) in movable_cells(state, 0)
    state = act(state, 0, {"type": "build", "card": "L2-01", "row": 0, "col": 0})
    state = act(state, 0, {"type": "rearrange"}, 2)
    lifts = {(m["row"], m["col"]) for m in GAME.legal_moves(state, 0) if m["type"] == "lift"}
    assert lifts == {(0, 5)}
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "lift", "row": 1, "col": 1}, 3)


def test_animals_move_freely_but_only_onto_unlocked_spaces():
    state = investing(lodge_game(2, "maximum"))
    place(state, 0, {(1, 0): "quelea", (1, 1): "scrub_hare"})
    state = act(state, 0, {"type": "rearrange"})
    state = act(state, 0, {"type": "lift", "row": 1, "col": 0})
    targets = {(m["row"], m["col"]) for m in GAME.legal_moves(state, 0)}
    assert (0, 7) not in targets and (1, 7) in targets and (1, 1) in targets
    state = act(state, 0, {"type": "drop", "row": 1, "col": 1}, 2)  # a swap
    assert state["step"] == "rearrange" and state["p"][0]["stage"]["moves"] == 1
    assert state["p"][0]["grid"][1][0] == card("scrub_hare", 10)
    assert state["p"][0]["grid"][1][1] == card("quelea", 9)


def test_movable_animals_and_drop_targets_are_listed_space_by_space_in_reading_order():
    """Both lists pair the Reserve's spaces with its cards read row by row; a plain walk over
    rows and columns must give the same spaces in the same order, with a Lodge's animals fixed
    and Community Protection spaces locked."""
    state = investing(keep(lodge_game(2, "maximum"), 0, ["L2-01"]))
    place(state, 0, {**L2_01, (0, 5): "quelea", (2, 6): "meerkat"})
    state = act(state, 0, {"type": "build", "card": "L2-01", "row": 0, "col": 0})
    p = state["p"][0]
    fixed = lodges.fixed_cells(p)
    rows, cols = range(len(p["grid"])), range(len(p["grid"][0]))
    movable = [(r, c) for r in rows for c in cols
               if p["grid"][r][c] is not None and (r, c) not in fixed]
    targets = [(r, c) for r in rows for c in cols
               if p["cp"][r][c] is None and (p["grid"][r][c] is None or (r, c) not in fixed)]
    assert movable == movable_cells(state, 0) == [(0, 5), (2, 6)]
    assert targets == drop_targets(p)
    assert (0, 0) not in targets and any(p["cp"][r][c] for r in rows for c in cols)


def test_reserve_animals_never_return_to_the_sanctuary_or_get_discarded():
    state = investing(lodge_game(2))
    place(state, 0, {(0, 0): "quelea"})
    kinds = {m["type"] for m in GAME.legal_moves(state, 0)}
    assert kinds <= {
        "research",
        "protect",
        "climate",
        "rewild",
        "sell",
        "release",
        "rearrange",
        "build",
        "golden",
        "unlock",
        "solar",
        "discard_lodge",
        "done",
    }
    sells = [m["card"] for m in GAME.legal_moves(state, 0) if m["type"] == "sell"]
    assert card("quelea", 1) not in sells


def test_without_lodges_the_reserve_is_not_rearranged():
    state = investing(to_draft(new_game(2, lodges=True, seats=[{"difficulty": "none"}] * 2)))
    place(state, 0, {(0, 0): "quelea"})
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] in ("rearrange", "build")]


# ---- the Golden Lodge ----------------------------------------------------------------------
# Rulebook example: Rock Monitor 6, Cheetah 10, Buffalo 6, Pangolin 10 meet G-01 (at least 31).
EXAMPLE = {(0, 0): "rock_monitor", (0, 1): "cheetah", (1, 0): "buffalo", (1, 1): "pangolin"}
THREE = {cell: kind for cell, kind in EXAMPLE.items() if kind != "buffalo"}
BUFFALO = card("buffalo", 9)


def golden_game(players=2):
    state = lodge_game(players, golden_lodge=True)
    state["golden"]["cards"] = ["G-01", "G-05", "G-09"]
    return investing(state)


def feed_buffalo(state, seat):
    """The Buffalo needs grass 3 and Habitat 1 before it may enter the Reserve."""
    p = state["p"][seat]
    p["producers"] += ["kav-grass-1", "kav-grass-2", "kav-grass-3"]
    p["habitat"] = max(p["habitat"], 1)
    return state


def complete_block(state, seat, cell=(1, 0), three=THREE):
    """``seat`` holds three of the four animals and places the Buffalo as its drafted card."""
    place(state, seat, three)
    state = using(feed_buffalo(state, seat), seat, BUFFALO)
    return act(state, seat, {"type": "use", "how": "reserve", "row": cell[0], "col": cell[1]})


def test_rulebook_example_32_meets_31_and_is_claimed_immediately():
    """"The first player to meet both requirements ... immediately claims the Golden Lodge and
    places it in their Nature Reserve"; "it provides no money, but is worth 10 Points"."""
    state = golden_game()
    money = state["p"][0]["money"]
    state = complete_block(state, 0)
    assert lodges.block_value(state["p"][0], (0, 0)) == 32
    assert state["p"][0]["golden"] == {"card": "G-01", "point": [0, 0]}  # before the turn ends
    assert state["step"] == "invest" and state["p"][0]["money"] == money
    end_turn(state)
    assert state["golden"]["winners"] == [0]
    assert scoring.breakdown(state, 0)[scoring.GOLDEN] == 10


def test_golden_lodge_animals_are_locked_at_once():
    """Animals "can be moved freely ... unless they are already part of a constructed lodge": the
    Golden Lodge is placed on claiming, so its four animals cannot be moved away that turn."""
    state = complete_block(golden_game(), 0)
    place(state, 0, {(2, 6): "quelea"})
    assert set(lodges.block((0, 0))).isdisjoint(movable_cells(state, 0))
    state = act(state, 0, {"type": "rearrange"})
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "lift", "row": 0, "col": 0})


def test_golden_lodge_point_cannot_also_hold_a_regular_lodge():
    """One block is one Lodge: L2-15 asks for the same four types, but the Golden Lodge already
    stands on that point (claiming first); building first leaves no point for the Golden Lodge."""
    state = keep(golden_game(), 0, ["L2-15"])
    state = complete_block(state, 0)
    assert lodges.buildable(state["p"][0]) == []
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "build", "card": "L2-15", "row": 0, "col": 0})
    other = keep(golden_game(), 0, ["L2-15"])
    place(other, 0, EXAMPLE)
    other = act(other, 0, {"type": "build", "card": "L2-15", "row": 0, "col": 0})
    assert lodges.golden_options(other, 0) == []


def test_golden_lodge_needs_the_total_value():
    """"The cumulative point value of the four animals must be greater than or equal to" it."""
    state = complete_block(golden_game(), 0, three={**THREE, (0, 1): "jackal"})  # 26 < 31
    assert state["p"][0]["golden"] is None and state["step"] == "invest"


def test_meeting_it_in_two_blocks_lets_the_player_choose_where_it_goes():
    """The claim is immediate; with two qualifying blocks the player picks one before going on."""
    three = {(0, 0): "rock_monitor", (1, 0): "pangolin", (1, 1): "cheetah"}
    three.update({(0, 2): "pangolin", (1, 2): "rock_monitor"})
    state = complete_block(golden_game(), 0, cell=(0, 1), three=three)
    moves = GAME.legal_moves(state, 0)
    assert state["step"] == "golden" and {(m["row"], m["col"]) for m in moves} == {(0, 0), (0, 1)}
    state = act(state, 0, {"type": "golden", "card": "G-01", "row": 0, "col": 1})
    assert state["p"][0]["golden"]["point"] == [0, 1] and state["step"] == "invest"


def test_the_first_player_claims_it_and_later_players_cannot():
    state = complete_block(golden_game(), 0)
    end_turn(state)
    state = complete_block(investing(state, 1), 1)
    assert state["golden"]["winners"] == [0] and state["p"][1]["golden"] is None


def _same_turn(state, seats, three=None):
    for s in seats:
        state = complete_block(investing(state, s), s, three=(three or {}).get(s, THREE))
    return state


def test_same_turn_tie_goes_to_the_higher_value():
    """"the player who has the highest value animals around their lodge claims" it; the other
    takes their piece back, so those animals are free again."""
    state = golden_game(3)
    state = _same_turn(state, [0, 1], {1: {**THREE, (0, 1): "lion"}})  # 6 + 12 + 6 + 10 = 34
    end_turn(state)
    assert state["golden"]["winners"] == [1]
    assert state["p"][0]["golden"] is None
    assert scoring.breakdown(state, 0)[scoring.GOLDEN] == 0
    assert lodges.fixed_cells(state["p"][0]) == set()


def test_same_turn_equal_value_counts_lodges_built_when_the_tie_is_resolved():
    """"the player who has built the most lodges so far in the game": a Lodge built after the
    claim, in the same turn, counts, so claim-then-build and build-then-claim agree."""
    for build_first in (False, True):
        state = golden_game(3)
        state = _same_turn(state, [0])
        state = investing(keep(state, 1, ["L1-09"]), 1)
        place(state, 1, {(0, 4): "quelea", (0, 5): "lilac_roller", (1, 4): "reed_frog"})
        place(state, 1, {(1, 5): "grass_mouse"})
        build = {"type": "build", "card": "L1-09", "row": 0, "col": 4}
        if build_first:
            state = act(state, 1, build)
        state = complete_block(state, 1)
        if not build_first:
            state = act(state, 1, build)
        end_turn(state)
        assert state["golden"]["winners"] == [1], build_first


def test_same_turn_full_tie_gives_10_points_to_each():
    """"If it is still a tie, each player who met the build conditions in that turn is awarded
    10 Points".
    """
    state = _same_turn(golden_game(3), [0, 1])
    end_turn(state)
    assert sorted(state["golden"]["winners"]) == [0, 1]
    assert (
        scoring.breakdown(state, 0)[scoring.GOLDEN]
        == scoring.breakdown(state, 1)[scoring.GOLDEN]
        == 10
    )


def test_players_without_lodges_cannot_claim_the_golden_lodge():
    state = to_draft(
        new_game(2, lodges=True, golden_lodge=True, seats=[{"difficulty": "none"}] * 2)
    )
    state["golden"]["cards"] = ["G-01"]
    state = investing(state)
    place(state, 0, EXAMPLE)
    assert lodges.golden_options(state, 0) == []


def test_intermediate_and_maximum_play_with_the_golden_lodge():
    """Intermediate and Maximum: "Play with the Golden Lodge"; Lodges only: "Choose whether or not
    to include the Golden Lodge"; solo: "The Golden Lodge can't be included"."""
    for difficulty in ("intermediate", "maximum"):
        seats = [{"difficulty": "lodges"}, {"difficulty": difficulty}]
        state = new_game(2, lodges=True, seats=seats)
        assert state["options"]["golden_lodge"] and len(state["golden"]["cards"]) == 3
        assert GAME.view(state, None)["options"]["golden_lodge"]
    assert not new_game(2, lodges=True, seats=[{"difficulty": "lodges"}] * 2)["golden"]["cards"]
    assert new_game(2, lodges=True, golden_lodge=True)["golden"]["cards"]
    solo = new_game(1, lodges=True, seats=[{"difficulty": "maximum"}])
    assert not solo["options"]["golden_lodge"] and solo["golden"]["cards"] == []


# ---- Community Protection -------------------------------------------------------------------
def test_locked_spaces_take_no_animals_until_unlocked_for_their_value():
    state = investing(lodge_game(2, "maximum"))
    p = state["p"][0]
    assert (0, 2) not in empty_cells(p) and len(empty_cells(p)) == 12
    p["money"] = 3
    state = act(state, 0, {"type": "unlock", "row": 0, "col": 2})
    state = act(state, 0, {"type": "unlock", "row": 0, "col": 5}, 2)
    p = state["p"][0]
    assert p["money"] == 0 and p["removed"] == [1, 2]
    assert (0, 2) in empty_cells(p) and (0, 5) in empty_cells(p)
    with pytest.raises(IllegalMove, match="costs"):
        act(state, 0, {"type": "unlock", "row": 0, "col": 6}, 3)


def test_lodges_only_players_have_no_community_protection_moves():
    state = investing(lodge_game(2, "lodges"))
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "unlock", "row": 0, "col": 2})


def test_rulebook_solar_example_two_level_1_markers_on_a_level_2_space():
    state = investing(lodge_game(2, "maximum"))
    state["p"][0]["money"] = 2
    state = act(state, 0, {"type": "unlock", "row": 0, "col": 2})
    state = act(state, 0, {"type": "unlock", "row": 0, "col": 3}, 2)
    assert {"type": "solar", "row": 0, "col": 5, "markers": [1, 1]} in GAME.legal_moves(state, 0)
    state = act(state, 0, {"type": "solar", "row": 0, "col": 5, "markers": [1, 1]}, 3)
    p = state["p"][0]
    assert p["money"] == 2 and p["removed"] == [] and p["cp"][0][5] == "solar"
    assert (0, 5) not in empty_cells(p)
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "unlock", "row": 0, "col": 5}, 4)


def test_solar_needs_removed_markers_and_pays_at_most_the_space_value():
    state = investing(lodge_game(2, "maximum"))
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "solar", "row": 0, "col": 4, "markers": [1]})
    p = state["p"][0]
    p["removed"] = [1, 1, 2]
    options = {(r, c, tuple(m)) for r, c, m in lodges.solar_options(p)}
    assert (0, 4, (1,)) in options and (0, 4, (1, 1)) not in options and (0, 4, (2,)) not in options
    assert (0, 6, (2,)) in options and (0, 6, (1, 1)) in options
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "solar", "row": 0, "col": 6, "markers": [2, 1]})


def test_discard_lodge_cards_for_money_once_a_round_then_freely_in_round_three():
    state = investing(lodge_game(2, "maximum"))
    kept = state["p"][0]["lodges"]["kept"]
    money = state["p"][0]["money"]
    state = act(state, 0, {"type": "discard_lodge", "card": kept[-1]})
    assert state["p"][0]["money"] == money + 3
    with pytest.raises(IllegalMove, match="one Lodge card per round"):
        act(state, 0, {"type": "discard_lodge", "card": kept[0]}, 2)
    state["round"] = 2
    state["p"][0]["round_flags"]["lodge_discards"] = 0
    for i, c in enumerate(kept[:3]):
        state = act(state, 0, {"type": "discard_lodge", "card": c}, 3 + i)
    assert len(state["p"][0]["lodges"]["discarded"]) == 4
    assert len(lodges.unbuilt_cards(state["p"][0])) == 2


def test_discarded_lodge_cards_cannot_be_built():
    state = investing(keep(lodge_game(2, "maximum"), 0, ["L2-01"]))
    place(state, 0, {(1, 0): "scrub_hare", (1, 1): "rock_monitor", (2, 0): "zebra", (2, 1): "lion"})
    state = act(state, 0, {"type": "discard_lodge", "card": "L2-01"})
    assert lodges.buildable(state["p"][0]) == []


def test_lodges_only_cannot_discard_lodge_cards():
    state = investing(lodge_game(2, "lodges"))
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "discard_lodge", "card": state["p"][0]["lodges"]["kept"][0]})


# ---- climate ---------------------------------------------------------------------------------
def test_at_most_three_markers_per_player_in_the_plus_area():
    state = investing(lodge_game(2))
    state["climate"] = [1] * sum(state["sections"])
    state["p"][0]["money"] = 10
    for i in range(3):
        state = act(state, 0, {"type": "climate"}, i + 1)
    assert state["p"][0]["climate_plus"] == 3
    assert {"type": "climate"} not in GAME.legal_moves(state, 0)
    with pytest.raises(IllegalMove, match="3"):
        act(state, 0, {"type": "climate"}, 9)


def test_base_game_has_no_plus_area_cap():
    state = investing(to_draft(new_game(2)))
    state["climate"] = [1] * sum(state["sections"])
    state["p"][0]["money"] = 10
    for i in range(5):
        state = act(state, 0, {"type": "climate"}, i + 1)
    assert state["p"][0]["climate_plus"] == 5


def test_rulebook_climate_example_four_players():
    """Yellow, Orange and Green invest $8m each (at most $3m in '3+'); Purple only $4m."""
    state = investing(lodge_game(4))
    assert sum(state["sections"]) == 20
    for who, count in ((0, 5), (1, 5), (2, 5), (3, 4), (0, 3), (1, 3), (2, 3)):
        place_climate(state, state["p"][who], who, count)
    assert [p["climate_markers"] for p in state["p"]] == [8, 8, 8, 4]
    assert [p["climate_plus"] for p in state["p"]] == [2, 3, 3, 0]
    assert all(scoring.awards(state["p"][s]) == ["Climate"] for s in (0, 1, 2))
    assert "Climate" not in scoring.awards(state["p"][3])
    assert climate_room(state, state["p"][3]) == 3  # 4 + 3 = 7 < 8: Purple cannot make it
    assert climate_room(state, state["p"][1]) == 0


def test_same_turn_climate_conflicts_follow_hand_marker_order():
    state = lodge_game(3)
    state["climate"] = [2] * (sum(state["sections"]) - 1)  # one space left before '3+'
    state["markers"] = ["B", "A", "C"]
    for s in range(3):
        state = act(state, s, {"type": "draft", "card": state["hands"][s][0]}, s + 1)
    assert state["act_order"] == [1, 0, 2]
    first, second = state["act_order"][:2]
    for seat in (first, second):
        state["p"][seat]["money"] = 5
        state["step"] = "invest"
        state = act(state, seat, {"type": "climate"}, 10)
        state = act(state, seat, {"type": "done"}, 11)
    assert state["p"][first]["climate_plus"] == 0 and state["p"][second]["climate_plus"] == 1


def test_mixed_difficulties_play_at_one_table():
    from core.engine import playout

    run = playout(
        GAME, 4, seed=2, options={"lodges": True, "golden_lodge": True}, seat_options=MIXED
    )
    assert run.result.breakdown[0][scoring.NO_LODGES] == 48


def test_golden_lodge_option_needs_the_expansion():
    from core.engine import OptionError, resolve_options

    with pytest.raises(OptionError):
        resolve_options(GAME, 3, {"lodges": False, "golden_lodge": True})


def test_two_lodge_pieces_per_level():
    state = investing(keep(lodge_game(2), 0, ["L1-09", "L1-10", "L1-06"]))
    state["p"][0]["lodges"]["built"] = [
        {"card": "L1-09", "point": [1, 5], "level": 1},
        {"card": "L1-10", "point": [0, 5], "level": 1},
    ]
    place(
        state, 0, {(0, 0): "quelea", (0, 1): "lilac_roller", (1, 0): "reed_frog", (1, 1): "impala"}
    )
    assert lodges.buildable(state["p"][0]) == []
