"""A database that stays locked gives a readable 503, not a bare 500 the page never shows.

SQLite lets one writer at a time; a writer that waits longer than its ``timeout`` gives up with
OperationalError "database is locked" (PostgreSQL: "lock timeout"). Nothing was written, so the
honest answer is "busy, try again": 503 with Retry-After, as an htmx fragment for htmx requests
(static/js/meeplehall.js shows it) and as a small page otherwise. The answer is built without
the database or templates, which may be what is locked.
"""

from __future__ import annotations

import logging

from django.db import OperationalError
from django.http import HttpResponse
from django.utils.deprecation import MiddlewareMixin
from django.utils.html import escape

log = logging.getLogger(__name__)

BUSY = "The hall is very busy right now and could not save that. Nothing was changed: please try again in a few seconds."
RETRY_AFTER_SECONDS = 5
_PAGE = (
    "<!doctype html><html lang=en><meta charset=utf-8><title>Busy</title>"
    '<link rel="stylesheet" href="/static/css/meeplehall.css">'
    '<main class="container"><h1>Busy, please try again</h1><p role="alert">{}</p>'
    '<p><a href="{}">Try again</a></p></main></html>'
)


def is_lock_timeout(exc: BaseException) -> bool:
    text = str(exc).lower()
    return isinstance(exc, OperationalError) and ("database is locked" in text
                                                  or "database table is locked" in text
                                                  or "lock timeout" in text)


class DatabaseLockedMiddleware(MiddlewareMixin):
    def process_exception(self, request, exception):
        if not is_lock_timeout(exception):
            return None
        log.warning("%s %s: %s; answered 503", request.method, request.path, exception)
        if request.headers.get("HX-Request"):
            body = f'<p class="feedback error" role="alert">{escape(BUSY)}</p>'
        else:
            again = request.get_full_path() if request.method == "GET" else "/"
            body = _PAGE.format(escape(BUSY), escape(again))
        response = HttpResponse(body, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
