"""Komodo rules: one test per rule, the rulebook's worked examples, and the end of the game."""

from __future__ import annotations

import json
import re

import pytest
from komodo.catalog import ANIMALS, MARKERS, TILES, WILDS
from komodo.rules import WILD, _placements
from komodo.terrain import FACES, Board
from komodo.testing import (
    DD_FF,
    DD_GG,
    DESERT9,
    DEVIL5,
    DW_LOCK,
    GAME,
    GRASS9,
    HORNBILL,
    PENGUIN5,
    QUOKKA,
    QUOLL5,
    STARTER,
    TAIPAN5,
    TAIPAN10,
    act,
    begin,
    dealt,
    give,
    house_direct,
    lay,
    lift,
    places,
    wild,
)

from core.engine import IllegalMove, MalformedMove, find_leaks, resolve_options
from core.engine.play import start


def clear_hand(state, seat):
    h = state["hands"][seat]
    state["tiles"] += h["tiles"]
    state["animals"] += h["animals"]
    state["wilds"]["draw"] += h["wilds"]
    h["tiles"], h["animals"], h["wilds"] = [], [], []
    return state


def types(state, seat):
    return {m["type"] for m in GAME.legal_moves(state, seat)}


# ---- components and setup ----------------------------------------------------------------


def test_components_match_the_rulebook_counts():
    assert len(TILES) == 50 and len(ANIMALS) == 32 and len(WILDS) == 20
    assert sum(1 for t in TILES if t[2][1][1] == "R") == 10
    assert len({a[1] for a in ANIMALS}) == 24
    assert ANIMALS[22][1:] == ("Hornbill", "G", 15)  # rulebook example: Hornbill needs 15 grassland


def test_starter_tile_has_two_blocks_of_each_terrain_and_a_rock():
    cells = FACES[(STARTER, 0)].cells
    assert cells.count("R") == 1 and all(cells.count(t) == 2 for t in "DFGW")


def test_rock_tiles_are_worth_eight_blocks():
    board = Board({"0,0": ["komodo-tile-42", 0]}, [])
    assert len(board.terrain) == 8


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_deals_tiles_animals_and_wilds_without_recycling(players):
    for seed in range(15):
        options, seats = resolve_options(GAME, players, {})
        state = start(GAME, seed, players, options, seats)
        assert state["map"] == {"0,0": [STARTER, 0]}
        for hand in state["hands"]:
            assert len(hand["tiles"]) == 5 and len(hand["animals"]) == 3 and len(hand["wilds"]) == 2
            assert all(WILD[w] != "Recycling" for w in hand["wilds"])
        assert GAME.to_act(state) == set(range(players))


def test_each_player_returns_one_animal_which_goes_back_into_the_pile():
    options, seats = resolve_options(GAME, 2, {})
    state = start(GAME, 4, 2, options, seats)
    back = state["hands"][0]["animals"][1]
    state = act(state, 0, {"type": "return_animal", "animal": back})
    assert back in state["hands"][0]["animals"]  # held until everyone has chosen
    assert GAME.view(state, 1)["pending"] == {"chosen": [0]}
    state = act(state, 1, {"type": "return_animal", "animal": state["hands"][1]["animals"][0]})
    assert back in state["animals"] and len(state["hands"][0]["animals"]) == 2
    assert state["phase"] == "turn" and GAME.to_act(state) == {0}


def test_only_two_to_four_players():
    assert (GAME.min_players, GAME.max_players) == (2, 4)


# ---- placing tiles ---------------------------------------------------------------------


def test_tiles_rotate_clockwise_with_their_padlock():
    face = FACES[("komodo-tile-07", 1)]  # DDD / DDF / FFF, padlock top-left
    assert face.cells == "FDDFDDFFD" and face.lock == 2


def test_a_tile_must_adjoin_the_map():
    board = Board({"0,0": [STARTER, 0]}, [])
    reason, _ = board.check(GRASS9, 0, 2, 0)
    assert "join" in reason


def test_a_tile_must_match_a_neighbours_colour():
    board = Board({"0,0": [STARTER, 0]}, [])
    assert "colour" in board.check(DD_GG, 0, 0, 1)[0]  # DDD under W G G
    assert board.check(DD_GG, 2, 0, 1)[0] is None  # turned round: GGG under W G G


def test_placing_a_tile_from_hand_adds_it_to_the_map():
    state = begin()
    state = clear_hand(state, 0)
    give(state, 0, DESERT9)
    state = act(state, 0, {"type": "place_tile", "tile": DESERT9, "x": 0, "y": -1, "rotation": 0})
    assert state["map"]["0,-1"] == [DESERT9, 0] and DESERT9 not in state["hands"][0]["tiles"]


def test_an_illegal_spot_is_refused_with_a_reason():
    state = clear_hand(begin(), 0)
    give(state, 0, DD_GG)
    with pytest.raises(IllegalMove, match="colour"):
        act(state, 0, {"type": "place_tile", "tile": DD_GG, "x": 0, "y": 1, "rotation": 0})
    with pytest.raises(IllegalMove, match="already"):
        act(state, 0, {"type": "place_tile", "tile": DD_GG, "x": 0, "y": 0, "rotation": 0})


def test_at_most_three_tiles_a_turn():
    state = begin(seed=2)
    for _ in range(3):
        move = next(m for m in GAME.legal_moves(state, 0) if m["type"] == "place_tile")
        state = act(state, 0, move)
    assert "place_tile" not in types(state, 0)


def test_tiles_may_not_merge_enclosures_of_different_species():
    state = begin()
    lay(state, 0, 0, DESERT9)
    lay(state, 2, 0, DD_FF)
    house_direct(state, TAIPAN5, 1, 0, 0)
    house_direct(state, DEVIL5, 2, 6, 0)
    board = Board(state["map"], state["housed"])
    assert "different species" in board.check(DD_GG, 0, 1, 0)[0]


def test_one_species_may_share_when_tiles_merge_their_land():
    state = begin()
    lay(state, 0, 0, DESERT9)
    lay(state, 2, 0, DD_FF)
    house_direct(state, TAIPAN5, 1, 0, 0)
    house_direct(state, TAIPAN10, 2, 6, 0)
    assert Board(state["map"], state["housed"]).check(DD_GG, 0, 1, 0)[0] is None


def test_enclosures_join_across_tiles_and_rock_splits_them():
    board = Board({"0,0": [STARTER, 0], "0,-1": [DESERT9, 0]}, [])
    assert board.enclosure_at(0, 0).size == 11
    rock = Board(
        {"0,0": ["komodo-tile-42", 0]}, []
    )  # DDD / DRF / FFF: the rock splits nothing here
    assert rock.enclosure_at(0, 0).size == 4 and rock.enclosure_at(2, 1).size == 4


def test_placements_are_listed_for_every_tile_rotation_and_spot():
    board = Board({"0,0": [STARTER, 0]}, [])
    moves = _placements(board, [GRASS9])
    spots = {(m["x"], m["y"]) for m in moves}
    assert spots == {(0, 1), (1, 0)}  # grass touches grass only below and to the right
    assert len(moves) == 8


# ---- housing -----------------------------------------------------------------------------


def test_house_an_animal_in_a_large_enough_enclosure_of_its_terrain():
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DESERT9)
    give(state, 0, TAIPAN10)
    state = act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    assert state["housed"][0]["animal"] == TAIPAN10 and state["turn"]["housed_hand"]


def test_house_refuses_wrong_terrain_and_too_little_land():
    state = clear_hand(begin(), 0)
    give(state, 0, TAIPAN5, QUOLL5)
    with pytest.raises(IllegalMove, match="needs 5 blocks"):
        act(state, 0, {"type": "house", "animal": TAIPAN5, "x": 0, "y": 0})
    with pytest.raises(IllegalMove, match="grassland"):
        act(state, 0, {"type": "house", "animal": QUOLL5, "x": 0, "y": 0})


def test_different_species_never_share_an_enclosure():
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DESERT9)
    house_direct(state, TAIPAN5, 1, 0, -3)
    give(state, 0, DEVIL5)
    with pytest.raises(IllegalMove, match="share"):
        act(state, 0, {"type": "house", "animal": DEVIL5, "x": 1, "y": -3})


def test_a_ten_block_area_also_houses_the_five_of_its_species():
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DESERT9)
    house_direct(state, TAIPAN10, 1, 0, -3)
    give(state, 0, TAIPAN5)
    state = act(state, 0, {"type": "house", "animal": TAIPAN5, "x": 2, "y": -2})
    assert len(state["housed"]) == 2


def test_a_five_area_may_be_extended_to_house_the_ten():
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DD_FF, 0)  # 6 desert + 2 of the starter = 8 blocks
    house_direct(state, TAIPAN5, 1, 0, -3)
    give(state, 0, TAIPAN10, DD_GG)
    with pytest.raises(IllegalMove, match="needs 10"):
        act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    state = act(state, 0, {"type": "place_tile", "tile": DD_GG, "x": -1, "y": -1, "rotation": 0})
    state = act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    assert {h["animal"] for h in state["housed"]} == {TAIPAN5, TAIPAN10}


def test_a_padlock_protects_only_the_terrain_it_is_printed_on():
    # Rulebook example: a lock on the water part protects the water animal, not the other terrain.
    state = begin()
    lay(state, 0, -1, DW_LOCK)
    house_direct(state, PENGUIN5, 1, 2, -1)
    house_direct(state, TAIPAN5, 2, 0, -3)
    give(state, 0, wild("Animal Escapes"))
    targets = {m["animal"] for m in GAME.legal_moves(state, 0) if m["type"] == "escape"}
    assert PENGUIN5 not in targets and TAIPAN5 in targets


# ---- re-housing animals on the loose ----------------------------------------------------


def _loose_setup(owner):
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DESERT9)
    state["map"]["0,-1"] = [DD_FF, 0]  # no padlock
    state["loose"].append({"animal": TAIPAN5, "owner": owner})
    lift(state, TAIPAN5)
    return state


def test_rehouse_your_own_loose_animal_alongside_other_actions():
    state = _loose_setup(0)
    give(state, 0, QUOLL5)
    state = act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
    assert state["housed"][-1]["owner"] == 0 and not state["loose"]
    assert "replenish" in types(state, 0)


def test_rehousing_another_players_animal_takes_its_card_and_bars_housing_from_hand():
    state = _loose_setup(1)
    lay(state, 1, 0, GRASS9)
    give(state, 0, QUOLL5)
    state = act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
    assert state["housed"][-1]["owner"] == 0
    assert "house" not in types(state, 0)
    with pytest.raises(IllegalMove, match="re-housed another"):
        act(state, 0, {"type": "house", "animal": QUOLL5, "x": 3, "y": 0})


def test_after_housing_from_hand_you_cannot_rehouse_another_players_animal():
    state = _loose_setup(1)
    lay(state, 1, 0, GRASS9)
    give(state, 0, QUOLL5)
    state = act(state, 0, {"type": "house", "animal": QUOLL5, "x": 3, "y": 0})
    with pytest.raises(IllegalMove, match="housed an animal from your hand"):
        act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})


# ---- exchange turns ------------------------------------------------------------------


def test_exchange_tiles_to_the_bottom_and_end_the_turn():
    state = begin()
    old = list(state["hands"][0]["tiles"][:2])
    state = act(state, 0, {"type": "exchange_tiles", "tiles": old})
    assert state["tiles"][:2] == list(reversed(old)) or set(state["tiles"][:2]) == set(old)
    assert len(state["hands"][0]["tiles"]) == 5 and not set(old) & set(state["hands"][0]["tiles"])
    assert state["active"] == 1


def test_exchange_animals_instead_of_building():
    state = begin()
    state = act(state, 0, {"type": "exchange_animals", "animals": state["hands"][0]["animals"][:1]})
    assert len(state["hands"][0]["animals"]) == 2 and state["active"] == 1


def test_no_exchange_after_acting():
    state = begin(seed=2)
    move = next(m for m in GAME.legal_moves(state, 0) if m["type"] == "place_tile")
    state = act(state, 0, move)
    assert not types(state, 0) & {"exchange_tiles", "exchange_animals"}
    with pytest.raises(IllegalMove, match="whole turn"):
        act(state, 0, {"type": "exchange_tiles", "tiles": state["hands"][0]["tiles"][:1]})


# ---- replenishing ----------------------------------------------------------------------


def test_replenish_tops_up_tiles_and_animals_and_passes_the_turn():
    state = begin(seed=2)
    move = next(m for m in GAME.legal_moves(state, 0) if m["type"] == "place_tile")
    state = act(state, 0, move)
    state = act(state, 0, {"type": "replenish"})
    hand = state["hands"][0]
    assert len(hand["tiles"]) == 5 and len(hand["animals"]) == 2 and len(hand["wilds"]) == 2
    assert state["active"] == 1


def test_a_wild_card_is_drawn_only_after_housing_from_hand_up_to_three():
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DESERT9)
    give(state, 0, TAIPAN10, wild("Land Lover"), wild("Land Thief"))
    state = act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    state = act(state, 0, {"type": "replenish"})
    assert len(state["hands"][0]["wilds"]) == 3
    state2 = clear_hand(begin(), 0)
    give(state2, 0, wild("Land Lover"))
    state2 = act(state2, 0, {"type": "replenish"})
    assert len(state2["hands"][0]["wilds"]) == 1


def test_once_tiles_run_out_players_choose_how_many_animals_to_take():
    state = clear_hand(begin(), 0)
    state["removed"] += state["tiles"]
    state["tiles"] = []
    give(state, 0, DESERT9, GRASS9, DD_FF)
    replenish = [m for m in GAME.legal_moves(state, 0) if m["type"] == "replenish"]
    assert sorted(m["animals"] for m in replenish) == [0, 1, 2]
    state = act(state, 0, {"type": "replenish", "animals": 1})
    assert len(state["hands"][0]["animals"]) == 1


# ---- game end and scoring --------------------------------------------------------------


def test_fewer_than_three_tiles_gives_everyone_one_final_turn():
    state = clear_hand(begin(players=3), 0)
    state["removed"] += state["tiles"]
    state["tiles"] = []
    give(state, 0, DESERT9, GRASS9)
    state = act(state, 0, {"type": "replenish", "animals": 0})
    assert state["final_left"] == 3
    for seat in (1, 2):
        state = act(state, seat, {"type": "replenish", "animals": 0})
        assert GAME.result(state) is None
    state = act(state, 0, {"type": "replenish", "animals": 0})
    assert GAME.result(state) is not None and GAME.to_act(state) == set()


def test_score_housed_animals_minus_animals_in_hand_excluding_the_loose():
    state = begin(players=2)
    clear_hand(state, 0)
    clear_hand(state, 1)
    house_direct(state, QUOKKA, 0, 0, 0)
    give(state, 0, TAIPAN5)
    state["loose"].append({"animal": HORNBILL, "owner": 0})
    state["animals"].remove(HORNBILL)
    house_direct(state, TAIPAN10, 1, 0, 0)
    state["over"], state["phase"] = True, "over"
    result = GAME.result(state)
    assert result.scores == [10, 10]
    assert result.breakdown[0] == {"housed animals": 15, "animals left in hand": -5}


def test_ties_go_to_most_unique_species_housed():
    state = begin(players=2)
    clear_hand(state, 0)
    clear_hand(state, 1)
    house_direct(state, TAIPAN5, 0, 0, 0)
    house_direct(state, TAIPAN10, 0, 0, 0)
    house_direct(state, DEVIL5, 1, 0, 0)
    house_direct(state, "komodo-animal-09", 1, 0, 0)  # Tarsier 5
    house_direct(state, QUOLL5, 1, 0, 0)
    state["over"], state["phase"] = True, "over"
    result = GAME.result(state)
    assert result.scores == [15, 15] and result.ranks == [2, 1] and "species" in result.tiebreak


# ---- payloads ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bad",
    [
        {"type": "place_tile"},
        {"type": "place_tile", "tile": 3, "x": 0, "y": 0, "rotation": 0},
        {"type": "place_tile", "tile": DESERT9, "x": 0, "y": -1, "rotation": 7},
        {"type": "house", "animal": None},
        {"type": "exchange_tiles", "tiles": 5},
        {"type": "escape", "cards": [1], "animal": TAIPAN5},
        {"type": "fly"},
        {},
    ],
)
def test_malformed_moves_are_refused(bad):
    with pytest.raises(MalformedMove):
        act(begin(), 0, bad)


# ---- wild cards -------------------------------------------------------------------------


def escape_setup():
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DD_FF)
    lay(state, 1, 0, GRASS9)
    house_direct(state, TAIPAN5, 1, 0, -3)
    give(state, 0, wild("Animal Escapes"))
    return state


def test_animal_escapes_puts_an_animal_on_the_loose_in_front_of_its_owner():
    state = escape_setup()
    state = act(state, 0, {"type": "escape", "cards": [wild("Animal Escapes")], "animal": TAIPAN5})
    assert state["loose"] == [{"animal": TAIPAN5, "owner": 1}] and not state["housed"]
    assert wild("Animal Escapes") in state["wilds"]["discard"]


def test_you_cannot_rehouse_an_opponents_animal_you_released_this_turn():
    state = escape_setup()
    state = act(state, 0, {"type": "escape", "cards": [wild("Animal Escapes")], "animal": TAIPAN5})
    with pytest.raises(IllegalMove, match="released this turn"):
        act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
    state = act(state, 0, {"type": "replenish"})
    state = act(state, 1, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})  # its owner may
    assert state["housed"][0]["owner"] == 1


def test_you_may_release_and_rehouse_your_own_animal():
    state = escape_setup()
    state["housed"][0]["owner"] = 0
    state = act(state, 0, {"type": "escape", "cards": [wild("Animal Escapes")], "animal": TAIPAN5})
    state = act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 1, "y": -3})
    assert state["housed"][0]["owner"] == 0


def test_a_padlocked_animal_cannot_escape():
    state = escape_setup()
    state["map"]["0,-1"] = [DESERT9, 0]
    with pytest.raises(IllegalMove, match="padlock"):
        act(state, 0, {"type": "escape", "cards": [wild("Animal Escapes")], "animal": TAIPAN5})


def test_two_of_one_species_need_two_escape_cards():
    state = escape_setup()
    house_direct(state, TAIPAN10, 2, 1, -3)
    state["map"]["-1,-1"] = [DD_GG, 0]
    with pytest.raises(IllegalMove, match="two Animal Escapes"):
        act(state, 0, {"type": "escape", "cards": [wild("Animal Escapes")], "animal": TAIPAN5})
    give(state, 0, wild("Animal Escapes", 1))
    both = [wild("Animal Escapes"), wild("Animal Escapes", 1)]
    assert {"type": "escape", "cards": both, "animal": TAIPAN10} in GAME.legal_moves(state, 0)
    state = act(state, 0, {"type": "escape", "cards": both, "animal": TAIPAN10})
    assert [x["animal"] for x in state["housed"]] == [TAIPAN5]


def test_animal_exchange_passes_left_skipping_players_without_animals():
    state = begin(players=4)
    clear_hand(state, 2)
    give(state, 0, wild("Animal Exchange"))
    before = [list(h["animals"]) for h in state["hands"]]
    state = act(state, 0, {"type": "animal_exchange", "card": wild("Animal Exchange")})
    assert GAME.to_act(state) == {0, 1, 3}
    picks = {0: before[0][0], 1: before[1][1], 3: before[3][0]}
    for seat, card in picks.items():
        state = act(state, seat, {"type": "pass_animal", "animal": card})
    assert picks[0] in state["hands"][1]["animals"]
    assert picks[1] in state["hands"][3]["animals"]  # seat 2 holds none, so it is skipped
    assert picks[3] in state["hands"][0]["animals"]
    assert not state["hands"][2]["animals"] and state["phase"] == "turn" and state["active"] == 0


def test_exchange_picks_are_secret_until_everyone_has_chosen():
    state = begin(players=3)
    give(state, 0, wild("Animal Exchange"))
    state = act(state, 0, {"type": "animal_exchange", "card": wild("Animal Exchange")})
    card = state["hands"][1]["animals"][0]
    state = act(state, 1, {"type": "pass_animal", "animal": card})
    view = GAME.view(state, 2)
    assert view["pending"] == {"holders": [0, 1, 2], "chosen": [1]}
    assert card in GAME.secrets(state, 2)


def test_animal_request_shows_only_the_requester_and_allows_a_swap():
    state = begin(players=3)
    clear_hand(state, 0)
    clear_hand(state, 1)
    clear_hand(state, 2)
    give(state, 0, wild("Animal Request"), DEVIL5)
    give(state, 1, QUOLL5, TAIPAN5)
    give(state, 2, HORNBILL)
    state = act(state, 0, {"type": "request", "card": wild("Animal Request"), "terrain": "G"})
    assert state["pending"]["revealed"] == {"1": [QUOLL5], "2": [HORNBILL]}
    assert QUOLL5 not in GAME.secrets(state, 0) and QUOLL5 in GAME.secrets(state, 2)
    shown = GAME.view(state, 2)["pending"]["shown"]
    assert shown[0] == {"seat": 1, "cards": None, "count": 1}  # seat 2 sees only its own card
    assert GAME.view(state, 0)["pending"]["shown"][0]["cards"][0]["species"] == "Quoll"
    state = act(state, 0, {"type": "request_swap", "take": HORNBILL, "give": DEVIL5})
    assert state["hands"][0]["animals"] == [HORNBILL] and state["hands"][2]["animals"] == [DEVIL5]
    assert state["phase"] == "turn"


def test_a_declined_request_card_may_be_kept_for_a_later_turn():
    state = begin()
    give(state, 0, wild("Animal Request"))
    state = act(state, 0, {"type": "request", "card": wild("Animal Request"), "terrain": "W"})
    state = act(state, 0, {"type": "request_decline", "keep": True})
    assert wild("Animal Request") in state["hands"][0]["wilds"]
    assert not any(m.get("card") == wild("Animal Request") for m in GAME.legal_moves(state, 0))


def test_animals_on_tap_refills_after_each_animal_housed():
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DESERT9)
    give(state, 0, wild("Animals on Tap"), TAIPAN10)
    state = act(state, 0, {"type": "on_tap", "card": wild("Animals on Tap")})
    assert len(state["hands"][0]["animals"]) == 2
    state = act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    assert len(state["hands"][0]["animals"]) == 2


def barter_setup():
    state = begin(players=3)
    for s in range(3):
        clear_hand(state, s)
    give(state, 0, wild("Land Barter"), DESERT9, GRASS9)
    give(state, 1, DD_FF, DD_GG, "komodo-tile-04")
    give(state, 2, DW_LOCK)
    state = act(
        state,
        0,
        {"type": "barter", "card": wild("Land Barter"), "tiles": [DESERT9, GRASS9], "terrain": "D"},
    )
    return state


def test_land_barter_shows_tiles_and_asks_every_opponent_for_an_offer():
    barter_offered()


def barter_offered():
    state = barter_setup()
    assert GAME.to_act(state) == {1, 2}
    assert DESERT9 not in GAME.secrets(state, 1)  # the shown tiles are public
    state = act(state, 1, {"type": "barter_offer", "tiles": [DD_FF, DD_GG]})
    assert DD_FF not in GAME.secrets(state, 2) and "komodo-tile-04" in GAME.secrets(state, 2)
    state = act(state, 2, {"type": "barter_offer", "tiles": [DW_LOCK]})
    assert GAME.to_act(state) == {0} and state["phase"] == "barter_choose"
    return state


def test_land_barter_two_for_two_with_one_player():
    state = barter_offered()
    state = act(
        state,
        0,
        {"type": "barter_accept", "seat": 1, "give": [DESERT9, GRASS9], "take": [DD_FF, DD_GG]},
    )
    assert (
        set(state["hands"][0]["tiles"]) == {DD_FF, DD_GG} and DESERT9 in state["hands"][1]["tiles"]
    )
    assert state["phase"] == "turn" and wild("Land Barter") in state["wilds"]["discard"]


def test_land_barter_one_for_one_with_two_players():
    state = barter_offered()
    state = act(state, 0, {"type": "barter_accept", "seat": 1, "give": [DESERT9], "take": [DD_FF]})
    assert state["phase"] == "barter_choose"
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "barter_accept", "seat": 1, "give": [GRASS9], "take": [DD_GG]})
    state = act(state, 0, {"type": "barter_accept", "seat": 2, "give": [GRASS9], "take": [DW_LOCK]})
    assert set(state["hands"][0]["tiles"]) == {DD_FF, DW_LOCK} and state["phase"] == "turn"


def test_land_barter_declined_card_is_kept_or_discarded():
    state = barter_offered()
    kept = act(state, 0, {"type": "barter_decline", "keep": True})
    assert wild("Land Barter") in kept["hands"][0]["wilds"]
    gone = act(state, 0, {"type": "barter_decline", "keep": False})
    assert wild("Land Barter") in gone["wilds"]["discard"]


def test_land_lover_lifts_the_limit_and_must_place_every_tile():
    state = begin(seed=3)
    give(state, 0, wild("Land Lover"))
    state = act(state, 0, {"type": "land_lover", "card": wild("Land Lover")})
    assert "replenish" not in types(state, 0)
    with pytest.raises(IllegalMove, match="every tile"):
        act(state, 0, {"type": "replenish"})
    for _ in range(5):
        moves = [m for m in GAME.legal_moves(state, 0) if m["type"] == "place_tile"]
        if not moves:
            break
        state = act(state, 0, moves[0])
    assert state["turn"]["placed"] > 3 or not [
        m for m in GAME.legal_moves(state, 0) if m["type"] == "place_tile"
    ]
    assert "replenish" in types(state, 0)


def test_land_thief_takes_a_random_tile_from_another_hand():
    state = begin()
    give(state, 0, wild("Land Thief"))
    theirs = set(state["hands"][2]["tiles"])
    state = act(state, 0, {"type": "land_thief", "card": wild("Land Thief"), "seat": 2})
    assert len(state["hands"][0]["tiles"]) == 6 and len(state["hands"][2]["tiles"]) == 4
    assert set(state["hands"][0]["tiles"]) & theirs


def test_relocation_moves_an_animal_and_carries_its_padlock():
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DESERT9)
    lay(state, 1, 0, GRASS9)
    lay(state, 3, 0, "komodo-tile-44")  # DDD / DRG / GGG: desert apart from the big area
    lay(state, 4, 0, DD_FF, 3)
    house_direct(state, TAIPAN5, 0, 0, -3)
    give(state, 0, wild("Relocation"))
    board = Board(state["map"], state["housed"])
    target = next(m for m in GAME.legal_moves(state, 0) if m["type"] == "relocate")
    assert board.enc_of[(target["x"], target["y"])] != board.enc_of[(0, -3)]
    state = act(state, 0, target)
    moved = state["housed"][0]
    assert (moved["x"], moved["y"]) == (target["x"], target["y"]) and moved["lock"] is True


def test_recycling_takes_a_card_from_the_discard_pile():
    state = begin()
    state["wilds"]["discard"].append(wild("Land Thief", 1))
    for pile in places(state):
        if wild("Land Thief", 1) in pile and pile is not state["wilds"]["discard"]:
            pile.remove(wild("Land Thief", 1))
    give(state, 0, wild("Recycling"))
    state = act(state, 0, {"type": "recycle", "card": wild("Recycling"), "take": "Land Thief"})
    assert wild("Land Thief", 1) in state["hands"][0]["wilds"]
    assert wild("Recycling") in state["wilds"]["discard"]


def test_remodeling_lifts_an_empty_tile_and_places_it_again():
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DESERT9)
    lay(state, 1, 0, GRASS9)
    give(state, 0, wild("Remodeling"))
    assert {m["tile"] for m in GAME.legal_moves(state, 0) if m["type"] == "remodel"} == {
        DESERT9,
        GRASS9,
    }
    state = act(state, 0, {"type": "remodel", "card": wild("Remodeling"), "tile": GRASS9})
    assert "1,0" not in state["map"] and state["phase"] == "remodel"
    spots = GAME.legal_moves(state, 0)
    assert {"type": "remodel_place", "x": 1, "y": 0, "rotation": 0} in spots
    state = act(state, 0, {"type": "remodel_place", "x": 0, "y": 1, "rotation": 0})
    assert state["map"]["0,1"] == [GRASS9, 0] and state["phase"] == "turn"


def test_a_lifted_tile_may_go_back_where_it_lay_even_against_the_colour_rule():
    """Putting the tile back as it was is always open ("back where it was"), even where no
    block meets a neighbour's colour now; other spots still need a colour match."""
    water9 = "komodo-tile-04"
    state = clear_hand(begin(), 0)
    lay(state, 1, 0, water9)  # all water beside the Starter's rainforest and grassland edge
    give(state, 0, wild("Remodeling"))
    state = act(state, 0, {"type": "remodel", "card": wild("Remodeling"), "tile": water9})
    spots = [(m["x"], m["y"], m["rotation"]) for m in GAME.legal_moves(state, 0)]
    assert (1, 0, 0) in spots
    assert not any((x, y) == (1, 0) and rot != 0 for x, y, rot in spots)
    assert (0, 1, 0) in spots  # the Starter's bottom row has water


def test_remodeling_never_lifts_the_starter_or_a_tile_with_a_marker_or_leaves_too_little_land():
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DD_FF)
    lay(state, -1, -1, DD_GG)
    house_direct(state, TAIPAN10, 1, 0, -3)  # 6 + 6 + 2 = 14 desert blocks
    give(state, 0, wild("Remodeling"))
    tiles = {m["tile"] for m in GAME.legal_moves(state, 0) if m["type"] == "remodel"}
    assert STARTER not in tiles and DD_FF not in tiles and DD_GG in tiles
    state = act(state, 0, {"type": "remodel", "card": wild("Remodeling"), "tile": DD_GG})
    for m in GAME.legal_moves(state, 0):
        after = act(state, 0, m)
        assert Board(after["map"], after["housed"]).enclosure_at(0, -3).size >= 10


# ---- Tame the Wildness -----------------------------------------------------------------


def test_tame_puts_wild_cards_on_display_and_each_player_picks_one():
    options, seats = resolve_options(GAME, 3, {"variant": "tame"})
    state = start(GAME, 1, 3, options, seats)
    assert len(state["display"]) == 18 and all(not h["wilds"] for h in state["hands"])
    for s in range(3):
        state = act(state, s, {"type": "return_animal", "animal": state["hands"][s]["animals"][0]})
    assert state["phase"] == "tame_pick" and GAME.to_act(state) == {0}
    for s in range(3):
        state = act(
            state, s, {"type": "take_wild", "kind": "Land Thief" if s < 2 else "Relocation"}
        )
        assert len(state["hands"][s]["wilds"]) == 1
    assert state["phase"] == "turn" and len(state["display"]) == 15
    view = GAME.view(state, None)
    assert {"kind": "Land Thief", "count": 0} not in view["display"]
    assert "Land Thief" not in [d["kind"] for d in view["display"]]


def test_tame_used_cards_return_to_display_and_same_type_cannot_be_taken_that_turn():
    state = begin(variant="tame")
    clear_hand(state, 0)
    lay(state, 0, -1, DESERT9)
    give(state, 0, wild("Land Thief"), TAIPAN10)
    state = act(state, 0, {"type": "land_thief", "card": wild("Land Thief"), "seat": 1})
    assert wild("Land Thief") in state["display"]
    state = act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    choices = {m.get("wild") for m in GAME.legal_moves(state, 0) if m["type"] == "replenish"}
    assert "Land Thief" not in choices and "Relocation" in choices
    with pytest.raises(IllegalMove, match="same|type"):
        act(state, 0, {"type": "replenish", "wild": "Land Thief"})
    state = act(state, 0, {"type": "replenish", "wild": "Relocation"})
    assert [WILD[w] for w in state["hands"][0]["wilds"]] == ["Relocation"]


def test_tame_wild_hand_limit_is_two():
    state = begin(variant="tame")
    clear_hand(state, 0)
    lay(state, 0, -1, DESERT9)
    give(state, 0, wild("Land Thief"), wild("Relocation"), TAIPAN10)
    state = act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    assert all("wild" not in m for m in GAME.legal_moves(state, 0) if m["type"] == "replenish")


# ---- Collaborate to Save the Animals ----------------------------------------------------


@pytest.mark.parametrize("difficulty", [5, 4, 3])
def test_coop_deals_tiles_by_difficulty_two_animals_and_no_wild_cards(difficulty):
    state = begin(variant="coop", difficulty=difficulty)
    assert state["phase"] == "turn"
    for hand in state["hands"]:
        assert len(hand["tiles"]) == difficulty and len(hand["animals"]) == 2 and not hand["wilds"]
    assert len(state["wilds"]["draw"]) == 10
    assert {WILD[w] for w in state["wilds"]["draw"]} == {
        "Animal Escapes",
        "Animal Exchange",
        "Land Lover",
        "Land Thief",
        "Remodeling",
    }


def test_coop_team_chooses_who_starts():
    options, seats = resolve_options(GAME, 3, {"variant": "coop"})
    state = start(GAME, 1, 3, options, seats)
    assert state["phase"] == "choose_first" and GAME.to_act(state) == {0}
    assert len(GAME.legal_moves(state, 0)) == 3
    state = act(state, 0, {"type": "first_player", "seat": 2})
    assert state["phase"] == "turn" and GAME.to_act(state) == {2}


def test_coop_hands_are_open():
    state = begin(variant="coop")
    view = GAME.view(state, 1)
    assert view["hands"][0]["tiles"] is not None and not GAME.secrets(state, 1) & set(
        state["hands"][0]["tiles"]
    )


def test_coop_team_loses_when_a_player_houses_no_animal():
    state = begin(variant="coop")
    assert "exchange_tiles" not in types(state, 0)
    state = act(state, 0, {"type": "end_turn"})
    result = GAME.result(state)
    assert result.won == [False] * 3 and "could not house" in result.details["lost"]


def coop_after_housing(threat, players=2, place=False):
    state = begin(players=players, variant="coop")
    clear_hand(state, 0)
    lay(state, 0, -1, DD_FF)
    give(state, 0, TAIPAN5, GRASS9)
    state = act(state, 0, {"type": "house", "animal": TAIPAN5, "x": 0, "y": -3})
    if place:
        state = act(state, 0, {"type": "place_tile", "tile": GRASS9, "x": 1, "y": 0, "rotation": 0})
    card = wild(threat)
    lift(state, card)
    state["wilds"]["draw"].append(card)
    return act(state, 0, {"type": "end_turn"})


def test_coop_threat_escape_goes_to_the_active_player_who_must_rehouse_it():
    state = coop_after_housing("Animal Escapes")
    assert state["phase"] == "threat_escape"
    state = act(state, 0, {"type": "threat_escape", "animal": TAIPAN5})
    assert state["loose"] == [{"animal": TAIPAN5, "owner": 0}] and state["active"] == 1
    assert len(state["hands"][0]["animals"]) == 1  # no replenishing for the escaped animal


def test_coop_threat_exchange_refills_then_everyone_passes():
    state = coop_after_housing("Animal Exchange")
    assert state["phase"] == "pass" and len(state["hands"][0]["animals"]) == 2
    for seat in sorted(GAME.to_act(state)):
        state = act(
            state, seat, {"type": "pass_animal", "animal": state["hands"][seat]["animals"][0]}
        )
    assert state["phase"] == "turn" and state["active"] == 1


def test_coop_threat_land_lover_forces_every_tile_down():
    state = coop_after_housing("Land Lover")
    assert state["phase"] == "lover"
    assert {m["type"] for m in GAME.legal_moves(state, 0)} == {"place_tile"}
    state = act(state, 0, GAME.legal_moves(state, 0)[0])
    assert state["active"] == 1 and state["phase"] == "turn"


def test_coop_threat_land_theft_removes_the_top_tile_unseen():
    state = coop_after_housing("Land Thief")
    assert len(state["removed"]) == 1 and state["removed"][0] in GAME.secrets(state, 0)


def test_coop_threat_remodeling_forces_a_remodel():
    state = coop_after_housing("Remodeling", place=True)
    assert state["phase"] == "threat_remodel"
    state = act(state, 0, GAME.legal_moves(state, 0)[0])
    state = act(state, 0, GAME.legal_moves(state, 0)[0])
    assert state["active"] == 1


def test_coop_team_wins_when_all_32_animals_are_housed():
    state = begin(players=2, variant="coop")
    clear_hand(state, 0)
    clear_hand(state, 1)
    lay(state, 0, -1, DESERT9)
    for a in [a[0] for a in ANIMALS][1:]:
        house_direct(state, a, 1, 99, 99)
    give(state, 0, TAIPAN5)
    state["animals"] = []
    state = act(state, 0, {"type": "house", "animal": TAIPAN5, "x": 0, "y": -3})
    assert GAME.result(state).won == [True, True]


# ---- rulings checked against the rulebook sentences (issue 14) -------------------------


def test_opponents_cannot_read_the_value_of_a_hand_from_the_shown_scores():
    """Rulebook: "Shuffle the cards and deal facedown": only the holder knows what an unhoused card is
    worth, so another seat's view (and a spectator's) must not change when that hand does."""
    state = begin(players=2)
    house_direct(state, QUOKKA, 0, 0, 0)
    before = {seat: GAME.view(state, seat) for seat in (1, None)}
    held = state["hands"][0]["animals"]
    heavy = max(state["animals"], key=lambda a: ANIMALS[int(a[-2:]) - 1][3])
    state["animals"].remove(heavy)
    state["animals"].insert(0, held.pop())
    held.append(heavy)
    for seat in (1, None):
        assert GAME.view(state, seat) == before[seat]
    assert before[1]["hands"][0]["points"] == 15
    mine = GAME.view(state, 0)["me"]
    assert mine["points"] == 15 and mine["hand_value"] == sum(
        ANIMALS[int(a[-2:]) - 1][3] for a in held
    )


def test_scores_are_not_negative_from_the_first_move():
    """Nobody has housed anything yet, so nobody has lost anything in public either."""
    state = begin(players=3)
    view = GAME.view(state, 1)
    assert [h["points"] for h in view["hands"]] == [0, 0, 0]


def relocation_setup(lock):
    """Seat 1 houses a Taipan in a desert area (padlocked or not); a second desert area waits."""
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DESERT9 if lock else DD_FF)
    lay(state, 1, 0, GRASS9)
    lay(state, 3, 0, "komodo-tile-44")  # DDD / DRG / GGG: desert apart from the first area
    lay(state, 4, 0, DD_FF, 3)
    house_direct(state, TAIPAN5, 1, 0, -3)
    give(state, 0, wild("Relocation"))
    return state


def test_relocation_may_move_another_players_animal_which_keeps_its_points():
    """Hints: "You won't lose any points if an animal is relocated later to a more convenient
    space, by you or another player." """
    state = relocation_setup(lock=False)
    points_before = GAME.view(state, 2)["hands"][1]["points"]
    target = next(m for m in GAME.legal_moves(state, 0) if m["type"] == "relocate")
    assert target["animal"] == TAIPAN5
    state = act(state, 0, target)
    moved = state["housed"][0]
    assert (moved["x"], moved["y"]) == (target["x"], target["y"]) and moved["owner"] == 1
    assert GAME.view(state, 2)["hands"][1]["points"] == points_before == 5
    assert "Player 2's Taipan" in state["log"][-1]


def test_relocation_leaves_another_players_padlocked_animal_alone():
    """A padlock protects its animal; only the owner may move a padlocked animal (ruling)."""
    state = relocation_setup(lock=True)
    assert "relocate" not in types(state, 0)
    board = Board(state["map"], state["housed"])
    spot = next(
        e.anchor()
        for e in board.enclosures
        if e.terrain == "D" and board.enc_of[(0, -3)] != e.index and e.size >= 5
    )
    with pytest.raises(IllegalMove, match="padlock"):
        act(
            state,
            0,
            {
                "type": "relocate",
                "card": wild("Relocation"),
                "animal": TAIPAN5,
                "x": spot[0],
                "y": spot[1],
            },
        )


def coop_exchange_threat(house_both):
    """Seat 0 holds two desert animals and houses one or both, then draws Animal Exchange."""
    state = begin(players=2, variant="coop")
    clear_hand(state, 0)
    lay(state, 0, -1, DD_FF)
    give(state, 0, TAIPAN5, DEVIL5)
    state = act(state, 0, {"type": "house", "animal": TAIPAN5, "x": 0, "y": -3})
    if house_both:
        lay(state, 0, 1, DD_GG)
        state = act(state, 0, {"type": "house", "animal": DEVIL5, "x": 0, "y": 3})
    card = wild("Animal Exchange")
    lift(state, card)
    state["wilds"]["draw"].append(card)
    return act(state, 0, {"type": "end_turn"})


def test_coop_exchange_threat_comes_before_replenishing():
    """Threats come "after placing animal(s), and before replenishing": a player who housed one
    of two animals passes the card still held, not a freshly drawn one, and refills afterwards."""
    state = coop_exchange_threat(house_both=False)
    assert state["phase"] == "pass" and state["hands"][0]["animals"] == [DEVIL5]
    assert {m["animal"] for m in GAME.legal_moves(state, 0)} == {DEVIL5}
    given = state["hands"][1]["animals"][0]
    state = act(state, 0, {"type": "pass_animal", "animal": DEVIL5})
    state = act(state, 1, {"type": "pass_animal", "animal": given})
    assert DEVIL5 in state["hands"][1]["animals"] and given in state["hands"][0]["animals"]
    assert len(state["hands"][0]["animals"]) == 2 and state["active"] == 1


def test_coop_exchange_threat_after_housing_both_replenishes_first():
    """Rulebook: "If you just housed both animals, replenish and then pass one." """
    state = coop_exchange_threat(house_both=True)
    assert state["phase"] == "pass" and len(state["hands"][0]["animals"]) == 2
    assert len(state["hands"][0]["tiles"]) == state["hand_tiles"]


def test_the_end_comes_when_any_player_holds_fewer_than_three_tiles():
    """Rulebook: "When a player holds fewer than three Terrain tiles, then every player, including that
    player, takes one final turn." A Land Thief robbing a player down to two tiles starts the
    final round once the thief's turn ends; the robbed player's next turn is their last, and
    stealing back up to three does not cancel it."""
    state = begin(players=3)
    state["tiles"] += state["hands"][1]["tiles"][3:]
    del state["hands"][1]["tiles"][3:]
    give(state, 0, wild("Land Thief"))
    state = act(state, 0, {"type": "land_thief", "card": wild("Land Thief"), "seat": 1})
    assert len(state["hands"][1]["tiles"]) == 2
    state = act(state, 0, {"type": "replenish"})
    assert state["final_left"] == 3 and "Player 2 holds fewer than three tiles" in state["log"][-1]
    give(state, 1, wild("Land Thief", 1))
    state = act(state, 1, {"type": "land_thief", "card": wild("Land Thief", 1), "seat": 0})
    for seat in (1, 2):
        state = act(state, seat, {"type": "replenish"})
        assert GAME.result(state) is None
    state = act(state, 0, {"type": "replenish"})
    assert GAME.result(state) is not None


# ---- what the board shows (issue 14, "what the boards hide") ---------------------------


def test_every_species_has_its_own_marker_letters():
    """Taipan, Tarsier and Tasmanian Devil (and Quokka and Quoll) must not share a marker."""
    species_names = {a[1] for a in ANIMALS}
    assert set(MARKERS) == species_names
    assert len(set(MARKERS.values())) == len(species_names)
    assert all(1 <= len(m) <= 2 for m in MARKERS.values())


def test_the_animals_not_yet_housed_are_listed_for_everyone():
    """Hints: "Look at the animals yet to be housed (the small markers)": all 32 minus those on
    the map, by species and size only, so no hidden card id is named."""
    state = begin(players=2)
    house_direct(state, QUOKKA, 0, 0, 0)
    waiting = GAME.view(state, None)["unhoused"]
    listed = [(a["species"], a["blocks"]) for group in waiting for a in group["animals"]]
    assert len(listed) == 31 and ("Quokka", 15) not in listed and ("Taipan", 5) in listed
    assert [g["terrain"] for g in waiting] == ["D", "F", "G", "W"]
    assert "komodo-animal" not in repr(waiting)


def test_wild_cards_taken_openly_from_the_tame_display_stay_visible():
    """Tame the Wildness: wild cards lie "faceup on display so everyone can see what is
    available" and are taken in turn, so which cards a player took is public."""
    state = begin(players=3, variant="tame")
    taken = state["hands"][1]["wilds"]
    view = GAME.view(state, 0)
    assert [w["id"] for w in view["hands"][1]["wilds"]] == taken
    assert not set(taken) & GAME.secrets(state, 0)
    basic = begin(players=3)
    assert GAME.view(basic, 0)["hands"][1]["wilds"] is None
    assert set(basic["hands"][1]["wilds"]) <= GAME.secrets(basic, 0)


def test_the_log_describes_a_placement_in_words_with_tile_numbers():
    """No "places a tile at 2, 0": the tile's number (printed on the map), its terrains and
    its neighbour are named."""
    state = clear_hand(begin(), 0)
    give(state, 0, DD_FF)
    state = act(state, 0, {"type": "place_tile", "tile": DD_FF, "x": 0, "y": -1, "rotation": 0})
    line = state["log"][-1]
    assert line.startswith("Player 1 places tile 05 (desert and rainforest) above the Starter")
    assert not re.search(r"-?\d+, -?\d+", line)
    tiles = GAME.view(state, 1)["map"]["tiles"]
    assert {t["number"] for t in tiles} == {"00", "05"}


def marks(seat=None, tiles=(), animals=(), returned=(), passed=(), exchanged=(0, 0)):
    """The view's ``last``: what the most recent move(s) touched."""
    return {"seat": seat, "tiles": list(tiles), "animals": list(animals),
            "returned": list(returned), "passed": list(passed),
            "exchanged": {"tiles": exchanged[0], "animals": exchanged[1]}}


def laid_and_housed(state):
    """Player 1's turn: tile 05 above the Starter, a Taipan housed in its desert, replenish."""
    clear_hand(state, 0)
    give(state, 0, DD_FF, TAIPAN5)
    state = act(state, 0, {"type": "place_tile", "tile": DD_FF, "x": 0, "y": -1, "rotation": 0})
    state = act(state, 0, {"type": "house", "animal": TAIPAN5, "x": 0, "y": -3})
    return act(state, 0, {"type": "replenish"})


def test_the_view_names_what_the_last_turn_touched():
    """The board marks the tiles laid and animals housed in the most recent turn; they stay
    marked while the next player has not moved yet."""
    state = laid_and_housed(begin())
    last = GAME.view(state, None)["last"]
    assert last == marks(0, tiles=[DD_FF], animals=[TAIPAN5])
    marked = [t["tile"] for t in GAME.view(state, None)["map"]["tiles"] if t["last"]]
    assert marked == [DD_FF]
    tile = next(m for m in GAME.legal_moves(state, 1) if m["type"] == "place_tile")
    state = act(state, 1, tile)
    assert GAME.view(state, None)["last"] == marks(1, tiles=[tile["tile"]])


def unmarked_map(view):
    return not [t for t in view["map"]["tiles"] if t["last"]] + [
        m for m in view["map"]["markers"] if m["last"]]


def test_a_turn_spent_exchanging_replaces_the_last_turns_marks():
    """"Instead of the above, you may exchange either Terrain tiles OR Animal cards": such a
    turn changes no map square, yet it is the last move now, so the previous turn's tile and
    marker are no longer marked; the board marks who exchanged and how many (public: the log
    says it, the cards themselves go face down to the bottom of the pile)."""
    state = laid_and_housed(begin())
    state = act(state, 1, {"type": "exchange_animals", "animals": state["hands"][1]["animals"]})
    view = GAME.view(state, None)
    assert view["last"] == marks(1, exchanged=(0, 2)) and unmarked_map(view)
    state = act(state, 2, {"type": "exchange_tiles", "tiles": state["hands"][2]["tiles"][:3]})
    assert GAME.view(state, None)["last"] == marks(2, exchanged=(3, 0))


def test_the_first_move_of_a_turn_that_changes_no_map_square_clears_the_marks():
    """A turn's marks start with its first move, whatever it changes: discarding a wild card
    unused ends what the previous turn's marks say is the last move, and a turn of only
    replenishing leaves its player marked as the one who played last, with nothing on the map."""
    state = laid_and_housed(begin())
    card = state["hands"][1]["wilds"][0]
    state = act(state, 1, {"type": "discard_wild", "card": card})
    view = GAME.view(state, None)
    assert view["last"] == marks(1) and unmarked_map(view)
    state = act(state, 1, {"type": "replenish"})
    state = act(state, 2, {"type": "replenish"})
    assert GAME.view(state, None)["last"] == marks(2)


def test_the_opening_pick_is_marked_once_everyone_has_given_back_a_card():
    """"Players choose two to start the game; the returned cards are shuffled back into the draw
    pile": once the last player has chosen, the board marks that every player gave back a card
    (public: each hand drops to two), never which card anyone gave back or kept. The pick is
    everyone's at once, so no single player is marked as having played last; the mark stays
    until the first turn's first move, as a turn's marks do."""
    state = dealt(3)
    for s in (0, 1):
        state = act(state, s, {"type": "return_animal", "animal": state["hands"][s]["animals"][0]})
        assert GAME.view(state, None)["last"] is None
    state = act(state, 2, {"type": "return_animal", "animal": state["hands"][2]["animals"][0]})
    for seat in (None, 0, 1, 2):
        last = GAME.view(state, seat)["last"]
        assert last == marks(returned=[0, 1, 2])
        assert not [a for a, *_ in ANIMALS if a in repr(last)]
    tile = next(m for m in GAME.legal_moves(state, 0) if m["type"] == "place_tile")
    state = act(state, 0, tile)
    assert GAME.view(state, None)["last"] == marks(0, tiles=[tile["tile"]])


def test_each_tame_pick_is_marked_as_the_last_move():
    """Tame the Wildness: after the opening pick each player in turn takes a wild card from the
    display, in the open; each take is the last move, so it replaces the opening's marks."""
    state = dealt(3, "tame")
    for s in range(3):
        state = act(state, s, {"type": "return_animal", "animal": state["hands"][s]["animals"][0]})
    for s in range(3):
        state = act(state, s, GAME.legal_moves(state, s)[0])
        assert GAME.view(state, None)["last"] == marks(s)


def test_an_animal_exchange_is_marked_once_every_card_is_passed():
    """"Everyone passes one Animal card from their hand to the player on their left [...] If a
    player is not holding an Animal card then they are not given one": while the picks are
    secret only the player of the Exchange card is marked; once the last card is passed, the
    board marks every player who passed a card and received one (the holders, public in the
    pending pick), never which card anyone passed or received, for every seat and spectators.
    The next turn's first move replaces the mark."""
    state = begin(players=4)
    clear_hand(state, 2)
    give(state, 0, wild("Animal Exchange"))
    state = act(state, 0, {"type": "animal_exchange", "card": wild("Animal Exchange")})
    for seat in (0, 1):
        state = act(state, seat, {"type": "pass_animal",
                                  "animal": state["hands"][seat]["animals"][0]})
        assert GAME.view(state, None)["last"] == marks(0)
    state = act(state, 3, {"type": "pass_animal", "animal": state["hands"][3]["animals"][0]})
    for seat in (None, 0, 1, 2, 3):
        view = GAME.view(state, seat)
        assert view["last"] == marks(0, passed=[0, 1, 3])
        assert not [a for a, *_ in ANIMALS if a in repr(view["last"])]
        assert not find_leaks(json.dumps(view), GAME.secrets(state, seat))
    state = act(state, 0, {"type": "replenish"})
    assert GAME.view(state, None)["last"] == marks(0, passed=[0, 1, 3])
    state = act(state, 1, {"type": "replenish"})
    assert GAME.view(state, None)["last"] == marks(1)


def test_two_markers_on_one_block_are_drawn_apart():
    """A 5 and a 10 of one species share their land; both markers must stay readable."""
    state = clear_hand(begin(), 0)
    lay(state, 0, -1, DESERT9)
    house_direct(state, TAIPAN5, 0, 0, -3)
    house_direct(state, TAIPAN10, 1, 0, -3)
    markers = GAME.view(state, 2)["map"]["markers"]
    assert {(m["x"], m["y"]) for m in markers} == {(0, -3)}  # where the rules say they stand
    assert len({m["shift"] for m in markers}) == 2


# ---- per-seat staleness ------------------------------------------------------------------


def test_another_seats_secret_pick_leaves_my_decision_basis_alone():
    """Keeping two of three animal cards and passing one in an Animal Exchange are picked by
    everyone at once and face down: someone else choosing first changes nothing about my
    choice, but the end of the picking (the cards change hands) does."""
    options, seats = resolve_options(GAME, 3, {})
    state = start(GAME, 6, 3, options, seats)
    mine = GAME.decision_basis(state, 0)
    state = act(state, 1, {"type": "return_animal", "animal": state["hands"][1]["animals"][0]})
    assert GAME.decision_basis(state, 0) == mine
    state = begin(players=3)
    give(state, 0, wild("Animal Exchange"))
    state = act(state, 0, {"type": "animal_exchange", "card": wild("Animal Exchange")})
    mine = GAME.decision_basis(state, 2)
    state = act(state, 1, {"type": "pass_animal", "animal": state["hands"][1]["animals"][0]})
    assert GAME.decision_basis(state, 2) == mine
    state = act(state, 0, {"type": "pass_animal", "animal": state["hands"][0]["animals"][0]})
    assert GAME.decision_basis(state, 2) == mine
    before = GAME.decision_basis(state, 1)
    state = act(state, 2, {"type": "pass_animal", "animal": state["hands"][2]["animals"][0]})
    assert GAME.decision_basis(state, 1) != before
