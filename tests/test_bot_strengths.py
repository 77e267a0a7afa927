"""Every game offers its bot at three strengths, chosen per bot seat on the create-table form and
for the admin's all-bot demo match; each strength plays a whole game through the site."""

from __future__ import annotations

import pytest

from core.engine.strengths import EASY, HARD, NORMAL, at_strength, strength
from core.models import Match
from core.plugins import registry
from core.services import submit_move

pytestmark = pytest.mark.django_db


def test_the_create_table_form_offers_each_strength_for_a_bot_seat(client_for, alice):
    page = client_for(alice).get("/games/tictactoe/new/").content.decode()
    for bot in registry().bots_for("tictactoe").values():
        assert f'value="{bot.name}"' in page and bot.label in page
    assert {"blocker-easy", "blocker", "blocker-hard"} <= set(registry().bots_for("tictactoe"))
    # what each strength means, in a sentence, with the hard bot's bound
    words = " ".join(page.split())
    assert "An easy bot slips now and then" in words and "takes up to 1 second a move" in words


def test_each_game_with_its_own_bot_has_easy_and_normal_and_hard_where_it_can_sample():
    for slug, game in registry().games.items():
        bots = registry().bots_for(slug)
        if len(bots) == 1:
            continue
        levels = {strength(b) for name, b in bots.items() if name != "random"}
        assert {EASY, NORMAL} <= levels, slug
        assert (HARD in levels) == game.implements_determinize(), slug


@pytest.mark.parametrize("level", [EASY, NORMAL, HARD])
def test_the_demo_match_plays_a_whole_game_at_each_strength(client_for, make_user, level):
    staff = make_user("root", staff=True)
    response = client_for(staff).post("/staff/demo-match/", {"game": "tictactoe", "players": "2", "strength": level})
    match = Match.objects.get()
    assert response.status_code == 302 and match.status == Match.Status.FINISHED
    expected = at_strength(registry().bots_for("tictactoe"), level).name
    assert {s.bot for s in match.seats.all()} == {expected}


def test_the_demo_match_sets_each_seat_at_its_own_strength(client_for, make_user):
    """A hard bot against normal ones, say: a seat's own choice beats the one for all seats."""
    staff = make_user("root", staff=True)
    response = client_for(staff).post("/staff/demo-match/", {
        "game": "tictactoe", "players": "2", "strength": NORMAL, "seat1_strength": "", "seat2_strength": EASY,
        "seat3_strength": HARD})
    match = Match.objects.get()
    assert response.status_code == 302 and match.status == Match.Status.FINISHED
    bots = registry().bots_for("tictactoe")
    assert [s.bot for s in match.seats.order_by("position")] == [
        at_strength(bots, NORMAL).name, at_strength(bots, EASY).name]


@pytest.mark.parametrize(("asked", "said"), [
    ({"strength": "godlike"}, "Choose easy, normal or hard for each seat."),
    ({"seat2_strength": "hardest"}, "Choose easy, normal or hard for each seat."),
    ({"players": "9"}, "Tic-tac-toe is played by exactly 2 players."),
    ({"players": "99999999999999999999"}, "Tic-tac-toe is played by exactly 2 players."),
    ({"players": "two"}, "Tic-tac-toe is played by exactly 2 players."),
    ({"game": "chess"}, "Choose a game."),
])
def test_a_demo_match_asked_for_wrongly_says_why_and_opens_nothing(client_for, make_user, asked, said):
    staff = make_user("root", staff=True)
    response = client_for(staff).post("/staff/demo-match/", {"game": "tictactoe", "players": "2", **asked},
                                      follow=True)
    assert response.status_code == 200
    assert said in response.content.decode()
    assert not Match.objects.exists()


@pytest.mark.parametrize("level", [EASY, NORMAL, HARD])
def test_a_person_plays_a_whole_game_against_a_bot_seat_chosen_on_the_form(client_for, alice, level, django_capture_on_commit_callbacks):
    bot = at_strength(registry().bots_for("tictactoe"), level)
    client = client_for(alice)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/games/tictactoe/new/", {
            "players": "2", "rated": "on", "time_control": "none", "opt_first": "x", "seat1_who": bot.name})
    assert response.status_code == 302, response.content[:400]
    match = Match.objects.get()
    assert match.seats.get(position=1).bot == bot.name
    assert match.seats.get(position=1).label == {EASY: "Blocker bot (easy)", NORMAL: "Blocker bot",
                                                  HARD: "Blocker bot (hard)"}[level]
    while match.status == Match.Status.ACTIVE:
        cell = match.state["board"].index(None)
        with django_capture_on_commit_callbacks(execute=True):
            match = submit_move(match.pk, alice, {"type": "mark", "cell": cell}, match.version)
        match.refresh_from_db()
    assert match.status == Match.Status.FINISHED and match.result
