"""Management commands keep a stable output that scripts and benchmarks rely on."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_games_lists_one_line_per_game():
    lines = run("games").splitlines()
    assert "tictactoe\tTic-tac-toe\t2-2" in lines


def test_playout_reports_json_figures():
    figures = json.loads(run("playout", "tictactoe", "--games", "50", "--json"))
    assert figures["games"] == 50 and figures["errors"] == 0 and figures["replay_mismatches"] == 0
    assert {"plies", "seconds", "games_per_second"} <= set(figures)


@pytest.mark.django_db
def test_simulate_plays_through_the_database_and_verifyreplays_agrees():
    figures = json.loads(run("simulate", "tictactoe", "--games", "3", "--json"))
    assert figures["errors"] == 0 and figures["replay_mismatches"] == 0
    assert "3 matches, 0 mismatches" in run("verifyreplays")


@pytest.mark.django_db
def test_verifyreplays_fails_on_a_tampered_snapshot(alice, bob):
    from core.models import Match
    from core.services import submit_move
    from core.services.tables import create_table, join_table

    match = join_table(create_table(alice, "tictactoe", 2).pk, bob)
    submit_move(match.pk, alice, {"type": "mark", "cell": 0}, 0)
    Match.objects.filter(pk=match.pk).update(state={**Match.objects.get(pk=match.pk).state, "turn": 0})
    with pytest.raises(CommandError):
        run("verifyreplays")


def test_startgame_renders_a_clean_plugin_anywhere(tmp_path):
    """The scaffold is rendered from core/app_template, not copied from a game: every file is
    named and written for the new slug, and nothing of another game is left behind."""
    run("startgame", "hexes", "--directory", str(tmp_path), "--title", "Hex race")
    root = tmp_path / "hexes"
    rules = (root / "hexes" / "rules.py").read_text()
    assert "class Hexes(Game)" in rules and 'slug = "hexes"' in rules and 'name = "Hex race"' in rules
    board = (root / "hexes" / "templates" / "hexes" / "board.html").read_text()
    assert 'class="hexes-board"' in board and "{% find_move moves" in board
    pyproject = (root / "pyproject.toml").read_text()
    assert 'hexes = "hexes"' in pyproject and '"meeplehall>=' in pyproject
    files = [p for p in root.rglob("*") if p.is_file()]
    assert not [p for p in files if p.name.endswith("-tpl") or "app_name" in str(p)]
    for path in files:
        text = path.read_text().lower()
        assert "tictactoe" not in text and "tic-tac-toe" not in text and "ttt" not in text, path
    assert 'TestContract = meeplehall_contract("hexes")' in (
        root / "tests" / "test_hexes_rules.py").read_text()
    with pytest.raises(CommandError):
        run("startgame", "hexes", "--directory", str(tmp_path))
    with pytest.raises(CommandError):
        run("startgame", "Bad Name", "--directory", str(tmp_path))
