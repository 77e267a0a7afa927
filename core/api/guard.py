"""The door every endpoint goes through: token, scope, rate limit, and errors as JSON.

``@endpoint(Scope.PLAY)`` wraps a view: the request gets ``request.api_token`` and
``request.api_user`` (never the session's user), refusals of the services (:class:`Refused`)
and of the body reader (:class:`BadBody`) become ``{"error": ...}`` with their status, and a
table that does not exist is a 404. Stream views are async; their token check runs on a worker
thread (:func:`core.consumers.in_thread`, which closes stale connections around it, so a long
stream holds neither a thread nor a connection) before the stream starts, so a refused stream is
an ordinary JSON error.
"""

from __future__ import annotations

import functools
import logging

from asgiref.sync import iscoroutinefunction
from django.views.decorators.csrf import csrf_exempt

from core.consumers import in_thread
from core.dblock import BUSY, is_lock_timeout
from core.models import Match
from core.services.errors import Refused

from . import limits
from .auth import Scope, TokenRefused, authenticate
from .replies import BadBody, error

log = logging.getLogger(__name__)

NO_TABLE = "No such table, or it is private."


def admit(request, scope: Scope):
    """None when the request may go on (its token and user set on it), else the refusal."""
    try:
        token = authenticate(request.headers.get("Authorization", ""), scope)
    except TokenRefused as exc:
        headers = {"WWW-Authenticate": 'Bearer realm="meeplehall"'} if exc.status == 401 else None
        return error(exc.message, exc.status, headers)
    wait = limits.retry_after(token)
    if wait is not None:
        return error(f"Too many requests with this token; try again in {wait} s.", 429,
                     {"Retry-After": str(wait)})
    request.api_token, request.api_user = token, token.user
    return None


def handle(view, request, *args, **kwargs):
    try:
        return view(request, *args, **kwargs)
    except BadBody as exc:
        return error(exc.message, exc.status)
    except Refused as exc:
        return error(exc.message, exc.status)
    except Match.DoesNotExist:
        return error(NO_TABLE, 404)
    except Exception as exc:
        if is_lock_timeout(exc):
            return error(BUSY, 503, {"Retry-After": "1"})
        raise


def endpoint(scope: Scope):
    def wrap(view):
        if iscoroutinefunction(view):
            @functools.wraps(view)
            async def async_view(request, *args, **kwargs):
                refusal = await in_thread(admit)(request, scope)
                return refusal or await view(request, *args, **kwargs)

            return csrf_exempt(async_view)

        @functools.wraps(view)
        def sync_view(request, *args, **kwargs):
            return admit(request, scope) or handle(view, request, *args, **kwargs)

        return csrf_exempt(sync_view)

    return wrap

