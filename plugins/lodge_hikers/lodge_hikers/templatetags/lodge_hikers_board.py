"""Board helpers: snack icons and counting loops (moves are found with core's find_move)."""

from __future__ import annotations

from django import template

from ..catalog import SNACK_ICONS

register = template.Library()


@register.filter
def lh_icon(snack_type):
    return SNACK_ICONS.get(snack_type, "")


@register.filter
def lh_range(count):
    try:
        return range(int(count))
    except (TypeError, ValueError):
        return range(0)
