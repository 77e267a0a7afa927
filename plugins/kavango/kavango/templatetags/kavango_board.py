"""Board helpers: which legal moves belong to a Reserve space, a card, and how to say a move."""

from __future__ import annotations

from django import template

from .. import catalog as cat

register = template.Library()

CELL_MOVES = ("use", "place", "lift", "drop", "unlock", "solar")
LABELS = {
    "draft": "Draft {name}",
    "expert": "Keep {name}",
    "return_lodge": "Give back Lodge card {card}",
    "sanctuary_pick": "Take {name}",
    "relocate": "Relocate {name}",
    "exchange_give": "Give {name}",
    "exchange_take": "Take {name}",
    "sell": "Sell {name}",
    "release": "Move {name} to the Reserve",
    "discard_lodge": "Discard Lodge card {card} for money",
}
USE_LABELS = {
    "producer": "Tuck as a producer",
    "sanctuary": "Put in the Sanctuary",
    "action": "Play the action",
    "discard": "Discard for money",
    "reserve": "Place in the Reserve",
}


@register.simple_tag
def cell_moves(moves, row, col):
    """The legal moves that act on one Reserve space."""
    return [
        m
        for m in moves or []
        if m.get("type") in CELL_MOVES and m.get("row") == row and m.get("col") == col
    ]


@register.simple_tag
def card_moves(moves, kind, card_id):
    return [m for m in moves or [] if m.get("type") == kind and m.get("card") == card_id]


@register.simple_tag
def panel_moves(moves):
    """Moves shown as buttons in the action panel (space moves live on the grid)."""
    return [
        m
        for m in moves or []
        if m.get("type") not in CELL_MOVES or (m.get("type") == "use" and m.get("how") != "reserve")
    ]


def _name(card):
    if card in cat.EXPERTS_BY_ID:
        e = cat.EXPERTS_BY_ID[card]
        return f"{e.name}: {e.text}"
    return cat.card_name(card) if card else ""


@register.filter
def move_label(move):
    kind = move.get("type")
    card = move.get("card")
    if kind == "use":
        return USE_LABELS.get(move.get("how"), "Use")
    if kind in LABELS:
        return LABELS[kind].format(name=_name(card), card=card)
    if kind == "research":
        r = cat.RESEARCH_BY_ID.get(card)
        return f"Claim {r.name if r else card} at tier {move.get('tier')}"
    if kind == "protect":
        return f"Raise {move.get('track', '').title()} protection"
    if kind == "climate":
        return "Place a free climate marker" if move.get("free") else "Place a climate marker ($1m)"
    if kind == "rewild":
        return f"Rewilding card: {move.get('kind')}"
    if kind == "build":
        return f"Build Lodge {card} at point {move['row'] + 1}-{move['col'] + 1}"
    if kind == "golden":
        return f"Claim the Golden Lodge ({card}) at point {move['row'] + 1}-{move['col'] + 1}"
    if kind == "solar":
        markers = move.get("markers", [])
        return f"Solar ({'+'.join(str(m) for m in markers)}): ${sum(markers)}m"
    if kind == "unlock":
        return "Unlock"
    return {
        "done": "Done investing",
        "rearrange": "Rearrange animals",
        "finish_rearranging": "Finish rearranging",
        "lift": "Pick up",
        "drop": "Put here",
        "place": "Place here",
    }.get(kind, kind)


@register.filter
def type_name(animal_type):
    return cat.TYPE_NAMES.get(animal_type, animal_type)


@register.filter
def seat_colour(seat):
    return "oppo" if seat == -1 else f"s{seat}"


@register.simple_tag
def point_style(row, col):
    """Place a Lodge piece on the corner shared by the 2x2 block whose top-left cell is given."""
    return f"left:{(col + 1) * 100 / 8:.3f}%;top:{(row + 1) * 100 / 3:.3f}%"


@register.simple_tag
def build_moves(moves, row, col):
    return [
        m
        for m in moves or []
        if m.get("type") in ("build", "golden") and m.get("row") == row and m.get("col") == col
    ]


GROUPS = (
    ("Your card", ("use", "relocate", "exchange_give", "exchange_take")),
    ("Setup", ("expert", "return_lodge", "sanctuary_pick")),
    ("Research", ("research",)),
    ("Protection and climate", ("protect", "climate")),
    ("Rewilding", ("rewild",)),
    ("Sanctuary", ("sell", "release")),
    ("Lodges", ("build", "golden", "rearrange", "finish_rearranging", "discard_lodge")),
    ("Community Protection", ("solar",)),
    ("", ("done",)),
)


@register.simple_tag
def grouped_moves(moves):
    """The panel's buttons, grouped under headings in a fixed order (space moves excluded)."""
    shown = panel_moves(moves)
    groups = []
    for title, kinds in GROUPS:
        found = [m for m in shown if m.get("type") in kinds]
        if found:
            groups.append({"title": title, "moves": found})
    return groups
