"""Response headers the whole site shares, and the one check of control characters in what the
portal reads."""

from __future__ import annotations

import logging
import re

from asgiref.sync import iscoroutinefunction
from django.conf import settings
from django.http import Http404, HttpResponseBadRequest
from django.template.loader import render_to_string
from django.utils.decorators import sync_and_async_middleware
from django.utils.deprecation import MiddlewareMixin
from django.utils.html import format_html

logger = logging.getLogger(__name__)

CONTROL_CHARACTERS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""C0 controls but tab, line feed and carriage return; DEL; C1 controls. No text a person writes
holds them, PostgreSQL refuses NUL in text (a 500 where SQLite stored it), and the rest only
garble what others read."""


class ContentSecurityPolicyMiddleware(MiddlewareMixin):
    """Sends ``settings.CONTENT_SECURITY_POLICY`` and ``settings.PERMISSIONS_POLICY`` with every
    response that does not set its own.

    With ``script-src 'self'`` a browser runs only script files served by the portal, so text a
    player writes (names, chat) cannot become script even if some template forgot to escape it.
    The Permissions-Policy denies browser features the portal never uses (camera, microphone,
    location, payment...), to its pages and to anything they might embed.
    MiddlewareMixin keeps it usable in async (daphne) and sync stacks.
    """

    def process_response(self, request, response):
        for header, policy in (("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY),
                               ("Permissions-Policy", getattr(settings, "PERMISSIONS_POLICY", ""))):
            if policy and header not in response.headers:
                response.headers[header] = policy
        return response


def _shown(name: str) -> str:
    return CONTROL_CHARACTERS.sub("", name)[:60]


def _refused(request, name: str):
    """400 with a sentence naming the field: a fragment for htmx (swapped where the form shows
    its feedback), else the portal's 400 page."""
    field = f"The field “{_shown(name)}”" if not CONTROL_CHARACTERS.search(name) else "A field's name"
    sentence = f"{field} holds a control character (such as NUL), which nothing here accepts, so nothing was changed."
    if request.headers.get("HX-Request"):
        return HttpResponseBadRequest(format_html('<p class="feedback error" role="alert">{} {}</p>', sentence,
                                                  "Remove it and try again."))
    try:
        body = render_to_string("400.html", {"reason": sentence})
    except Exception:  # an error page must answer, whatever broke
        logger.exception("the 400 page could not be rendered")
        body = format_html("<!doctype html><title>Bad request</title><h1>Bad request</h1><p>{}</p>", sentence)
    return HttpResponseBadRequest(body)


def control_character_refusal(request):
    """The answer to a request holding a control character where the portal reads text, or None.

    - the URL path: not found (raises Http404): no page has such a name;
    - a query parameter or a form field (name or value): 400 naming it;
    - a cookie: dropped, as if never sent (a session cookie holding NUL made the session
      lookup fail on PostgreSQL).
    """
    if CONTROL_CHARACTERS.search(request.path_info):
        raise Http404("No such page.")
    for name in [n for n, value in request.COOKIES.items() if CONTROL_CHARACTERS.search(n + value)]:
        del request.COOKIES[name]
    sources = [request.GET]
    if request.method == "POST":
        sources.append(request.POST)
    for data in sources:
        for name, values in data.lists():
            if CONTROL_CHARACTERS.search(name) or any(CONTROL_CHARACTERS.search(v) for v in values):
                return _refused(request, name)
    return None


@sync_and_async_middleware
def refuse_control_characters(get_response):
    """Refuses control characters in every URL path, query parameter, form field and cookie
    (:func:`control_character_refusal`), before any view, form or query sees them: one place
    for the whole portal, the admin included, instead of a check per view. Placed before the
    session middleware, which reads the session cookie. The check is plain string work, so the
    async stack runs it in place, without a thread hop."""
    if iscoroutinefunction(get_response):

        async def middleware(request):
            return control_character_refusal(request) or await get_response(request)

    else:

        def middleware(request):
            return control_character_refusal(request) or get_response(request)

    return middleware
