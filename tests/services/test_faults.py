"""Faults on real servers, on both backends: a killed process, dropped sockets, racing duplicate
submissions, and a database error in the middle of a move."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed

from tests.servers import ROOT, Portal, smtp_server
from tests.services.web import Browser, execute, live_version, query

pytestmark = pytest.mark.services

# Four moves that finish nothing: X 0, O 4, X 8, O 2 (X must block at 6 next).
OPENING = [(0, 0), (1, 4), (0, 8), (1, 2)]


def match_row(backend, match_id):
    state, version, status = query(
        backend.database_url, "SELECT state, version, status FROM core_match WHERE id = %s", (match_id,)
    )[0]
    return (json.loads(state) if isinstance(state, str) else state), version, status


def move_count(backend, match_id, by_bot=None):
    sql = "SELECT COUNT(*) FROM core_move WHERE match_id = %s"
    params = (match_id,)
    if by_bot is not None:
        sql += " AND by_bot = %s"
        params += (by_bot,)
    return query(backend.database_url, sql, params)[0][0]


def test_kill_9_after_an_acknowledged_move_loses_nothing_and_sockets_resync(backend, name):
    server = backend.portal().start()
    try:
        ann = Browser(server.url).signup(name("ann"))
        ben = Browser(server.url).signup(name("ben"))
        match_id = ann.new_table()
        assert ben.join(match_id).status == 302
        socket = ben.socket(f"/ws/match/{match_id}/")
        socket.wait_version(0)
        players = [ann, ben]
        for version, (seat, cell) in enumerate(OPENING, start=1):
            answer = players[seat].move(match_id, {"type": "mark", "cell": cell}, version - 1)
            assert answer.status == 200 and live_version(answer.body) == version
        acknowledged = ann.get(f"/match/{match_id}/live/").body
        state_before = match_row(backend, match_id)
        server.kill(signal.SIGKILL)
        with pytest.raises(ConnectionClosed):
            socket.wait_for(lambda frame: False, timeout=5)

        server = backend.portal(port=server.port).start()
        assert match_row(backend, match_id) == state_before
        assert move_count(backend, match_id) == len(OPENING)
        assert ann.get(f"/match/{match_id}/live/").body == acknowledged
        check = backend.manage("verifyreplays")
        assert check.returncode == 0, check.stdout + check.stderr

        # While ben's socket is down ann blocks at 6; ben reconnects and is shown that board.
        assert ann.move(match_id, {"type": "mark", "cell": 6}, len(OPENING)).status == 200
        again = ben.socket(f"/ws/match/{match_id}/")
        frame = again.wait_for('id="match-live"')
        assert live_version(frame) == len(OPENING) + 1 and "Your move!" in frame
        assert 'id="tictactoe-cell-6" data-mark="X"' in frame
        again.close()
    finally:
        server.stop()


def test_twenty_parallel_copies_of_one_move_apply_exactly_once(backend, portal, name):
    ann = Browser(portal.url).signup(name("ann"))
    ben = Browser(portal.url).signup(name("ben"))
    match_id = ann.new_table()
    assert ben.join(match_id).status == 302
    start = threading.Barrier(20)
    answers = [None] * 20

    def submit(slot):
        start.wait()
        answers[slot] = ann.move(match_id, {"type": "mark", "cell": 4}, 0, timeout=60)

    threads = [threading.Thread(target=submit, args=(slot,)) for slot in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    statuses = sorted(a.status for a in answers)
    assert statuses == [200] + [409] * 19, statuses
    for refused in (a for a in answers if a.status == 409):
        assert "changed since you looked" in refused.body
        assert live_version(refused.body) == 1
    assert move_count(backend, match_id) == 1
    assert match_row(backend, match_id)[1] == 1


def test_a_database_error_mid_move_rolls_back_cleanly(backend):
    probe = subprocess.run([sys.executable, "-m", "tests.services.rollback_probe"], cwd=ROOT,
                           env=backend.env(), capture_output=True, text=True, timeout=120)
    assert probe.returncode == 0, probe.stderr[-3000:]
    report = json.loads(probe.stdout.strip().splitlines()[-1])
    before = report["before"]
    assert before["version"] == 0 and before["moves"] == 0
    for where, seen in report["failures"].items():
        assert seen["status"] == 500, where
        assert seen["after"] == before, where
    healthy = report["healthy"]
    assert healthy["status"] == 200
    assert healthy["after"]["version"] == 1 and healthy["after"]["moves"] == 1
    assert healthy["after"]["state"] != before["state"]


def test_kill_9_with_a_bot_move_due_resumes_after_the_restart(backend, name):
    """A person moves, the bot's paced reply is due when the process dies; the restarted
    process finds the due move in the database and the game plays on to its end."""
    server = Portal(backend.env(CLOCK_INTERVAL="0", BOT_PACE="3")).start()
    try:
        ann = Browser(server.url).signup(name("ann"))
        match_id = ann.new_table(seat1_who="random")
        assert ann.move(match_id, {"type": "mark", "cell": 4}, 0).status == 200
        assert move_count(backend, match_id) == 1
        server.kill(signal.SIGKILL)
        assert move_count(backend, match_id) == 1  # the bot had not moved yet
        server = Portal(backend.env(CLOCK_INTERVAL="0", BOT_PACE="0"), port=server.port).start()
        deadline = time.time() + 20
        while move_count(backend, match_id, by_bot=True) < 1 and time.time() < deadline:
            time.sleep(0.2)
        assert move_count(backend, match_id, by_bot=True) == 1
        deadline = time.time() + 30
        while match_row(backend, match_id)[2] != "finished" and time.time() < deadline:
            state, version, _ = match_row(backend, match_id)
            if state["turn"] == 0:  # ann's turn: any free cell; the bot answers by itself
                move = {"type": "mark", "cell": state["board"].index(None)}
                assert ann.move(match_id, move, version).status == 200
            time.sleep(0.1)
        assert match_row(backend, match_id)[2] == "finished"
    finally:
        server.stop()


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (read from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads processes from /proc")
def test_bot_thinking_workers_end_with_their_killed_server(embedded_backend, name):
    """Issue 49 item 7: a hard bot thinks in a worker process of the server; kill -9 the server
    and the worker (and anything else it started) ends within seconds instead of living on."""
    server = Portal(embedded_backend.env(CLOCK_INTERVAL="0", BOT_PACE="0")).start()
    try:
        ann = Browser(server.url).signup(name("ann"))
        match_id = ann.new_table(seat1_who="blocker-hard")
        assert ann.move(match_id, {"type": "mark", "cell": 4}, 0).status == 200
        deadline = time.time() + 30
        while move_count(embedded_backend, match_id, by_bot=True) < 1 and time.time() < deadline:
            time.sleep(0.2)
        assert move_count(embedded_backend, match_id, by_bot=True) == 1
        workers = _children(server.process.pid)
        assert workers, "the hard bot did not think in a worker process"
        server.kill(signal.SIGKILL)
        deadline = time.time() + 10
        while any(_alive(pid) for pid in workers) and time.time() < deadline:
            time.sleep(0.2)
        assert not [pid for pid in workers if _alive(pid)]
    finally:
        server.stop()


@pytest.fixture
def mail_server():
    """(inbox, port) of a real SMTP server on the loopback."""
    with smtp_server() as found:
        yield found


def test_kill_9_between_a_move_and_its_mail_still_mails_it_once(embedded_backend, name, mail_server):
    """Issue 42: the notice a move owes is written with the move. The server dies before any
    sender ran; after the restart the next player gets exactly one mail."""
    inbox, port = mail_server
    env = {"EMAIL_URL": f"smtp://127.0.0.1:{port}", "SITE_URL": "http://hall.test", "BOT_PACE": "0"}
    server = Portal(embedded_backend.env(CLOCK_INTERVAL="0", **env)).start()
    try:
        ann, ben = name("ann"), name("ben")
        players = [Browser(server.url).signup(who, f"{who}@example.org") for who in (ann, ben)]
        execute(embedded_backend.database_url,
                "UPDATE core_profile SET confirmed_email = (SELECT email FROM auth_user WHERE auth_user.id = "
                "core_profile.user_id) WHERE user_id IN (SELECT id FROM auth_user WHERE username IN (%s, %s))",
                (ann, ben))
        match_id = players[0].new_table(time_control="correspondence", time_per_move="2")
        assert players[1].join(match_id).status == 302
        assert players[0].move(match_id, {"type": "mark", "cell": 4}, 0).status == 200
        owed = "SELECT COUNT(*) FROM core_notice WHERE match_id = %s AND kind = 'your_turn' AND status = %s"
        assert query(embedded_backend.database_url, owed, (match_id, "pending"))[0][0] == 2  # ann's, ben's
        server.kill(signal.SIGKILL)
        server = Portal(embedded_backend.env(CLOCK_INTERVAL="1", **env), port=server.port).start()
        deadline = time.time() + 30
        while not inbox.to(f"{ben}@example.org") and time.time() < deadline:
            time.sleep(0.2)
        time.sleep(3)  # several more sender runs: nothing goes twice
        bodies = [m.get_body(("plain",)).get_content() for m in inbox.to(f"{ben}@example.org")]
        turns = [b for b in bodies if "It is your turn at" in b]  # with his address's confirmation
        assert len(turns) == 1 and f"http://hall.test/match/{match_id}/" in turns[0]
        assert query(embedded_backend.database_url, owed, (match_id, "sent"))[0][0] == 1  # ann had moved: skipped
    finally:
        server.stop()
