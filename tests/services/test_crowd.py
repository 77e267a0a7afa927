"""Crowds of sockets on real servers (issue 12 finding 6): churn on one match does not slow
another, watcher counts are coalesced, and one client cannot hold unlimited sockets."""

from __future__ import annotations

import asyncio
import re
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.servers import Portal
from tests.services.web import Browser

pytestmark = pytest.mark.services

CROWD = 100
CHURN = 60
FRAME_BOUND_S = 1.0  # the bound a move's frame must meet on the quiet match during the churn
WATCHERS = re.compile(r'id="watchers"')


def _run(coroutine):
    """asyncio.run on a thread of its own: browser tests of the same session keep a loop running
    on the main thread."""
    with ThreadPoolExecutor(1) as worker:
        return worker.submit(asyncio.run, coroutine).result()


async def _socket(url: str, path: str, cookie: str | None = None):
    ws = url.replace("http://", "ws://", 1)
    headers = {"Cookie": cookie} if cookie else {}
    return await connect(ws + path, origin=url, additional_headers=headers, open_timeout=30,
                         max_size=2**24, ping_interval=None)


async def _count_frames(socket, counts: dict, key: str):
    try:
        async for frame in socket:
            if WATCHERS.search(frame):
                counts[key] = counts.get(key, 0) + 1
    except ConnectionClosed:
        pass


def test_a_burst_of_spectators_on_one_match_does_not_delay_another(backend, name):
    server = Portal(backend.env(CLOCK_INTERVAL="0", SOCKETS_PER_ADDRESS="0")).start()
    try:
        host = Browser(server.url).signup(name("crowd"))
        busy = host.new_table()  # a table the crowd watches
        ann = Browser(server.url).signup(name("ann"))
        ben = Browser(server.url).signup(name("ben"))
        quiet = ann.new_table()
        assert ben.join(quiet).status == 302
        started = time.monotonic()
        latencies, counts = _run(_crowd(server.url, busy, quiet, ann, ben))
        seconds = time.monotonic() - started
        # Every move on the quiet match reached its player's socket within the bound.
        assert len(latencies) == 4 and max(latencies) < FRAME_BOUND_S, latencies
        # 100 watchers + 60 churning ones: counts are coalesced, so a watcher gets its own count
        # on connect and then at most one a second, not one per connect and disconnect (220).
        per_socket = counts.get("steady", 0) / CROWD
        assert per_socket <= seconds + 2, (per_socket, seconds)
    finally:
        server.stop()


async def _crowd(url, busy, quiet, ann, ben):
    counts: dict[str, int] = {}
    steady = [await _socket(url, f"/ws/match/{busy}/") for _ in range(CROWD)]
    readers = [asyncio.create_task(_count_frames(s, counts, "steady")) for s in steady]
    player = await _socket(url, f"/ws/match/{quiet}/", ben.cookie_header())
    await player.recv()

    async def churn():
        for _ in range(CHURN // 10):
            batch = [await _socket(url, f"/ws/match/{busy}/") for _ in range(10)]
            await asyncio.sleep(0.2)
            for s in batch:
                await s.close()

    churning = asyncio.create_task(churn())
    latencies = []
    moves = [(ann, 0), (ben, 4), (ann, 8), (ben, 2)]
    for version, (who, cell) in enumerate(moves):
        started = time.perf_counter()
        answer = await asyncio.to_thread(who.move, quiet, {"type": "mark", "cell": cell}, version)
        assert answer.status == 200
        while True:
            frame = await asyncio.wait_for(player.recv(), 10)
            if f'data-version="{version + 1}"' in frame:
                latencies.append(time.perf_counter() - started)
                break
    await churning
    await asyncio.sleep(1.5)
    for s in steady:
        await s.close()
    await player.close()
    for r in readers:
        r.cancel()
    return latencies, counts


def test_one_address_may_hold_only_so_many_sockets(backend, name):
    server = Portal(backend.env(CLOCK_INTERVAL="0", SOCKETS_PER_ADDRESS="5")).start()
    try:
        host = Browser(server.url).signup(name("limit"))
        table = host.new_table()
        codes = _run(_limit(server.url, table))
        assert codes == [None] * 5 + [4429], codes
    finally:
        server.stop()


async def _limit(url, table):
    sockets, codes = [], []
    for _ in range(6):
        socket = await _socket(url, f"/ws/match/{table}/")
        sockets.append(socket)
        try:
            await asyncio.wait_for(socket.recv(), 5)
            codes.append(None)
        except ConnectionClosed as closed:
            codes.append(closed.rcvd.code if closed.rcvd else None)
    for socket in sockets:
        await socket.close()
    return codes
