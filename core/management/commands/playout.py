"""Full games through the pure engine with random bots; every game replayed and compared.

``--no-replay`` skips the replay check, so the games-per-second figure is the engine's own
(the replay otherwise doubles the work)."""

from django.core.management.base import BaseCommand

from core.engine import replay
from core.engine.playout import playout

from ._runs import add_arguments, game_and_setup, run_games


class Command(BaseCommand):
    help = "Play K random games of SLUG through the pure engine and check every replay."

    def add_arguments(self, parser):
        add_arguments(parser)
        parser.add_argument("--no-replay", action="store_true",
                            help="skip replaying each game, to time the engine alone")

    def handle(self, *args, **options):
        game, players, table = game_and_setup(options)

        def play_one(seed):
            run = playout(game, players, seed=seed, options=table)
            if options["no_replay"]:
                return run.plies, True
            again = replay(game, seed, players, run.options, run.seat_options, run.moves)
            return run.plies, again == run.state

        run_games(self, options, game, players, play_one)
