"""Rendering a match for one viewer, the same way for pages and websocket frames.

Everything shown about the game comes from ``game.view(state, seat)`` (and the seat's own legal
moves), never from the raw state: this is the single place where hidden information could leak,
and the security tests scan its output.
"""

from __future__ import annotations

import re

from django.template.loader import render_to_string
from django.utils.html import escape

from core.engine.staleness import basis_token
from core.models import Match
from core.plugins import GameNotInstalled, registry

LOG_LINES = 40


def players_from(seats) -> list[dict]:
    """The players bar's rows, from seats already loaded with ``select_related("user__profile")``.

    Two seats with the same label (two random bots) are told apart by their seat number, so
    "Random bot (seat 2) won" and the log say which one.
    """
    seats = sorted(seats, key=lambda s: s.position)
    labels = [s.label for s in seats]
    return [
        {
            "seat": s.position,
            "name": f"{label} (seat {s.position + 1})" if labels.count(label) > 1 else label,
            "is_bot": s.is_bot,
            "user_id": s.user_id,
            "bot_takeover": s.bot_takeover,
            "resigned": s.resigned,
            "score": s.score,
            "rank": s.rank,
            "options": s.options,
            # stored, not compared with the time now: the frame of a revision stays true
            "away_until": getattr(getattr(s.user, "profile", None), "away_until", None) if s.user_id else None,
        }
        for s, label in zip(seats, labels, strict=True)
    ]


def players_of(match: Match) -> list[dict]:
    return players_from(match.seats.select_related("user__profile"))


def match_context(match: Match, seat: int | None, players: list[dict] | None = None) -> dict:
    """Everything the live part of the match page shows to ``seat`` (``None``: spectators).

    It depends on the match and the seat only, never on who is looking otherwise, so one
    rendering serves every socket of that audience. A match whose game is no longer installed
    has no view, so it shows its record and ``missing``, the sentence saying why there is no
    board, instead.
    """
    game = registry().games.get(match.game_slug)
    players = players_of(match) if players is None else players
    mine = next((p for p in players if p["seat"] == seat), None) if seat is not None else None
    context = {"match": match, "game": game, "seat": seat, "players": players, "mine": mine,
               "is_host": mine is not None and mine["user_id"] == match.host_id,
               "to_act": set(), "view": None, "moves": [], "result": match.result}
    if game is None:
        context["missing"] = GameNotInstalled(match.game_slug).message
        return context
    if match.state is None:
        return context
    to_act = set(game.to_act(match.state)) if match.status == Match.Status.ACTIVE else set()
    view = game.view(match.state, seat)
    my_turn = seat in to_act
    context.update(
        view=view,
        to_act=to_act,
        my_turn=my_turn,
        moves=game.legal_moves(match.state, seat) if my_turn else [],
        # Only a simultaneous phase needs the decision basis: in a sequential turn any move
        # since the player looked changes what they see anyway.
        seen=basis_token(game, match.state, seat) if my_turn and len(to_act) > 1 else "",
        log=name_seats(list(view.get("log", []))[-LOG_LINES:], players)
        if isinstance(view, dict) else [],
    )
    for p in players:
        p["to_act"] = p["seat"] in to_act
    context["waiting_for"] = [p["name"] for p in players if p["to_act"]]
    record = match.takeback or {}
    context["can_take_back"] = mine is not None and match.may_take_back(seat)
    context["took_back"] = next((p["name"] for p in players
                                 if record.get("undone") and p["seat"] == record["seat"]), "")
    return context


SEAT_WORD = re.compile(r"\bPlayer (\d{1,2})\b")


def name_seats(lines: list, players: list[dict]) -> list[str]:
    """Rules write seats as "Player N" (they know no names); people read the seat's name there."""
    names = {p["seat"] + 1: p["name"] for p in players}

    def name(found):
        return names.get(int(found.group(1)), found.group(0))

    return [SEAT_WORD.sub(name, str(line)) for line in lines]


TAG = re.compile(r"(<[^>]*>)")
WORDS_ATTRIBUTE = re.compile(r'(\b(?:aria-label|title|alt)=")([^"]*)(")')


def name_seats_in_html(html: str, players: list[dict]) -> str:
    """A board's HTML with "Player N" named as in the log: in its text, and in the attributes
    read as words (``aria-label``, ``title``, ``alt``), so what a screen reader says matches what
    is shown. Other attributes keep it (a move's payload, a class). Names are escaped: they are
    people's own words."""
    if "Player " not in html:
        return html
    names = {p["seat"] + 1: escape(p["name"]) for p in players}

    def name(found):
        return names.get(int(found.group(1)), found.group(0))

    def words(text: str) -> str:
        return SEAT_WORD.sub(name, text)

    def tag(text: str) -> str:
        return WORDS_ATTRIBUTE.sub(lambda a: a.group(1) + words(a.group(2)) + a.group(3), text)

    return "".join(tag(part) if index % 2 else words(part)
                   for index, part in enumerate(TAG.split(html)))


def render_live(match: Match, seat: int | None, players: list[dict] | None = None,
                oob: bool = False) -> str:
    """The live part of the match page (players, banner, board, log, result, table actions)."""
    context = match_context(match, seat, players)
    context["oob"] = oob
    return render_to_string("core/match_live.html", context)
