"""Template helpers for game boards: turning a legal move into something a player can click.

``{% move_attrs move %}`` gives any element the htmx attributes that POST that move with the
version the player is looking at; ``{% move_form_attrs %}`` does the same for a small form whose
fields make up the move. Both target the match page's feedback box for refusals.
"""

from __future__ import annotations

import json

from django import template
from django.urls import reverse
from django.utils.html import format_html

register = template.Library()


def _post_attrs(context, values: dict) -> str:
    match = context["match"]
    return format_html(
        'hx-post="{}" hx-vals="{}" hx-target="#move-feedback" hx-swap="innerHTML"',
        reverse("match_move", args=[match.pk]),
        json.dumps(values),
    )


@register.simple_tag(takes_context=True)
def move_attrs(context, move) -> str:
    return _post_attrs(context, {"move": json.dumps(move), **_seen(context)})


@register.simple_tag(takes_context=True)
def move_form_attrs(context) -> str:
    return _post_attrs(context, _seen(context))


def _seen(context) -> dict:
    """The version the player looks at, and their decision basis (per-seat staleness)."""
    return {"version": context["match"].version, "seen": context.get("seen", "")}



@register.filter
def get(mapping, key):
    """``{{ view.hands|get:seat }}``: look up a dict key or list index held in a variable."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        try:
            return mapping[str(key)]
        except (KeyError, IndexError, TypeError):
            return None


@register.filter
def plus1(value):
    """Seats are 0-based in the rules and 1-based for people."""
    try:
        return int(value) + 1
    except (TypeError, ValueError):
        return value


@register.filter
def moves_of_type(moves, kind):
    return [m for m in moves or [] if m.get("type") == kind]


@register.filter
def game_name(slug):
    from core.plugins import registry

    game = registry().games.get(slug)
    return game.name if game else slug


@register.simple_tag
def find_move(moves, kind, **fields):
    """``{% find_move moves "place" floor=1 col=2 as m %}``: the first legal move of that type
    with those fields, or None, so a board can make exactly the matching cell clickable."""
    for move in moves or []:
        if move.get("type") == kind and all(move.get(k) == v for k, v in fields.items()):
            return move
    return None
