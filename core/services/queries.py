"""Read-only questions the pages ask about matches and seats."""

from __future__ import annotations

from django.db.models import QuerySet

from core.models import Match, RematchInvite, Seat
from core.plugins import registry


def seats_to_act(match: Match) -> set[int]:
    if match.status != Match.Status.ACTIVE or match.state is None:
        return set()
    game = registry().games.get(match.game_slug)
    return set(game.to_act(match.state)) if game else set()


def matches_awaiting(user_id: int) -> list[int]:
    """The ids of active matches where the user holds a seat that is to act now, from the seats
    to act each match keeps (``Match.to_act``): no game state is read or parsed."""
    seats = Seat.objects.filter(
        user_id=user_id, match__status=Match.Status.ACTIVE, bot_takeover=False, resigned=False
    ).values_list("match_id", "position", "match__to_act")
    return [match_id for match_id, position, to_act in seats if position in (to_act or [])]


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


def invites_for(user_id: int) -> list[RematchInvite]:
    """Rematch invites the user has not answered, at tables still waiting for players."""
    return list(
        RematchInvite.objects.filter(user_id=user_id, answer=RematchInvite.Answer.PENDING,
                                     table__status=Match.Status.OPEN)
        .exclude(table__seats__user_id=user_id)  # seated through the table's own Join button
        .select_related("table__host__profile")
    )
