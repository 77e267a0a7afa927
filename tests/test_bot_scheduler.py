"""The bot scheduler plays each table's chain on its own, and people's tables before all-bot ones.

The scheduler is given a step that records which tables run at once instead of playing moves, so
these tests see its threads and lanes without a database.
"""

from __future__ import annotations

import threading
import time

from core.services.bots import Scheduler


class Steps:
    """A bot step that holds each table for ``hold`` seconds and notes who ran beside whom."""

    def __init__(self, hold: float = 0.15) -> None:
        self.hold = hold
        self.lock = threading.Lock()
        self.running: set[int] = set()
        self.beside: dict[int, set[int]] = {}
        self.done: list[int] = []

    def __call__(self, match_id: int) -> bool:
        with self.lock:
            self.beside.setdefault(match_id, set()).update(self.running)
            for other in self.running:
                self.beside.setdefault(other, set()).add(match_id)
            self.running.add(match_id)
        time.sleep(self.hold)
        with self.lock:
            self.running.discard(match_id)
            self.done.append(match_id)
        return True

    def wait_for(self, count: int, seconds: float = 10.0) -> None:
        deadline = time.monotonic() + seconds
        while len(self.done) < count and time.monotonic() < deadline:
            time.sleep(0.01)
        assert len(self.done) >= count, self.done


def test_all_bot_tables_share_one_lane_while_peoples_tables_run_beside_them():
    steps = Steps()
    scheduler = Scheduler(workers=4, unattended_workers=1, step=steps)
    for match_id in (1, 2, 3):
        scheduler.schedule(match_id, 0.0, attended=False)
    for match_id in (10, 11):
        scheduler.schedule(match_id, 0.0, attended=True)
    steps.wait_for(5)
    assert not steps.beside[1] & {2, 3} and not steps.beside[2] & {1, 3}, steps.beside
    assert {10, 11} <= steps.beside[10] | {10}, "people's tables ran at once, beside the lane"
    assert steps.done.index(10) < steps.done.index(3) and steps.done.index(11) < steps.done.index(3)


def test_a_table_rescheduled_while_it_runs_plays_again_in_its_own_lane():
    steps = Steps(hold=0.1)
    scheduler = Scheduler(workers=2, unattended_workers=1, step=steps)
    scheduler.schedule(1, 0.0, attended=False)
    time.sleep(0.03)
    scheduler.schedule(1, 0.0, attended=False)  # its own commit woke it while it ran
    scheduler.schedule(2, 0.0, attended=False)
    steps.wait_for(3)
    assert sorted(steps.done) == [1, 1, 2]
    assert steps.beside[1] == set() and steps.beside[2] == set()
