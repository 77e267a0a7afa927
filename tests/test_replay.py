"""Replays stepped in the page, served from snapshots (issue 15.3, issue 12.10)."""

from __future__ import annotations

import json

import pytest

from core.models import Match
from core.plugins import registry
from core.services.replays import replay_match, state_at
from core.views.replays import new_lines

pytestmark = pytest.mark.django_db

# X takes the top row: moves 1..5, the fifth wins.
TOP_ROW = [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]


@pytest.fixture
def finished(ttt_match, client_for, alice, bob):
    players = {0: client_for(alice), 1: client_for(bob)}
    for seat, cell in TOP_ROW:
        ttt_match.refresh_from_db()
        response = players[seat].post(
            f"/match/{ttt_match.pk}/move/",
            {"move": json.dumps({"type": "mark", "cell": cell}), "version": ttt_match.version},
            HTTP_HX_REQUEST="true")
        assert response.status_code == 200
    ttt_match.refresh_from_db()
    assert ttt_match.status == Match.Status.FINISHED
    return ttt_match


def step(client, match, ply):
    response = client.get(f"/match/{match.pk}/replay/step/?ply={ply}", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response


def test_each_step_says_the_move_in_the_games_words(finished, client):
    """Issue 15.3: "Move 3 was made by seat 1" never said what the move was."""
    page = step(client, finished, 3).content.decode()
    assert "Move 3: X marks square 2." in page
    assert "Move 3 of 5" in page


def test_result_only_at_the_last_step(finished, client):
    """Issue 15.3: every step showed "The game is over." and the final scores, even at move 0."""
    for ply in range(5):
        page = step(client, finished, ply).content.decode()
        assert "Final scores" not in page and "game is over" not in page
    last = step(client, finished, 5).content.decode()
    assert "Final scores" in last and "X has three in a row." in last


def test_board_is_the_spectator_view_at_that_ply(finished, client):
    """Move 2 shows one X and one O; the step partial carries no page around it."""
    page = step(client, finished, 2).content.decode()
    assert page.count('data-mark="X"') == 1 and page.count('data-mark="O"') == 1
    assert "<html" not in page


def test_step_keeps_the_address_bar_on_the_step(finished, client):
    """A reload (or a shared link) opens the step that was shown."""
    response = step(client, finished, 4)
    assert response["HX-Replace-Url"] == f"/match/{finished.pk}/replay/?ply=4"


def test_replay_page_works_as_plain_links(finished, client):
    """Without script every control is a link to the whole page at that step."""
    page = client.get(f"/match/{finished.pk}/replay/?ply=2").content.decode()
    assert f'href="/match/{finished.pk}/replay/?ply=3"' in page
    assert f'hx-get="/match/{finished.pk}/replay/step/?ply=3"' in page
    assert 'id="replay-slider"' in page


@pytest.mark.parametrize("ply", ["-4", "99", "x", "9" * 5000])
def test_out_of_range_steps_are_clamped(finished, client, ply):
    assert client.get(f"/match/{finished.pk}/replay/step/?ply={ply}").status_code == 200


def test_unfinished_match_has_no_replay(ttt_match, client):
    assert client.get(f"/match/{ttt_match.pk}/replay/").status_code == 404
    assert client.get(f"/match/{ttt_match.pk}/replay/step/").status_code == 404


def test_a_step_applies_at_most_k_moves_once_snapshots_exist(finished, client, settings, monkeypatch):
    """Issue 12.10: "the replay page replays from the start on every request". With a snapshot
    every K plies, a visited replay costs at most K applies per step, whatever the ply."""
    settings.REPLAY_SNAPSHOT_EVERY = 2
    game = registry().game("tictactoe")
    applies = []
    original = game.apply
    monkeypatch.setattr(game, "apply", lambda *args: applies.append(1) or original(*args))
    client.get(f"/match/{finished.pk}/replay/?ply=5")
    for ply in [5, 4, 3, 2, 1, 0, 5]:
        applies.clear()
        step(client, finished, ply)
        assert len(applies) <= 2, f"step {ply} applied {len(applies)} moves"


def test_snapshots_give_the_same_states_as_a_replay_from_the_start(finished, settings):
    """The snapshot path is a cache: at every ply it equals the replay of the move log."""
    settings.REPLAY_SNAPSHOT_EVERY = 2
    for ply in [5, 3, 4, 0, 2, 1]:
        assert state_at(finished, ply) == replay_match(finished, upto=ply)


def test_new_lines_of_a_log_that_shows_only_its_end():
    """Some views show the latest lines only: the step's lines are still found."""
    assert new_lines(["a", "b"], ["a", "b", "c"]) == ["c"]
    assert new_lines(["a", "b", "c"], ["b", "c", "d", "e"]) == ["d", "e"]
    assert new_lines([], ["a"]) == ["a"]
    assert new_lines(["a"], ["a"]) == []


def test_last_step_says_who_won_in_a_sentence(finished, client, alice, client_for):
    """Issue 15.7: a sentence, not only a table; spectators read the winner's name."""
    last = step(client, finished, 5).content.decode()
    assert "alice won." in last


def test_a_step_shown_once_is_served_from_the_cache(finished, client, monkeypatch):
    """A finished match never changes: the same step again applies nothing and renders nothing."""
    game = registry().game("tictactoe")
    first = step(client, finished, 4).content
    applies = []
    original = game.apply
    monkeypatch.setattr(game, "apply", lambda *args: applies.append(1) or original(*args))
    again = step(client, finished, 4).content
    assert again == first and applies == []


def test_cached_steps_hold_nothing_of_the_visitor(finished, client_for, carol, client):
    """The step is rendered without the request, so one visitor's page never reaches another."""
    carol.profile.display_name = "Carol Secretname"
    carol.profile.save()
    seen_by_carol = step(client_for(carol), finished, 2).content.decode()
    assert "csrfmiddlewaretoken" not in seen_by_carol and "Secretname" not in seen_by_carol
    assert step(client, finished, 2).content.decode() == seen_by_carol


def test_snapshots_and_steps_are_keyed_by_the_code_that_made_them(finished, monkeypatch, tmp_path):
    """After an upgrade (rules or board templates changed on disk) no old snapshot or rendered
    step is used: their keys carry a fingerprint of the game's files."""
    from core.services import replays

    board = tmp_path / "board.html"
    board.write_text("old board")
    monkeypatch.setattr(replays, "CORE_FILES", [*replays.CORE_FILES, tmp_path])
    replays.code_fingerprint.cache_clear()
    before = replays.cache_key("state", finished, 3)
    board.write_text("the new, longer board")
    replays.code_fingerprint.cache_clear()
    assert replays.cache_key("state", finished, 3) != before
    replays.code_fingerprint.cache_clear()
