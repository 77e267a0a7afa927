"""Correspondence clocks that stand still: a player's vacation, and weekends at tables that
pause on them.

A deadline is only ever computed here (:func:`correspondence_deadline`), from the players to
move: it starts when their vacation ends, and at a table that pauses on weekends it counts
only Monday to Friday in the time zone of the player to move. Starting a vacation moves the
deadlines of the player's tables on by its length, ending it early moves them back by what was
left, so the time a player had is the time they have after. The clock sweep never times out a
player who is away (:func:`core.services.clocks.sweep`), and ends vacations that are over.

Whether someone is away is stored (``Profile.away_until``), never worked out from the time of
rendering, so every frame of a table says the same thing until a change bumps its revision.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from core.models import Match, Profile, Seat

from . import live
from .errors import Refused
from .queries import seats_to_act

log = logging.getLogger(__name__)
SATURDAY = 5


def zone_of(profile: Profile | None) -> ZoneInfo:
    try:
        return ZoneInfo(profile.time_zone if profile else "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def add_weekday_time(start: datetime, period: timedelta, zone: ZoneInfo) -> datetime:
    """``start`` plus ``period`` counted on Monday to Friday only, in ``zone``: a day per move
    given on a Friday evening runs out on Monday evening."""
    cursor, left = start.astimezone(zone), period
    while True:
        midnight = cursor.replace(hour=0, minute=0, second=0, microsecond=0)
        if cursor.weekday() >= SATURDAY:
            cursor = midnight + timedelta(days=7 - cursor.weekday())
            continue
        weekend = midnight + timedelta(days=SATURDAY - cursor.weekday())
        if left <= weekend - cursor:
            return (cursor + left).astimezone(UTC)
        left -= weekend - cursor
        cursor = weekend


def correspondence_deadline(match: Match, seats, now: datetime) -> datetime:
    """When the move now owed at a correspondence table runs out: ``time_per_move`` days from
    now, or from the end of the vacation of a player to move, counting weekdays only at a
    table that pauses on weekends. With several players to move (a simultaneous pick), the
    latest of their deadlines."""
    period = timedelta(days=match.time_per_move)
    to_act = seats_to_act(match)
    profiles = [getattr(s.user, "profile", None) for s in seats
                if s.position in to_act and s.user_id is not None and not s.plays_by_bot]
    deadlines = []
    for profile in profiles or [None]:
        start = max(now, profile.away_until) if profile is not None and profile.away_until else now
        deadlines.append(add_weekday_time(start, period, zone_of(profile)) if match.weekend_pause
                         else start + period)
    return max(deadlines)


def days_left(profile: Profile, now: datetime | None = None) -> int:
    """Vacation days the player may still take this calendar year."""
    now = now or timezone.now()
    used = profile.away_days_used if profile.away_year == now.year else 0
    return max(0, int(settings.VACATION_DAYS_PER_YEAR) - used)


def _their_tables(user) -> list[Match]:
    """The player's correspondence tables in play, locked, oldest first (a fixed lock order)."""
    ids = (Seat.objects.filter(user=user, match__status=Match.Status.ACTIVE,
                               match__time_control=Match.TimeControl.CORRESPONDENCE)
           .order_by("match_id").values_list("match_id", flat=True))
    return list(Match.objects.select_for_update().filter(pk__in=list(ids)).order_by("pk"))


def _shift_deadlines(user, by: timedelta) -> None:
    """Move on (or back) the deadlines of the tables where ``user`` is to move, and tell every
    table of theirs, whose players bar says who is away."""
    for match in _their_tables(user):
        seats = live.seats_of(match)
        mine = next((s for s in seats if s.user_id == user.pk), None)
        if match.turn_deadline and mine is not None and mine.position in (match.to_act or []):
            match.turn_deadline += by
            match.save(update_fields=["turn_deadline"])
        live.changed(match, seats=seats)


def go_away(user, days: int) -> Profile:
    """Start a vacation of ``days`` days now: the clocks of all the player's correspondence
    tables stand still until it ends."""
    now = timezone.now()
    with transaction.atomic():
        profile, _ = Profile.objects.select_for_update().get_or_create(user=user)
        if profile.away_until:
            raise Refused(f"You are already away until {profile.away_until:%d %b %Y}.")
        left = days_left(profile, now)
        if not 1 <= days <= left:
            raise Refused(f"You have {left} vacation day{'s' if left != 1 else ''} left this year: "
                          f"choose from 1 to {left}." if left else "You have no vacation days left this year.")
        if profile.away_year != now.year:
            profile.away_year, profile.away_days_used = now.year, 0
        profile.away_days_used += days
        profile.away_until = now + timedelta(days=days)
        profile.save(update_fields=["away_until", "away_days_used", "away_year"])
        _shift_deadlines(user, timedelta(days=days))
    return profile


def come_back(user) -> Profile:
    """End a vacation early: the whole days not taken are given back, and the deadlines move
    back by the time that was left, so the player has the time they had when they left."""
    now = timezone.now()
    with transaction.atomic():
        profile, _ = Profile.objects.select_for_update().get_or_create(user=user)
        if not profile.away_until:
            raise Refused("You are not away.")
        unused = max(timedelta(0), profile.away_until - now)
        if profile.away_year == now.year:
            profile.away_days_used = max(0, profile.away_days_used - unused.days)
        profile.away_until = None
        profile.save(update_fields=["away_until", "away_days_used"])
        _shift_deadlines(user, -unused)
    return profile


def end_vacations(now: datetime | None = None) -> int:
    """Clear the vacations that are over (from the clock sweep), so tables stop saying their
    players are away; the number ended."""
    now = now or timezone.now()
    ended = 0
    for profile in Profile.objects.filter(away_until__lte=now).select_related("user"):
        with transaction.atomic():
            if Profile.objects.filter(pk=profile.pk, away_until__lte=now).update(away_until=None):
                ended += 1
                _shift_deadlines(profile.user, timedelta(0))
    return ended


def away_to_act(match: Match) -> datetime | None:
    """The latest vacation end among the players to move at ``match`` who are away now."""
    to_act = set(match.to_act or ())
    ends = (Profile.objects.filter(user__seats__match=match, user__seats__position__in=to_act,
                                   away_until__gt=timezone.now())
            .values_list("away_until", flat=True))
    return max(ends, default=None)
