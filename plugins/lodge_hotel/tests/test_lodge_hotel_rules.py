"""Lodge (ski hotel) multiplayer rules: one test per rule, plus the rulebook's scoring example."""

import pytest
from lodge_hotel.catalog import GUEST_BY_ID, ROOMS
from lodge_hotel.rules import grid_of, lodge_score, placement_spots
from lodge_hotel.rules.lodge import LOG_KEPT
from lodge_hotel.testing import (
    AMENITY_ID,
    GAME,
    Runner,
    guest_with,
    new,
    play_turn,
    put_lodge,
    rooms_of,
)

from core.engine import IllegalMove, playout

# ---- setup ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_fills_every_display_and_hands_out_lodges(players):
    state = new(players)
    assert all(all(level) for level in state["display"])
    assert len(state["room_bag"]) == 95 - 16 - players
    assert len([g for g in state["guest_display"] if g]) == 4
    assert len(state["guest_bag"]) == 50 - 4 - players
    assert len(state["amenity_display"]) == 4 and len(state["amenity_stack"]) == 17
    assert state["turn"] == 0 and state["phase"] == "build"
    for lodge in state["lodges"]:
        assert len(lodge["valet"]) == 1
        assert list(lodge["cells"]) == ["1,1"]


@pytest.mark.parametrize("seed", range(20))
def test_starting_room_matches_neither_colour_of_the_starting_guest(seed):
    state = new(4, seed)
    for lodge in state["lodges"]:
        room = lodge["cells"]["1,1"]["tile"]
        assert ROOMS[room] not in GUEST_BY_ID[lodge["valet"][0]]["colors"]


@pytest.mark.parametrize("players,tokens", [(2, 2), (3, 1), (4, 1), (1, 1)])
def test_refresh_tokens_two_each_only_with_two_players(players, tokens):
    assert all(lodge["tokens"] == tokens for lodge in new(players)["lodges"])


# ---- building ------------------------------------------------------------------------------


def test_placement_needs_an_edge_neighbour_and_support_from_floor_two():
    grid = grid_of(put_lodge(new(), 0, {(1, 1): "red", (1, 2): "blue", (2, 1): "green"}))
    assert placement_spots(grid, 1) == [3]
    assert placement_spots(grid, 2) == [2]  # column 1 taken, column 3 has nothing below
    assert placement_spots(grid, 3) == [1]
    assert placement_spots(grid, 4) == []


def test_a_room_goes_on_the_floor_of_its_display_level():
    state = new()
    run = Runner(state)
    run(0, {"type": "take_room", "level": 1, "slot": 2})
    moves = GAME.legal_moves(run.state, 0)
    assert {(m["floor"], m["col"]) for m in moves if m["type"] == "place"} == {(1, 2)}
    with pytest.raises(IllegalMove, match="cannot go"):
        run(0, {"type": "place", "floor": 2, "col": 1})
    room = state["display"][0][2]
    run(0, {"type": "place", "floor": 1, "col": 2})
    assert run.state["lodges"][0]["cells"]["1,2"]["tile"] == room


def test_second_floor_room_is_offered_above_the_starting_room():
    state = new()
    moves = GAME.legal_moves(state, 0)
    takes = {(m["level"], m["slot"]) for m in moves if m["type"] == "take_room"}
    assert {(1, s) for s in range(4)} | {(2, s) for s in range(4)} == takes


def test_cancel_puts_the_tile_back():
    run = Runner(new())
    before = run.state["display"]
    run(0, {"type": "take_room", "level": 2, "slot": 0})
    run(0, {"type": "cancel"})
    assert run.state["phase"] == "build" and run.state["display"] == before


def _show_amenity(state, amenity):
    if amenity in state["amenity_display"]:
        state["amenity_display"].remove(amenity)
    else:
        state["amenity_stack"].remove(amenity)
        state["amenity_stack"].append(state["amenity_display"].pop(0))
    state["amenity_display"].insert(0, amenity)


def test_amenity_goes_on_any_floor_and_the_display_is_refilled():
    state = new()
    put_lodge(state, 0, {(1, 1): "red", (2, 1): "blue", (3, 1): "green"})
    _show_amenity(state, "amenity-08")  # Gym
    run = Runner(state)
    run(0, {"type": "take_amenity", "index": 0})
    spots = {(m["floor"], m["col"]) for m in GAME.legal_moves(run.state, 0) if m["type"] == "place"}
    assert spots == {(1, 2), (4, 1)}  # (2, 2) has nothing below it
    stack = len(run.state["amenity_stack"])
    run(0, {"type": "place", "floor": 4, "col": 1})
    assert run.state["lodges"][0]["cells"]["4,1"]["tile"] == "amenity-08"
    assert len(run.state["amenity_display"]) == 4 and len(run.state["amenity_stack"]) == stack - 1


def test_viewing_area_never_on_the_first_floor():
    state = new()
    _show_amenity(state, "amenity-21")
    run = Runner(state)
    run(0, {"type": "take_amenity", "index": 0})
    spots = {(m["floor"], m["col"]) for m in GAME.legal_moves(run.state, 0) if m["type"] == "place"}
    assert spots == {(2, 1)}


def test_moving_out_of_turn_is_refused():
    with pytest.raises(IllegalMove, match="not your turn"):
        Runner(new())(1, {"type": "take_room", "level": 1, "slot": 0})


@pytest.mark.parametrize("bad", [
    {"type": "take_room"}, {"type": "take_room", "level": 5, "slot": 0},
    {"type": "take_room", "level": "1", "slot": 0}, {"type": "fly"}, {},
    {"type": "place", "floor": 1, "col": 2}, {"type": "guest", "source": "pocket"},
    {"type": "take_amenity", "index": True},
])
def test_bad_payloads_are_refused(bad):
    with pytest.raises(IllegalMove):
        Runner(new())(0, bad)


def test_pass_only_when_nothing_can_be_built():
    state = new()
    with pytest.raises(IllegalMove, match="must build"):
        Runner(state)(0, {"type": "pass"})
    state["display"] = [[None] * 4 for _ in range(4)]
    state["amenity_display"] = []
    assert GAME.legal_moves(state, 0)[0] == {"type": "pass"}


# ---- guests --------------------------------------------------------------------------------


def _guest_state():
    state = new()
    guest = guest_with(("red", "blue"), 1)
    put_lodge(state, 0, {(1, 1): "red", (1, 2): "blue", (1, 3): "green", (2, 3): "yellow"})
    state["guest_display"][0] = guest
    state["guest_bag"] = [g for g in state["guest_bag"] if g != guest]
    state["lodges"][0]["valet"] = [guest_with(("green", "yellow"), 2)]
    state["guest_bag"] = [g for g in state["guest_bag"] if g not in state["lodges"][0]["valet"]]
    state["display"][0][0] = rooms_of("purple")[0]
    state["room_bag"].remove(rooms_of("purple")[0]) if rooms_of("purple")[0] in state["room_bag"] else None
    return state, guest


def test_guest_needs_two_adjacent_empty_rooms_of_its_colours():
    state, guest = _guest_state()
    run = Runner(state)
    run(0, {"type": "take_room", "level": 1, "slot": 0})
    run(0, {"type": "place", "floor": 1, "col": 4})
    spots = {(m["floor"], m["col"]) for m in GAME.legal_moves(run.state, 0)
             if m["type"] == "guest" and m["source"] == "display" and m["index"] == 0}
    assert spots == {(1, 1), (1, 2)}
    with pytest.raises(IllegalMove, match="needs an empty red room"):
        run(0, {"type": "guest", "source": "display", "index": 0, "floor": 1, "col": 3})
    run(0, {"type": "guest", "source": "display", "index": 0, "floor": 1, "col": 1})
    assert run.state["lodges"][0]["cells"]["1,1"]["guest"] == guest
    # the red room is taken, so the blue room no longer has a free partner for this pair
    assert lodge_score(run.state["lodges"][0])["guests"] == 2
    assert lodge_score(run.state["lodges"][0])["floor bonus"] == 1


def test_only_one_guest_from_the_display_per_turn_and_the_display_refills_after():
    state, guest = _guest_state()
    state["guest_display"][1] = guest_with(("green", "purple"), 1)
    state["guest_bag"].remove(state["guest_display"][1]) if state["guest_display"][1] in state["guest_bag"] else None
    run = Runner(state)
    run(0, {"type": "take_room", "level": 1, "slot": 0})
    run(0, {"type": "place", "floor": 1, "col": 4})
    run(0, {"type": "guest", "source": "display", "index": 0, "floor": 1, "col": 1})
    assert not [m for m in GAME.legal_moves(run.state, 0) if m.get("source") == "display"]
    with pytest.raises(IllegalMove):
        run(0, {"type": "guest", "source": "display", "index": 1, "floor": 1, "col": 3})
    run(0, {"type": "done"})
    assert all(run.state["guest_display"])
    assert run.state["turn"] == 1


def test_valet_guest_is_replaced_at_once_from_the_display():
    state, _guest = _guest_state()
    run = Runner(state)
    run(0, {"type": "take_room", "level": 1, "slot": 0})
    run(0, {"type": "place", "floor": 1, "col": 4})
    run(0, {"type": "guest", "source": "valet", "index": 0, "floor": 2, "col": 3})
    assert run.state["phase"] == "valet"
    assert {m["type"] for m in GAME.legal_moves(run.state, 0)} == {"valet"}
    picked = run.state["guest_display"][3]
    run(0, {"type": "valet", "index": 3})
    assert run.state["lodges"][0]["valet"] == [picked]
    assert not [m for m in GAME.legal_moves(run.state, 0) if m.get("source") == "valet"]


def test_one_colour_guest_display_may_be_discarded():
    state = new()
    shown = [guest_with(("red", c)) for c in ("blue", "green", "yellow", "purple")]
    state["guest_bag"] = [g for g in state["guest_bag"] + [x for x in state["guest_display"] if x]
                          if g not in shown]
    state["guest_display"] = shown
    assert {"type": "discard_guests"} in GAME.legal_moves(state, 0)
    run = Runner(state)
    run(0, {"type": "discard_guests"})
    assert all(run.state["guest_display"])
    assert set(shown) <= set(run.state["guest_bag"])
    assert len(run.state["guest_bag"]) == len(state["guest_bag"])


def test_mixed_guest_display_may_not_be_discarded():
    state = new()
    state["guest_display"] = [guest_with(("red", "blue")), guest_with(("green", "yellow")),
                              guest_with(("red", "purple")), guest_with(("blue", "green"))]
    with pytest.raises(IllegalMove, match="sharing one colour"):
        Runner(state)(0, {"type": "discard_guests"})


# ---- room display --------------------------------------------------------------------------


def test_refresh_token_clears_a_level_and_refills():
    state = new()
    run = Runner(state)
    old = list(state["display"][2])
    bag = len(state["room_bag"])
    run(0, {"type": "refresh", "level": 3})
    assert run.state["lodges"][0]["tokens"] == 0
    assert all(all(level) for level in run.state["display"])
    assert len(run.state["room_bag"]) == bag
    assert set(old) <= set(run.state["room_bag"])
    assert not [m for m in GAME.legal_moves(run.state, 0) if m["type"] == "refresh"]


def test_empty_level_at_end_of_turn_slides_rooms_down_and_refills():
    state = new()
    state["display"][0] = [None, None, None, state["display"][0][3]]
    upper = [state["display"][lv][0] for lv in (1, 2, 3)]
    state["lodges"][0]["tokens"] = 0
    run = Runner(state)
    run(0, {"type": "take_room", "level": 1, "slot": 3})
    run(0, {"type": "place", "floor": 1, "col": 2})
    if run.state["phase"] == "guests":
        run(0, {"type": "done"})
    assert [run.state["display"][lv][0] for lv in (0, 1, 2)] == upper
    assert all(all(level) for level in run.state["display"])


def _one_colour_display(state, bag_size):
    """A display of sixteen red rooms with only ``bag_size`` rooms (none red) left in the bag."""
    reds = rooms_of("red")[:16]
    others = [r for r in ROOMS if ROOMS[r] != "red"]
    used = {cell["tile"] for lodge in state["lodges"] for cell in lodge["cells"].values()}
    state["room_bag"] = [r for r in others if r not in used][:bag_size]
    state["display"] = [reds[i * 4:(i + 1) * 4] for i in range(4)]
    return reds


def test_display_of_one_colour_is_swapped_out():
    """"If ... every room in the display is the same color, the display will refresh"."""
    state = new()
    reds = _one_colour_display(state, 40)
    before = sorted(reds + state["room_bag"])
    GAME._refresh_room_display(state, __import__("random").Random(1))
    shown = [r for level in state["display"] for r in level]
    assert all(shown) and len({ROOMS[r] for r in shown}) > 1
    assert sorted(shown + state["room_bag"]) == before


@pytest.mark.parametrize("bag_size", [0, 1, 5, 15])
def test_swapped_one_colour_display_is_completely_refilled_from_a_short_bag(bag_size):
    """"draw Room Tiles from the bag to completely refill the display": the old rooms go back to
    the bag before new ones are drawn, so a short bag still fills all sixteen spaces."""
    state = new()
    reds = _one_colour_display(state, bag_size)
    before = sorted(reds + state["room_bag"])
    GAME._refresh_room_display(state, __import__("random").Random(3))
    shown = [r for level in state["display"] for r in level]
    assert all(shown)
    assert sorted(shown + state["room_bag"]) == before
    assert len(state["room_bag"]) == bag_size


def test_a_refresh_token_that_empties_the_bag_leaves_gaps_and_triggers_the_end():
    """A refresh token's cleared rooms go back into the bag only after the display has been
    refilled as usual, so they cannot refill their own spaces; and the bag running out of rooms
    during that refill triggers the end of the game, although it holds the cleared rooms again
    right after. The round is then played out: with two players, the game ends after seat 2."""
    state = new(2)
    kept_in_bag = state["room_bag"][:2]
    state["room_bag"] = list(kept_in_bag)
    cleared = list(state["display"][3])
    run = Runner(state)
    run(0, {"type": "refresh", "level": 4})
    display = run.state["display"]
    shown = {r for level in display for r in level if r}
    assert set(kept_in_bag) <= shown and not shown & set(cleared)
    assert sum(r is None for level in display for r in level) == 2
    assert sorted(run.state["room_bag"]) == sorted(cleared)
    assert run.state["end_triggered"]
    play_turn(run, 0)
    assert not run.state["over"] and run.state["turn"] == 1
    play_turn(run, 1)
    assert run.state["over"]


# ---- end and scoring -----------------------------------------------------------------------


def test_twelve_guests_end_the_game_after_the_round():
    state = new(3)
    layout = {(1, c): ("red+" if c <= 12 else "blue+") + g
              for c, g in enumerate([x for x in state["guest_bag"][:12]], start=1)}
    put_lodge(state, 1, layout)
    state["end_triggered"] = False
    run = Runner(state)
    play_turn(run, 0)
    assert not run.state["end_triggered"]
    # seat 1 already has twelve guests: a guest placement is not needed, only the turn end check
    run.state["end_triggered"] = True
    play_turn(run, 1)
    assert not run.state["over"] and run.state["turn"] == 2
    play_turn(run, 2)
    assert run.state["over"] and GAME.to_act(run.state) == set()
    assert [lodge["turns"] for lodge in run.state["lodges"]] == [1, 1, 1]


def test_placing_the_twelfth_guest_triggers_the_end():
    state, guest = _guest_state()
    layout = {(1, 1): "red", (1, 2): "blue", (1, 3): "green", (2, 3): "yellow"}
    for c in range(4, 15):
        layout[(1, c)] = "purple+" + state["guest_bag"][c]
    put_lodge(state, 0, layout)
    state["lodges"][0]["valet"] = []
    run = Runner(state)
    run(0, {"type": "take_room", "level": 2, "slot": 1})
    run(0, next(m for m in GAME.legal_moves(run.state, 0) if m["type"] == "place"))
    run(0, {"type": "guest", "source": "display", "index": 0, "floor": 1, "col": 1})
    assert run.state["end_triggered"]


def test_empty_room_bag_ends_the_game_after_the_round():
    state = new(2)
    state["room_bag"] = []
    run = Runner(state)
    play_turn(run, 0)
    assert run.state["end_triggered"] and not run.state["over"]
    play_turn(run, 1)
    assert run.state["over"]


def test_display_refills_bottom_up_when_the_bag_runs_short():
    state = new(2)
    state["display"][0] = [None] * 4
    state["display"][1] = [None] * 4
    state["room_bag"] = state["room_bag"][:5]
    GAME._refill_room_display(state, __import__("random").Random(2))
    # levels 3 and 4 slid down to 1 and 2; five rooms fill level 3 and one slot of level 4
    assert all(state["display"][0]) and all(state["display"][1]) and all(state["display"][2])
    assert state["display"][3] == [state["display"][3][0], None, None, None]
    assert state["display"][3][0] and not state["room_bag"]


def test_rulebook_example_scores_39():
    """Ten guests (20), floor bonuses 1 + 3 + 4 (8), two of three amenities worth 11."""
    g = {f: guest_with(pair, f) for f, pair in
         ((1, ("red", "blue")), (3, ("red", "green")), (4, ("red", "yellow")))}
    others = [x["id"] for x in GUEST_BY_ID.values() if x["floor"] == 3 and x["id"] != g[3]][:7]
    layout = {
        (1, 1): "purple+" + g[1], (1, 2): "purple+" + others[0], (1, 3): "purple+" + others[1],
        (1, 4): "purple+" + others[2], (1, 5): "Bar", (1, 6): "blue",
        (3, 1): "red+" + g[3], (4, 1): "red+" + g[4],
        (2, 1): "red+" + others[3], (2, 2): "red+" + others[4], (2, 3): "red+" + others[5],
        (2, 4): "red+" + others[6], (2, 5): "blue", (2, 6): "Hot Tub", (3, 6): "blue",
        (2, 7): "blue", (1, 7): "Ski Storage",  # six red rooms: not exactly three
    }
    lodge = put_lodge(new(), 0, layout)
    score = lodge_score(lodge)
    assert score == {"guests": 20, "floor bonus": 8, "amenities": 11}
    assert sum(score.values()) == 39


def test_tie_goes_to_the_later_player():
    state = new(3)
    state["over"] = True
    for seat in range(3):
        put_lodge(state, seat, {(1, 1): "red"})
    result = GAME.result(state)
    assert result.scores == [0, 0, 0]
    assert result.ranks == [3, 2, 1]
    assert "later" in result.tiebreak


def test_the_log_keeps_its_latest_lines_only():
    """The match page shows the latest 40 lines; the state carries no more than that, so a long
    game does not copy an ever-growing log on every move."""
    run = playout(GAME, 3, seed=3)
    assert len(run.state["log"]) == LOG_KEPT
    assert run.state["log"][-1] == "Everyone has had the same number of turns: the game is over."


def test_with_only_the_first_floor_open_the_viewing_area_is_not_offered():
    """An amenity is offered when some open floor is not its forbidden one: with a full block of
    four floors only the first floor is open, where the Viewing Area may not go."""
    state = new(players=2)
    put_lodge(state, 0, {(f, c): "red" for f in range(1, 5) for c in (1, 2)})
    viewing = AMENITY_ID["Viewing Area"]
    others = [a for a in state["amenity_stack"] if a != viewing][:3]
    state["amenity_stack"] = [a for a in state["amenity_stack"] if a not in others and a != viewing]
    state["amenity_display"] = [others[0], viewing, others[1], others[2]]
    takes = [m["index"] for m in GAME.legal_moves(state, 0) if m["type"] == "take_amenity"]
    assert takes == [0, 2, 3]
    put_lodge(state, 0, {(1, 1): "red", (1, 2): "blue"})  # two floors open: every amenity fits
    takes = [m["index"] for m in GAME.legal_moves(state, 0) if m["type"] == "take_amenity"]
    assert takes == [0, 1, 2, 3]
