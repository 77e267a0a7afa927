"""Move latency under load: from a move's POST to its arrival on every socket of the match.

Usage: .venv/bin/python bench/latency.py --matches M [--games G] [--procs N] [--postgres] [--redis]

Starts everything itself in a temp folder: the database (a SQLite file, or a throwaway PostgreSQL
with --postgres), Redis with --redis, and N daphne processes (DEBUG off, collectstatic done, the
clock sweeper off). It seats M tic-tac-toe tables (two players each, plus 0-2 anonymous
spectators, so 2-4 websockets per match), connects every socket, then plays all M matches at
once (with ``--games G``, each of the M tables plays G games one after another, every game's
sockets connected before the clock starts: M=1 alone plays only nine moves at most, too few
for a p99): at each turn the player to move picks a random legal move among the moves its own frame
offers (the random bot, through the UI) and POSTs it to the real move endpoint with its session
and CSRF token. The latency of a move is measured from the start of its POST to the arrival of
the frame with the new version on each socket of the match. Meanwhile a few sockets ping the
bare Channels echo consumer (bench/echo.py) on the same servers: the floor under the same load.
With several processes, sockets and POSTs of one match are spread over the processes, so
updates cross the channel layer.

Prints one JSON line: matches, clients, moves, moves_per_s, p50_ms, p95_ms, p99_ms,
server_cpu_ms_per_move (CPU time of the server processes while the matches played), connect_s
and server_cpu_ms_per_socket (from the first connect until every socket shows its first board:
the time, and the servers' CPU time per socket, a page's socket's cost on connect), errors,
echo_p50_ms, echo_p99_ms (the echo while the matches play), p99_ratio_to_echo, and for context
echo_idle_p50_ms/echo_idle_p99_ms (the echo with every socket connected but no move in flight),
procs, database, layer and the seconds the playing took.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import shutil
import statistics
import string
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.asyncio.client import connect  # noqa: E402

from tests.servers import Portal, portal_env, prepare_database  # noqa: E402
from tests.services.throwaway import Postgres, Redis  # noqa: E402

VERSION_RE = re.compile(r'data-version="(\d+)"')
MOVE_RE = re.compile(r'hx-post="/match/\d+/move/" hx-vals="([^"]*)"')
FRAME_TIMEOUT = 300.0
VIA_SOCKET = False
ECHO_SOCKETS = 8
ECHO_PAUSE = 0.05


def percentile(values: list[float], p: int) -> float:
    if not values:
        return float("nan")
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1]


# ---- setup (sync, with Django, before the servers start) -----------------------------------------


def session_for(user) -> str:
    """A logged-in session for ``user`` without a password check (Django must be set up)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return store.session_key


def seat_matches(env: dict, count: int, spectators: int | None = None) -> list[dict]:
    """M active tic-tac-toe matches with logged-in sessions for both players (no password hashing)."""
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import (
        get_user_model,
    )
    from django.db import connections

    from core.services.tables import create_table, join_table

    users = get_user_model().objects
    tag = secrets.token_hex(3)
    matches = []
    for n in range(count):
        x = users.create_user(f"bench-{tag}-{n}-x")
        o = users.create_user(f"bench-{tag}-{n}-o")
        match = join_table(create_table(x, "tictactoe", 2, rated=False).pk, o)
        matches.append({"id": match.pk, "sessions": [session_for(x), session_for(o)], "spectators": n % 3 if spectators is None else spectators})
    connections.close_all()
    return matches


# ---- the clients ----------------------------------------------------------------------------------


class Stats:
    def __init__(self):
        self.latencies: list[float] = []
        self.echo: list[float] = []
        self.echo_idle: list[float] = []
        self.moves = 0
        self.clients = 0
        self.ready = 0
        self.error_kinds: dict[str, int] = {}
        self.server_cpu = 0.0
        self.connect_seconds = 0.0  # until every socket is connected and shows its first board
        self.connect_cpu = 0.0  # the server processes' CPU time meanwhile

    @property
    def errors(self) -> int:
        return sum(self.error_kinds.values())

    def error(self, kind: str) -> None:
        self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1


class Watcher:
    """One socket of a match: remembers when each version's frame arrived, and its HTML."""

    def __init__(self, socket):
        self.socket = socket
        self.frames: dict[int, tuple[float, str]] = {}
        self.waiting: dict[int, asyncio.Future] = {}

    async def read(self):
        try:
            async for frame in self.socket:
                now = time.perf_counter()
                if 'id="match-live"' not in frame:
                    continue
                version = int(VERSION_RE.search(frame).group(1))
                self.frames.setdefault(version, (now, frame))
                future = self.waiting.pop(version, None)
                if future is not None and not future.done():
                    future.set_result(now)
        except Exception:  # a dropped socket shows up as a timeout of the next move
            pass

    async def arrival(self, version: int) -> float:
        if version in self.frames:
            return self.frames[version][0]
        future = asyncio.get_running_loop().create_future()
        self.waiting[version] = future
        return await asyncio.wait_for(future, FRAME_TIMEOUT)


async def post(port: int, path: str, fields: dict, session: str, csrf: str) -> tuple[int, str]:
    """POST a form as the page does (session cookie, CSRF header, HX-Request); (status, body)."""
    from urllib.parse import urlencode

    body = urlencode(fields).encode()
    head = (f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {len(body)}\r\n"
            f"Cookie: sessionid={session}; csrftoken={csrf}\r\nX-CSRFToken: {csrf}\r\n"
            f"HX-Request: true\r\n\r\n")
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        writer.write(head.encode() + body)
        await writer.drain()
        answer = await reader.read()
    finally:
        writer.close()
    return int(answer.split(b" ", 2)[1]), answer.split(b"\r\n\r\n", 1)[-1].decode(errors="replace")


def legal_moves(frame: str) -> list[dict]:
    return [json.loads(unescape(vals))["move"] for vals in MOVE_RE.findall(frame)]


async def open_socket(port: int, path: str, session: str | None, gate: asyncio.Semaphore):
    headers = {"Cookie": f"sessionid={session}"} if session else {}
    async with gate:
        return await connect(f"ws://127.0.0.1:{port}{path}", origin=f"http://127.0.0.1:{port}",
                             additional_headers=headers, max_size=2**22, open_timeout=120,
                             ping_interval=None)


async def play_match(match: dict, ports: list[int], stats: Stats, gate: asyncio.Semaphore,
                     go: asyncio.Event, rng: random.Random, over: asyncio.Event):
    """Connect the match's sockets, wait for ``go``, play the game to its end, then set ``over``."""
    n = len(ports)
    path = f"/ws/match/{match['id']}/"
    sessions = match["sessions"] + [None] * match["spectators"]
    try:
        sockets = [await open_socket(ports[(match["id"] + k) % n], path, s, gate)
                   for k, s in enumerate(sessions)]
    except Exception as exc:
        stats.error(f"connect: {type(exc).__name__}")
        stats.ready += 1
        over.set()
        return
    stats.clients += len(sockets)
    watchers = [Watcher(s) for s in sockets]
    readers = [asyncio.create_task(w.read()) for w in watchers]
    csrf = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(32))
    ready = False
    try:
        await asyncio.gather(*(w.arrival(0) for w in watchers))
        stats.ready += 1
        ready = True
        await go.wait()
        version = 0
        while True:
            frames = [watchers[seat].frames[version][1] for seat in (0, 1)]
            if 'data-status="active"' not in frames[0]:
                break
            actor = next((seat for seat in (0, 1) if "Your move!" in frames[seat]), None)
            if actor is None:
                stats.error("no player to move")
                break
            move = rng.choice(legal_moves(frames[actor]))
            started = time.perf_counter()
            if VIA_SOCKET:  # the player's own match socket carries the move
                await sockets[actor].send(json.dumps({"type": "move", "move": move, "version": version}))
                status = 200
            else:
                status, _ = await post(ports[(match["id"] + version) % n], f"/match/{match['id']}/move/",
                                       {"move": move, "version": str(version)}, match["sessions"][actor], csrf)
            if status != 200:
                stats.error(f"HTTP {status}")
                break
            arrivals = await asyncio.gather(*(w.arrival(version + 1) for w in watchers))
            stats.latencies.extend((t - started) * 1000 for t in arrivals)
            stats.moves += 1
            version += 1
    except (TimeoutError, KeyError, OSError, ValueError) as exc:
        stats.error(type(exc).__name__)
    finally:
        over.set()
        if not ready:
            stats.ready += 1
        for socket in sockets:
            await socket.close()
        for reader in readers:
            reader.cancel()


async def echo_loop(port: int, stats: Stats, gate: asyncio.Semaphore, done: asyncio.Event):
    socket = await open_socket(port, "/ws/echo/", None, gate)
    try:
        while not done.is_set():
            started = time.perf_counter()
            await socket.send("ping")
            await socket.recv()
            stats.echo.append((time.perf_counter() - started) * 1000)
            await asyncio.sleep(ECHO_PAUSE)
    finally:
        await socket.close()


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU time the server processes have used so far (Linux /proc)."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / ticks
    return total


async def run_clients(matches: list[dict], ports: list[int], seed: int, pids: list[int],
                      games: int = 1) -> tuple[Stats, float]:
    """Play ``matches`` as ``len(matches) // games`` tables, each playing its games in turn."""
    stats = Stats()
    connecting, cpu_connecting = time.perf_counter(), cpu_seconds(pids)
    gate = asyncio.Semaphore(64)
    go, done = asyncio.Event(), asyncio.Event()
    rng = random.Random(seed)
    players = []
    for table in range(len(matches) // games):
        turn = go
        for match in matches[table * games:(table + 1) * games]:
            over = asyncio.Event()
            players.append(asyncio.create_task(
                play_match(match, ports, stats, gate, turn, random.Random(rng.random()), over)))
            turn = over
    while stats.ready < len(players):  # every socket connected and shown its first board
        await asyncio.sleep(0.1)
    stats.connect_seconds = time.perf_counter() - connecting
    stats.connect_cpu = cpu_seconds(pids) - cpu_connecting
    echoes = [asyncio.create_task(echo_loop(ports[k % len(ports)], stats, gate, done))
              for k in range(ECHO_SOCKETS)]
    await asyncio.sleep(0.5)  # the echo sockets are warm
    stats.echo.clear()
    await asyncio.sleep(2.0)  # every match is connected and idle: the echo floor at rest
    stats.echo_idle, stats.echo = stats.echo, []
    started, cpu_before = time.perf_counter(), cpu_seconds(pids)
    go.set()
    await asyncio.gather(*players)
    elapsed = time.perf_counter() - started
    stats.server_cpu = cpu_seconds(pids) - cpu_before
    done.set()
    await asyncio.gather(*echoes, return_exceptions=True)
    return stats, elapsed


# ---- main -----------------------------------------------------------------------------------------


@contextmanager
def bench_servers(postgres: bool, redis: bool, **settings):
    """What a bench's servers need, made from nothing and removed after: a temp folder, the
    database (a SQLite file, or a throwaway PostgreSQL), Redis if asked, migrated and with the
    static files collected. Yields the servers' environment (DEBUG off, clocks off, no socket
    limit, plus ``settings``) and a list the bench adds its portals to; they are stopped first."""
    folder = Path(tempfile.mkdtemp(prefix="mh-bench-"))
    database = Postgres().start() if postgres else None
    layer = Redis().start() if redis else None
    portals: list[Portal] = []
    try:
        url = database.url if database else f"sqlite:///{folder}/bench.sqlite3"
        env = portal_env(url, layer.url if layer else "", MEEPLEHALL_VAR=str(folder))
        env.update(DEBUG="0", SECRET_KEY=secrets.token_urlsafe(40), SECURE_COOKIES="0",
                   CLOCK_INTERVAL="0", SOCKETS_PER_ADDRESS="0",
                   LOG_LEVEL=os.environ.get("LOG_LEVEL", "WARNING"), **settings)
        prepare_database(env)
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v0"],
                       cwd=ROOT, env=env, check=True)
        yield env, portals
    finally:
        for portal in portals:
            portal.stop()
        if layer:
            layer.stop()
        if database:
            database.stop()
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    global FRAME_TIMEOUT, VIA_SOCKET
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, required=True)
    parser.add_argument("--games", type=int, default=1,
                        help="games each table plays one after another (more moves for a p99 at small M)")
    parser.add_argument("--procs", type=int, default=1)
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--redis", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--spectators", type=int, default=None,
                        help="anonymous spectator sockets per match (default: 0-2, by match)")
    parser.add_argument("--frame-timeout", type=float, default=FRAME_TIMEOUT,
                        help="seconds to wait for a move's frame before counting it lost")
    parser.add_argument("--via", choices=["post", "socket"], default="post",
                        help="how players send moves: the page's htmx POST, or their match socket")
    args = parser.parse_args()
    FRAME_TIMEOUT = args.frame_timeout
    VIA_SOCKET = args.via == "socket"
    if args.procs > 1 and not args.redis:
        parser.error("several processes need --redis (the in-memory channel layer is per process)")

    with bench_servers(args.postgres, args.redis, MEEPLEHALL_BENCH_ECHO="1") as (env, portals):
        matches = seat_matches(env, args.matches * args.games, args.spectators)
        portals += [Portal(env, application="bench.asgi:application").start() for _ in range(args.procs)]
        stats, elapsed = asyncio.run(run_clients(matches, [p.port for p in portals], args.seed,
                                                 [p.process.pid for p in portals], args.games))

    p99, echo_p99 = percentile(stats.latencies, 99), percentile(stats.echo, 99)
    print(json.dumps({
        "matches": args.matches,
        "games": args.games,
        "clients": stats.clients,
        "moves": stats.moves,
        "moves_per_s": round(stats.moves / elapsed, 1) if elapsed else 0,
        "p50_ms": round(percentile(stats.latencies, 50), 1),
        "p95_ms": round(percentile(stats.latencies, 95), 1),
        "p99_ms": round(p99, 1),
        "server_cpu_ms_per_move": round(1000 * stats.server_cpu / stats.moves, 2) if stats.moves else None,
        "connect_s": round(stats.connect_seconds, 2),
        "server_cpu_ms_per_socket": round(1000 * stats.connect_cpu / stats.clients, 2) if stats.clients else None,
        "errors": stats.errors,
        "error_kinds": stats.error_kinds,
        "echo_p50_ms": round(percentile(stats.echo, 50), 2),
        "echo_p99_ms": round(echo_p99, 2),
        "p99_ratio_to_echo": round(p99 / echo_p99, 1) if echo_p99 else None,
        "echo_idle_p50_ms": round(percentile(stats.echo_idle, 50), 2),
        "echo_idle_p99_ms": round(percentile(stats.echo_idle, 99), 2),
        "procs": args.procs,
        "via": args.via,
        "database": "postgresql" if args.postgres else "sqlite",
        "layer": "redis" if args.redis else "in-memory",
        "seconds": round(elapsed, 1),
    }))


if __name__ == "__main__":
    main()
