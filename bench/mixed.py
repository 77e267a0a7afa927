"""Tables at a human pace beside all-bot tables: the move -> frame latency a host cares about.

Usage: .venv/bin/python bench/mixed.py --tables N[,N2,...] [--bot-tables K] [--seconds S]
       [--procs P --postgres --redis]

For each N, starts fresh servers (as bench/latency.py does) and seats N Lodge hikers tables of
2-4 people with 0-3 anonymous spectators each, every person and spectator with an open match
socket, plus K all-bot Kavango tables that the server's bots play as fast as they can. Each
person acts like a player: when their page offers a move, they wait 2-5 seconds, then click one
of the moves their page offers (a POST with their session and CSRF token, the version and the
decision basis the page carries). The latency of a move is measured from its POST to the arrival
of the frame with the resulting revision on every socket of its table. Prints one JSON line per
N: moves, p50_ms, p99_ms, lost frames, refused moves (with their three commonest answers),
whether p99 < 200 ms, and the servers' CPU: the share of one core they used while the people
played, and that CPU time divided by the people's moves (bot tables' moves ride on it too).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import string
import subprocess
import sys
import time
from collections import Counter
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.latency import bench_servers, cpu_seconds, open_socket, percentile, post, session_for  # noqa: E402
from tests.servers import Portal  # noqa: E402

REVISION = re.compile(r'id="match-live"[^>]*data-revision="(\d+)"')
BUTTON = re.compile(r'hx-post="/match/\d+/move/" hx-vals="([^"]*)"')
FORM_FIELD = re.compile(r'<input type="hidden" name="type" value="(\w+)">')
SELECT_FIRST = re.compile(r'<select name="(\w+)"><option value="(\d+)"')
TAG = re.compile(r"<[^>]+>")
FRAME_TIMEOUT = 30.0
TARGET_P99_MS = 200.0


def seat_tables(env: dict, tables: int, bot_tables: int, seed: int) -> list[dict]:
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connections

    from core.services import bots
    from core.services.tables import create_table, join_table

    # The bot tables' first moves are left due in the database: the servers resume them when
    # they start, so no bot plays in this (client) process.
    bots.wake_bots = lambda match_id, delay=0.0, attended=True: None

    rng = random.Random(seed)
    users = get_user_model().objects
    tag = secrets.token_hex(3)
    seated = []
    for n in range(tables):
        players = rng.randint(2, 4)
        people = [users.create_user(f"mixed-{tag}-{n}-{p}") for p in range(players)]
        match = create_table(people[0], "lodge_hikers", players, rated=False)
        for person in people[1:]:
            match = join_table(match.pk, person)
        seated.append({"id": match.pk, "sessions": [session_for(p) for p in people],
                       "spectators": rng.randint(0, 3)})
    for _ in range(bot_tables):
        create_table(None, "kavango", 5, bots=dict.fromkeys(range(5), "warden"), rated=False)
    connections.close_all()
    return seated


class Table:
    """The sockets of one table: when each revision's frame arrived on each socket."""

    def __init__(self, sockets):
        self.sockets = sockets
        self.arrived: list[dict[int, float]] = [{} for _ in sockets]
        self.latest: list[tuple[int, str]] = [(-1, "") for _ in sockets]
        self.waiters: list[asyncio.Future] = []

    async def change(self, timeout: float) -> None:
        """Until any socket of the table receives a frame (or ``timeout`` seconds)."""
        waiter = asyncio.get_running_loop().create_future()
        self.waiters.append(waiter)
        try:
            await asyncio.wait_for(waiter, timeout)
        except TimeoutError:
            pass
        finally:
            if waiter in self.waiters:
                self.waiters.remove(waiter)

    async def read(self, k: int):
        try:
            async for frame in self.sockets[k]:
                found = REVISION.search(frame)
                if not found:
                    continue
                revision = int(found.group(1))
                self.arrived[k].setdefault(revision, time.perf_counter())
                if revision > self.latest[k][0]:
                    self.latest[k] = (revision, frame)
                waiters, self.waiters = self.waiters, []
                for waiter in waiters:
                    if not waiter.done():
                        waiter.set_result(None)
        except Exception:
            pass

    async def everywhere(self, revision: int) -> float:
        """When the last socket of the table showed ``revision`` or a later one."""
        deadline = time.perf_counter() + FRAME_TIMEOUT
        while True:
            times = [min((t for r, t in a.items() if r >= revision), default=None) for a in self.arrived]
            if all(t is not None for t in times):
                return max(times)
            if time.perf_counter() > deadline:
                raise TimeoutError
            await self.change(1.0)


def choose(frame: str, rng: random.Random) -> dict | None:
    """The fields of one move this page offers: a move button, or the form of a step."""
    # a form's own submit button carries only the version and basis; its move is the form's
    buttons = [b for b in (json.loads(unescape(v)) for v in BUTTON.findall(frame)) if "move" in b]
    if buttons:
        return rng.choice(buttons)
    kind = FORM_FIELD.search(frame)
    vals = re.search(r'hx-post="/match/\d+/move/" hx-vals="([^"]*)"', frame) or re.search(
        r"hx-vals=\"(\{&quot;version[^\"]*)\"", frame)
    if not kind or not vals:
        return None
    fields = json.loads(unescape(vals.group(1)))
    move = {"type": kind.group(1)}
    if kind.group(1) == "redraw":
        move["cards"] = []
    for name, value in SELECT_FIRST.findall(frame):
        move[name] = int(value)
    return {**fields, "move": json.dumps(move)}


async def person(table: Table, k: int, match: dict, port: int, rng, stats, stop):
    csrf = "".join(rng.choice(string.ascii_letters) for _ in range(32))
    path = f"/match/{match['id']}/move/"
    while not stop.is_set():
        revision, frame = table.latest[k]
        if 'data-status="active"' not in frame and revision >= 0:
            return
        if "Your move!" not in frame:
            await table.change(1.0)
            continue
        await asyncio.sleep(rng.uniform(2.0, 5.0))
        revision, frame = table.latest[k]
        fields = choose(frame, rng) if "Your move!" in frame else None
        if fields is None:
            continue
        started = time.perf_counter()
        status, body = await post(port, path, {k2: str(v) for k2, v in fields.items()},
                                            match["sessions"][k], csrf)
        if status != 200:
            stats["refused"] = stats.get("refused", 0) + 1
            why = f"{status} {' '.join(TAG.sub(' ', body).split())[:80]}"
            stats.setdefault("refused_why", Counter())[why] += 1
            continue
        found = REVISION.search(body)
        if not found:
            continue
        try:
            arrived = await table.everywhere(int(found.group(1)))
        except TimeoutError:
            stats["lost"] = stats.get("lost", 0) + 1
            continue
        stats["latencies"].append((arrived - started) * 1000)


async def run(matches, ports, seconds, seed, pids):
    rng = random.Random(seed)
    gate = asyncio.Semaphore(64)
    stats = {"latencies": []}
    stop = asyncio.Event()
    tables, tasks = [], []
    for n, match in enumerate(matches):
        port = ports[n % len(ports)]
        cookies = match["sessions"] + [None] * match["spectators"]
        sockets = [await open_socket(port, f"/ws/match/{match['id']}/", s, gate) for s in cookies]
        table = Table(sockets)
        tables.append(table)
        tasks += [asyncio.create_task(table.read(k)) for k in range(len(sockets))]
    await asyncio.sleep(1.0)
    cpu_before = cpu_seconds(pids)
    players = [asyncio.create_task(person(t, k, m, ports[n % len(ports)], random.Random(rng.random()),
                                          stats, stop))
               for n, (t, m) in enumerate(zip(tables, matches, strict=True))
               for k in range(len(m["sessions"]))]
    await asyncio.sleep(seconds)
    stats["server_cpu"] = cpu_seconds(pids) - cpu_before
    stop.set()
    await asyncio.sleep(0.5)
    for task in players + tasks:
        task.cancel()
    for table in tables:
        for socket in table.sockets:
            await socket.close()
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="20,50")
    parser.add_argument("--bot-tables", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--procs", type=int, default=1)
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--redis", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.procs > 1 and not args.redis:
        parser.error("several processes need --redis")
    counts = [int(n) for n in args.tables.split(",")]
    if len(counts) > 1:
        # Each count in a process of its own: Django is set up once per process, so a second
        # count here would seat its tables in the first count's (deleted) database.
        for tables in counts:
            argv = ["--tables", str(tables), "--bot-tables", str(args.bot_tables),
                    "--seconds", str(args.seconds), "--procs", str(args.procs),
                    "--seed", str(args.seed)]
            argv += ["--postgres"] * args.postgres + ["--redis"] * args.redis
            subprocess.run([sys.executable, __file__, *argv], check=True)
        return
    tables = counts[0]
    with bench_servers(args.postgres, args.redis, BOT_PACE="0") as (env, portals):
        matches = seat_tables(env, tables, args.bot_tables, args.seed)
        portals += [Portal(env).start() for _ in range(args.procs)]
        stats = asyncio.run(run(matches, [p.port for p in portals], args.seconds, args.seed,
                                [p.process.pid for p in portals]))
    lat = stats["latencies"]
    p99 = percentile(lat, 99)
    print(json.dumps({
        "tables": tables, "bot_tables": args.bot_tables, "procs": args.procs,
        "moves": len(lat), "p50_ms": round(percentile(lat, 50), 1), "p99_ms": round(p99, 1),
        "lost": stats.get("lost", 0), "refused": stats.get("refused", 0),
        "refused_why": dict(stats.get("refused_why", Counter()).most_common(3)),
        "carried_at_p99_under_200ms": bool(lat) and p99 < TARGET_P99_MS,
        "seconds": args.seconds,
        "server_cpu_share": round(stats["server_cpu"] / args.seconds, 2),
        "server_cpu_ms_per_human_move": round(1000 * stats["server_cpu"] / len(lat), 1) if lat else None,
    }), flush=True)


if __name__ == "__main__":
    main()
