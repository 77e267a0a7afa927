"""The portal's ASGI stack plus the bench-only sockets ``ws/echo/`` and ``ws/fanout/<table>/``.

bench/latency.py and bench/floor.py serve this module (``daphne bench.asgi:application``) so
their floors go through the same origin check and session middleware as the match sockets,
while the portal's own routing (core/routing.py) knows nothing of benchmarks.
"""

from channels.auth import AuthMiddlewareStack
from channels.routing import ProtocolTypeRouter, URLRouter
from channels.security.websocket import AllowedHostsOriginValidator
from django.urls import path

from bench.echo import EchoConsumer, FanOutConsumer
from config.asgi import django_asgi_app
from core.routing import websocket_urlpatterns

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(
            [*websocket_urlpatterns, path("ws/echo/", EchoConsumer.as_asgi()),
             path("ws/fanout/<int:table>/", FanOutConsumer.as_asgi())]
        ))),
    }
)
