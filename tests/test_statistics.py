"""Statistics: every figure of a seeded set of finished matches against a count done by hand,
a match finishing adds itself exactly as a rebuild would, and plots carry their numbers."""

import pytest

from core import plots
from core.models import GameStatistics, Match, RatingHistory
from core.services import stats, submit_move
from core.services.tables import create_table, join_table

pytestmark = pytest.mark.django_db


def finished(host, slug, players, plies, result):
    match = create_table(host, slug, players, bots={n: "random" for n in range(1, players)}, rated=False)
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED, version=plies, result=result)
    return match


@pytest.fixture
def seeded(alice):
    """Three two-player tic-tac-toe games and one of three players of Lodge hikers."""
    finished(alice, "tictactoe", 2, 5, {"scores": [1, 0], "ranks": [1, 2]})
    finished(alice, "tictactoe", 2, 6, {"scores": [0, 1], "ranks": [2, 1]})
    finished(alice, "tictactoe", 2, 9, {"scores": [0.5, 0.5], "ranks": [1, 1]})
    finished(alice, "lodge_hikers", 3, 40, {"scores": [12, 7, -3], "ranks": [1, 2, 3],
                                            "details": {"squirrels": [5, 2, 11], "customer_cards": [4, 3, 1]}})


def test_each_figure_is_the_hand_count(seeded):
    data = stats.rebuild("tictactoe").data
    two = data["by_players"]["2"]
    assert data["games"] == 3 and two["games"] == 3
    assert two["firsts"] == [2, 2], "a shared first place counts for both seats"
    assert two["scores"] == {"1": 2, "0": 2, "0.5": 2}
    assert two["plies"] == {"5": 1, "6": 1, "9": 1}


def test_a_plugin_adds_numbers_of_its_own_and_the_page_shows_their_average(seeded, client):
    data = stats.rebuild("lodge_hikers").data
    assert data["extra"]["Squirrel tokens per player at the end"] == [6.0, 1]
    page = client.get("/games/lodge_hikers/statistics/").content.decode()
    assert "Squirrel tokens per player at the end</th><td>6.0" in page
    assert "Customers won per player</th><td>2.7" in page


def test_the_page_shows_each_plot_beside_the_table_of_its_numbers(seeded, client):
    page = client.get("/games/tictactoe/statistics/").content.decode()
    assert 'id="games-played">3 finished games.' in page
    assert page.count("<svg") == 3 and 'aria-describedby="seats-2"' in page
    assert "<td>Seat 1</td><td>66.7%</td>" in page and "<td>Seat 2</td><td>66.7%</td>" in page


def test_a_match_that_finishes_counts_itself_as_a_rebuild_would(alice, bob, seeded):
    stats.statistics("tictactoe")  # the row exists from now on
    match = join_table(create_table(alice, "tictactoe", 2).pk, bob)
    for seat, cell in [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]:
        submit_move(match.pk, alice if seat == 0 else bob, {"type": "mark", "cell": cell}, None)
    counted = GameStatistics.objects.get(game_slug="tictactoe")
    assert counted.matches == 4 and counted.data == stats.rebuild("tictactoe").data
    assert RatingHistory.objects.filter(match=match).count() == 2


def test_a_player_page_shows_their_record_and_rating_over_time(alice, bob, client):
    for _ in range(2):
        match = join_table(create_table(alice, "tictactoe", 2).pk, bob)
        for seat, cell in [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]:
            submit_move(match.pk, alice if seat == 0 else bob, {"type": "mark", "cell": cell}, None)
    page = client.get("/u/alice/").content.decode()
    assert "<td>Tic-tac-toe</td><td>2</td><td>2</td><td>1.0</td>" in page
    assert 'class="plot-line"' in page and 'id="rating-tictactoe"' in page


def test_histograms_group_values_into_ranges():
    _plot, rows = plots.histogram("t", {0: 1, 1: 2, 5: 1, 19: 3}, bins=4)
    assert rows == [("0–4", 3), ("5–9", 1), ("15–19", 3)]
    _plot, rows = plots.histogram("t", {7: 4}, bins=10)
    assert rows == [("7", 4)]
    assert plots.histogram("t", {})[1] == []


def test_rebuildstats_recounts_every_game(seeded):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("rebuildstats", "tictactoe", "lodge_hikers", stdout=out)
    assert "tictactoe: 3 finished matches" in out.getvalue()
    assert GameStatistics.objects.get(game_slug="lodge_hikers").matches == 1
