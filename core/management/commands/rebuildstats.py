"""``manage.py rebuildstats [SLUG ...]``: add up every finished match of each game again.

A game's statistics are kept up to date as matches finish; after restoring a backup, deleting
matches or installing a plugin whose ``match_statistics`` hook changed, rebuild them."""

from django.core.management.base import BaseCommand, CommandError

from core.plugins import registry
from core.services import stats


class Command(BaseCommand):
    help = "Recount the statistics of the given games (all installed games by default)."

    def add_arguments(self, parser):
        parser.add_argument("slugs", nargs="*")

    def handle(self, *args, slugs, **options):
        unknown = sorted(set(slugs) - set(registry().games))
        if unknown:
            raise CommandError(f"No installed game {', '.join(unknown)}.")
        for slug in slugs or sorted(registry().games):
            row = stats.rebuild(slug)
            self.stdout.write(f"{slug}: {row.matches} finished matches")
