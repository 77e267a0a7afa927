"""services.submit_move and friends: every refusal is typed, readable and changes nothing."""

from __future__ import annotations

import pytest
from django.db import transaction

from core.models import Match, Move
from core.services import Refused, submit_move
from core.services.errors import (
    IllegalMoveRefused,
    MatchNotActive,
    NotAMember,
    NotYourTurn,
    StaleVersion,
)
from core.services.rematch import offer
from core.services.replays import verify_match
from core.services.tables import create_table, join_table, leave_table

pytestmark = pytest.mark.django_db


def snapshot(match):
    match = Match.objects.get(pk=match.pk)
    return (match.version, match.state, match.status, list(Move.objects.filter(match=match).values_list("ply", "payload")))


def test_a_legal_move_is_applied_logged_and_replayable(ttt_match, alice):
    match = submit_move(ttt_match.pk, alice, {"type": "mark", "cell": 4}, 0)
    assert match.version == 1
    assert Move.objects.get(match=match, ply=1).payload == {"type": "mark", "cell": 4}
    assert verify_match(Match.objects.get(pk=match.pk)) is None


@pytest.mark.parametrize(
    "who, move, version, error, words",
    [
        ("bob", {"type": "mark", "cell": 0}, 0, NotYourTurn, "not your turn"),
        ("alice", {"type": "mark", "cell": 0}, 3, StaleVersion, "changed since you looked"),
        ("alice", {"type": "mark", "cell": 12}, 0, IllegalMoveRefused, "between 0 and 8"),
        ("alice", {"type": "fly"}, 0, IllegalMoveRefused, "Unknown move type"),
        ("carol", {"type": "mark", "cell": 0}, 0, NotAMember, "not playing"),
    ],
)
def test_refusals_change_nothing(ttt_match, alice, bob, carol, who, move, version, error, words):
    user = {"alice": alice, "bob": bob, "carol": carol}[who]
    before = snapshot(ttt_match)
    with pytest.raises(error, match=words):
        submit_move(ttt_match.pk, user, move, version)
    assert snapshot(ttt_match) == before


def test_a_finished_match_refuses_moves(ttt_match, alice, bob):
    for version, (user, cell) in enumerate([(alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2)]):
        submit_move(ttt_match.pk, user, {"type": "mark", "cell": cell}, version)
    match = Match.objects.get(pk=ttt_match.pk)
    assert match.status == Match.Status.FINISHED
    assert [s.rank for s in match.seats.order_by("position")] == [1, 2]
    before = snapshot(match)
    with pytest.raises(MatchNotActive):
        submit_move(match.pk, bob, {"type": "mark", "cell": 5}, 5)
    assert snapshot(match) == before


def test_finishing_a_rated_match_updates_ratings(ttt_match, alice, bob):
    for version, (user, cell) in enumerate([(alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2)]):
        submit_move(ttt_match.pk, user, {"type": "mark", "cell": cell}, version)
    a = alice.ratings.get(game_slug="tictactoe")
    b = bob.ratings.get(game_slug="tictactoe")
    assert a.mu > b.mu and a.matches == b.matches == 1


def test_bots_answer_right_after_a_human_move(alice, django_capture_on_commit_callbacks):
    match = create_table(alice, "tictactoe", 2, bots={1: "random"})
    assert match.status == Match.Status.ACTIVE
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    match.refresh_from_db()
    assert match.version == 2 and match.moves.get(ply=2).by_bot


def test_bad_options_are_refused_with_the_games_message(alice):
    with pytest.raises(Refused, match="Who starts"):
        create_table(alice, "tictactoe", 2, {"first": "z"})
    with pytest.raises(Refused, match="played by exactly 2 players, not 3"):
        create_table(alice, "tictactoe", 3)


def test_join_leave_and_host_closing(alice, bob, carol):
    match = create_table(alice, "tictactoe", 2)
    assert match.status == Match.Status.OPEN
    with pytest.raises(Refused, match="already have a seat"):
        join_table(match.pk, alice)
    leave_table(match.pk, alice)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED


def test_rematch_keeps_game_options_and_seats(ttt_match, alice, bob):
    for version, (user, cell) in enumerate([(alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2)]):
        submit_move(ttt_match.pk, user, {"type": "mark", "cell": cell}, version)
    again = offer(ttt_match.pk, bob)
    assert again.host == bob and again.status == Match.Status.OPEN and again.rematch_of_id == ttt_match.pk


def test_every_change_records_the_seats_to_act_for_the_your_turn_count(ttt_match, alice, bob):
    assert Match.objects.get(pk=ttt_match.pk).to_act == [0]
    submit_move(ttt_match.pk, alice, {"type": "mark", "cell": 4}, 0)
    assert Match.objects.get(pk=ttt_match.pk).to_act == [1]
    from core.services.queries import matches_awaiting

    assert matches_awaiting(bob.pk) == [ttt_match.pk] and matches_awaiting(alice.pk) == []
    for seat, cell in ((bob, 0), (alice, 3), (bob, 1), (alice, 5)):
        submit_move(ttt_match.pk, seat, {"type": "mark", "cell": cell}, None)
    finished = Match.objects.get(pk=ttt_match.pk)
    assert finished.status == Match.Status.FINISHED and finished.to_act == []


def test_a_move_refreshes_the_badges_of_the_users_whose_turn_it_changed(
        ttt_match, alice, bob, monkeypatch, django_capture_on_commit_callbacks):
    """Alice's move ends her turn and starts bob's: both badges change. Her winning move ends
    only her turn (bob was not to act): his badge is left alone."""
    from core.services import badges

    refreshed = []
    monkeypatch.setattr(badges, "changed", refreshed.append)
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(ttt_match.pk, alice, {"type": "mark", "cell": 0}, 0)
    assert refreshed == [[alice.pk, bob.pk]]
    for seat, cell in ((bob, 3), (alice, 1), (bob, 4)):
        submit_move(ttt_match.pk, seat, {"type": "mark", "cell": cell}, None)
    refreshed.clear()
    with django_capture_on_commit_callbacks(execute=True):
        submit_move(ttt_match.pk, alice, {"type": "mark", "cell": 2}, None)
    assert Match.objects.get(pk=ttt_match.pk).status == Match.Status.FINISHED
    assert refreshed == [[alice.pk]]


def test_in_a_simultaneous_phase_a_pick_refreshes_only_the_pickers_badge():
    """Three seats pick at once; the first pick leaves the other two to act as they were, so
    their counts are unchanged. A change that is not a move (seats taken or left) refreshes all."""
    from core.models import Seat
    from core.services.live import badge_users

    seats = [Seat(position=p, user_id=10 + p) for p in range(3)] + [Seat(position=3, user_id=None)]
    assert badge_users(seats, {0, 1, 2}, {1, 2}, moved=True) == [10]
    assert badge_users(seats, {1, 2}, {0}, moved=True) == [10, 11, 12]
    assert badge_users(seats, {1, 2}, {1, 2}, moved=False) == [10, 11, 12]


@pytest.mark.parametrize("slug", ["tictactoe", "lodge_hikers"])
def test_the_frame_a_move_publishes_is_the_page_a_reload_shows(slug, make_user,
                                                               django_capture_on_commit_callbacks):
    """Through a whole game (Lodge hikers has simultaneous picks), the mover's published frame,
    rendered from the publisher's snapshot, equals the live area rendered afresh from the
    database: no part of the page is left behind by the live path."""
    import random

    from core.plugins import registry
    from core.rendering import render_live
    from core.services import live

    game = registry().game(slug)
    users = [make_user(f"{slug}-{n}") for n in range(2)]
    match = join_table(create_table(users[0], slug, 2).pk, users[1])
    rng = random.Random(3)
    while match.status == Match.Status.ACTIVE:
        seat = min(game.to_act(match.state))
        with django_capture_on_commit_callbacks(execute=True):
            submit_move(match.pk, users[seat], rng.choice(game.legal_moves(match.state, seat)), match.version)
        match = Match.objects.get(pk=match.pk)
        assert live.cached_frame(match, seat) == render_live(match, seat, oob=True), match.version
    assert match.status == Match.Status.FINISHED and match.version >= 5  # the end was checked too


def test_a_resigned_seat_shares_the_last_place_and_loses_against_the_game():
    from core.engine import Result

    result = Result(scores=[9, 5, 5, 1], ranks=[1, 2, 2, 4])
    after = result.after_resignations([0])
    assert after.ranks == [4, 1, 1, 3] and after.resigned == [0] and after.scores == [9, 5, 5, 1]
    assert result.after_resignations([0, 3]).ranks == [3, 1, 1, 3]
    solo = Result(scores=[40], ranks=[1], won=[True]).after_resignations([0])
    assert solo.won == [False] and solo.ranks == [1]
    coop = Result(scores=[30, 30], ranks=[1, 1], won=[True, True]).after_resignations([1])
    assert coop.won == [True, False]


def test_resigning_never_wins_even_when_the_bot_in_the_seat_does(ttt_match, alice, bob, client_for):
    """Issue 49 item 3: alice resigns after her first move; the bot in her seat goes on to make
    three in a row. She is ranked last and rated as the loser; the result says why."""
    from core.models import Rating
    from core.services.matches import apply_locked
    from core.services.tables import resign

    submit_move(ttt_match.pk, alice, {"type": "mark", "cell": 0}, 0)
    submit_move(ttt_match.pk, bob, {"type": "mark", "cell": 3}, 1)
    resign(ttt_match.pk, alice)
    for cell, by in ((1, None), (4, bob), (2, None)):  # the bot's X marks the top row
        if by is None:
            with transaction.atomic():
                apply_locked(Match.objects.select_for_update().get(pk=ttt_match.pk), 0,
                             {"type": "mark", "cell": cell}, by_bot=True)
        else:
            submit_move(ttt_match.pk, by, {"type": "mark", "cell": cell}, Match.objects.get(pk=ttt_match.pk).version)
    match = Match.objects.get(pk=ttt_match.pk)
    assert match.status == Match.Status.FINISHED
    assert match.result["scores"] == [1, 0] and match.result["ranks"] == [2, 1]
    assert match.result["resigned"] == [0]
    assert list(match.seats.order_by("position").values_list("rank", flat=True)) == [2, 1]
    ratings = {r.user_id: r.ordinal for r in Rating.objects.filter(game_slug="tictactoe")}
    assert ratings[bob.pk] > ratings[alice.pk]
    page = client_for(alice).get(f"/match/{match.pk}/").content.decode()
    assert "You resigned, so you placed 2nd of 2, whatever the bot scored." in page
    assert "resigned, ranked last" in page
    assert "You won." in client_for(bob).get(f"/match/{match.pk}/").content.decode()
