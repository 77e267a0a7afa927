"""Live frames: after every change of a match, its page is rendered once per audience.

A table has few audiences however many sockets watch it: each seat held by a person, and the
spectators. :func:`changed` is called inside the transaction that changed a match (its row
locked); after the commit :func:`publish` renders the live part of the match page once for each
audience, from the committed data it already holds, and sends the bytes to that audience's
channel group. Consumers forward frames without touching the database.

Groups (see :mod:`core.services.notify` for the names):

- ``match-<id>``: every socket of the match; carries who sits where (public), whether the table
  is private and which invite link it has (a fingerprint), and watcher counts;
- ``match-<id>-user-<uid>``: the sockets of one user; gets the frame of the seat that user holds
  *now*, so a socket never receives another seat's view, whatever happened to seats meanwhile;
- ``match-<id>-watch``: sockets of people without a seat; gets the spectator frame.

A message never carries one seat's frame to another seat's group. Frames carry the match's
``revision`` so a socket skips a frame older than the one it shows, and a publisher that falls
behind a burst of moves (bots) renders only the latest revision: the log still lists every move.
"""

from __future__ import annotations

import copy
import logging
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.dispatch import Signal
from django.utils import timezone

from core.access import invite_fingerprint
from core.models import Match, Seat
from core.rendering import players_from, render_live

from . import badges, notices, notify
from .queries import seats_to_act

log = logging.getLogger(__name__)

SPECTATORS = None  # the audience of everyone without a seat

#: Sent after a commit that leaves a bot seat to act (``match_id``, ``delay`` in seconds,
#: ``attended``: a person plays there); the bot scheduler (:mod:`core.services.bots`) listens, so
#: publishing needs no import of the bots.
bots_due = Signal()
FRAME_CACHE_SIZE = 4096


@dataclass(frozen=True)
class Snapshot:
    """A match as committed, with its seats, enough to render every audience's frame."""

    match: Match
    seats: tuple[Seat, ...]
    #: The seat of the person whose move this is: their HTTP answer carries its frame, so it is
    #: rendered even when none of their sockets is open.
    mover: int | None = None

    def moved_by(self, audience: int | None) -> bool:
        """Whether ``audience`` is the seat that made this move (a bot's move has no mover)."""
        return self.mover is not None and audience == self.mover

    @property
    def seated(self) -> dict[str, int]:
        """User id (as text, JSON keys) -> seat position, for every seat a person holds."""
        return {str(s.user_id): s.position for s in self.seats if s.user_id is not None}

    def audiences(self) -> list[int | None]:
        return [s.position for s in self.seats if s.user_id is not None] + [SPECTATORS]


def bot_due(match: Match, seats) -> bool:
    """Whether a seat that a bot plays is to act now (so the scheduler has work), from the
    match's seats to act as :func:`changed` records them."""
    return any(s.position in match.to_act and s.plays_by_bot for s in seats)


def attended(seats) -> bool:
    """Whether a person plays at the table (a seat a bot took over from them does not count)."""
    return any(s.user_id is not None and not s.plays_by_bot for s in seats)


def bot_pace(seats) -> float:
    """Seconds between bot moves: paced where a person follows the table, at once otherwise."""
    return float(getattr(settings, "BOT_PACE", 0.7)) if attended(seats) else 0.0


def seats_of(match: Match) -> tuple[Seat, ...]:
    """The match's seats in order, with what the players bar shows of their users."""
    return tuple(match.seats.select_related("user__profile").order_by("position"))


def badge_users(seats, was_to_act: set[int], to_act: set[int], *, moved: bool) -> list[int]:
    """The users whose "your turn" badge a change may alter.

    A move leaves the seating as it was, so only the users whose seat started or stopped being
    to act see a new count: in a two-player game both, in a simultaneous phase only the seat
    that committed. Any other change (seats taken or left, a clock, a resignation) may alter
    who sits where, so every seated user gets a fresh badge.
    """
    changed_seats = was_to_act ^ to_act if moved else {s.position for s in seats}
    return [s.user_id for s in seats if s.user_id is not None and s.position in changed_seats]


def changed(match: Match, *, lobby: bool = False, save: bool = True, seats: tuple | None = None,
            mover: int | None = None, moved: bool = False) -> Snapshot:
    """Record a change of ``match``; call it inside the transaction that holds the row lock.

    Bumps the revision, records the seats to act and whether a bot is due (so a restart finds
    the work again), queues the notices the change owes people away from the table, and after
    the commit publishes the frames, the seated users' badges, the lobby when
    ``lobby`` is set, and wakes the bots. With ``save=False`` the caller saves the match itself
    (one UPDATE per move instead of two). ``seats`` are the match's seats when the caller has
    already read them with :func:`seats_of` in this transaction; ``moved`` says the change is a
    move (by a person or a bot), which leaves the seating as it was.
    """
    seats = seats_of(match) if seats is None else seats
    match.revision += 1
    was_to_act = set(match.to_act or ())
    match.to_act = sorted(seats_to_act(match))
    due = bot_due(match, seats)
    pace = bot_pace(seats) if due else 0.0
    people = attended(seats)
    match.bots_due_at = timezone.now() + timedelta(seconds=pace) if due else None
    if save:
        match.save(update_fields=["revision", "to_act", "bots_due_at", "updated_at"])
    snapshot = Snapshot(copy.copy(match), seats, mover)
    user_ids = badge_users(seats, was_to_act, set(match.to_act), moved=moved)
    notices.match_changed(match, seats, was_to_act)

    def after_commit():
        publish(snapshot)
        badges.changed(user_ids)
        if lobby:
            notify.lobby_changed()
        if due:
            bots_due.send(sender=Match, match_id=match.pk, delay=pace, attended=people)

    transaction.on_commit(after_commit)
    return snapshot


# ---- rendering, once per audience -----------------------------------------------------------

_frames: OrderedDict[tuple, str] = OrderedDict()
_frames_lock = threading.Lock()


def _remember(key, html: str) -> None:
    with _frames_lock:
        _frames[key] = html
        _frames.move_to_end(key)
        while len(_frames) > FRAME_CACHE_SIZE:
            _frames.popitem(last=False)


def frame_key(match: Match, audience: int | None) -> tuple:
    """A rendered frame's identity; the invite token tells apart matches of a restored database."""
    return match.pk, match.invite_token, match.revision, audience


def cached_frame(match: Match, audience: int | None) -> str | None:
    with _frames_lock:
        return _frames.get(frame_key(match, audience))


def frame_for(snapshot: Snapshot, audience: int | None) -> str:
    """The live HTML of ``snapshot`` for one audience, rendered at most once per process."""
    html = cached_frame(snapshot.match, audience)
    if html is None:
        html = render_live(snapshot.match, audience, players=players_from(snapshot.seats), oob=True)
        _remember(frame_key(snapshot.match, audience), html)
    return html


def load(match_id: int) -> Snapshot | None:
    """The committed match and its seats, for a socket that needs a frame no publisher sent."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return None
    return Snapshot(match, seats_of(match))


# ---- publishing, coalesced per match ------------------------------------------------------

_latest: dict[int, Snapshot] = {}
_busy: set[int] = set()
_seated_sent: dict[int, tuple] = {}  # match -> (who sits where, private, invite) last told
_publish_lock = threading.Lock()


def publish(snapshot: Snapshot) -> None:
    """Render and send ``snapshot``'s frames, unless a newer revision already went or is going.

    When another thread is publishing this match, the snapshot is left for it: that thread
    loops until it has sent the latest revision, so a burst of moves costs one render each
    time the publisher comes round, not one per move.
    """
    match_id = snapshot.match.pk
    with _publish_lock:
        pending = _latest.get(match_id)
        if pending is not None and pending.match.revision >= snapshot.match.revision:
            return
        _latest[match_id] = snapshot
        if match_id in _busy:
            return
        _busy.add(match_id)
    try:
        while True:
            with _publish_lock:
                current = _latest[match_id]
            _send(current)
            with _publish_lock:
                if _latest[match_id] is current:
                    del _latest[match_id]
                    _busy.discard(match_id)
                    return
    except BaseException:
        with _publish_lock:
            _latest.pop(match_id, None)
            _busy.discard(match_id)
        raise


def _send(snapshot: Snapshot) -> None:
    match, seated = snapshot.match, snapshot.seated
    invite = invite_fingerprint(match)
    messages = []
    with _publish_lock:
        seating_changed = _seated_sent.get(match.pk) != (seated, match.private, invite)
        _seated_sent[match.pk] = (seated, match.private, invite)
    if seating_changed:
        messages.append((notify.match_group(match.pk), {
            "type": "match.seats", "revision": match.revision, "seated": seated,
            "private": match.private, "invite": invite,
        }))
    groups = {audience: notify.watch_group(match.pk) if audience is SPECTATORS else
              notify.seat_user_group(match.pk, snapshot.seats[_index_of(snapshot, audience)].user_id)
              for audience in snapshot.audiences()}
    open_pages = notify.listened(groups.values())
    for audience, group in groups.items():
        if not snapshot.moved_by(audience) and group not in open_pages:
            continue  # nobody of this audience has the page open: nothing to render
        frame = {
            "type": "match.frame", "revision": match.revision, "version": match.version,
            "audience": audience, "html": frame_for(snapshot, audience),
        }
        messages.append((group, frame))
    notify.send_many(messages)


def _index_of(snapshot: Snapshot, position: int) -> int:
    return next(i for i, s in enumerate(snapshot.seats) if s.position == position)
