"""Kavango figures: random playouts per second, Warden's win rate against random bots, and
self-play averages by score category (to compare with the reconstruction's sanity figures).

    .venv/bin/python bench/kavango_bench.py speed --games 20
    .venv/bin/python bench/kavango_bench.py winrate --players 4 --games 1000
    .venv/bin/python bench/kavango_bench.py selfplay --players 4 --games 200 [--lodges]
    .venv/bin/python bench/kavango_bench.py lodges --games 500
    .venv/bin/python bench/kavango_bench.py solo --games 100 [--lodges]
    .venv/bin/python bench/kavango_bench.py mixed --games 200 [--players 2]
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from kavango.bots import Warden
from kavango.rules import Kavango

from core.engine import RandomBot, playout

GAME = Kavango()
DIFFICULTIES = ("none", "lodges", "intermediate", "maximum")


def speed(args):
    start, plies = time.perf_counter(), 0
    for seed in range(args.games):
        n = 1 + seed % 5
        run = playout(GAME, n, seed=seed, options={"lodges": args.lodges})
        plies += run.plies
    spent = time.perf_counter() - start
    print(
        f"{args.games} random playouts (1-5 players, lodges={args.lodges}): "
        f"{args.games / spent:.1f} games/s, {plies / spent:.0f} plies/s"
    )


def winrate(args):
    wins = shared = 0
    for seed in range(args.games):
        seat = seed % args.players
        bots = [RandomBot()] * args.players
        bots[seat] = Warden()
        run = playout(GAME, args.players, seed=seed, options={"lodges": args.lodges}, bots=bots)
        if run.result.ranks[seat] == 1:
            wins += 1
            shared += run.result.ranks.count(1) > 1
    print(
        f"Warden vs {args.players - 1} random bots, {args.games} games, lodges={args.lodges}: "
        f"wins {wins / args.games:.1%} (shared {shared}); a random seat would win "
        f"{1 / args.players:.1%}"
    )


def selfplay(args):
    totals, count, extra = defaultdict(float), 0, defaultdict(float)
    for seed in range(args.games):
        run = playout(
            GAME,
            args.players,
            seed=seed,
            options={"lodges": args.lodges},
            bots=[Warden()] * args.players,
        )
        for s, row in enumerate(run.result.breakdown):
            for k, v in row.items():
                totals[k] += v
            totals["total"] += run.result.scores[s]
            p = run.state["p"][s]
            extra["animals placed"] += sum(c is not None for r in p["grid"] for c in r)
            extra["money left"] += p["money"]
            extra["awards won"] += len(run.result.details["awards"][s])
            count += 1
        extra["climate level"] += min(3, _level(run.state)) * args.players
    print(f"Warden self-play, {args.players} players, {args.games} games, lodges={args.lodges}:")
    for k, v in list(totals.items()) + list(extra.items()):
        print(f"  {k:>16}: {v / count:.1f}")


def _level(state):
    from kavango.rules.reserve import climate_level

    return climate_level(state)


def lodges(args):
    for diff in DIFFICULTIES:
        built = score = games = unlocked = solar = dropped = golden = 0
        for seed in range(args.games // len(DIFFICULTIES)):
            run = playout(
                GAME,
                4,
                seed=seed,
                options={"lodges": True, "golden_lodge": True},
                seat_options=[{"difficulty": diff}] * 4,
                bots=[Warden()] * 4,
            )
            for s in range(4):
                p = run.state["p"][s]
                start = {"intermediate": 8, "maximum": 12}.get(diff, 0)
                built += len(p["lodges"]["built"])
                score += run.result.scores[s]
                unlocked += start - sum(v is not None for r in p["cp"] for v in r)
                solar += sum(v == "solar" for r in p["cp"] for v in r)
                dropped += len(p["lodges"]["discarded"])
                golden += bool(p["golden"])
                games += 1
        print(
            f"  {diff:>12}: {built / games:.2f} Lodges built, {score / games:.1f} points a player;"
            f" {unlocked / games:.1f} spaces unlocked, {solar / games:.1f} solar spaces,"
            f" {dropped / games:.1f} Lodge cards discarded; Golden Lodge to {golden / games:.0%}"
        )


def solo(args):
    for level in ("easy", "intermediate", "expert"):
        wins = mine = theirs = 0
        for seed in range(args.games):
            run = playout(
                GAME,
                1,
                seed=seed,
                options={"lodges": args.lodges, "oppo": level},
                seat_options=[{"difficulty": "lodges"}],
                bots=[Warden()],
            )
            wins += run.result.won[0]
            mine += run.result.scores[0]
            theirs += run.result.details["oppo_score"]
        n = args.games
        print(
            f"  Oppo {level:>12}: Warden wins {wins / n:.0%}, {mine / n:.1f} vs Oppo {theirs / n:.1f}"
        )


def mixed(args):
    """Warden at every seat, one seat without Lodges and the others at one Lodges difficulty
    (seats rotate with the seed): does playing with Lodges beat the +48 bonus, and how often
    does some seat claim the Golden Lodge (always in play at Intermediate and Maximum)?"""
    for diff in DIFFICULTIES[1:]:
        edge = golden_games = lodges_built = 0
        for seed in range(args.games):
            plain = seed % args.players
            seats = [{"difficulty": diff} for _ in range(args.players)]
            seats[plain] = {"difficulty": "none"}
            run = playout(
                GAME,
                args.players,
                seed=seed,
                options={"lodges": True, "golden_lodge": True},
                seat_options=seats,
                bots=[Warden()] * args.players,
            )
            others = [s for s in range(args.players) if s != plain]
            edge += sum(run.result.scores[s] for s in others) / len(others)
            edge -= run.result.scores[plain]
            golden_games += any(run.state["p"][s]["golden"] for s in others)
            lodges_built += sum(len(run.state["p"][s]["lodges"]["built"]) for s in others) / len(
                others
            )
        n = args.games
        print(
            f"  {diff:>12} vs No Lodges ({args.players} players, {n} games): Lodge seat "
            f"{edge / n:+.1f} points, {lodges_built / n:.2f} Lodges built, Golden Lodge claimed "
            f"in {golden_games / n:.0%} of games"
        )


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=("speed", "winrate", "selfplay", "lodges", "solo", "mixed"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--lodges", action="store_true")
    args = parser.parse_args()
    globals()[args.what](args)


if __name__ == "__main__":
    main()
