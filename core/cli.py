"""The ``meeplehall`` command: Django's manage.py for an installed portal (no checkout needed).

``meeplehall dev``, ``meeplehall startgame mygame``, ``meeplehall migrate``... The database and
collected static files go to ``./var`` unless MEEPLEHALL_VAR says otherwise.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def development_defaults(argv: list[str]) -> None:
    """``dev`` is the development server on this machine: DEBUG on unless the environment says
    otherwise, so pages read static files straight from the packages (no ``collectstatic``) and
    cookies are not Secure-only (plain HTTP never sends those back). Settings read DEBUG once, so
    it is decided here, before they load."""
    if argv[1:2] == ["dev"]:
        os.environ.setdefault("DEBUG", "1")


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("MEEPLEHALL_VAR", str(Path.cwd() / "var"))
    development_defaults(sys.argv)
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
