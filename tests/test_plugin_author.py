"""A plugin author's first hour (issue 48): what the portal does for a game written from the guide.

The whole path from the wheel (build, install, scaffold, kit, ``meeplehall dev``, a move played
through the pages) is tests/test_wheel.py; here are the pieces it relies on, one by one: the
development server, where var/ goes, the example game, the kit's test names, a bot seat's label,
"Player N" named on the board, and the colour key.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

import config.settings
from core.cli import development_defaults
from core.management.commands import dev, startgame
from core.models import bot_label
from core.plugins import registry
from core.pytest_plugin import meeplehall_contract
from core.rendering import name_seats_in_html
from core.services.tables import create_table
from core.templatetags.meeple import colour_key_html
from tests.test_wheel import CONTRACT_TESTS

GUIDED_GAME_TEST = "test_its_guided_first_game_plays_to_the_end"

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "<b>Ben</b>"}]


# ---- 1. a quickstart that serves pages: `meeplehall dev` -----------------------------------


def test_dev_turns_debug_on_unless_the_environment_says_otherwise(monkeypatch):
    """DEBUG off needs collected static files and HTTPS (Secure cookies): the quickstart served
    every page as a 500. ``dev`` is the development server, so DEBUG is on by default for it
    alone, decided before the settings load."""
    monkeypatch.delenv("DEBUG", raising=False)
    development_defaults(["meeplehall", "runserver"])
    assert "DEBUG" not in os.environ
    development_defaults(["meeplehall", "dev"])
    assert os.environ["DEBUG"] == "1"
    monkeypatch.setenv("DEBUG", "0")
    development_defaults(["meeplehall", "dev"])
    assert os.environ["DEBUG"] == "0"


def test_dev_migrates_creates_the_cache_tables_and_serves(settings, monkeypatch):
    settings.DEBUG = True
    called = []
    monkeypatch.setattr(dev, "call_command", lambda *args, **kw: called.append((args, kw)))
    monkeypatch.delenv("RUN_MAIN", raising=False)
    call_command("dev", "127.0.0.1:8123", "--noreload")
    assert [args[0] for args, _kw in called] == ["migrate", "createcachetable", "runserver"]
    assert called[-1] == (("runserver", "127.0.0.1:8123"), {"use_reloader": False})


def test_dev_refuses_to_serve_with_debug_off_and_says_where_production_is(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="DEBUG is off.*Running in production"):
        call_command("dev")


# ---- 3. var/ in the working folder wherever settings load ----------------------------------


def test_var_is_beside_manage_py_in_a_checkout_and_in_the_working_folder_when_installed(
        monkeypatch, tmp_path):
    assert config.settings.default_var_dir() == ROOT / "var"
    installed = tmp_path / "site-packages"
    (installed / "config").mkdir(parents=True)
    monkeypatch.setattr(config.settings, "BASE_DIR", installed)
    monkeypatch.chdir(tmp_path)
    assert config.settings.default_var_dir() == tmp_path / "var"


# ---- 5. the example game, readable with the wheel alone ------------------------------------


def test_startgame_copies_the_example_game_as_it_is(tmp_path, capsys):
    call_command("startgame", "--example", "tictactoe", "--directory", str(tmp_path))
    copied = tmp_path / "tictactoe"
    source = ROOT / "plugins" / "tictactoe"
    assert (copied / "tictactoe" / "bots.py").read_text() == (source / "tictactoe" / "bots.py").read_text()
    assert (copied / "tests" / "golden").is_dir() and (copied / "pyproject.toml").is_file()
    assert not list(copied.rglob("*.egg-info")) and not list(copied.rglob("__pycache__"))
    said = capsys.readouterr().out
    assert f"The guide: {startgame.GUIDE}" in said and startgame.GUIDE.is_file()
    with pytest.raises(CommandError, match="already exists"):
        call_command("startgame", "--example", "tictactoe", "--directory", str(tmp_path))
    with pytest.raises(CommandError, match="keeps its own name"):
        call_command("startgame", "mine", "--example", "tictactoe", "--directory", str(tmp_path))
    with pytest.raises(CommandError, match="No example called 'chess'"):
        call_command("startgame", "--example", "chess", "--directory", str(tmp_path))


def test_a_new_game_is_told_where_the_guide_is(tmp_path, capsys):
    call_command("startgame", "hexes", "--directory", str(tmp_path))
    said = capsys.readouterr().out
    assert "pip install -e" in said and "[test]" in said and "meeplehall dev" in said
    assert f"The guide: {startgame.GUIDE}" in said
    assert (tmp_path / "hexes" / "hexes" / "bots.py").is_file()
    assert (tmp_path / "hexes" / "tests" / "test_hexes_board.py").is_file()


# ---- 6. the kit says what each test checked ------------------------------------------------


def test_each_contract_test_is_named_and_documented_for_what_it_checks():
    tests = {name: getattr(cls, name) for cls in [meeplehall_contract("tictactoe")]
             for name in dir(cls) if name.startswith("test_")}
    assert set(tests) == {*CONTRACT_TESTS, GUIDED_GAME_TEST}, "a game with a guided game gets its check"
    assert all(len(test.__doc__ or "") > 60 for test in tests.values())
    guide = (ROOT / "docs" / "plugins.md").read_text()
    assert all(f"`{name}`" in guide for name in tests), "the guide lists every contract test"


def test_without_django_the_board_test_says_how_to_get_it(monkeypatch):
    import core.pytest_plugin

    monkeypatch.setattr(core.pytest_plugin, "django_ready", lambda: False)
    contract = meeplehall_contract("tictactoe")()
    with pytest.raises(pytest.skip.Exception, match="pytest-django.*DJANGO_SETTINGS_MODULE"):
        contract.test_the_board_draws_every_seat_and_shows_no_secret(registry().games["tictactoe"])


# ---- 6. a bot seat shows the bot's label -----------------------------------------------------


@pytest.mark.parametrize("name", ["warden", "warden-easy", "warden-hard"])
def test_a_bot_seat_is_called_by_the_label_its_plugin_gave_the_bot(alice, name):
    """The seat said "Warden-Easy bot"-like words made from the bot's name, while the form
    offered the bot's label; now both read the label."""
    table = create_table(alice, "kavango", 2, bots={1: name})
    bot = registry().bots_for("kavango")[name]
    assert table.seats.get(position=1).label == bot.label != bot_label(name)


def test_a_bot_no_plugin_offers_any_more_is_still_named(alice):
    table = create_table(alice, "tictactoe", 2, bots={1: "blocker"})
    table.seats.filter(position=1).update(bot="gone-hard")
    assert table.seats.get(position=1).label == "Gone bot (hard)"


# ---- 6. "Player N" named in the board's words ----------------------------------------------


def test_player_n_in_a_boards_text_and_spoken_attributes_is_the_players_name():
    html = ('<p class="x-status" aria-label="Player 1 to play">Player 2 wins; Player 3 left</p>'
            '<button hx-vals=\'{"to": "Player 1"}\' title="Give it to Player 2">Player 1</button>')
    named = name_seats_in_html(html, PLAYERS)
    assert named == ('<p class="x-status" aria-label="Ann to play">&lt;b&gt;Ben&lt;/b&gt; wins; '
                     'Player 3 left</p><button hx-vals=\'{"to": "Player 1"}\' '
                     'title="Give it to &lt;b&gt;Ben&lt;/b&gt;">Ann</button>')


def test_the_match_page_draws_the_board_with_names_and_who_plays_which_mark(ttt_match, client_for, bob):
    page = client_for(bob).get(f"/match/{ttt_match.pk}/").content.decode()
    assert '<span class="tag colour">plays X</span>' in page and "plays O" in page
    assert ('<span class="mh-colour-player">alice</span> plays <span class="mh-colour-name">X'
            in page)
    assert '<span class="mh-colour-player">bob (you)</span>' in page


# ---- 6. a board part says who plays which colour -------------------------------------------


def test_the_colour_key_names_each_seat_with_its_colour_and_marks_the_viewer():
    html = colour_key_html(PLAYERS + [{"seat": 2, "name": "Cy"}], ["Red", "Yellow"], viewer=1,
                           classes="connect4-key")
    assert html == (
        '<ul class="mh-colours connect4-key">'
        '<li class="mh-colour" data-seat="0"><span class="mh-colour-player">Ann</span> plays '
        '<span class="mh-colour-name">Red</span></li>'
        '<li class="mh-colour is-you" data-seat="1"><span class="mh-colour-player">'
        '&lt;b&gt;Ben&lt;/b&gt; (you)</span> plays <span class="mh-colour-name">Yellow</span></li>'
        '</ul>')
    assert colour_key_html(PLAYERS, None) == ""
