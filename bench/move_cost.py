"""Server CPU of one move, without sockets or load: the part every transport pays.

Usage: .venv/bin/python bench/move_cost.py [--games G] [--profile N]

Seats G tic-tac-toe tables (two players, a file SQLite database in a temp folder, DEBUG off) and
plays them to the end through Django's test client: each move is the page's htmx POST with its
session, through every middleware, the view, the transaction and, after the commit, the live
frames rendered once per audience and handed to the in-memory channel layer. Prints one JSON
line: moves, the milliseconds of process CPU per move, and the SQL queries per move. With
``--profile N`` it also prints the N functions with the most own time (cProfile), which is where
to look before optimising; `bench/latency.py` measures the same path under load.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import re
import sys
import time
from html import unescape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.inprocess import portal_in_process  # noqa: E402

MOVE_RE = re.compile(r'hx-post="/match/\d+/move/" hx-vals="([^"]*)"')
VERSION_RE = re.compile(r'data-version="(\d+)"')


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--profile", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--show-queries", type=int, default=0, metavar="K",
                        help="print the SQL of the K-th move")
    parser.add_argument("--sort", default="tottime", help="cProfile sort key, e.g. cumulative")
    args = parser.parse_args()

    portal_in_process("meeple-move-cost-")
    from django.contrib.auth import get_user_model
    from django.db import connection, reset_queries
    from django.test import Client

    from core.services.tables import create_table, join_table

    users = get_user_model().objects
    tables = []
    for n in range(args.games):
        x, o = users.create_user(f"x{n}"), users.create_user(f"o{n}")
        match = join_table(create_table(x, "tictactoe", 2, rated=False).pk, o)
        clients = [Client(), Client()]
        clients[0].force_login(x)
        clients[1].force_login(o)
        page = clients[0].get(f"/match/{match.pk}/").content.decode()
        tables.append({"id": match.pk, "clients": clients, "frame": page, "turn": 0})

    rng = random.Random(args.seed)
    profile = cProfile.Profile() if args.profile else None
    connection.force_debug_cursor = True
    moves = queries = 0
    cpu = 0.0
    playing = list(tables)
    while playing:
        for table in list(playing):
            options = [json.loads(unescape(m)) for m in MOVE_RE.findall(table["frame"])]
            if not options:
                playing.remove(table)
                continue
            fields = rng.choice(options)
            fields["version"] = VERSION_RE.search(table["frame"]).group(1)
            client = table["clients"][table["turn"]]
            reset_queries()
            started = time.process_time()
            if profile:
                profile.enable()
            answer = client.post(f"/match/{table['id']}/move/", fields, HTTP_HX_REQUEST="true")
            if profile:
                profile.disable()
            cpu += time.process_time() - started
            queries += len(connection.queries)
            if args.show_queries and moves == args.show_queries:
                for q in connection.queries:
                    print(q["time"], q["sql"][:160])
            moves += 1
            assert answer.status_code == 200, answer.content[:300]
            table["turn"] = 1 - table["turn"]
            other = table["clients"][table["turn"]]
            table["frame"] = other.get(f"/match/{table['id']}/").content.decode()
    print(json.dumps({"moves": moves, "cpu_ms_per_move": round(1000 * cpu / moves, 2),
                      "queries_per_move": round(queries / moves, 1)}))
    if profile:
        pstats.Stats(profile).sort_stats(args.sort).print_stats(args.profile)


if __name__ == "__main__":
    main()
