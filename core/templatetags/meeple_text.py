"""Plural and list filters for templates: ``{% load meeple_text %}``.

``{{ n|counted:"card" }}`` gives "1 card" / "2 cards" (irregular nouns as ``"fox,foxes"``);
``{{ names|and_list }}`` gives "alice, bob and carol"; ``{{ n|ordinal }}`` gives "2nd";
``{{ deadline|epoch_ms }}`` gives the moment a countdown counts to (see static/js/meeplehall.js).
"""

from __future__ import annotations

from django import template

from core import text

register = template.Library()


@register.filter
def counted(count, noun: str) -> str:
    return text.counted(count, noun)


@register.filter
def plural(count, noun: str) -> str:
    """Only the noun: ``{{ n }} {{ n|plural:"point" }}`` when the number is styled on its own."""
    return text.plural(count, noun)


@register.filter
def and_list(items) -> str:
    return text.and_list(items or [])


@register.filter
def ordinal(number) -> str:
    try:
        return text.ordinal(int(number))
    except (TypeError, ValueError):
        return ""


@register.filter
def epoch_ms(moment) -> str:
    """A datetime as milliseconds since the epoch, for a ``.clock[data-deadline]`` the page
    counts down: a page or frame carries the deadline, never the time left when it was drawn."""
    return str(int(moment.timestamp() * 1000)) if moment else ""


@register.simple_tag(takes_context=True)
def standing(context) -> str:
    """The result in a sentence for the viewer (``seat`` in the context; None for spectators)."""
    result = context.get("result")
    players = context.get("players") or []
    if not result or not players:
        return ""
    seat = context.get("seat")
    names = [p["name"] for p in sorted(players, key=lambda p: p["seat"])]
    return text.standing(result, names, seat if seat is not None and seat < len(names) else None)
