"""Tables at a human pace beside all-bot tables: the move -> frame latency a host cares about.

Usage: .venv/bin/python bench/mixed.py [--game SLUG] --tables N[,N2,...] [--bot-tables K]
       [--seconds S] [--procs P --postgres --redis]
       .venv/bin/python bench/mixed.py [--game SLUG] --find-capacity [--seconds S]

For each N, starts fresh servers (as bench/latency.py does) and seats N tables of the game
(default Lodge hikers) with 2-4 people (within what the game allows) and 0-3 anonymous
spectators each, every person and spectator with an open match socket, plus K all-bot Kavango
tables that the server's bots play as fast as they can. Each table starts mid-game: before the
servers start it is played forward by random legal moves to between a third and two thirds of a
random game's length (the moves stored as the game's log, exactly as if played), so frames carry
the boards, hands and logs of a game in progress. Each person then acts like a player: when
their page says it is their move, they wait 2-5 seconds and make one of their seat's legal moves
(a POST with their session and CSRF token, the version they saw and, in a simultaneous phase,
their decision basis, as the page sends it). The latency of a move is measured from its POST to
the arrival of the frame with the resulting revision on every socket of its table. Prints one
JSON line per N: moves, p50_ms, p99_ms, lost frames, refused moves (with their three commonest
answers), whether p99 < 200 ms, and the servers' CPU: the share of one core they used while the
people played, and that CPU time divided by the people's moves (bot tables' moves ride on it).

``--find-capacity`` looks for the largest table count one setting carries at p99 < 200 ms with
no lost frame: counts double from ``--tables`` (default 25) until one fails, then the gap is
halved until it is within a tenth; each count runs in fresh servers, its line printed, and a
last line gives the capacity.
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
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.latency import bench_servers, cpu_seconds, open_socket, percentile, post, session_for  # noqa: E402
from tests.servers import Portal  # noqa: E402

REVISION = re.compile(r'id="match-live"[^>]*data-revision="(\d+)"')
TAG = re.compile(r"<[^>]+>")
FRAME_TIMEOUT = 30.0
TARGET_P99_MS = 200.0
GAMES = ("lodge_hikers", "lodge_hotel", "kavango", "komodo", "tictactoe")


def advance(match, rng: random.Random) -> None:
    """Play ``match`` forward by random legal moves to a third to two thirds of a random game's
    length, storing the moves as its log and the state as its snapshot, as play would."""
    from django.db import transaction

    from core.engine.play import play_move
    from core.models import Match, Move
    from core.services import live
    from core.services.matches import game_for

    game = game_for(match)
    state, played = match.state, []
    while game.result(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        move = rng.choice(game.legal_moves(state, seat))
        state, move = play_move(game, state, seat, move, match.version + len(played) + 1, match.seed)
        played.append((seat, move, state))
    keep = int(len(played) * rng.uniform(1 / 3, 2 / 3))
    if keep == 0:
        return
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        Move.objects.bulk_create(
            Move(match=match, ply=match.version + n + 1, seat=seat, payload=move, by_bot=False)
            for n, (seat, move, _) in enumerate(played[:keep]))
        match.version += keep
        match.state = played[keep - 1][2]
        match.save(update_fields=["version", "state"])
        live.changed(match, moved=True)


def seat_tables(env: dict, game: str, tables: int, bot_tables: int, seed: int) -> list[dict]:
    os.environ.update(env)
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.db import connections

    from core.plugins import registry
    from core.services import bots
    from core.services.tables import create_table, join_table

    # The bot tables' first moves are left due in the database: the servers resume them when
    # they start, so no bot plays in this (client) process.
    bots.wake_bots = lambda match_id, delay=0.0, attended=True: None

    rng = random.Random(seed)
    rules = registry().games[game]
    users = get_user_model().objects
    tag = secrets.token_hex(3)
    seated = []
    for n in range(tables):
        players = rng.randint(max(2, rules.min_players), max(2, min(4, rules.max_players)))
        people = [users.create_user(f"mixed-{tag}-{n}-{p}") for p in range(players)]
        match = create_table(people[0], game, players, rated=False)
        for person in people[1:]:
            match = join_table(match.pk, person)
        advance(match, rng)
        seated.append({"id": match.pk, "game": game, "sessions": [session_for(p) for p in people],
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


def choose(match_id: int, seat: int, rng: random.Random) -> dict | None:
    """The fields the page would send for one of ``seat``'s legal moves now: the move, the
    version it shows and, in a simultaneous phase, the seat's decision basis. Read from the
    committed match (in a thread: Django's database calls are synchronous)."""
    from core.engine.staleness import basis_token
    from core.models import Match
    from core.services.matches import game_for

    match = Match.objects.get(pk=match_id)
    game = game_for(match)
    to_act = game.to_act(match.state) if match.status == Match.Status.ACTIVE else set()
    if seat not in to_act:
        return None
    move = rng.choice(game.legal_moves(match.state, seat))
    seen = basis_token(game, match.state, seat) if len(to_act) > 1 else ""
    return {"move": json.dumps(move), "version": match.version, "seen": seen}


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
        fields = await asyncio.to_thread(choose, match["id"], k, rng) if "Your move!" in frame else None
        if fields is None:
            await table.change(1.0)
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


def carried(line: dict) -> bool:
    return bool(line["carried_at_p99_under_200ms"]) and not line["lost"]


def one_count(args, tables: int) -> dict:
    """One table count in a process of its own (Django is set up once per process, so a second
    count here would seat its tables in the first count's deleted database); its JSON line."""
    argv = ["--game", args.game, "--tables", str(tables), "--bot-tables", str(args.bot_tables),
            "--seconds", str(args.seconds), "--procs", str(args.procs), "--seed", str(args.seed)]
    argv += ["--postgres"] * args.postgres + ["--redis"] * args.redis
    out = subprocess.run([sys.executable, __file__, *argv], check=True, capture_output=True, text=True)
    line = json.loads(out.stdout.strip().splitlines()[-1])
    print(json.dumps(line), flush=True)
    return line


def find_capacity(args, start: int) -> None:
    good, bad = 0, None
    tables = start
    while bad is None and tables <= args.max_tables:
        if carried(one_count(args, tables)):
            good, tables = tables, tables * 2
        else:
            bad = tables
    while bad is not None and bad - good > max(1, good // 10):
        middle = (good + bad) // 2
        if carried(one_count(args, middle)):
            good = middle
        else:
            bad = middle
    print(json.dumps({"game": args.game, "procs": args.procs, "capacity_tables": good,
                      "first_count_over": bad, "seconds": args.seconds}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="lodge_hikers", choices=GAMES)
    parser.add_argument("--tables", default=None, help="counts to run, e.g. 20,50 (default 20,50; "
                        "with --find-capacity, the first count, default 25)")
    parser.add_argument("--find-capacity", action="store_true")
    parser.add_argument("--max-tables", type=int, default=3200)
    parser.add_argument("--bot-tables", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--procs", type=int, default=1)
    parser.add_argument("--postgres", action="store_true")
    parser.add_argument("--redis", action="store_true")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if args.procs > 1 and not args.redis:
        parser.error("several processes need --redis")
    if args.find_capacity:
        find_capacity(args, int(args.tables or 25))
        return
    counts = [int(n) for n in (args.tables or "20,50").split(",")]
    if len(counts) > 1:
        for tables in counts:
            one_count(args, tables)
        return
    tables = counts[0]
    with bench_servers(args.postgres, args.redis, BOT_PACE="0") as (env, portals):
        matches = seat_tables(env, args.game, tables, args.bot_tables, args.seed)
        portals += [Portal(env).start() for _ in range(args.procs)]
        stats = asyncio.run(run(matches, [p.port for p in portals], args.seconds, args.seed,
                                [p.process.pid for p in portals]))
    lat = stats["latencies"]
    p99 = percentile(lat, 99)
    print(json.dumps({
        "game": args.game, "tables": tables, "bot_tables": args.bot_tables, "procs": args.procs,
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
