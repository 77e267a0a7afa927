"""Full games through the services layer and the database: bot seats, real Match/Move rows."""

from django.conf import settings
from django.core.management.base import BaseCommand

from core.models import Match
from core.services.bots import run_bots
from core.services.replays import verify_match
from core.services.tables import create_table

from ._runs import add_arguments, game_and_setup, run_games


class Command(BaseCommand):
    help = "Play K all-bot matches of SLUG through services.submit_move and the database."

    def add_arguments(self, parser):
        add_arguments(parser)

    def handle(self, *args, **options):
        game, players, table = game_and_setup(options)
        settings.BOTS_INLINE = True

        def play_one(seed):
            match = create_table(None, game.slug, players, table,
                                 bots=dict.fromkeys(range(players), "random"))
            run_bots(match.pk)
            match.refresh_from_db()
            if match.status != Match.Status.FINISHED:
                raise RuntimeError(f"match {match.pk} did not finish")
            return match.version, verify_match(match) is None

        run_games(self, options, game, players, play_one)
