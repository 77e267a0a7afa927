"""The API's one route table: the URLs (:mod:`core.api.urls`), the OpenAPI description
(:mod:`core.api.openapi`) and the documentation page are all made from it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import actions, pages, reads, streams
from .auth import Scope

JSON = "application/json"
NDJSON = streams.NDJSON
HTML = "text/html"

ERROR_ANSWERS = {
    400: "The body is not JSON, not an object, or a field is wrong; nothing was changed.",
    401: "No token, an unknown token or a revoked one.",
    403: "The token lacks the scope, or the refusal says what you may not do here.",
    404: "No such table, or it is private.",
    409: "The match is not in play, it is not your turn, or the board changed since you looked.",
    413: "The body is too large.",
    422: "The rules refuse the move; the error says why.",
    429: "Too many requests with this token: wait for Retry-After seconds.",
}


@dataclass(frozen=True)
class Route:
    method: str
    path: str  # Django's route syntax, after /api/
    name: str
    view: Callable
    summary: str
    description: str = ""
    scope: Scope | None = None
    answers: str = JSON
    body: dict[str, Any] | None = None
    errors: tuple[int, ...] = ()
    tags: tuple[str, ...] = field(default=("actions",))


def _object(required: list[str], **properties) -> dict:
    return {"type": "object", "required": required, "properties": properties, "additionalProperties": True}


ROUTES: tuple[Route, ...] = (
    Route("GET", "", "api_docs", pages.documentation, "This documentation, as a page.",
          answers=HTML, tags=("documentation",)),
    Route("GET", "openapi.json", "api_openapi", pages.openapi_json,
          "The OpenAPI 3.1 description of the whole API (the source of the documentation page).",
          tags=("documentation",)),
    Route("GET", "account", "api_account", reads.account,
          "Who the token plays as: id, username, display name, bot account, the token's scopes.",
          scope=Scope.READ, errors=(401, 403, 429), tags=("reading",)),
    Route("GET", "games", "api_games", reads.games,
          "The installed games: slug, seats, options (with their choices) and bot names.",
          scope=Scope.READ, errors=(401, 403, 429), tags=("reading",)),
    Route("GET", "stream/events", "api_event_stream", streams.event_stream,
          "Your account's events, as newline-delimited JSON.",
          "Opens with a `gameStart` line for each game you play now and an `invitation` line for "
          "each invitation waiting for your answer; then `gameStart` when a game of yours starts, "
          "`gameFinish` when one ends (its status and result), `invitation` and `invitationGone`. "
          "An invitation is a rematch or a challenge (`kind`). An empty line is sent every few "
          "seconds when nothing else was, to keep the connection open. The stream ends with an `error` "
          "line when the token is revoked or the account suspended.",
          scope=Scope.READ, answers=NDJSON, errors=(401, 403, 429), tags=("streams",)),
    Route("GET", "games/<int:pk>/stream", "api_game_stream", streams.game_stream,
          "One game as your seat sees it, as newline-delimited JSON.",
          "First a `gameFull` line: the table's settings, the players, your seat's `view` (exactly "
          "what the page shows that seat: other seats' hidden cards never appear), whose turn it is, "
          "and when it is yours your `moves`, the `version` to send back with a move and, in a "
          "simultaneous phase, `seen`. Then the chat so far as `chatLine` lines, a `gameState` line "
          "after every change, a `chatLine` for each new message, and empty keep-alive lines. The "
          "stream ends after the `gameState` whose status is `finished` or `aborted` (with the "
          "`result`), with `gameGone` if you lose your seat before the start, or with an `error` line "
          "when the token is revoked or the account suspended meanwhile.",
          scope=Scope.READ, answers=NDJSON, errors=(401, 403, 404, 429), tags=("streams",)),
    Route("POST", "games/<int:pk>/move", "api_move", actions.move,
          "Make a move, through the same checks as a move on the page.",
          "`move` is one of the `moves` of your last `gameState` (or any move the rules accept), "
          "`version` the `version` of that line and `seen` its `seen` (simultaneous phases). A move "
          "made on an older board is refused with 409 unless what your seat saw still holds.",
          scope=Scope.PLAY,
          body=_object(["move", "version"], move={"type": "object"}, version={"type": "integer"},
                       seen={"type": "string"}),
          errors=(400, 401, 403, 404, 409, 413, 422, 429)),
    Route("POST", "games/<int:pk>/take-back", "api_take_back", actions.take_back,
          "Take back your latest move while it is still your turn.",
          "Only where the game's rules allow it and nothing was left to chance or shown since: the "
          "game stream's `canTakeBack` says when. `version` is the version you saw.",
          scope=Scope.PLAY, body=_object(["version"], version={"type": "integer"}),
          errors=(400, 401, 403, 404, 409, 429)),
    Route("POST", "games/<int:pk>/resign", "api_resign", actions.resign,
          "Resign: a bot plays your seat to the end and you are ranked last.",
          scope=Scope.PLAY, errors=(400, 401, 403, 404, 409, 429)),
    Route("POST", "games/<int:pk>/chat", "api_chat", actions.chat, "Write a line in the table's chat.",
          scope=Scope.PLAY, body=_object(["text"], text={"type": "string", "maxLength": 500}),
          errors=(400, 401, 403, 404, 413, 429)),
    Route("POST", "tables", "api_open_table", actions.open_table,
          "Open a table, with you in seat 1 and bots in the seats you name; a full table starts at once.",
          "`bots` maps seat numbers (from 2) to bot names from `GET /api/games`; `options` and "
          "`seatOptions` are the game's options by name. A private table answers its `invite` token, "
          "which others send to join it.",
          scope=Scope.PLAY,
          body=_object(["game"], game={"type": "string"}, players={"type": "integer"},
                       bots={"type": "object", "additionalProperties": {"type": "string"}},
                       options={"type": "object"}, seatOptions={"type": "array", "items": {"type": "object"}},
                       private={"type": "boolean"}, rated={"type": "boolean"},
                       timeControl={"type": "string", "enum": ["none", "realtime", "correspondence"]},
                       timePerMove={"type": "integer"}),
          errors=(400, 401, 403, 413, 429)),
    Route("POST", "tables/<int:pk>/join", "api_join_table", actions.join_table,
          "Take a free seat at a table waiting for players (a private one needs its `invite`).",
          scope=Scope.PLAY, body=_object([], seat={"type": "integer"}, invite={"type": "string"}),
          errors=(400, 401, 403, 404, 409, 413, 429)),
    Route("POST", "invitations/<int:pk>/accept", "api_accept_invitation", actions.accept_invitation,
          "Accept an invitation (a rematch or a challenge) to the table with this id: you take the seat held for you.",
          scope=Scope.PLAY, errors=(400, 401, 403, 429)),
    Route("POST", "invitations/<int:pk>/decline", "api_decline_invitation", actions.decline_invitation,
          "Decline an invitation: the seat held for you becomes an open seat.",
          scope=Scope.PLAY, errors=(400, 401, 403, 429)),
)
