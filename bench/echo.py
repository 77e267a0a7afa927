"""Bare Channels consumers: the floors that bench/latency.py and bench/floor.py compare with.

They are routed only by bench/asgi.py, the application those benches serve, so they never exist
in a normal portal. They go through the same ASGI stack as the match sockets (origin check,
session middleware) and the same consumer base (:class:`core.consumers.Socket`, which hands a
message to its handler without Channels' per-message hop to a thread), but touch no database
and render nothing.
"""

from core.consumers import Socket


class EchoConsumer(Socket):
    """Echoes each frame straight back: no channel layer either."""

    async def receive(self, text_data=None, bytes_data=None):
        await self.send(text_data=text_data, bytes_data=bytes_data)


class FanOutConsumer(Socket):
    """A move's fan-out with nothing else: a frame one socket sends reaches every socket of its
    table through the channel layer, as a move's frames do (one group send per socket, since each
    audience has its own group)."""

    async def connect(self):
        self.table = f"bench-fanout-{int(self.scope['url_route']['kwargs']['table'])}"
        await self.channel_layer.group_add(self.table, self.channel_name)
        await self.accept()

    async def disconnect(self, code):
        await self.channel_layer.group_discard(self.table, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        await self.channel_layer.group_send(self.table, {"type": "table.frame", "text": text_data})

    async def table_frame(self, event):
        await self.send(text_data=event["text"])
