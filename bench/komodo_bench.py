"""Komodo figures: random playouts per second, keeper bot vs random, co-op win rate, map costs.

Usage: .venv/bin/python bench/komodo_bench.py [--games N] [--playouts N] [--coop N] [--workers K]
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from core.engine import RandomBot, playout
from komodo.bots import Keeper
from komodo.rules import Komodo, _placements
from komodo.terrain import Board

GAME = Komodo()


def duel(seed: int) -> tuple[int, int]:
    """One 3-player game, keeper in seat seed % 3, two random bots; (keeper won, keeper rank)."""
    bots = [RandomBot(), RandomBot(), RandomBot()]
    me = seed % 3
    bots[me] = Keeper()
    run = playout(GAME, 3, seed=f"duel-{seed}", options={"variant": "basic"}, bots=bots)
    ranks = run.result.ranks
    return int(ranks[me] == 1 and ranks.count(1) == 1), ranks[me]


def coop(seed: int) -> tuple[bool, int]:
    run = playout(GAME, 3, seed=f"coop-{seed}", options={"variant": "coop", "difficulty": 5},
                  bots=[Keeper()] * 3)
    return run.result.won[0], run.result.scores[0]


def map_costs(seed: int = 5):
    """Time the enclosure analysis and the full legal placement list as the map grows."""
    run = playout(GAME, 3, seed=seed, options={"variant": "basic"}, bots=[Keeper()] * 3)
    rows = []
    for size in (10, 20, 30, 40, len(run.state["map"])):
        tiles = dict(list(run.state["map"].items())[:size])
        hand = [t for t, _ in list(run.state["map"].values())[size:size + 5]] or ["komodo-tile-01"]
        t = time.perf_counter()
        for _ in range(50):
            board = Board(tiles, [])
        analyse = (time.perf_counter() - t) / 50
        t = time.perf_counter()
        for _ in range(10):
            moves = _placements(board, hand)
        place = (time.perf_counter() - t) / 10
        checks = len(board.frontier()) * len(hand) * 4
        rows.append((len(tiles), len(board.terrain), analyse * 1e3, place * 1e3, checks,
                     place / max(1, checks) * 1e6, len(moves)))
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--playouts", type=int, default=100)
    ap.add_argument("--coop", type=int, default=200)
    ap.add_argument("--workers", type=int, default=1)
    a = ap.parse_args()

    t = time.perf_counter()
    plies = 0
    for seed in range(a.playouts):
        plies += playout(GAME, 2 + seed % 3, seed=seed, options={"variant": ("basic", "tame")[seed % 2]}).plies
    dt = time.perf_counter() - t
    print(f"random playouts: {a.playouts / dt:.1f} games/s, {plies / dt:.0f} plies/s")

    print("map size | blocks | enclosure analysis ms | all placements ms | candidates | us/candidate | legal")
    for row in map_costs():
        print("%8d | %6d | %21.3f | %17.2f | %10d | %12.2f | %d" % row)

    with ProcessPoolExecutor(a.workers) as pool:
        t = time.perf_counter()
        duels = list(pool.map(duel, range(a.games), chunksize=10))
        wins = sum(w for w, _ in duels)
        print(f"keeper vs 2 random, 3 players, {a.games} seeded games: outright wins {wins / a.games:.1%}"
              f" (random baseline 33.3%), mean rank {statistics.mean(r for _, r in duels):.2f}"
              f" [{time.perf_counter() - t:.0f}s]")
        t = time.perf_counter()
        co = list(pool.map(coop, range(a.coop), chunksize=5))
        print(f"co-op, 3 keepers, medium: won {sum(w for w, _ in co) / a.coop:.1%},"
              f" mean animals housed {statistics.mean(s for _, s in co):.1f}/32 [{time.perf_counter() - t:.0f}s]")


if __name__ == "__main__":
    main()
