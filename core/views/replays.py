"""Replays of finished matches, stepped in the page: one step is a small htmx partial.

Each step is the board in the spectator view at that ply, a sentence saying what the move did
(the game's own log lines for it), and the result only once the last move is reached. States
come from snapshots (:func:`core.services.replays.state_at`), so a step applies a bounded number
of moves however long the match was, and a step once shown is kept as HTML: showing it again
costs one cache read.
"""

from __future__ import annotations

import logging
import zlib

from django.core.cache import caches
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe

from core.engine.undo import is_undo
from core.models import Match
from core.plugins import GameNotInstalled, registry
from core.rendering import match_context, name_seats, players_of
from core.services.replays import ReplayBroken, cache_key, replayed, state_at
from core.text import and_list

from .match import _visible_match

log = logging.getLogger(__name__)


def _finished_match(request, pk) -> Match:
    match = _visible_match(request, pk)
    if match.status != Match.Status.FINISHED:
        raise Http404("Replays open once the match is over.")
    return match


def _ply(request, last: int) -> int:
    try:
        return max(0, min(int(request.GET.get("ply", "0")[:9]), last))
    except ValueError:
        return 0


def new_lines(before: list, after: list) -> list:
    """The log lines ``after`` adds to ``before``, also when a view shows only the latest lines
    (then the longest end of ``before`` that starts ``after`` is what both share)."""
    if after[: len(before)] == before:
        return after[len(before):]
    for shared in range(min(len(before), len(after)), 0, -1):
        if before[-shared:] == after[:shared]:
            return after[shared:]
    return after


def _log_of(game, state) -> list:
    view = game.view(state, None)
    return list(view.get("log", [])) if isinstance(view, dict) else []


def controls(match: Match, ply: int) -> dict:
    """What the step controls need: where the step is, and the addresses of the others."""
    return {"real_match": match, "ply": ply, "last_ply": match.version,
            "at_end": ply == match.version, "step_url": reverse("replay_step", args=[match.pk]),
            "page_url": reverse("replay", args=[match.pk])}


def stops_at(broken: ReplayBroken) -> str:
    """The sentence a step shows in place of a board the stored log cannot rebuild."""
    shown = f" past move {broken.ply - 1}" if broken.ply > 1 else ""
    failed = f"move {broken.ply}" if broken.ply else "its opening"
    return (f"This replay cannot be shown{shown}: {failed} no longer replays with the rules "
            "installed on this site. The match's record is kept.")


def step_context(match: Match, ply: int) -> dict:
    """Everything one step shows: board at ``ply`` for spectators, the move in words, controls."""
    game = registry().game(match.game_slug)
    last_ply = match.version
    players = players_of(match)
    if ply == 0:
        state, lines, mover = state_at(match, 0), [], None
    else:
        move = match.moves.get(ply=ply)
        mover = next((p["name"] for p in players if p["seat"] == move.seat), None)
        if is_undo(move.payload):
            state, lines = state_at(match, ply), [f"{mover} took back their last move."]
        else:
            before = state_at(match, ply - 1)
            state = replayed(game, before, move.seat, move.payload, ply, match.seed)
            lines = name_seats(new_lines(_log_of(game, before), _log_of(game, state)), players)
    at_end = ply == last_ply
    frozen = Match(pk=match.pk, game_slug=match.game_slug, players=match.players, state=state,
                   seed=match.seed, options=match.options, host_id=match.host_id,
                   status=Match.Status.FINISHED if at_end else Match.Status.ACTIVE, version=ply,
                   result=match.result if at_end else None, invite_token=match.invite_token)
    context = match_context(frozen, None)
    to_act = context.get("to_act") or set()
    for p in players:
        p["to_act"] = not at_end and p["seat"] in to_act
        if not at_end:
            p["score"] = p["rank"] = None
    context.update(
        controls(match, ply),
        players=players,
        replaying=True,
        step_words=" ".join(str(line) for line in lines),
        mover=mover,
        waiting_for=and_list(p["name"] for p in players if p["to_act"]),
    )
    return context


def step_html(match: Match, ply: int) -> str:
    """The step's HTML, rendered once per finished match and ply and then read from the
    ``replays`` cache (compressed). It is rendered without the request, so it holds nothing of
    the visitor (no user, no CSRF token) and the same bytes serve everyone allowed to see it.

    A step that cannot be rebuilt says why in place of its board, with the controls kept: the
    game is no longer installed (nothing of it can be drawn, nor cached under its code), or the
    stored log stops replaying at or before this step (cached like any step: the key names the
    code that found it so).
    """
    try:
        key = cache_key("html", match, ply)
    except GameNotInstalled as exc:
        return render_to_string("core/_replay_step.html",
                                {**controls(match, ply), "cannot_show": exc.message})
    cached = caches["replays"].get(key)
    if cached is not None:
        return zlib.decompress(cached).decode()
    try:
        context = step_context(match, ply)
    except ReplayBroken as broken:
        log.warning("replay of match %s: %s", match.pk, broken, exc_info=True)
        context = {**controls(match, ply), "cannot_show": stops_at(broken)}
    html = render_to_string("core/_replay_step.html", context)
    caches["replays"].set(key, zlib.compress(html.encode(), 6), timeout=None)
    return html


def replay(request, pk):
    """The replay page at ``?ply=N`` (every control is also a plain link without script)."""
    match = _finished_match(request, pk)
    ply = _ply(request, match.version)
    return render(request, "core/replay.html", {
        "game": registry().games.get(match.game_slug), "real_match": match, "ply": ply,
        "last_ply": match.version, "step_url": reverse("replay_step", args=[match.pk]),
        "step_html": mark_safe(step_html(match, ply)),  # the output of our own template
    })


def replay_step(request, pk):
    """One step alone, swapped into the page by htmx; the address bar follows the step."""
    match = _finished_match(request, pk)
    ply = _ply(request, match.version)
    response = HttpResponse(step_html(match, ply))
    response["HX-Replace-Url"] = f"{reverse('replay', args=[match.pk])}?ply={ply}"
    return response
