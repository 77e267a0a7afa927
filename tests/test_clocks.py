"""Move clocks: an overdue seat is handed to the bot exactly once; the player can take it back."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from core.models import Match
from core.services import submit_move
from core.services.clocks import sweep
from core.services.tables import create_table, join_table, reclaim_seat

pytestmark = pytest.mark.django_db


def overdue_match(alice, bob):
    match = create_table(alice, "tictactoe", 2, time_control="realtime", time_per_move=2)
    match = join_table(match.pk, bob)
    assert match.turn_deadline is not None
    Match.objects.filter(pk=match.pk).update(turn_deadline=timezone.now() - timedelta(seconds=1))
    return match


def test_timeout_hands_the_seat_to_the_bot_once(alice, bob, django_capture_on_commit_callbacks):
    match = overdue_match(alice, bob)
    with django_capture_on_commit_callbacks(execute=True):
        assert sweep() == [match.pk]
    match.refresh_from_db()
    seat = match.seats.get(position=0)
    assert seat.bot_takeover and match.version == 1 and match.moves.get(ply=1).by_bot
    assert sweep() == []


def test_a_player_takes_the_seat_back(alice, bob):
    match = overdue_match(alice, bob)
    sweep()
    reclaim_seat(match.pk, alice)
    assert not match.seats.get(position=0).bot_takeover


def test_moving_again_also_takes_the_seat_back(alice, bob):
    match = overdue_match(alice, bob)
    sweep()
    submit_move(match.pk, alice, {"type": "mark", "cell": 0}, 0)
    assert not match.seats.get(position=0).bot_takeover


def test_no_clock_means_no_deadline(alice, bob):
    match = join_table(create_table(alice, "tictactoe", 2).pk, bob)
    assert match.turn_deadline is None and sweep() == []
