"""Tables whose game cannot be shown any more (issue 49 item 16).

A match keeps its record (seats, scores, result, chat, move log) when its game's plugin is
uninstalled, or when an upgrade leaves a stored log that the installed rules refuse. Its pages
then say so in words, never a 500, and show no board: without the game there is no view, and
the board is drawn only from the game's view.
"""

from __future__ import annotations

import html
import json

import pytest
from channels.db import database_sync_to_async
from django.conf import settings
from django.test import Client

from config.asgi import application
from core.models import Match, Move
from core.plugins import registry
from core.services import live
from core.services.tables import create_table, join_table

pytestmark = pytest.mark.django_db

GONE = "This table's game, gone, is not installed on this site any more"
# X takes the top row: moves 1..5, the fifth wins.
TOP_ROW = [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]


def play(match, clients, moves):
    for seat, cell in moves:
        match.refresh_from_db()
        response = clients[seat].post(
            f"/match/{match.pk}/move/",
            {"move": json.dumps({"type": "mark", "cell": cell}), "version": match.version},
            HTTP_HX_REQUEST="true")
        assert response.status_code == 200, response.content
    match.refresh_from_db()
    return match


@pytest.fixture
def players(ttt_match, client_for, alice, bob):
    return {0: client_for(alice), 1: client_for(bob)}


@pytest.fixture
def finished(ttt_match, players):
    match = play(ttt_match, players, TOP_ROW)
    assert match.status == Match.Status.FINISHED
    return match


def uninstall(match):
    Match.objects.filter(pk=match.pk).update(game_slug="gone")


def pages_of(match) -> list[str]:
    """The table's page and live area, and once the match is over its replay and every step."""
    pages = [f"/match/{match.pk}/", f"/match/{match.pk}/live/"]
    if match.status == Match.Status.FINISHED:
        pages.append(f"/match/{match.pk}/replay/")
        pages += [f"/match/{match.pk}/replay/step/?ply={ply}" for ply in range(match.version + 1)]
    return pages


def assert_notice(response, status=200):
    page = html.unescape(response.content.decode())
    assert response.status_code == status, page[:500]
    assert GONE in page and "its record is kept" in page
    assert 'id="board"' not in page


@pytest.mark.parametrize("state", ["open", "active", "finished"])
def test_every_page_of_a_table_whose_game_is_gone_says_so(state, ttt_match, players, alice, client):
    """Issue 49.16: a match whose plugin was uninstalled gave a 500 on every match, live and
    replay page (TemplateDoesNotExist for its board)."""
    match = ttt_match
    if state == "open":
        match = create_table(alice, "tictactoe", 2)
    elif state == "finished":
        match = play(match, players, TOP_ROW)
    uninstall(match)
    for viewer in (players[0], client):
        for url in pages_of(match):
            assert_notice(viewer.get(url))
    for url in pages_of(match)[3:]:
        assert "Move " in client.get(url).content.decode()  # the step controls still lead on


def test_a_finished_table_whose_game_is_gone_keeps_its_result(finished, client):
    uninstall(finished)
    page = client.get(f"/match/{finished.pk}/").content.decode()
    assert "Final scores" in page and "alice won" in page.lower()
    assert 'id="replay-link"' not in page and 'id="rematch-button"' not in page


def test_a_move_at_a_table_whose_game_is_gone_is_refused_in_words(ttt_match, players):
    uninstall(ttt_match)
    response = players[0].post(
        f"/match/{ttt_match.pk}/move/",
        {"move": json.dumps({"type": "mark", "cell": 4}), "version": 0}, HTTP_HX_REQUEST="true")
    assert_notice(response, status=409)
    assert not Move.objects.filter(match=ttt_match).exists()


@pytest.mark.parametrize("state, action", [("open", "join"), ("open", "start"), ("finished", "rematch")])
def test_table_actions_that_need_the_game_are_refused_in_words(
        state, action, ttt_match, players, alice, carol, client_for):
    """Filling or starting a table deals its game; a rematch opens a table of it."""
    match = create_table(alice, "tictactoe", 2) if state == "open" else play(ttt_match, players, TOP_ROW)
    uninstall(match)
    tables = Match.objects.count()
    who = client_for(carol) if action == "join" else players[0]
    response = who.post(f"/match/{match.pk}/{action}/", follow=True)
    assert response.status_code == 200
    assert GONE in html.unescape(response.content.decode())
    assert Match.objects.get(pk=match.pk).status == state and Match.objects.count() == tables


def test_chat_goes_on_at_a_table_whose_game_is_gone(ttt_match, players):
    uninstall(ttt_match)
    assert players[1].post(f"/match/{ttt_match.pk}/chat/", {"text": "where did it go?"}).status_code == 200
    assert "where did it go?" in players[0].get(f"/match/{ttt_match.pk}/").content.decode()


def test_every_frame_of_a_table_whose_game_is_gone_says_so(ttt_match):
    """The socket's frames come from the same rendering as the pages (closed with 1011 before)."""
    uninstall(ttt_match)
    snapshot = live.load(ttt_match.pk)
    for audience in (0, 1, live.SPECTATORS):
        frame = html.unescape(live.frame_for(snapshot, audience))
        assert GONE in frame and 'id="board"' not in frame


@pytest.mark.django_db(transaction=True)
async def test_the_socket_of_a_table_whose_game_is_gone_sends_the_notice():
    from channels.testing import WebsocketCommunicator

    def table():
        from django.contrib.auth import get_user_model

        users = get_user_model().objects
        alice, bob = users.create_user("alice"), users.create_user("bob")
        match = join_table(create_table(alice, "tictactoe", 2).pk, bob)
        uninstall(match)
        client = Client()
        client.force_login(alice)
        return match, client.cookies[settings.SESSION_COOKIE_NAME].value

    match, session = await database_sync_to_async(table)()
    socket = WebsocketCommunicator(application, f"/ws/match/{match.pk}/", headers=[
        (b"origin", b"http://127.0.0.1:8000"), (b"cookie", f"{settings.SESSION_COOKIE_NAME}={session}".encode())])
    connected, _ = await socket.connect()
    assert connected
    for _ in range(4):
        frame = await socket.receive_from(timeout=10)
        if 'id="match-live"' in frame:
            break
    assert GONE in html.unescape(frame) and 'id="board"' not in frame
    await socket.send_json_to({"type": "move", "move": json.dumps({"type": "mark", "cell": 4}), "version": 0})
    for _ in range(4):
        answer = await socket.receive_from(timeout=10)
        if "move-feedback" in answer:
            break
    assert GONE in html.unescape(answer)  # the service's words, not "the server could not make that move"
    await socket.disconnect()


def test_a_bot_due_at_a_table_whose_game_is_gone_stands_down(alice):
    """No bot can move without the game's rules: the due mark is cleared, so the clock sweep
    does not pick the table up again every few seconds."""
    from core.services.bots import bot_step

    match = create_table(alice, "tictactoe", 2, bots={1: "random"}, options={"first": "o"})
    Match.objects.filter(pk=match.pk).update(game_slug="gone", bots_due_at=match.started_at)
    assert bot_step(match.pk) is False
    assert Match.objects.get(pk=match.pk).bots_due_at is None


@pytest.mark.parametrize("state", ["open", "finished"])
def test_lists_with_a_table_whose_game_is_gone_still_show(state, ttt_match, players, alice, client):
    """Home, lobby and profile list matches by slug; a slug no game answers to is named as is."""
    match = create_table(alice, "tictactoe", 2) if state == "open" else play(ttt_match, players, TOP_ROW)
    uninstall(match)
    for url in ("/", "/lobby/tables/", "/u/alice/"):
        for viewer in (players[0], client):
            assert viewer.get(url).status_code == 200, url


def break_log_at(match, ply: int):
    """An upgrade whose rules refuse the stored move ``ply``: the cell is already taken."""
    Move.objects.filter(match=match, ply=ply).update(payload={"type": "mark", "cell": 0})


def test_a_replay_that_no_longer_replays_says_where_it_stops(finished, client):
    """Issue 49.16: a stored log that no longer replays gave a 500 on 48 of 49 replay steps."""
    break_log_at(finished, 3)
    for ply in range(3):
        page = client.get(f"/match/{finished.pk}/replay/step/?ply={ply}").content.decode()
        assert 'id="board"' in page and "cannot be shown" not in page
    for ply in range(3, finished.version + 1):
        for url in (f"/match/{finished.pk}/replay/step/?ply={ply}", f"/match/{finished.pk}/replay/?ply={ply}"):
            response = client.get(url)
            page = response.content.decode()
            assert response.status_code == 200, page[:500]
            assert "This replay cannot be shown past move 2" in page
            assert "move 3 no longer replays" in page
            assert 'id="board"' not in page and f"Move {ply} of 5" in page


def test_a_replay_broken_at_its_first_move_cannot_be_shown_at_all(finished, client):
    break_log_at(finished, 2)
    Move.objects.filter(match=finished, ply=1).update(payload={"type": "mark", "cell": 99})
    page = client.get(f"/match/{finished.pk}/replay/?ply=4").content.decode()
    assert "This replay cannot be shown: move 1 no longer replays" in page


def test_a_replay_whose_opening_no_longer_deals_cannot_be_shown(finished, client, monkeypatch):
    """An upgrade whose setup needs an option the stored table never had."""
    def setup(*args):
        raise KeyError("board_size")

    monkeypatch.setattr(registry().game("tictactoe"), "setup", setup)
    page = html.unescape(client.get(f"/match/{finished.pk}/replay/?ply=3").content.decode())
    assert "This replay cannot be shown: its opening no longer replays" in page


def test_the_table_page_of_a_match_whose_log_no_longer_replays_still_shows(finished, client):
    """The match page draws the stored state (the cache of the replay), which is still whole."""
    break_log_at(finished, 3)
    page = client.get(f"/match/{finished.pk}/").content.decode()
    assert 'id="board"' in page and "Final scores" in page
