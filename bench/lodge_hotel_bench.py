"""Lodge (ski hotel) benchmark: random playouts per second and the Innkeeper's win rate.

    .venv/bin/python bench/lodge_hotel_bench.py --playouts 40 --games 1000 --players 3

Pure engine, no Django. The Innkeeper takes seat (game % players) so every seat is tried; a win
is rank 1 (ties already broken by turn order).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from lodge_hotel.bots import Innkeeper  # noqa: E402
from lodge_hotel.rules import Lodge  # noqa: E402

from core.engine import RandomBot, playout  # noqa: E402


def playouts_per_second(game, players, count, options=None):
    start = time.perf_counter()
    plies = 0
    for seed in range(count):
        plies += playout(game, players, seed=seed, options=options).plies
    took = time.perf_counter() - start
    return count / took, plies / took


def win_rate(game, players, games, options=None):
    wins, scores, rand = 0, [], []
    for seed in range(games):
        seat = seed % players
        bots = [RandomBot()] * players
        bots[seat] = Innkeeper()
        run = playout(game, players, seed=f"bench-{seed}", options=options, bots=bots)
        wins += run.result.ranks[seat] == 1
        scores.append(run.result.scores[seat])
        rand += [s for i, s in enumerate(run.result.scores) if i != seat]
    return wins / games, sum(scores) / games, sum(rand) / max(1, len(rand))


def solo_stats(game, games, options):
    scores, won = [], 0
    for seed in range(games):
        run = playout(game, 1, seed=f"solo-{seed}", options=options, bots=[Innkeeper()])
        scores.append(run.result.scores[0])
        won += bool(run.result.won[0])
    return sum(scores) / games, won / games


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--playouts", type=int, default=40)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--solo-games", type=int, default=100)
    args = parser.parse_args()
    game = Lodge()
    for players in (1, 2, 3, 4):
        games, plies = playouts_per_second(game, players, args.playouts)
        print(f"random playouts, {players} player(s): {games:.1f} games/s, {plies:.0f} plies/s")
    games, plies = playouts_per_second(game, 1, args.playouts, {"level": 8, "extreme": True})
    print(f"random playouts, solo extreme level 8: {games:.1f} games/s, {plies:.0f} plies/s")
    if args.solo_games:
        mean, won = solo_stats(game, args.solo_games, {})
        print(f"Innkeeper solo (no level), {args.solo_games} games: mean {mean:.1f}, 60+ in {won:.0%}")
    if args.games:
        start = time.perf_counter()
        rate, mine, theirs = win_rate(game, args.players, args.games)
        print(
            f"Innkeeper vs {args.players - 1} random bots, {args.games} seeded games: win rate "
            f"{rate:.1%} (mean score {mine:.1f} vs random {theirs:.1f}; {time.perf_counter() - start:.0f}s)"
        )


if __name__ == "__main__":
    main()
