"""Board helpers: find the legal move that belongs to a hand card or a customer space."""

from __future__ import annotations

from django import template

from ..catalog import SNACK_ICONS

register = template.Library()


def _find(moves, kind, key, value):
    for move in moves or []:
        if move.get("type") == kind and move.get(key) == value:
            return move
    return None


@register.filter
def lh_pick(moves, number):
    """The pick move for the card with this number, if the player may pick it now."""
    return _find(moves, "pick", "card", number)


@register.filter
def lh_place(moves, slot):
    """The place move for this customer space, if the pending card may go there."""
    return _find(moves, "place", "slot", slot)


@register.filter
def lh_icon(snack_type):
    return SNACK_ICONS.get(snack_type, "")


@register.filter
def lh_range(count):
    try:
        return range(int(count))
    except (TypeError, ValueError):
        return range(0)
