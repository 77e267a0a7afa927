"""The NDJSON streams, served by the ASGI server: no thread is held while a stream waits.

Each stream is an async iterator with a channel of its own on the channel layer. It joins the
groups the match page's socket joins for the same user (:mod:`core.services.notify`), so it
hears of every change the publisher announces, and reads the database on a worker thread only
when something changed. The groups are joined before the first read, so nothing published
meanwhile is missed; a line for a revision already sent is skipped, so a burst of moves costs
one read. A blank line goes out every ``KEEP_ALIVE_SECONDS`` when nothing else did (lichess
does the same), so proxies and clients can tell a quiet stream from a dead one.
"""

from __future__ import annotations

import asyncio

from channels.layers import get_channel_layer
from django.conf import settings
from django.http import StreamingHttpResponse

from core.consumers import in_thread
from core.models import Match, Seat
from core.services import live
from core.services.notify import account_group, match_group, seat_user_group, user_group
from core.services.queries import invites_for

from . import limits
from .auth import Scope, still_admitted
from .guard import NO_TABLE, endpoint
from .lines import (
    KEEP_ALIVE,
    chat_line,
    chat_since,
    encode,
    game_line,
    game_summary,
    invitation,
    seat_of,
)
from .replies import error

NDJSON = "application/x-ndjson"
OVER = (Match.Status.FINISHED, Match.Status.ABORTED)


def keep_alive_seconds() -> float:
    return float(getattr(settings, "API_KEEP_ALIVE", 5.0))


class Subscription:
    """A channel of this stream's own and the groups it listens to."""

    def __init__(self):
        self.layer = get_channel_layer()
        self.channel = None
        self.groups: set[str] = set()

    async def open(self, groups) -> None:
        self.channel = await self.layer.new_channel("api-stream")
        await self.follow(groups)

    async def follow(self, groups) -> None:
        for group in set(groups) - self.groups:
            await self.layer.group_add(group, self.channel)
        for group in self.groups - set(groups):
            await self.layer.group_discard(group, self.channel)
        self.groups = set(groups)

    async def next(self) -> dict | None:
        """The next message, or None when the keep-alive time passed without one."""
        try:
            return await asyncio.wait_for(self.layer.receive(self.channel), keep_alive_seconds())
        except TimeoutError:
            return None

    async def close(self) -> None:
        await self.follow(())


def streaming(lines, token_id: int) -> StreamingHttpResponse:
    async def counted():
        limits.stream_opened(token_id)
        try:
            async for line in lines:
                yield line
        finally:
            limits.stream_closed(token_id)

    response = StreamingHttpResponse(counted(), content_type=NDJSON)
    response["Cache-Control"] = "no-store"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each line on as it comes
    return response


def _too_many_streams():
    return error("This token has as many streams open as it may; close one first.", 429, {"Retry-After": "5"})


# ---- a game, as one seat sees it ---------------------------------------------------------------

def _game_access(match_id: int, user_id: int):
    """None when the user sits at the table, else the refusal (a private table stays a 404)."""
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return error(NO_TABLE, 404)
    if not match.seats.filter(user_id=user_id).exists():
        if match.private:
            return error(NO_TABLE, 404)
        return error("You are not playing at this table; a game stream shows a seat's own view.", 403)
    return None


def _read_game(match_id: int, user_id: int, last_revision: int, full: bool):
    """(revision, seat, status, encoded line) of the match now, or None when no newer
    revision exists; seat is None when the user no longer sits there."""
    snapshot = live.load(match_id)
    if snapshot is None:
        return None
    seat = seat_of(snapshot, user_id)
    if snapshot.match.revision <= last_revision and not full:
        return None
    line = game_line(snapshot, seat, full) if seat is not None else {
        "type": "gameGone", "id": match_id, "reason": "You no longer sit at this table."}
    return snapshot.match.revision, seat, snapshot.match.status, encode(line)


def _chat_lines(match_id: int, after_id: int) -> tuple[int, bytes]:
    messages = chat_since(match_id, after_id)
    return (messages[-1].pk if messages else after_id), b"".join(encode(chat_line(m)) for m in messages)


@endpoint(Scope.READ)
async def game_stream(request, pk: int):
    user_id, token_id = request.api_user.pk, request.api_token.pk
    refusal = await in_thread(_game_access)(pk, user_id)
    if refusal is not None:
        return refusal
    if not limits.stream_room(request.api_token):
        return _too_many_streams()
    return streaming(_game_lines(pk, user_id, token_id), token_id)


async def _ended_for(token_id: int) -> bytes | None:
    """The last line of a stream whose token was revoked (or whose account was suspended) while
    it was open, or None when it may go on."""
    reason = await in_thread(still_admitted)(token_id)
    return None if reason is None else encode({"type": "error", "error": reason})


async def _game_lines(match_id: int, user_id: int, token_id: int):
    subscription = Subscription()
    try:
        await subscription.open([match_group(match_id), seat_user_group(match_id, user_id),
                                 account_group(user_id)])
        read = await in_thread(_read_game)(match_id, user_id, -1, True)
        if read is None:
            return
        revision, seat, status, line = read
        yield line
        if seat is None or status in OVER:
            return
        last_chat, chat = await in_thread(_chat_lines)(match_id, 0)
        if chat:
            yield chat
        while True:
            message = await subscription.next()
            if message is None:
                yield KEEP_ALIVE
                continue
            kind = message.get("type")
            if kind == "account.changed":
                last_line = await _ended_for(token_id)
                if last_line is not None:
                    yield last_line
                    return
                continue
            if kind == "chat.update":
                last_chat, chat = await in_thread(_chat_lines)(match_id, last_chat)
                if chat:
                    yield chat
                continue
            if kind == "match.frame" and message.get("revision", 0) <= revision:
                continue  # a line for this revision or a newer one went out already
            if kind not in ("match.frame", "match.seats"):
                continue
            read = await in_thread(_read_game)(match_id, user_id, revision, False)
            if read is None:
                continue
            revision, seat, status, line = read
            yield line
            if seat is None or status in OVER:
                return
    finally:
        await subscription.close()


# ---- the account: games starting and ending, invitations ---------------------------------------

def _account(user_id: int) -> tuple[dict[int, dict], dict[int, dict]]:
    """The user's games in play and pending invitations, by table id."""
    seats = Seat.objects.filter(user_id=user_id, match__status=Match.Status.ACTIVE).select_related("match")
    games = {s.match_id: game_summary(s.match, s.position) for s in seats}
    return games, {i.table_id: invitation(i) for i in invites_for(user_id)}


def _ended(match_ids, user_id: int) -> list[dict]:
    seats = Seat.objects.filter(user_id=user_id, match_id__in=match_ids).select_related("match")
    return [game_summary(s.match, s.position) for s in seats]


def _account_lines(before, now, user_id: int) -> bytes:
    (games_before, invites_before), (games, invites) = before, now
    lines = [{"type": "gameStart", "game": games[i]} for i in games if i not in games_before]
    gone = [i for i in games_before if i not in games]
    lines += [{"type": "gameFinish", "game": g} for g in (_ended(gone, user_id) if gone else [])]
    lines += [{"type": "invitation", "invitation": invites[i]} for i in invites if i not in invites_before]
    lines += [{"type": "invitationGone", "id": i} for i in invites_before if i not in invites]
    return b"".join(encode(line) for line in lines)


def _account_groups(user_id: int, state) -> list[str]:
    """The user's own groups, each game's seat group (a game's last move changes the badge only
    of those who were to act, the seat's group hears every change) and each inviting table's
    group (who sits there, and whether it is still private)."""
    games, invites = state
    return ([user_group(user_id), account_group(user_id)] + [seat_user_group(g, user_id) for g in games]
            + [match_group(table) for table in invites])


@endpoint(Scope.READ)
async def event_stream(request):
    if not limits.stream_room(request.api_token):
        return _too_many_streams()
    return streaming(_event_lines(request.api_user.pk, request.api_token.pk), request.api_token.pk)


async def _event_lines(user_id: int, token_id: int):
    subscription = Subscription()
    try:
        await subscription.open(_account_groups(user_id, ({}, {})))
        state = await in_thread(_account)(user_id)
        await subscription.follow(_account_groups(user_id, state))
        yield await in_thread(_account_lines)(({}, {}), state, user_id) or KEEP_ALIVE
        while True:
            message = await subscription.next()
            if message is None:
                yield KEEP_ALIVE
                if not state[1]:
                    continue
                # An invitation can end unannounced to its guest (declined while others still
                # have to answer): pending ones are looked at again at each keep-alive.
            elif message.get("type") == "account.changed":
                last_line = await _ended_for(token_id)
                if last_line is not None:
                    yield last_line
                    return
            elif message.get("type") not in ("user.update", "match.frame", "match.seats"):
                continue
            now = await in_thread(_account)(user_id)
            await subscription.follow(_account_groups(user_id, now))
            lines = await in_thread(_account_lines)(state, now, user_id)
            state = now
            if lines:
                yield lines
    finally:
        await subscription.close()
