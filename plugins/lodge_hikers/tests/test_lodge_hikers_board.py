"""The board template renders every kind of moment, offers the right clickable moves, and never
prints a secret id."""

from types import SimpleNamespace

import pytest
from lodge_hikers.rules import LodgeHikers
from lodge_hikers.testing import act, arrange, new, pick_all

from core.engine import find_leaks, playout

GAME = LodgeHikers()


def render(state, seat):
    from django.template.loader import render_to_string

    players = [{"seat": s, "name": f"Hiker{s}", "is_bot": s == 3} for s in range(state["players"])]
    moves = GAME.legal_moves(state, seat) if seat is not None else []
    context = {"view": GAME.view(state, seat), "seat": seat, "moves": moves, "players": players,
               "match": SimpleNamespace(id=7, pk=7, version=3), "game": GAME}
    html = render_to_string("lodge_hikers/board.html", context)
    assert find_leaks(html, GAME.secrets(state, seat)) == []
    return html


def example():
    return arrange(new(4), hands=[[18, 35, 36], [22, 37, 38], [32, 39, 40], [34, 41, 42]],
                   row=[("H03", []), ("H09", []), ("H27", [4])], next_customers=["H10"])


def test_the_hand_is_clickable_when_picking():
    html = render(new(4, seed=3), 0)
    assert html.count('hx-post="/match/7/move/"') == 7
    assert "Pick a snack card" in html


def test_who_has_picked_is_shown_but_not_what():
    state = act(example(), 1, {"type": "pick", "card": 22})
    html = render(state, 0)
    assert "picked ✓" in html
    assert "you picked" not in html and "Reveal of this turn" not in html
    assert "you picked 22" in render(state, 1)


def test_a_choice_of_customer_is_offered_as_clickable_customers():
    state = pick_all(example(), {0: 18, 1: 22, 2: 32, 3: 34})
    html = render(state, 0)
    assert html.count("Place here") == 2
    assert "fits several customers" in html
    other = render(state, 1)
    assert "Waiting for Hiker0" in other and "Place here" not in other
    assert "Reveal of this turn" in other


def test_ability_forms_render():
    state = arrange(new(4), hands=[[4, 35, 36], [22, 37, 38], [32, 39, 40], [34, 41, 42]],
                  row=[("H10", [5]), ("H04", []), ("H08", [])])
    state = pick_all(state, {0: 4, 1: 22, 2: 32, 3: 34})
    assert state["pending"]["kind"] == "redraw"
    assert 'name="cards"' in render(state, 0)


@pytest.mark.parametrize("players", [2, 6])
def test_a_finished_game_shows_the_scores(players):
    state = playout(GAME, players, seed=1).state
    html = render(state, 0)
    assert "Place 1" in html
    render(state, None)


def test_how_to_play_renders():
    from django.template.loader import render_to_string

    html = render_to_string("lodge_hikers/how_to_play.html", {})
    assert "Squirrel" in html and "automatic" in html
