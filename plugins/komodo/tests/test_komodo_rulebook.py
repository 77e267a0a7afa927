"""Komodo rules checked sentence by sentence against the rulebook (the audit's checklist).

Each test names the rule it checks; its docstring says the rule in our own words. Rules the
older rules tests already cover are not repeated here: these are the ones a scenario written
from the rulebook would try and nothing checked before.
"""

from __future__ import annotations

from collections import Counter

import pytest
from django.template.loader import render_to_string
from komodo.catalog import ANIMALS, TILES, WILDS
from komodo.rules import WILD
from komodo.testing import (
    DD_FF,
    DD_GG,
    DESERT9,
    DEVIL5,
    GAME,
    GRASS9,
    HORNBILL,
    QUOLL5,
    RAINFOREST9,
    TAIPAN5,
    TAIPAN10,
    WATER9,
    act,
    begin,
    dealt,
    give,
    house_direct,
    lay,
    lift,
    wild,
)

from core.engine import IllegalMove


def empty_hand(state, seat):
    """Put a seat's cards back under their piles, so the tests choose what it holds."""
    hand = state["hands"][seat]
    state["tiles"][:0] = hand["tiles"]
    state["animals"][:0] = hand["animals"]
    if state["variant"] == "tame":
        state["display"] = sorted(state["display"] + hand["wilds"])
    else:
        state["wilds"]["draw"][:0] = hand["wilds"]
    hand["tiles"], hand["animals"], hand["wilds"] = [], [], []
    return state


def let_loose(state, animal, owner):
    lift(state, animal)
    state["loose"].append({"animal": animal, "owner": owner})
    return state


def moves_of(state, seat, kind):
    return [m for m in GAME.legal_moves(state, seat) if m["type"] == kind]


def end_now(state):
    state["over"], state["phase"] = True, "over"
    return GAME.result(state)


def threat_next(state, kind):
    """Put a wild card of this kind on top of the co-op threat pile."""
    card = next(w for w, k in WILDS if k == kind and w not in state["wilds"]["discard"])
    lift(state, card)
    state["wilds"]["draw"].append(card)
    return state


# ---- components and set-up ---------------------------------------------------------------


def test_eight_species_have_a_five_and_a_ten_and_the_weta_lives_alone():
    """Eight of the 24 species come as a 5-block and a 10-block card; the Weta is a 10 with no
    partner; an animal scores the blocks it needs."""
    cards = Counter(a[1] for a in ANIMALS)
    pairs = {name for name, n in cards.items() if n == 2}
    assert len(cards) == 24 and len(pairs) == 8
    for name in pairs:
        assert sorted(a[3] for a in ANIMALS if a[1] == name) == [5, 10]
    assert cards["Weta"] == 1 and next(a[3] for a in ANIMALS if a[1] == "Weta") == 10


def test_the_reconstructed_tiles_hold_110_blocks_of_each_terrain_for_100_wanted():
    """The how-to-play page's figures for the reconstruction: each terrain has 110 blocks on the
    tiles and its animals need 100 in all; ten tiles have a rock, eight a padlock."""
    on_tiles = Counter(c for t in TILES for row in t[2] for c in row)
    wanted = Counter()
    for _aid, _name, terrain, blocks in ANIMALS:
        wanted[terrain] += blocks
    assert {t: on_tiles[t] for t in "DFGW"} == dict.fromkeys("DFGW", 110)
    assert wanted == dict.fromkeys("DFGW", 100)
    assert on_tiles["R"] == 10 and sum(1 for t in TILES if t[3]) == 8
    page = render_to_string("komodo/how_to_play.html", {})
    assert "110 blocks" in page and "need 100" in page and "Eight tiles show a padlock" in page


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_basic_deal_leaves_the_rest_face_down_with_recycling_in_the_wild_pile(players):
    """Five tiles, three animal cards (one goes back and is shuffled in) and two wild cards
    each; the Recycling cards are never dealt, so both wait in the wild pile."""
    state = begin(players)
    assert len(state["tiles"]) == 49 - 5 * players
    assert len(state["animals"]) == 32 - 2 * players
    assert len(state["wilds"]["draw"]) == 20 - 2 * players and not state["wilds"]["discard"]
    assert Counter(WILD[w] for w in state["wilds"]["draw"])["Recycling"] == 2
    assert all(len(h["animals"]) == 2 and len(h["tiles"]) == 5 for h in state["hands"])


def test_the_cooperative_difficulty_changes_nothing_in_the_basic_game():
    """The tile levels (5, 4, 3) belong to the co-operative game alone."""
    state = dealt(2, "basic", difficulty=3)
    assert [len(h["tiles"]) for h in state["hands"]] == [5, 5]


@pytest.mark.parametrize("players", [2, 4])
def test_tame_deals_no_wild_cards_and_shows_all_but_recycling(players):
    """Tame the Wildness: the two Recycling cards leave the game and the other eighteen lie face
    up; nobody is dealt any, each player takes one in turn after seeing their hand."""
    state = dealt(players, "tame")
    assert all(not h["wilds"] for h in state["hands"])
    assert len(state["display"]) == 18 and "Recycling" not in {WILD[w] for w in state["display"]}
    state = begin(players, "tame")
    assert len(state["display"]) == 18 - players
    assert all(len(h["wilds"]) == 1 for h in state["hands"])


@pytest.mark.parametrize("players", [2, 4])
def test_the_cooperative_threat_pile_holds_the_ten_threat_cards(players):
    """Co-op: Animal Request, Animals on Tap, Land Barter, Relocation and Recycling (ten cards)
    leave the game; the other ten lie face down as the threat pile; nobody holds wild cards,
    and nobody gives an animal card back."""
    state = begin(players, "coop", difficulty=4)
    threats = Counter(WILD[w] for w in state["wilds"]["draw"])
    assert threats == {
        "Animal Escapes": 2,
        "Animal Exchange": 2,
        "Land Lover": 2,
        "Land Thief": 2,
        "Remodeling": 2,
    }
    assert all(not h["wilds"] for h in state["hands"])
    assert len(state["animals"]) == 32 - 2 * players
    assert len(state["tiles"]) == 49 - 4 * players


# ---- exchange turns ----------------------------------------------------------------------


def test_exchanging_all_five_tiles_puts_them_under_the_pile_and_draws_from_the_top():
    """An exchange turn may swap any number of tiles; the returned ones go to the bottom of
    the pile, so the new ones are the top of the pile, and the turn passes on."""
    state = begin()
    old = list(state["hands"][0]["tiles"])
    top = set(state["tiles"][-5:])
    state = act(state, 0, {"type": "exchange_tiles", "tiles": old})
    assert set(state["hands"][0]["tiles"]) == top
    assert set(state["tiles"][:5]) == set(old)
    assert state["active"] == 1 and len(state["hands"][0]["wilds"]) == 2


def test_exchanging_animal_cards_puts_them_under_the_pile():
    """Animal cards may be exchanged the same way, to the bottom of the animal pile."""
    state = begin()
    old = list(state["hands"][0]["animals"])
    top = set(state["animals"][-2:])
    state = act(state, 0, {"type": "exchange_animals", "animals": old})
    assert set(state["hands"][0]["animals"]) == top and set(state["animals"][:2]) == set(old)
    assert state["active"] == 1


def test_an_exchange_must_come_before_any_other_action_even_a_thrown_away_wild_card():
    """Ruling: an exchange is the whole turn, so throwing a wild card away unused (like playing
    one) commits the turn to building; the how-to-play page says so."""
    state = begin()
    give(state, 0, wild("Land Thief"))
    state = act(state, 0, {"type": "discard_wild", "card": wild("Land Thief")})
    assert not moves_of(state, 0, "exchange_tiles") and not moves_of(state, 0, "exchange_animals")
    with pytest.raises(IllegalMove, match="whole turn"):
        act(state, 0, {"type": "exchange_animals", "animals": state["hands"][0]["animals"][:1]})
    page = render_to_string("komodo/how_to_play.html", {})
    assert "played or thrown away a wild card, you can no longer exchange" in page


# ---- wild cards --------------------------------------------------------------------------


def test_all_three_wild_cards_may_be_played_in_one_turn():
    """A player may play any, none or all of the three wild cards they hold in one turn; played
    cards lie face up on the discard pile."""
    state = empty_hand(begin(), 0)
    cards = [wild("Animals on Tap"), wild("Land Thief"), wild("Animal Request")]
    give(state, 0, *cards)
    state = act(state, 0, {"type": "on_tap", "card": cards[0]})
    state = act(state, 0, {"type": "land_thief", "card": cards[1], "seat": 1})
    state = act(state, 0, {"type": "request", "card": cards[2], "terrain": "W"})
    state = act(state, 0, {"type": "request_decline", "keep": False})
    assert not state["hands"][0]["wilds"] and set(cards) <= set(state["wilds"]["discard"])
    shown = {w["id"] for w in GAME.view(state, 2)["wild_discard"]}
    assert set(cards) <= shown


def test_only_one_wild_card_a_turn_may_be_discarded_unused():
    """One wild card may be thrown away unused in a turn, face up on the discard pile."""
    state = empty_hand(begin(), 0)
    give(state, 0, wild("Land Thief"), wild("Relocation"))
    state = act(state, 0, {"type": "discard_wild", "card": wild("Land Thief")})
    assert state["wilds"]["discard"] == [wild("Land Thief")]
    assert not moves_of(state, 0, "discard_wild")
    with pytest.raises(IllegalMove, match="only one"):
        act(state, 0, {"type": "discard_wild", "card": wild("Relocation")})


def test_no_wild_card_may_be_played_once_the_hand_is_replenished():
    """Replenishing ends the turn: the wild cards wait until the player's next turn."""
    state = begin()
    give(state, 0, wild("Land Thief"))
    state = act(state, 0, {"type": "replenish"})
    assert GAME.legal_moves(state, 0) == []
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "land_thief", "card": wild("Land Thief"), "seat": 1})


def test_housing_both_animals_earns_a_single_wild_card():
    """Housing one or both animals from the hand earns one wild card at the end of the turn."""
    state = empty_hand(begin(), 0)
    lay(state, 0, -1, DESERT9)
    give(state, 0, TAIPAN5, TAIPAN10)
    state = act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    state = act(state, 0, {"type": "house", "animal": TAIPAN5, "x": 0, "y": -3})
    state = act(state, 0, {"type": "replenish"})
    assert len(state["hands"][0]["wilds"]) == 1 and len(state["hands"][0]["animals"]) == 2


def test_an_empty_wild_pile_is_refilled_from_the_shuffled_discards():
    """When the wild cards have all been taken, the discard pile is shuffled into a new pile."""
    state = empty_hand(begin(), 0)
    lay(state, 0, -1, DESERT9)
    give(state, 0, TAIPAN10)
    discards = list(state["wilds"]["draw"][:3])
    state["removed"] += state["wilds"]["draw"][3:]  # the rest of the pile is out of this test
    state["wilds"] = {"draw": [], "discard": discards}
    state = act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    state = act(state, 0, {"type": "replenish"})
    assert len(state["hands"][0]["wilds"]) == 1 and state["hands"][0]["wilds"][0] in discards
    assert not state["wilds"]["discard"] and len(state["wilds"]["draw"]) == 2


# ---- animals on the loose ----------------------------------------------------------------


def test_the_owner_may_house_from_hand_and_rehouse_a_loose_animal_in_one_turn():
    """An animal on the loose may be re-housed by its owner on top of the turn's other actions,
    housing from the hand included."""
    state = empty_hand(begin(), 0)
    lay(state, 0, -1, DD_FF)
    lay(state, 1, 0, GRASS9)
    let_loose(state, TAIPAN5, 0)
    give(state, 0, QUOLL5)
    state = act(state, 0, {"type": "house", "animal": QUOLL5, "x": 3, "y": 0})
    state = act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
    assert {(h["animal"], h["owner"]) for h in state["housed"]} == {(QUOLL5, 0), (TAIPAN5, 0)}


def test_rehousing_your_own_loose_animal_earns_no_wild_card():
    """Only an animal housed from the hand earns a wild card, not one brought back from the
    loose."""
    state = empty_hand(begin(), 0)
    lay(state, 0, -1, DD_FF)
    let_loose(state, TAIPAN5, 0)
    state = act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
    state = act(state, 0, {"type": "replenish"})
    assert state["hands"][0]["wilds"] == []


def test_a_rescued_animal_scores_for_its_rescuer_and_earns_no_wild_card():
    """Re-housing another player's loose animal takes its card: it now scores for the rescuer,
    not for the player who let it go; it was not housed from the hand, so no wild card."""
    state = empty_hand(begin(players=2), 0)
    empty_hand(state, 1)
    lay(state, 0, -1, DD_FF)
    let_loose(state, TAIPAN5, 1)
    state = act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
    state = act(state, 0, {"type": "replenish"})
    assert state["hands"][0]["wilds"] == []
    empty_hand(state, 0)
    empty_hand(state, 1)
    assert end_now(state).scores == [5, 0]


def test_a_rescued_animal_left_unlocked_may_be_stolen_back():
    """The rescuer owns the card, but without a padlock its former keeper may set it loose
    again (then it stands in front of the rescuer) and, on a later turn, rescue it back."""
    state = begin(players=2)
    lay(state, 0, -1, DD_FF)
    let_loose(state, TAIPAN5, 1)
    state = act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
    state = act(state, 0, {"type": "replenish"})
    give(state, 1, wild("Animal Escapes"))
    state = act(state, 1, {"type": "escape", "cards": [wild("Animal Escapes")], "animal": TAIPAN5})
    assert state["loose"] == [{"animal": TAIPAN5, "owner": 0}]
    assert not moves_of(state, 1, "rehouse")  # not in the turn it was released
    state = act(state, 1, {"type": "replenish"})
    state = act(state, 0, {"type": "replenish"})  # its new keeper leaves it on the loose
    state = act(state, 1, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
    assert state["housed"] == [{"animal": TAIPAN5, "owner": 1, "x": 0, "y": -3, "lock": False}]


# ---- fives and tens ----------------------------------------------------------------------


def test_a_five_and_a_ten_of_one_species_score_for_each_of_their_keepers():
    """The 5 of a species may join its 10 in the same land; both markers stay and each keeper
    scores the points on their own card."""
    state = empty_hand(begin(players=2), 0)
    lay(state, 0, -1, DESERT9)
    give(state, 0, TAIPAN10)
    give(state, 1, TAIPAN5)
    state = act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    state = act(state, 0, {"type": "replenish"})
    state = act(state, 1, {"type": "house", "animal": TAIPAN5, "x": 2, "y": -1})
    assert len({(h["x"], h["y"]) for h in state["housed"]}) == 2  # two markers on the map
    empty_hand(state, 0)
    empty_hand(state, 1)
    assert end_now(state).scores == [10, 5]


# ---- scoring -----------------------------------------------------------------------------


def test_equal_points_and_equal_species_share_the_place():
    """Most points wins; equal points go to the most species housed; equal on both, the players
    share the place."""
    state = empty_hand(begin(players=3), 0)
    for s in (1, 2):
        empty_hand(state, s)
    house_direct(state, TAIPAN10, 0, 0, 0)
    house_direct(state, "komodo-animal-13", 1, 0, 0)  # Weta, 10
    house_direct(state, QUOLL5, 2, 0, 0)
    result = end_now(state)
    assert result.scores == [10, 10, 5] and result.ranks == [1, 1, 3]


# ---- wild card details -------------------------------------------------------------------


def test_the_player_of_animal_exchange_may_house_the_card_received_at_once():
    """Everyone passes one animal card left; the player who played Animal Exchange may house
    the card they were given in the same turn (and earns a wild card for it)."""
    state = empty_hand(begin(players=2), 0)
    empty_hand(state, 1)
    lay(state, 0, -1, DESERT9)
    give(state, 0, wild("Animal Exchange"), QUOLL5)
    give(state, 1, TAIPAN10)
    state = act(state, 0, {"type": "animal_exchange", "card": wild("Animal Exchange")})
    state = act(state, 0, {"type": "pass_animal", "animal": QUOLL5})
    state = act(state, 1, {"type": "pass_animal", "animal": TAIPAN10})
    assert state["hands"][1]["animals"] == [QUOLL5] and state["active"] == 0
    state = act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    state = act(state, 0, {"type": "replenish"})
    assert len(state["hands"][0]["wilds"]) == 1


def test_animal_request_never_shows_animals_on_the_loose():
    """Animals on the loose are not part of an Animal Request: only cards in hand are shown."""
    state = empty_hand(begin(players=2), 0)
    empty_hand(state, 1)
    give(state, 0, wild("Animal Request"), DEVIL5)
    give(state, 1, QUOLL5)
    let_loose(state, HORNBILL, 1)
    state = act(state, 0, {"type": "request", "card": wild("Animal Request"), "terrain": "G"})
    assert state["pending"]["revealed"] == {"1": [QUOLL5]}
    assert {m["take"] for m in moves_of(state, 0, "request_swap")} == {QUOLL5}


def test_a_kept_request_card_may_be_played_again_on_a_later_turn():
    """A declined Animal Request may be kept to try again later: not in the same turn, but on
    the player's next one."""
    state = begin(players=2)
    card = wild("Animal Request")
    give(state, 0, card)
    state = act(state, 0, {"type": "request", "card": card, "terrain": "D"})
    state = act(state, 0, {"type": "request_decline", "keep": True})
    assert not [m for m in moves_of(state, 0, "request") if m["card"] == card]
    state = act(state, 0, {"type": "replenish"})
    state = act(state, 1, {"type": "replenish"})
    assert {"type": "request", "card": card, "terrain": "W"} in GAME.legal_moves(state, 0)


def test_land_lover_with_a_stolen_tile_lays_all_six():
    """Land Lover lifts the three-tile limit: every tile held must go down, six after a Land
    Thief, before the player may replenish."""
    state = empty_hand(begin(players=2), 0)
    empty_hand(state, 1)
    give(state, 0, wild("Land Thief"), wild("Land Lover"))
    give(state, 0, DESERT9, RAINFOREST9, GRASS9, WATER9, DD_FF)
    give(state, 1, DD_GG)
    state = act(state, 0, {"type": "land_thief", "card": wild("Land Thief"), "seat": 1})
    assert len(state["hands"][0]["tiles"]) == 6
    state = act(state, 0, {"type": "land_lover", "card": wild("Land Lover")})
    while state["hands"][0]["tiles"]:
        assert not moves_of(state, 0, "replenish")
        state = act(state, 0, moves_of(state, 0, "place_tile")[0])
    assert state["turn"]["placed"] == 6 and len(state["map"]) == 7
    assert moves_of(state, 0, "replenish")


# ---- Tame the Wildness -------------------------------------------------------------------


def test_tame_no_wild_card_for_rehousing_a_loose_animal():
    """Tame: a wild card of your choice is earned by housing from the hand, not one on the
    loose."""
    state = empty_hand(begin(variant="tame"), 0)
    lay(state, 0, -1, DD_FF)
    let_loose(state, TAIPAN5, 0)
    state = act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
    assert [m for m in moves_of(state, 0, "replenish") if "wild" in m] == []


def test_tame_a_player_may_hold_two_wild_cards_of_one_kind():
    """Tame: two wild cards of the same kind may be held (the bar is only on taking a kind used
    in that same turn)."""
    state = empty_hand(begin(variant="tame"), 0)
    lay(state, 0, -1, DESERT9)
    give(state, 0, wild("Land Thief"), TAIPAN10)
    state = act(state, 0, {"type": "house", "animal": TAIPAN10, "x": 0, "y": -3})
    state = act(state, 0, {"type": "replenish", "wild": "Land Thief"})
    assert [WILD[w] for w in state["hands"][0]["wilds"]] == ["Land Thief", "Land Thief"]
    assert "Land Thief" not in {d["kind"] for d in GAME.view(state, 1)["display"]}


# ---- Collaborate to Save the Animals -----------------------------------------------------


def coop_housed(seat_tile=DD_FF, players=2):
    """Co-op, seat 0 to play, with a desert area and a Taipan housed there this turn."""
    state = empty_hand(begin(players, "coop"), 0)
    lay(state, 0, -1, seat_tile)
    give(state, 0, TAIPAN5)
    return act(state, 0, {"type": "house", "animal": TAIPAN5, "x": 0, "y": -3})


def test_coop_animal_cards_are_still_drawn_once_the_tiles_are_gone():
    """Co-op: players keep taking animal cards (and trying to house them) after the last tile
    is drawn."""
    state = coop_housed()
    state["removed"] += state["tiles"]
    state["tiles"] = []
    state = threat_next(state, "Land Thief")  # with no tiles left it takes nothing
    state = act(state, 0, {"type": "end_turn"})
    assert len(state["hands"][0]["animals"]) == 2 and state["active"] == 1


def test_coop_the_threat_pile_is_reshuffled_when_used_up():
    """Co-op: when the threat pile runs out its turned-over cards are shuffled into a new one."""
    state = coop_housed()
    card = wild("Land Thief")
    lift(state, card)
    state["removed"] += state["wilds"]["draw"]
    state["wilds"] = {"draw": [], "discard": [card]}
    removed = len(state["removed"])
    state = act(state, 0, {"type": "end_turn"})
    assert state["wilds"] == {"draw": [], "discard": [card]}
    assert len(state["removed"]) == removed + 1  # the Land Theft took the top tile


def test_coop_escape_threat_spares_padlocked_animals():
    """Co-op Animal Escapes: only an unlocked animal can escape; with none, nothing happens."""
    state = threat_next(coop_housed(seat_tile=DESERT9), "Animal Escapes")  # padlocked desert
    state = act(state, 0, {"type": "end_turn"})
    assert state["phase"] == "turn" and state["active"] == 1 and not state["loose"]


def test_coop_an_escaped_animal_not_rehoused_on_the_next_turn_loses_the_game():
    """Co-op: the animal that escaped to a player must be re-housed on that player's next turn,
    or the team loses (even if another animal was housed)."""
    state = empty_hand(begin(2, "coop"), 0)
    lay(state, 0, -1, DD_FF)
    lay(state, 1, 0, GRASS9)
    let_loose(state, TAIPAN5, 0)
    state["coop"]["must"].append(TAIPAN5)
    give(state, 0, QUOLL5)
    state = act(state, 0, {"type": "house", "animal": QUOLL5, "x": 3, "y": 0})
    state = act(state, 0, {"type": "end_turn"})
    result = GAME.result(state)
    assert result.won == [False, False] and "did not re-house" in result.details["lost"]


def test_coop_a_teammate_may_rehouse_an_escaped_animal_instead_of_housing_from_hand():
    """Co-op: the animal that escaped to a player may be re-housed by a teammate, as a rescue in
    their own turn; that counts as their housing and meets the obligation."""
    state = empty_hand(begin(2, "coop"), 0)
    lay(state, 0, -1, DD_FF)
    lay(state, 1, 0, GRASS9)
    let_loose(state, TAIPAN5, 1)
    state["coop"]["must"].append(TAIPAN5)
    give(state, 0, QUOLL5)
    assert moves_of(state, 0, "house")
    state = act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
    assert not moves_of(state, 0, "house") and state["coop"]["must"] == []
    state = threat_next(state, "Land Thief")
    state = act(state, 0, {"type": "end_turn"})
    assert GAME.result(state) is None and state["active"] == 1
    assert state["housed"][0]["owner"] == 0
    page = render_to_string("komodo/how_to_play.html", {})
    assert "A teammate may re-house it for you" in page


def test_coop_a_land_lover_threat_that_cannot_be_met_loses_the_game():
    """Co-op Land Lover: every remaining tile must be laid; a tile that fits nowhere means the
    challenge cannot be met, and the team loses."""
    state = coop_housed(seat_tile=DESERT9)
    lay(state, 1, 0, RAINFOREST9)
    lay(state, 0, 1, GRASS9)
    lay(state, -1, 0, DD_GG, 1)  # its outer edges show desert and grassland only
    give(state, 0, WATER9)  # no water shows anywhere along the map's edge
    state = threat_next(state, "Land Lover")
    state = act(state, 0, {"type": "end_turn"})
    result = GAME.result(state)
    assert result.won == [False, False] and "Land Lover" in result.details["lost"]


# ---- Remodeling may leave an island (publisher's answer) ---------------------------------


def island_after_remodeling():
    """A line of three tiles (Starter, a desert-and-rainforest tile, an all-desert tile); the
    middle one is lifted with Remodeling and laid down away from the far end, which is left
    standing alone."""
    state = empty_hand(begin(players=2), 0)
    lay(state, 0, -1, DD_FF)
    lay(state, 0, -2, DESERT9)
    give(state, 0, wild("Remodeling"))
    lifts = {m["tile"] for m in moves_of(state, 0, "remodel")}
    assert DD_FF in lifts  # the middle of the line, though lifting it parts the map
    state = act(state, 0, {"type": "remodel", "card": wild("Remodeling"), "tile": DD_FF})
    away = next(m for m in GAME.legal_moves(state, 0) if abs(m["x"]) + abs(m["y"] + 2) > 1)
    return act(state, 0, away)


def test_remodeling_may_lift_a_tile_that_leaves_part_of_the_map_as_an_island():
    """Ruling (Remodeling, with the publisher's answer that a disconnected island is fine): any
    placed tile but the Starter with no marker on it may be lifted, even one whose removal
    parts the map; later tiles may be laid against the island like any tile in play."""
    state = island_after_remodeling()
    assert state["phase"] == "turn" and state["map"]["0,-2"] == [DESERT9, 0]
    assert "0,-1" not in state["map"]
    give(state, 0, DD_GG)
    spots = {(m["x"], m["y"], m["rotation"]) for m in moves_of(state, 0, "place_tile")}
    assert (0, -3, 2) in spots  # turned round, its desert meets the island's from above


def test_a_tile_standing_alone_may_be_lifted_and_put_back_as_it_was():
    """A lifted tile may always go back exactly where it lay, also when it stood alone."""
    state = act(island_after_remodeling(), 0, {"type": "replenish"})
    give(state, 1, wild("Remodeling", 1))
    state = act(state, 1, {"type": "remodel", "card": wild("Remodeling", 1), "tile": DESERT9})
    back = {"type": "remodel_place", "x": 0, "y": -2, "rotation": 0}
    assert back in GAME.legal_moves(state, 1)
    state = act(state, 1, back)
    assert state["map"]["0,-2"] == [DESERT9, 0] and state["phase"] == "turn"
    assert "back where it was" in state["log"][-1]


def test_at_the_end_the_animal_cards_left_in_hand_are_shown_to_everyone():
    """Scoring takes off the animals still in each hand, so at the end the hands are laid open:
    every seat (and a spectator) sees what each player is charged for."""
    state = empty_hand(begin(players=2), 0)
    state["removed"] += state["tiles"]
    state["tiles"] = []
    give(state, 0, DESERT9, GRASS9, TAIPAN10)
    state = act(state, 0, {"type": "replenish", "animals": 0})
    assert GAME.view(state, 1)["hands"][0]["animals"] is None  # the final round: still hidden
    state = act(state, 1, {"type": "replenish", "animals": 0})
    state = act(state, 0, {"type": "replenish", "animals": 0})
    assert GAME.result(state).breakdown[0]["animals left in hand"] == -10
    for seat in (1, None):
        shown = GAME.view(state, seat)["hands"][0]["animals"]
        assert [a["id"] for a in shown] == [TAIPAN10]
        assert TAIPAN10 not in GAME.secrets(state, seat)


# ---- a rescue is a kind of turn ------------------------------------------------------------


def rescue_table():
    """Player 2's Taipan is on the loose beside a free 6-block desert; Player 1 holds a Quoll
    with grassland to house it in, a tile and two wild cards."""
    state = empty_hand(begin(players=2), 0)
    lay(state, 0, -1, DD_FF)
    lay(state, 1, 0, GRASS9)
    let_loose(state, TAIPAN5, 1)
    return give(state, 0, QUOLL5, DD_GG, wild("Land Thief"), wild("Relocation"))


def test_rescuing_another_players_animal_is_the_whole_turn():
    """Re-housing another player's loose animal is one of the kinds of turn, instead of laying
    tiles, playing wild cards and housing: after it, only the end of the turn is left."""
    state = act(rescue_table(), 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
    assert {m["type"] for m in GAME.legal_moves(state, 0)} == {"replenish"}
    refused = [
        {"type": "place_tile", "tile": DD_GG, "x": -1, "y": -1, "rotation": 0},
        {"type": "house", "animal": QUOLL5, "x": 3, "y": 0},
        {"type": "land_thief", "card": wild("Land Thief"), "seat": 1},
        {"type": "discard_wild", "card": wild("Relocation")},
    ]
    for move in refused:
        with pytest.raises(IllegalMove, match="re-housed another|whole turn"):
            act(state, 0, move)
    state = act(state, 0, {"type": "replenish"})
    assert state["active"] == 1 and state["housed"][0]["owner"] == 0


@pytest.mark.parametrize(
    "first",
    [
        {"type": "place_tile", "tile": DD_GG, "x": -1, "y": -1, "rotation": 0},
        {"type": "discard_wild", "card": wild("Relocation")},
    ],
)
def test_no_rescue_once_the_turn_has_begun_otherwise(first):
    """A rescue must be the turn's first and only action: after laying a tile or playing (even
    throwing away) a wild card, another player's loose animal stays where it is."""
    state = act(rescue_table(), 0, first)
    assert not moves_of(state, 0, "rehouse")
    with pytest.raises(IllegalMove, match="whole turn"):
        act(state, 0, {"type": "rehouse", "animal": TAIPAN5, "x": 0, "y": -3})
