"""Lodge (hikers): random playouts per second, the planner bot's win rate against random bots,
and where the planner's squirrels end when planners play each other.

    .venv/bin/python bench/lodge_hikers_bench.py [--players 4] [--games 1000] [--seconds 10]

Pure engine, no Django. A win is rank 1 (shared first places count as wins); the planner sits
in every seat in turn (seat = game number mod players) against random bots. The squirrel line
counts every seat's final squirrels over the planner-only games: 5 is the +5 bonus, 10 wins,
6-9 cost points and 11+ loses.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from lodge_hikers.bots import SnackPlanner  # noqa: E402
from lodge_hikers.rules import LodgeHikers  # noqa: E402

from core.engine import RandomBot, playout  # noqa: E402


def playouts_per_second(game, players, seconds):
    start = time.perf_counter()
    done = plies = 0
    while time.perf_counter() - start < seconds:
        run = playout(game, players, seed=f"bench-{done}")
        done += 1
        plies += run.plies
    elapsed = time.perf_counter() - start
    return done / elapsed, plies / elapsed


def win_rate(game, players, games):
    wins = 0
    for g in range(games):
        seat = g % players
        bots = [RandomBot()] * players
        bots[seat] = SnackPlanner()
        run = playout(game, players, seed=g, bots=bots)
        wins += run.result.ranks[seat] == 1
    return wins / games


def squirrel_endings(game, players, games):
    """Final squirrel counts of every seat over ``games`` planner-only games."""
    counts = Counter()
    for g in range(games):
        run = playout(game, players, seed=f"planners-{g}", bots=[SnackPlanner()] * players)
        counts.update(run.result.details["squirrels"])
    return counts


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    game = LodgeHikers()
    rate, plies = playouts_per_second(game, args.players, args.seconds)
    print(f"random {args.players}-player playouts: {rate:.1f} games/s ({plies:.0f} plies/s)")
    if args.games:
        wr = win_rate(game, args.players, args.games)
        print(f"planner vs {args.players - 1} random bots over {args.games} seeded games: "
              f"{wr:.1%} wins (random baseline {1 / args.players:.1%})")
        ends = squirrel_endings(game, args.players, max(1, args.games // 4))
        seats = sum(ends.values())
        share = {label: sum(n for sq, n in ends.items() if test(sq)) / seats
                 for label, test in (("0-4", lambda q: q < 5), ("5", lambda q: q == 5),
                                     ("6-9", lambda q: 6 <= q <= 9), ("10", lambda q: q == 10),
                                     ("11+", lambda q: q > 10))}
        mean = sum(sq * n for sq, n in ends.items()) / seats
        print(f"planners only, {seats} seats: mean {mean:.2f} squirrels; "
              + ", ".join(f"{label}: {v:.1%}" for label, v in share.items()))


if __name__ == "__main__":
    main()
