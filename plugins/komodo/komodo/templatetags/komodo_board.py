"""The Komodo map and tile drawings, written in Python.

At the end of a game the map holds some four hundred blocks, with tiles, padlocks, markers and
enclosure sizes on top, and on a player's turn one clickable square per legal tile placement
(hundreds). As template loops each of those was a dozen variable lookups and filter calls, paid
by every audience after every move: most of a frame. Here each part is one string built from the
view; the move URL is reversed once per map, and the tile drawings, which never change, are built
once per process. The board template still decides the layout around them.
"""

from __future__ import annotations

import functools
import json
from html import escape

from django import template
from django.utils.safestring import SafeData, mark_safe

from core.templatetags.meeple import (
    board_moves,
    card_html,
    explain_attrs,
    explained_by,
    explanations_html,
    player_panel_html,
    token_html,
)
from core.text import counted, ordinal

from ..rules.terrain import TILE_VIEWS, tile_number

register = template.Library()


def esc(value) -> str:
    """A value escaped as a template variable would be, without the lazy-string wrapper."""
    return str(value) if isinstance(value, SafeData) else escape(str(value))


def _cells_svg(cells) -> str:
    out = []
    for c in cells:
        out.append(f'<rect class="komodo-t-{c["t"]}" x="{c["x"]}" y="{c["y"]}" width="1" height="1"/>')
        if c["lock"]:
            out.append(f'<circle class="komodo-lockdot" cx="{c["x"]}.5" cy="{c["y"]}.5" r=".2"/>')
    return "".join(out)


@functools.cache
def _tile_svg(tile_id: str) -> str:
    """A tile as laid (not turned), named for screen readers by its number and terrains."""
    tile = TILE_VIEWS[tile_id]
    return (f'<svg viewBox="0 0 3 3" class="komodo-mini" role="img" '
            f'aria-label="Tile {esc(tile["number"])}: {esc(tile["terrains"])}">'
            f'{_cells_svg(tile["rotations"][0]["cells"])}</svg>')


@functools.cache
def _turns_svg(tile_id: str) -> str:
    """The tile in its four turns; the style sheet shows the one the player picked."""
    return "".join(
        f'<svg viewBox="0 0 3 3" class="komodo-mini komodo-prev-{r["rotation"]}" aria-hidden="true">'
        f'{_cells_svg(r["cells"])}</svg>'
        for r in TILE_VIEWS[tile_id]["rotations"]
    )


@register.simple_tag
def komodo_tile(tile) -> str:
    """``{% komodo_tile t %}``: a small drawing of a tile from the view (``t.id``)."""
    return mark_safe(_tile_svg(tile["id"]))


@register.simple_tag
def komodo_turns(tile) -> str:
    """``{% komodo_turns t %}``: the tile turned the four ways, for the tile picker."""
    return mark_safe(_turns_svg(tile["id"]))


def _names(context) -> dict:
    return {p["seat"]: esc(p["name"]) for p in context.get("players") or []}


#: What each kind of thing on the map is, said where it sits (issue 46): shown on hover, focus
#: and a long press, and read by screen readers after the part's name. Keyed by the part's
#: class, so tests can check that every kind drawn has its words.
MAP_PARTS = {
    "komodo-lock": "A padlock. Whatever lives in the enclosure that holds this block is "
                   "protected: Animal Escapes cannot free it and only its keeper may relocate it.",
    "komodo-tile": "A terrain tile: 3 by 3 blocks. Blocks of one terrain joined edge to edge, "
                   "across tiles, make an enclosure; grey rock is not land and divides them. The "
                   "figure in the lower right corner is the tile's number, S for the Starter.",
    "komodo-marker": "A housed animal: two letters (spelled out in the enclosure list below the "
                     "map) in the colour of the keeper who housed it. It scores its points at the "
                     "end unless freed first.",
    "komodo-size": "This enclosure's size in blocks, on its top-left block. An animal of this "
                   "terrain fits if its card asks for at most this many blocks and no other "
                   "species lives here.",
}


@register.simple_tag
def komodo_replenish_words(move, variant) -> str:
    """``<button {% komodo_replenish_words m view.variant %}>``: what a "Replenish and end turn" button does,
    said on it (issue 46: "taking 0 animal cards" was explained nowhere)."""
    words = ["Ends your turn: you draw back up to five tiles"]
    if move.get("animals") is None:
        words.append(" and two animal cards.")
    else:
        words.append(
            f". The tiles have run out, so you choose how many animal cards to draw: "
            f"{counted(move['animals'], 'card')} here. An animal card still in your hand at the "
            "end costs you its points.")
    if variant == "basic":
        words.append(" If you housed an animal from your hand this turn, you also draw a wild "
                     "card (you hold at most three).")
    if move.get("wild"):
        words.append(f" You also take the {move['wild']} wild card from the display, your reward "
                     "for housing an animal from your hand this turn.")
    return mark_safe(explain_attrs("".join(words)))


def _part(kind: str) -> str:
    return explained_by(kind)


def _lock(x, y) -> str:
    return (f'<g transform="translate({x} {y})" class="komodo-lock"{_part("komodo-lock")}><rect x=".3" y=".45" '
            'width=".4" height=".32" rx=".05"/><path d="M.38 .45 V.33 a.12 .12 0 0 1 .24 0 V.45" '
            'fill="none"/><title>Padlock</title></g>')


def _blocks(blocks) -> list[str]:
    out = []
    for b in blocks:
        enc = "" if b["n"] is None else f' komodo-enc-{b["n"]}'
        out.append(f'<rect class="komodo-block komodo-t-{b["t"]}{enc}" x="{b["x"]}" y="{b["y"]}" '
                   'width="1" height="1"/>')
        if b["lock"]:
            out.append(_lock(b["x"], b["y"]))
    return out


def _tiles(tiles) -> list[str]:
    out = []
    for t in tiles:
        last = " is-last" if t["last"] else ""
        starter = " komodo-starter" if t["starter"] else ""
        words = f'Tile {esc(t["number"])}{" (the Starter)" if t["starter"] else ""}' + (
            ", laid in the last turn" if t["last"] else "")
        out.append(f'<g class="komodo-tilepart"{_part("komodo-tile")}>'
                   f'<rect class="komodo-tile{starter}{last}" x="{t["bx"]}" y="{t["by"]}" width="3" '
                   f'height="3"><title>{words}</title></rect><text class="komodo-tileno{last}" '
                   f'x="{t["bx"] + 3}" y="{t["by"] + 3}" dx="-.1" dy="-.12">'
                   f'{"S" if t["starter"] else esc(t["number"])}</text></g>')
    return out


def _markers(markers, names) -> list[str]:
    out = []
    for m in markers:
        last = " is-last" if m["last"] else ""
        locked = ", padlocked" if m["locked"] else ""
        out.append(f'<g transform="translate({m["x"]} {m["y"]}) translate({m["shift"]})" '
                   f'class="komodo-marker komodo-owner-{m["owner"]}{last}"{_part("komodo-marker")}>'
                   '<circle cx=".7" cy=".76" '
                   f'r=".38"/><text x=".7" y=".91">{esc(m["marker"])}</text><title>{esc(m["species"])} '
                   f'({m["points"]}) housed by {names.get(m["owner"], "")}{locked}</title></g>')
    return out


def _sizes(enclosures) -> list[str]:
    out = []
    for e in enclosures:
        if e["size"] < 2:
            continue
        residents = "".join(f', {esc(a["species"])}' for a in e["animals"])
        locked = " (padlocked)" if e["locked"] else ""
        out.append(f'<g transform="translate({e["x"]} {e["y"]})" class="komodo-size"{_part("komodo-size")}><text x=".08" '
                   f'y=".42">{e["size"]}</text><title>{esc(e["terrain_name"])} enclosure of '
                   f'{e["size"]} blocks{residents}{locked}</title></g>')
    return out


def _spots(context, view) -> list[str]:
    """One clickable square per legal placement; the style sheet shows those of the tile and
    turn the player picked (a hand holds at most six tiles, so the classes are fixed names).

    A turn can offer some four hundred placements, so the htmx attributes are core's (one
    sample from :meth:`BoardMoves.attrs`, split where the move goes) with each move's JSON
    written into them, instead of a format and escape pass per square.
    """
    moves = board_moves(context)
    index = (view.get("me") or {}).get("tile_index") or {}
    prefix = suffix = None
    out = []
    for m in moves.moves:
        kind = m.get("type")
        if kind == "place_tile":
            which, words = index.get(m["tile"]), f'tile {tile_number(m["tile"])}'
        elif kind == "remodel_place":
            which, words = "lifted", "the lifted tile"
        else:
            continue
        if prefix is None:
            sample = str(moves.attrs(_SAMPLE))
            prefix, suffix = sample.split(escape(json.dumps(json.dumps(_SAMPLE))))
        attrs = prefix + escape(json.dumps(json.dumps(m))) + suffix
        out.append(f'<g class="komodo-spot komodo-spot--{which}-{m["rotation"]}" {attrs} '
                   f'role="button" tabindex="0" aria-label="Lay {words} turned '
                   f'{90 * m["rotation"]} degrees on the square at column {m["x"]}, row {m["y"]}">'
                   f'<rect x="{m["x"]}" y="{m["y"]}" width="1" height="1" '
                   'vector-effect="non-scaling-stroke"/></g>')
    return out


def _lifts(context, tiles) -> list[str]:
    """Threat: Remodeling makes the player lift a tile, so each tile that may be lifted is a
    button on the map itself (its number is printed on it). Only then: in a turn, lifting a
    tile costs a wild card, which a stray click on the map must not spend."""
    moves = board_moves(context)
    out = []
    for t in tiles:
        lift = moves.find("threat_remodel", tile=t["tile"])
        if lift:
            out.append(f'<g class="komodo-lift" {moves.attrs(lift)} role="button" tabindex="0" '
                       f'aria-label="Lift tile {esc(t["number"])}"><rect x="{t["bx"]}" '
                       f'y="{t["by"]}" width="3" height="3"/></g>')
    return out


_SAMPLE = "komodo-sample-move"


@register.simple_tag(takes_context=True)
def komodo_moves_by_type(context) -> dict:
    """``{% komodo_moves_by_type as by %}``: the viewer's legal moves grouped by type once, so
    the board's two dozen kinds of buttons each loop over their own moves (``by.house``)
    instead of filtering the whole list (hundreds of placements) two dozen times."""
    by: dict[str, list] = {}
    for m in context.get("moves") or []:
        by.setdefault(m.get("type"), []).append(m)
    return by


@register.simple_tag(takes_context=True)
def komodo_map(context) -> str:
    """``{% komodo_map %}``: the shared map with the viewer's clickable placements, in a frame
    that scrolls on a phone (so it takes the keyboard focus and has a name, to be scrolled by
    keys as well)."""
    view = context["view"]
    board = view["map"]
    box = board["box"]
    cols, rows = box["w"] + 2, box["h"] + 2
    spots = _spots(context, view)
    return mark_safe("".join([
        '<div class="komodo-map" tabindex="0" role="region" aria-label="The shared map">',
        f'<svg viewBox="{box["x"] - 1} {box["y"] - 1} {cols} {rows}" '
        f'style="--komodo-cols: {cols}; --komodo-rows: {rows}" role="group" '
        'aria-label="Tiles, enclosures and markers">',
        *_blocks(board["blocks"]),
        *_tiles(board["tiles"]),
        *_markers(board["markers"], _names(context)),
        *_sizes(board["enclosures"]),
        *(_lifts(context, board["tiles"]) if view["phase"] == "threat_remodel" else ()),
        '<g transform="scale(3)">', *spots, "</g></svg>", explanations_html(MAP_PARTS), "</div>",
    ]))


def _marker(animal, owner=None, terrain="") -> str:
    """An animal's map marker as a token: the letters printed on it, in its owner's colour
    (or its terrain's while it is still off the map)."""
    colour = (f"komodo-owner-{owner}" if owner is not None
              else f'komodo-tok-{terrain or animal.get("terrain", "")}')
    return _token(animal["marker"], colour)


@functools.cache
def _token(letters: str, colour: str) -> str:
    """Core's token for a marker: the same few dozen letter and colour pairs in every frame."""
    return token_html(letters, symbol=letters, kind="marker", classes=f"komodo-token {colour}")


@register.simple_tag
def komodo_marker(animal, owner=None, terrain="") -> str:
    """``{% komodo_marker a a.owner %}``, ``{% komodo_marker a terrain="D" %}``: the marker of
    an animal (see :func:`_marker`)."""
    return _marker(animal, owner, terrain)


#: What an animal card and a wild card are (issue 46), said on each card in a hand or the display.
CARD_WORDS = {
    "animal": explain_attrs(
        "An animal card. Its number is both the blocks of its terrain it needs and its points. "
        "House it in an enclosure of that terrain at least that big where no other species "
        "lives, and it scores its points; still in your hand at the end, it costs you them."),
    "wild": explain_attrs(
        "A wild card: it bends the rules once, on your turn (How to play lists each kind). Used, "
        "it goes to the discard pile; you may also throw one away unused each turn."),
}


@register.simple_tag
def komodo_card_words(kind: str) -> str:
    """``{% komodo_card_words "animal" as words %}``: the words of a kind of card, for the card
    tag's ``explain``."""
    return mark_safe(CARD_WORDS[kind])


def _animal_card(animal) -> str:
    return card_html(animal["species"], animal["blocks"], f'{animal["terrain_name"]} blocks', "animal",
                     classes=f'komodo-card komodo-t-{animal["terrain"]}-edge',
                     explain=CARD_WORDS["animal"])


def _wild_card(wild) -> str:
    return card_html(wild["kind"], kind="wild", classes="komodo-card komodo-wild",
                     explain=CARD_WORDS["wild"])


def _listed(animals, owner) -> str:
    return ", ".join(f'{_marker(a, owner)} {esc(a["species"])} ({a["points"]})' for a in animals)


@register.simple_tag(takes_context=True)
def komodo_players(context) -> str:
    """``{% komodo_players %}``: every player's panel (core's player panel): figures, the
    animals they housed (with their markers) or let loose, and whatever of their hand the
    variant shows openly; the final place once the game is over."""
    view = context["view"]
    seat = context.get("seat")
    names = _names(context)
    result = context.get("result") or {}
    coop = view["variant"] == "coop"
    last = view.get("last") or {}
    last_seat, returned, passed = last.get("seat"), last.get("returned", ()), last.get("passed", ())
    exchanged = last.get("exchanged") or {}  # an exchange turn swaps tiles or animal cards
    swapped = (counted(exchanged["tiles"], "tile") if exchanged.get("tiles")
               else counted(exchanged["animals"], "animal card") if exchanged.get("animals")
               else "")
    out = []
    for h in view["hands"]:
        s = h["seat"]
        stats = [] if coop else [("Housed", counted(h["points"], "point"))]
        stats += [("Tiles", h["tile_count"]), ("Animal cards", h["animal_count"])]
        if not coop:
            stats.append(("Wild cards", h["wild_count"]))
        badges = []
        rank = _of(result.get("ranks"), s)
        if rank is not None and not coop:
            badges.append(f'{ordinal(int(rank))} place, {_points(_of(result.get("scores"), s))} '
                          "in the end")
        body = []
        if h["housed"]:
            body.append(f'<p class="komodo-housed">Housed: {_listed(h["housed"], s)}</p>')
        if h["loose"]:
            body.append(f'<p class="komodo-warn">On the loose: {_listed(h["loose"], s)}</p>')
        if s != seat:
            if h["wilds"]:
                body.append('<div class="komodo-cards">' + "".join(map(_wild_card, h["wilds"]))
                            + "</div>")
            if h["animals"]:
                body.append('<div class="komodo-cards">' + "".join(map(_animal_card, h["animals"]))
                            + "</div>")
            if h["tiles"]:
                body.append('<div class="komodo-tiles">' + "".join(
                    f'<span class="komodo-tilepick">{_tile_svg(t["id"])}<span '
                    f'class="komodo-tilelabel">{esc(t["number"])}</span></span>' for t in h["tiles"])
                    + "</div>")
        out.append(player_panel_html(
            names.get(s, ""), you=s == seat, active=s == view["active"] and view["phase"] != "over",
            last=s == last_seat or s in returned or s in passed, stats=stats, badges=badges,
            facts=["played last" if s == last_seat else "",
                   f"exchanged {swapped}" if s == last_seat and swapped else "",
                   "gave back an animal card" if s in returned else "",
                   "passed an animal card and received one" if s in passed else ""],
            body=mark_safe("".join(body)),
            classes=f"komodo-player komodo-owner-{s}"))
    return mark_safe("".join(out))


def _of(mapping, seat):
    if isinstance(mapping, dict):
        return mapping.get(seat, mapping.get(str(seat)))
    if isinstance(mapping, list) and 0 <= seat < len(mapping):
        return mapping[seat]
    return None


def _points(score) -> str:
    number = float(score or 0)
    return counted(int(number) if number.is_integer() else number, "point")


@register.simple_tag(takes_context=True)
def komodo_unhoused(context) -> str:
    """``{% komodo_unhoused %}``: the animals whose markers are still off the map, by terrain."""
    groups = context["view"]["unhoused"]
    if not groups:
        return mark_safe("<li>Every animal is housed.</li>")
    return mark_safe("".join(
        f'<li><strong>{esc(g["terrain_name"])}</strong>: ' + ", ".join(
            f'{_marker(a, terrain=g["terrain"])} {esc(a["species"])} {a["blocks"]}'
            for a in g["animals"]) + "</li>"
        for g in groups))


@register.simple_tag(takes_context=True)
def komodo_enclosures(context) -> str:
    """``{% komodo_enclosures %}``: every enclosure big enough for an animal, or housing one,
    with its size, place, padlock and residents (marker, points, keeper)."""
    names = _names(context)
    out = []
    for e in context["view"]["map"]["enclosures"]:
        if e["n"] is None and not e["animals"]:
            continue
        residents = ", ".join(
            f'{_marker(a, a["owner"])} {esc(a["species"])} ({a["points"]}, {names.get(a["owner"], "")})'
            for a in e["animals"]) or "free"
        locked = " (padlocked)" if e["locked"] else ""
        out.append(f'<li><span class="komodo-swatch komodo-t-{e["terrain"]}-edge"></span>'
                   f'{esc(e["terrain_name"])} {e["size"]} blocks at tile {esc(e["tile"])}{locked}: '
                   f"{residents}</li>")
    return mark_safe("".join(out))
