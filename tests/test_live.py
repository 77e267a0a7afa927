"""Live frames while seats change under open sockets (issue 12 finding 1, issue 13 item 3).

Each test drives the real consumer (WebsocketCommunicator through the ASGI app) and the real
services, changes seats while sockets stay open (leave, removal by the host, renumbering by
"start with the players here", a rematch), and scans every frame a socket receives against the
secrets of the audience its user belongs to at that moment, at the version the frame shows.
"""

from __future__ import annotations

import re

import pytest
from channels.db import database_sync_to_async

from core.engine.secrets import find_leaks
from core.models import Match
from core.plugins import registry
from core.services import rematch, submit_move
from core.services.replays import states_by_ply
from core.services.tables import (
    add_bot,
    create_table,
    join_table,
    leave_table,
    remove_seat,
    start_with_joined,
)
from tests.test_consumers import connect, session_cookie, started_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]
VERSION = re.compile(r'id="match-live"[^>]*data-version="(\d+)"')


async def drain(socket, timeout=0.4) -> list[str]:
    """Every live frame that arrives until the socket has been quiet for ``timeout`` seconds."""
    frames = []
    while not await socket.receive_nothing(timeout=timeout):
        frame = await socket.receive_from(timeout=3)
        if 'id="match-live"' in frame:
            frames.append(frame)
    return frames


@database_sync_to_async
def leaks_in(match_id: int, frames: list[str], seat: int | None) -> tuple[int, list[str]]:
    """(frames scanned, leaks): ids that ``seat`` may not see, at the version each frame shows."""
    match = Match.objects.get(pk=match_id)
    game = registry().game(match.game_slug)
    states = dict(states_by_ply(match)) if match.state is not None else {}
    found, scanned = [], 0
    for frame in frames:
        version = int(VERSION.search(frame).group(1))
        if version not in states:
            continue
        scanned += 1
        found += find_leaks(frame, game.secrets(states[version], seat))
    return scanned, found


@database_sync_to_async
def play_round(match_id: int, users: dict[int, object]) -> int:
    """Every person to act makes their first legal move on the version they saw; moves made."""
    made = 0
    for _ in range(len(users)):
        match = Match.objects.get(pk=match_id)
        game = registry().game(match.game_slug)
        to_act = game.to_act(match.state) if match.status == Match.Status.ACTIVE else set()
        seat = next((s for s in sorted(to_act) if s in users), None)
        if seat is None:
            break
        submit_move(match_id, users[seat], game.legal_moves(match.state, seat)[0], match.version)
        made += 1
    return made


async def test_a_socket_whose_user_left_gets_only_the_spectator_view():
    """M opens the socket, leaves; V takes the seat; the game starts: M never sees V's hand."""
    host, host_cookie = await session_cookie("host")
    m, m_cookie = await session_cookie("mallory")
    v, v_cookie = await session_cookie("victor")
    match = await database_sync_to_async(create_table)(host, "lodge_hikers", 3)
    await database_sync_to_async(join_table)(match.pk, m)
    m_socket, ok, _ = await connect(f"/ws/match/{match.pk}/", m_cookie)
    assert ok
    await drain(m_socket)
    await database_sync_to_async(leave_table)(match.pk, m)
    await database_sync_to_async(join_table)(match.pk, v)
    v_socket, _, _ = await connect(f"/ws/match/{match.pk}/", v_cookie)
    await database_sync_to_async(add_bot)(match.pk, host, 2, "random")
    m_frames, v_frames = await drain(m_socket), await drain(v_socket)
    for _ in range(6):
        await play_round(match.pk, {0: host, 1: v})
        m_frames += await drain(m_socket, 0.2)
        v_frames += await drain(v_socket, 0.2)
    scanned, leaks = await leaks_in(match.pk, m_frames, None)
    assert scanned >= 6 and leaks == []
    assert all("victor (you)" not in f for f in m_frames)
    scanned_v, leaks_v = await leaks_in(match.pk, v_frames, 1)
    assert scanned_v >= 6 and leaks_v == []
    assert "victor (you)" in v_frames[-1]
    await m_socket.disconnect()
    await v_socket.disconnect()


async def test_renumbered_seats_get_their_new_seat_and_the_removed_player_the_spectator_view():
    """Host removes R; "start with the players here" moves V from seat 3 to seat 2 and W to 3."""
    host, _ = await session_cookie("host")
    r, r_cookie = await session_cookie("rita")
    v, v_cookie = await session_cookie("victor")
    w, w_cookie = await session_cookie("wanda")
    match = await database_sync_to_async(create_table)(host, "lodge_hikers", 5)
    for user in (r, v, w):
        await database_sync_to_async(join_table)(match.pk, user)
    sockets = {}
    for name, cookie in (("rita", r_cookie), ("victor", v_cookie), ("wanda", w_cookie)):
        sockets[name], ok, _ = await connect(f"/ws/match/{match.pk}/", cookie)
        assert ok
        assert "(you)" in (await drain(sockets[name]))[-1]
    await database_sync_to_async(remove_seat)(match.pk, host, 1)
    await database_sync_to_async(start_with_joined)(match.pk, host)
    frames = {name: await drain(s) for name, s in sockets.items()}
    for _ in range(6):
        await play_round(match.pk, {0: host, 1: v, 2: w})
        for name, socket in sockets.items():
            frames[name] += await drain(socket, 0.2)
    seats = await database_sync_to_async(
        lambda: {s.user.username: s.position for s in Match.objects.get(pk=match.pk).seats.all()}
    )()
    assert seats == {"host": 0, "victor": 1, "wanda": 2}
    total = 0
    for name, audience in (("rita", None), ("victor", 1), ("wanda", 2)):
        scanned, leaks = await leaks_in(match.pk, frames[name], audience)
        assert scanned >= 6 and leaks == [], (name, leaks)
        total += scanned
    assert "victor (you)" in frames["victor"][-1] and "wanda (you)" in frames["wanda"][-1]
    assert all("(you)" not in f for f in frames["rita"])
    for socket in sockets.values():
        await socket.disconnect()


async def test_leaving_a_private_table_closes_the_socket():
    """Whoever leaves a private table (and holds no invite) can no longer watch it."""
    host, _ = await session_cookie("host")
    alice, alice_cookie = await session_cookie("alice")
    table = await database_sync_to_async(create_table)(host, "lodge_hikers", 3, private=True)
    await database_sync_to_async(join_table)(table.pk, alice)
    socket, ok, _ = await connect(f"/ws/match/{table.pk}/", alice_cookie)
    assert ok
    await drain(socket)
    await database_sync_to_async(leave_table)(table.pk, alice)
    output = await socket.receive_output(timeout=3)
    while output["type"] != "websocket.close":
        output = await socket.receive_output(timeout=3)
    assert output["code"] == 4403


async def test_a_rematch_that_starts_while_the_host_watches_gives_the_host_their_seat():
    """The host waits at the rematch table; when the other player accepts, the game starts and
    the host's open page shows their seat, their move and Resign, and no invite link any more."""
    alice, alice_cookie = await session_cookie("alice")
    bob, _ = await session_cookie("bob")
    old = await database_sync_to_async(create_table)(alice, "tictactoe", 2, private=True)
    await database_sync_to_async(join_table)(old.pk, bob)
    for cell, who in ((0, alice), (3, bob), (1, alice), (4, bob), (2, alice)):
        version = await database_sync_to_async(lambda: Match.objects.get(pk=old.pk).version)()
        await database_sync_to_async(submit_move)(old.pk, who, {"type": "mark", "cell": cell}, version)
    table = await database_sync_to_async(rematch.offer)(old.pk, alice)
    socket, ok, _ = await connect(f"/ws/match/{table.pk}/", alice_cookie)
    assert ok
    waiting = (await drain(socket))[-1]
    assert "Invite link" in waiting and "resign-button" not in waiting
    await database_sync_to_async(rematch.accept)(table.pk, bob)
    started = (await drain(socket))[-1]
    assert 'data-status="active"' in started and "alice (you)" in started
    assert "resign-button" in started and "Invite link" not in started
    await socket.disconnect()


async def test_the_end_of_a_game_takes_resign_away_and_offers_the_replay_live():
    match, alice, alice_cookie, bob, _ = await started_table()
    socket, ok, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    assert ok
    assert "resign-button" in (await drain(socket))[-1]
    for version, (cell, who) in enumerate(((0, alice), (3, bob), (1, alice), (4, bob), (2, alice))):
        await database_sync_to_async(submit_move)(match.pk, who, {"type": "mark", "cell": cell}, version)
    final = (await drain(socket))[-1]
    assert 'data-status="finished"' in final and "replay-link" in final and "rematch-button" in final
    assert "resign-button" not in final
    assert re.findall(r'class="score">([^<]*)<', final) == ["1 point", "0 points"]  # as a reload shows
    await socket.disconnect()


@pytest.fixture
def rendered(monkeypatch):
    """The audiences whose live frame is rendered, in order, from the moment the test asks."""
    from core.services import live

    seen = []
    real = live.render_live
    monkeypatch.setattr(live, "render_live", lambda match, seat, **kw: seen.append(seat) or real(match, seat, **kw))
    return seen


async def test_frames_are_rendered_only_for_audiences_that_have_a_socket_open(rendered):
    """Issue 13 item 3: after a move the live frame is rendered once per audience that has a
    socket open, plus the mover's own (their HTTP answer carries it). Bob's socket is open,
    alice has none, nobody watches: alice's move renders hers and bob's, bob's move only his.
    A spectator who opens the page later gets the frame at once and the next move's too."""
    match, alice, _, bob, bob_cookie = await started_table()
    b, connected, _ = await connect(f"/ws/match/{match.pk}/", bob_cookie)
    assert connected
    await drain(b)
    rendered.clear()
    move = database_sync_to_async(submit_move)
    await move(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    assert sorted(rendered) == [0, 1]
    rendered.clear()
    await move(match.pk, bob, {"type": "mark", "cell": 0}, 1)
    assert rendered == [1]
    watcher, connected, _ = await connect(f"/ws/match/{match.pk}/")
    assert connected and 'data-version="2"' in " ".join(await drain(watcher))
    rendered.clear()
    await move(match.pk, alice, {"type": "mark", "cell": 8}, 2)
    assert sorted(rendered, key=str) == [0, 1, None]
    assert any('data-version="3"' in frame for frame in await drain(watcher))
    for socket in (b, watcher):
        await socket.disconnect()


async def test_a_bot_move_at_a_table_nobody_has_open_renders_nothing(rendered):
    """Bot moves have no mover whose answer needs a frame: with no socket open and nobody
    watching, alice's move renders only her own frame and the bot's reply renders none."""
    alice, _ = await session_cookie("alice")
    match = await database_sync_to_async(create_table)(alice, "tictactoe", 2, bots={1: "random"})
    rendered.clear()
    await database_sync_to_async(submit_move)(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    assert (await database_sync_to_async(Match.objects.get)(pk=match.pk)).version == 2  # the bot replied
    assert rendered == [0]


async def test_an_abort_by_staff_reaches_the_open_pages_at_once():
    """Issue 49 item 2: staff abort a match in play; both players' open pages say so with the
    reason, offer no move and no Resign, and a reload says the same; the seats' badges drop."""
    from core.services.matches import abort_match

    match, alice, alice_cookie, bob, bob_cookie = await started_table()
    sockets = []
    for cookie in (alice_cookie, bob_cookie):
        socket, ok, _ = await connect(f"/ws/match/{match.pk}/", cookie)
        assert ok and "resign-button" in (await drain(socket))[-1]
        sockets.append(socket)
    await database_sync_to_async(abort_match)(match.pk, "Staff aborted this match: testing")
    for socket in sockets:
        frame = (await drain(socket))[-1]
        assert 'data-status="aborted"' in frame and "Staff aborted this match: testing" in frame
        assert "Your move!" not in frame and "to move" not in frame and "resign-button" not in frame
        assert f"/match/{match.pk}/move/" not in frame  # the board offers no move
        await socket.disconnect()
    again, ok, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    assert ok and "Staff aborted this match: testing" in (await drain(again))[-1]
    await again.disconnect()
    assert await database_sync_to_async(abort_match)(match.pk, "twice") is None


async def test_a_new_invite_link_closes_the_sockets_let_in_by_the_old_one():
    """Issue 49 item 17: a spectator who opened the old invite link watches with an open socket;
    the host makes a new link: that socket closes at once (not only its next reload), while the
    seated players' sockets stay."""
    from django.conf import settings
    from django.test import Client

    from core.consumers import REFUSED_ACCESS
    from core.services.tables import rotate_invite

    alice, alice_cookie = await session_cookie("alice")
    match = await database_sync_to_async(create_table)(alice, "lodge_hikers", 3, private=True)

    @database_sync_to_async
    def guest_cookie():
        guest = Client()
        assert guest.get(f"/invite/{match.invite_token}/").status_code == 302
        name = settings.SESSION_COOKIE_NAME
        return f"{name}={guest.cookies[name].value}"

    guest, ok, _ = await connect(f"/ws/match/{match.pk}/", await guest_cookie())
    host, ok_too, _ = await connect(f"/ws/match/{match.pk}/", alice_cookie)
    assert ok and ok_too
    await drain(guest)
    await drain(host)
    await database_sync_to_async(rotate_invite)(match.pk, alice)
    output = await guest.receive_output(timeout=3)
    while output["type"] != "websocket.close":
        output = await guest.receive_output(timeout=3)
    assert output["code"] == REFUSED_ACCESS
    assert any('id="match-live"' in frame for frame in await drain(host))
    await host.disconnect()
