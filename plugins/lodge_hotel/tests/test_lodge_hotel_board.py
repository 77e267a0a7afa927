"""What the board shows: solo rank and goals, the first player, guests sent home, amenity
conditions, the last turn's marks, and checking in by clicking a room (issues 14 and 15)."""

import re

from django.template.loader import render_to_string
from lodge_hotel.testing import GAME, Runner, guest_with, new, put_lodge

from core.models import Match


def render(state, seat, players=None):
    match = Match(pk=1, game_slug="lodge_hotel", players=state["players"], version=3)
    return render_to_string("lodge_hotel/board.html", {
        "view": GAME.view(state, seat), "seat": seat, "match": match, "game": GAME,
        "moves": GAME.legal_moves(state, seat) if seat is not None else [],
        "players": players or [{"seat": s, "name": f"P{s + 1}", "is_bot": False}
                               for s in range(state["players"])],
    })


def goal(view, level):
    return next(g for g in view["rules"] if g["level"] == level)


# ---- solo: rank title and goals -----------------------------------------------------------


def finished_solo(level, layout):
    state = new(1, level=level)
    state["over"] = True
    put_lodge(state, 0, layout)
    return state


def thirty_guests():
    state = new(1)
    return list(state["guest_bag"])[:33]


def test_a_lost_level_at_65_points_says_which_goal_was_not_kept():
    """"To win, you must score 60+ points while following the rules of your current level":
    at 60+ points a lost level 7 game names the goal, and the rank title is shown too."""
    g = thirty_guests()
    layout = {(1, c): ("red+" if c % 2 else "blue+") + g[c - 1] for c in range(1, 33)}
    layout.update({(2, 1): "green", (2, 2): "yellow", (2, 3): "purple"})
    state = finished_solo(7, layout)
    view = GAME.view(state, 0)
    assert view["lodges"][0]["score"] >= 60 and view["won"] is False
    assert goal(view, 7)["standing"] == "lost"
    assert view["rank"] in ("Luxury Vacationer", "Seasoned Globetrotter")
    html = render(state, 0)
    assert view["rank"] in html and "Level 7 lost" in html and "all five colours" in html


def test_without_a_level_the_board_shows_the_rank_not_lost():
    """"Calculate your score and compare it to the table below": 55 points is a Weekend Tourist."""
    g = thirty_guests()
    layout = {(1, c): ("red+" if c % 2 else "blue+") + g[c - 1] for c in range(1, 28)}
    state = finished_solo(0, layout)
    html = render(state, 0)
    assert "Weekend Tourist" in html and "lost" not in html.lower()


def test_goals_of_levels_1_5_and_7_are_shown_during_play():
    """Levels 1 ("complete all four of your amenities"), 5 ("four amenities must be placed on
    different floors") and 7 ("at least one color room must NOT be present") are judged on the
    finished lodge, so the board tells how each stands while playing."""
    state = new(1, level=7, extreme=True)
    put_lodge(state, 0, {(1, 1): "red", (1, 2): "Staircase", (2, 1): "blue", (2, 2): "Gym",
                         (1, 3): "yellow"})
    view = GAME.view(state, 0)
    assert goal(view, 1)["standing"] == "open" and "0 of 4" in goal(view, 1)["status"]
    assert goal(view, 5)["standing"] == "kept" and "1 and 2" in goal(view, 5)["status"]
    assert goal(view, 7)["standing"] == "kept" and "green or purple" in goal(view, 7)["status"]
    assert goal(view, 2)["enforced"] and not goal(view, 7)["enforced"]
    html = render(state, 0)
    assert "0 of 4 amenities complete so far" in html and "no green or purple room" in html


def test_two_amenities_on_one_floor_lose_level_5_at_once():
    state = new(1, level=5)
    put_lodge(state, 0, {(1, 1): "red", (1, 2): "Staircase", (1, 3): "Gym"})
    assert goal(GAME.view(state, 0), 5)["standing"] == "lost"


def test_the_solo_header_counts_guests_without_the_twelve_guest_end():
    """"The game no longer ends when you place a 12th guest": no "of 12" in solo."""
    assert " of 12" not in render(new(1), 0)
    assert "0 guests of 12" in render(new(2), 0)


def test_the_level_8_prompt_speaks_of_the_valet_only():
    """Level 8: "You can no longer place guests from the display"."""
    state = new(1, level=8)
    state["phase"] = "guests"
    prompt = GAME.view(state, 0)["prompt"]
    assert "valet" in prompt and "display" not in prompt


# ---- first player, guests sent home, amenity conditions ---------------------------------------


def test_the_first_player_token_is_shown_on_the_first_lodge():
    """"Give the First Player Token to the player ...": the game ends just before that player."""
    view = GAME.view(new(3), 1)
    assert view["first_player"] == 0
    html = render(new(3), 1)
    assert html.count("lodge_hotel-first") == 1
    assert GAME.view(new(1), 0)["first_player"] is None  # solo: the token rides the ski lift


def test_guests_sent_home_by_the_ski_lift_are_counted():
    """"Discard to the box any one Guest Token with a color that matches ...": the box is public."""
    state = new(1)
    state["guest_box"] = [state["guest_bag"].pop(), state["guest_bag"].pop()]
    assert GAME.view(state, None)["guests_sent_home"] == 2
    assert "2 guests sent home" in render(state, None)


def test_built_amenities_show_their_condition_and_whether_it_is_met():
    state = new(2)
    put_lodge(state, 0, {(1, 1): "yellow", (1, 2): "yellow", (1, 3): "Staircase", (2, 1): "Gym"})
    lodge = GAME.view(state, 1)["lodges"][0]
    shown = {a["name"]: a for a in lodge["amenities"]}
    assert shown["Staircase"]["complete"] and not shown["Gym"]["complete"]
    assert "even number of yellow rooms" in shown["Staircase"]["condition"]
    html = render(state, 1)
    assert "even number of yellow rooms" in html and "✓ complete" in html and "not yet" in html


# ---- the last turn ------------------------------------------------------------------------


def test_the_last_turn_stays_marked_until_the_next_player_acts():
    run = Runner(new(2, seed=4))
    run(0, {"type": "take_room", "level": 1, "slot": 0})
    run(0, {"type": "place", "floor": 1, "col": 2})
    if run.state["phase"] == "guests":
        run(0, {"type": "done"})
    assert run.state["turn"] == 1
    view = GAME.view(run.state, 1)
    assert view["last"] == {"seat": 0, "cells": ["1,2"], "levels": [], "valet": []}
    row = view["lodges"][0]["rows"][-1]["cells"]
    assert row[1].get("last") and not row[0].get("last")
    assert "is-last" in render(run.state, 1)
    run(1, {"type": "refresh", "level": 3})
    view = GAME.view(run.state, 0)
    assert view["last"]["seat"] == 1 and view["last"]["levels"] == [3]
    assert [lv["last"] for lv in view["display"]] == [False, False, True, False]
    assert not any(c and c.get("last") for r in view["lodges"][0]["rows"] for c in r["cells"])


# ---- checking in by clicking a room -------------------------------------------------------


def test_a_guest_is_checked_in_by_clicking_the_room():
    """Every legal check-in is a button on its room, tied to the guest it is for; there are no
    separate floor/column buttons."""
    state = new(2)
    guest = guest_with(("red", "blue"))
    put_lodge(state, 0, {(1, 1): "red", (1, 2): "blue", (1, 3): "green"})
    state["lodges"][0]["valet"] = [guest]
    state["phase"] = "guests"
    moves = [m for m in GAME.legal_moves(state, 0) if m["type"] == "guest"]
    html = render(state, 0)
    assert html.count('class="lodge_hotel-checkin"') == len(moves) > 0
    assert 'data-pick="valet-0"' in html and 'id="lodge_hotel-pick-valet-0"' in html
    assert "F1·C" not in html


# ---- names for screen readers and keyboard use (issue 15, accessibility) ----------------------


def test_buttons_are_named_by_their_words_and_the_grids_take_the_keyboard():
    """A button's name is the words on it (an aria-label differing from them fails axe's
    label-content-name-mismatch), with the whole sentence as hidden text; a lodge grid that
    scrolls sideways on a phone can get keyboard focus (scrollable-region-focusable)."""
    state = new(2)
    put_lodge(state, 0, {(1, 1): "red", (1, 2): "blue"})
    html = render(state, 0)
    buttons = re.findall(r"<button[^>]*>", html)
    assert len(buttons) > 10 and not [b for b in buttons if "aria-label" in b]
    assert "Take this " in html and "Spend a refresh token to clear level 1" in html
    assert '<span class="mh-card-action">Build this</span>' in html
    assert html.count('class="lodge_hotel-scroll" tabindex="0" role="region"') == 2
    assert 'aria-label="Rooms of P1"' in html


def test_lodges_guests_and_amenities_are_cores_parts():
    """The board vocabulary (issue 16): a lodge is core's player panel, a guest a token, an
    amenity on display a card."""
    state = new(2)
    state["lodges"][1]["valet"] = [state["guest_bag"].pop()]
    html = render(state, 0)
    assert html.count('<section class="mh-player') == 2 and "is-you lodge_hotel-lodge" in html
    assert 'class="mh-token lodge_hotel-guest"' in html
    assert html.count("mh-card mh-card--amenity lodge_hotel-amenity-card") == len(state["amenity_display"])
