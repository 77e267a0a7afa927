"""Websocket consumers through Channels' WebsocketCommunicator, with real sessions and origins."""

from __future__ import annotations

import html
import json
import re

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import OperationalError
from django.test import Client

from config.asgi import application
from core import consumers
from core.consumers import MOVE_FAILED
from core.dblock import BUSY
from core.models import ChatMessage, Move
from core.services import submit_move
from core.services.tables import create_table, join_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
ORIGIN = (b"origin", b"http://127.0.0.1:8000")


@database_sync_to_async
def session_cookie(username):
    user = get_user_model().objects.get_or_create(username=username)[0]
    client = Client()
    client.force_login(user)
    return user, f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


async def started_table():
    """alice hosting and bob joined at a started tic-tac-toe table:
    (match, alice, alice's session cookie, bob, bob's session cookie)."""
    alice, alice_cookie = await session_cookie("alice")
    bob, bob_cookie = await session_cookie("bob")
    match = await database_sync_to_async(create_table)(alice, "tictactoe", 2)
    await database_sync_to_async(join_table)(match.pk, bob)
    return match, alice, alice_cookie, bob, bob_cookie


async def connect(path, cookie=None, origin=ORIGIN):
    headers = [origin] if origin else []
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, code = await communicator.connect()
    return communicator, connected, code


async def receive_until(communicator, needle, tries=6):
    for _ in range(tries):
        frame = await communicator.receive_from(timeout=10)
        if needle in frame:
            return frame
    raise AssertionError(f"no frame with {needle!r}")


async def test_two_players_each_get_their_own_view_and_moves():
    match, alice, alice_cookie, bob, bob_cookie = await started_table()
    a, ok_a, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    b, ok_b, _ = await connect(f"/ws/match/{match.pk}/", bob_cookie)
    assert ok_a and ok_b
    first_a = await receive_until(a, 'id="match-live"')
    first_b = await receive_until(b, 'id="match-live"')
    assert "Your move!" in first_a and "/move/" in first_a
    assert "Your move!" not in first_b
    await database_sync_to_async(submit_move)(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    update_b = await receive_until(b, 'data-version="1"')
    assert 'data-mark="X"' in update_b and "Your move!" in update_b
    update_a = await receive_until(a, 'data-version="1"')
    assert "Your move!" not in update_a
    await a.disconnect()
    await b.disconnect()


async def test_spectator_gets_the_spectator_view():
    alice, _ = await session_cookie("alice")
    bob, _ = await session_cookie("bob")
    _, carol_cookie = await session_cookie("carol")
    match = await database_sync_to_async(create_table)(alice, "tictactoe", 2)
    await database_sync_to_async(join_table)(match.pk, bob)
    watcher, ok, _ = await connect(f"/ws/match/{match.pk}/", carol_cookie)
    assert ok
    frame = await receive_until(watcher, 'id="match-live"')
    assert "Spectating." in frame and "/move/" not in frame
    await watcher.disconnect()


async def test_anonymous_socket_cannot_join_a_private_match():
    alice, _ = await session_cookie("alice")
    match = await database_sync_to_async(create_table)(alice, "tictactoe", 2, private=True)
    _, connected, code = await connect(f"/ws/match/{match.pk}/")
    assert not connected and code == 4403


async def test_foreign_origin_is_refused():
    alice, alice_cookie = await session_cookie("alice")
    match = await database_sync_to_async(create_table)(alice, "tictactoe", 2)
    _, connected, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie, origin=(b"origin", b"http://evil.example"))
    assert not connected


async def test_portal_socket_shows_the_your_turn_badge_live():
    alice, alice_cookie = await session_cookie("alice")
    bob, bob_cookie = await session_cookie("bob")
    match = await database_sync_to_async(create_table)(alice, "tictactoe", 2)
    portal, ok, _ = await connect("/ws/portal/", bob_cookie)
    assert ok
    assert "No moves due" in await portal.receive_from(timeout=3)
    await database_sync_to_async(join_table)(match.pk, bob)
    await database_sync_to_async(submit_move)(match.pk, alice, {"type": "mark", "cell": 0}, 0)
    assert "Your turn: 1" in await receive_until(portal, "Your turn")
    await portal.disconnect()


async def test_a_move_renders_each_users_badge_once_for_all_their_pages(monkeypatch):
    """Bob has two pages open; after alice's move both show "Your turn: 1" and his rematch
    invite, from one render, and neither socket reads the database for it."""
    from core.services import badges, rematch

    match, alice, alice_cookie, bob, bob_cookie = await started_table()
    finished = await database_sync_to_async(create_table)(alice, "tictactoe", 2)
    await database_sync_to_async(join_table)(finished.pk, bob)
    for move in ({"type": "mark", "cell": c} for c in (0, 3, 1, 4, 2)):
        seat = 0 if move["cell"] in (0, 1, 2) else 1
        await database_sync_to_async(submit_move)(finished.pk, (alice, bob)[seat], move, None)
    await database_sync_to_async(rematch.offer)(finished.pk, alice)
    pages = [(await connect("/ws/portal/", bob_cookie))[0] for _ in range(2)]
    for page in pages:
        assert "invites you" in await receive_until(page, 'id="turn-badge"')
    rendered = []
    badge_html = badges.badge_html
    monkeypatch.setattr(badges, "badge_html", lambda user_id: rendered.append(user_id) or badge_html(user_id))
    await database_sync_to_async(submit_move)(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    for page in pages:
        frame = await receive_until(page, "Your turn")
        assert "Your turn: 1" in frame and "alice invites you" in frame
    assert rendered.count(bob.pk) == 1, rendered
    for page in pages:
        await page.disconnect()


async def test_reconnecting_socket_receives_the_current_board():
    match, alice, alice_cookie, bob, _ = await started_table()
    first, _, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    await receive_until(first, 'id="match-live"')
    await first.disconnect()
    await database_sync_to_async(submit_move)(match.pk, alice, {"type": "mark", "cell": 8}, 0)
    again, _, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    frame = await receive_until(again, 'id="match-live"')
    assert 'data-version="1"' in frame
    await again.disconnect()


async def test_lobby_socket_lists_new_tables_live():
    alice, _ = await session_cookie("alice")
    lobby, ok, _ = await connect("/ws/portal/?lobby=1")
    assert ok
    await database_sync_to_async(create_table)(alice, "tictactoe", 2)
    frame = await receive_until(lobby, 'id="open-tables"')
    assert "Tic-tac-toe" in frame and "alice" in frame
    await lobby.disconnect()


async def test_one_lobby_change_is_read_once_for_every_socket_and_private_tables_stay_private(
        monkeypatch):
    from core.services import queries

    reads = []
    open_tables = queries.open_tables

    def counted(user=None):
        reads.append(user)
        return open_tables(user)

    monkeypatch.setattr(queries, "open_tables", counted)
    alice, alice_cookie = await session_cookie("alice")
    bob, _ = await session_cookie("bob")
    _, carol_cookie = await session_cookie("carol")
    hidden = await database_sync_to_async(create_table)(alice, "tictactoe", 2, private=True)
    sockets = {"anonymous": (await connect("/ws/portal/?lobby=1"))[0],
               "carol": (await connect("/ws/portal/?lobby=1", carol_cookie))[0],
               "alice": (await connect("/ws/portal/?lobby=1", alice_cookie))[0]}
    for who in ("carol", "alice"):
        await receive_until(sockets[who], 'id="turn-badge"')
    reads.clear()
    shown = await database_sync_to_async(create_table)(bob, "tictactoe", 2)
    frames = {who: await receive_until(s, 'id="open-tables"') for who, s in sockets.items()}
    for who, frame in frames.items():
        assert f"table #{shown.pk}" in frame, who
        assert (f"table #{hidden.pk}" in frame) == (who == "alice"), who
    assert len(reads) == 2, reads  # the shared list, and alice's own
    for s in sockets.values():
        await s.disconnect()


async def test_a_chat_line_posted_before_the_socket_joined_reaches_it_on_connect():
    """The page is drawn, a line is posted, and only then does the page's socket connect (a slow
    connection): chat is pushed only as it changes, so the socket brings it on connect."""
    match, _alice, alice_cookie, bob, _ = await started_table()
    await database_sync_to_async(ChatMessage.objects.create)(match=match, user=bob, text="good luck")
    socket, _, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    chat = await receive_until(socket, 'id="chat-messages"')
    assert "good luck" in chat and 'hx-swap-oob="true"' in chat
    await socket.disconnect()


async def test_a_client_behind_the_current_version_is_resynced():
    match, alice, alice_cookie, bob, _ = await started_table()
    socket, _, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    first = await receive_until(socket, 'id="match-live"')
    shown = int(re.search(r'data-revision="(\d+)"', first).group(1))
    await receive_until(socket, 'id="watchers"')
    await socket.send_to(text_data=json.dumps({"revision": shown}))
    assert await socket.receive_nothing(timeout=0.5)
    await database_sync_to_async(submit_move)(match.pk, alice, {"type": "mark", "cell": 8}, 0)
    await receive_until(socket, 'data-version="1"')
    await socket.send_to(text_data=json.dumps({"revision": shown}))
    assert 'data-version="1"' in await socket.receive_from(timeout=3)
    await socket.disconnect()


async def table_of_two():
    """alice and bob at a started tic-tac-toe table, each with the match socket open and its
    first frame read: (match, alice's socket, bob's socket)."""
    match, alice, alice_cookie, bob, bob_cookie = await started_table()
    a, _, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    b, _, _ = await connect(f"/ws/match/{match.pk}/", bob_cookie)
    await receive_until(a, 'id="match-live"')
    await receive_until(b, 'id="match-live"')
    return match, a, b


async def test_a_move_over_the_socket_applies_and_reaches_the_other_player():
    match, a, b = await table_of_two()
    await a.send_to(text_data=json.dumps(
        {"type": "move", "move": json.dumps({"type": "mark", "cell": 4}), "version": 0}))
    frame = await receive_until(b, 'data-version="1"')
    assert 'id="tictactoe-cell-4" data-mark="X"' in frame and "Your move!" in frame
    await a.disconnect()
    await b.disconnect()


@pytest.mark.parametrize("form", [
    "move=%7B%22type%22%3A+%22mark%22%2C+%22cell%22%3A+4%7D&version=0",  # a clicked part's fields
    "type=mark&cell=4&version=0",  # a small form's fields, one per key
])
async def test_the_pages_move_fields_over_the_socket_apply_as_a_post_would(form):
    """static/js/meeplehall.js sends a move's fields URL-encoded over the open match socket
    instead of POSTing them; they are read by the same reader as the POST."""
    match, a, b = await table_of_two()
    await a.send_to(text_data=json.dumps({"type": "move", "form": form}))
    frame = await receive_until(b, 'data-version="1"')
    assert 'id="tictactoe-cell-4" data-mark="X"' in frame
    assert 'data-version="1"' in await receive_until(a, 'id="match-live"')
    await a.disconnect()
    await b.disconnect()


@pytest.mark.parametrize("message", [
    {"type": "move", "form": "move=%7B%22type%22%3A%22mark%22%2C%22cell%22%3ANaN%7D&version=0"},
    {"type": "move", "form": "type=mark&cell=4"},
    {"type": "move", "form": "type=mark&cell=4&version=" + "9" * 40},
    {"type": "move", "form": "move=%7B%22type%22%3A%22mark%22%2C%22cell%22%3A%22%5Cud800%22%7D&version=0"},
    {"type": "move", "form": "type=mark&cell=" + "4" * 9000 + "&version=0"},
    {"type": "move", "form": ["type=mark"]},
    {"type": "move", "move": '{"type": "mark", "cell": NaN}', "version": 0},
    {"type": "move", "move": "[" * 5000 + "]" * 5000, "version": 0},
    {"type": "move", "move": '{"type": "mark", "cell": 4}', "version": "9" * 5000},
    {"type": "move", "move": '{"type": "mark", "cell": 4}', "version": 3},
    {"type": "move", "move": '{"type": "mark", "cell": 99}', "version": 0},
    {"type": "move", "move": {"type": "mark", "cell": 4}, "version": 0},
])
async def test_a_hostile_move_over_the_socket_is_refused_readably_and_stores_nothing(message):
    match, alice, alice_cookie, bob, _ = await started_table()
    a, _, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    await receive_until(a, 'id="match-live"')
    text = json.dumps(message)
    if message.get("version") == "9" * 5000:  # a bare number of 5,000 digits, as a client could send
        text = text.replace(f'"{message["version"]}"', message["version"])
    await a.send_to(text_data=text)
    answer = await receive_until(a, "feedback error")
    assert 'role="alert"' in answer
    moves = await database_sync_to_async(lambda: Move.objects.filter(match=match).count())()
    assert moves == 0
    await a.disconnect()


async def test_a_spectator_cannot_move_over_the_socket():
    match, alice, _, bob, _ = await started_table()
    anon, _, _ = await connect(f"/ws/match/{match.pk}/")
    await receive_until(anon, 'id="match-live"')
    await anon.send_to(text_data=json.dumps(
        {"type": "move", "move": json.dumps({"type": "mark", "cell": 4}), "version": 0}))
    assert "Log in to play." in await receive_until(anon, "feedback error")
    await anon.disconnect()


@pytest.mark.parametrize("error, said", [
    (OperationalError("database is locked"), BUSY),
    (RuntimeError("a defect"), MOVE_FAILED),
])
async def test_a_move_the_server_fails_to_make_is_answered_and_the_socket_stays_open(
        monkeypatch, error, said):
    """Without an answer the socket closed (1011), the page reconnected to the same board and the
    player's move was gone without a word: with SQLite's writer busy past its timeout, say."""
    def failing(*args, **kwargs):
        raise error
    monkeypatch.setattr(consumers, "submit_move", failing)
    match, a, b = await table_of_two()
    mark = json.dumps({"type": "move", "move": json.dumps({"type": "mark", "cell": 4}), "version": 0})
    await a.send_to(text_data=mark)
    assert said in html.unescape(await receive_until(a, "feedback error"))
    assert 'data-version="0"' in await receive_until(a, 'id="match-live"')
    monkeypatch.setattr(consumers, "submit_move", submit_move)
    await a.send_to(text_data=mark)  # the same socket, still open, makes the move once it can
    assert 'data-version="1"' in await receive_until(b, 'id="match-live"')
    await a.disconnect()
    await b.disconnect()


# ---- sockets live no longer than their session (issue 49 item 11) ---------------------------

@database_sync_to_async
def logged_in(user):
    """A client logged in as ``user`` and the cookie of its session, like one browser."""
    client = Client()
    client.force_login(user)
    return client, f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


async def closed_with(socket) -> int | None:
    output = await socket.receive_output(timeout=3)
    while output["type"] != "websocket.close":
        output = await socket.receive_output(timeout=3)
    return output.get("code")


async def test_a_log_out_closes_the_sockets_opened_under_that_session_only():
    match, alice, _, bob, _ = await started_table()
    laptop, laptop_cookie = await logged_in(alice)
    _, phone_cookie = await logged_in(alice)
    on_laptop, ok, _ = await connect(f"/ws/match/{match.pk}/", laptop_cookie)
    on_phone, ok_too, _ = await connect(f"/ws/match/{match.pk}/", phone_cookie)
    portal, ok_portal, _ = await connect("/ws/portal/", laptop_cookie)
    assert ok and ok_too and ok_portal
    for socket in (on_laptop, on_phone, portal):
        await socket.receive_from(timeout=3)
    await database_sync_to_async(laptop.post)("/accounts/logout/")
    assert await closed_with(on_laptop) == consumers.SESSION_CHANGED
    assert await closed_with(portal) == consumers.SESSION_CHANGED
    # the phone's session still holds: it keeps its seat's frames
    await database_sync_to_async(submit_move)(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    assert "data-version=\"1\"" in await receive_until(on_phone, 'id="match-live"')
    await on_phone.disconnect()


async def test_a_password_change_elsewhere_and_a_deactivation_close_open_sockets():
    match, alice, _, bob, _ = await started_table()
    _, old_cookie = await logged_in(alice)
    old, ok, _ = await connect(f"/ws/match/{match.pk}/", old_cookie)
    assert ok
    await receive_until(old, 'id="match-live"')

    @database_sync_to_async
    def rename():
        alice.first_name = "Alice"
        alice.save()  # nothing about the session: the socket stays

    await rename()
    assert "websocket.close" not in await outputs(old)

    @database_sync_to_async
    def change_password():
        alice.set_password("a-new-secret-42")
        alice.save()

    await change_password()
    assert await closed_with(old) == consumers.SESSION_CHANGED
    # the socket that closed makes no more moves and gets no more frames of the seat
    await database_sync_to_async(submit_move)(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    assert await outputs(old, quiet=0.3) == []

    _, bob_cookie = await logged_in(bob)
    bobs, ok, _ = await connect(f"/ws/match/{match.pk}/", bob_cookie)
    assert ok
    await receive_until(bobs, 'id="match-live"')

    @database_sync_to_async
    def deactivate():
        bob.is_active = False
        bob.save()

    await deactivate()
    assert await closed_with(bobs) == consumers.SESSION_CHANGED


# ---- a failing handler leaks nothing (issue 49 item 12) -----------------------------------

def slots(user_id=None):
    """Socket slots taken: by every client address, and by ``user_id``."""
    return sum(consumers._sockets_by_address.values()), consumers._sockets_by_user.get(user_id, 0)


async def outputs(socket, quiet=0.5) -> list[str]:
    """The types of what a socket sends until it has been quiet for ``quiet`` seconds."""
    seen = []
    while not await socket.receive_nothing(timeout=quiet):
        seen.append((await socket.receive_output(timeout=3))["type"])
    return seen


async def test_a_move_form_with_too_many_fields_is_refused_and_the_socket_stays():
    match, alice, alice_cookie, *_ = await started_table()
    socket, ok, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    assert ok
    await receive_until(socket, 'id="match-live"')
    form = "&".join(f"f{n}=1" for n in range(2000))
    await socket.send_json_to({"type": "move", "form": form})
    assert "That move could not be read." in await receive_until(socket, "move-feedback")
    await socket.disconnect()
    assert await database_sync_to_async(Move.objects.filter(match=match).count)() == 0


async def test_an_error_in_a_handler_closes_the_socket_and_frees_its_slots(monkeypatch):
    match, alice, alice_cookie, *_ = await started_table()
    before = slots(alice.pk)
    watcher, ok, _ = await connect(f"/ws/match/{match.pk}/")
    player, ok_too, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    assert ok and ok_too
    await receive_until(watcher, 'id="match-live"')
    assert slots(alice.pk) == (before[0] + 2, before[1] + 1)
    assert consumers.watchers.local[match.pk] == 1

    async def broken(match_id):
        raise RuntimeError("a bug in a handler")

    monkeypatch.setattr(consumers, "latest_revision", broken)
    for socket in (watcher, player):
        await socket.send_json_to({"revision": 0})
        assert await closed_with(socket) == consumers.SERVER_ERROR
        await socket.disconnect()  # what daphne sends once the connection is gone
    assert slots(alice.pk) == before
    assert consumers.watchers.local[match.pk] == 0


async def test_every_close_code_a_consumer_sends_is_one_daphne_will_send():
    """autobahn (daphne's websocket layer) lets an application close only with 1000 or
    3000-4999; anything else (1011 was used) crashes the consumer without its disconnect."""
    from core.services.sessions import SESSION_CHANGED

    for code in (consumers.SERVER_ERROR, consumers.REFUSED_ACCESS, consumers.TOO_MANY_SOCKETS, SESSION_CHANGED):
        assert code == 1000 or 3000 <= code <= 4999, code


async def test_a_frame_for_a_page_that_just_went_away_is_no_failure(monkeypatch, caplog):
    """A page may close while a frame is on its way; daphne then refuses the send. That is the
    ordinary end of a socket, not an error: nothing is logged and the disconnect frees its slot."""
    from autobahn.exception import Disconnected

    match, alice, alice_cookie, bob, _ = await started_table()
    before = slots(alice.pk)
    socket, ok, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    assert ok
    await receive_until(socket, 'id="match-live"')

    async def gone(self, *args, **kwargs):
        raise Disconnected("Attempt to send on a closed protocol")

    monkeypatch.setattr(consumers.MatchConsumer, "send", gone)
    await database_sync_to_async(submit_move)(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    await socket.receive_nothing(timeout=0.5)
    await socket.disconnect()
    assert slots(alice.pk) == before
    assert "failed" not in caplog.text
