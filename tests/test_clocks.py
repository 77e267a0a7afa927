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


@pytest.mark.parametrize("slug", ["tictactoe", "lodge_hikers", "lodge_hotel", "komodo", "kavango"])
def test_a_frame_read_later_shows_the_time_then_not_when_it_was_rendered(alice, slug, monkeypatch):
    """Frames are cached per revision and served later (a reload, a socket joining), so nothing
    in one may depend on the time it was rendered: the clock is the deadline, which the page
    counts down to. The same frame rendered 40 seconds later is the same bytes."""
    from core.rendering import render_live

    match = create_table(alice, slug, 2, bots={1: "random"}, time_control="realtime", time_per_move=1)
    assert match.status == Match.Status.ACTIVE and match.turn_deadline is not None
    now = timezone.now()
    frames = {seat: render_live(match, seat) for seat in (0, None)}
    monkeypatch.setattr(timezone, "now", lambda: now + timedelta(seconds=40))
    assert {seat: render_live(match, seat) for seat in (0, None)} == frames
    deadline_ms = int(match.turn_deadline.timestamp() * 1000)
    assert all(f'data-deadline="{deadline_ms}"' in frame for frame in frames.values())


def test_the_page_tells_its_countdown_the_server_time(alice, bob, client_for):
    """The page (never cached) carries the server's clock, so a browser whose own clock is off
    still counts down to the deadline as the server sees it."""
    import time

    match = join_table(create_table(alice, "tictactoe", 2, time_control="realtime", time_per_move=1).pk, bob)
    before = int(time.time() * 1000)
    html = client_for(alice).get(f"/match/{match.pk}/").content.decode()
    served = int(html.split('data-server-ms="')[1].split('"')[0])
    assert before <= served <= int(time.time() * 1000)
    assert f'data-deadline="{int(match.turn_deadline.timestamp() * 1000)}"' in html
