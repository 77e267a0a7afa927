"""The bot scheduler plays each table's chain on its own, and people's tables before all-bot ones.

The scheduler is given a step that records which tables run at once instead of playing moves, so
these tests see its threads and lanes without a database. Each step waits on events the test sets,
never on the clock, so a loaded machine changes how long a test takes, not what it sees.
"""

from __future__ import annotations

import threading

from core.services.bots import Scheduler

PATIENCE = 20.0  # seconds: only a broken scheduler waits this long


class Steps:
    """A bot step that holds each table until the test releases it and notes who ran beside whom."""

    def __init__(self) -> None:
        self.lock = threading.Condition()
        self.running: set[int] = set()
        self.beside: dict[int, set[int]] = {}
        self.started: list[int] = []
        self.done: list[int] = []
        self.released: set[int] = set()

    def __call__(self, match_id: int) -> bool:
        with self.lock:
            self.beside.setdefault(match_id, set()).update(self.running)
            for other in self.running:
                self.beside.setdefault(other, set()).add(match_id)
            self.running.add(match_id)
            self.started.append(match_id)
            self.lock.notify_all()
            assert self.lock.wait_for(lambda: match_id in self.released, PATIENCE), match_id
            self.running.discard(match_id)
            self.done.append(match_id)
            self.lock.notify_all()
        return True

    def release(self, *match_ids: int) -> None:
        with self.lock:
            self.released.update(match_ids)
            self.lock.notify_all()

    def wait_until(self, condition) -> None:
        with self.lock:
            assert self.lock.wait_for(lambda: condition(self), PATIENCE), (self.started, self.done)


def test_all_bot_tables_share_one_lane_while_peoples_tables_run_beside_them():
    steps = Steps()
    scheduler = Scheduler(workers=4, unattended_workers=1, step=steps)
    for match_id in (1, 2, 3):
        scheduler.schedule(match_id, 0.0, attended=False)
    for match_id in (10, 11):
        scheduler.schedule(match_id, 0.0, attended=True)
    steps.wait_until(lambda s: {1, 10, 11} <= set(s.running))
    assert steps.running == {1, 10, 11}, "one all-bot table at a time, people's tables beside it"
    steps.release(10, 11)
    steps.wait_until(lambda s: {10, 11} <= set(s.done))
    assert 1 in steps.running, "people's tables finished while the all-bot lane was still busy"
    steps.release(1, 2, 3)
    steps.wait_until(lambda s: len(s.done) == 5)
    assert not steps.beside[1] & {2, 3} and not steps.beside[2] & {1, 3}, steps.beside
    assert steps.beside[10] >= {11}, "people's tables ran at once"


def test_a_table_rescheduled_while_it_runs_plays_again_in_its_own_lane():
    steps = Steps()
    scheduler = Scheduler(workers=2, unattended_workers=1, step=steps)
    scheduler.schedule(1, 0.0, attended=False)
    steps.wait_until(lambda s: 1 in s.running)
    scheduler.schedule(1, 0.0, attended=False)  # its own commit woke it while it ran
    scheduler.schedule(2, 0.0, attended=False)
    steps.release(1, 2)
    steps.wait_until(lambda s: len(s.done) == 3)
    assert sorted(steps.done) == [1, 1, 2]
    assert steps.beside[1] == set() and steps.beside[2] == set()
