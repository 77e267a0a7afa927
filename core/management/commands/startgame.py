"""Scaffold a new game plugin from Meeple Hall's app template (core/app_template).

Like Django's ``startapp``, this renders ``*-tpl`` files with the game's name; it never copies an
existing game. The result is a complete, installable plugin that passes the contract kit: a
small placeholder game to replace with your own. ``--example tictactoe`` instead copies the
finished example game as it is, to read and to run. Both say where the guide is: the wheel
carries it and the example inside core/ (setup.py puts them there), a checkout keeps them in
docs/ and plugins/.
"""

from __future__ import annotations

import re
import shutil
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

from django.core.management.base import CommandError
from django.core.management.templates import TemplateCommand

CORE = Path(__file__).resolve().parents[2]
APP_TEMPLATE = CORE / "app_template"
RENDERED = ("py", "toml", "html", "css", "md")


def shipped(in_wheel: str, in_checkout: str) -> Path:
    """Where a file the wheel carries inside core/ is: there when installed from the wheel, at
    its own place in a checkout."""
    packed = CORE / in_wheel
    return packed if packed.exists() else CORE.parent / in_checkout


GUIDE = shipped("docs/plugins.md", "docs/plugins.md")
EXAMPLES = shipped("examples", "plugins")


def supported_range() -> tuple[str, str]:
    """The meeplehall versions a new plugin declares: this minor series (0.x) or major (1+)."""
    try:
        major, minor = (int(part) for part in version("meeplehall").split(".")[:2])
    except (PackageNotFoundError, ValueError):
        major, minor = 0, 1
    if major == 0:
        return f"0.{minor}", f"0.{minor + 1}"
    return f"{major}.{minor}", f"{major + 1}"


def examples() -> list[str]:
    return sorted(p.parent.name for p in EXAMPLES.glob("*/pyproject.toml"))


def copy_example(source: Path, target: Path) -> None:
    """The example's own files, without what an install or a test run left beside them."""
    shutil.copytree(source, target, ignore=shutil.ignore_patterns(
        "*.egg-info", "__pycache__", "*.pyc", "build", "dist", "var"))


class Command(TemplateCommand):
    help = ("Create DIRECTORY/NAME, a new game plugin rendered from Meeple Hall's app template, "
            "or (--example) a copy of a finished example game.")
    rewrite_template_suffixes = tuple((f".{ext}-tpl", f".{ext}") for ext in RENDERED)

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.epilog = f"The guide to writing a game: {GUIDE}"
        return parser

    def add_arguments(self, parser):
        parser.add_argument("name", nargs="?",
                            help="the game slug: lowercase letters, digits, underscores")
        parser.add_argument("--directory", default=".",
                            help="the folder to create NAME/ in (default: the current one)")
        parser.add_argument("--title", help="the game's name for people (default: from NAME)")
        parser.add_argument("--example", metavar="GAME",
                            help=f"copy the finished example game instead ({', '.join(examples())})")

    def handle(self, *args, name, directory, title, example, **options):
        if example:
            return self.copy(example, name, Path(directory).expanduser().resolve())
        if not name or not re.fullmatch(r"[a-z][a-z0-9_]*", name):
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
        self.stdout.write(f"Created {target}. Next: pip install -e '{target}[test]', then "
                          f"pytest {target}, then meeplehall dev.\nThe guide: {GUIDE}")

    def copy(self, example: str, name: str | None, directory: Path) -> None:
        if name:
            raise CommandError("An example keeps its own name: give --directory to choose where.")
        if example not in examples():
            raise CommandError(f"No example called {example!r}; there is: {', '.join(examples())}.")
        target = directory / example
        if target.exists():
            raise CommandError(f"{target} already exists.")
        copy_example(EXAMPLES / example, target)
        self.stdout.write(f"Copied the example {example} to {target}. To run it: pip install -e "
                          f"'{target}[test]', then pytest {target}.\nThe guide: {GUIDE}")
