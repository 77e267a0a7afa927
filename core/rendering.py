"""Rendering a match for one viewer, the same way for pages and websocket frames.

Everything shown about the game comes from ``game.view(state, seat)`` (and the seat's own legal
moves), never from the raw state: this is the single place where hidden information could leak,
and the security tests scan its output.
"""

from __future__ import annotations

import re

from django.template.loader import render_to_string
from django.utils import timezone

from core.models import Match, display_name
from core.plugins import registry

LOG_LINES = 40


def players_of(match: Match) -> list[dict]:
    return [
        {
            "seat": s.position,
            "name": s.label,
            "is_bot": s.is_bot,
            "user_id": s.user_id,
            "bot_takeover": s.bot_takeover,
            "resigned": s.resigned,
            "score": s.score,
            "rank": s.rank,
            "options": s.options,
        }
        for s in match.seats.order_by("position").select_related("user__profile")
    ]


def match_context(match: Match, seat: int | None, viewer=None) -> dict:
    game = registry().games.get(match.game_slug)
    context = {"match": match, "game": game, "seat": seat, "players": players_of(match),
               "viewer": viewer, "to_act": set(), "view": None, "moves": []}
    if game is None or match.state is None:
        return context
    to_act = set(game.to_act(match.state)) if match.status == Match.Status.ACTIVE else set()
    view = game.view(match.state, seat)
    context.update(
        view=view,
        to_act=to_act,
        my_turn=seat in to_act,
        moves=game.legal_moves(match.state, seat) if seat in to_act else [],
        log=name_seats(list(view.get("log", []))[-LOG_LINES:], context["players"])
        if isinstance(view, dict) else [],
        result=match.result,
        seconds_left=max(0, int((match.turn_deadline - timezone.now()).total_seconds()))
        if match.turn_deadline else None,
    )
    for p in context["players"]:
        p["to_act"] = p["seat"] in to_act
    return context


SEAT_WORD = re.compile(r"\bPlayer (\d{1,2})\b")


def name_seats(lines: list, players: list[dict]) -> list[str]:
    """Rules write seats as "Player N" (they know no names); people read the seat's name there."""
    names = {p["seat"] + 1: p["name"] for p in players}

    def name(found):
        return names.get(int(found.group(1)), found.group(0))

    return [SEAT_WORD.sub(name, str(line)) for line in lines]


def render_live(match: Match, seat: int | None, viewer=None, oob: bool = False) -> str:
    """The live part of the match page (status, board, log, result) for one viewer."""
    context = match_context(match, seat, viewer)
    context["oob"] = oob
    return render_to_string("core/match_live.html", context)
