"""A bare Channels echo consumer: the floor that bench/latency.py compares move latency with.

It is routed at ``ws/echo/`` only by bench/asgi.py, the application bench/latency.py serves, so
it never exists in a normal portal. It goes through the same ASGI stack as
the match sockets (origin check, session middleware) and echoes each frame straight back: no
database, no channel layer, no rendering.
"""

from channels.generic.websocket import AsyncWebsocketConsumer


class EchoConsumer(AsyncWebsocketConsumer):
    async def receive(self, text_data=None, bytes_data=None):
        await self.send(text_data=text_data, bytes_data=bytes_data)
