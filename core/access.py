"""Who may see a table: the one rule shared by pages and websockets.

Public tables are open to everyone. A private table is open to its seated players, to staff, and
to anyone who has opened its invite link in this browser session (the token is remembered in the
session, so a socket from the same browser is let in too).
"""

from __future__ import annotations

from core.models import Match

INVITES_KEY = "invited_matches"


def remember_invite(session, match: Match) -> None:
    invited = set(session.get(INVITES_KEY, []))
    invited.add(match.pk)
    session[INVITES_KEY] = sorted(invited)


def can_view(match: Match, user, session) -> bool:
    if not match.private:
        return True
    if user is not None and user.is_authenticated:
        if user.is_staff or match.seats.filter(user=user).exists():
            return True
    return session is not None and match.pk in session.get(INVITES_KEY, [])
