"""Starting matches and applying moves: lock, check, apply, append, snapshot, then notify."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from core import engine
from core.engine.play import play_move
from core.engine.play import start as engine_start
from core.models import Match, Move, Seat
from core.plugins import registry

from . import notify
from .errors import (
    IllegalMoveRefused,
    MatchNotActive,
    NotAllowed,
    NotAMember,
    NotYourTurn,
    Refused,
    StaleVersion,
)

log = logging.getLogger(__name__)


def deadline_for(match: Match):
    if match.time_control == Match.TimeControl.REALTIME and match.time_per_move:
        return timezone.now() + timedelta(minutes=match.time_per_move)
    if match.time_control == Match.TimeControl.CORRESPONDENCE and match.time_per_move:
        return timezone.now() + timedelta(days=match.time_per_move)
    return None


def start_match(match: Match) -> Match:
    """Deal the game: build the initial state from the seed and options; status becomes active."""
    game = registry().game(match.game_slug)
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match.pk)
        if match.status != Match.Status.OPEN:
            raise MatchNotActive("This table has already started.")
        seats = list(match.seats.order_by("position"))
        if any(s.is_empty for s in seats):
            raise Refused("Every seat must be taken before the game can start.")
        options, seat_options = engine.resolve_options(
            game, match.players, match.options, [s.options for s in seats]
        )
        for seat, cleaned in zip(seats, seat_options, strict=True):
            if seat.options != cleaned:
                seat.options = cleaned
                seat.save(update_fields=["options"])
        match.options = options
        match.state = engine_start(game, match.seed, match.players, options, seat_options)
        match.status = Match.Status.ACTIVE
        match.version = 0
        match.started_at = timezone.now()
        match.turn_deadline = deadline_for(match)
        match.save()
        _after_commit(match)
    return match


def submit_move(match_id: int, user, move: Any, expected_version: int | None) -> Match:
    """Apply ``user``'s move if it is their turn and they saw the latest version.

    One transaction: lock the match row, check status, seat, turn and version, apply the rules,
    append the Move, save the snapshot; after commit notify sockets and wake the bots. Every
    refusal raises a :class:`Refused` subclass and leaves the database as it was.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        seat = match.seats.filter(user=user).first() if user and user.is_authenticated else None
        if seat is None:
            raise NotAMember("You are not playing at this table.")
        if match.status != Match.Status.ACTIVE:
            raise MatchNotActive("This match is not in play.")
        if expected_version is not None and expected_version != match.version:
            raise StaleVersion(
                "The board changed since you looked (another move was made); it has been refreshed."
            )
        if seat.bot_takeover:
            seat.bot_takeover = False
            seat.save(update_fields=["bot_takeover"])
        if seat.resigned:
            raise NotAllowed("You resigned from this match.")
        apply_locked(match, seat.position, move, by_bot=False)
    return match


def apply_locked(match: Match, position: int, move: Any, by_bot: bool) -> None:
    """Apply a move to a match whose row the caller holds locked inside a transaction."""
    game = registry().game(match.game_slug)
    if position not in game.to_act(match.state):
        raise NotYourTurn("It is not your turn.")
    try:
        state, move = play_move(game, match.state, position, move, match.version + 1, match.seed)
    except engine.IllegalMove as exc:
        raise IllegalMoveRefused(exc.reason) from None
    match.version += 1
    Move.objects.create(match=match, ply=match.version, seat=position, payload=move, by_bot=by_bot)
    match.state = state
    match.turn_deadline = deadline_for(match)
    finish_if_over(match, game)
    match.save()
    _after_commit(match)


def finish_if_over(match: Match, game) -> bool:
    """Record scores and ranks once the game reports a result (inside the caller's transaction)."""
    result = game.result(match.state)
    if result is None:
        return False
    match.status = Match.Status.FINISHED
    match.result = result.to_json()
    match.finished_at = timezone.now()
    match.turn_deadline = None
    for seat in match.seats.all():
        seat.score = result.scores[seat.position]
        seat.rank = result.ranks[seat.position]
        seat.save(update_fields=["score", "rank"])
    from .ratings import rate_match

    rate_match(match, result)
    transaction.on_commit(lambda: _finished_hooks(match.pk, result))
    return True


def _finished_hooks(match_id: int, result) -> None:
    match = Match.objects.prefetch_related("seats").get(pk=match_id)
    registry().call("after_match_finished", match=match, result=result)


def _after_commit(match: Match) -> None:
    match_id, version = match.pk, match.version
    user_ids = list(Seat.objects.filter(match=match, user__isnull=False).values_list("user_id", flat=True))

    def done():
        notify.match_changed(match_id, version, user_ids)
        notify.lobby_changed()
        from .bots import wake_bots

        wake_bots(match_id)

    transaction.on_commit(done)



