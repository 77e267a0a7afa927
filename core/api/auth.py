"""Personal access tokens: made, checked and revoked.

A token is ``mh_`` followed by 40 random characters. Only its SHA-256 is stored, so a copy of
the database gives no one a working token; its first characters (``prefix``) are kept in clear
so the owner can tell their tokens apart. A request names it in ``Authorization: Bearer``; the
API never reads the session cookie, so no page a player visits can act through it (and no CSRF
token is needed).
"""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta
from enum import StrEnum

from django.db import transaction
from django.utils import timezone

from core.models import ApiToken
from core.services.sessions import account_changed

TOKEN_START = "mh_"
PREFIX_CHARS = 10
#: ``last_used_at`` is written at most this often per token, not on every request.
LAST_USED_EVERY = timedelta(minutes=1)
MAX_TOKENS_PER_USER = 20


class Scope(StrEnum):
    """What a token may do. Tournaments will add their own scope here when they exist."""

    READ = "read"
    PLAY = "play"


SCOPE_HELP = {
    Scope.READ: "Read your account and stream your events and your games.",
    Scope.PLAY: "Play: make moves, resign, chat, open and join tables, answer invitations.",
}


class TokenRefused(Exception):
    """Why a request's token does not let it in: ``message`` for the caller, HTTP ``status``."""

    def __init__(self, message: str, status: int = 401):
        super().__init__(message)
        self.message, self.status = message, status


def digest_of(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def issue(user, name: str, scopes) -> tuple[ApiToken, str]:
    """A new token for ``user``: the stored row and the whole token, which is shown once."""
    chosen = sorted({Scope(s).value for s in scopes})
    if not chosen:
        raise ValueError("A token needs at least one scope.")
    with transaction.atomic():
        if user.api_tokens.select_for_update().filter(revoked_at__isnull=True).count() >= MAX_TOKENS_PER_USER:
            raise ValueError(f"You have {MAX_TOKENS_PER_USER} tokens, the most at once; revoke one first.")
        token = TOKEN_START + secrets.token_urlsafe(30)
        row = ApiToken.objects.create(user=user, name=name.strip()[:60] or "Unnamed",
                                      prefix=token[:PREFIX_CHARS], digest=digest_of(token), scopes=chosen)
    return row, token


def revoke(token: ApiToken) -> None:
    """Revoke ``token``; after the commit its open streams are told, and end (see
    :func:`still_admitted`)."""
    with transaction.atomic():
        if ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=timezone.now()):
            user_id = token.user_id
            transaction.on_commit(lambda: account_changed(user_id))


def still_admitted(token_id: int) -> str | None:
    """Why a stream opened with this token must end now (revoked, account suspended), or None."""
    token = ApiToken.objects.select_related("user").filter(pk=token_id).first()
    if token is None or token.revoked:
        return "This token was revoked."
    if not token.user.is_active:
        return "This account is deactivated."
    return None


def bearer(header: str) -> str | None:
    """The token of an ``Authorization`` header, or None when it names no bearer token."""
    scheme, _, value = header.strip().partition(" ")
    value = value.strip()
    if scheme.lower() != "bearer" or not value or len(value) > 200:
        return None
    return value


def authenticate(header: str, scope: Scope) -> ApiToken:
    """The live token that ``header`` carries, with its user, allowed ``scope``; else
    :class:`TokenRefused` (401 for a missing, unknown or revoked token, 403 for a missing
    scope or a deactivated account)."""
    value = bearer(header or "")
    if value is None:
        raise TokenRefused("Send a personal access token: Authorization: Bearer <token>.")
    token = ApiToken.objects.select_related("user__profile").filter(digest=digest_of(value)).first()
    if token is None:
        raise TokenRefused("This token is not known.")
    if token.revoked:
        raise TokenRefused("This token was revoked.")
    if not token.user.is_active:
        raise TokenRefused("This account is deactivated.", 403)
    if scope.value not in token.scopes:
        raise TokenRefused(f"This token lacks the {scope.value!r} scope.", 403)
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_EVERY:
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
    return token
