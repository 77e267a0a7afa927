"""Shared argument handling, timing and reporting for the playout and simulate commands."""

from __future__ import annotations

import json
import time
from collections.abc import Callable

from django.core.management.base import CommandError

from core.plugins import registry


def add_arguments(parser) -> None:
    parser.add_argument("slug")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a table option, repeatable")
    parser.add_argument("--json", action="store_true")


def game_and_setup(options):
    game = registry().games.get(options["slug"])
    if game is None:
        raise CommandError(f"unknown game {options['slug']!r}; see `manage.py games`")
    players = options["players"] or game.min_players
    table = dict(item.split("=", 1) for item in options["option"])
    return game, players, table


def run_games(command, options, game, players, play_one: Callable[[int], tuple[int, bool]]) -> None:
    """Play ``--games`` games with ``play_one(seed) -> (plies, replays_exactly)`` and report.

    Prints the figures (one JSON object with ``--json``) and exits non-zero on any error or
    replay mismatch, so scripts and CI can rely on the exit status.
    """
    errors = mismatches = plies = 0
    started = time.perf_counter()
    for k in range(options["games"]):
        seed = options["seed"] + k
        try:
            played, exact = play_one(seed)
        except Exception as exc:
            errors += 1
            command.stderr.write(f"seed {seed}: {exc!r}")
            continue
        plies += played
        if not exact:
            mismatches += 1
            command.stderr.write(f"seed {seed}: replay differs")
    seconds = time.perf_counter() - started
    figures = {
        "game": game.slug, "players": players, "games": options["games"], "plies": plies,
        "seconds": round(seconds, 3),
        "games_per_second": round(options["games"] / seconds, 2) if seconds else None,
        "errors": errors, "replay_mismatches": mismatches,
    }
    if options["json"]:
        command.stdout.write(json.dumps(figures))
    else:
        for key, value in figures.items():
            command.stdout.write(f"{key}: {value}")
    if errors or mismatches:
        raise CommandError("errors or replay mismatches found")
