"""The plugin machinery: discovery, a documented API, and broken plugins kept at arm's length."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from core import hookspecs
from core.plugins import build_registry, discover_apps

HOOKS = [name for name, f in inspect.getmembers(hookspecs, inspect.isfunction)
         if hasattr(f, "meeplehall_spec")]


def test_bundled_games_are_discovered_through_entry_points():
    assert "tictactoe" in discover_apps()


@pytest.mark.parametrize("name", HOOKS)
def test_every_hook_is_documented_and_tested(name):
    spec = getattr(hookspecs, name)
    doc = inspect.getdoc(spec) or ""
    assert "Called" in doc, f"{name}: say when the hook is called"
    params = [p for p in inspect.signature(spec).parameters]
    for param in params:
        assert f":param {param}:" in doc, f"{name}: document :param {param}:"
    source = Path(__file__).read_text()
    assert re.search(rf"def test_hook_{name}\b", source), f"write test_hook_{name}"


def test_a_broken_plugin_is_reported_and_the_rest_keep_working():
    registry = build_registry(["tests.fakegame", "tests.brokenhooks", "tests.raisinghooks", "tictactoe"])
    assert set(registry.games) == {"twomoves", "tictactoe"}
    assert any("brokenhooks" in p for p in registry.problems)
    assert any("raisinghooks" in p and "boom" in p for p in registry.problems)


def test_plain_implementations_run_last_registered_first():
    """pluggy's documented order (LIFO): plugins are registered in sorted order, so the one
    sorted last answers first unless an implementation says tryfirst or trylast."""
    registry = build_registry(["tests.fakegame", "tests.samegame"])
    names = [impl.plugin_name for impl in registry.manager.hook.register_games.get_hookimpls()]
    assert names == ["tests.fakegame", "tests.samegame"]  # pluggy calls this list from the end
    assert any("duplicate game slug 'twomoves'" in p for p in registry.problems)


def test_tryfirst_and_trylast_are_honoured():
    """Registered in sorted order, lasthooks would be called first; the markers turn that round."""
    registry = build_registry(["tests.firsthooks", "tests.lasthooks"])
    sections = registry.call("extra_profile_sections", user=None)
    assert [found[0]["title"] for found in sections] == ["first", "last"]


def test_a_wrapper_sees_and_may_change_every_result():
    """A ``wrapper=True`` implementation gets the others' results from its ``yield`` and returns
    the final ones: here it hides tic-tac-toe, and no generator ends up among the games."""
    from tests.wrapperhooks import hooks as wrapper

    wrapper.seen.clear()
    registry = build_registry(["tests.fakegame", "tests.wrapperhooks", "tictactoe"])
    assert set(registry.games) == {"twomoves"}
    assert sorted(slug for games in wrapper.seen[0] for slug in games) == ["tictactoe", "twomoves"]
    assert not registry.problems


def test_a_raising_implementation_does_not_stop_the_others():
    registry = build_registry(["tests.raisinghooks", "tictactoe"])
    assert list(registry.games) == ["tictactoe"]
    assert registry.problems == ["tests.raisinghooks: register_games raised RuntimeError('boom')"]


def test_duplicate_slugs_are_refused():
    registry = build_registry(["tests.fakegame", "tests.samegame"])
    assert list(registry.games) == ["twomoves"]
    assert any("duplicate game slug 'twomoves'" in p for p in registry.problems)


def test_hook_register_games():
    registry = build_registry(["tests.fakegame"])
    assert registry.game("twomoves").name == "Two moves"


def test_hook_register_bots():
    registry = build_registry(["tictactoe"])
    assert set(registry.bots_for("tictactoe")) == {"random", "blocker", "blocker-easy", "blocker-hard"}
    assert registry.best_bot("tictactoe").name == "blocker"
    assert registry.best_bot("nothing").name == "random"


def test_hook_register_tutorials():
    """Each game's guided first game by its slug; the first plugin to declare one for a game
    keeps it, and a game without one has none (its page shows no link)."""
    registry = build_registry(["tests.fakegame", "tictactoe"])
    assert set(registry.tutorials) == {"tictactoe"}
    assert registry.tutorials["tictactoe"].lessons[0].move == {"type": "mark", "cell": 4}


def test_hook_match_statistics():
    """Each plugin answers for its own game only; Lodge hikers adds two averages."""
    registry = build_registry(["tests.fakegame", "tictactoe", "lodge_hikers"])
    result = {"scores": [3, 1], "ranks": [1, 2], "details": {"squirrels": [4, 2], "customer_cards": [3, 1]}}
    found = [r for r in registry.call("match_statistics", game_slug="lodge_hikers", result=result, players=2) if r]
    assert found == [{"Squirrel tokens per player at the end": 3.0, "Customers won per player": 2.0}]
    assert not [r for r in registry.call("match_statistics", game_slug="tictactoe", result=result, players=2) if r]


@pytest.mark.django_db
def test_hook_after_match_finished(alice, bob, django_capture_on_commit_callbacks, settings):
    from core import plugins

    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.fakegame"]  # its board template
    from core.services import submit_move
    from core.services.tables import create_table, join_table
    from tests.fakegame import hooks as fake

    old = plugins.registry()
    plugins.set_registry(build_registry(["tests.fakegame", "tictactoe"]))
    try:
        match = join_table(create_table(alice, "twomoves", 2).pk, bob)
        with django_capture_on_commit_callbacks(execute=True):
            submit_move(match.pk, alice, {"type": "say", "n": 2}, 0)
            submit_move(match.pk, bob, {"type": "say", "n": 1}, 1)
        assert (match.pk, [2, 1]) in fake.finished
    finally:
        plugins.set_registry(old)


@pytest.mark.django_db
def test_hook_extra_profile_sections(client, alice, settings, plugins_from):
    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.fakegame"]  # its templates
    plugins_from("tests.fakegame", "tictactoe")
    page = client.get(f"/u/{alice.username}/").content.decode()
    assert "<h2>Two moves</h2>" in page
    assert '<p class="twomoves-profile">alice: ' in page


def test_plugin_problems_show_in_system_checks():
    from core import plugins
    from core.checks import plugin_problems

    old = plugins.registry()
    plugins.set_registry(build_registry(["tests.brokenhooks"]))
    try:
        assert [w.id for w in plugin_problems(None)] == ["core.W001"]
    finally:
        plugins.set_registry(old)


def test_engine_imports_no_django():
    for path in Path("core/engine").glob("*.py"):
        assert not re.search(r"^\s*(from|import) django", path.read_text(), re.M), path


def test_an_entry_point_without_its_package_is_skipped_and_reported(monkeypatch):
    from importlib.metadata import EntryPoint

    from core import plugins

    ghost = EntryPoint(name="ghost", value="ghost_game_pkg", group=plugins.ENTRY_POINT_GROUP)
    monkeypatch.setattr(plugins, "entry_points", lambda group: [ghost])
    monkeypatch.setattr(plugins, "MISSING_APPS", [])
    assert plugins.discover_apps() == []
    assert any("ghost" in p for p in build_registry([]).problems)


def test_core_never_imports_the_benchmarks():
    """bench/ is not packaged: core must run without it (the echo socket lives in bench/asgi.py)."""
    for path in Path("core").rglob("*.py"):
        assert not re.search(r"^\s*(from|import) bench\b", path.read_text(), re.M), path


NO_DJANGO = '''
import importlib, importlib.abc, json, pkgutil, sys

class NoDjango(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "django" or name.startswith("django."):
            raise ImportError(f"Django is not available here (asked for {name})")
        return None

sys.meta_path.insert(0, NoDjango())
from core.engine import testing  # noqa: F401  (the kit is pure too)
from core.plugins import build_registry, discover_apps

imported = []
for app in discover_apps():
    rules = importlib.import_module(f"{app}.rules")
    imported.append(rules.__name__)
    for found in pkgutil.walk_packages(getattr(rules, "__path__", []), rules.__name__ + "."):
        imported.append(importlib.import_module(found.name).__name__)
registry = build_registry(discover_apps())
print(json.dumps({"modules": imported, "games": sorted(registry.games),
                  "problems": registry.problems, "django": "django" in sys.modules}))
'''


def test_every_games_rules_import_without_django():
    """Rules are pure: with any import of Django refused, every installed game's rules (and its
    hooks, through the registry) still load, in a fresh interpreter."""
    import json
    import subprocess
    import sys

    from core.plugins import discover_apps

    done = subprocess.run([sys.executable, "-c", NO_DJANGO], capture_output=True, text=True,
                          timeout=60, cwd=Path(__file__).resolve().parent.parent)
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["django"] is False and report["problems"] == []
    assert report["games"] == sorted(discover_apps())
    assert {name.split(".")[0] for name in report["modules"]} == set(discover_apps())


@pytest.fixture
def plugins_from():
    """``plugins_from("tests.fakegame", ...)``: the portal's registry built from those plugins,
    for the rest of the test."""
    from core import plugins

    old = plugins.registry()
    yield lambda *apps: plugins.set_registry(build_registry(list(apps)))
    plugins.set_registry(old)


def check_ids(*functions):
    return sorted({message.id for function in functions for message in function(None)})


def test_installed_games_pass_every_system_check():
    from core import checks

    found = [m for f in (checks.game_templates, checks.game_names, checks.bot_games,
                         checks.game_options) for m in f(None)]
    assert found == []


def test_a_game_without_board_or_rules_page_is_reported(plugins_from):
    from core.checks import game_templates

    plugins_from("tests.badoptions", "tictactoe")
    messages = game_templates(None)
    assert [(m.id, m.obj) for m in messages] == [("core.E010", "badoptions"),
                                                 ("core.E011", "badoptions")]


def test_a_slug_that_is_not_the_app_label_nor_the_entry_point_is_reported(plugins_from, settings):
    """tests.fakegame is installed as an app labelled "fakegame" but registers "twomoves", and
    no entry point names its package."""
    from core.checks import game_names

    settings.INSTALLED_APPS = [*settings.INSTALLED_APPS, "tests.fakegame"]
    plugins_from("tests.fakegame", "tictactoe")
    messages = game_names(None)
    assert [(m.id, m.obj) for m in messages] == [("core.E012", "twomoves"), ("core.E013", "twomoves")]
    assert "fakegame" in messages[0].msg


def test_a_bot_for_a_game_nobody_registered_is_reported(plugins_from):
    from core.checks import bot_games

    plugins_from("tests.straybot", "tictactoe")
    assert [(m.id, m.obj) for m in bot_games(None)] == [("core.E014", "stray")]


def test_malformed_options_are_reported(plugins_from):
    from core.checks import game_options

    plugins_from("tests.badoptions")
    messages = [m.msg for m in game_options(None) if m.id == "core.E015"]
    assert any("'colour'" in m and "'green' is not allowed" in m for m in messages)
    assert any("'rounds'" in m and "min 5 is above max 2" in m for m in messages)
    assert any("'solo'" in m and "outside 2..2" in m for m in messages)
    assert len(messages) == 4  # rounds' default 3 is also outside its range


def test_every_bundled_plugin_depends_on_the_meeplehall_it_runs_on():
    """A plugin installed on its own pulls in a meeplehall it supports, and this one is in range."""
    import tomllib

    from packaging.requirements import Requirement

    current = tomllib.loads(Path("pyproject.toml").read_text())["project"]["version"]
    for path in sorted(Path("plugins").glob("*/pyproject.toml")):
        needs = [Requirement(d) for d in tomllib.loads(path.read_text())["project"]["dependencies"]]
        meeplehall = [r for r in needs if r.name == "meeplehall"]
        assert meeplehall and meeplehall[0].specifier, f"{path}: depend on a meeplehall range"
        assert current in meeplehall[0].specifier, f"{path}: {meeplehall[0]} excludes {current}"


def template_classes(slug: str) -> set[str]:
    """Every CSS class a game's templates write: a value (``{{ }}``) inside a name is read as
    "X", a tag (``{% %}``) as a space between names."""
    import importlib.util

    folder = Path(importlib.util.find_spec(slug).submodule_search_locations[0]) / "templates" / slug
    found = set()
    for path in folder.rglob("*.html"):
        text = re.sub(r"\{%.*?%\}", " ", path.read_text(), flags=re.S)
        text = re.sub(r"\{\{.*?\}\}", "X", text, flags=re.S)
        for attr in re.findall(r'\bclass="([^"]*)"', text):
            found |= set(attr.split())
    return found


@pytest.mark.parametrize("slug", discover_apps())
def test_board_classes_follow_the_prefix_convention(slug):
    """docs/plugins.md ("The board"): a game's classes start with its slug and a dash, core's
    parts with mh-, states with is-; a template expression may finish a class name it starts."""
    allowed = (f"{slug}-", "mh-", "is-")
    odd = sorted(c for c in template_classes(slug)
                 if c != slug and c != "X" and not c.startswith(allowed))
    assert odd == [], f"{slug}: classes without the {slug}- prefix: {odd}"
