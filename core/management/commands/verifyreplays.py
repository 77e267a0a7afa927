from django.core.management.base import BaseCommand, CommandError

from core.models import Match
from core.services.replays import verify_match


class Command(BaseCommand):
    help = "Replay every stored match from its log and compare with the stored snapshot."

    def handle(self, *args, **options):
        checked = bad = 0
        for match in Match.objects.exclude(state=None).iterator():
            checked += 1
            problem = verify_match(match)
            if problem:
                bad += 1
                self.stdout.write(f"match {match.pk} ({match.game_slug}): {problem}")
        self.stdout.write(f"checked {checked} matches, {bad} mismatches")
        if bad:
            raise CommandError(f"{bad} replay mismatch(es)")
