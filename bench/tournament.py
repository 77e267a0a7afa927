"""A 64-player Swiss tournament: how long a round's pairing and its start take.

Usage: .venv/bin/python bench/tournament.py [--players 64] [--rounds 6]

In-process on a fresh SQLite database (bench/inprocess.py): registers ``--players`` people for
a tic-tac-toe Swiss tournament and plays ``--rounds`` rounds, every game a quick one (the first
legal move each time). Prints one JSON line: per round the milliseconds of the pairing alone
(core.engine.tournament.swiss_round on the records) and of the whole start of the round
(the first round's by the start; each later one's as the move that ends the round before, which
seats it in its own transaction: records from the finished matches, pairing, 32 matches made
and started).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.inprocess import portal_in_process  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=6)
    args = parser.parse_args()
    portal_in_process("meeple-tournament-")
    from django.contrib.auth import get_user_model

    from core.engine.play import play
    from core.engine.tournament import swiss_round
    from core.models import Match, Tournament
    from core.plugins import registry
    from core.services import submit_move, tournaments

    users = [get_user_model().objects.create_user(f"t{n}") for n in range(args.players)]
    t = tournaments.create(users[0], name="Bench", game_slug="tictactoe", format="swiss", rounds=args.rounds,
                           max_players=args.players)
    for user in users:
        tournaments.join(t.pk, user)
    game = registry().game("tictactoe")
    pairing_ms, start_ms = [], []

    def move(match):
        seat = min(game.to_act(match.state))
        people = {s.position: s.user for s in match.seats.all()}
        submit_move(match.pk, people[seat], game.legal_moves(match.state, seat)[0], None)
        return Match.objects.get(pk=match.pk)

    for number in range(1, args.rounds + 1):
        records = tournaments.records_of(Tournament.objects.get(pk=t.pk), for_pairing=True)
        started = time.perf_counter()
        swiss_round(list(records.values()))
        pairing_ms.append(round((time.perf_counter() - started) * 1000, 1))
        if number == 1:
            started = time.perf_counter()
            tournaments.start(t.pk)
            start_ms.append(round((time.perf_counter() - started) * 1000, 1))
        tables = [x.match for x in Tournament.objects.get(pk=t.pk).tables.filter(round=number, match__isnull=False)]
        for match in tables[:-1]:
            while match.status == Match.Status.ACTIVE:
                match = move(match)
        last = tables[-1]
        while game.result(play(game, last.state, min(game.to_act(last.state)),
                               game.legal_moves(last.state, min(game.to_act(last.state)))[0],
                               last.version + 1, last.seed)) is None:
            last = move(last)
        started = time.perf_counter()
        move(last)  # the round's last move: it seats the next round in its own transaction
        if number < args.rounds:
            start_ms.append(round((time.perf_counter() - started) * 1000, 1))
    print(json.dumps({"players": args.players, "rounds": args.rounds, "pairing_ms": pairing_ms,
                      "round_start_ms": start_ms}))


if __name__ == "__main__":
    main()
