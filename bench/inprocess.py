"""Django set up in this process on a fresh SQLite database in a temp folder, DEBUG off, as a
portal runs: what the in-process benchmarks (move_cost.py, stats.py) measure against."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def portal_in_process(prefix: str) -> str:
    """Set Django up on a new database (migrated, cache table made, static files collected);
    the temp folder it lives in."""
    folder = tempfile.mkdtemp(prefix=prefix)
    os.environ.update({"MEEPLEHALL_VAR": folder, "DEBUG": "0", "SECRET_KEY": "bench-" + "x" * 50,
                       "DJANGO_SETTINGS_MODULE": "config.settings", "SECURE_COOKIES": "0",
                       "CLOCK_SWEEP": "0"})
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    return folder
