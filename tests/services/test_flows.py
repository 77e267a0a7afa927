"""Lobby and realtime flows against a real daphne, on the embedded default and on PostgreSQL+Redis.

Everything goes through the wire as a browser would: the sign-up form, the create-table form,
HTMX move POSTs with CSRF tokens, and websockets carrying the session cookie.
"""

from __future__ import annotations

import time

import pytest
from websockets.exceptions import InvalidStatus

from tests.services.web import Browser, live_version, query

pytestmark = pytest.mark.services

# X takes the top row while O answers in the middle row: X wins on the fifth move.
WINNING_GAME = [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]
# Longer than channels-redis's 5 s BZPOPMIN and redis-py 8's default 5 s read timeout.
IDLE_SECONDS = 7


def seated_pair(portal, name):
    ann = Browser(portal.url).signup(name("ann"))
    ben = Browser(portal.url).signup(name("ben"))
    match_id = ann.new_table()
    assert ben.join(match_id).status == 302
    return ann, ben, match_id


def test_two_players_and_a_spectator_play_to_the_end(backend, portal, name):
    ann, ben, match_id = seated_pair(portal, name)
    cy = Browser(portal.url).signup(name("cy"))
    path = f"/ws/match/{match_id}/"
    sockets = {"ann": ann.socket(path), "ben": ben.socket(path), "cy": cy.socket(path)}
    first = {who: s.wait_version(0) for who, s in sockets.items()}
    assert "Your move!" in first["ann"] and "/move/" in first["ann"]
    assert "Your move!" not in first["ben"] and "/move/" not in first["ben"].split('id="board"')[1]
    assert "Spectating." in first["cy"]

    players = [ann, ben]
    for version, (seat, cell) in enumerate(WINNING_GAME, start=1):
        answer = players[seat].move(match_id, {"type": "mark", "cell": cell}, version - 1)
        assert answer.status == 200, answer.body[:300]
        assert live_version(answer.body) == version
        for who, socket in sockets.items():
            frame = socket.wait_version(version)
            assert f'id="tictactoe-cell-{cell}"' in frame, who
    for socket in sockets.values():
        assert "Final scores" in socket.wait_version(len(WINNING_GAME))
        socket.close()

    rows = query(backend.database_url,
                 "SELECT ply, seat FROM core_move WHERE match_id = %s ORDER BY ply", (match_id,))
    assert rows == [(ply, seat) for ply, (seat, _) in enumerate(WINNING_GAME, start=1)]
    assert query(backend.database_url, "SELECT status, version FROM core_match WHERE id = %s",
                 (match_id,)) == [("finished", 5)]
    check = backend.manage("verifyreplays")
    assert check.returncode == 0, check.stdout + check.stderr


def test_a_socket_left_idle_past_the_layers_wait_still_gets_the_next_move(portal, name):
    """An idle socket's layer receive waits 5 s at a time; on Redis that wait must not end it."""
    ann, ben, match_id = seated_pair(portal, name)
    socket = ben.socket(f"/ws/match/{match_id}/")
    socket.wait_version(0)
    time.sleep(IDLE_SECONDS)
    assert ann.move(match_id, {"type": "mark", "cell": 4}, 0).status == 200
    assert 'id="tictactoe-cell-4"' in socket.wait_version(1)
    socket.close()


def test_lobby_socket_sees_a_new_table_live(portal, name):
    watcher = Browser(portal.url).signup(name("wat"))
    lobby = watcher.socket("/ws/portal/?lobby=1")
    host = Browser(portal.url).signup(name("hos"))
    host.new_table()
    lobby.wait_for(host.username, timeout=10)
    lobby.close()


def test_private_table_socket_needs_the_invite_link(portal, name):
    ann = Browser(portal.url).signup(name("ann"))
    match_id = ann.new_table(private="on")
    outsider = Browser(portal.url).signup(name("out"))
    with pytest.raises(InvalidStatus) as refused:
        outsider.socket(f"/ws/match/{match_id}/")
    assert refused.value.response.status_code == 403
    token = query(portal.env["DATABASE_URL"], "SELECT invite_token FROM core_match WHERE id = %s",
                  (match_id,))[0][0]
    assert outsider.get(f"/invite/{token}/").status == 302
    socket = outsider.socket(f"/ws/match/{match_id}/")
    assert "waiting" in socket.wait_version(0).lower()
    socket.close()


def test_foreign_origin_is_refused_by_the_server(portal, name):
    ann, _, match_id = seated_pair(portal, name)
    with pytest.raises(InvalidStatus) as refused:
        ann.socket(f"/ws/match/{match_id}/", origin="http://evil.example")
    assert refused.value.response.status_code == 403
