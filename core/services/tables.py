"""The lobby side of a match: creating a table, taking and leaving seats, bots, rematches."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import transaction

from core import engine
from core.models import Match, Seat
from core.plugins import registry

from . import community, live, notify, queries
from .errors import MatchNotActive, NotAllowed, Refused
from .matches import game_for, start_match


def create_table(
    host,
    game_slug: str,
    players: int,
    options: dict[str, Any] | None = None,
    seat_options: list[dict[str, Any]] | None = None,
    bots: dict[int, str] | None = None,
    private: bool = False,
    rated: bool = True,
    spectator_chat: bool = True,
    time_control: str = Match.TimeControl.NONE,
    time_per_move: int = 0,
    rematch_of: Match | None = None,
    weekend_pause: bool = False,
) -> Match:
    """Open a table with the host in seat 1 and bots where asked; start at once if it is full.

    Options are cleaned by the game before anything is stored, so a bad combination is refused
    with the game's own message (``engine.OptionError`` becomes :class:`Refused`).
    """
    game = registry().games.get(game_slug)
    if game is None:
        raise Refused("That game is not installed.")
    bots = bots or {}
    known_bots = registry().bots_for(game_slug)
    for position, name in bots.items():
        if not 0 <= position < players:
            raise Refused(f"There is no seat {position + 1}.")
        if position == 0 and host is not None:
            raise Refused("Seat 1 is the host's.")
        if name not in known_bots:
            raise Refused(f"Unknown bot {name!r}.")
    try:
        options, seat_options = engine.resolve_options(game, players, options, seat_options)
    except engine.OptionError as exc:
        raise Refused(str(exc)) from None
    if time_control not in Match.TimeControl.values:
        raise Refused("Unknown time control.")
    if time_control != Match.TimeControl.NONE and not 1 <= time_per_move <= 60:
        raise Refused("Time per move must be between 1 and 60.")
    if time_control == Match.TimeControl.CORRESPONDENCE and host is not None:
        check_correspondence_cap(host)
    with transaction.atomic():
        match = Match.objects.create(
            game_slug=game_slug, host=host, players=players, options=options,
            private=private, rated=rated, spectator_chat=spectator_chat,
            time_control=time_control, time_per_move=time_per_move, rematch_of=rematch_of,
            weekend_pause=weekend_pause and time_control == Match.TimeControl.CORRESPONDENCE,
        )
        for position in range(players):
            Seat.objects.create(
                match=match, position=position, options=seat_options[position],
                user=host if position == 0 else None, bot=bots.get(position, ""),
            )
        transaction.on_commit(notify.lobby_changed)
    if all(not s.is_empty for s in match.seats.all()):
        match = start_match(match)
    return match


def check_correspondence_cap(user) -> None:
    """Refuse one more correspondence table to a player already at the most a player may keep
    going at once (``settings.CORRESPONDENCE_TABLES_MAX``): slow games that pile up stall for
    everyone at them."""
    cap = int(getattr(settings, "CORRESPONDENCE_TABLES_MAX", 0))
    if cap and queries.correspondence_tables(user.pk) >= cap:
        raise Refused(f"You already play {cap} correspondence tables, the most at once. Finish or "
                      "leave one before you open or join another.")


def _open_locked(match_id: int) -> Match:
    match = Match.objects.select_for_update().get(pk=match_id)
    if match.status != Match.Status.OPEN:
        raise MatchNotActive("This table has already started.")
    return match


def join_table(match_id: int, user, position: int | None = None) -> Match:
    """Take a free seat (the first one unless ``position`` is given); full tables start."""
    with transaction.atomic():
        match = _open_locked(match_id)
        if match.seats.filter(user=user).exists():
            raise Refused("You already have a seat at this table.")
        if community.blocked_between(user.pk, match.seats.values_list("user_id", flat=True)):
            raise Refused(community.CANNOT_JOIN)
        if match.time_control == Match.TimeControl.CORRESPONDENCE:
            check_correspondence_cap(user)
        free = match.seats.filter(user__isnull=True, bot="").order_by("position")
        if position is not None:
            free = free.filter(position=position)
        seat = free.first()
        if seat is None:
            raise Refused("There is no free seat at this table.")
        seat.user = user
        seat.save(update_fields=["user"])
        live.changed(match, lobby=True)
    if not match.seats.filter(user__isnull=True, bot="").exists():
        match = start_match(match)
    return match


def leave_table(match_id: int, user) -> Match:
    """Give up a seat before the start; a host leaving closes the table."""
    with transaction.atomic():
        match = _open_locked(match_id)
        seat = match.seats.filter(user=user).first()
        if seat is None:
            raise Refused("You have no seat at this table.")
        if match.host_id == user.pk:
            match.status = Match.Status.ABORTED
            match.end_note = "The host left, so the table was closed."
            match.save(update_fields=["status", "end_note"])
        else:
            seat.user = None
            seat.save(update_fields=["user"])
        live.changed(match, lobby=True)
    return match


def remove_seat(match_id: int, host, position: int) -> Match:
    """The host empties a seat (a player or a bot) before the start."""
    with transaction.atomic():
        match = _open_locked(match_id)
        if match.host_id != host.pk:
            raise NotAllowed("Only the host can remove a seat.")
        seat = match.seats.filter(position=position).first()
        if seat is None or position == 0:
            raise Refused("That seat cannot be removed.")
        seat.user, seat.bot = None, ""
        seat.save(update_fields=["user", "bot"])
        live.changed(match, lobby=True)
    return match


def add_bot(match_id: int, host, position: int, bot: str = "random") -> Match:
    """The host seats a bot in an empty seat; a table that becomes full starts."""
    with transaction.atomic():
        match = _open_locked(match_id)
        if match.host_id != host.pk:
            raise NotAllowed("Only the host can add bots.")
        if bot not in registry().bots_for(match.game_slug):
            raise Refused(f"Unknown bot {bot!r}.")
        seat = match.seats.filter(position=position, user__isnull=True, bot="").first()
        if seat is None:
            raise Refused("That seat is not free.")
        seat.bot = bot
        seat.save(update_fields=["bot"])
        live.changed(match, lobby=True)
    if not match.seats.filter(user__isnull=True, bot="").exists():
        match = start_match(match)
    return match


def resign(match_id: int, user) -> Match:
    """A player gives up: a bot finishes the game in their seat (so the others can play on)."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.Status.ACTIVE:
            raise MatchNotActive("This match is not in play.")
        seat = match.seats.filter(user=user).first()
        if seat is None:
            raise NotAllowed("You are not playing at this table.")
        seat.resigned = True
        seat.save(update_fields=["resigned"])
        live.changed(match)
    return match


def reclaim_seat(match_id: int, user) -> Match:
    """Take a seat back from the bot that played it after a timeout."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        updated = match.seats.filter(user=user, bot_takeover=True).update(bot_takeover=False)
        if not updated:
            raise Refused("Your seat is not being played by a bot.")
        live.changed(match)
    return match


def start_with_joined(match_id: int, host) -> Match:
    """The host starts before every seat is taken: empty seats are dropped if enough remain."""
    game_players = None
    with transaction.atomic():
        match = _open_locked(match_id)
        if match.host_id != host.pk:
            raise NotAllowed("Only the host can start the game.")
        game = game_for(match)
        taken = [s for s in match.seats.order_by("position") if not s.is_empty]
        if len(taken) < game.min_players:
            raise Refused(f"{game.name} needs at least {game.min_players} players.")
        match.seats.filter(pk__in=[s.pk for s in match.seats.all() if s.is_empty]).delete()
        for new_position, seat in enumerate(taken):
            if seat.position != new_position:
                seat.position = new_position
                seat.save(update_fields=["position"])
        game_players = len(taken)
        match.players = game_players
        try:
            match.options, _ = engine.resolve_options(game, game_players, match.options, [s.options for s in taken])
        except engine.OptionError as exc:
            raise Refused(str(exc)) from None
        match.save(update_fields=["players", "options"])
    return start_match(match)


def rotate_invite(match_id: int, host) -> Match:
    """The host of a private table that has not started gives it a new invite link: the old
    link opens nothing any more, and nobody who opened it sees the table again (the browsers
    that opened it remembered the token, :mod:`core.access`). With "remove seat" first, this
    removes an invited player for good."""
    from core.models import new_invite_token

    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.host_id != host.pk:
            raise NotAllowed("Only the host can make a new invite link.")
        if not match.private:
            raise Refused("Only a private table has an invite link to replace.")
        if match.status != Match.Status.OPEN:
            raise Refused("The invite link can be replaced only before the game starts.")
        match.invite_token = new_invite_token()
        match.save(update_fields=["invite_token"])
        live.changed(match)
    return match
