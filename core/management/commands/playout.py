"""Full games through the pure engine with random bots; every game replayed and compared."""

import time

from django.core.management.base import BaseCommand

from core.engine import replay
from core.engine.playout import playout

from ._runs import add_arguments, game_and_setup, report


class Command(BaseCommand):
    help = "Play K random games of SLUG through the pure engine and check every replay."

    def add_arguments(self, parser):
        add_arguments(parser)

    def handle(self, *args, **options):
        game, players, table = game_and_setup(options)
        errors = mismatches = plies = 0
        started = time.perf_counter()
        for k in range(options["games"]):
            seed = options["seed"] + k
            try:
                run = playout(game, players, seed=seed, options=table)
            except Exception as exc:
                errors += 1
                self.stderr.write(f"seed {seed}: {exc!r}")
                continue
            plies += run.plies
            again = replay(game, seed, players, run.options, run.seat_options, run.moves)
            if again != run.state:
                mismatches += 1
                self.stderr.write(f"seed {seed}: replay differs")
        seconds = time.perf_counter() - started
        report(self, {
            "game": game.slug, "players": players, "games": options["games"], "plies": plies,
            "seconds": round(seconds, 3),
            "games_per_second": round(options["games"] / seconds, 2) if seconds else None,
            "errors": errors, "replay_mismatches": mismatches,
        }, options["json"])
