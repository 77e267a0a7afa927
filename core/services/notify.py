"""Telling connected sockets that something changed. Always called after commit.

Messages carry no game content: each consumer re-reads the match and renders its own user's
view, so nothing secret can ride along in a broadcast.
"""

from __future__ import annotations

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def _send(group: str, message: dict) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        async_to_sync(layer.group_send)(group, message)
    except Exception:  # a broken channel layer must not undo a committed move
        log.exception("could not notify %s", group)


def match_changed(match_id: int, version: int, user_ids: list[int]) -> None:
    _send(f"match-{match_id}", {"type": "match.update", "version": version})
    for uid in user_ids:
        _send(user_group(uid), {"type": "user.update"})


def lobby_changed() -> None:
    _send(LOBBY_GROUP, {"type": "lobby.update"})


def chat_posted(match_id: int) -> None:
    _send(f"match-{match_id}", {"type": "chat.update"})
