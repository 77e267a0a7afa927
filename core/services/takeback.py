"""Taking back your own latest moves while it is still your turn.

Which moves may be taken back is decided once, as each move is made (:func:`after_move`, with
:func:`core.engine.undo.refusal`), and kept on the match (``Match.takeback``: the seat and how
many of its latest moves), so a frame shows its Take back button without replaying anything. A
take-back (:func:`take_back`) appends :data:`core.engine.undo.UNDO` to the log and restores the
state before the move, found by replaying the log; the replay runs before the row is locked,
and the lock then checks that nothing moved meanwhile.
"""

from __future__ import annotations

from django.db import transaction

from core import engine
from core.engine.undo import UNDO, refusal
from core.models import Match, Move

from . import live
from .errors import NotAllowed, NotAMember, StaleVersion

NOTHING = "There is no move of yours to take back."
#: What a take-back changes on the match row.
FIELDS = ["version", "state", "to_act", "takeback", "revision", "bots_due_at", "updated_at"]


def after_move(game, match: Match, before, after, seat: int, move, by_bot: bool) -> dict | None:
    """The match's ``takeback`` once ``seat`` has made ``move`` (the ply ``match.version``)."""
    if by_bot or move.get("type") not in game.undoable:
        return None
    if refusal(game, before, after, seat, move, match.version, match.seed) is not None:
        return None
    earlier = match.takeback or {}
    depth = earlier.get("depth", 0) + 1 if earlier.get("seat") == seat else 1
    return {"seat": seat, "depth": depth}


def take_back(match_id: int, user, expected_version: int) -> live.Snapshot:
    """Take back ``user``'s latest move at ``match_id`` if they still may; refusals raise."""
    from .matches import game_for

    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        raise Match.DoesNotExist
    seat = _seat_of(live.seats_of(match), user)
    if not match.may_take_back(seat.position):
        raise NotAllowed(NOTHING)
    game = game_for(match)
    log = [*match.move_log(), (seat.position, UNDO)]
    state = engine.replay(game, match.seed, match.players, match.options, match.seat_options, log)
    with transaction.atomic():
        locked = Match.objects.select_for_update().get(pk=match_id)
        seats = live.seats_of(locked)
        seat = _seat_of(seats, user)
        if locked.version != match.version or locked.version != expected_version:
            raise StaleVersion("The board changed since you looked; it has been refreshed.")
        if not locked.may_take_back(seat.position):
            raise NotAllowed(NOTHING)
        locked.version += 1
        Move.objects.create(match=locked, ply=locked.version, seat=seat.position, payload=UNDO)
        locked.state = state
        locked.takeback = {"seat": seat.position, "depth": locked.takeback["depth"] - 1, "undone": True}
        snapshot = live.changed(locked, save=False, seats=seats, mover=seat.position, moved=True)
        locked.save(update_fields=FIELDS)
    return snapshot


def _seat_of(seats, user):
    seat = next((s for s in seats if user.is_authenticated and s.user_id == user.pk), None)
    if seat is None:
        raise NotAMember("You are not playing at this table.")
    if seat.resigned:
        raise NotAllowed("You resigned from this match.")
    return seat
