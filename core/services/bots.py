"""Bots move server-side, right after the move that made them due, without blocking a request.

``wake_bots`` hands the match to a single worker thread per process (or runs inline when
``settings.BOTS_INLINE`` is set, as tests do). Each bot move is its own transaction through the
same ``apply_locked`` path as a person's move, so versions, locks and the move log behave the same.
"""

from __future__ import annotations

import logging
import threading
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import close_old_connections, transaction

from core.engine import decide, rng_for
from core.models import Match
from core.plugins import registry

from .errors import Refused

log = logging.getLogger(__name__)
_worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeplehall-bots")
_pending: set[int] = set()
_pending_lock = threading.Lock()
_inline = threading.local()
MAX_BOT_PLIES = 5000


def wake_bots(match_id: int) -> None:
    """Make sure the bots of ``match_id`` get to move; cheap to call after every commit.

    Each bot move commits and calls this again, so both modes dedupe: inline, a call made while
    this thread is already playing bots returns at once (the running loop goes on); threaded, a
    match already queued is not queued twice.
    """
    if getattr(settings, "BOTS_INLINE", False):
        run_bots(match_id)
        return
    with _pending_lock:
        if match_id in _pending:
            return
        _pending.add(match_id)
    _worker.submit(_run_in_thread, match_id)


def _run_in_thread(match_id: int) -> None:
    with _pending_lock:
        _pending.discard(match_id)
    close_old_connections()
    try:
        run_bots(match_id)
    except Exception:
        log.exception("bot run failed for match %s", match_id)
    finally:
        close_old_connections()


def run_bots(match_id: int) -> int:
    """Play every bot move that is due, one transaction each; return how many were played.

    Re-entrant calls (a bot move's commit waking the bots again in this thread) return at once.
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
    from .matches import apply_locked

    with transaction.atomic():
        match = Match.objects.select_for_update().get(pk=match_id)
        if match.status != Match.Status.ACTIVE:
            return False
        game = registry().game(match.game_slug)
        to_act = game.to_act(match.state)
        seat = next(
            (s for s in match.seats.order_by("position") if s.position in to_act and s.plays_by_bot),
            None,
        )
        if seat is None:
            return False
        bots = registry()
        bot = bots.bot(match.game_slug, seat.bot) if seat.bot else bots.best_bot(match.game_slug)
        move = decide(bot, game, match.state, seat.position, rng_for(f"{match.seed}:bot", match.version + 1))
        try:
            apply_locked(match, seat.position, move, by_bot=True)
        except Refused:
            log.exception("bot %s proposed an illegal move in match %s", bot, match_id)
            return False
    return True
