"""Small helpers for the portal's own pages (home, lobby): ``{% load meeple_site %}``."""

from __future__ import annotations

import functools

from django import template
from django.contrib.staticfiles import finders
from django.templatetags.static import static
from django.utils.safestring import mark_safe

from core import text
from core.rendering import name_seats_in_html

register = template.Library()


@register.filter
def others(seats, user) -> list[str]:
    """The labels of the taken seats not held by ``user``: who you play with at a table."""
    user_id = getattr(user, "pk", None)
    return [seat.label for seat in seats
            if not seat.is_empty and (seat.user_id is None or seat.user_id != user_id)]


@register.filter
def whose_turn(match, user) -> str:
    """Who is to move at a table in play, for its card: "Your turn" when ``user`` holds a seat
    to act, else the names of those to act ("alice to move"); empty when nobody is."""
    user_id = getattr(user, "pk", None)
    acting = [seat for seat in match.seats.all() if seat.position in (match.to_act or [])]
    if not acting or match.status != "active":
        return ""
    if any(seat.user_id is not None and seat.user_id == user_id for seat in acting):
        return "Your turn"
    return f"{text.and_list([seat.label for seat in acting])} to move"


@register.filter
def open_seats(seats) -> int:
    return sum(1 for seat in seats if seat.is_empty)


@register.simple_tag(takes_context=True)
def board(context) -> str:
    """``{% board %}``: the match's ``<slug>/board.html`` drawn in this context, as an include
    would, with "Player N" in its words named as the log names it: the rules know no names, and
    a board shows the sentences they write ("Player 2 wins the round")."""
    template = context.template.engine.get_template(f"{context['match'].game_slug}/board.html")
    with context.push():
        html = template.render(context)
    return mark_safe(name_seats_in_html(html, context.get("players") or []))


DEFAULT_COVER = "img/game-cover.svg"


@functools.cache
def _cover_path(slug: str) -> str:
    return f"{slug}/cover.svg" if finders.find(f"{slug}/cover.svg") else DEFAULT_COVER


@register.filter
def game_cover(slug: str) -> str:
    """``{{ game.slug|game_cover }}``: the address of the game's picture for the home page, the
    ``static/<slug>/cover.svg`` its plugin ships (found by convention, like its templates), or a
    neutral picture for a game that ships none."""
    return static(_cover_path(slug))
