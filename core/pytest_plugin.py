"""Meeple Hall's pytest plugin: the contract kit as ready-made tests, for any installed game.

Installed with the ``meeplehall`` distribution (entry point ``pytest11: meeplehall``), so a
plugin in its own repository needs no conftest to use it. One line in a test module checks a
game against the whole contract (see :mod:`core.engine.testing`)::

    from core.pytest_plugin import meeplehall_contract

    TestContract = meeplehall_contract("mygame")

Each check is a test of its own, named for what it checks, so ``pytest -v`` lists the contract.
The board is drawn only where Django is set up (pytest-django and
``DJANGO_SETTINGS_MODULE = "config.test_settings"``, as the scaffold's pyproject has it);
without it that one test is skipped and says why.

The plugin also adds the ``render_board`` fixture (a seat's board as the match page draws it),
the ``golden`` fixture (compare a transcript with its checked-in file) and the
``--meeplehall-golden`` option that rewrites those files after a deliberate rule change.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from core.engine import Game
from core.engine import testing as kit
from core.engine.tutorial import problems as tutorial_problems


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


NO_DJANGO = ("the board is drawn only where Django's settings are loaded: install pytest-django "
             "(the scaffold's [test] extra) and set DJANGO_SETTINGS_MODULE = "
             '"config.test_settings" under [tool.pytest.ini_options]')
BOARD = "{% load meeple_site %}{% board %}"


def django_ready() -> bool:
    """Whether Django is set up in this run (pytest-django with a settings module does it)."""
    from django.apps import apps

    return apps.ready


def draw_board(game: Game, state, seat, players=None, version=1) -> str:
    """The HTML of ``<slug>/board.html`` for ``seat`` (None: a spectator), drawn the way the match
    page draws it: with the page's context (``view``, ``seat``, ``moves``, ``players``,
    ``match``, ``game``) and "Player N" named. Fails if it names one of the seat's secrets."""
    from django.template import engines

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
    html = engines["django"].from_string(BOARD).render(context)
    leaks = kit.find_leaks(html, game.secrets(state, seat))
    assert not leaks, f"{game.slug}: the board shows seat {seat} {leaks[:5]}"
    return html


@pytest.fixture
def render_board():
    """``render_board(game, state, seat, players=None)``: the board of ``seat`` as the match page
    draws it (:func:`draw_board`), failing if it names one of the seat's secrets. ``players``
    are the players bar's rows (``{"seat": 0, "name": "Ann", "is_bot": False}``); by default
    "Player 1", "Player 2"... Needs Django's settings (pytest-django)."""
    if not django_ready():
        pytest.fail(f"render_board: {NO_DJANGO}", pytrace=False)
    return draw_board


def installed_games() -> dict[str, Game]:
    """Every game the installed plugins register, by slug (plugin code imported, no Django)."""
    return installed_registry().games


def installed_registry():
    """What the installed plugins register (games, bots, tutorials), built without Django."""
    from core.plugins import build_registry, discover_apps

    return build_registry(discover_apps())


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

    One test per check, named for what it checks, so ``pytest -v`` reads as the contract.
    Random games are played for every player count and option value (``seeds`` seeds of the
    default options). The default game at three players (or the nearest count) is checked at
    every ply, and for values derived from hidden information every ``hidden_every``-th ply;
    the others every ``sample_every``-th ply. Junk payloads are sent at the plies
    ``fuzz_plies`` (default 0, 7, 14 ... 35) of a seeded random game, where the legal moves are
    tried and the board is drawn too. Games given by slug (or all installed ones) are also
    checked for their entry point and their board; a Game object need not be installed.
    """
    chosen = _games(games)
    installed = [game for game in chosen if not games or game.slug in games]
    plies = list(fuzz_plies) if fuzz_plies is not None else kit.sample_plies()
    playouts = [
        pytest.param(game, config, seed, id=f"{game.slug}-{config.label}-s{seed}")
        for game in chosen
        for config in kit.configs(game)
        for seed in range(seeds if config.plain else 1)
    ]
    each = pytest.mark.parametrize("game", chosen, ids=lambda g: g.slug)
    each_installed = pytest.mark.parametrize("game", installed, ids=lambda g: g.slug)
    each_playout = pytest.mark.parametrize("game, config, seed", playouts)
    tutorials = installed_registry().tutorials if installed else {}
    guided = [game for game in installed if game.slug in tutorials]

    def checked_plies(game, config, seed) -> dict:
        """The default game at three players (or the nearest count) is checked at every ply
        and swapped every ``hidden_every``-th; the others every ``sample_every``-th ply."""
        deep = seed == 0 and config.plain and config.players == kit.deep_players(game)
        return {"every": 1 if deep else sample_every, "hidden_every": hidden_every if deep else 1}

    class TestMeeplehallContract:
        __doc__ = (f"The Meeple Hall game contract for {', '.join(g.slug for g in chosen)}: "
                   "each test's name says what it checks (pytest -v lists them).")

        @each
        def test_describes_itself_for_the_lobby(self, game):
            """A slug, a name and a summary, a sensible player range, options with distinct
            names whose defaults make a valid table at every player count, and at least one
            ``move_<type>`` handler."""
            kit.check_metadata(game)

        @each_playout
        def test_random_games_end_with_a_result_and_replay_exactly(self, game, config, seed):
            """A seeded random game at this player count and option value ends within the ply
            cap with a score and a rank for every seat, and its seed and move log rebuild the
            final state exactly (what every stored match relies on)."""
            run = kit.random_playout(game, config, seed, views=False, hidden=False)
            kit.check_result(game, run.state, config.players)
            kit.check_replay(run)

        @each_playout
        def test_state_and_views_survive_json_and_show_no_secret(self, game, config, seed):
            """Along a random game, the state and every seat's and the spectators' view survive
            a JSON round trip, and no view names an id ``secrets()`` lists for it, nor the bare
            code of one ("H07" of "customer-H07")."""
            kit.random_playout(game, config, seed, hidden=False, **checked_plies(game, config, seed))

        @each_playout
        def test_a_view_does_not_change_when_only_hidden_things_change(self, game, config, seed):
            """Along a random game, swapping what a seat cannot see (other hands, the order of a
            deck, unrevealed picks) changes neither its view nor its legal moves: this finds bare
            card numbers and totals computed from hidden cards, which no id scan sees."""
            kit.random_playout(game, config, seed, views=False, **checked_plies(game, config, seed))

        @each
        def test_listed_legal_moves_are_accepted(self, game):
            """At moments spread over a game, every move ``legal_moves`` lists is accepted."""
            players = kit.fuzz_players(game)
            assert kit.check_legal_moves_accepted(game, kit.states_at(game, plies, players, 11))

        @each
        def test_junk_payloads_are_refused_and_change_nothing(self, game):
            """Junk payloads (wrong types, a listed move with a field spoiled, dropped or added,
            the wrong seat) are refused with an IllegalMove that gives a reason, never another
            exception, and leave the position as it was."""
            players = kit.fuzz_players(game)
            states = kit.states_at(game, plies, players)
            kit.fuzz_payloads(game, states, players, fuzz_examples)

        if installed:
            @each_installed
            def test_is_installed_under_its_slug(self, game):
                """The installed distribution names the game's package in the
                ``meeplehall.games`` entry points, and the entry point is called by the slug."""
                kit.check_entry_point(game)

            @each_installed
            def test_the_board_draws_every_seat_and_shows_no_secret(self, game):
                """``<slug>/board.html`` draws, as the match page does, for every seat and the
                spectators at moments spread over a game and at its end, and names none of that
                seat's secrets. Needs Django's settings (pytest-django); skipped without them."""
                if not django_ready():
                    pytest.skip(NO_DJANGO)
                players = kit.fuzz_players(game)
                end = kit.random_playout(game, kit.Config(players), 0, views=False, hidden=False)
                for state in [*kit.states_at(game, plies, players), end.state]:
                    for seat in kit.viewers(players):
                        assert draw_board(game, state, seat), f"{game.slug}: seat {seat}'s board is empty"

        if any(game.undoable for game in chosen):
            @pytest.mark.parametrize("game", [g for g in chosen if g.undoable], ids=lambda g: g.slug)
            def test_moves_it_lets_players_take_back_are_taken_back_exactly(self, game):
                """Along seeded random games, every move of a type the game declares
                ``undoable`` that the framework lets its player take back (no chance, nothing
                shown, still their turn) replays, with a take-back after it, to the state before
                it; and at least one such move comes up, so the declaration is not empty words."""
                runs = [kit.random_playout(game, kit.Config(players), seed, views=False, hidden=False)
                        for players in range(max(game.min_players, 1), game.max_players + 1)
                        for seed in range(2)]
                assert sum(kit.check_takebacks(game, run) for run in runs), \
                    f"{game.slug}: no declared undoable move could be taken back in {len(runs)} games"

        if guided:
            @pytest.mark.parametrize("game", guided, ids=lambda g: g.slug)
            def test_its_guided_first_game_plays_to_the_end(self, game):
                """The tutorial the plugin declares (``register_tutorials``) replays from its
                seed: every lesson has words, comes when the learner is to act, and its move is
                among the legal moves then."""
                assert tutorial_problems(game, tutorials[game.slug]) == []

    return TestMeeplehallContract
