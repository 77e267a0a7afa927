from django.core.management.base import BaseCommand

from core.plugins import registry


class Command(BaseCommand):
    help = "List the installed games: slug, name, min-max players (one line each)."

    def handle(self, *args, **options):
        for slug, game in sorted(registry().games.items()):
            self.stdout.write(f"{slug}\t{game.name}\t{game.min_players}-{game.max_players}")
        for problem in registry().problems:
            self.stderr.write(f"problem: {problem}")
