"""Error pages of the portal's own.

Django refuses a form POST that declares another charset than UTF-8 (``charset=latin-1``) with
BadRequest. Its default 400 handler is wrapped in ``requires_csrf_token``, which reads the same
POST body again, raises again, and the client gets a 500. This handler reads nothing from the
request and falls back to fixed text if even the template fails.
"""

from __future__ import annotations

import logging

from django.http import HttpResponseBadRequest
from django.template.loader import render_to_string

logger = logging.getLogger(__name__)

FALLBACK_400 = (
    "<!doctype html><html lang=en><meta charset=utf-8><title>Bad request</title>"
    "<h1>Bad request</h1><p>The portal could not read that request.</p></html>"
)


def bad_request(request, exception=None):
    try:
        body = render_to_string("400.html")
    except Exception:  # the handler of last resort must answer, whatever broke
        logger.exception("the 400 page could not be rendered")
        body = FALLBACK_400
    return HttpResponseBadRequest(body)
