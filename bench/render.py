"""The cost of one audience render of a game's live page, at the start, middle and end of a game.

Usage: .venv/bin/python bench/render.py SLUG [--players N] [--seed S] [--repeat R]

Plays one seeded game with random legal moves through the pure engine, keeps the states at ply
0, at half the game and at its end, and renders the live part of the match page
(``core.rendering.render_live``, the template a socket frame carries) for every seat and for the
spectators, R times each. Prints one JSON line per stage: the best and the median milliseconds
of one render over all audiences, and the frame size. No database is touched: the match and its
players are built in memory, as the publisher has them after a commit.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slug")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.test_settings")  # plain static names
    os.environ.setdefault("DEBUG", "0")
    os.environ.setdefault("SECRET_KEY", "bench-render-" + "x" * 40)
    import django

    django.setup()
    from core.engine import play, resolve_options
    from core.engine.play import start
    from core.models import Match
    from core.plugins import registry
    from core.rendering import render_live

    game = registry().game(args.slug)
    players = args.players or game.min_players if game.min_players > 1 else (args.players or 2)
    players = max(game.min_players, min(game.max_players, players))
    options, seat_options = resolve_options(game, players)
    rng = random.Random(args.seed)
    state = start(game, args.seed, players, options, seat_options)
    states = [state]
    while game.result(state) is None and len(states) < 20000:
        seat = min(game.to_act(state))
        move = rng.choice(game.legal_moves(state, seat))
        state = play(game, state, seat, move, len(states), args.seed)
        states.append(state)
    stages = {"start": 0, "middle": len(states) // 2, "end": len(states) - 1}
    names = [{"seat": s, "name": f"player{s + 1}", "is_bot": False, "user_id": s + 1,
              "bot_takeover": False, "resigned": False, "score": None, "rank": None,
              "options": seat_options[s]} for s in range(players)]
    for stage, ply in stages.items():
        state = states[ply]
        result = game.result(state)
        match = Match(pk=1, game_slug=args.slug, players=players, options=options, seed=args.seed,
                      state=state, version=ply, revision=ply + 2, host_id=1,
                      status=Match.Status.FINISHED if result else Match.Status.ACTIVE,
                      result=result.to_json() if result else None)
        timings, size = [], 0
        for audience in [*range(players), None]:
            for _ in range(args.repeat):
                started = time.perf_counter()
                html = render_live(match, audience, players=[dict(p) for p in names], oob=True)
                timings.append((time.perf_counter() - started) * 1000)
            size = max(size, len(html))
        print(json.dumps({
            "game": args.slug, "players": players, "stage": stage, "ply": ply,
            "best_ms": round(min(timings), 2), "median_ms": round(statistics.median(timings), 2),
            "frame_bytes": size,
        }))


if __name__ == "__main__":
    main()
