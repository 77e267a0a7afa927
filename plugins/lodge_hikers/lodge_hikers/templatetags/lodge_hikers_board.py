"""Board helpers: snack icons, counting loops, and a customer's order and snacks drawn in Python.
Moves are found with core's find_move; a player's panel and a revealed card are core's parts
(``player_panel_html``, ``card_html``), drawn here because every audience draws all of them after
every move."""

from __future__ import annotations

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from core.templatetags.meeple import (
    card_html,
    explain_attrs,
    explained_by,
    explanations_html,
    get,
    player_panel_html,
)
from core.templatetags.meeple_text import counted, ordinal

from ..catalog import HIKERS, SNACK_ICONS, SQUIRREL_WIN

register = template.Library()

#: How squirrels score, said on every player's squirrel count while the game runs (issue 46: it
#: appeared only in the end-of-game tie text).
SQUIRREL_WORDS = explain_attrs(
    f"Squirrel tokens. At the end each costs a point, except exactly 5, worth +5; exactly "
    f"{SQUIRREL_WIN} wins outright and more than {SQUIRREL_WIN} loses, whatever the points.")


#: What each kind of part drawn many times is, worth and good for (issue 46), written once a
#: board by ``{% lh_explanations %}`` and pointed at by every part of that kind. The snack card's
#: words say why low numbers go first, so a player reads it before the first reveal.
PARTS = {
    "lodge_hikers-customer": "A customer and their order. The star number is the points they "
    "are worth at the end to whoever finishes the order; the icons are the snacks they want, "
    "bright when placed, dimmed while still wanted, in any order. The card that completes the "
    "order wins the customer, and its ability (in italics) is used at once.",
    "lodge_hikers-card": "A snack card: a number from 1 to 60 and a snack. Everyone picks one in "
    "secret; then all are revealed and placed one by one, lowest number first. A low card gets "
    "first choice of the customers; a high one may find its customer already full, or finish an "
    "order others started. A card must go to a customer who still wants its snack; if none "
    "does, the squirrels eat it and you take a squirrel token.",
    "lodge_hikers-reveal": "The cards revealed this turn, in the order they were placed: lowest "
    "number first, each with who played it and where it went.",
    "lodge_hikers-auto": "The automatic card (2 or 3 players): the top card of the snack deck, "
    "revealed with the picks and placed in turn by its number on the leftmost customer that "
    "takes it. A customer it completes leaves unscored, and nobody uses its ability.",
    "lodge_hikers-squirrel": "A squirrel card from the customer deck: it ate every snack of its "
    "kind from all the customers, and each player who already had a squirrel token took one "
    "more. Then the next customer card was turned.",
    "lodge_hikers-collected": "The customers this player has won, with their stars: the stars "
    "count as points at the end. Anyone can add them up; they are face up.",
}


@register.simple_tag(takes_context=True)
def lh_explanations(context) -> str:
    """``{% lh_explanations %}``: the words of the kinds of :data:`PARTS` this board draws, once
    each (a board without an automatic card or a squirrel card carries no words for one)."""
    view = context["view"]
    reveal = view.get("reveal") or []
    drawn = {
        "lodge_hikers-customer": bool(view.get("row")),
        "lodge_hikers-card": bool((view.get("you") or {}).get("hand") or reveal),
        "lodge_hikers-reveal": bool(reveal),
        "lodge_hikers-auto": any(e.get("seat") is None for e in reveal),
        "lodge_hikers-squirrel": bool(view.get("squirrel_cards")),
        "lodge_hikers-collected": any(p.get("customers") for p in view.get("players") or []),
    }
    return mark_safe(explanations_html({k: v for k, v in PARTS.items() if drawn[k]}))


@register.simple_tag
def lh_part(kind: str) -> str:
    """``<div {% lh_part "lodge_hikers-customer" %}>``: a part pointing at its kind's words."""
    return mark_safe(explained_by(kind))


@register.filter
def lh_icon(snack_type):
    return SNACK_ICONS.get(snack_type, "")


def _upto(count) -> range:
    """``range(count)`` for a count from the view, empty when it is missing."""
    try:
        return range(int(count))
    except (TypeError, ValueError):
        return range(0)


def _text(entry, key) -> str:
    """A view value as a template variable writes it (escaped; a missing key writes nothing)."""
    return conditional_escape(entry.get(key, ""))


@register.simple_tag
def lh_needs(needs):
    """``{% lh_needs slot.needs %}``: a customer's order, one item per snack type with an icon per
    snack placed and per snack still wanted. Every audience draws every customer of the row after
    every move, and as nested template loops the icons were most of the row's cost."""
    out = []
    for need in needs or []:
        placed, wanted = need.get("placed", ""), need.get("wanted", "")
        full = placed == wanted
        kind = _text(need, "type")
        icon = conditional_escape(SNACK_ICONS.get(need.get("type"), ""))
        label, placed_text, wanted_text = _text(need, "label"), _text(need, "placed"), _text(need, "wanted")
        filled = "".join(f'<span class="lodge_hikers-filled">{icon}</span>' for _ in _upto(placed))
        still = "".join(f'<span class="lodge_hikers-open">{icon}</span>'
                        for counter in range(1, len(_upto(wanted)) + 1) if counter > placed)
        out.append(
            f'<li class="lodge_hikers-need lodge_hikers-type-{kind}{" lodge_hikers-full" if full else ""}" '
            f'title="{label}: {placed_text} of {wanted_text} placed">\n'
            f'<span aria-hidden="true">{filled}{still}</span>\n'
            f'<small>{label} {placed_text}/{wanted_text}{" ✓" if full else ""}</small>\n</li>\n')
    return mark_safe("".join(out))


@register.filter
def lh_unserved(customer_discards):
    """The hikers in the customer discard pile, by name: customers whose order the automatic card
    finished, so nobody won them (Squirrel cards there are listed on their own)."""
    codes = [c.removeprefix("customer-") for c in customer_discards or []]
    return [HIKERS[c]["name"] for c in codes if c in HIKERS]


@register.simple_tag
def lh_snacks(snacks):
    """``{% lh_snacks slot.snacks %}``: the snacks placed on a customer, or a word when none are."""
    out = [
        f'<span class="lodge_hikers-mini lodge_hikers-type-{_text(s, "type")}'
        f'{" is-last" if s.get("is_last") else ""}" title="{_text(s, "label")} {_text(s, "number")}">'
        f'{conditional_escape(SNACK_ICONS.get(s.get("type"), ""))}{_text(s, "number")}</span>'
        for s in snacks or []
    ]
    return mark_safe("".join(out) or '<span class="lodge_hikers-muted">no snacks yet</span>')


@register.simple_tag(takes_context=True)
def lh_player(context, p):
    """``{% lh_player p %}``: one player's panel (name, pick, hand, squirrel tokens, customers won,
    the score so far, which anyone at the table can add up from what is face up, and, at the end,
    the place), core's player panel."""
    view = context["view"]
    q = get(context.get("players"), p.get("seat")) or {}
    acting = p.get("seat") in (view.get("waiting_for") or ())
    picking = view.get("phase") == "pick"
    badges = [mark_safe("<small>(bot)</small>") if q.get("is_bot") else ""]
    if picking and p.get("picked"):
        badges.append(mark_safe('<span class="lodge_hikers-badge">picked ✓</span>'))
    elif picking and p.get("hand_size"):
        badges.append(mark_safe('<span class="lodge_hikers-badge lodge_hikers-thinking">choosing…</span>'))
    tokens = (f' ({_text(p, "tokens_1")} × 1 + {_text(p, "tokens_3")} × 3)' if p.get("tokens_3") else "")
    customers = p.get("customers") or []
    won = ' class="is-last"' if p.get("won_customer") else ""
    facts = [
        counted(p.get("hand_size", ""), "card") + " in hand",
        mark_safe(f'<span{SQUIRREL_WORDS}><span class="lodge_hikers-tokens{" is-last" if p.get("tokens_changed") else ""}">🐿 '
                  f'{conditional_escape(counted(p.get("squirrels", ""), "squirrel"))}{tokens}</span></span>'),
        mark_safe(f'<span{won}>{_text(p, "customer_points")}★ '
                  f'from {conditional_escape(counted(len(customers), "customer"))}</span>'),
    ]
    score = p.get("score")
    if score is not None:
        squirrels = p.get("squirrels") or 0
        note = ""
        if squirrels == SQUIRREL_WIN:
            note = " (exactly 10 squirrels: an outright win if the game ended now)"
        elif squirrels > SQUIRREL_WIN:
            note = " (more than 10 squirrels: a loss if the game ended now)"
        facts.append(f"score so far {score}{note}")
    body = []
    standing = p.get("standing")
    if standing:
        body.append(f'<p class="lodge_hikers-ending">{conditional_escape(ordinal(standing.get("place")))} place: '
                    f'{_text(standing, "outcome")}</p>\n')
    if customers:
        body.append(f'<p class="lodge_hikers-collected"{explained_by("lodge_hikers-collected")}>' + "".join(
            f'<span>{_text(c, "name")} {_text(c, "points")}★</span>' for c in customers) + "</p>\n")
    classes = "lodge_hikers-player" + (" lodge_hikers-acting" if acting else "")
    return player_panel_html(q.get("name") or p.get("name", ""), you=p.get("seat") == context.get("seat"),
                             active=acting and not picking, last=bool(p.get("is_last")), facts=facts,
                             badges=badges, body=mark_safe("".join(body)), classes=classes)


@register.simple_tag(takes_context=True)
def lh_reveal(context, e):
    """``{% lh_reveal e %}``: one revealed card of the turn (core's card), whose it was and
    where it went."""
    outcome = e.get("outcome", "")
    if e.get("seat") is None:
        who = f'<span class="lodge_hikers-auto"{explained_by("lodge_hikers-auto")}>automatic card</span>'
    else:
        p = get(context.get("players"), e.get("seat")) or {}
        who = conditional_escape(p.get("name") or e.get("name", ""))
    if e.get("now"):
        what = "choosing a customer…"
    elif outcome == "waiting":
        what = "waiting…"
    elif outcome == "eaten":
        what = "eaten by squirrels 🐿"
    elif outcome == "completed":
        what = f"completed the {_text(e, 'customer')}!"
    else:
        what = f"→ {_text(e, 'customer')}"
    card = card_html(e.get("card", ""), detail=e.get("label", ""), symbol=SNACK_ICONS.get(e.get("type"), ""),
                     classes=f"lodge_hikers-card lodge_hikers-type-{e.get('type', '')}",
                     explain=explained_by("lodge_hikers-card"))
    return mark_safe(
        f'<li class="lodge_hikers-outcome-{conditional_escape(outcome)}{" lodge_hikers-now" if e.get("now") else ""}'
        f'{" is-last" if e.get("is_last") else ""}">\n'
        f'{card}\n<span>{who}</span>\n'
        f'<span class="lodge_hikers-what">\n{what}\n</span>\n</li>\n')
