"""Websocket consumers: they forward frames, they do not build them.

A match socket joins the groups of its audience (see :mod:`core.services.live`): its user's
group, where the frame of the seat that user holds now arrives, or the spectators' group. When
seats change (leave, removal, renumbering at the start, a rematch) the publisher tells every
socket of the match who sits where, and each socket moves to its new audience; a socket whose
user can no longer see a private table is closed. A socket reads the database only when it
connects (access and the current frame) and when it asks to re-sync, never per frame.

Counts of spectators are kept per process and sent at most once a second per match; a client
address and a user may hold only so many sockets per process (``settings.SOCKETS_PER_ADDRESS``,
``settings.SOCKETS_PER_USER``; 0 = no limit).
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import time
from collections import Counter

from autobahn.exception import Disconnected
from channels.consumer import get_handler_name
from channels.db import database_sync_to_async
from channels.exceptions import StopConsumer
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import SuspiciousOperation
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils.html import format_html

from core.access import can_view, holds_invite, invite_fingerprint
from core.dblock import BUSY, is_lock_timeout
from core.engine import MalformedMove
from core.engine.fields import MAX_MOVE_CHARS, load_move
from core.move_requests import STALE_UNSAID, read_move
from core.services import Refused, live, queries, submit_move
from core.services.badges import badge_html
from core.services.notify import (
    LOBBY_GROUP,
    account_group,
    match_group,
    seat_user_group,
    send_many_async,
    user_group,
    watch_group,
)
from core.services.sessions import SESSION_CHANGED, still_valid

REFUSED_ACCESS = 4403
#: The close of a socket whose handler failed. Not 1011: autobahn, daphne's websocket layer, lets
#: an application close only with 1000 or 3000-4999, and refused 1011 by crashing the consumer
#: without its disconnect. The page retries it (static/js/meeplehall.js: any close but a 44xx).
SERVER_ERROR = 4500
TOO_MANY_SOCKETS = 4429
RESYNC_EVERY = 1.0  # seconds: a re-sync request reads the database at most this often per match

log = logging.getLogger(__name__)

#: What a socket says when making a move failed on the server's side (the POST path shows the
#: 500 page's words instead, see static/js/meeplehall.js).
MOVE_FAILED = "The server could not make that move. The board has been refreshed: please look and try again."

_sockets_by_address: Counter = Counter()
_sockets_by_user: Counter = Counter()


def in_thread(func):
    """Run blocking work (database, rendering) on any worker thread, not one per process."""
    return database_sync_to_async(func, thread_sensitive=False)


class Socket(AsyncWebsocketConsumer):
    """A consumer whose database work all runs through :func:`in_thread`, which fails safely,
    and which lives no longer than the session it was opened under.

    Channels closes stale database connections before handing any message to a consumer, and
    does it with a hop to the process's one sync thread. For a socket that only forwards a frame
    that hop was most of the work, and with hundreds of sockets every frame queued behind the
    others on that thread. ``in_thread`` already closes stale connections around the work it
    runs, so the messages go straight to their handlers.

    A handler that raises would end the consumer without its disconnect, leaking the socket's
    slots, groups and watcher count until a restart; instead the error is logged, the socket is
    closed (:data:`SERVER_ERROR`, which the page retries), and the disconnect that follows does
    the bookkeeping.
    Once closed (an error, an ended session) a socket handles nothing but that disconnect.
    """

    ended = False

    async def dispatch(self, message):
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        if self.ended and message["type"] != "websocket.disconnect":
            return
        try:
            await handler(message)
        except StopConsumer:
            raise
        except Disconnected:  # the page went away while a frame was on its way: its disconnect follows
            self.ended = True
        except Exception:
            log.exception("a socket at %s failed on %s", self.scope.get("path"), message["type"])
            if message["type"] == "websocket.disconnect":
                raise StopConsumer() from None
            await self._end(SERVER_ERROR)

    async def _end(self, code: int) -> None:
        """Close this socket and handle nothing more; if the connection is gone already (the
        failure was a send on it), do the disconnect's bookkeeping now and stop."""
        self.ended = True
        try:
            await self.close(code=code)
        except Exception:
            await self.disconnect(code)
            raise StopConsumer() from None

    async def account_changed(self, event):
        """The user's sessions may have ended (see :mod:`core.services.sessions`): a socket
        whose own session no longer holds closes, and its page reconnects as whoever the
        browser is now."""
        user = self.scope.get("user")
        key = getattr(self.scope.get("session"), "session_key", None)
        if user is None or not user.is_authenticated:
            return
        if (event.get("ended") and event["ended"] == key) or not await in_thread(still_valid)(key, user.pk):
            await self._end(SESSION_CHANGED)


class MatchConsumer(Socket):
    async def connect(self):
        self.match_id = int(self.scope["url_route"]["kwargs"]["pk"])
        self.user = self.scope.get("user")
        self.user_id = self.user.pk if self.user is not None and self.user.is_authenticated else None
        self.address = (self.scope.get("client") or ["?"])[0]
        self.seat, self.revision, self.groups_in, self.invite = None, -1, set(), None
        if not self._take_socket_slot():
            await self.accept()
            await self.close(code=TOO_MANY_SOCKETS)
            return
        # Join before reading, so no frame published meanwhile is missed; older ones are skipped.
        await self._join(match_group(self.match_id))
        await self._join(watch_group(self.match_id))
        if self.user_id is not None:
            await self._join(seat_user_group(self.match_id, self.user_id))
            await self._join(account_group(self.user_id))
        self.staff = bool(self.user is not None and self.user.is_authenticated and self.user.is_staff)
        snapshot, allowed, self.may_watch_private, chat = await in_thread(self._admit)()
        if not allowed:
            await self.close(code=REFUSED_ACCESS)
            return
        await self.accept()
        await self._sit(snapshot.seated.get(str(self.user_id)) if self.user_id else None)
        await self._send_frame(snapshot)
        await self.send(text_data=chat)
        await self.send(text_data=watchers.oob(self.match_id))

    async def disconnect(self, code):
        for group in list(self.groups_in):
            await self.channel_layer.group_discard(group, self.channel_name)
        if getattr(self, "slot_taken", False):
            _sockets_by_address[self.address] -= 1
            if self.user_id is not None:
                _sockets_by_user[self.user_id] -= 1
        if getattr(self, "watching", False):
            watchers.change(self.match_id, -1)

    async def receive(self, text_data=None, bytes_data=None):
        """A re-sync request, or a move.

        The page says which revision it shows (``{"revision": N}``, every few seconds, see
        static/js/meeplehall.js); it gets the current frame only when it is behind, so an update
        lost on the way heals without a reload.

        ``{"type": "move", "move": "<move as JSON>", "version": N, "seen": "..."}`` makes a move
        through the same ``submit_move`` as the page's POST, without the HTTP request cycle
        (the socket is already origin-checked and logged in; the same size, depth and strict
        JSON rules apply). The new frame arrives like every other; a refusal comes back as the
        page's feedback line with the current frame.
        """
        if not text_data or len(text_data) > 2 * MAX_MOVE_CHARS:
            return
        try:  # a number too long to be a version reads as -1 (refused below), not as an error
            message = json.loads(text_data, parse_int=lambda d: int(d) if len(d) <= 15 else -1)
        except (ValueError, RecursionError):
            return
        if not isinstance(message, dict):
            return
        if message.get("type") == "move":
            await self._move(message)
            return
        shown = message.get("revision")
        if not isinstance(shown, int) or isinstance(shown, bool):
            return
        latest = await latest_revision(self.match_id)
        if shown < max(latest, self.revision):
            await self._resend()

    async def _resend(self) -> None:
        self.revision = -1
        snapshot = await in_thread(live.load)(self.match_id)
        if snapshot is not None:
            await self._send_frame(snapshot)

    async def _move(self, message: dict) -> None:
        asked = self._read_move(message)
        refusal = asked if isinstance(asked, str) else None
        if refusal is None:
            try:
                await in_thread(submit_move)(self.match_id, self.user, *asked)
                return
            except Refused as exc:
                refusal = exc.message
            except Exception as exc:  # the socket stays open and the player is told, not left waiting
                if is_lock_timeout(exc):
                    log.warning("a move over the socket of match %s: %s", self.match_id, exc)
                    refusal = BUSY
                else:
                    log.exception("a move over the socket of match %s failed", self.match_id)
                    refusal = MOVE_FAILED
        await self.send(text_data=format_html(
            '<div id="move-feedback" hx-swap-oob="true"><p class="feedback error" role="alert">{}</p></div>',
            refusal))
        await self._resend()

    def _read_move(self, message: dict) -> tuple[dict, int, str] | str:
        """The move a socket message asks for, or why it is refused. The page sends its move
        fields URL-encoded as ``form`` (read exactly like the POST); a client of its own may
        send ``move`` (JSON text), ``version`` and ``seen``."""
        if self.user_id is None:
            return "Log in to play."
        form = message.get("form")
        if form is not None:
            if not isinstance(form, str):
                return "That move could not be read."
            try:  # more fields than a form may carry (DATA_UPLOAD_MAX_NUMBER_FIELDS), say
                return read_move(QueryDict(form))
            except SuspiciousOperation:
                return "That move could not be read."
        version, seen, text = message.get("version"), message.get("seen", ""), message.get("move")
        if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version < 10**9:
            return STALE_UNSAID
        if not isinstance(text, str) or not isinstance(seen, str):
            return "That move could not be read."
        try:
            move = load_move(text)
        except MalformedMove as exc:
            return exc.reason
        return (move, version, seen[:64]) if isinstance(move, dict) else "That move could not be read."

    # ---- messages from the publisher --------------------------------------------------------

    async def match_seats(self, event):
        """Who sits where changed, or the table's privacy or invite link: move this socket to
        its user's audience now, and close it if the user may no longer see the table (an
        invite opened before a new link no longer counts)."""
        seat = event["seated"].get(str(self.user_id)) if self.user_id is not None else None
        if event.get("invite") != self.invite:
            self.invite, self.may_watch_private = event.get("invite"), self.staff
        if event["private"] and seat is None and not self.may_watch_private:
            await self.close(code=REFUSED_ACCESS)
            return
        await self._sit(seat)

    async def match_frame(self, event):
        if event["audience"] != self.seat or event["revision"] <= self.revision:
            return  # another audience's frame (seats are changing) or one already superseded
        self.revision = event["revision"]
        await self.send(text_data=event["html"])

    async def match_watchers(self, event):
        await self.send(text_data=watchers.oob(self.match_id, event["count"]))

    async def chat_update(self, event):
        html = await in_thread(self._render_chat)()
        await self.send(text_data=html)

    # ---- helpers ----------------------------------------------------------------------------

    def _take_socket_slot(self) -> bool:
        per_address = int(getattr(settings, "SOCKETS_PER_ADDRESS", 0))
        per_user = int(getattr(settings, "SOCKETS_PER_USER", 0))
        if per_address and _sockets_by_address[self.address] >= per_address:
            return False
        if per_user and self.user_id is not None and _sockets_by_user[self.user_id] >= per_user:
            return False
        _sockets_by_address[self.address] += 1
        if self.user_id is not None:
            _sockets_by_user[self.user_id] += 1
        self.slot_taken = True
        return True

    async def _join(self, group: str) -> None:
        if group not in self.groups_in:
            self.groups_in.add(group)
            await self.channel_layer.group_add(group, self.channel_name)

    async def _leave(self, group: str) -> None:
        if group in self.groups_in:
            self.groups_in.discard(group)
            await self.channel_layer.group_discard(group, self.channel_name)

    async def _sit(self, seat: int | None) -> None:
        """Make this socket part of ``seat``'s audience (None: the spectators)."""
        if seat != self.seat:
            self.revision = -1  # the next frame of the new audience is shown whatever its revision
        self.seat = seat
        if seat is None:
            await self._join(watch_group(self.match_id))
        else:
            await self._leave(watch_group(self.match_id))
        spectating = seat is None
        if spectating != getattr(self, "watching", False):
            self.watching = spectating
            watchers.change(self.match_id, 1 if spectating else -1)

    async def _send_frame(self, snapshot) -> None:
        if snapshot.match.revision <= self.revision:
            return
        html = live.cached_frame(snapshot.match, self.seat)
        if html is None:
            html = await in_thread(live.frame_for)(snapshot, self.seat)
        self.revision = snapshot.match.revision
        await self.send(text_data=html)

    def _admit(self):
        """The match as it stands, whether this socket may see it, whether it may watch a private
        table, and (if it may see it) the table chat. Chat is pushed only as it changes, so a line
        posted after the page was drawn but before this socket joined its groups would otherwise
        never reach the page; it is rendered here, in the thread that loads the match, from the
        match already read."""
        snapshot = live.load(self.match_id)
        if snapshot is None:
            return None, False, False, None
        session = self.scope.get("session")
        allowed = can_view(snapshot.match, self.user, session)
        self.invite = invite_fingerprint(snapshot.match)
        invited = holds_invite(session, snapshot.match)
        return snapshot, allowed, invited or self.staff, self._render_chat(snapshot.match) if allowed else None

    def _render_chat(self, match=None):
        from core.models import Match

        match = match or Match.objects.get(pk=self.match_id)
        chat = match.chat.filter(hidden=False).select_related("user__profile")[:200]
        return render_to_string("core/_chat.html", {"match": match, "chat": chat, "oob": True, "user": self.user})


_latest_revisions: dict[int, tuple[float, int]] = {}


async def latest_revision(match_id: int) -> int:
    """The match's committed revision, read at most once a second per match in this process."""
    checked = _latest_revisions.get(match_id)
    if checked is not None and time.monotonic() - checked[0] < RESYNC_EVERY:
        return checked[1]
    from core.models import Match

    revision = await in_thread(
        lambda: Match.objects.filter(pk=match_id).values_list("revision", flat=True).first()
    )()
    _latest_revisions[match_id] = (time.monotonic(), revision or 0)
    return revision or 0


class Watchers:
    """Spectator counts: per process, summed over processes through the cache, sent coalesced.

    Each process stores its own count per match under one cache key (a dict of process token
    to count and time), so no process overwrites another's; entries of a process that died
    age out. A connect or disconnect only marks the match; at most once a second the marked
    matches are written and their total is broadcast, carried in the message itself.
    """

    FLUSH_EVERY = 1.0
    REFRESH_EVERY = 60.0
    STALE_AFTER = 150.0

    def __init__(self):
        self.local: Counter = Counter()
        self.totals: dict[int, int] = {}
        self.dirty: set[int] = set()
        self.token = f"{os.getpid()}-{id(self)}"
        self.task: asyncio.Task | None = None

    def change(self, match_id: int, delta: int) -> None:
        self.local[match_id] += delta
        self.dirty.add(match_id)
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._flusher())

    def oob(self, match_id: int, count: int | None = None) -> str:
        count = self.totals.get(match_id, 0) if count is None else count
        return f'<span id="watchers" hx-swap-oob="true">{int(count)}</span>'

    async def _flusher(self) -> None:
        refreshed = time.monotonic()
        while self.dirty or any(self.local.values()):
            await asyncio.sleep(self.FLUSH_EVERY)
            if time.monotonic() - refreshed > self.REFRESH_EVERY:
                self.dirty.update(m for m, n in self.local.items() if n)
                refreshed = time.monotonic()
            dirty, self.dirty = self.dirty, set()
            if not dirty:
                continue
            counts = {m: self.local[m] for m in dirty}
            totals = await in_thread(self._store)(counts)
            self.totals.update(totals)
            for m in [m for m in dirty if not self.local[m]]:
                del self.local[m]
            await send_many_async([
                (match_group(m), {"type": "match.watchers", "count": total})
                for m, total in totals.items()
            ])

    def _store(self, counts: dict[int, int]) -> dict[int, int]:
        now = time.time()
        totals = {}
        for match_id, count in counts.items():
            key = f"watchers:{match_id}"
            entries = {k: v for k, v in (cache.get(key) or {}).items() if now - v[1] < self.STALE_AFTER}
            entries[self.token] = (max(0, count), now)
            cache.set(key, entries, int(self.STALE_AFTER * 2))
            totals[match_id] = sum(n for n, _ in entries.values())
        return totals


watchers = Watchers()


class Lobby:
    """The home page's open tables, read and rendered once per lobby change for the process.

    Public open tables look the same to everyone, so one rendering serves every lobby socket.
    Only a user seated at a private open table sees a list of their own (with that table), and
    which users those are is read with the shared list, in the same thread hop.
    """

    def __init__(self):
        self._latest: tuple[str | None, asyncio.Future] | None = None

    async def tables_html(self, change: str | None, user) -> str:
        if change is None or self._latest is None or self._latest[0] != change:
            self._latest = (change, asyncio.ensure_future(in_thread(self._read_shared)()))
        shared, with_private = await self._latest[1]
        if user is not None and user.is_authenticated and user.pk in with_private:
            return await in_thread(self._render)(user)
        return shared

    def _read_shared(self) -> tuple[str, set[int]]:
        return self._render(None), queries.users_at_private_open_tables()

    @staticmethod
    def _render(user) -> str:
        return render_to_string("core/_tables.html", {
            "tables": queries.open_tables(user)[:50], "oob": True,
        })


lobby = Lobby()


class PortalConsumer(Socket):
    """One per page: the live "your turn" badge, and the open-tables list on the home page."""

    async def connect(self):
        self.user = self.scope.get("user")
        self.groups_joined = []
        if self.user is not None and self.user.is_authenticated:
            self.groups_joined += [user_group(self.user.pk), account_group(self.user.pk)]
        query = self.scope.get("query_string", b"").decode()
        if query.find("lobby=1") >= 0:
            self.groups_joined.append(LOBBY_GROUP)
        self.your_games = query.find("games=1") >= 0
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
        """The publisher rendered this user's badge once for all their sockets; a socket renders
        its own only when it opens (and when the page asks again). The "Your games" page also
        gets its lists again, since what changed the badge changed whose move it is."""
        html = event.get("html")
        if html is None:
            html = await in_thread(badge_html)(self.user.pk)
        await self.send(text_data=html)
        if getattr(self, "your_games", False) and event:
            await self.send(text_data=await in_thread(self._your_games)())

    def _your_games(self) -> str:
        return render_to_string("core/_your_games.html", {
            **queries.your_games(self.user.pk), "user": self.user, "oob": True})

    async def lobby_update(self, event):
        if LOBBY_GROUP in self.groups_joined:
            await self.send(text_data=await lobby.tables_html(event.get("change"), self.user))
