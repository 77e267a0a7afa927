"""Scaffold a new game plugin from Meeple Hall's app template (core/app_template).

Like Django's ``startapp``, this renders ``*-tpl`` files with the game's name; it never copies an
existing game. The result is a complete, installable plugin that passes the contract kit: a
small placeholder game to replace with your own.
"""

from __future__ import annotations

import re
import shutil
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from django.core.management.base import CommandError
from django.core.management.templates import TemplateCommand

APP_TEMPLATE = Path(__file__).resolve().parents[2] / "app_template"
RENDERED = ("py", "toml", "html", "css", "md")


def supported_range() -> tuple[str, str]:
    """The meeplehall versions a new plugin declares: this minor series (0.x) or major (1+)."""
    try:
        major, minor = (int(part) for part in version("meeplehall").split(".")[:2])
    except (PackageNotFoundError, ValueError):
        major, minor = 0, 1
    if major == 0:
        return f"0.{minor}", f"0.{minor + 1}"
    return f"{major}.{minor}", f"{major + 1}"


class Command(TemplateCommand):
    help = "Create DIRECTORY/NAME, a new game plugin rendered from Meeple Hall's app template."
    rewrite_template_suffixes = tuple((f".{ext}-tpl", f".{ext}") for ext in RENDERED)

    def add_arguments(self, parser):
        parser.add_argument("name", help="the game slug: lowercase letters, digits, underscores")
        parser.add_argument("--directory", default=".",
                            help="the folder to create NAME/ in (default: the current one)")
        parser.add_argument("--title", help="the game's name for people (default: from NAME)")

    def handle(self, *args, name, directory, title, **options):
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise CommandError("Use a slug such as 'my_game': lowercase letters, digits, underscores.")
        target = Path(directory).expanduser().resolve() / name
        if target.exists():
            raise CommandError(f"{target} already exists.")
        target.mkdir(parents=True)
        low, below = supported_range()
        try:
            super().handle(
                "app", name, str(target), template=str(APP_TEMPLATE), extensions=RENDERED,
                files=[], verbosity=options["verbosity"],
                game_title=title or name.replace("_", " ").capitalize(),
                meeplehall_min=low, meeplehall_below=below,
            )
        except BaseException:
            shutil.rmtree(target, ignore_errors=True)
            raise
        self.stdout.write(f"Created {target}. Install it with: pip install -e {target}")
