"""The start of a bot-thinking worker process (:mod:`core.services.thinking`).

It lives outside ``core.services`` because a spawned worker unpickles its initializer before
Django is set up, and importing ``core.services`` loads the models.
"""

from __future__ import annotations

import gc
import os
import threading
import time

import django

PARENT_CHECK_EVERY = 0.5  # seconds between a worker's looks at whether its server still lives


def start_worker(niceness: int, server_pid: int | None = None) -> None:
    """A worker yields the CPU to the web process (``settings.BOT_THINKER_NICE``): a decision is
    bounded in time anyway, and a person's request should not wait behind a bot's thinking on a
    machine with few cores.

    It builds its game registry at once and then freezes what it has loaded: Django and the
    plugins live as long as the worker, and frozen, the garbage collector's full rounds no longer
    walk them. A full round over what a started worker holds (about 90,000 objects) took 84-96 ms
    here, under 0.1 ms once frozen; and since a timed search holds the collector, the round it
    held landed in the next decision, a normal bot's as often as not.
    """
    if server_pid is not None:
        _end_with(server_pid)
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    django.setup()
    from core.services.thinking import worker_registry

    worker_registry()
    gc.freeze()


def _end_with(server_pid: int) -> None:
    """End this worker as soon as the server process that started it is gone.

    A server killed with SIGKILL (or by the kernel when out of memory) never shuts its pool down,
    and an orphaned worker would keep its memory and connections for ever. The worker is then
    handed to another parent, so a daemon thread that sees its parent change exits the process.
    (Linux's PR_SET_PDEATHSIG fires when the parent *thread* ends, and the pool starts workers
    from whichever thread submits first, so it would kill healthy workers.)
    """

    def watch():
        while os.getppid() == server_pid:
            time.sleep(PARENT_CHECK_EVERY)
        os._exit(0)

    threading.Thread(target=watch, name="meeplehall-end-with-server", daemon=True).start()
