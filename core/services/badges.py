"""The nav bar's badge: how many matches wait for the user's move, and rematch invites.

A user's portal sockets (one per open page) all show the same badge, so after a change it is
rendered once per user, here, and the bytes go to that user's own group: a socket never reads
the database for it. The count comes from the seats to act each match keeps, so no game state
is parsed however many matches the user has going.
"""

from __future__ import annotations

from django.template.loader import render_to_string

from . import notify
from .queries import invites_for, matches_awaiting


def badge_context(user_id: int) -> dict:
    return {"your_turn_count": len(matches_awaiting(user_id)), "rematch_invites": invites_for(user_id)}


def badge_html(user_id: int) -> str:
    """The badge as an out-of-band swap for the user's portal sockets."""
    return render_to_string("core/_turn_badge.html", {**badge_context(user_id), "oob": True})


def changed(user_ids) -> None:
    """Send a fresh badge to each user's portal sockets (only to users who have one open, where
    the channel layer can tell)."""
    groups = {user_id: notify.user_group(user_id) for user_id in user_ids}
    open_pages = notify.listened(groups.values()) if groups else set()
    notify.send_many([
        (group, {"type": "user.update", "html": badge_html(user_id)})
        for user_id, group in groups.items() if group in open_pages
    ])
