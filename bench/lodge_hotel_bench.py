"""Lodge (ski hotel) benchmark: random playouts per second and the Innkeeper's win rate.

    .venv/bin/python bench/lodge_hotel_bench.py --playouts 40 --games 1000 --players 3
    .venv/bin/python bench/lodge_hotel_bench.py --playouts 0 --games 0 --solo-games 30 --hard-games 5

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
from core.engine.strengths import hard  # noqa: E402


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


def solo_stats(game, games, options, bot=None):
    """Mean score, share of games won (at a level) or reaching 60 (without one), and refresh
    tokens spent per game."""
    scores, won, refreshes = [], 0, 0
    bot = bot or Innkeeper()
    for seed in range(games):
        run = playout(game, 1, seed=f"solo-{seed}", options=options, bots=[bot])
        scores.append(run.result.scores[0])
        won += bool(run.result.won[0]) if run.result.won else run.result.scores[0] >= 60
        refreshes += sum(1 for _seat, move in run.moves if move["type"] == "refresh")
    return sum(scores) / games, won / games, refreshes / games


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--playouts", type=int, default=40)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--solo-games", type=int, default=100)
    parser.add_argument("--levels", type=int, nargs="*", default=[0, 4], help="solo levels to measure")
    parser.add_argument("--hard-games", type=int, default=0, help="solo games for the hard (search) bot")
    parser.add_argument("--hard-seconds", type=float, default=1.0)
    args = parser.parse_args()
    game = Lodge()
    if args.playouts:
        for players in (1, 2, 3, 4):
            games, plies = playouts_per_second(game, players, args.playouts)
            print(f"random playouts, {players} player(s): {games:.1f} games/s, {plies:.0f} plies/s")
        games, plies = playouts_per_second(game, 1, args.playouts, {"level": 8, "extreme": True})
        print(f"random playouts, solo extreme level 8: {games:.1f} games/s, {plies:.0f} plies/s")
    if args.solo_games:
        for level in args.levels:
            mean, won, spent = solo_stats(game, args.solo_games, {"level": level})
            what = f"level {level} won" if level else "60+"
            print(f"Innkeeper solo, level {level}, {args.solo_games} games: mean {mean:.1f}, {what} in "
                  f"{won:.0%}, {spent:.1f} refresh tokens spent a game")
    if args.hard_games:
        bot = hard(game, Innkeeper(), seconds=args.hard_seconds)
        for level in args.levels:
            start = time.perf_counter()
            mean, won, spent = solo_stats(game, args.hard_games, {"level": level}, bot)
            what = f"level {level} won" if level else "60+"
            print(f"hard (search, {args.hard_seconds:g} s a move) solo, level {level}, {args.hard_games} games: "
                  f"mean {mean:.1f}, {what} in {won:.0%} ({time.perf_counter() - start:.0f}s)")
    if args.games:
        start = time.perf_counter()
        rate, mine, theirs = win_rate(game, args.players, args.games)
        print(
            f"Innkeeper vs {args.players - 1} random bots, {args.games} seeded games: win rate "
            f"{rate:.1%} (mean score {mine:.1f} vs random {theirs:.1f}; {time.perf_counter() - start:.0f}s)"
        )


if __name__ == "__main__":
    main()
