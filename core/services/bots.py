"""Bots move server-side on a scheduler: one chain per table, many tables at once, paced for people.

After a change that leaves a bot seat to act, :func:`core.services.live.changed` records
``Match.bots_due_at`` in the same transaction and, after the commit, calls :func:`wake_bots`
with the table's pace (``settings.BOT_PACE`` seconds where a person follows the table, none at
all-bot tables). A dispatcher thread hands due tables to a pool of ``settings.BOT_WORKERS``
threads; a table already being played is never played twice at once, so each table's chain
is independent of the others. Each bot move is one transaction through ``apply_locked``, the
same path as a person's move, whose commit schedules the next bot move.

Tables where a person plays come first. All-bot tables play as fast as their bots decide, so a
few of them would keep every worker thread busy and hold the GIL against the people's requests
and sockets: a profile of a server carrying five all-bot Kavango tables beside ten people's
tables found two thirds of its Python time in those bot moves. They share a lane of their own,
``settings.BOT_UNATTENDED_WORKERS`` threads (default 1), beside the pool people's tables use.

Due moves survive a restart: :func:`resume_due` finds tables whose ``bots_due_at`` has passed
(at start-up, and on every clock sweep for tables a dead process left behind) and claims each
with a conditional UPDATE, so only one process picks a table up. The row lock in ``bot_step``
keeps even a doubly scheduled table correct: the second runner sees the new state.

``settings.BOTS_INLINE`` (tests) plays due bot moves at once in the calling thread instead.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, transaction
from django.utils import timezone

from core.models import Match, Seat
from core.plugins import registry

from . import thinking
from .errors import Refused
from .live import attended, bots_due
from .matches import apply_locked

log = logging.getLogger(__name__)
MAX_BOT_PLIES = 5000
_inline = threading.local()


class Scheduler:
    """Due times per table, a dispatcher thread, and two pools that play one bot move per run:
    one for tables where a person plays (``attended``), a smaller one for all-bot tables."""

    def __init__(self, workers: int, unattended_workers: int = 1, step=None):
        self._heap: list[tuple[float, int, int]] = []
        self._order = itertools.count()
        self._due: dict[int, float] = {}
        self._running: set[int] = set()
        self._again: dict[int, float] = {}
        self._attended: dict[int, bool] = {}
        self._step = step or bot_step
        self._cond = threading.Condition()
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="meeplehall-bots")
        self._unattended = ThreadPoolExecutor(max_workers=unattended_workers,
                                              thread_name_prefix="meeplehall-bots-unattended")
        self._thread = threading.Thread(target=self._dispatch, name="meeplehall-bot-clock", daemon=True)
        self._thread.start()

    def schedule(self, match_id: int, delay: float, attended: bool = True) -> None:
        when = time.monotonic() + max(0.0, delay)
        with self._cond:
            self._attended[match_id] = attended
            if match_id in self._running:
                self._again[match_id] = min(delay, self._again.get(match_id, delay))
                return
            if self._due.get(match_id, float("inf")) <= when:
                return
            self._due[match_id] = when
            heapq.heappush(self._heap, (when, next(self._order), match_id))
            self._cond.notify()

    def _dispatch(self) -> None:
        while True:
            with self._cond:
                while not self._heap or self._heap[0][0] > time.monotonic():
                    timeout = self._heap[0][0] - time.monotonic() if self._heap else None
                    self._cond.wait(timeout)
                when, _, match_id = heapq.heappop(self._heap)
                if self._due.get(match_id) != when:
                    continue  # superseded by an earlier due time
                del self._due[match_id]
                self._running.add(match_id)
                pool = self._pool if self._attended.get(match_id, True) else self._unattended
            pool.submit(self._run, match_id)

    def _run(self, match_id: int) -> None:
        close_old_connections()
        try:
            self._step(match_id)
        except Exception:
            log.exception("bot move failed in match %s", match_id)
        finally:
            close_old_connections()
            with self._cond:
                self._running.discard(match_id)
                again = self._again.pop(match_id, None)
                attended = self._attended.get(match_id, True)
                if again is None and match_id not in self._due:
                    self._attended.pop(match_id, None)  # the chain has ended: forget the table
            if again is not None:
                self.schedule(match_id, again, attended)


_scheduler: Scheduler | None = None
_scheduler_lock = threading.Lock()


def scheduler() -> Scheduler:
    global _scheduler
    with _scheduler_lock:
        if _scheduler is None:
            _scheduler = Scheduler(int(getattr(settings, "BOT_WORKERS", 4)),
                                   int(getattr(settings, "BOT_UNATTENDED_WORKERS", 1)))
        return _scheduler


def wake_bots(match_id: int, delay: float = 0.0, attended: bool = True) -> None:
    """A bot of ``match_id`` is due in ``delay`` seconds; cheap, and safe to call twice.
    ``attended``: a person plays at the table, so its bot moves go before all-bot tables'."""
    if getattr(settings, "BOTS_INLINE", False):
        run_bots(match_id)
        return
    scheduler().schedule(match_id, delay, attended)


def _on_bots_due(sender, match_id: int, delay: float, attended: bool = True, **kwargs) -> None:
    wake_bots(match_id, delay=delay, attended=attended)


bots_due.connect(_on_bots_due, dispatch_uid="meeplehall-bot-scheduler")


def run_bots(match_id: int) -> int:
    """Play every bot move that is due now, one transaction each; return how many were played.

    Used inline (tests, management commands). Re-entrant calls (a bot move's commit waking the
    bots again in this thread) return at once; the running loop goes on.
    """
    if getattr(_inline, "running", False):
        return 0
    _inline.running = True
    played = 0
    try:
        while played < MAX_BOT_PLIES and bot_step(match_id):
            played += 1
    finally:
        _inline.running = False
    return played


def bot_step(match_id: int) -> bool:
    """Play one due bot move of ``match_id``; False when no bot is to act (the mark is cleared).

    The bot decides outside any transaction (a hard bot thinks for up to a second in a worker
    process; holding the row, and SQLite's write lock, meanwhile would stall every table), then
    the move is applied under the row lock if the match is still at the version it saw. If a
    person moved meanwhile (a simultaneous phase) the step decides again.
    """
    for _attempt in range(3):
        match = Match.objects.filter(pk=match_id).first()
        found = _due_seat(match)
        if found is None:
            if match is not None and match.bots_due_at is not None:
                Match.objects.filter(pk=match_id).update(bots_due_at=None)
            return False
        game, seat = found
        bots = registry().bots_for(match.game_slug)
        bot = bots.get(seat.bot) or registry().best_bot(match.game_slug)
        move = thinking.move_for(bots, bot, game, match.state, seat.position,
                                 f"{match.seed}:bot", match.version + 1)
        with transaction.atomic():
            locked = Match.objects.select_for_update().get(pk=match_id)
            if locked.version != match.version or locked.status != match.status:
                continue  # the board moved on while the bot thought: decide again
            try:
                apply_locked(locked, seat.position, move, by_bot=True)
            except Refused:
                log.exception("bot %s proposed an illegal move in match %s", bot, match_id)
                Match.objects.filter(pk=match_id).update(bots_due_at=None)
                return False
        return True
    return True  # three people moved while the bot thought; their commits wake it again


def _due_seat(match: Match | None):
    """(game, seat) of the first bot-played seat to act, or None."""
    game = registry().games.get(match.game_slug) if match is not None else None
    if game is None or match.status != Match.Status.ACTIVE:
        return None  # no match, not in play, or its game is not installed: no bot can move
    to_act = game.to_act(match.state)
    seat = next((s for s in match.seats.order_by("position")
                 if s.position in to_act and s.plays_by_bot), None)
    return None if seat is None else (game, seat)


def resume_due(stalled_for: float = 0.0, now=None, starting: bool = False) -> list[int]:
    """Schedule the tables whose bot moves fell due more than ``stalled_for`` seconds ago.

    At start-up (``starting``) every recorded bot move belongs to the process that died, due
    already or paced for later, so each is scheduled at its own time; the clock sweep passes a
    grace of several paces so it never races a live chain. Each table is claimed with a
    conditional UPDATE that moves its due time forward, so of several processes sweeping at
    once exactly one picks it up.
    """
    now = now or timezone.now()
    lease = now + timedelta(seconds=float(getattr(settings, "BOT_LEASE", 60)))
    due = Match.objects.filter(status=Match.Status.ACTIVE, bots_due_at__isnull=False)
    if not starting:
        due = due.filter(bots_due_at__lte=now - timedelta(seconds=stalled_for))
    claimed = []
    for match_id, due_at in list(due.values_list("pk", "bots_due_at")):
        if Match.objects.filter(pk=match_id, bots_due_at=due_at).update(bots_due_at=lease):
            claimed.append(match_id)
            wake_bots(match_id, delay=max(0.0, (due_at - now).total_seconds()),
                      attended=attended(Seat.objects.filter(match_id=match_id)))
    if claimed:
        log.info("resumed bot moves at %d tables", len(claimed))
    return claimed
