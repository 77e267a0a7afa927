"""Read-only questions the pages ask about matches and seats."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import QuerySet
from django.utils import timezone

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
        .select_related("tournament_table__tournament")
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


def your_games(user_id: int, recent: int = 20) -> dict[str, list[Match]]:
    """Every table the user sits at, as the "Your games" page lists them: those waiting for
    their move (the nearest deadline first), those waiting for others, tables still gathering
    players, and the latest results. Whose move it is comes from ``Match.to_act``, so no game
    state is read."""
    seats = (Seat.objects.filter(user_id=user_id).exclude(match__status=Match.Status.ABORTED)
             .select_related("match").order_by("-match__created_at"))
    mine = {s.match_id: s for s in seats.filter(match__status__in=[Match.Status.OPEN, Match.Status.ACTIVE])}
    matches = (Match.objects.filter(pk__in=list(mine)).prefetch_related("seats__user__profile")
               .select_related("tournament_table__tournament").order_by("-created_at"))
    waiting_for_you, waiting_for_others, gathering = [], [], []
    for match in matches:
        seat = mine[match.pk]
        match.my_seat = seat
        if match.status == Match.Status.OPEN:
            gathering.append(match)
        elif seat.position in (match.to_act or []) and not seat.plays_by_bot:
            waiting_for_you.append(match)
        else:
            waiting_for_others.append(match)
    far = timezone.now() + timedelta(days=3650)
    waiting_for_you.sort(key=lambda m: m.turn_deadline or far)
    finished = (Match.objects.filter(seats__user_id=user_id, status=Match.Status.FINISHED)
                .prefetch_related("seats__user__profile").select_related("tournament_table__tournament")
                .order_by("-finished_at")[:recent])
    for match in finished:
        match.my_seat = next(s for s in match.seats.all() if s.user_id == user_id)
    return {"waiting_for_you": waiting_for_you, "waiting_for_others": waiting_for_others,
            "gathering": gathering, "recent": list(finished)}


def correspondence_tables(user_id: int) -> int:
    """Correspondence tables the user sits at that are open or in play."""
    return Seat.objects.filter(
        user_id=user_id, match__time_control=Match.TimeControl.CORRESPONDENCE,
        match__status__in=[Match.Status.OPEN, Match.Status.ACTIVE]).count()
