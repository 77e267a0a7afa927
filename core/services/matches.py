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
from core.engine.staleness import basis_token
from core.models import Match, Move
from core.plugins import GameNotInstalled, registry

from . import away, live, stats, takeback, tournaments
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


def game_for(match: Match):
    """The match's game. A match whose game is no longer installed cannot be played, so every
    service that needs its rules refuses it in the same words, like a match not in play."""
    try:
        return registry().game(match.game_slug)
    except GameNotInstalled as exc:
        raise MatchNotActive(exc.message) from None


def deadline_for(match: Match, seats=None):
    """When the move now owed runs out; ``seats`` (read with their users' profiles) spare a
    query. Correspondence clocks stand still for vacations and, at some tables, on weekends
    (:func:`core.services.away.correspondence_deadline`)."""
    if match.time_control == Match.TimeControl.REALTIME and match.time_per_move:
        return timezone.now() + timedelta(minutes=match.time_per_move)
    if match.time_control == Match.TimeControl.CORRESPONDENCE and match.time_per_move:
        return away.correspondence_deadline(match, live.seats_of(match) if seats is None else seats,
                                            timezone.now())
    return None


def start_match(match: Match) -> Match:
    """Deal the game: build the initial state from the seed and options; status becomes active."""
    game = game_for(match)
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
        live.changed(match, lobby=True, save=False)
        match.save()
    return match


def abort_match(match_id: int, reason: str) -> Match | None:
    """Stop a match that is open or in play (staff do it from the admin); None if it was over.

    The same path as every other change of a match: under the row lock, with a new revision, so
    the players' pages, the lobby, the "your turn" badges, the clock (no deadline) and the bots
    (none due) all learn of it at once. ``reason`` is what the players read on the table.
    """
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status not in (Match.Status.OPEN, Match.Status.ACTIVE):
            return None
        match.status = Match.Status.ABORTED
        match.end_note = reason[:300]
        match.turn_deadline = None
        match.finished_at = timezone.now()
        live.changed(match, lobby=True, save=False)
        match.save()
        tournaments.table_over(match)
    log.info("match %s aborted: %s", match_id, reason)
    return match


def submit_move(
    match_id: int, user, move: Any, expected_version: int | None, seen: str = ""
) -> Match:
    """Apply ``user``'s move if it is their turn and what they saw still holds.

    One transaction: lock the match row, check status, seat, turn and staleness, apply the
    rules, append the Move, save the snapshot; after commit publish the frames and wake the
    bots. Staleness is per seat: a move made on an older version is accepted when ``seen``,
    the seat's decision basis when the player looked (see ``Game.decision_basis``), is still
    the seat's basis now, so simultaneous picks by several players never collide. Every
    refusal raises a :class:`Refused` subclass and leaves the database as it was.
    """
    return play_move_of(match_id, user, move, expected_version, seen).match


def play_move_of(
    match_id: int, user, move: Any, expected_version: int | None, seen: str = ""
) -> live.Snapshot:
    """:func:`submit_move`, answering with the committed snapshot (the match and its seats), so
    the mover's page needs no further query to find its seat and frame."""
    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        seats = live.seats_of(match)
        user_id = user.pk if user is not None and user.is_authenticated else None
        seat = next((s for s in seats if user_id is not None and s.user_id == user_id), None)
        if seat is None:
            raise NotAMember("You are not playing at this table.")
        if match.status != Match.Status.ACTIVE:
            raise MatchNotActive("This match is not in play.")
        if seat.resigned:
            raise NotAllowed("You resigned from this match.")
        if expected_version is not None and expected_version != match.version:
            if not _still_seen(match, seat.position, seen):
                raise StaleVersion(
                    "The board changed since you looked (another move was made); it has been refreshed."
                )
        if seat.bot_takeover:
            seat.bot_takeover = False
            seat.save(update_fields=["bot_takeover"])
        return apply_locked(match, seat.position, move, by_bot=False, seats=seats)


def _still_seen(match: Match, position: int, seen: str) -> bool:
    game = game_for(match)
    if not seen or position not in game.to_act(match.state):
        return False
    return seen == basis_token(game, match.state, position)


#: What a move changes on the match row while the game goes on (a finish saves the whole row).
MOVE_FIELDS = ["version", "state", "to_act", "turn_deadline", "takeback", "revision", "bots_due_at",
               "updated_at"]


def apply_locked(match: Match, position: int, move: Any, by_bot: bool,
                 seats: tuple | None = None) -> live.Snapshot:
    """Apply a move to a match whose row the caller holds locked inside a transaction.

    ``seats``, when the caller has already read them (with users and profiles), saves reading
    them again for the frames.
    """
    game = game_for(match)
    if position not in game.to_act(match.state):
        raise NotYourTurn("It is not your turn.")
    try:
        state, move = play_move(game, match.state, position, move, match.version + 1, match.seed)
    except engine.IllegalMove as exc:
        raise IllegalMoveRefused(exc.reason) from None
    match.version += 1
    Move.objects.create(match=match, ply=match.version, seat=position, payload=move, by_bot=by_bot)
    match.takeback = takeback.after_move(game, match, match.state, state, position, move, by_bot)
    match.state = state
    match.turn_deadline = deadline_for(match, seats)
    finished = finish_if_over(match, game, seats)
    snapshot = live.changed(match, lobby=finished, save=False, seats=seats,
                            mover=None if by_bot else position, moved=True)
    match.save(update_fields=None if finished else MOVE_FIELDS)
    if finished:
        tournaments.table_over(match)
    return snapshot


def finish_if_over(match: Match, game, seats: tuple | None = None) -> bool:
    """Record scores and ranks once the game reports a result (inside the caller's transaction).

    ``seats``, when the caller has read them for the frames, are the ones given their scores,
    so the final frame's players bar shows the scores a reload shows. Resigned seats are ranked
    last (:meth:`core.engine.Result.after_resignations`), so ratings never reward resigning.
    """
    result = game.result(match.state)
    if result is None:
        return False
    seats = list(match.seats.all()) if seats is None else seats
    resigned = [s.position for s in seats if s.resigned]
    if resigned:
        result = result.after_resignations(resigned)
    match.status = Match.Status.FINISHED
    match.result = result.to_json()
    match.finished_at = timezone.now()
    match.turn_deadline = None
    for seat in seats:
        seat.score = result.scores[seat.position]
        seat.rank = result.ranks[seat.position]
        seat.save(update_fields=["score", "rank"])
    from .ratings import rate_match

    rate_match(match, result)
    stats.count_in(match, match.result)
    transaction.on_commit(lambda: _finished_hooks(match.pk, result))
    return True


def _finished_hooks(match_id: int, result) -> None:
    match = Match.objects.prefetch_related("seats").get(pk=match_id)
    registry().call("after_match_finished", match=match, result=result)
