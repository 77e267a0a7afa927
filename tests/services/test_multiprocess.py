"""Two daphne processes behind two ports, sharing one PostgreSQL and one Redis.

A socket on process A sees a move submitted through process B (the channel layer crosses
processes), and move clocks fire exactly once although both processes sweep the same tables.
"""

from __future__ import annotations

import re
import time

import pytest

from tests.servers import ROOT
from tests.services.web import Browser, execute, query

pytestmark = pytest.mark.services
SWEEP_SECONDS = 0.3


@pytest.fixture(scope="module")
def pair(services_backend):
    a = services_backend.portal(clock_interval=SWEEP_SECONDS).start()
    b = services_backend.portal(clock_interval=SWEEP_SECONDS).start()
    yield a, b
    a.stop()
    b.stop()


def test_a_move_through_one_process_reaches_sockets_on_the_other(pair, name):
    a, b = pair
    ann = Browser(a.url).signup(name("ann"))
    ben = Browser(a.url).signup(name("ben"))
    match_id = ann.new_table()
    assert ben.join(match_id).status == 302
    on_a = ann.socket(f"/ws/match/{match_id}/")
    ben.base = b.url
    on_b = ben.socket(f"/ws/match/{match_id}/")
    on_a.wait_version(0)
    on_b.wait_version(0)

    ann.base = b.url
    assert ann.move(match_id, {"type": "mark", "cell": 4}, 0).status == 200
    assert 'id="tictactoe-cell-4" data-mark="X"' in on_a.wait_version(1)
    assert "Your move!" in on_b.wait_version(1)

    ben.base = a.url
    assert ben.move(match_id, {"type": "mark", "cell": 0}, 1).status == 200
    assert "Your move!" in on_a.wait_version(2)
    assert 'id="tictactoe-cell-0" data-mark="O"' in on_b.wait_version(2)
    on_a.close()
    on_b.close()


def test_an_expired_clock_fires_exactly_once_across_processes(services_backend, pair, name):
    a, b = pair
    db = services_backend.database_url
    ann = Browser(a.url).signup(name("ann"))
    ben = Browser(b.url).signup(name("ben"))
    tables = []
    for _ in range(4):
        match_id = ann.new_table(time_control="realtime", time_per_move="5")
        assert ben.join(match_id).status == 302
        tables.append(match_id)
    ids = ",".join(str(t) for t in tables)
    execute(db, f"UPDATE core_match SET turn_deadline = NOW() - INTERVAL '1 hour' WHERE id IN ({ids})")

    def bot_moves():
        rows = query(db, f"SELECT match_id, COUNT(*) FROM core_move WHERE match_id IN ({ids}) "
                         "AND by_bot GROUP BY match_id")
        return dict(rows)

    deadline = time.time() + 20
    while time.time() < deadline and len(bot_moves()) < len(tables):
        time.sleep(0.1)
    time.sleep(SWEEP_SECONDS * 10)  # both sweepers get many more chances to fire twice
    assert bot_moves() == dict.fromkeys(tables, 1)
    for match_id in tables:
        version, deadline_set = query(
            db, "SELECT version, turn_deadline IS NOT NULL FROM core_match WHERE id = %s", (match_id,))[0]
        assert (version, deadline_set) == (1, True)
        assert query(db, "SELECT position, bot_takeover FROM core_seat WHERE match_id = %s "
                         "ORDER BY position", (match_id,)) == [(0, True), (1, False)]
    logs = "".join((ROOT / "var" / f"daphne-{p.port}.log").read_text(errors="replace") for p in (a, b))
    for match_id in tables:
        assert len(re.findall(rf"clock ran out in match {match_id} ", logs)) == 1
