"""Websocket routes. ``ws/echo/`` exists only for bench/latency.py (MEEPLEHALL_BENCH_ECHO=1)."""

import os

from django.urls import path

from .consumers import MatchConsumer, PortalConsumer

websocket_urlpatterns = [
    path("ws/match/<int:pk>/", MatchConsumer.as_asgi()),
    path("ws/portal/", PortalConsumer.as_asgi()),
]

if os.environ.get("MEEPLEHALL_BENCH_ECHO") == "1":
    from bench.echo import EchoConsumer

    websocket_urlpatterns.append(path("ws/echo/", EchoConsumer.as_asgi()))
