"""Finding game plugins and the registry of their games and bots.

Settings read the ``meeplehall.games`` entry points as strings (never importing plugin code) and
add the app packages to INSTALLED_APPS; Django then loads models, migrations, admin and
templates. ``CoreConfig.ready()`` calls :func:`build_registry`, which registers each app's
``hooks`` module with pluggy. A plugin that fails to import or raises in a hook is recorded in
``registry.problems`` (logged, shown in the admin and by ``manage.py check``) and skipped, so
every other game keeps working.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import logging
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from types import ModuleType, SimpleNamespace

import pluggy

from core import hookspecs
from core.engine import Bot, Game, RandomBot
from core.engine.strengths import with_strengths
from core.engine.tutorial import Tutorial

ENTRY_POINT_GROUP = "meeplehall.games"
PROJECT = "meeplehall"
log = logging.getLogger(__name__)


MISSING_APPS: list[str] = []


class GameNotInstalled(KeyError):
    """A match names a game that no installed plugin provides: uninstalled since the match was
    played, or failing to load. The match's record is kept, but nothing of its game can be shown
    or played. A KeyError, as asking for a missing slug always was; ``message`` is what a
    person reads."""

    def __init__(self, slug: str):
        super().__init__(slug)
        self.slug = slug
        self.message = (f"This table's game, {slug}, is not installed on this site any more; "
                        "its record is kept.")


def discover_apps() -> list[str]:
    """App packages named by installed plugins, sorted by game slug (no plugin code imported).

    An entry point whose package cannot be found (a half-uninstalled plugin) is left out and
    reported, instead of stopping Django at start-up.
    """
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    apps = []
    for name in sorted(found):
        app = found[name]
        if importlib.util.find_spec(app.split(":")[0]) is None:
            MISSING_APPS.append(f"{name}: package {app!r} is not installed")
            continue
        apps.append(app)
    return apps


@dataclass
class Registry:
    manager: pluggy.PluginManager
    games: dict[str, Game] = field(default_factory=dict)
    bots: dict[str, dict[str, Bot]] = field(default_factory=dict)
    tutorials: dict[str, Tutorial] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def game(self, slug: str) -> Game:
        try:
            return self.games[slug]
        except KeyError:
            raise GameNotInstalled(slug) from None

    def bots_for(self, slug: str) -> dict[str, Bot]:
        """Bots that play ``slug``, the random bot first."""
        return {"random": RandomBot(), **self.bots.get(slug, {})}

    def bot(self, slug: str, name: str) -> Bot:
        return self.bots_for(slug).get(name) or RandomBot()

    def best_bot(self, slug: str) -> Bot:
        """The bot that stands in for a player whose clock ran out: a plugin's own if it has one."""
        own = list(self.bots.get(slug, {}).values())
        return own[0] if own else RandomBot()

    def call(self, hook: str, **kwargs):
        """``pm.hook.<hook>(**kwargs)``: pluggy's own call, so the order of registration,
        ``tryfirst``/``trylast``, ``wrapper=True`` implementations and ``firstresult`` specs all
        behave as pluggy documents. A plain implementation that raises is logged, reported and
        counted as returning nothing (see :meth:`guarded`)."""
        return getattr(self.manager.hook, hook)(**kwargs)

    def guarded(self, module: ModuleType, name: str) -> SimpleNamespace:
        """The plugin as pluggy sees it: its hook implementations, each of which logs and
        reports an exception instead of passing it on, so one broken plugin cannot stop a hook
        call for the others. Wrappers are registered as written (they see the others' errors)."""
        plugin = SimpleNamespace(__name__=module.__name__)
        for attr in dir(module):
            function = getattr(module, attr)
            opts = getattr(function, f"{PROJECT}_impl", None)
            if not callable(function) or not isinstance(opts, dict):
                continue
            wraps_others = opts.get("wrapper") or opts.get("hookwrapper")
            setattr(plugin, attr, function if wraps_others else self._shield(function, name))
        return plugin

    def _shield(self, function, plugin_name: str):
        @functools.wraps(function)
        def shielded(*args, **kwargs):
            try:
                return function(*args, **kwargs)
            except Exception as exc:  # a broken plugin must not take the portal down
                log.exception("plugin %s failed in %s", plugin_name, function.__name__)
                self._problem(f"{plugin_name}: {function.__name__} raised {exc!r}")
                return None

        return shielded

    def _problem(self, text: str) -> None:
        if text not in self.problems:
            self.problems.append(text)


def new_manager() -> pluggy.PluginManager:
    manager = pluggy.PluginManager(PROJECT)
    manager.add_hookspecs(hookspecs)
    return manager


def build_registry(app_names: list[str]) -> Registry:
    """Register each app's ``hooks`` module and collect games and bots, skipping broken ones."""
    registry = Registry(new_manager())
    for problem in MISSING_APPS:
        registry._problem(problem)
    for app in sorted(app_names):
        try:
            module = importlib.import_module(f"{app}.hooks")
        except ModuleNotFoundError as exc:
            if exc.name != f"{app}.hooks":
                registry._problem(f"{app}: hooks failed to import: {exc}")
            continue
        except Exception as exc:
            log.exception("plugin %s failed to import", app)
            registry._problem(f"{app}: hooks failed to import: {exc!r}")
            continue
        registry.manager.register(registry.guarded(module, app), name=app)
    try:
        registry.manager.check_pending()
    except pluggy.PluginValidationError as exc:
        registry._problem(f"unknown hook: {exc}")
    for games in registry.call("register_games"):
        for game in games:
            if game.slug in registry.games:
                registry._problem(f"duplicate game slug {game.slug!r}; the second one is ignored")
                continue
            registry.games[game.slug] = game
    for bots in registry.call("register_bots"):
        for bot in bots:
            registry.bots.setdefault(bot.game, {})[bot.name] = bot
    for tutorials in registry.call("register_tutorials"):
        for tutorial in tutorials or []:
            registry.tutorials.setdefault(tutorial.game, tutorial)
    for slug, game in registry.games.items():
        registry.bots[slug] = with_strengths(game, registry.bots.get(slug, {}))
    return registry


_registry: Registry | None = None


def registry() -> Registry:
    """The registry built at start-up (built on first use outside Django, e.g. in scripts)."""
    global _registry
    if _registry is None:
        from django.apps import apps

        _registry = build_registry([cfg.name for cfg in apps.get_app_configs()])
    return _registry


def set_registry(value: Registry | None) -> None:
    global _registry
    _registry = value
