"""Scaffold a new game plugin by copying the reference plugin (tic-tac-toe) under a new name."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

TEMPLATE = "tictactoe"


class Command(BaseCommand):
    help = "Create plugins/NAME from the tic-tac-toe reference plugin, renamed throughout."

    def add_arguments(self, parser):
        parser.add_argument("name", help="the game slug: lowercase letters, digits, underscores")
        parser.add_argument("--directory", default=str(Path(settings.BASE_DIR) / "plugins"))

    def handle(self, *args, name, directory, **options):
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise CommandError("Use a slug such as 'my_game': lowercase letters, digits, underscores.")
        source = Path(settings.BASE_DIR) / "plugins" / TEMPLATE
        target = Path(directory) / name
        if target.exists():
            raise CommandError(f"{target} already exists.")
        camel = "".join(part.title() for part in name.split("_"))
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
        for path in sorted(target.rglob("*"), key=lambda p: len(p.parts), reverse=True):
            if path.is_file():
                text = path.read_text()
                text = text.replace("TicTacToe", camel).replace("Tictactoe", camel)
                text = text.replace("tictactoe", name).replace("Tic-tac-toe", camel)
                path.write_text(text)
            if TEMPLATE in path.name:
                path.rename(path.with_name(path.name.replace(TEMPLATE, name)))
        self.stdout.write(f"Created {target}. Install it with: pip install -e {target}")
