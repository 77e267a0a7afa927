"""The rulebook read as an owner of the box would check it: its worked examples, its limits and
the corners of its sentences that the rule-by-rule tests leave out (turn order at the end, the
order of check-ins within a turn, when displays refill, what the ski lift takes, what every seat
can see)."""

import random

from lodge_hotel.catalog import AMENITY_BY_ID, COLORS, GUEST_BY_ID, ROOMS
from lodge_hotel.rules import grid_of, lodge_score
from lodge_hotel.testing import (
    AMENITY_ID,
    GAME,
    Runner,
    end_turn,
    guest_with,
    new,
    play_turn,
    put_lodge,
)

# ---- building states -----------------------------------------------------------------------


def show_room(state, level, slot, room):
    """Put ``room`` (taken out of the bag) in the room display; the room it replaces goes back
    into the bag, so every room is still in exactly one place."""
    state["room_bag"].remove(room)
    old = state["display"][level - 1][slot]
    if old:
        state["room_bag"].append(old)
    state["display"][level - 1][slot] = room


def free_rooms(state, color):
    """Rooms of ``color`` still in the bag."""
    return [r for r in state["room_bag"] if ROOMS[r] == color]


def gather_guests(state):
    """Every guest on display or on a valet back into the bag, so a test can hand out exactly
    the guests it needs."""
    for lodge in state["lodges"]:
        state["guest_bag"] += lodge["valet"]
        lodge["valet"] = []
    state["guest_bag"] += [g for g in state["guest_display"] if g]
    state["guest_display"] = [None] * 4


def show_guests(state, guests):
    """Make ``guests`` (taken out of the bag) the guest display."""
    gather_guests(state)
    state["guest_bag"] = [g for g in state["guest_bag"] if g not in guests]
    state["guest_display"] = list(guests)


def build_first(run, seat, level=None):
    """Take the first room the seat may take (from ``level`` if given) and place it."""
    take = next(m for m in GAME.legal_moves(run.state, seat)
                if m["type"] == "take_room" and (level is None or m["level"] == level))
    run(seat, take)
    run(seat, next(m for m in GAME.legal_moves(run.state, seat) if m["type"] == "place"))


def solo_started(seed=1, **options):
    """A solo game with its starting amenity built (the first displayed one, first place)."""
    run = Runner(new(1, seed, **options))
    run(0, {"type": "take_amenity", "index": 0})
    run(0, next(m for m in GAME.legal_moves(run.state, 0) if m["type"] == "place"))
    return run


# ---- scoring ---------------------------------------------------------------------------------


def test_a_fourth_floor_guest_scores_six_on_the_fourth_floor_and_two_anywhere_else():
    """A guest is worth 2; on the floor it prefers it adds that floor's number (4th: 2 + 4)."""
    wants_4 = guest_with(("red", "blue"), 4)
    column = {(1, 1): "green", (2, 1): "green", (3, 1): "green", (4, 1): "red+" + wants_4, (4, 2): "blue"}
    assert lodge_score(put_lodge(new(), 0, column)) == {"guests": 2, "floor bonus": 4, "amenities": 0}
    lower = {(1, 1): "green", (2, 1): "green", (3, 1): "red+" + wants_4, (3, 2): "blue"}
    assert lodge_score(put_lodge(new(), 0, lower)) == {"guests": 2, "floor bonus": 0, "amenities": 0}


def test_each_floor_bonus_is_the_number_of_the_floor_preferred():
    """A 1st-floor guest on the 1st floor adds 1, a 2nd-floor guest on the 2nd adds 2, and so on."""
    layout = {}
    for floor in range(1, 5):
        layout[(floor, 1)] = "yellow+" + guest_with(("yellow", "purple"), floor)
        layout[(floor, 2)] = "purple"
    score = lodge_score(put_lodge(new(), 0, layout))
    assert score == {"guests": 8, "floor bonus": 1 + 2 + 3 + 4, "amenities": 0}


def test_an_unfinished_amenity_scores_nothing():
    """Only amenities whose requirement is met at the end score their points."""
    lodge = put_lodge(new(), 0, {(1, 1): "yellow", (1, 2): "Staircase"})
    assert lodge_score(lodge)["amenities"] == 0
    lodge = put_lodge(new(), 0, {(1, 1): "yellow", (1, 2): "Staircase", (1, 3): "yellow"})
    assert lodge_score(lodge)["amenities"] == 3


def test_a_tie_goes_to_the_later_of_the_tied_players_but_more_points_still_win():
    """Highest total wins; between tied players the one later in turn order is ahead."""
    state = new(3)
    state["over"] = True
    gather_guests(state)
    a, b, c, d = (guest_with(pair, 2) for pair in (("red", "blue"), ("green", "yellow"),
                                                     ("red", "green"), ("blue", "purple")))
    put_lodge(state, 0, {(1, 1): "red+" + a, (1, 2): "blue"})
    put_lodge(state, 1, {(1, 1): "red+" + b, (1, 2): "blue+" + c, (1, 3): "red"})
    put_lodge(state, 2, {(1, 1): "red+" + d, (1, 2): "blue"})
    result = GAME.result(state)
    assert result.scores[0] == result.scores[2] < result.scores[1]
    assert result.ranks == [3, 1, 2]


# ---- the end of the game -------------------------------------------------------------------


def test_an_empty_room_bag_on_a_middle_seat_lets_the_round_finish_and_no_one_plays_again():
    """The round goes on until everyone has had as many turns as the first player, ending just
    before the first player would start again."""
    run = Runner(new(4))
    play_turn(run, 0)
    run.state["room_bag"] = []
    play_turn(run, 1)
    assert run.state["end_triggered"] and not run.state["over"]
    play_turn(run, 2)
    assert not run.state["over"] and run.state["turn"] == 3
    play_turn(run, 3)
    assert run.state["over"] and GAME.to_act(run.state) == set()
    assert [lodge["turns"] for lodge in run.state["lodges"]] == [1, 1, 1, 1]


def _eleven_guests_and_a_free_pair(state, seat):
    """A lodge with eleven guests and an empty red room beside an empty blue room, the
    display's first guest red-and-blue: the twelfth check-in is one move away."""
    guest = guest_with(("red", "blue"), 1)
    gather_guests(state)
    show_guests(state, [guest] + [g for g in state["guest_bag"] if g != guest][:3])
    layout = {(1, 1): "red", (1, 2): "blue"}
    others = [g for g in state["guest_bag"] if g != guest][:11]
    for c, g in enumerate(others, start=3):
        layout[(1, c)] = "green+" + g
    put_lodge(state, seat, layout)
    state["lodges"][seat]["valet"] = []
    return guest


def test_the_last_player_placing_the_twelfth_guest_ends_the_game_with_that_turn():
    """Twelve guests trigger the end; if the last player in turn order placed them, every
    player has had the same number of turns and the game is over at once."""
    state = new(3)
    guest = _eleven_guests_and_a_free_pair(state, 2)
    run = Runner(state)
    play_turn(run, 0)
    play_turn(run, 1)
    build_first(run, 2, level=2)
    run(2, {"type": "guest", "source": "display", "index": run.state["guest_display"].index(guest),
            "floor": 1, "col": 1})
    assert run.state["end_triggered"]
    end_turn(run, 2)
    assert run.state["over"]
    assert [lodge["turns"] for lodge in run.state["lodges"]] == [1, 1, 1]


def test_the_first_player_placing_the_twelfth_guest_still_lets_everyone_else_play():
    """The first player's twelfth guest ends the game only after the others' turns."""
    state = new(3)
    guest = _eleven_guests_and_a_free_pair(state, 0)
    run = Runner(state)
    build_first(run, 0, level=2)
    run(0, {"type": "guest", "source": "display", "index": run.state["guest_display"].index(guest),
            "floor": 1, "col": 1})
    end_turn(run, 0)
    assert run.state["end_triggered"] and not run.state["over"] and run.state["turn"] == 1
    play_turn(run, 1)
    play_turn(run, 2)
    assert run.state["over"]


# ---- guests within a turn ------------------------------------------------------------------


def _two_pairs_state():
    """Seat 0 has a free red+blue pair and a free green+yellow pair, a red-and-blue guest first
    on display and a green-and-yellow guest on the valet."""
    state = new(3)
    shown, waiting = guest_with(("red", "blue"), 1), guest_with(("green", "yellow"), 2)
    gather_guests(state)
    rest = [g for g in state["guest_bag"] if g not in (shown, waiting)][:3]
    show_guests(state, [shown] + rest)
    state["guest_bag"].remove(waiting)
    put_lodge(state, 0, {(1, 1): "red", (1, 2): "blue", (1, 3): "green", (1, 4): "yellow"})
    state["lodges"][0]["valet"] = [waiting]
    return state, shown, waiting, rest


def test_a_display_guest_then_the_valet_guest_the_valet_refilled_from_the_guests_left():
    """One guest from the display and one from the valet may both check in, in either order;
    the valet takes a new guest from the display at once, and only once the player is done
    are the display's gaps filled from the bag."""
    state, shown, waiting, rest = _two_pairs_state()
    run = Runner(state)
    build_first(run, 0, level=2)
    run(0, {"type": "guest", "source": "display", "index": 0, "floor": 1, "col": 2})
    assert run.state["guest_display"][0] is None
    run(0, {"type": "guest", "source": "valet", "index": 0, "floor": 1, "col": 4})
    assert run.state["phase"] == "valet"
    assert [m["index"] for m in GAME.legal_moves(run.state, 0)] == [1, 2, 3]
    run(0, {"type": "valet", "index": 3})
    assert run.state["lodges"][0]["valet"] == [rest[2]]
    assert run.state["guest_display"] == [None, rest[0], rest[1], None]
    end_turn(run, 0)
    assert all(run.state["guest_display"]) and run.state["turn"] == 1
    lodge = run.state["lodges"][0]
    assert (lodge["cells"]["1,2"]["guest"], lodge["cells"]["1,4"]["guest"]) == (shown, waiting)


def test_the_valet_guest_first_then_a_display_guest_in_the_same_turn():
    """The other order: the valet guest checks in, the valet is refilled, then a display guest
    may still check in, and after both no guest is offered."""
    state, shown, waiting, rest = _two_pairs_state()
    run = Runner(state)
    build_first(run, 0, level=2)
    run(0, {"type": "guest", "source": "valet", "index": 0, "floor": 1, "col": 3})
    run(0, {"type": "valet", "index": 1})
    assert run.state["lodges"][0]["valet"] == [rest[0]]
    run(0, {"type": "guest", "source": "display", "index": 0, "floor": 1, "col": 1})
    assert not [m for m in GAME.legal_moves(run.state, 0) if m["type"] == "guest"]


def test_the_valet_s_new_guest_is_chosen_at_once_before_anything_else():
    """Ruling: "immediately" means the new valet guest comes straight after the valet check-in,
    so neither a refresh token nor sending back a one-colour display fits in between (both are
    offered again once the valet is full)."""
    state = new(3)
    waiting = guest_with(("green", "yellow"), 2)
    reds = [guest_with(("red", c)) for c in ("blue", "green", "yellow", "purple")]
    show_guests(state, reds)
    state["guest_bag"].remove(waiting)
    put_lodge(state, 0, {(1, 1): "green", (1, 2): "yellow"})
    state["lodges"][0]["valet"] = [waiting]
    run = Runner(state)
    build_first(run, 0, level=2)
    run(0, {"type": "guest", "source": "valet", "index": 0, "floor": 1, "col": 1})
    assert {m["type"] for m in GAME.legal_moves(run.state, 0)} == {"valet"}
    run(0, {"type": "valet", "index": 0})
    assert {"refresh", "done"} <= {m["type"] for m in GAME.legal_moves(run.state, 0)}


def test_a_guest_needs_rooms_not_amenities_and_the_rooms_must_be_free_of_guests():
    """The two rooms must be orthogonal neighbours, both rooms (an amenity between them breaks
    the pair), and both empty."""
    guest = guest_with(("red", "blue"), 1)
    state = new()
    grid = grid_of(put_lodge(state, 0, {(1, 1): "red", (1, 2): "Gym", (1, 3): "blue", (2, 3): "red"}))
    assert GAME.guest_spots(state, grid, guest) == [(1, 3), (2, 3)]
    taken = state["guest_bag"][0]
    grid = grid_of(put_lodge(state, 0, {(1, 1): "red", (1, 2): "Gym", (1, 3): "blue+" + taken,
                                        (2, 3): "red"}))
    assert GAME.guest_spots(state, grid, guest) == []
    grid = grid_of(put_lodge(state, 0, {(1, 1): "red", (1, 2): "green", (2, 1): "green", (2, 2): "blue"}))
    assert GAME.guest_spots(state, grid, guest) == []  # red and blue only touch at a corner


def test_a_guest_display_with_a_gap_cannot_be_sent_back_even_if_the_rest_share_a_colour():
    """The display may be discarded only when all four guests on it share a colour."""
    state = new()
    reds = [guest_with(("red", c)) for c in ("blue", "green", "yellow", "purple")]
    show_guests(state, reds)
    assert {"type": "discard_guests"} in GAME.legal_moves(state, 0)
    state["guest_bag"].append(state["guest_display"][3])
    state["guest_display"][3] = None
    assert {"type": "discard_guests"} not in GAME.legal_moves(state, 0)


# ---- the room display ----------------------------------------------------------------------


def test_a_display_with_a_room_on_every_level_and_two_colours_is_left_with_its_gap():
    """The display refreshes only when a level is empty or every room on it is one colour:
    otherwise the space a room was taken from stays empty for the next player."""
    state = new(3)
    state["lodges"][0]["tokens"] = 0
    show_room(state, 1, 0, free_rooms(state, "red")[0])
    show_room(state, 2, 0, free_rooms(state, "blue")[0])
    before = [list(level) for level in state["display"]]
    run = Runner(state)
    run(0, {"type": "take_room", "level": 1, "slot": 3})
    run(0, {"type": "place", "floor": 1, "col": 2})
    end_turn(run, 0)
    before[0][3] = None
    assert run.state["display"] == before and run.state["turn"] == 1


def test_a_display_left_all_one_colour_refreshes_at_the_end_of_the_turn():
    """Every level still holds a room, but all the rooms left are red: the display refreshes."""
    state = new(3)
    state["lodges"][0]["tokens"] = 0
    for level in state["display"]:
        for slot, room in enumerate(level):
            state["room_bag"].append(room)
            level[slot] = None
    for level in (1, 2, 3, 4):
        show_room(state, level, 0, free_rooms(state, "red")[0])
    show_room(state, 1, 1, free_rooms(state, "blue")[0])
    run = Runner(state)
    run(0, {"type": "take_room", "level": 1, "slot": 1})
    run(0, {"type": "place", "floor": 1, "col": 2})
    end_turn(run, 0)
    assert all(all(level) for level in run.state["display"])
    assert "The room display was refreshed." in run.state["log"]


def test_a_refresh_token_on_the_bottom_level_slides_the_rooms_above_down():
    """Clearing a level with a refresh token refreshes the display as the end of a turn does:
    the rooms above fall into the cleared level, new rooms fill the top, and the cleared
    rooms go back into the bag."""
    state = new(3)
    above = [list(state["display"][lv]) for lv in (1, 2, 3)]
    cleared = list(state["display"][0])
    run = Runner(state)
    run(0, {"type": "refresh", "level": 1})
    display = run.state["display"]
    assert display[:3] == above and all(display[3])
    assert set(cleared) <= set(run.state["room_bag"])


def test_two_players_may_spend_both_refresh_tokens_in_one_turn():
    """With two players everyone starts with two refresh tokens, each usable at any time."""
    run = Runner(new(2))
    run(0, {"type": "refresh", "level": 4})
    assert run.state["lodges"][0]["tokens"] == 1
    run(0, {"type": "refresh", "level": 2})
    assert run.state["lodges"][0]["tokens"] == 0
    assert not [m for m in GAME.legal_moves(run.state, 0) if m["type"] == "refresh"]
    assert run.state["lodges"][1]["tokens"] == 2


def test_the_amenity_display_is_not_refilled_once_the_stack_is_empty():
    """A built amenity is replaced from the stack; with the stack used up the display shrinks."""
    state = new(3)
    state["amenity_box"] += state["amenity_stack"]  # out of play for this test
    state["amenity_stack"] = []
    run = Runner(state)
    run(0, {"type": "take_amenity", "index": 0})
    run(0, next(m for m in GAME.legal_moves(run.state, 0) if m["type"] == "place"))
    assert len(run.state["amenity_display"]) == 3


def test_an_upper_floor_tile_may_stand_on_an_amenity():
    """Support from below is any tile: a room on the 2nd floor may rest on an amenity."""
    state = new(3)
    put_lodge(state, 0, {(1, 1): "red", (1, 2): "Gym"})
    spots = {(m["floor"], m["col"]) for m in _place_moves(state, level=2)}
    assert spots == {(2, 1), (2, 2)}


def _place_moves(state, level):
    run = Runner(state)
    run(0, next(m for m in GAME.legal_moves(run.state, 0) if m["type"] == "take_room" and m["level"] == level))
    return [m for m in GAME.legal_moves(run.state, 0) if m["type"] == "place"]


# ---- what every seat can see ---------------------------------------------------------------


def test_every_seat_sees_every_lodge_valet_tokens_and_score_and_only_counts_of_the_bags():
    """Everything on the table is public (lodges, valets, tokens, scores, the displays with
    points and preferred floors); of the bags and the amenity stack only the counts show."""
    state = new(3)
    view = GAME.view(state, 1)
    for seat, lodge in enumerate(state["lodges"]):
        shown = view["lodges"][seat]
        assert [g["id"] for g in shown["valet"]] == lodge["valet"]
        assert shown["tokens"] == lodge["tokens"] and shown["score"] == 0
        assert shown["rows"][-1]["cells"][0]["color"] == ROOMS[lodge["cells"]["1,1"]["tile"]]
    assert view["room_bag"] == len(state["room_bag"]) and view["guest_bag"] == len(state["guest_bag"])
    assert view["amenity_stack"] == len(state["amenity_stack"])
    assert all(g["floor"] == GUEST_BY_ID[g["id"]]["floor"] for g in view["guest_display"])
    assert [(a["name"], a["points"]) for a in view["amenity_display"]] == [
        (AMENITY_BY_ID[a]["name"], AMENITY_BY_ID[a]["points"]) for a in state["amenity_display"]]
    secrets = GAME.secrets(state, 1)
    assert not secrets & {g for lodge in state["lodges"] for g in lodge["valet"]}


# ---- solo ----------------------------------------------------------------------------------


def test_the_ski_lift_takes_the_rightmost_room_left_on_its_level():
    """At the end of a solo turn the lift removes the rightmost room still on its level, even
    when the spaces to its right are empty, and the room goes back into the bag."""
    run = solo_started()
    state = run.state
    state["lodges"][0]["tokens"] = 0
    level = state["display"][0]
    state["room_bag"].append(level[3])
    level[3] = None
    rightmost = level[2]
    build_first(run, 0, level=2)
    end_turn(run, 0)
    while run.state["phase"] == "lift_discard":
        run(0, GAME.legal_moves(run.state, 0)[0])
    assert run.state["display"][0][:2] == level[:2] and run.state["display"][0][2] is None
    assert rightmost in run.state["room_bag"] and run.state["lift"] == 2


def test_the_ski_lift_sends_no_guest_home_when_none_shows_the_removed_colour():
    """With no guest of the removed room's colour on display the guest step is skipped."""
    run = solo_started()
    state = run.state
    state["lodges"][0]["tokens"] = 0
    show_room(state, 1, 3, free_rooms(state, "purple")[0])
    shown = [guest_with(pair) for pair in (("red", "blue"), ("green", "yellow"), ("red", "green"),
                                           ("blue", "yellow"))]
    show_guests(state, shown)
    build_first(run, 0, level=2)
    end_turn(run, 0)
    assert run.state["guest_display"] == shown and run.state["guest_box"] == []
    assert run.state["lift"] == 2 and run.state["phase"] == "build"


def test_refresh_tokens_from_the_ski_lift_add_up_and_can_be_spent():
    """Each time the lift comes round you gain one of the tokens above it (unless level 3)."""
    run = solo_started(seed=3)
    for _turn in range(4):
        play_turn(run, 0)
        while run.state["phase"] == "lift_discard":
            run(0, GAME.legal_moves(run.state, 0)[0])
    assert run.state["phase"] == "lift_amenity" and run.state["lift"] == 1
    tokens = run.state["lodges"][0]["tokens"]
    run(0, {"type": "take_amenity", "index": 0})
    run(0, next(m for m in GAME.legal_moves(run.state, 0) if m["type"] == "place"))
    assert len(run.state["amenity_display"]) == 4 and run.state["phase"] == "build"
    assert run.state["lift_tokens"] == 2 and tokens == run.state["lodges"][0]["tokens"] == 2
    run(0, {"type": "refresh", "level": 3})
    assert run.state["lodges"][0]["tokens"] == tokens - 1


def test_level_6_forbids_the_level_the_lift_has_climbed_to():
    """The forbidden display level follows the first player token up the ski lift."""
    run = solo_started(level=6)
    run.state["lodges"][0]["tokens"] = 0
    build_first(run, 0, level=2)
    end_turn(run, 0)
    while run.state["phase"] == "lift_discard":
        run(0, GAME.legal_moves(run.state, 0)[0])
    assert run.state["lift"] == 2
    levels = {m["level"] for m in GAME.legal_moves(run.state, 0) if m["type"] == "take_room"}
    assert 2 not in levels and 1 in levels


def test_the_solo_starting_amenity_may_be_any_one_on_display():
    """Any one of the displayed amenities may be the first; Viewing Area then goes above the
    starting room, the only place off the first floor."""
    state = new(1)
    viewing = AMENITY_ID["Viewing Area"]
    if viewing not in state["amenity_display"]:
        state["amenity_stack"].remove(viewing)
        state["amenity_stack"].append(state["amenity_display"].pop())
        state["amenity_display"].append(viewing)
    takes = [m["index"] for m in GAME.legal_moves(state, 0) if m["type"] == "take_amenity"]
    assert takes == [0, 1, 2, 3]
    run = Runner(state)
    run(0, {"type": "take_amenity", "index": state["amenity_display"].index(viewing)})
    assert [(m["floor"], m["col"]) for m in GAME.legal_moves(run.state, 0) if m["type"] == "place"] == [(2, 1)]


def test_a_whole_solo_game_ends_after_sixteen_turns_with_four_amenities_in_every_seed():
    """The game ends when a refresh token is due and none is left above the lift: four trips
    round the lift, sixteen turns, the starting amenity and three from the lift."""
    for seed in (5, 6):
        run = solo_started(seed=seed)
        rng = random.Random(seed)
        while not run.state["over"]:
            moves = [m for m in GAME.legal_moves(run.state, 0) if m["type"] != "refresh"]
            run(0, rng.choice(moves))
        cells = run.state["lodges"][0]["cells"].values()
        assert run.state["solo_turns"] == 16 and run.state["lift_tokens"] == 0
        assert sum(1 for c in cells if c["tile"] in AMENITY_ID.values()) == 4


def test_level_4_removes_its_two_amenities_and_still_lets_every_colour_be_built():
    """Level 4 takes Ski Patrol and Conference Room out of play; a colour already in a column
    may still be built in another column."""
    run = solo_started(level=4)
    state = run.state
    assert {a for a in state["amenity_box"]} == {AMENITY_ID["Ski Patrol"], AMENITY_ID["Conference Room"]}
    start = ROOMS[state["lodges"][0]["cells"]["1,1"]["tile"]]
    other = next(c for c in COLORS if c != start)
    put_lodge(state, 0, {(1, 1): start, (1, 2): other})
    same = free_rooms(state, start)[0]
    show_room(state, 2, 0, same)
    spots = GAME._room_spots(state, grid_of(state["lodges"][0]), same, 2)
    assert spots == [(2, 2)]
