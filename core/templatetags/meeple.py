"""Template helpers for game boards: turning a legal move into something a player can click,
and the shared parts every board draws the same way (a card, a token, a player panel).

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


def _post_attrs(context, values: dict, url: str = "") -> str:
    return format_html(
        'hx-post="{}" hx-vals="{}" hx-target="#move-feedback" hx-swap="innerHTML"',
        url or reverse("match_move", args=[context["match"].pk]),
        json.dumps(values),
    )


@register.simple_tag(takes_context=True)
def move_attrs(context, move) -> str:
    return _post_attrs(context, {"move": json.dumps(move), **_seen(context)})


def post_attrs_with(context, url: str, move) -> str:
    """``move_attrs`` with the match's move URL already reversed, for a board drawing many
    buttons in Python (``reverse`` once per board instead of once per button)."""
    return _post_attrs(context, {"move": json.dumps(move), **_seen(context)}, url)


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


# ---- the shared board vocabulary: parts drawn the same way in every game -------------------
# Core's parts carry classes starting with ``mh-``; a game's own classes start with its slug
# and a dash (``tictactoe-cell``); states are ``is-*`` (``is-last``, ``is-active``).


@register.simple_tag
def meeple_css() -> str:
    """``{% meeple_css %}``: the stylesheet of the shared parts, for a board that uses them."""
    from django.templatetags.static import static

    return format_html('<link rel="stylesheet" href="{}">', static("meeple/parts.css"))


@register.simple_tag
def is_last(view, kind, item) -> str:
    """``class="kavango-card {% is_last view 'cards' card.id %}"``: ``is-last`` when the view's
    ``last`` entry (what the last move touched) lists ``item`` under ``kind``."""
    last = view.get("last") if isinstance(view, dict) else None
    touched = last.get(kind) if isinstance(last, dict) else None
    return "is-last" if isinstance(touched, list) and item in touched else ""


def _move_context(context) -> dict:
    return {"match": context.get("match"), "seen": context.get("seen", "")}


@register.inclusion_tag("meeple/card.html", takes_context=True)
def card(context, name, value=None, detail="", kind="", move=None, last=False, face_down=False,
         back="", label="", classes=""):
    """``{% card "Zebra" value=3 detail="savanna" kind="animal" move=m last=True %}``: a card
    face; with ``face_down=True`` only its ``back`` ("Deck A") and nothing of the face; with
    ``move`` it is a button playing that move."""
    return {**_move_context(context), "name": name, "value": value, "detail": detail,
            "kind": kind, "move": move, "last": last, "face_down": face_down, "back": back,
            "label": label or (back if face_down else name), "classes": classes}


@register.inclusion_tag("meeple/token.html")
def token(label, count=None, kind="", symbol="", last=False, classes=""):
    """``{% token "Squirrel" count=3 kind="squirrel" symbol="S" %}``: a round token with an
    optional count; ``label`` is what a screen reader says."""
    return {"label": label, "count": count, "kind": kind, "symbol": symbol, "last": last,
            "classes": classes}


@register.inclusion_tag("meeple/player_panel.html", takes_context=True)
def player_panel(context, player, stats=None, active=False, last=False, classes=""):
    """``{% player_panel p stats=row active=True %}``: one player's name and figures, where
    ``p`` is an entry of ``players`` and ``stats`` a dict (or pairs) of label -> value from the
    view; the viewer's own panel is marked ``is-you``."""
    pairs = list(stats.items()) if isinstance(stats, dict) else list(stats or [])
    seat = player.get("seat") if isinstance(player, dict) else None
    return {"name": player.get("name", "") if isinstance(player, dict) else str(player),
            "stats": pairs, "active": active, "last": last, "classes": classes,
            "you": seat is not None and seat == context.get("seat")}


@register.filter
def seat_option_labels(options, game):
    """A seat's options as people read them: the option's label and the chosen value's label
    ("Lodges difficulty: Maximum"), never the raw keys ("difficulty: maximum")."""
    declared = {o.name: o for o in getattr(game, "options", ())}
    labels = []
    for name, value in (options or {}).items():
        option = declared.get(name)
        if option is None:
            labels.append(f"{name}: {value}")
        elif option.kind == "bool":
            labels.append(f"{option.label}: {'yes' if value else 'no'}")
        else:
            shown = dict(option.choices).get(value, value)
            labels.append(f"{option.label}: {shown}")
    return labels
