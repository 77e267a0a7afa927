"""Small helpers for the portal's own pages (home, lobby): ``{% load meeple_site %}``."""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe

from core.rendering import name_seats_in_html

register = template.Library()


@register.filter
def others(seats, user) -> list[str]:
    """The labels of the taken seats not held by ``user``: who you play with at a table."""
    user_id = getattr(user, "pk", None)
    return [seat.label for seat in seats
            if not seat.is_empty and (seat.user_id is None or seat.user_id != user_id)]


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
