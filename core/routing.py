"""Websocket routes of the portal (the benchmark's echo socket lives in bench/asgi.py)."""

from django.urls import path

from .consumers import MatchConsumer, PortalConsumer

websocket_urlpatterns = [
    path("ws/match/<int:pk>/", MatchConsumer.as_asgi()),
    path("ws/portal/", PortalConsumer.as_asgi()),
]
