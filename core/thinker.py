"""The start of a bot-thinking worker process (:mod:`core.services.thinking`).

It lives outside ``core.services`` because a spawned worker unpickles its initializer before
Django is set up, and importing ``core.services`` loads the models.
"""

from __future__ import annotations

import os

import django


def start_worker(niceness: int) -> None:
    """A worker yields the CPU to the web process (``settings.BOT_THINKER_NICE``): a decision is
    bounded in time anyway, and a person's request should not wait behind a bot's thinking on a
    machine with few cores."""
    if niceness and hasattr(os, "nice"):
        os.nice(niceness)
    django.setup()
