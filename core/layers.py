"""The embedded channel layer: Channels' in-memory layer, made cheap for many sockets.

Channels' ``InMemoryChannelLayer`` scans every channel and every group membership for expired
messages on each ``receive`` and each ``group_send``: with hundreds of sockets that scan was a
visible share of a move's CPU. Here the scan runs at most once a second, and a group send puts
the message straight into each member's queue instead of starting a task per member.

The layer's queues belong to the event loop of the server; publishers running on other
threads (bots, the clock) hand their sends to that loop (see :func:`core.services.notify.send_many`).
"""

from __future__ import annotations

import asyncio
import time

from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer

CLEAN_EVERY = 1.0


class FastInMemoryChannelLayer(InMemoryChannelLayer):
    loop: asyncio.AbstractEventLoop | None = None

    def _clean_expired(self):
        now = time.monotonic()
        if now - getattr(self, "_cleaned_at", 0.0) >= CLEAN_EVERY:
            self._cleaned_at = now
            super()._clean_expired()

    def has_members(self, group: str) -> bool:
        """Whether any channel is in ``group`` now (read from any thread: a dict look-up). A
        socket joins its groups before it reads the match, so one joining after this answer
        reads the committed state itself and misses nothing."""
        return bool(self.groups.get(group))

    async def group_add(self, group, channel):
        self.loop = asyncio.get_running_loop()
        await super().group_add(group, channel)

    async def group_send(self, group, message):
        assert isinstance(message, dict), "Message is not a dict"
        self.require_valid_group_name(group)
        self._clean_expired()
        for channel in list(self.groups.get(group, {})):
            try:
                await self.send(channel, message)
            except ChannelFull:
                pass
