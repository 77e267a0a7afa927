"""The API's actions: one POST each, JSON in and out, through the services the pages use.

A move goes through :func:`core.services.matches.play_move_of` with the version (and, in a
simultaneous phase, the decision basis ``seen``) the program was sent, so the page's checks of
staleness, turn and legality answer it in the page's words. Nothing here changes a match itself.
A rematch and a challenge are both an invitation holding a seat at a table
(:class:`core.models.RematchInvite`), answered here through :mod:`core.services.rematch`.
"""

from __future__ import annotations

from django.conf import settings

from core import throttle
from core.engine import MalformedMove
from core.engine.fields import check_payload
from core.middleware import CONTROL_CHARACTERS
from core.models import ChatMessage, Match, Profile
from core.plugins import registry
from core.services import rematch, tables, takeback
from core.services.errors import NotAMember
from core.services.matches import play_move_of
from core.services.notify import chat_posted

from .auth import Scope
from .guard import NO_TABLE, endpoint
from .replies import BadBody, answer, error, read_body

MOVE_UNSAID = "Send the move as a JSON object: {\"move\": {...}, \"version\": N}."
STALE_UNSAID = "Send the version of the board you saw (\"version\", from the game stream)."


def _whole(body: dict, name: str, default: int | None = None, low: int = 0, high: int = 10**9) -> int:
    if name not in body and default is not None:
        return default
    value = body.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadBody(f"\"{name}\" must be a whole number from {low} to {high}.")
    return value


def _text(body: dict, name: str, default: str = "", longest: int = 500) -> str:
    value = body.get(name, default)
    if not isinstance(value, str):
        raise BadBody(f"\"{name}\" must be text.")
    if CONTROL_CHARACTERS.search(value):
        raise BadBody(f"\"{name}\" holds a control character (such as NUL), which nothing here accepts.")
    if len(value) > longest:
        raise BadBody(f"\"{name}\" is longer than {longest} characters.")
    return value


def _flag(body: dict, name: str, default: bool) -> bool:
    value = body.get(name, default)
    if not isinstance(value, bool):
        raise BadBody(f"\"{name}\" must be true or false.")
    return value


def _seated_or_visible(pk: int, user) -> Match:
    """The match, when the user may act on it; a private table they do not sit at is a 404."""
    match = Match.objects.get(pk=pk)
    if match.private and not match.seats.filter(user=user).exists():
        raise Match.DoesNotExist
    return match


@endpoint(Scope.PLAY)
def move(request, pk: int):
    body = read_body(request)
    payload = body.get("move")
    if not isinstance(payload, dict) or not payload:
        raise BadBody(MOVE_UNSAID)
    try:
        check_payload(payload)
    except MalformedMove as exc:
        raise BadBody(exc.reason) from None
    if "version" not in body:
        raise BadBody(STALE_UNSAID)
    version = _whole(body, "version")
    seen = _text(body, "seen", longest=64)
    try:
        done = play_move_of(pk, request.api_user, payload, version, seen)
    except NotAMember:  # as on the page: a stranger learns nothing of a private table
        if Match.objects.filter(pk=pk, private=True).exists():
            return error(NO_TABLE, 404)
        raise
    match = done.match
    return answer({"ok": True, "id": match.pk, "version": match.version, "status": match.status})


@endpoint(Scope.PLAY)
def take_back(request, pk: int):
    """Take back your latest move, as the page's button does (core.services.takeback)."""
    body = read_body(request)
    if "version" not in body:
        raise BadBody(STALE_UNSAID)
    try:
        done = takeback.take_back(pk, request.api_user, _whole(body, "version"))
    except NotAMember:
        if Match.objects.filter(pk=pk, private=True).exists():
            return error(NO_TABLE, 404)
        raise
    return answer({"ok": True, "id": done.match.pk, "version": done.match.version})


@endpoint(Scope.PLAY)
def resign(request, pk: int):
    read_body(request)
    _seated_or_visible(pk, request.api_user)
    match = tables.resign(pk, request.api_user)
    return answer({"ok": True, "id": match.pk, "status": match.status})


@endpoint(Scope.PLAY)
def chat(request, pk: int):
    body = read_body(request)
    text = _text(body, "text").strip()
    if not text:
        raise BadBody("Say something: \"text\" is empty.")
    match = _seated_or_visible(pk, request.api_user)
    user = request.api_user
    if Profile.objects.filter(user=user, chat_muted=True).exists():
        return error("You cannot write here: your chat is muted.", 403)
    if not (match.spectator_chat or match.seats.filter(user=user).exists()):
        return error("Only the players write in this table's chat.", 403)
    rate = settings.CHAT_RATE
    if throttle.hit(f"chat:{user.pk}", rate["window_seconds"]) > rate["messages"]:
        return error("Slow down a little.", 429, {"Retry-After": str(rate["window_seconds"])})
    message = ChatMessage.objects.create(match=match, user=user, text=text)
    chat_posted(match.pk)
    return answer({"ok": True, "id": message.pk}, 201)


@endpoint(Scope.PLAY)
def open_table(request):
    """Open a table: the token's user in seat 1, bots where asked; a full table starts."""
    body = read_body(request)
    slug = _text(body, "game", longest=64)
    game = registry().games.get(slug)
    if game is None:
        raise BadBody("That game is not installed (GET /api/games lists the installed ones).")
    players = _whole(body, "players", game.min_players, game.min_players, game.max_players)
    bots = body.get("bots", {})
    if not isinstance(bots, dict) or not all(isinstance(v, str) for v in bots.values()):
        raise BadBody("\"bots\" must map seat numbers (from 1) to bot names.")
    try:
        seated_bots = {int(seat) - 1: name for seat, name in bots.items()}
    except ValueError:
        raise BadBody("\"bots\" must map seat numbers (from 1) to bot names.") from None
    options = body.get("options", {})
    seat_options = body.get("seatOptions")
    if not isinstance(options, dict) or not (
            seat_options is None or (isinstance(seat_options, list) and all(isinstance(o, dict) for o in seat_options))):
        raise BadBody("\"options\" must be an object and \"seatOptions\" a list of objects.")
    time_control = _text(body, "timeControl", Match.TimeControl.NONE, 16)
    match = tables.create_table(
        request.api_user, slug, players, options, seat_options, bots=seated_bots,
        private=_flag(body, "private", False), rated=_flag(body, "rated", True),
        time_control=time_control,
        time_per_move=_whole(body, "timePerMove", 0, 0, 60),
    )
    table = {"ok": True, "id": match.pk, "status": match.status, "url": request.build_absolute_uri(match.get_absolute_url())}
    if match.private:
        table["invite"] = match.invite_token
    return answer(table, 201)


@endpoint(Scope.PLAY)
def join_table(request, pk: int):
    """Take a free seat. A private table needs its invite token (the end of its invite link)."""
    body = read_body(request)
    invite = _text(body, "invite", longest=64)
    match = Match.objects.get(pk=pk)
    if match.private and invite != match.invite_token and not match.seats.filter(user=request.api_user).exists():
        return error(NO_TABLE, 404)
    position = body.get("seat")
    seat = None if position is None else _whole(body, "seat", None, 1, match.players) - 1
    match = tables.join_table(pk, request.api_user, seat)
    return answer({"ok": True, "id": match.pk, "status": match.status})


@endpoint(Scope.PLAY)
def accept_invitation(request, pk: int):
    read_body(request)
    match = rematch.accept(pk, request.api_user)
    return answer({"ok": True, "id": match.pk, "status": match.status})


@endpoint(Scope.PLAY)
def decline_invitation(request, pk: int):
    read_body(request)
    match = rematch.decline(pk, request.api_user)
    return answer({"ok": True, "id": match.pk, "status": match.status})
