"""The start of a bot-thinking worker process (:mod:`core.services.thinking`).

It lives outside ``core.services`` because a spawned worker unpickles its initializer before
Django is set up, and importing ``core.services`` loads the models.
"""

from __future__ import annotations

import gc
import os

import django


def start_worker(niceness: int) -> None:
    """A worker yields the CPU to the web process (``settings.BOT_THINKER_NICE``): a decision is
    bounded in time anyway, and a person's request should not wait behind a bot's thinking on a
    machine with few cores.

    It builds its game registry at once and then freezes what it has loaded: Django and the
    plugins live as long as the worker, and frozen, the garbage collector's full rounds no longer
    walk them. A full round over what a started worker holds (about 90,000 objects) took 84-96 ms
    here, under 0.1 ms once frozen; and since a timed search holds the collector, the round it
    held landed in the next decision, a normal bot's as often as not.
    """
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    django.setup()
    from core.services.thinking import worker_registry

    worker_registry()
    gc.freeze()
