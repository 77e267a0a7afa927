"""The portal's ASGI stack plus the bench-only sockets ``ws/echo/`` and ``ws/fanout/<table>/``.

bench/latency.py and bench/floor.py serve this module (``daphne bench.asgi:application``) so
their floors go through the same origin check and session middleware as the match sockets,
while the portal's own routing (core/routing.py) knows nothing of benchmarks.
"""

from config.asgi import django_asgi_app  # noqa: I001 (first: it sets Django up for the consumers below)

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.urls import path  # noqa: E402

from bench.echo import EchoConsumer, FanOutConsumer  # noqa: E402
from core.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(
            [*websocket_urlpatterns, path("ws/echo/", EchoConsumer.as_asgi()),
             path("ws/fanout/<int:table>/", FanOutConsumer.as_asgi())]
        ))),
    }
)
