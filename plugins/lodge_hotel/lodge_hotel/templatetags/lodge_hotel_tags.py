"""Board helpers: find the legal move for one tile or cell, so the board can make it clickable."""

from __future__ import annotations

from django import template

register = template.Library()


@register.simple_tag
def find_move(moves, kind, **fields):
    """``{% find_move moves "place" floor=1 col=2 as m %}``: the first matching move, or None."""
    for move in moves or []:
        if move.get("type") == kind and all(move.get(k) == v for k, v in fields.items()):
            return move
    return None
