"""Move clocks: when a seat's time runs out its bot takes over (the player may take it back).

``sweep`` is run every few seconds by a thread inside each server process (see config.asgi), so
the embedded default needs no extra service. It is safe with several processes: each overdue
match is handled inside a transaction holding its row lock, and handling moves the deadline, so a
second process that waited for the lock finds nothing left to do.
"""

from __future__ import annotations

import logging
import threading
import time

from django.conf import settings
from django.db import close_old_connections, connection, transaction
from django.utils import timezone

from core.models import Match

from . import away, live, notices, tournaments
from .bots import resume_due
from .matches import deadline_for

log = logging.getLogger(__name__)
REMIND_EVERY = 60.0  # seconds between looks for correspondence clocks about to run out


def sweep(now=None) -> list[int]:
    """Hand every overdue seat to its bot; return the ids of the matches handled."""
    now = now or timezone.now()
    handled = []
    overdue = Match.objects.filter(status=Match.Status.ACTIVE, turn_deadline__lte=now)
    for match_id in list(overdue.values_list("pk", flat=True)):
        if _time_out(match_id, now):
            handled.append(match_id)
    return handled


def _time_out(match_id: int, now) -> bool:
    from .queries import seats_to_act

    with transaction.atomic():
        locked = Match.objects.select_for_update(
            skip_locked=connection.features.has_select_for_update_skip_locked
        ).filter(pk=match_id, status=Match.Status.ACTIVE, turn_deadline__lte=now)
        match = locked.first()
        if match is None:
            return False
        back = away.away_to_act(match)
        if back is not None:  # a player to move is on vacation: their clock stands still
            match.turn_deadline = deadline_for(match)
            match.save(update_fields=["turn_deadline"])
            live.changed(match)  # the frames show the new deadline
            log.info("clock of match %s waits for a player away until %s", match_id, back)
            return False
        due = seats_to_act(match)
        match.seats.filter(position__in=due, bot="", resigned=False).update(bot_takeover=True)
        match.turn_deadline = None
        match.save(update_fields=["turn_deadline"])
        log.info("clock ran out in match %s for seats %s", match_id, sorted(due))
        live.changed(match)
    return True


def start_sweeper(interval: float) -> threading.Thread | None:
    """Start this server process's background thread (once).

    It first resumes the bot moves a previous process left due (a restart after a crash), then,
    every ``interval`` seconds (0 = never), times out overdue seats, picks up bot chains that
    a dead process stopped (due for longer than ``settings.BOT_STALL`` seconds) and sends the
    notices that are due (:mod:`core.services.notices`) and starts the tournaments whose time
    has come; once a minute it ends the vacations that
    are over and queues clock reminders.
    """
    if any(t.name == "meeplehall-clock" for t in threading.enumerate()):
        return None

    def loop():
        _guarded(lambda: resume_due(starting=True))
        reminded = 0.0
        while interval > 0:
            time.sleep(interval)
            _guarded(sweep)
            _guarded(lambda: resume_due(float(getattr(settings, "BOT_STALL", 10))))
            if time.monotonic() - reminded >= REMIND_EVERY:
                reminded = time.monotonic()
                _guarded(away.end_vacations)
                _guarded(notices.remind_clocks)
            _guarded(notices.deliver_due)
            _guarded(tournaments.start_due)

    thread = threading.Thread(target=loop, name="meeplehall-clock", daemon=True)
    thread.start()
    return thread


def _guarded(task) -> None:
    try:
        close_old_connections()
        task()
    except Exception:
        log.exception("background task %s failed", getattr(task, "__name__", task))
