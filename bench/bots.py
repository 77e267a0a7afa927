"""A bot's strength: its win rate in seeded games where every other seat is the random bot.

    python bench/bots.py SLUG [--players N] [--games K] [--bot NAME] [--option name=value ...]

Seat of the tested bot rotates with the seed so turn order does not favour it. A win is rank 1
(shared first places count as wins; for solo or cooperative games, Result.won). Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.engine import RandomBot  # noqa: E402
from core.engine.playout import playout  # noqa: E402
from core.plugins import build_registry, discover_apps  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slug")
    parser.add_argument("--players", type=int)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bot")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    registry = build_registry(discover_apps())
    game = registry.game(args.slug)
    bot = registry.bot(args.slug, args.bot) if args.bot else registry.best_bot(args.slug)
    players = args.players or game.min_players
    options = dict(item.split("=", 1) for item in args.option)
    wins = games = 0
    scores = []
    started = time.perf_counter()
    for k in range(args.games):
        seed = args.seed + k
        seat = k % players
        bots = [RandomBot()] * players
        bots[seat] = bot
        run = playout(game, players, seed=seed, options=options, bots=bots)
        result = run.result
        games += 1
        scores.append(result.scores[seat])
        won = result.won[seat] if result.won is not None else result.ranks[seat] == 1
        wins += bool(won)
    seconds = time.perf_counter() - started
    print(json.dumps({
        "game": args.slug, "bot": bot.name, "players": players, "games": games,
        "options": options, "wins": wins, "win_rate": round(wins / games, 4),
        "fair_share": round(1 / players, 4) if players > 1 else None,
        "mean_score": round(sum(scores) / len(scores), 2), "seconds": round(seconds, 1),
    }))


if __name__ == "__main__":
    main()
