"""Program API streams under load: events per second to N open game streams in one process, and
a move's latency through the API beside a move's latency through the page, in the same run.

Usage: .venv/bin/python bench/api_streams.py [--streams N] [--page-matches K] [--seed S]

Starts one daphne (DEBUG off, static files collected: ``bench.latency.bench_servers``) on a
fresh SQLite database, seats N/2 tic-tac-toe tables of two API players (each with a token) and
K tables of two page players (logged-in sessions), and opens every stream: N game streams
(``GET /api/games/<id>/stream``, NDJSON) and the pages' match sockets. Then everything plays at
once to the end: each API player moves a random legal move from its own stream's line whenever
that line says it is its turn (``POST /api/games/<id>/move``), each page player POSTs a move from
its own frame to the page's move endpoint (``bench.latency.play_match``).

A move's latency is from the start of its POST to the arrival of the new version on both
players' streams (API) or both players' sockets (page). Prints one JSON line: streams,
events (JSON lines the streams received while the tables played), events_per_s, api_moves,
api_p50_ms, api_p99_ms, page_moves, page_p50_ms, page_p99_ms, keep_alives, errors, seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.latency import Stats, Watcher, bench_servers, percentile, play_match, seat_matches  # noqa: E402
from tests.servers import Portal  # noqa: E402


def seat_api_tables(env: dict, count: int) -> list[dict]:
    """``count`` active tic-tac-toe tables between two API players, with a token each."""
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connections

    from core.api.auth import issue
    from core.services.tables import create_table, join_table

    users = get_user_model().objects
    tables = []
    for n in range(count):
        x, o = users.create_user(f"api-{n}-x"), users.create_user(f"api-{n}-o")
        match = join_table(create_table(x, "tictactoe", 2, rated=False).pk, o)
        tables.append({"id": match.pk, "tokens": [issue(x, "bench", ["read", "play"])[1],
                                                  issue(o, "bench", ["read", "play"])[1]]})
    connections.close_all()
    return tables


class GameStream(Watcher):
    """One NDJSON game stream, read on a raw connection: the line of each version, when it came
    (``frames``, awaited with :meth:`Watcher.arrival` like a page socket's frames)."""

    def __init__(self):
        super().__init__(socket=None)
        self.events = 0
        self.keep_alives = 0
        self.counting = False

    async def open(self, port: int, path: str, token: str) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", port)
        self.writer.write((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer {token}\r\n"
                           "Accept: application/x-ndjson\r\n\r\n").encode())
        await self.writer.drain()
        head = await self.reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            raise OSError(head.split(b"\r\n", 1)[0].decode())
        self.chunked = b"transfer-encoding: chunked" in head.lower()

    async def _parts(self):
        while True:
            if not self.chunked:
                part = await self.reader.read(65536)
                if not part:
                    return
                yield part
                continue
            size = int((await self.reader.readline()).strip() or b"0", 16)
            if size == 0:
                return
            part = await self.reader.readexactly(size)
            await self.reader.readexactly(2)
            yield part

    async def read(self) -> None:
        buffer = b""
        try:
            async for part in self._parts():
                now = time.perf_counter()
                buffer += part
                *whole, buffer = buffer.split(b"\n")
                for raw in whole:
                    if not raw.strip():
                        self.keep_alives += 1
                        continue
                    line = json.loads(raw)
                    self.events += self.counting
                    if "version" in line:
                        self.frames.setdefault(line["version"], (now, line))
                        future = self.waiting.pop(line["version"], None)
                        if future is not None and not future.done():
                            future.set_result(now)
        except (OSError, asyncio.IncompleteReadError):
            pass

    def close(self) -> None:
        self.writer.close()


async def post_json(port: int, path: str, body: dict, token: str) -> int:
    data = json.dumps(body).encode()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write((f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
                      f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
                      f"Content-Length: {len(data)}\r\n\r\n").encode() + data)
        await writer.drain()
        answer = await reader.read()
    finally:
        writer.close()
    return int(answer.split(b" ", 2)[1])


async def play_api_table(table: dict, port: int, stats: Stats, go: asyncio.Event, rng: random.Random,
                         streams: list[GameStream], opened: asyncio.Semaphore) -> None:
    seats = [GameStream(), GameStream()]
    try:
        async with opened:
            for seat, stream in enumerate(seats):
                await stream.open(port, f"/api/games/{table['id']}/stream", table["tokens"][seat])
    except OSError as exc:
        stats.error(f"stream: {exc}")
        return
    streams.extend(seats)
    readers = [asyncio.create_task(s.read()) for s in seats]
    try:
        await asyncio.gather(*(s.arrival(0) for s in seats))
        stats.ready += 1
        await go.wait()
        version = 0
        while True:
            lines = [s.frames[version][1] for s in seats]
            if lines[0]["status"] != "active":
                break
            actor = next(seat for seat in (0, 1) if lines[seat]["yourTurn"])
            started = time.perf_counter()
            status = await post_json(port, f"/api/games/{table['id']}/move",
                                     {"move": rng.choice(lines[actor]["moves"]), "version": version},
                                     table["tokens"][actor])
            if status != 200:
                stats.error(f"API HTTP {status}")
                break
            arrivals = await asyncio.gather(*(s.arrival(version + 1) for s in seats))
            stats.latencies.extend((t - started) * 1000 for t in arrivals)
            stats.moves += 1
            version += 1
    except (TimeoutError, KeyError, StopIteration, OSError, ValueError) as exc:
        stats.error(type(exc).__name__)
    finally:
        for stream in seats:
            stream.close()
        for reader in readers:
            reader.cancel()


async def run(port: int, api_tables: list[dict], page_matches: list[dict], seed: int) -> dict:
    api, page = Stats(), Stats()
    go, streams = asyncio.Event(), []
    opened = asyncio.Semaphore(50)
    rng = random.Random(seed)
    api_tasks = [asyncio.create_task(play_api_table(t, port, api, go, random.Random(rng.random()), streams, opened))
                 for t in api_tables]
    page_tasks = [asyncio.create_task(play_match(m, [port], page, opened, go, random.Random(rng.random()),
                                                 asyncio.Event())) for m in page_matches]
    while api.ready + api.errors < len(api_tables) or page.ready + page.errors < len(page_matches):
        await asyncio.sleep(0.05)  # a bench, not a test: polls the counters while streams open
    for stream in streams:
        stream.counting = True
    started = time.perf_counter()
    go.set()
    await asyncio.gather(*api_tasks, *page_tasks)
    seconds = time.perf_counter() - started
    events = sum(s.events for s in streams)
    return {
        "streams": len(streams), "events": events, "events_per_s": round(events / seconds, 1),
        "api_moves": api.moves, "api_p50_ms": round(percentile(api.latencies, 50), 2),
        "api_p99_ms": round(percentile(api.latencies, 99), 2),
        "page_moves": page.moves, "page_p50_ms": round(percentile(page.latencies, 50), 2),
        "page_p99_ms": round(percentile(page.latencies, 99), 2),
        "keep_alives": sum(s.keep_alives for s in streams),
        "errors": {**api.error_kinds, **{f"page {k}": v for k, v in page.error_kinds.items()}},
        "seconds": round(seconds, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--streams", type=int, default=500, help="open game streams (two per API table)")
    parser.add_argument("--page-matches", type=int, default=20, help="tables played through the page")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with bench_servers(False, False) as (env, portals):
        api_tables = seat_api_tables(env, max(1, args.streams // 2))
        page_matches = seat_matches(env, args.page_matches, spectators=0)
        portal = Portal(env).start()
        portals.append(portal)
        print(json.dumps(asyncio.run(run(portal.port, api_tables, page_matches, args.seed))))


if __name__ == "__main__":
    main()
