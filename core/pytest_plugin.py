"""Meeple Hall's pytest plugin: the contract kit as ready-made tests, for any installed game.

Installed with the ``meeplehall`` distribution (entry point ``pytest11: meeplehall``), so a
plugin in its own repository needs no conftest to use it. One line in a test module checks a
game against the whole contract (see :mod:`core.engine.testing`)::

    from core.pytest_plugin import meeplehall_contract

    TestContract = meeplehall_contract("mygame")

The plugin also adds the ``golden`` fixture (compare a transcript with its checked-in file) and
the ``--meeplehall-golden`` option that rewrites those files after a deliberate rule change.
"""

from __future__ import annotations

import pytest

from core.engine import Game
from core.engine import testing as kit


def pytest_addoption(parser):
    parser.getgroup("meeplehall").addoption(
        "--meeplehall-golden", action="store_true",
        help="rewrite golden transcripts instead of comparing them (review the diff)",
    )


@pytest.fixture
def golden(request):
    """``golden(path, text)``: fail with a diff when ``text`` differs from the file at ``path``."""
    write = request.config.getoption("meeplehall_golden") or None

    def compare(path, text):
        kit.check_golden(path, text, write=write)

    return compare


@pytest.fixture
def render_board():
    """``render_board(game, state, seat)``: the HTML of ``<slug>/board.html`` drawn for ``seat``
    with the context the match page gives it, failing if it names one of the seat's secrets.
    Needs Django settings (pytest-django and a settings module)."""

    def render(game, state, seat, players=None, version=1):
        from types import SimpleNamespace

        from django.template.loader import render_to_string

        count = len(players) if players else kit.player_count(game, state)
        context = {
            "view": game.view(state, seat),
            "seat": seat,
            "moves": game.legal_moves(state, seat) if seat is not None else [],
            "players": players or [{"seat": s, "name": f"Player {s + 1}", "is_bot": False}
                                   for s in range(count)],
            "match": SimpleNamespace(id=1, pk=1, version=version, game_slug=game.slug),
            "game": game,
        }
        html = render_to_string(f"{game.slug}/board.html", context)
        leaks = kit.find_leaks(html, game.secrets(state, seat))
        assert not leaks, f"{game.slug}: the board shows seat {seat} {leaks[:5]}"
        return html

    return render


def installed_games() -> dict[str, Game]:
    """Every game the installed plugins register, by slug (plugin code imported, no Django)."""
    from core.plugins import build_registry, discover_apps

    return build_registry(discover_apps()).games


def _games(wanted) -> list[Game]:
    if not wanted:
        return [game for _slug, game in sorted(installed_games().items())]
    found = installed_games() if any(isinstance(w, str) for w in wanted) else {}
    games = []
    for item in wanted:
        if isinstance(item, Game):
            games.append(item)
        elif item in found:
            games.append(found[item])
        else:
            raise LookupError(f"no installed game {item!r}; installed: {sorted(found)}")
    return games


def meeplehall_contract(*games: str | Game, seeds: int = 2, sample_every: int = 9,
                        hidden_every: int = 5, fuzz_examples: int = 120,
                        fuzz_plies: tuple[int, ...] | None = None) -> type:
    """A test class checking ``games`` (slugs or Game objects; none = every installed game).

    Random playouts run for every player count and option value (``seeds`` seeds of the
    default options). The default game at three players (or the nearest count) is checked at
    every ply, and for values derived from hidden information every ``hidden_every``-th ply;
    the others every ``sample_every``-th ply. Junk payloads are sent at the plies
    ``fuzz_plies`` (default 0, 7, 14 ... 35) of a seeded random game.
    """
    chosen = _games(games)
    by_slug = {game for game in chosen if not games or game.slug in games}
    plies = list(fuzz_plies) if fuzz_plies is not None else kit.sample_plies()
    playouts = [
        pytest.param(game, config, seed, id=f"{game.slug}-{config.label}-s{seed}")
        for game in chosen
        for config in kit.configs(game)
        for seed in range(seeds if config.plain else 1)
    ]
    each = pytest.mark.parametrize("game", chosen, ids=lambda g: g.slug)

    class TestMeeplehallContract:
        __doc__ = f"The Meeple Hall game contract for {', '.join(g.slug for g in chosen)}."

        @each
        def test_metadata(self, game):
            kit.check_metadata(game)
            if game in by_slug:
                kit.check_entry_point(game)

        @pytest.mark.parametrize("game, config, seed", playouts)
        def test_random_playout(self, game, config, seed):
            deep = seed == 0 and config.plain and config.players == kit.deep_players(game)
            run = kit.random_playout(
                game, config, seed, every=1 if deep else sample_every,
                hidden_every=hidden_every if deep else 1,
            )
            kit.check_result(game, run.state, config.players)
            kit.check_replay(run)

        @each
        def test_listed_legal_moves_are_accepted(self, game):
            players = kit.fuzz_players(game)
            assert kit.check_legal_moves_accepted(game, kit.states_at(game, plies, players, 11))

        @each
        def test_junk_payloads_raise_illegal_move_only(self, game):
            players = kit.fuzz_players(game)
            states = kit.states_at(game, plies, players)
            kit.fuzz_payloads(game, states, players, fuzz_examples)

    return TestMeeplehallContract
