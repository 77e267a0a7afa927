"""The API's URLs, from the route table; a wrong method is a JSON 405, before any token check."""

from __future__ import annotations

import functools

from asgiref.sync import iscoroutinefunction
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

from .replies import error
from .routes import ROUTES


def _only(method: str, view):
    def refused():
        response = error(f"Use {method} here.", 405)
        response["Allow"] = method
        return response

    if iscoroutinefunction(view):
        @functools.wraps(view)
        async def async_view(request, *args, **kwargs):
            if request.method != method:
                return refused()
            return await view(request, *args, **kwargs)

        return csrf_exempt(async_view)

    @functools.wraps(view)
    def sync_view(request, *args, **kwargs):
        if request.method != method:
            return refused()
        return view(request, *args, **kwargs)

    return csrf_exempt(sync_view)


urlpatterns = [path(route.path, _only(route.method, route.view), name=route.name) for route in ROUTES]
