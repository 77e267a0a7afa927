"""The loose ends of issue 46, through Django's test client and the template layer: the final
table read by rank, one title on the home page, whose turn on a Your tables card, the invite
link's copy button, and a picture for each game."""

from __future__ import annotations

import re
from dataclasses import asdict

import pytest
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string

from core.engine import Result
from core.plugins import registry
from tests.test_pages import post_move

pytestmark = pytest.mark.django_db


def test_the_final_table_reads_from_first_place_down():
    """Seat order is not the order of a result: the winner (seat 2 here) heads the table, and
    shared places keep seat order among themselves."""
    players = [{"seat": n, "name": name} for n, name in enumerate(["ann", "ben", "cat", "dan"])]
    html = render_to_string("core/_result.html", {
        "result": asdict(Result(scores=[5, 7, 9, 5], ranks=[3, 2, 1, 3])), "players": players, "seat": 0})
    body = html[html.index("<tbody>"):]
    assert [body.index(name) for name in ["cat", "ben", "ann", "dan"]] == sorted(
        body.index(name) for name in ["cat", "ben", "ann", "dan"])
    assert re.search(r"<td>1</td>\s*<td>cat", body)


def test_the_home_page_has_one_title(client):
    title = re.search(r"<title>(.*?)</title>", client.get("/").content.decode(), re.S).group(1)
    assert title.count("Meeple Hall") == 1, title


def test_other_pages_name_themselves_before_the_site(client):
    title = re.search(r"<title>(.*?)</title>", client.get("/games/tictactoe/").content.decode(),
                      re.S).group(1)
    assert title.endswith(" · Meeple Hall") and not title.startswith(" ·"), title


def test_your_tables_card_says_whose_turn_it_is(ttt_match, client_for, alice, bob):
    """alice (X) moves first: her card says it is her turn, bob's names alice; after her move
    the two swap."""
    assert "Your turn" in client_for(alice).get("/").content.decode()
    assert "alice to move" in client_for(bob).get("/").content.decode()
    assert post_move(client_for(alice), ttt_match, {"type": "mark", "cell": 4}).status_code == 200
    assert "bob to move" in client_for(alice).get("/").content.decode()
    assert "Your turn" in client_for(bob).get("/").content.decode()


def test_the_invite_link_has_a_copy_button_that_script_reveals(client_for, alice):
    """Without script the read-only field is there to select by hand; the button, hidden in the
    markup, is shown by static/js/copy.js, which the page loads."""
    from core.services.tables import create_table

    match = create_table(alice, "tictactoe", 2, private=True)
    page = client_for(alice).get(f"/match/{match.pk}/").content.decode()
    field = re.search(r'<input readonly id="invite-link"[^>]*>', page).group(0)
    assert f"/invite/{match.invite_token}/" in field
    assert re.search(r'<button type="button"[^>]*data-copy="#invite-link" hidden>Copy link</button>',
                     page)
    assert "js/copy.js" in page
    assert finders.find("js/copy.js")


def test_every_game_on_the_home_page_has_a_picture_of_its_own(client):
    """Each bundled plugin ships static/<slug>/cover.svg; the home page shows it on the game's card."""
    page = client.get("/").content.decode()
    for slug in registry().games:
        assert finders.find(f"{slug}/cover.svg"), f"{slug} ships no cover.svg"
        assert f'src="/static/{slug}/cover.svg"' in page


def test_a_game_without_a_picture_gets_the_neutral_one():
    from core.templatetags.meeple_site import game_cover

    assert game_cover("no_such_game").endswith("/img/game-cover.svg")
    assert finders.find("img/game-cover.svg")


def _players_bar(page: str) -> str:
    return page[page.index('class="players-bar"'):page.index("</section>", page.index('class="players-bar"'))]


def test_seat_options_every_seat_shares_are_said_once(client_for, alice):
    """Kavango's players bar said "Lodges difficulty" and "Starting money" on every chip; what
    all seats share is said once, and a handicap only one seat has stays on its chip."""
    from core.services.tables import create_table

    same = create_table(alice, "kavango", 2, bots={1: "random"},
                        seat_options=[{"difficulty": "lodges", "start_money": 2}] * 2)
    bar = _players_bar(client_for(alice).get(f"/match/{same.pk}/").content.decode())
    assert bar.count("Starting money ($m): 2") == 1 and "Every seat:" in bar

    handicap = create_table(alice, "kavango", 2, bots={1: "random"},
                            seat_options=[{"difficulty": "lodges", "start_money": 2},
                                          {"difficulty": "lodges", "start_money": 4}])
    bar = _players_bar(client_for(alice).get(f"/match/{handicap.pk}/").content.decode())
    assert bar.count("Lodges difficulty") == 1
    assert "Starting money ($m): 2" in bar and "Starting money ($m): 4" in bar


def test_the_game_log_folds_and_says_its_latest_line(ttt_match, client_for, alice):
    """The log is history: folded by default (a long board stays within three screens), its
    summary says the latest line, so the last move is read without opening it."""
    assert post_move(client_for(alice), ttt_match, {"type": "mark", "cell": 4}).status_code == 200
    page = client_for(alice).get(f"/match/{ttt_match.pk}/").content.decode()
    log = re.search(r'<details class="game-log" id="game-log">\s*<summary>(.*?)</summary>', page, re.S)
    assert log, "the game log is not folded"
    assert "Game log" in log.group(1) and "X marks square 5." in log.group(1)


def test_komodo_co_op_loss_names_the_player(settings):
    """The co-op loss sentence came from the rules as "Player 1 could not house..."; the board
    shows it with the player's name, as the log does."""
    import random

    from core.pytest_plugin import draw_board

    game = registry().games["komodo"]
    state = game.setup(2, {"variant": "coop"}, [{}, {}], random.Random(1))
    state = game._coop_lose(state, "Player 1 could not house an animal this turn.")
    html = draw_board(game, state, 0, [{"seat": 0, "name": "Ann", "is_bot": False},
                                        {"seat": 1, "name": "Bob", "is_bot": True}])
    assert "Ann could not house an animal this turn." in html
    assert "Player 1" not in html
