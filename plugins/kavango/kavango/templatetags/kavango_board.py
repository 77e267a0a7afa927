"""Board helpers: how to say a move in words, what a term means, and the action panel's groups.

Finding the move behind a Reserve space or a card is core's ``find_move`` tag; these helpers only
word and group the moves the panel shows as buttons.
"""

from __future__ import annotations

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

from .. import catalog as cat
from ..rules.lodges import golden_text
from ..rules.reserve import space_words

register = template.Library()

# Moves made by clicking a Reserve space (or a card) rather than a panel button.
BOARD_MOVES = ("place", "lift", "drop", "unlock", "draft", "sanctuary_pick", "expert",
               "return_lodge", "golden", "build")
USE_LABELS = {
    "producer": "Tuck as a producer",
    "sanctuary": "Put in the Sanctuary",
    "action": "Play the action",
    "discard": "Discard for money",
    "reserve": "Place here",
}
# What each choice means, shown beside its button (the rulebook's terms, in plain words).
HELP = {
    "use:producer": "The card slides under the top edge of your board and adds its food symbol, "
    "which your animals' requirements count from now on.",
    "use:reserve": "Click a highlighted space of your Reserve: the animal scores its points there.",
    "use:sanctuary": "A holding pen of 3 spaces: the animal waits there (scoring nothing) until "
    "you move it into your Reserve in an Investment stage, or sell it.",
    "use:action": "Do what the card says; then it goes to the discard pile.",
    "use:discard": "The card goes to the open discard pile and you take $1m (nothing for a "
    "card taken with Relocation).",
    "relocate": "Pay $1m and use a card from the discard pile as if you had drafted it.",
    "exchange_give": "Choose the Sanctuary animal to swap away.",
    "exchange_take": "Choose the discard-pile animal that takes its Sanctuary space.",
    "rewild_free": "A Rewilding card is a producer bought from the supply; this one is free.",
    "research": "Take the payout of the tier you meet now. Each card once per round; you cannot "
    "upgrade it later.",
    "protect": "Your own tracks, up to level 4; animals may ask for a level, and level 4 earns a "
    "10-point award.",
    "climate": "Markers go on the shared track; full sections raise everyone's Climate level. "
    "8 of your markers earn the 10-point Climate Award.",
    "rewild": "Buy a producer from the Rewilding supply (one per Investment stage).",
    "sell": "Sell a Sanctuary animal for money; it goes to the discard pile.",
    "release": "Move a Sanctuary animal whose requirements you meet into your Reserve.",
    "rearrange": "Pick animals up and put them on other free spaces, or swap two, to form Lodge "
    "blocks. Animals next to a Lodge stay put.",
    "discard_lodge": "An unbuilt Lodge card can be turned in for its level in money (then it "
    "scores nothing).",
    "solar": "Place removed Community Protection markers, solar side up, on a still-locked "
    "space: you earn their value and the space stays locked for good.",
    "done": "End your Investment stage; the next player in hand-marker order goes on.",
}
GROUPS = (
    ("Your card", ("use", "relocate", "exchange_give", "exchange_take", "rewild_free")),
    ("Research", ("research",)),
    ("Protection and climate", ("protect", "climate")),
    ("Rewilding", ("rewild",)),
    ("Sanctuary", ("sell", "release")),
    ("Lodges", ("rearrange", "finish_rearranging", "discard_lodge")),
    ("Community Solar", ("solar",)),
    ("", ("done",)),
)
@register.filter
def move_label(move):
    kind = move.get("type")
    card = move.get("card")
    if kind == "use":
        return USE_LABELS.get(move.get("how"), "Use")
    if kind in ("relocate", "exchange_take"):
        return f"Take {cat.card_name(card)}"
    if kind == "exchange_give":
        return f"Give {cat.card_name(card)}"
    if kind == "rewild_free" or (kind == "rewild" and move.get("kind")):
        return f"{move.get('kind', '').title()} Rewilding card"
    if kind == "sell":
        return f"Sell {cat.card_name(card)}"
    if kind == "release":
        return f"Move {cat.card_name(card)} to the Reserve"
    if kind == "research":
        r = cat.RESEARCH_BY_ID.get(card)
        return f"Claim {r.name if r else card}, tier {move.get('tier')}"
    if kind == "protect":
        return f"Raise {move.get('track', '').title()} protection"
    if kind == "climate":
        return "Place a free climate marker" if move.get("free") else "Place a climate marker ($1m)"
    if kind == "discard_lodge":
        lodge = cat.LODGES_BY_ID.get(card)
        if lodge:
            return f"Turn in the level {lodge.level} Lodge card ({cat.type_list(lodge.requires)})"
    if kind == "solar":
        markers = move.get("markers", [])
        return (
            f"Solar on the {space_words(move['row'], move['col'])} "
            f"({' + '.join(str(m) for m in markers)}): +${sum(markers)}m"
        )
    if kind == "build":
        lodge = cat.LODGES_BY_ID.get(card)
        return f"Build the level {lodge.level} Lodge ({cat.type_list(lodge.requires)}) here"
    if kind == "golden":
        return f"Place the Golden Lodge here ({golden_text(card)})"
    return {
        "done": "Done investing",
        "rearrange": "Rearrange animals",
        "finish_rearranging": "Finish rearranging",
        "lift": "Pick up",
        "drop": "Put here",
        "place": "Place here",
        "unlock": "Unlock",
    }.get(kind, kind)


@register.filter
def move_help(move):
    """What a choice means, in a sentence (empty when the label says it all)."""
    kind = move.get("type")
    return HELP.get(f"use:{move.get('how')}" if kind == "use" else kind, "")


@register.filter
def type_name(animal_type):
    return cat.SYMBOL_NAMES.get(animal_type, animal_type)


@register.filter
def type_words(animal_type):
    """An animal type for a narrow Reserve space: "reptile/amphibian" may wrap after its slash."""
    return mark_safe("/<wbr>".join(escape(part) for part in type_name(animal_type).split("/")))


@register.filter
def space(cell):
    """``{{ cell|space }}``: "top row, column 3", for screen readers."""
    return space_words(cell["row"], cell["col"])


@register.filter
def seat_colour(seat):
    return "oppo" if seat == -1 else f"s{seat}"


@register.simple_tag
def grouped_moves(moves):
    """The panel's buttons, grouped under headings in a fixed order (board clicks left out)."""
    shown = [m for m in moves or [] if m.get("type") not in BOARD_MOVES and not (
        m.get("type") == "use" and m.get("how") == "reserve")]
    groups = []
    for title, kinds in GROUPS:
        found = [m for m in shown if m.get("type") in kinds]
        if found:
            groups.append({"title": title, "moves": found, "help": move_help(found[0])
                           if title not in ("Your card",) else ""})
    return groups
