"""``meeplehall dev``: a portal with every installed game on this machine, in one command.

A plugin author's quickstart: it brings the database up to date (migrations and the cache
tables) and starts Django's development server (daphne's, so websockets work), which restarts
when a Python file changes. DEBUG is on (set by :func:`core.cli.development_defaults` before the
settings load): static files are read from the packages and cookies work over plain HTTP. A
portal served to others runs with DEBUG off, as the README's "Running in production" says.
"""

from __future__ import annotations

import os

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError

from core.plugins import registry


class Command(BaseCommand):
    help = ("Migrate, create the cache tables and serve the portal for development (DEBUG on) "
            "at ADDRPORT (default 127.0.0.1:8000).")

    def add_arguments(self, parser):
        parser.add_argument("addrport", nargs="?", default="127.0.0.1:8000",
                            help="address and port to serve on (default 127.0.0.1:8000)")
        parser.add_argument("--noreload", action="store_true",
                            help="do not restart the server when a Python file changes")

    def handle(self, *args, addrport, noreload, **options):
        if not settings.DEBUG:
            raise CommandError(
                "`dev` serves with DEBUG on, but DEBUG is off in this environment: unset DEBUG "
                "(or set DEBUG=1). To serve with DEBUG off, collect the static files first and "
                "use HTTPS; see the README's 'Running in production'.")
        # The autoreloader runs this command again in a child process (RUN_MAIN=true) that
        # serves; the database was brought up to date by the parent already.
        if os.environ.get("RUN_MAIN") != "true":
            call_command("migrate", interactive=False, verbosity=0)
            call_command("createcachetable", verbosity=0)
            games = ", ".join(sorted(registry().games)) or "none installed"
            self.stdout.write(f"Data in {settings.VAR_DIR}; games: {games}.")
        call_command("runserver", addrport, use_reloader=not noreload)
