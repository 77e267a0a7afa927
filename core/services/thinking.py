"""Hard bots think in worker processes, never on the web process's event loop or request threads.

A search decision is CPU-bound pure Python for up to ``HARD_SECONDS`` (1 s): run in the web
process it would hold the GIL against every request and socket. :func:`think` is the picklable
function a worker runs (it rebuilds the game registry once per worker and asks the bot through
:func:`core.engine.decide`, so the bot still sees only its seat's view); :func:`move_for` is what
the bot scheduler calls: hard bots go to a ``ProcessPoolExecutor`` (spawn context, so no Django
state or open database connection is forked; ``settings.BOT_THINKERS`` workers, default 1). The
other strengths decide inline while they answer in a few milliseconds; a bot whose inline
decisions take longer than ``settings.BOT_INLINE_MS`` on average (Kavango's heuristic does) thinks
in the pool from then on: a profile of a server carrying five all-bot Kavango tables found a third
of its Python time in those decisions, on the same GIL as every person's move.

Bound: a hard decision takes at most ``HARD_SECONDS`` in the worker, the heuristic's own move
included (see :mod:`core.engine.strengths`: in a worker's main thread an alarm stops a step still
running at the deadline); the caller waits at most ``settings.BOT_THINK_TIMEOUT`` (default 5 s, room for a cold
worker to start) and otherwise plays the normal bot's move, so a bot seat never stalls a table.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from django.conf import settings

from core.engine import Bot, Game, decide, rng_for
from core.engine.game import Move, State
from core.engine.strengths import HARD, NORMAL, at_strength, strength
from core.thinker import start_worker

log = logging.getLogger(__name__)
DEFAULT_THINKERS = 1
DEFAULT_TIMEOUT = 5.0
DEFAULT_INLINE_MS = 5.0
DEFAULT_NICE = 5

_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
_worker_registry: Any = None


def think(game_slug: str, bot_name: str, state: State, seat: int, seed: int | str, ply: int = 0) -> Move:
    """The move bot ``bot_name`` makes for ``seat``, with the generator ``rng_for(seed, ply)``:
    the same move an inline ``decide`` with that generator would make (for a bot on an
    iteration budget). Top-level and argument-only, so a worker process can run it."""
    registry = worker_registry()
    return decide(registry.bot(game_slug, bot_name), registry.game(game_slug), state, seat, rng_for(seed, ply))


def worker_registry() -> Any:
    """The worker's own game registry, built as the worker starts (:mod:`core.thinker`)."""
    global _worker_registry
    if _worker_registry is None:
        from core.plugins import build_registry, discover_apps

        _worker_registry = build_registry(discover_apps())
    return _worker_registry


def warm_up() -> None:
    """Start the workers now (at process start, say), so the first hard decision does not pay
    for a worker's start and its registry."""
    pool().submit(_prepare)


def _prepare() -> None:
    worker_registry()


def pool() -> ProcessPoolExecutor:
    """The process pool, started on first use (spawn context, ``BOT_THINKERS`` workers)."""
    global _pool
    with _pool_lock:
        if _pool is None:
            # a worker sets Django up first (unpickling think imports core.services, hence the
            # models); spawned workers inherit this environment variable
            os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
            _pool = ProcessPoolExecutor(
                max_workers=getattr(settings, "BOT_THINKERS", DEFAULT_THINKERS),
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_worker,
                initargs=(getattr(settings, "BOT_THINKER_NICE", DEFAULT_NICE), os.getpid()),
            )
        return _pool


def shutdown() -> None:
    """Stop the worker processes (tests, and process exit)."""
    global _pool
    with _pool_lock:
        if _pool is not None:
            _pool.shutdown(cancel_futures=True)
            _pool = None


def _discard(broken: ProcessPoolExecutor) -> None:
    """Forget a pool whose worker died (killed, out of memory): a broken pool refuses every
    submission for ever, so the next hard decision starts a new one instead."""
    global _pool
    with _pool_lock:
        if _pool is broken:
            _pool = None
    broken.shutdown(wait=False, cancel_futures=True)


def thinks_hard(bot: Bot) -> bool:
    return strength(bot) == HARD


_inline_ms: dict[tuple[str, str], float] = {}  # (game, bot) -> moving mean of inline decisions


def _slow_inline(game: Game, bot: Bot) -> bool:
    limit = getattr(settings, "BOT_INLINE_MS", DEFAULT_INLINE_MS)
    return _inline_ms.get((game.slug, bot.name), 0.0) > limit


def _timed_inline(game: Game, bot: Bot, took_ms: float) -> None:
    key = (game.slug, bot.name)
    before = _inline_ms.get(key)
    _inline_ms[key] = took_ms if before is None else 0.8 * before + 0.2 * took_ms


def move_for(bots: dict[str, Bot], bot: Bot, game: Game, state: State, seat: int,
             seed: int | str, ply: int) -> Move:
    """The bot scheduler's way to get a move: hard and slow bots think in the pool, others inline.

    ``bots`` is the registry's ``bots_for(game.slug)`` (for the fallback). If the pool does not
    answer within ``BOT_THINK_TIMEOUT`` or fails, the normal-strength bot moves instead.
    """
    if not thinks_hard(bot) and not _slow_inline(game, bot):
        started = time.perf_counter()
        move = decide(bot, game, state, seat, rng_for(seed, ply))
        _timed_inline(game, bot, (time.perf_counter() - started) * 1000)
        return move
    timeout = getattr(settings, "BOT_THINK_TIMEOUT", DEFAULT_TIMEOUT)
    workers = pool()
    try:
        future = workers.submit(think, game.slug, bot.name, state, seat, seed, ply)
        return future.result(timeout=timeout)
    except FutureTimeout:
        future.cancel()
        log.warning("%s did not answer within %.1f s in %s; the normal bot moves", bot, timeout, game.slug)
    except BrokenProcessPool:
        log.error("the bot-thinking worker died; %s's move in %s is the normal bot's, and a new "
                  "worker starts for the next one", bot, game.slug)
        _discard(workers)
    except Exception:
        log.exception("%s failed to think in %s; the normal bot moves", bot, game.slug)
    stand_in = at_strength(bots, NORMAL) or bots["random"]
    return decide(stand_in, game, state, seat, rng_for(seed, ply))
