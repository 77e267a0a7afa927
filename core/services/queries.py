"""Read-only questions the pages ask about matches and seats."""

from __future__ import annotations

from django.db.models import QuerySet

from core.models import Match, Seat
from core.plugins import registry


def seats_to_act(match: Match) -> set[int]:
    if match.status != Match.Status.ACTIVE or match.state is None:
        return set()
    game = registry().games.get(match.game_slug)
    return set(game.to_act(match.state)) if game else set()


def matches_awaiting(user) -> list[Match]:
    """Active matches where ``user`` holds a seat that is to act now."""
    waiting = []
    seats = Seat.objects.filter(
        user=user, match__status=Match.Status.ACTIVE, bot_takeover=False, resigned=False
    ).select_related("match")
    for seat in seats:
        if seat.position in seats_to_act(seat.match):
            waiting.append(seat.match)
    return waiting


def open_tables(user=None) -> QuerySet[Match]:
    """Public tables still waiting for players, plus the user's own open tables."""
    from django.db.models import Q

    query = Q(private=False)
    if user is not None and user.is_authenticated:
        query |= Q(seats__user=user)
    return (
        Match.objects.filter(query, status=Match.Status.OPEN)
        .filter(game_slug__in=list(registry().games))
        .distinct()
        .prefetch_related("seats__user__profile")
        .select_related("host")
    )


def users_at_private_open_tables() -> set[int]:
    """Who has a private table of their own in the open list (the others share one list)."""
    return set(
        Match.objects.filter(private=True, status=Match.Status.OPEN, seats__user__isnull=False)
        .values_list("seats__user", flat=True)
    )


def live_matches() -> QuerySet[Match]:
    return (
        Match.objects.filter(private=False, status=Match.Status.ACTIVE)
        .filter(game_slug__in=list(registry().games))
        .prefetch_related("seats__user__profile")[:20]
    )


def seat_of(match: Match, user) -> Seat | None:
    if user is None or not user.is_authenticated:
        return None
    return match.seats.filter(user=user).first()
