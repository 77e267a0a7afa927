"""``manage.py sendnotices``: deliver the notices that are due, for a site that prefers a sender
of its own to the one each server process runs (``CLOCK_INTERVAL``); both may run at once."""

import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from core.services import notices


class Command(BaseCommand):
    help = "Send the notices that are due (once, or every --every seconds until stopped)."

    def add_arguments(self, parser):
        parser.add_argument("--every", type=float, default=0,
                            help="Seconds between runs; 0 (the default) runs once and exits.")

    def handle(self, *args, every: float = 0, **options):
        while True:
            close_old_connections()
            queued = notices.remind_clocks()
            sent = notices.deliver_due()
            self.stdout.write(f"{sent} mail(s) sent, {queued} clock reminder(s) queued")
            if every <= 0:
                return
            time.sleep(every)
