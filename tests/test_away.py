"""Clocks that stand still (issue 42): a player on vacation is never timed out, a weekend does not
count at a table that pauses on weekends, and every table says who is away until when."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from core.models import Match, Profile
from core.rendering import render_live
from core.services import Refused, submit_move
from core.services.away import add_weekday_time, come_back, end_vacations, go_away
from core.services.clocks import sweep
from core.services.tables import create_table, join_table

pytestmark = pytest.mark.django_db
BERLIN = ZoneInfo("Europe/Berlin")


def test_weekday_time_skips_the_weekend_in_the_players_zone():
    friday_evening = datetime(2026, 12, 11, 20, 0, tzinfo=BERLIN)
    assert add_weekday_time(friday_evening, timedelta(days=1), BERLIN) == datetime(2026, 12, 14, 20, 0, tzinfo=BERLIN)
    saturday = datetime(2026, 12, 12, 12, 0, tzinfo=BERLIN)
    assert add_weekday_time(saturday, timedelta(days=1), BERLIN) == datetime(2026, 12, 15, 0, 0, tzinfo=BERLIN)
    monday = datetime(2026, 12, 14, 9, 0, tzinfo=BERLIN)
    assert add_weekday_time(monday, timedelta(days=3), BERLIN) == datetime(2026, 12, 17, 9, 0, tzinfo=BERLIN)
    # Friday 23:30 in Berlin is Friday 22:30 UTC: the weekend is Berlin's
    late = datetime(2026, 12, 11, 22, 30, tzinfo=UTC)
    assert add_weekday_time(late, timedelta(hours=1), BERLIN) == datetime(2026, 12, 14, 0, 30, tzinfo=BERLIN)


def test_a_weekend_pause_holds_the_deadline_until_monday(alice, bob, monkeypatch):
    Profile.objects.filter(user=bob).update(time_zone="Europe/Berlin")
    friday_evening = datetime(2026, 12, 11, 19, 0, tzinfo=UTC)  # 20:00 in Berlin
    monkeypatch.setattr(timezone, "now", lambda: friday_evening)
    match = join_table(create_table(alice, "tictactoe", 2, time_control="correspondence", time_per_move=1,
                                    weekend_pause=True).pk, bob)
    assert match.turn_deadline == datetime(2026, 12, 14, 19, 0, tzinfo=UTC)  # alice's (UTC) Monday evening
    submit_move(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    match.refresh_from_db()
    assert match.turn_deadline == datetime(2026, 12, 14, 20, 0, tzinfo=BERLIN)  # bob's Monday evening
    monkeypatch.setattr(timezone, "now", lambda: datetime(2026, 12, 13, 23, 0, tzinfo=UTC))
    assert sweep() == []  # Sunday night: nothing runs out


def test_a_player_on_vacation_is_not_timed_out_and_gets_their_time_back(alice, bob, monkeypatch):
    match = join_table(create_table(alice, "tictactoe", 2, time_control="correspondence", time_per_move=2).pk, bob)
    deadline = match.turn_deadline
    go_away(alice, 5)
    match.refresh_from_db()
    assert match.turn_deadline == deadline + timedelta(days=5)
    assert "away until" in render_live(match, 1) and "away until" in render_live(match, None)
    later = deadline + timedelta(hours=1)
    monkeypatch.setattr(timezone, "now", lambda: later)
    assert sweep() == [] and not match.seats.get(position=0).bot_takeover
    Match.objects.filter(pk=match.pk).update(turn_deadline=later - timedelta(minutes=1))  # a stale deadline
    assert sweep() == [] and not match.seats.get(position=0).bot_takeover  # still never fires
    monkeypatch.undo()
    come_back(alice)
    match.refresh_from_db()
    assert abs(match.turn_deadline - (timezone.now() + timedelta(days=2))) < timedelta(minutes=1)
    profile = Profile.objects.get(user=alice)
    assert profile.away_until is None and profile.away_days_used == 1  # 4 whole days given back
    assert "away until" not in render_live(match, 1)


def test_a_turn_that_arrives_during_a_vacation_waits_for_its_end(alice, bob):
    match = join_table(create_table(alice, "tictactoe", 2, time_control="correspondence", time_per_move=3).pk, bob)
    away_until = go_away(bob, 4).away_until
    submit_move(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    match.refresh_from_db()
    assert match.turn_deadline == away_until + timedelta(days=3)


def test_vacation_days_are_limited_and_vacations_end_by_themselves(alice, bob, settings):
    settings.VACATION_DAYS_PER_YEAR = 10
    match = join_table(create_table(alice, "tictactoe", 2, time_control="correspondence", time_per_move=2).pk, bob)
    with pytest.raises(Refused, match="choose from 1 to 10"):
        go_away(alice, 11)
    go_away(alice, 10)
    with pytest.raises(Refused, match="already away"):
        go_away(alice, 1)
    revision = Match.objects.get(pk=match.pk).revision
    assert end_vacations(timezone.now() + timedelta(days=10, seconds=1)) == 1
    assert Profile.objects.get(user=alice).away_until is None
    assert Match.objects.get(pk=match.pk).revision > revision  # the tables stop saying she is away
    with pytest.raises(Refused, match="no vacation days left"):
        go_away(alice, 1)


def test_the_settings_page_starts_and_ends_a_vacation(alice, client_for):
    page = client_for(alice)
    assert "30</strong> of your yearly vacation days left" in page.get("/accounts/notices/").content.decode()
    page.post("/accounts/notices/", {"away_days": "3"})
    assert "You are away until" in page.get("/accounts/notices/").content.decode()
    page.post("/accounts/notices/", {"come_back": "1"})
    assert Profile.objects.get(user=alice).away_until is None
    assert page.post("/accounts/notices/", {"away_days": "0"}).status_code == 200  # refused in words
    answer = page.post("/accounts/notices/", {"time_zone": "Europe/Paris"})
    assert answer.status_code == 302 and Profile.objects.get(user=alice).time_zone == "Europe/Paris"
    assert page.post("/accounts/notices/", {"time_zone": "Mars/Olympus"}).status_code == 200
    assert Profile.objects.get(user=alice).time_zone == "Europe/Paris"
