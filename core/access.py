"""Who may see a table: the one rule shared by pages and websockets.

Public tables are open to everyone. A private table is open to its seated players, to staff, and
to anyone who has opened its current invite link in this browser session (the match and the
token are remembered in the session, so a socket from the same browser is let in too). When the
host replaces the link (``tables.rotate_invite``), the remembered token no longer matches, so
everyone who opened the old link is out.
"""

from __future__ import annotations

import hashlib

from core.models import Match

INVITES_KEY = "invited_matches"
INVITE_TOKENS_KEY = "invite_tokens"
"""match id (as text) -> the invite token this session opened it with."""


def remember_invite(session, match: Match) -> None:
    invited = set(session.get(INVITES_KEY, []))
    invited.add(match.pk)
    session[INVITES_KEY] = sorted(invited)
    session[INVITE_TOKENS_KEY] = {**session.get(INVITE_TOKENS_KEY, {}), str(match.pk): match.invite_token}


def holds_invite(session, match: Match) -> bool:
    """Whether this session opened ``match``'s invite link as it is now."""
    return (
        session is not None
        and match.pk in session.get(INVITES_KEY, [])
        and session.get(INVITE_TOKENS_KEY, {}).get(str(match.pk)) == match.invite_token
    )


def invite_fingerprint(match: Match) -> str:
    """Which invite link a table has now, without the token: open sockets compare it with the
    one they were let in under, so a new link shuts out those who only held the old one."""
    return hashlib.sha256(match.invite_token.encode()).hexdigest()[:16]


def can_view(match: Match, user, session) -> bool:
    if not match.private:
        return True
    if user is not None and user.is_authenticated:
        if user.is_staff or match.seats.filter(user=user).exists():
            return True
    return holds_invite(session, match)
