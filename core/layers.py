"""The channel layers: Channels' in-memory layer made cheap for many sockets, and channels-redis
taught to say which groups have listeners.

Channels' ``InMemoryChannelLayer`` scans every channel and every group membership for expired
messages on each ``receive`` and each ``group_send``: with hundreds of sockets that scan was a
visible share of a move's CPU. Here the scan runs at most once a second, and a group send puts
the message straight into each member's queue instead of starting a task per member.

The layer's queues belong to the event loop of the server; publishers running on other
threads (bots, the clock) hand their sends to that loop (see :func:`core.services.notify.send_many`).

Both layers answer :meth:`groups_with_members`, so a publisher renders no frame and no badge
that no socket would receive, on one process or many.
"""

from __future__ import annotations

import asyncio
import threading
import time

import redis
import redis.sentinel
from channels.exceptions import ChannelFull
from channels.layers import InMemoryChannelLayer
from channels_redis.core import RedisChannelLayer

CLEAN_EVERY = 1.0


class FastInMemoryChannelLayer(InMemoryChannelLayer):
    loop: asyncio.AbstractEventLoop | None = None

    def _clean_expired(self):
        now = time.monotonic()
        if now - getattr(self, "_cleaned_at", 0.0) >= CLEAN_EVERY:
            self._cleaned_at = now
            super()._clean_expired()

    def groups_with_members(self, groups) -> set[str]:
        """Which of ``groups`` have a channel in them now (read from any thread: dict look-ups).
        A socket joins its groups before it reads the match, so one joining after this answer
        reads the committed state itself and misses nothing."""
        return {group for group in groups if self.groups.get(group)}

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


def _sync_pool(host: dict):
    """A blocking connection pool to one of the layer's hosts, built as channels-redis builds
    its asyncio pools (``channels_redis.utils.create_pool``), for callers on sync threads."""
    host = dict(host)
    if "address" in host:
        return redis.ConnectionPool.from_url(host.pop("address"), **host)
    master_name = host.pop("master_name", None)
    if master_name is not None:
        sentinel = redis.sentinel.Sentinel(host.pop("sentinels"), sentinel_kwargs=host.pop("sentinel_kwargs", None))
        return redis.sentinel.SentinelConnectionPool(master_name, sentinel, **host)
    return redis.ConnectionPool(**host)


class ListeningRedisChannelLayer(RedisChannelLayer):
    """channels-redis, plus the membership question the publisher asks before rendering.

    Group members live in a sorted set per group, scored by when they joined, and count until
    ``group_expiry``: the same rule ``group_send`` applies. A channel of a process that died
    without leaving counts until then, which costs a render, never a lost frame. The question
    is asked from the publisher's sync thread, so it goes through a blocking client, one
    pipelined round trip per host.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._sync_pools: dict[int, redis.ConnectionPool] = {}
        self._sync_lock = threading.Lock()

    def _sync_client(self, index: int) -> redis.Redis:
        with self._sync_lock:
            if index not in self._sync_pools:
                self._sync_pools[index] = _sync_pool(self.hosts[index])
        return redis.Redis(connection_pool=self._sync_pools[index])

    def groups_with_members(self, groups) -> set[str]:
        groups = list(dict.fromkeys(groups))
        by_host: dict[int, list[str]] = {}
        for group in groups:
            by_host.setdefault(self.consistent_hash(group), []).append(group)
        since = int(time.time()) - self.group_expiry
        listened = set()
        for index, host_groups in by_host.items():
            pipe = self._sync_client(index).pipeline(transaction=False)
            for group in host_groups:
                pipe.zcount(self._group_key(group), since, "+inf")
            listened.update(g for g, count in zip(host_groups, pipe.execute(), strict=True) if count)
        return listened
