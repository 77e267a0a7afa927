"""Full games through the services layer and the database: bot users, real Match/Move rows."""

import time

from django.conf import settings
from django.core.management.base import BaseCommand

from core.models import Match
from core.services.bots import run_bots
from core.services.replays import verify_match
from core.services.tables import create_table

from ._runs import add_arguments, game_and_setup, report


class Command(BaseCommand):
    help = "Play K all-bot matches of SLUG through services.submit_move and the database."

    def add_arguments(self, parser):
        add_arguments(parser)

    def handle(self, *args, **options):
        game, players, table = game_and_setup(options)
        settings.BOTS_INLINE = True
        errors = mismatches = plies = 0
        started = time.perf_counter()
        for _ in range(options["games"]):
            try:
                match = create_table(None, game.slug, players, table, bots=dict.fromkeys(range(players), "random"))
                run_bots(match.pk)
                match.refresh_from_db()
                if match.status != Match.Status.FINISHED:
                    raise RuntimeError(f"match {match.pk} did not finish")
            except Exception as exc:
                errors += 1
                self.stderr.write(repr(exc))
                continue
            plies += match.version
            if verify_match(match):
                mismatches += 1
        seconds = time.perf_counter() - started
        report(self, {
            "game": game.slug, "players": players, "games": options["games"], "plies": plies,
            "seconds": round(seconds, 3),
            "games_per_second": round(options["games"] / seconds, 2) if seconds else None,
            "errors": errors, "replay_mismatches": mismatches,
        }, options["json"])
