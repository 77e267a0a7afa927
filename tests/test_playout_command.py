"""``manage.py playout --no-replay`` times the engine alone: it never replays a game."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from core.management.commands import playout as command


def test_no_replay_skips_the_replay_check(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("replayed although --no-replay was given")

    monkeypatch.setattr(command, "replay", refuse)
    out = StringIO()
    call_command("playout", "tictactoe", "--games", "5", "--json", "--no-replay", stdout=out)
    figures = json.loads(out.getvalue())
    assert figures["games"] == 5 and figures["errors"] == 0
    with pytest.raises(CommandError):
        call_command("playout", "tictactoe", "--games", "1", "--json", stdout=StringIO(), stderr=StringIO())
