"""The ``meeplehall`` command: Django's manage.py for an installed portal (no checkout needed).

``meeplehall migrate``, ``meeplehall runserver``, ``meeplehall startgame mygame``... The database
and collected static files go to ``./var`` unless MEEPLEHALL_VAR says otherwise.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("MEEPLEHALL_VAR", str(Path.cwd() / "var"))
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
