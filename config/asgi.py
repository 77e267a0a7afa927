"""ASGI entry point for daphne: HTTP through Django, websockets through Channels.

Websockets get session authentication and origin validation (only the hosts in ALLOWED_HOSTS may
open a socket). Loading this module in a server also starts the clock sweeper of this process.
"""

import gc
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402
from django.conf import settings  # noqa: E402

from core.routing import websocket_urlpatterns  # noqa: E402
from core.services.clocks import start_sweeper  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

start_sweeper(settings.CLOCK_INTERVAL)

# Everything loaded so far (Django, the plugins, their templates) lives as long as the process.
# Frozen, the cyclic garbage collector no longer walks it on every full collection: those walks
# paused a busy server for up to a third of a second, in the middle of someone's move.
gc.freeze()
