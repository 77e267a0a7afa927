"""The JSON a program reads about a game or its account: one object per NDJSON line.

A game line is built from :func:`core.rendering.match_context`, the same context the match page
renders for that seat (``game.view(state, seat)``, the seat's own legal moves and decision basis,
the log with the seats named), so a program never learns what the seat's page would not show.
"""

from __future__ import annotations

import json

from core.models import ChatMessage, Match, RematchInvite, display_name
from core.rendering import match_context, players_from
from core.services.live import Snapshot

KEEP_ALIVE = b"\n"


def encode(line: dict) -> bytes:
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"), default=str).encode() + b"\n"


def seat_of(snapshot: Snapshot, user_id: int) -> int | None:
    return snapshot.seated.get(str(user_id))


def game_line(snapshot: Snapshot, seat: int | None, full: bool) -> dict:
    """``gameFull`` (when a stream opens: also the table's settings) or ``gameState``."""
    match = snapshot.match
    players = players_from(snapshot.seats)
    context = match_context(match, seat, players)
    accounts = {s.position: bool(s.user_id and getattr(getattr(s.user, "profile", None), "bot_account", False))
                for s in snapshot.seats}
    line = {
        "type": "gameFull" if full else "gameState",
        "id": match.pk,
        "game": match.game_slug,
        "status": match.status,
        "revision": match.revision,
        "version": match.version,
        "seat": seat,
        "players": [{"seat": p["seat"], "name": p["name"], "bot": p["is_bot"],
                     "botAccount": accounts.get(p["seat"], False), "resigned": p["resigned"],
                     "score": p["score"], "rank": p["rank"]} for p in players],
        "toAct": sorted(context["to_act"]),
        "yourTurn": bool(context.get("my_turn")),
        "moves": context["moves"],
        "seen": context.get("seen", ""),
        "canTakeBack": bool(context.get("can_take_back")),
        "tookBack": context.get("took_back", ""),
        "view": context["view"],
        "log": context.get("log", []),
        "turnDeadline": match.turn_deadline.isoformat() if match.turn_deadline else None,
        "result": match.result,
        "endNote": match.end_note,
    }
    if "missing" in context:
        line["missing"] = context["missing"]
    if full:
        line.update(options=match.options, rated=match.rated, private=match.private,
                    timeControl=match.time_control, timePerMove=match.time_per_move)
    return line


def chat_line(message: ChatMessage) -> dict:
    return {"type": "chatLine", "id": message.pk, "user": display_name(message.user),
            "text": message.text, "at": message.created_at.isoformat()}


def chat_since(match_id: int, after_id: int, limit: int = 200) -> list[ChatMessage]:
    return list(ChatMessage.objects.filter(match_id=match_id, hidden=False, pk__gt=after_id)
                .select_related("user__profile").order_by("pk")[:limit])


def game_summary(match: Match, seat: int) -> dict:
    return {"id": match.pk, "game": match.game_slug, "seat": seat, "status": match.status,
            "yourTurn": seat in (match.to_act or ()), "result": match.result}


def invitation(invite: RematchInvite) -> dict:
    table = invite.table
    return {"id": table.pk, "kind": "rematch" if table.rematch_of_id else "challenge", "game": table.game_slug, "seat": invite.position,
            "from": display_name(table.host) if table.host_id else None}
