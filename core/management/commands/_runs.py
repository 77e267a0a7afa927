"""Shared argument handling and reporting for the playout and simulate commands."""

from __future__ import annotations

import json

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


def report(command, figures: dict, as_json: bool) -> None:
    if as_json:
        command.stdout.write(json.dumps(figures))
    else:
        for key, value in figures.items():
            command.stdout.write(f"{key}: {value}")
    if figures["errors"] or figures["replay_mismatches"]:
        raise CommandError("errors or replay mismatches found")
