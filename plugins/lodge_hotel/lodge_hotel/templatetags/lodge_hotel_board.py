"""The lodge grids, room display and guest chips of the ski hotel board, drawn in Python.

A finished lodge has some fifty cells, each with a room, a guest, an amenity or a place to build,
and every audience's frame draws every lodge after every move. As template loops and includes
that was most of a frame's cost (10 to 25 ms a lodge at the end of a game on a loaded machine);
here each cell is one string built from the view. The shared parts come from core's builders (a
guest is a token, a lodge a player panel, an amenity a card) and moves are found through core's
:class:`~core.templatetags.meeple.BoardMoves`, so the hotel draws them as every board does.
"""

from __future__ import annotations

from html import escape

from django import template
from django.utils.safestring import SafeData, mark_safe

from core.templatetags.meeple import (
    board_moves,
    card_html,
    explained_by,
    explanations_html,
    player_panel_html,
    token_html,
)
from core.text import counted, ordinal

register = template.Library()


def esc(value) -> str:
    """A value as a template variable writes it: escaped the way Django escapes (its ``escape``
    is this same ``html.escape``), without the lazy-string wrapper that costs more than the work."""
    return str(value) if isinstance(value, SafeData) else escape(str(value))


def _hidden(words: str) -> str:
    """Words for a screen reader only (a button's whole sentence beside its short visible word)."""
    return f'<span class="mh-visually-hidden">{words}</span>'


#: What each kind of thing on the board is, said where it sits (issue 46): shown on hover, focus
#: and a long press, read by screen readers after the part's name, written once in the board
#: (``{% lodge_hotel_parts %}``) and pointed at by every part of its kind.
BOARD_PARTS = {
    "lodge_hotel-guest": "A guest: its two colours and, in the number, its preferred floor. It "
                         "checks into one of two empty rooms side by side (left and right, or above "
                         "and below) in its two colours. 2 points at the end, and as many more as "
                         "the floor's number if it sits on its preferred floor.",
    "lodge_hotel-room": "A room of one colour. A guest with this colour may check in here when a "
                        "room of its other colour is free right beside it.",
    "lodge_hotel-gap": "An empty space in the room display: it is filled from the bag when the "
                       "display refreshes.",
    "lodge_hotel-elevator": "The elevator: floors 1 (bottom) to 4 (top). A guest on its preferred "
                            "floor scores that floor's number in extra points.",
    "lodge_hotel-floor-bonus": "Floor bonus: for every guest sitting on its preferred floor, points "
                               "equal to that floor's number.",
}


def _part(kind: str) -> str:
    return explained_by(kind)


@register.simple_tag
def lodge_hotel_parts():
    """``{% lodge_hotel_parts %}``: the words of each kind of part, once per board."""
    return mark_safe(explanations_html(BOARD_PARTS))


def _guest(guest) -> str:
    """One guest chip, core's token: both colours and the preferred floor drawn, said in words."""
    a, b = (esc(c) for c in guest["colors"][:2])
    floor = esc(guest["floor"])
    face = mark_safe(f'<span class="lodge_hotel-half lodge_hotel-{a} lodge_hotel-i-{a}"></span>'
                     f'<span class="lodge_hotel-half lodge_hotel-{b} lodge_hotel-i-{b}"></span>'
                     f'<span class="lodge_hotel-pref">{floor}</span>')
    token = token_html(f"Guest: {a} and {b}, prefers floor {floor}", face=face,
                       last=bool(guest.get("last")), classes="lodge_hotel-guest")
    return f'<span class="lodge_hotel-part"{_part("lodge_hotel-guest")}>{token}</span>'


def _pick(context, guest, source, index) -> str:
    """A guest the viewer may check in, as a radio button with its chip; else the chip. The
    check-in buttons of the rooms where it fits show while it is picked (board.css)."""
    moves = board_moves(context)
    if not moves.find("guest", source=source, index=index):
        return _guest(guest)
    pick = f"{esc(source)}-{esc(index)}"
    checked = " checked" if moves.find("guest") is moves.find("guest", source=source, index=index) else ""
    return (f'<input type="radio" class="lodge_hotel-pick-input" name="lodge_hotel-pick" '
            f'id="lodge_hotel-pick-{pick}" value="{pick}"{checked}>'
            f'<label class="lodge_hotel-pick" for="lodge_hotel-pick-{pick}" '
            f'title="Pick this guest, then click a highlighted room">{_guest(guest)}\n'
            f'<span class="lodge_hotel-pick-word">pick</span></label>')


@register.simple_tag(takes_context=True)
def lodge_hotel_pick(context, guest, source, index):
    """``{% lodge_hotel_pick guest "display" 2 %}``: a guest chip, pickable when it can check in."""
    return mark_safe(_pick(context, guest, source, index))


@register.simple_tag(takes_context=True)
def lodge_hotel_rooms(context, level):
    """``{% lodge_hotel_rooms level %}``: the rooms of one display level, each a button when the
    viewer may take it, marked when it is the room being placed."""
    moves = board_moves(context)
    held = context["view"].get("holding") or {}
    out = []
    for slot, tile in enumerate(level["slots"]):
        if not tile.get("id"):
            out.append(f'<span class="lodge_hotel-room lodge_hotel-gap" role="img"{_part("lodge_hotel-gap")} '
                       'aria-label="empty space">·</span>')
            continue
        color = esc(tile.get("color", ""))
        take = moves.find("take_room", level=level["level"], slot=slot)
        floor = esc(level["level"])
        if take:
            out.append(f'<button type="button" class="lodge_hotel-room lodge_hotel-{color} lodge_hotel-i-{color} '
                       f'lodge_hotel-can"{_part("lodge_hotel-room")} {moves.attrs(take)}>'
                       f'{_hidden(f"Take this {color} room for your floor {floor}")}</button>')
        else:
            is_held = (held.get("kind") == "room" and held.get("level") == level["level"]
                       and held.get("slot") == slot)
            out.append(f'<span class="lodge_hotel-room lodge_hotel-{color} lodge_hotel-i-{color}'
                       f'{" lodge_hotel-held" if is_held else ""}" role="img"{_part("lodge_hotel-room")} '
                       f'aria-label="{color} room"></span>')
    return mark_safe("\n".join(out))


@register.simple_tag(takes_context=True)
def lodge_hotel_amenity(context, amenity, index):
    """``{% lodge_hotel_amenity a 2 %}``: an amenity on display, core's card; the whole card is
    the button that takes it when the viewer may build it."""
    moves = board_moves(context)
    take = moves.find("take_amenity", index=index)
    held = context["view"].get("holding") or {}
    is_held = held.get("kind") == "amenity" and held.get("index") == index
    return card_html(amenity["name"], counted(amenity["points"], "point"), amenity["condition"],
                     kind="amenity", attrs=moves.attrs(take) if take else "", label="Build the",
                     action="Build this",
                     classes="lodge_hotel-amenity-card" + (" lodge_hotel-held" if is_held else ""))


@register.simple_tag(takes_context=True)
def lodge_hotel_lodge(context, lodge):
    """``{% lodge_hotel_lodge lodge %}``: one lodge, core's player panel, with its valet, grid
    and built amenities as the panel's body."""
    view = context["view"]
    moves = board_moves(context)
    mine = lodge["seat"] == context.get("seat")
    solo = view.get("solo")
    name = "".join(p["name"] for p in context.get("players") or [] if p["seat"] == lodge["seat"])
    badges = []
    if lodge.get("place") and not solo:
        badges.append(mark_safe(f'<span class="lodge_hotel-place">{esc(ordinal(int(lodge["place"])))} place</span>'))
    if view.get("first_player") == lodge["seat"]:
        badges.append(mark_safe('<span class="lodge_hotel-first" title="First player token: the last round '
                                'ends just before this player\'s turn">1st player</span>'))
    facts = [counted(lodge["score"], "point"),
             counted(lodge["guests_placed"], "guest") + ("" if solo else " of 12"),
             counted(lodge["tokens"], "refresh token")]
    out = ['<div class="lodge_hotel-valet">Valet:\n    ']
    valet = lodge.get("valet") or []
    for index, guest in enumerate(valet):
        out.append(_pick(context, guest, "valet", index) if mine else _guest(guest))
        out.append("\n    ")
    if not valet:
        out.append('<span class="lodge_hotel-muted">empty</span>')
    out.append(f'\n  </div>\n  <div class="lodge_hotel-scroll" tabindex="0" role="region" '
               f'aria-label="Rooms of {esc(name)}">\n  <table class="lodge_hotel-grid">\n')
    for row in lodge["rows"]:
        floor = row["floor"]
        out.append(f'    <tr>\n      <th class="lodge_hotel-elevator" scope="row"{_part("lodge_hotel-elevator")} '
                   f'title="Elevator, floor {esc(floor)}">{esc(floor)}</th>\n')
        for col, cell in enumerate(row["cells"], start=1):
            out.append(_cell(cell, floor, col, mine, moves))
        out.append("    </tr>\n")
    breakdown = lodge["breakdown"]
    out.append(f'  </table>\n  </div>\n  <p class="lodge_hotel-muted">Guests {esc(breakdown.get("guests"))} · '
               f'<span{_part("lodge_hotel-floor-bonus")}>floor bonus {esc(breakdown.get("floor bonus"))}</span> · amenities {esc(breakdown.get("amenities"))}</p>\n')
    if lodge.get("amenities"):
        out.append('  <ul class="lodge_hotel-built">\n    ')
        for a in lodge["amenities"]:
            done = "lodge_hotel-done" if a.get("complete") else ""
            last = " is-last" if a.get("last") else ""
            state = "✓ complete" if a.get("complete") else "not yet"
            out.append(f'<li class="{done}{last}"><strong>{esc(a["name"])}</strong> (floor {esc(a["floor"])}, '
                       f'{esc(counted(a["points"], "point"))}): {esc(a["condition"])} '
                       f'<span class="lodge_hotel-state">{state}</span></li>')
        out.append("\n  </ul>\n")
    classes = "".join([
        "lodge_hotel-lodge",
        " lodge_hotel-mine" if mine else "",
        " lodge_hotel-winner" if lodge.get("place") == 1 and not solo else "",
    ])
    return player_panel_html(name, you=mine, active=lodge["seat"] == view.get("turn") and not view.get("over"),
                             facts=facts, badges=badges, body=mark_safe("".join(out)),
                             label=f"Lodge of {name}", classes=classes)


def _cell(cell, floor, col, mine, moves) -> str:
    """One grid cell: a room (with its guest and, for the viewer, where a guest may check in), an
    amenity, or an empty place the viewer may build on."""
    cell = cell or {}
    kind = cell.get("kind")
    last = " is-last" if cell.get("last") else ""
    if kind == "room":
        color = esc(cell["color"])
        out = [f'      <td class="lodge_hotel-cell lodge_hotel-room-cell lodge_hotel-{color}{last}">\n'
               f'        <span class="lodge_hotel-icon lodge_hotel-i-{color}" role="img"{_part("lodge_hotel-room")} '
               f'aria-label="{color} room"></span>\n        ']
        if cell.get("guest"):
            out.append(_guest(cell["guest"]) + "\n")
        if mine:
            for m in moves.of_type("guest"):
                if m.get("floor") == floor and m.get("col") == col:
                    source = esc(m.get("source"))
                    words = (f"Check in the picked guest from the {source} here: {color} room, floor "
                             f"{esc(m.get('floor'))}, column {esc(m.get('col'))}")
                    out.append(f'<button type="button" class="lodge_hotel-checkin" '
                               f'data-pick="{source}-{esc(m.get("index"))}" {moves.attrs(m)}>'
                               f'<span aria-hidden="true">here</span>{_hidden(words)}</button>')
        out.append("\n      </td>\n")
        return "".join(out)
    if kind == "amenity":
        complete = cell.get("complete")
        return (f'      <td class="lodge_hotel-cell lodge_hotel-amenity'
                f'{" lodge_hotel-complete" if complete else ""}{last}">\n'
                f'        <span class="lodge_hotel-amenity-name" title="{esc(cell.get("condition", ""))}">'
                f'{esc(cell.get("name"))}</span>\n'
                f'        <span class="lodge_hotel-points">{"✓ " if complete else ""}{esc(cell.get("points"))}'
                f'</span>\n      </td>\n')
    spot = moves.find("place", floor=floor, col=col) if mine else None
    button = (f'<button type="button" class="lodge_hotel-spot" {moves.attrs(spot)}><span aria-hidden="true">+'
              f'</span>{_hidden(f"Place the tile here: floor {esc(floor)}, column {esc(col)}")}</button>'
              if spot else "")
    return f'      <td class="lodge_hotel-cell{last}">\n        {button}\n      </td>\n'
