"""The Redis channel layer under a burst, as inside one busy daphne process.

Every socket of a process shares that process's Redis connection pool and its one Redis queue.
channels-redis drops a message when either is full: redis-py's asyncio pool refuses (rather than
waits) past its connection limit, and a group message to a process whose queue holds `capacity`
messages is skipped. Either way a socket never shows the move. So a burst of concurrent group
sends, the way a process with hundreds of sockets produces them, must all be delivered.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.servers import ROOT

pytestmark = pytest.mark.services
BURST = 400

SCRIPT = f"""
import asyncio, json
import django
django.setup()
from channels.layers import get_channel_layer

async def main():
    layer = get_channel_layer()
    channels = [await layer.new_channel() for _ in range(20)]
    for n, channel in enumerate(channels):
        await layer.group_add(f"burst-{{n % 10}}", channel)
    sends = [layer.group_send(f"burst-{{n % 10}}", {{"type": "match.update", "version": n}})
             for n in range({BURST})]
    joins = [layer.group_add(f"burst-{{n % 10}}", await layer.new_channel()) for n in range({BURST})]
    results = await asyncio.gather(*sends, *joins, return_exceptions=True)
    failed = [repr(r) for r in results if isinstance(r, BaseException)]
    received = 0
    while True:
        try:
            await asyncio.wait_for(layer.receive(channels[0]), 2)
        except asyncio.TimeoutError:
            break
        received += 1
    print(json.dumps({{"failed": len(failed), "example": failed[:1], "received": received}}))

asyncio.run(main())
"""


def test_a_burst_of_group_sends_from_one_process_all_get_through(services_backend):
    run = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, env=services_backend.env(),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["failed"] == 0, report
    assert report["received"] == BURST // 10, report  # the first channel's group got every tenth


MEMBERSHIP = """
import asyncio, json
import django
django.setup()
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer

async def main():
    layer = get_channel_layer()
    ask = sync_to_async(layer.groups_with_members, thread_sensitive=False)  # as the publisher does
    listener = await layer.new_channel()
    await layer.group_add("frames-a", listener)
    await layer.group_add("frames-b", listener)
    joined = sorted(await ask(["frames-a", "frames-b", "frames-nobody"]))
    await layer.group_discard("frames-a", listener)
    left = sorted(await ask(["frames-a", "frames-b"]))
    print(json.dumps({"joined": joined, "left": left}))

asyncio.run(main())
"""


def test_the_publisher_sees_which_groups_have_sockets_on_redis(services_backend):
    """The publisher skips frames and badges nobody would receive; with Redis it must still see
    every group a socket (of any process) is in, and stop seeing one the socket left."""
    run = subprocess.run([sys.executable, "-c", MEMBERSHIP], cwd=ROOT, env=services_backend.env(),
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report == {"joined": ["frames-a", "frames-b"], "left": ["frames-b"]}, report
