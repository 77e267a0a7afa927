"""The ceiling under bench/latency.py: a move's fan-out through daphne and Channels with no game.

Usage: .venv/bin/python bench/floor.py --tables M [--sockets S] [--procs N] [--redis] [--seconds T]

Serves bench/asgi.py with daphne as bench/latency.py does (same settings, same middleware), and
opens M tables of S sockets each (default 3: the average of latency.py's two players and 0-2
spectators) on the bench-only fan-out consumer (bench/echo.py). At each table, in a closed loop
for T seconds, one socket (each in turn, as the players do) sends a frame and the next frame is
sent once every socket of the table has received it: one incoming message and S outgoing ones,
the socket traffic of one move, with no database, no rendering and no game. The figure says how
many moves per second the transport alone allows on this machine: ``bench/latency.py`` cannot
go above it, whatever the move path costs.

Prints one JSON line: tables, sockets, moves, moves_per_s, p50_ms, p99_ms (send to the last
socket's arrival), server_cpu_ms_per_move, procs, layer, seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.latency import bench_servers, cpu_seconds, open_socket, percentile  # noqa: E402
from tests.servers import Portal  # noqa: E402


async def play_table(table: int, ports: list[int], sockets_per_table: int, gate: asyncio.Semaphore,
                     go: asyncio.Event, stop: asyncio.Event, latencies: list[float]) -> int:
    """Connect the table's sockets, then send frames round the table until ``stop``; the moves made."""
    sockets = [await open_socket(ports[(table + k) % len(ports)], f"/ws/fanout/{table}/", None, gate)
               for k in range(sockets_per_table)]
    moves = 0
    try:
        await go.wait()
        while not stop.is_set():
            sender = sockets[moves % sockets_per_table]
            started = time.perf_counter()
            await sender.send(str(moves))
            for socket in sockets:
                while await socket.recv() != str(moves):
                    pass
            latencies.append((time.perf_counter() - started) * 1000)
            moves += 1
    finally:
        for socket in sockets:
            await socket.close()
    return moves


async def run(ports: list[int], pids: list[int], tables: int, sockets_per_table: int,
              seconds: float) -> dict:
    gate = asyncio.Semaphore(64)
    go, stop = asyncio.Event(), asyncio.Event()
    latencies: list[float] = []
    players = [asyncio.create_task(play_table(t, ports, sockets_per_table, gate, go, stop, latencies))
               for t in range(tables)]
    await asyncio.sleep(1.0 + tables * sockets_per_table / 200)  # every socket connected
    started, cpu_before = time.perf_counter(), cpu_seconds(pids)
    go.set()
    await asyncio.sleep(seconds)
    stop.set()
    moves = sum(await asyncio.gather(*players))
    elapsed = time.perf_counter() - started
    cpu = cpu_seconds(pids) - cpu_before
    return {"moves": moves, "moves_per_s": round(moves / elapsed, 1),
            "p50_ms": round(percentile(latencies, 50), 2), "p99_ms": round(percentile(latencies, 99), 2),
            "server_cpu_ms_per_move": round(1000 * cpu / moves, 3) if moves else None,
            "seconds": round(elapsed, 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, required=True)
    parser.add_argument("--sockets", type=int, default=3, help="sockets per table (default 3)")
    parser.add_argument("--procs", type=int, default=1)
    parser.add_argument("--redis", action="store_true")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    if args.procs > 1 and not args.redis:
        parser.error("several processes need --redis (the in-memory channel layer is per process)")
    with bench_servers(False, args.redis, MEEPLEHALL_BENCH_ECHO="1") as (env, portals):
        portals += [Portal(env, application="bench.asgi:application").start() for _ in range(args.procs)]
        figures = asyncio.run(run([p.port for p in portals], [p.process.pid for p in portals],
                                  args.tables, args.sockets, args.seconds))
    print(json.dumps({"tables": args.tables, "sockets": args.sockets, **figures, "procs": args.procs,
                      "layer": "redis" if args.redis else "in-memory"}))


if __name__ == "__main__":
    main()
