"""A rules audit against the Lodges rulebook and the reconstructed base game: the rule sentences
the other test files leave out, each checked the way a player who owns the box would."""

import random

import pytest
from kavango import catalog as cat
from kavango.rules import lodges, scoring
from kavango.rules.draft import end_turn
from kavango.rules.reserve import empty_cells, requirement_gaps
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
from core.engine.testing_bots import check_sample


def take(state, deck, kind):
    """A real card of ``kind`` out of a deck, so the table still holds every card once."""
    found = next(c for c in state["decks"][deck] if cat.kind_of(c) == kind)
    state["decks"][deck].remove(found)
    return found


# ---- food symbols --------------------------------------------------------------------------
def test_a_termite_counts_as_itself_and_as_an_invertebrate():
    """Termites (and bees) are invertebrates: a termite mound meets a termite requirement and
    an invertebrate one at the same time, and each requirement is checked on its own. The
    Bat-eared Fox (termite 1, invertebrate 2) is met by a termite mound plus one plain
    invertebrate, not by the termite mound alone."""
    state = to_draft(new_game(2))
    p = state["p"][0]
    p["landscape"] = "yellow"  # grass and tree: no invertebrate printed on the board
    p["producers"] = ["kav-termite-1"]
    assert requirement_gaps(state, p, card("bat_eared_fox")) == ["1 more invertebrate"]
    p["producers"].append("kav-invert-1")
    assert requirement_gaps(state, p, card("bat_eared_fox")) == []


# ---- Lodges --------------------------------------------------------------------------------
def test_a_lodge_card_asking_twice_for_a_type_needs_two_animals_of_it():
    """The four animals must be the card's four types: L1-01 asks for two birds, a reptile and a
    large mammal, and a bird of prey is not a bird."""
    state = investing(keep(lodge_game(2), 0, ["L1-01"]))
    place(state, 0, {(0, 0): "quelea", (0, 1): "fish_eagle", (1, 0): "reed_frog", (1, 1): "zebra"})
    assert lodges.buildable(state["p"][0]) == []
    place(state, 0, {(0, 1): "lilac_roller"})
    assert lodges.buildable(state["p"][0]) == [("L1-01", (0, 0))]


def test_a_lodge_pays_nothing_to_a_lodges_only_seat_beside_a_community_protection_seat():
    """Difficulty is each player's own: at one table the Maximum seat earns its Lodge's level in
    money, the Lodges-only seat building the same Lodge earns none; both score 8 points."""
    seats = [{"difficulty": "maximum"}, {"difficulty": "lodges"}]
    state = to_draft(new_game(2, lodges=True, seats=seats))
    block = {(1, 0): "scrub_hare", (1, 1): "rock_monitor", (2, 0): "zebra", (2, 1): "lion"}
    for seat in (0, 1):
        state = investing(keep(state, seat, ["L2-01"]), seat)
        place(state, seat, {(r - 1, c): kind for (r, c), kind in block.items()} if seat else block)
    for seat, point, gain in ((0, (1, 0), 2), (1, (0, 0), 0)):
        state = investing(state, seat)
        money = state["p"][seat]["money"]
        state = act(state, seat, {"type": "build", "card": "L2-01", "row": point[0], "col": point[1]})
        assert state["p"][seat]["money"] == money + gain
        assert scoring.breakdown(state, seat)[scoring.LODGES] == 8


def test_a_sanctuary_animal_released_with_community_protection_goes_only_to_an_open_space():
    """Locked spaces take no animals, whichever way the animal arrives: a Sanctuary animal moved
    into the Reserve is offered only unlocked spaces, and a locked one is refused."""
    state = investing(lodge_game(2, "maximum"))
    p = state["p"][0]
    p["sanctuary"] = [card("quelea")]
    p["producers"] = ["kav-grass-1"]
    state = act(state, 0, {"type": "release", "card": card("quelea")})
    spaces = {(m["row"], m["col"]) for m in GAME.legal_moves(state, 0)}
    assert spaces == set(empty_cells(state["p"][0])) and len(spaces) == 12
    assert (0, 2) not in spaces and (0, 0) in spaces
    with pytest.raises(IllegalMove, match="locked"):
        act(state, 0, {"type": "place", "row": 0, "col": 2}, 2)


def test_a_space_unlocked_this_turn_takes_an_animal_this_turn():
    """Removing a marker unlocks its space at once ("it is now unlocked"), so an animal may move
    onto it in the same Investment stage."""
    state = investing(lodge_game(2, "maximum"))
    state["p"][0]["money"] = 1
    place(state, 0, {(1, 2): "quelea"})
    state = act(state, 0, {"type": "unlock", "row": 0, "col": 2})
    state = act(state, 0, {"type": "rearrange"}, 2)
    state = act(state, 0, {"type": "lift", "row": 1, "col": 2}, 3)
    state = act(state, 0, {"type": "drop", "row": 0, "col": 2}, 4)
    assert state["p"][0]["grid"][0][2] == card("quelea", 11)


# ---- the Golden Lodge ----------------------------------------------------------------------
EXAMPLE = {(0, 0): "rock_monitor", (0, 1): "cheetah", (1, 0): "buffalo", (1, 1): "pangolin"}


def test_three_same_turn_claims_two_tied_at_the_top_both_score_and_the_third_does_not():
    """Same-turn claims: the highest animal value around the Golden Lodge wins, then the most
    Lodges built; whoever is still tied at the top scores 10, and only they. Here two players
    tie on value 34 and on Lodges built (none), a third has 32: the two score 10 each."""
    state = lodge_game(3, golden_lodge=True)
    state["golden"]["cards"] = ["G-01"]
    for seat, block in ((0, EXAMPLE), (1, {**EXAMPLE, (0, 1): "lion"}), (2, {**EXAMPLE, (0, 1): "lion"})):
        place(state, seat, block)
        state = investing(state, seat)
        lodges.golden_now(state, seat, "invest")
    assert sorted(state["golden"]["pending"]) == [0, 1, 2]
    end_turn(state)
    assert sorted(state["golden"]["winners"]) == [1, 2]
    assert [scoring.breakdown(state, s)[scoring.GOLDEN] for s in range(3)] == [0, 10, 10]


def test_a_lodges_only_seat_races_for_the_golden_lodge_an_intermediate_seat_brings():
    """Intermediate play includes the Golden Lodge; at a mixed table the Lodges-only player races
    for it too, and wins it with the rulebook's example block (32 against 31)."""
    seats = [{"difficulty": "intermediate"}, {"difficulty": "lodges"}]
    state = to_draft(new_game(2, lodges=True, seats=seats))
    assert state["options"]["golden_lodge"]
    state["golden"]["cards"] = ["G-01"]
    place(state, 1, EXAMPLE)
    state = investing(state, 1)
    lodges.golden_now(state, 1, "invest")
    end_turn(state)
    assert state["golden"]["winners"] == [1]
    assert scoring.breakdown(state, 1)[scoring.GOLDEN] == 10


# ---- climate -------------------------------------------------------------------------------
def test_free_climate_markers_also_stop_at_three_in_the_plus_area():
    """The expansion's cap is on each player's markers in '3+', however they got there: with
    room for one more, Community Climate Action places one marker, not two."""
    state = lodge_game(2)
    state["climate"] = [1] * sum(state["sections"])
    state["p"][0]["climate_plus"] = 2
    state["p"][0]["climate_markers"] = 2
    state = using(state, 0, "kav-climate_action-1")
    state = act(state, 0, {"type": "use", "how": "action"})
    p = state["p"][0]
    assert p["climate_plus"] == 3 and p["climate_markers"] == 3
    assert {"type": "climate"} not in GAME.legal_moves(state, 0)


# ---- action cards and what a bot may imagine -------------------------------------------------
def test_wildlife_exchange_may_take_the_card_discarded_earlier_this_turn():
    """The discard pile is open and shared: a card one player discards for money is there for the
    next player in hand-marker order, whose Wildlife Exchange takes it into their Sanctuary and
    then moves it into their Reserve. Every seat can still imagine the table from its view
    without losing or doubling a card (bots decide from such samples)."""
    state = to_draft(new_game(2))
    frog = take(state, "B", "reed_frog")
    exchange = take(state, "action", "wildlife_exchange")
    state = using(state, 0, frog)
    state["drafted"][1] = exchange
    state = act(state, 0, {"type": "use", "how": "discard"})
    state = act(state, 0, {"type": "done"}, 2)
    assert frog in state["discard"] and GAME.to_act(state) == {1}
    p = state["p"][1]
    p["producers"].append(take(state, "A", "invert"))
    give = p["sanctuary"][0]
    state = act(state, 1, {"type": "use", "how": "action"}, 3)
    state = act(state, 1, {"type": "exchange_give", "card": give}, 4)
    state = act(state, 1, {"type": "exchange_take", "card": frog}, 5)
    state = act(state, 1, {"type": "release", "card": frog}, 6)
    assert frog in [c for row in state["p"][1]["grid"] for c in row]
    assert give in state["discard"] and frog not in state["discard"]
    for seat in (0, 1):
        check_sample(GAME, state, seat, random.Random(seat))


# ---- scoring ---------------------------------------------------------------------------------
def test_the_48_point_bonus_is_only_for_no_lodges_players_facing_lodge_players():
    """Newcomers may play without Lodges against players who build them, and then score 48 (six
    Lodges' worth). When nobody at the table plays with Lodges there is nobody to balance
    against: that is the base game, and nobody gets the bonus."""
    mixed = to_draft(new_game(2, lodges=True, seats=[{"difficulty": "none"}, {"difficulty": "lodges"}]))
    assert [scoring.breakdown(mixed, s)[scoring.NO_LODGES] for s in (0, 1)] == [48, 0]
    nobody = to_draft(new_game(2, lodges=True, seats=[{"difficulty": "none"}] * 2))
    assert [scoring.breakdown(nobody, s)[scoring.NO_LODGES] for s in (0, 1)] == [0, 0]


def test_relocation_may_take_the_card_discarded_earlier_this_turn():
    """Relocation buys any card of the open discard pile for $1m, the one discarded a moment ago
    by the player before in hand-marker order included; the buyer places it in their Reserve.
    Every seat can still imagine the table from its view with every card once, also when the
    player who discarded it keeps another of that species in their own Reserve."""
    state = to_draft(new_game(2))
    roller = take(state, "B", "lilac_roller")
    state["p"][0]["grid"][2][7] = take(state, "B", "lilac_roller")
    relocation = take(state, "relocation", "relocation")  # two players: the Relocation variant
    state = using(state, 0, roller)
    state["drafted"][1] = relocation
    state = act(state, 0, {"type": "use", "how": "discard"})
    state = act(state, 0, {"type": "done"}, 2)
    p = state["p"][1]
    p["producers"].append(take(state, "A", "invert"))
    money = p["money"]
    state = act(state, 1, {"type": "use", "how": "action"}, 3)
    state = act(state, 1, {"type": "relocate", "card": roller}, 4)
    for seat in (0, 1):
        check_sample(GAME, state, seat, random.Random(seat))
    state = act(state, 1, {"type": "use", "how": "reserve", "row": 0, "col": 0}, 5)
    assert state["p"][1]["grid"][0][0] == roller and state["p"][1]["money"] == money - 1
    assert relocation in state["discard"] and roller not in state["discard"]
    for seat in (0, 1):
        check_sample(GAME, state, seat, random.Random(seat))


def test_moving_an_animal_into_place_claims_the_golden_lodge_at_once():
    """The claim is immediate whichever way the block is completed: rearranging the Reserve so
    the example's four animals (32 against 31) meet claims the Golden Lodge on that move, and
    those four animals are then fixed."""
    state = lodge_game(2, golden_lodge=True)
    state["golden"]["cards"] = ["G-01"]
    state = investing(state)
    place(state, 0, {**{c: k for c, k in EXAMPLE.items() if k != "pangolin"}, (2, 5): "pangolin"})
    state = act(state, 0, {"type": "rearrange"})
    state = act(state, 0, {"type": "lift", "row": 2, "col": 5}, 2)
    state = act(state, 0, {"type": "drop", "row": 1, "col": 1}, 3)
    assert state["p"][0]["golden"] == {"card": "G-01", "point": [0, 0]}
    assert state["golden"]["pending"] == [0]
    assert set(lodges.block((0, 0))) <= lodges.fixed_cells(state["p"][0])
