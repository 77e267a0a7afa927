"""System checks: what is wrong with a plugin shows in `manage.py check` (and at every server
start), with an id, before a page answers 500.

======== =====================================================================================
core.W001 a plugin failed to import, raised in a hook, or registered a duplicate slug
core.E010 a game's board template ``<slug>/board.html`` does not load
core.E011 a game's rules page ``<slug>/how_to_play.html`` does not load
core.E012 a game's slug is not the label of the Django app that provides it
core.E013 a game's slug is not the name of the ``meeplehall.games`` entry point of its package
core.E014 a registered bot names a game nobody registered
core.E015 a game's options are not well formed (kind, choices, default, range, player counts)
======== =====================================================================================
"""

from __future__ import annotations

import re
from importlib.metadata import entry_points

from django.apps import apps
from django.core import checks
from django.template import TemplateDoesNotExist, TemplateSyntaxError
from django.template.loader import get_template

from .engine import Game, OptionError
from .plugins import ENTRY_POINT_GROUP, registry

TEMPLATES = (("board.html", "core.E010", "the match board"),
             ("how_to_play.html", "core.E011", "the rules page"))


@checks.register()
def plugin_problems(app_configs, **kwargs):
    return [
        checks.Warning(problem, hint="Fix or uninstall the plugin.", id="core.W001")
        for problem in registry().problems
    ]


@checks.register()
def game_templates(app_configs, **kwargs):
    found = []
    for slug in sorted(registry().games):
        for name, check_id, what in TEMPLATES:
            try:
                get_template(f"{slug}/{name}")
            except TemplateDoesNotExist:
                found.append(checks.Error(
                    f"{slug}: {what} template {slug}/{name} is missing.",
                    hint=f"Add {slug}/templates/{slug}/{name} to the plugin's package "
                         "(and to its package-data).",
                    obj=slug, id=check_id))
            except TemplateSyntaxError as exc:
                found.append(checks.Error(f"{slug}: {slug}/{name} does not compile: {exc}",
                                          obj=slug, id=check_id))
    return found


def _package(game: Game) -> str:
    return type(game).__module__.split(".")[0]


@checks.register()
def game_names(app_configs, **kwargs):
    """One name everywhere: slug = app label = entry-point name."""
    found = []
    named = {ep.value.split(":")[0]: ep.name for ep in entry_points(group=ENTRY_POINT_GROUP)}
    for slug, game in sorted(registry().games.items()):
        config = apps.get_containing_app_config(type(game).__module__)
        if config is None or config.label != slug:
            label = config.label if config else "no installed app"
            found.append(checks.Error(
                f"{slug}: the game's slug is not the label of its Django app ({label}).",
                hint=f"Set label = {slug!r} in the AppConfig of {_package(game)!r}.",
                obj=slug, id="core.E012"))
        entry = named.get(config.name if config else _package(game))
        if entry != slug:
            found.append(checks.Error(
                f"{slug}: the {ENTRY_POINT_GROUP} entry point of its package is "
                f"{entry!r}, not the slug.",
                hint=f'In pyproject.toml: [project.entry-points."{ENTRY_POINT_GROUP}"] '
                     f'{slug} = "{_package(game)}"',
                obj=slug, id="core.E013"))
    return found


@checks.register()
def bot_games(app_configs, **kwargs):
    games = registry().games
    return [
        checks.Error(f"bot {name!r} plays {slug!r}, which no installed plugin registers.",
                     hint="Set the bot's `game` to the slug of a registered game.",
                     obj=name, id="core.E014")
        for slug, bots in sorted(registry().bots.items()) if slug not in games
        for name in sorted(bots)
    ]


def option_problems(game: Game) -> list[str]:
    """What is wrong with the declared options of ``game`` (empty when they are well formed)."""
    problems, names = [], set()
    for option in game.options:
        label = f"option {option.name!r}"
        if not re.fullmatch(r"[a-z_][a-z0-9_]*", option.name or ""):
            problems.append(f"{label}: the name must be a lowercase identifier")
        if option.name in names:
            problems.append(f"{label}: declared twice")
        names.add(option.name)
        if option.kind not in ("bool", "int", "choice"):
            problems.append(f"{label}: kind {option.kind!r} is not bool, int or choice")
            continue
        if option.kind == "choice":
            values = [value for value, _label in option.choices]
            if not values:
                problems.append(f"{label}: a choice needs choices")
            elif len(set(map(str, values))) != len(values):
                problems.append(f"{label}: two choices share a value")
        if option.kind == "int" and None not in (option.min, option.max) and option.min > option.max:
            problems.append(f"{label}: min {option.min} is above max {option.max}")
        if option.kind == "bool" and not isinstance(option.default, bool):
            problems.append(f"{label}: the default of a yes/no option must be True or False")
        try:
            if option.default is not None and option.clean(option.default) != option.default:
                raise OptionError("it cleans to another value")
        except OptionError as exc:
            problems.append(f"{label}: the default {option.default!r} is not allowed ({exc})")
        if option.default is None:
            problems.append(f"{label}: give a default")
        if option.players is not None:
            low, high = option.players
            if not game.min_players <= low <= high <= game.max_players:
                problems.append(f"{label}: players {option.players} is outside "
                                f"{game.min_players}..{game.max_players}")
    return problems


@checks.register()
def game_options(app_configs, **kwargs):
    return [
        checks.Error(f"{slug}: {problem}.", obj=slug, id="core.E015")
        for slug, game in sorted(registry().games.items())
        for problem in option_problems(game)
    ]
