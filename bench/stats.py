"""A game's statistics page over many finished matches, and what one finishing match costs it.

Usage: .venv/bin/python bench/stats.py [--matches 10000] [--requests 50]

Builds a temp SQLite database with ``--matches`` finished Lodge hikers matches of 2-4 players
(random scores, ranks, lengths and squirrels, stored as the game stores them), then prints one
JSON line: the seconds the first statistics page took (it adds up every match once), the median
and p95 milliseconds of the page after that (one row read), and the milliseconds one more
finishing match adds to its transaction (``core.services.stats.count_in``).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.inprocess import portal_in_process  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--requests", type=int, default=50)
    args = parser.parse_args()
    portal_in_process("meeple-stats-")
    from django.contrib.auth import get_user_model
    from django.db import transaction
    from django.test import Client

    from core.models import Match
    from core.services import stats

    host = get_user_model().objects.create_user("host")
    rng = random.Random(1)

    def result(players: int) -> dict:
        scores = [rng.randint(-10, 30) for _ in range(players)]
        order = sorted(range(players), key=lambda s: -scores[s])
        ranks = [order.index(s) + 1 for s in range(players)]
        return {"scores": scores, "ranks": ranks, "details": {
            "squirrels": [rng.randint(0, 11) for _ in range(players)],
            "customer_cards": [rng.randint(0, 8) for _ in range(players)]}}

    made = []
    for _ in range(args.matches):
        players = rng.randint(2, 4)
        made.append(Match(game_slug="lodge_hikers", host=host, players=players, seed=rng.randint(1, 10**9),
                          status=Match.Status.FINISHED, version=rng.randint(30, 80), result=result(players)))
    Match.objects.bulk_create(made, batch_size=1000)

    client = Client()
    started = time.perf_counter()
    assert client.get("/games/lodge_hikers/statistics/").status_code == 200
    first = time.perf_counter() - started
    times = []
    for _ in range(args.requests):
        started = time.perf_counter()
        client.get("/games/lodge_hikers/statistics/")
        times.append((time.perf_counter() - started) * 1000)
    one = made[0]
    started = time.perf_counter()
    with transaction.atomic():
        stats.count_in(one, one.result)
    add_ms = (time.perf_counter() - started) * 1000
    print(json.dumps({"matches": args.matches, "first_page_s": round(first, 2),
                      "page_p50_ms": round(statistics.median(times), 1),
                      "page_p95_ms": round(sorted(times)[int(0.95 * len(times)) - 1], 1),
                      "finish_adds_ms": round(add_ms, 1)}))


if __name__ == "__main__":
    main()
