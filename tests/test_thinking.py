"""Hard bots think in a spawned worker process, answer within the stated bound, and make the
same move there as inline; a pool that does not answer in time hands the move to the normal bot."""

from __future__ import annotations

import os
import time

import pytest
from django.test import override_settings

from core.engine import decide, rng_for
from core.engine.strengths import HARD_SECONDS
from core.plugins import registry
from core.services import thinking

TTT = "tictactoe"


@pytest.fixture
def fresh_pool():
    thinking.shutdown()
    thinking._inline_ms.clear()
    yield
    thinking.shutdown()
    thinking._inline_ms.clear()


def opening():
    game = registry().game(TTT)
    return game, game.setup(2, {"first": "x"}, [{}, {}], rng_for("think", 0))


def test_think_runs_in_another_process_and_matches_an_inline_decision(fresh_pool):
    game, state = opening()
    bots = registry().bots_for(TTT)
    inline = decide(bots["blocker"], game, state, 0, rng_for("s", 1))
    assert thinking.pool().submit(thinking.think, TTT, "blocker", state, 0, "s", 1).result(timeout=60) == inline
    assert thinking.pool().submit(os.getpid).result(timeout=5) != os.getpid()


def test_a_hard_decision_answers_within_its_bound_once_the_worker_is_warm(fresh_pool):
    game, state = opening()
    bots = registry().bots_for(TTT)
    hard = bots["blocker-hard"]
    thinking.move_for(bots, hard, game, state, 0, "warm", 1)
    started = time.perf_counter()
    move = thinking.move_for(bots, hard, game, state, 0, "timed", 1)
    assert time.perf_counter() - started < HARD_SECONDS + 0.5
    assert move in game.legal_moves(state, 0)


@override_settings(BOT_THINK_TIMEOUT=0.0)
def test_a_pool_that_does_not_answer_in_time_lets_the_normal_bot_move(fresh_pool):
    game, state = opening()
    bots = registry().bots_for(TTT)
    move = thinking.move_for(bots, bots["blocker-hard"], game, state, 0, "late", 1)
    assert move == decide(bots["blocker"], game, state, 0, rng_for("late", 1))


def test_other_strengths_decide_inline_without_the_pool(fresh_pool):
    game, state = opening()
    bots = registry().bots_for(TTT)
    thinking.move_for(bots, bots["blocker-easy"], game, state, 0, "inline", 1)
    assert thinking._pool is None


def test_warm_up_prepares_the_worker(fresh_pool):
    thinking.warm_up()
    assert thinking.pool().submit(thinking._prepare).result(timeout=60) is None


def test_a_bot_that_decides_slowly_inline_thinks_in_the_pool_from_then_on(fresh_pool, monkeypatch):
    """Five all-bot tables of a slow heuristic held the web process's GIL against everyone else:
    once a bot's inline decisions average more than BOT_INLINE_MS, it thinks in a worker."""
    game, state = opening()
    bots = registry().bots_for(TTT)
    slow = bots["blocker"]
    clock = iter([0.0, 0.050])  # the first inline decision "takes" 50 ms
    monkeypatch.setattr(thinking.time, "perf_counter", lambda: next(clock))
    first = thinking.move_for(bots, slow, game, state, 0, "slow", 1)
    assert thinking._pool is None
    monkeypatch.undo()
    second = thinking.move_for(bots, slow, game, state, 0, "slow", 1)
    assert thinking._pool is not None
    assert second == first == decide(slow, game, state, 0, rng_for("slow", 1))


def test_a_bot_that_decides_quickly_stays_inline(fresh_pool):
    game, state = opening()
    bots = registry().bots_for(TTT)
    for ply in range(5):
        thinking.move_for(bots, bots["blocker"], game, state, 0, "quick", ply)
    assert thinking._pool is None


def test_the_workers_run_nicer_than_the_web_process(fresh_pool):
    with override_settings(BOT_THINKER_NICE=3):
        assert thinking.pool().submit(os.nice, 0).result(timeout=60) == min(os.nice(0) + 3, 19)


def test_a_worker_starts_with_its_registry_built_and_frozen_out_of_the_collectors_way(fresh_pool):
    import gc

    assert thinking.pool().submit(gc.get_freeze_count).result(timeout=60) > 10_000


def test_a_dead_worker_hands_the_move_to_the_normal_bot_and_a_new_worker_starts(fresh_pool):
    """Issue 49 item 10: a worker killed (or out of memory) breaks its pool, which then refuses
    every submission; the table must not freeze. The move is the normal bot's, and the next hard
    decision thinks in a new worker."""
    import signal
    from concurrent.futures.process import BrokenProcessPool

    game, state = opening()
    bots = registry().bots_for(TTT)
    broken = thinking.pool()
    worker = broken.submit(os.getpid).result(timeout=60)
    os.kill(worker, signal.SIGKILL)
    deadline = time.time() + 10
    while time.time() < deadline:  # the pool notices the death on its own thread
        try:
            broken.submit(os.getpid).result(timeout=5)
        except BrokenProcessPool:
            break
        time.sleep(0.1)
    else:
        pytest.fail("the pool never noticed its worker's death")
    move = thinking.move_for(bots, bots["blocker-hard"], game, state, 0, "after-death", 1)
    assert move in game.legal_moves(state, 0)
    assert thinking.pool() is not broken
    assert thinking.pool().submit(os.getpid).result(timeout=60) not in (worker, os.getpid())
