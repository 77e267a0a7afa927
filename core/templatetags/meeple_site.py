"""Small helpers for the portal's own pages (home, lobby): ``{% load meeple_site %}``."""

from __future__ import annotations

from django import template

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
