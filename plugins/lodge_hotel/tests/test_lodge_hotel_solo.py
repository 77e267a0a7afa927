"""Solo mode: the ski lift, the end, the rank table, difficulty levels 1-8 and Extreme mode."""

import pytest
from lodge_hotel.bots import Innkeeper
from lodge_hotel.catalog import ROOMS
from lodge_hotel.rules import grid_of, rank_title
from lodge_hotel.testing import AMENITY_ID, GAME, Runner, guest_with, new, put_lodge, rooms_of

from core.engine import IllegalMove, OptionError, playout, resolve_options


def solo(seed=1, **options):
    return new(1, seed, **options)


def place_start_amenity(run):
    run(0, {"type": "take_amenity", "index": 0})
    spot = next(m for m in GAME.legal_moves(run.state, 0) if m["type"] == "place")
    run(0, spot)


def test_solo_setup():
    state = solo()
    assert state["lodges"][0]["tokens"] == 1 and state["lift_tokens"] == 3 and state["lift"] == 1
    assert state["phase"] == "start_amenity"
    assert {m["type"] for m in GAME.legal_moves(state, 0)} == {"take_amenity"}
    run = Runner(state)
    place_start_amenity(run)
    assert run.state["phase"] == "build" and len(run.state["amenity_display"]) == 4
    assert any(c["tile"].startswith("amenity-") for c in run.state["lodges"][0]["cells"].values())


def test_solo_turn_offers_no_amenities():
    run = Runner(solo())
    place_start_amenity(run)
    assert not [m for m in GAME.legal_moves(run.state, 0) if m["type"] == "take_amenity"]
    with pytest.raises(IllegalMove, match="solo"):
        run(0, {"type": "take_amenity", "index": 0})


def _end_turn(run):
    moves = GAME.legal_moves(run.state, 0)
    take = next(m for m in moves if m["type"] in ("take_room", "pass"))
    run(0, take)
    if run.state["phase"] == "place":
        run(0, next(m for m in GAME.legal_moves(run.state, 0) if m["type"] == "place"))
    if run.state["phase"] == "guests":
        run(0, {"type": "done"})


def test_lift_removes_rightmost_room_of_its_level_and_a_matching_guest():
    run = Runner(solo())
    place_start_amenity(run)
    state = run.state
    state["lodges"][0]["tokens"] = 0
    red = rooms_of("red")[18]
    state["room_bag"] = [r for r in state["room_bag"] if r != red]
    state["room_bag"].append(state["display"][0][3])
    state["display"][0][3] = red
    shown = [guest_with(("red", "blue")), guest_with(("green", "yellow")),
             guest_with(("blue", "yellow")), guest_with(("green", "purple"))]
    state["guest_bag"] = [g for g in state["guest_bag"] + [g for g in state["guest_display"]]
                          if g not in shown]
    state["guest_display"] = shown
    run(0, {"type": "take_room", "level": 2, "slot": 0})
    run(0, {"type": "place", "floor": 2, "col": 1})
    if run.state["phase"] == "guests":
        run(0, {"type": "done"})
    assert red in run.state["room_bag"]
    assert shown[0] in run.state["guest_box"] and shown[0] not in run.state["guest_display"]
    assert all(run.state["guest_display"])
    assert run.state["lift"] == 2


def test_lift_asks_which_guest_when_several_match():
    run = Runner(solo())
    place_start_amenity(run)
    state = run.state
    state["lodges"][0]["tokens"] = 0
    level = state["display"][0]
    color = ROOMS[level[3]]
    others = [c for c in ("red", "blue", "green", "yellow", "purple") if c != color]
    shown = [guest_with((color, others[0])), guest_with((color, others[1])),
             guest_with((others[2], others[3])), guest_with((others[0], others[1]))]
    state["guest_bag"] = [g for g in state["guest_bag"] + list(state["guest_display"]) if g not in shown]
    state["guest_display"] = shown
    run(0, {"type": "take_room", "level": 2, "slot": 0})
    run(0, {"type": "place", "floor": 2, "col": 1})
    if run.state["phase"] == "guests":
        run(0, {"type": "done"})
    assert run.state["phase"] == "lift_discard"
    assert GAME.legal_moves(run.state, 0) == [{"type": "lift_discard", "index": 0},
                                              {"type": "lift_discard", "index": 1}]
    with pytest.raises(IllegalMove):
        run(0, {"type": "lift_discard", "index": 2})
    run(0, {"type": "lift_discard", "index": 1})
    assert shown[1] in run.state["guest_box"] and run.state["lift"] == 2


def test_lift_wrap_gives_a_token_and_an_amenity_and_game_ends_after_sixteen_turns():
    run = Runner(solo(seed=4))
    place_start_amenity(run)
    for turn in range(1, 17):
        assert run.state["solo_turns"] == turn - 1
        _end_turn(run)
        while run.state["phase"] == "lift_discard":
            run(0, GAME.legal_moves(run.state, 0)[0])
        if turn % 4 == 0 and turn < 16:
            assert run.state["phase"] == "lift_amenity" and run.state["lift"] == 1
            assert run.state["lift_tokens"] == 3 - turn // 4
            place_start_amenity(run)
    assert run.state["over"] and run.state["solo_turns"] == 16
    amenities = [c for c in run.state["lodges"][0]["cells"].values() if c["tile"].startswith("amenity-")]
    assert len(amenities) == 4
    result = GAME.result(run.state)
    assert result.won is None and result.details["rank"] == rank_title(result.scores[0])


def test_without_a_level_the_solo_game_is_scored_for_a_rank_not_won_or_lost():
    """"Calculate your score and compare it to the table below": 50-59 is a Weekend Tourist.
    Only the difficulty levels have a goal ("To win, you must score 60+ points"), so a game
    without a level reports its rank and no win or loss."""
    state = solo()
    state["over"] = True
    g = list(state["guest_bag"])[:28]
    layout = {(1, c): ("red+" if c % 2 else "blue+") + g[c - 1] for c in range(1, 28)}
    put_lodge(state, 0, layout)
    result = GAME.result(state)
    assert 50 <= result.scores[0] <= 59
    assert result.won is None and result.details["rank"] == "Weekend Tourist"
    view = GAME.view(state, 0)
    assert view["rank"] == "Weekend Tourist" and view["won"] is None


def test_twelve_guests_do_not_end_a_solo_game():
    state = solo()
    Runner(state)
    put_lodge(state, 0, {(1, c): "red+" + g for c, g in enumerate(state["guest_bag"][:12], 1)})
    run = Runner(state)
    place_start_amenity(run)
    _end_turn(run)
    assert not run.state["end_triggered"] and not run.state["over"]


@pytest.mark.parametrize("score,title", [
    (0, "Overnight Guest"), (49, "Overnight Guest"), (50, "Weekend Tourist"), (59, "Weekend Tourist"),
    (60, "Luxury Vacationer"), (69, "Luxury Vacationer"), (70, "Seasoned Globetrotter"),
])
def test_rank_table(score, title):
    assert rank_title(score) == title


# ---- difficulty levels ---------------------------------------------------------------------


def _guests_state(level):
    state = solo(level=level)
    run = Runner(state)
    place_start_amenity(run)
    put_lodge(run.state, 0, {(1, 1): "red", (1, 2): "blue", (2, 1): "blue", (2, 2): "red",
                             (3, 1): "red", (3, 2): "blue", (4, 1): "blue", (4, 2): "red"})
    return run


def test_level_2_guests_at_most_one_floor_from_their_preference():
    run = _guests_state(2)
    guest = guest_with(("red", "blue"), 1)
    floors = {f for f, _c in GAME.guest_spots(run.state, grid_of(run.state["lodges"][0]), guest)}
    assert floors == {1, 2}
    run0 = _guests_state(0)
    assert {f for f, _c in GAME.guest_spots(run0.state, grid_of(run0.state["lodges"][0]), guest)} == {1, 2, 3, 4}


def test_level_3_lift_tokens_are_discarded():
    run = Runner(solo(seed=2, level=3))
    place_start_amenity(run)
    for _ in range(4):
        _end_turn(run)
        while run.state["phase"] == "lift_discard":
            run(0, GAME.legal_moves(run.state, 0)[0])
    assert run.state["lift_tokens"] == 2
    assert run.state["lodges"][0]["tokens"] <= 1


def test_level_4_no_same_colour_in_a_column_and_two_amenities_removed():
    state = solo(level=4)
    names = {a for a in state["amenity_box"]}
    assert names == {AMENITY_ID["Ski Patrol"], AMENITY_ID["Conference Room"]}
    assert not names & set(state["amenity_stack"] + state["amenity_display"])
    run = Runner(state)
    place_start_amenity(run)
    start = next(c["tile"] for k, c in run.state["lodges"][0]["cells"].items() if k == "1,1")
    same = next(r for r in rooms_of(ROOMS[start]) if r in run.state["room_bag"])
    run.state["room_bag"].remove(same)
    run.state["room_bag"].append(run.state["display"][1][0])
    run.state["display"][1][0] = same
    grid = grid_of(run.state["lodges"][0])
    assert (2, 1) not in GAME._room_spots(run.state, grid, same, 2)


def test_level_5_amenities_on_different_floors():
    run = Runner(solo(level=5))
    place_start_amenity(run)
    floor = next(int(k.split(",")[0]) for k, c in run.state["lodges"][0]["cells"].items()
                 if c["tile"].startswith("amenity-"))
    grid = grid_of(run.state["lodges"][0])
    amenity = next(a for a in run.state["amenity_display"] if a != AMENITY_ID["Viewing Area"])
    spots = GAME._amenity_spots(run.state, grid, amenity)
    assert spots and floor not in {f for f, _c in spots}


def test_level_6_no_rooms_from_the_lift_row():
    run = Runner(solo(level=6))
    place_start_amenity(run)
    assert run.state["lift"] == 1
    assert not [m for m in GAME.legal_moves(run.state, 0) if m["type"] == "take_room" and m["level"] == 1]
    with pytest.raises(IllegalMove, match="Level 6"):
        run(0, {"type": "take_room", "level": 1, "slot": 0})


def test_level_7_needs_a_missing_colour():
    state = solo(level=7)
    put_lodge(state, 0, {(1, c): color for c, color in enumerate(("red", "blue", "green", "yellow"), 1)})
    assert GAME.solo_goals(state) == {7: True}
    put_lodge(state, 0, {(1, c): color for c, color in
                         enumerate(("red", "blue", "green", "yellow", "purple"), 1)})
    assert GAME.solo_goals(state) == {7: False}


def test_level_8_two_valet_guests_and_no_display_guests():
    run = Runner(solo(level=8))
    place_start_amenity(run)
    assert run.state["phase"] == "extra_valet"
    run(0, {"type": "valet", "index": 0})
    assert len(run.state["lodges"][0]["valet"]) == 2 and all(run.state["guest_display"])
    run.state["lodges"][0]["valet"] = [guest_with(("red", "blue"), 1), guest_with(("red", "blue"), 2)]
    put_lodge(run.state, 0, {(1, 1): "red", (1, 2): "blue", (1, 3): "red", (1, 4): "blue"})
    run.state["guest_display"][0] = guest_with(("red", "blue"), 3)
    run(0, {"type": "take_room", "level": 1, "slot": 0})
    run(0, {"type": "place", "floor": 1, "col": 5})
    assert not [m for m in GAME.legal_moves(run.state, 0) if m.get("source") == "display"]
    with pytest.raises(IllegalMove, match="Level 8"):
        run(0, {"type": "guest", "source": "display", "index": 0, "floor": 1, "col": 1})
    run(0, {"type": "guest", "source": "valet", "index": 0, "floor": 1, "col": 1})
    run(0, {"type": "valet", "index": 1})
    fresh = run.state["lodges"][0]["valet"][-1]
    assert not [m for m in GAME.legal_moves(run.state, 0)
                if m.get("source") == "valet" and run.state["lodges"][0]["valet"][m["index"]] == fresh]
    run(0, {"type": "guest", "source": "valet", "index": 0, "floor": 1, "col": 3})
    assert run.state["lodges"][0]["cells"]["1,3"]["guest"] == guest_with(("red", "blue"), 2)


def test_level_1_needs_four_completed_amenities():
    state = solo(level=1)
    put_lodge(state, 0, {(1, 1): "yellow", (1, 2): "yellow", (1, 3): "Staircase"})
    assert GAME.solo_goals(state) == {1: False}


def test_extreme_mode_stacks_every_earlier_level():
    assert solo(level=5, extreme=True)["rules"] == [1, 2, 3, 4, 5]
    assert solo(level=5)["rules"] == [5]
    with pytest.raises(OptionError, match="level 2"):
        resolve_options(GAME, 1, {"level": 1, "extreme": True})


def test_winning_needs_sixty_points_and_the_level_condition():
    state = solo(level=7)
    state["over"] = True
    g = [x for x in state["guest_bag"]][:30]
    layout = {(1, c): ("red+" if c % 2 else "blue+") + g[c - 1] for c in range(1, 31)}
    put_lodge(state, 0, layout)
    result = GAME.result(state)
    assert result.scores[0] >= 60 and result.won == [True]
    assert result.details["level"] == 7 and result.details["extreme"] is False
    assert result.details["rank"] in ("Luxury Vacationer", "Seasoned Globetrotter")
    layout[(1, 31)] = "green"
    layout[(1, 32)] = "yellow"
    layout[(1, 33)] = "purple"
    put_lodge(state, 0, layout)
    assert GAME.result(state).won == [False]


@pytest.mark.parametrize("level", range(0, 9))
def test_every_level_plays_to_the_end(level):
    run = playout(GAME, 1, seed=level, options={"level": level}, bots=[Innkeeper()])
    assert (run.result.won is not None) == bool(level) and run.state["solo_turns"] == 16


@pytest.mark.parametrize("level", range(2, 9))
def test_every_extreme_level_plays_to_the_end(level):
    run = playout(GAME, 1, seed=level, options={"level": level, "extreme": True})
    assert run.result.details["extreme"] is True
