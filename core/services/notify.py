"""Channel groups and sending to them. Always called after commit.

Group names live here so consumers and publishers agree on them. What may travel where is
decided in :mod:`core.services.live`: a seat's frame only to its own user's group, the spectator
frame to the watchers, public facts (who sits where, watcher counts) to the whole match.
"""

from __future__ import annotations

import asyncio
import logging
import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"


def user_group(user_id: int) -> str:
    """Every portal socket of one user (the "your turn" badge)."""
    return f"user-{user_id}"


def account_group(user_id: int) -> str:
    """Every socket of one user, match and portal alike: told when their sessions may have ended."""
    return f"account-{user_id}"


def match_group(match_id: int) -> str:
    return f"match-{match_id}"


def watch_group(match_id: int) -> str:
    return f"match-{match_id}-watch"


def seat_user_group(match_id: int, user_id: int) -> str:
    return f"match-{match_id}-user-{user_id}"


def listened(groups) -> set[str]:
    """Which of ``groups`` a socket may be listening in, so a frame nobody would receive is not
    rendered. Both of the project's layers can tell (:mod:`core.layers`); any other layer is
    taken to have listeners everywhere."""
    layer = get_channel_layer()
    ask = getattr(layer, "groups_with_members", None)
    return set(groups) if ask is None else ask(groups)


def send_many(messages: list[tuple[str, dict]]) -> None:
    """Send each (group, message) in order, in one trip to the event loop."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all():
        for group, message in messages:
            await layer.group_send(group, message)

    try:
        loop = getattr(layer, "loop", None)
        if loop is not None and loop.is_running() and not _on(loop):
            # The in-memory layer's queues live on the server's loop: send from there.
            asyncio.run_coroutine_threadsafe(send_all(), loop).result(timeout=30)
        else:
            async_to_sync(send_all)()
    except Exception:  # a broken channel layer must not undo a committed change
        log.exception("could not notify %s", ", ".join(sorted({g for g, _ in messages})))


def _on(loop) -> bool:
    try:
        return asyncio.get_running_loop() is loop
    except RuntimeError:
        return False


async def send_many_async(messages: list[tuple[str, dict]]) -> None:
    layer = get_channel_layer()
    if layer is None:
        return
    try:
        await asyncio.gather(*(layer.group_send(g, m) for g, m in messages))
    except Exception:
        log.exception("could not notify %s", ", ".join(sorted({g for g, _ in messages})))


def lobby_changed() -> None:
    """Every lobby socket of every process re-shows the open tables; ``change`` tells one change
    from the next, so each process reads and renders the list once for all its sockets."""
    send_many([(LOBBY_GROUP, {"type": "lobby.update", "change": uuid.uuid4().hex})])


def chat_posted(match_id: int) -> None:
    send_many([(match_group(match_id), {"type": "chat.update"})])
