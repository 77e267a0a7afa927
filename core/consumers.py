"""Websocket consumers. Each socket renders updates for ITS user, from that user's view.

Broadcasts carry only "something changed"; the consumer re-reads the match from the database and
renders ``render_live`` for its own seat, so a frame never holds another seat's secrets. On
connect the full current state is sent, which is also how a dropped socket heals itself.
"""

from __future__ import annotations

import json

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.core.cache import cache
from django.template.loader import render_to_string

from core.access import can_view
from core.models import Match
from core.rendering import render_live
from core.services import queries
from core.services.notify import LOBBY_GROUP, user_group

WATCHERS_TTL = 6 * 3600


class MatchConsumer(AsyncWebsocketConsumer):
    async def connect(self):
        self.match_id = int(self.scope["url_route"]["kwargs"]["pk"])
        self.user = self.scope.get("user")
        allowed, self.seat = await self._admit()
        if not allowed:
            await self.close(code=4403)
            return
        self.group = f"match-{self.match_id}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()
        self.counted = self.seat is None
        if self.counted:
            await database_sync_to_async(_watchers_add)(self.match_id, 1)
        await self.send_live()
        await self.channel_layer.group_send(self.group, {"type": "watchers.update"})

    async def disconnect(self, code):
        if hasattr(self, "group"):
            await self.channel_layer.group_discard(self.group, self.channel_name)
            if getattr(self, "counted", False):
                await database_sync_to_async(_watchers_add)(self.match_id, -1)
                await self.channel_layer.group_send(self.group, {"type": "watchers.update"})

    async def receive(self, text_data=None, bytes_data=None):
        """Clients only ask for a re-sync; moves and chat go through HTTP (CSRF, sessions).

        A client may say which version it shows (``{"version": N}``, sent every few seconds by
        static/js/meeplehall.js); it gets the board only when that is behind, so an update lost
        on the way (a full channel layer, a restart) heals without a reload.
        """
        try:
            seen = json.loads(text_data or "{}").get("version")
        except (ValueError, AttributeError):
            seen = None
        if seen is not None:
            current = await database_sync_to_async(
                lambda: Match.objects.filter(pk=self.match_id).values_list("version", flat=True).first()
            )()
            if current == seen:
                return
        await self.send_live()

    async def match_update(self, event):
        await self.send_live()

    async def chat_update(self, event):
        html = await database_sync_to_async(self._render_chat)()
        await self.send(text_data=html)

    async def watchers_update(self, event):
        count = await database_sync_to_async(_watchers)(self.match_id)
        await self.send(text_data=f'<span id="watchers" hx-swap-oob="true">{count}</span>')

    async def send_live(self):
        html = await database_sync_to_async(self._render_live)()
        if html is not None:
            await self.send(text_data=html)

    @database_sync_to_async
    def _admit(self):
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None or not can_view(match, self.user, self.scope.get("session")):
            return False, None
        seat = queries.seat_of(match, self.user)
        return True, seat.position if seat else None

    def _render_live(self):
        match = Match.objects.filter(pk=self.match_id).first()
        if match is None:
            return None
        return render_live(match, self.seat, self.user, oob=True)

    def _render_chat(self):
        match = Match.objects.get(pk=self.match_id)
        chat = match.chat.filter(hidden=False).select_related("user__profile")[:200]
        return render_to_string("core/_chat.html", {"match": match, "chat": chat, "oob": True})


def _watchers_key(match_id: int) -> str:
    return f"watchers:{match_id}"


def _watchers_add(match_id: int, delta: int) -> None:
    key = _watchers_key(match_id)
    cache.add(key, 0, WATCHERS_TTL)
    try:
        cache.incr(key, delta)
    except ValueError:
        cache.set(key, max(0, delta), WATCHERS_TTL)


def _watchers(match_id: int) -> int:
    return max(0, cache.get(_watchers_key(match_id), 0))


class PortalConsumer(AsyncWebsocketConsumer):
    """One per page: the live "your turn" badge, and the open-tables list on the home page."""

    async def connect(self):
        self.user = self.scope.get("user")
        self.groups_joined = []
        if self.user is not None and self.user.is_authenticated:
            self.groups_joined.append(user_group(self.user.pk))
        if self.scope.get("query_string", b"").decode().find("lobby=1") >= 0:
            self.groups_joined.append(LOBBY_GROUP)
        for group in self.groups_joined:
            await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        if self.user is not None and self.user.is_authenticated:
            await self.user_update({})

    async def disconnect(self, code):
        for group in getattr(self, "groups_joined", []):
            await self.channel_layer.group_discard(group, self.channel_name)

    async def receive(self, text_data=None, bytes_data=None):
        if self.user is not None and self.user.is_authenticated:
            await self.user_update({})

    async def user_update(self, event):
        html = await database_sync_to_async(self._render_badge)()
        await self.send(text_data=html)

    async def lobby_update(self, event):
        if LOBBY_GROUP in self.groups_joined:
            html = await database_sync_to_async(self._render_tables)()
            await self.send(text_data=html)

    def _render_badge(self):
        count = 0
        if self.user is not None and self.user.is_authenticated:
            count = len(queries.matches_awaiting(self.user))
        return render_to_string("core/_turn_badge.html", {"your_turn_count": count, "oob": True})

    def _render_tables(self):
        return render_to_string("core/_tables.html", {
            "tables": queries.open_tables(self.user)[:50], "oob": True,
        })
