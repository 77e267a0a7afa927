"""Response headers the whole site shares."""

from __future__ import annotations

from django.conf import settings
from django.utils.deprecation import MiddlewareMixin


class ContentSecurityPolicyMiddleware(MiddlewareMixin):
    """Sends ``settings.CONTENT_SECURITY_POLICY`` with every response that does not set its own.

    With ``script-src 'self'`` a browser runs only script files served by the portal, so text a
    player writes (names, chat) cannot become script even if some template forgot to escape it.
    MiddlewareMixin keeps it usable in async (daphne) and sync stacks without a thread hop.
    """

    def process_response(self, request, response):
        policy = settings.CONTENT_SECURITY_POLICY
        if policy and "Content-Security-Policy" not in response.headers:
            response.headers["Content-Security-Policy"] = policy
        return response
