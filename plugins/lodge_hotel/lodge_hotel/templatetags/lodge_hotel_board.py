"""The lodge grids and guest chips of the ski hotel board, drawn in Python.

A finished lodge has some fifty cells, each with a room, a guest, an amenity or a place to build,
and every audience's frame draws every lodge after every move. As template loops and includes
that was most of a frame's cost (10 to 25 ms a lodge at the end of a game on a loaded machine);
here each cell is one string built from the view, and the move URL is looked up once per lodge.
The markup is exactly what the board template would write; the board still decides the layout.
"""

from __future__ import annotations

from html import escape

from django import template
from django.urls import reverse
from django.utils.safestring import SafeData, mark_safe

from core.templatetags.meeple import post_attrs_with
from core.text import counted, ordinal

register = template.Library()


def esc(value) -> str:
    """A value as a template variable writes it: escaped the way Django escapes (its ``escape``
    is this same ``html.escape``), without the lazy-string wrapper that costs more than the work."""
    return str(value) if isinstance(value, SafeData) else escape(str(value))


def _guest(guest) -> str:
    """One guest chip: both colours and the preferred floor."""
    a, b = (esc(c) for c in guest["colors"][:2])
    floor = esc(guest["floor"])
    words = f"Guest: {a} and {b}, prefers floor {floor}"
    last = " is-last" if guest.get("last") else ""
    return (f'<span class="lodge_hotel-guest{last}" role="img" aria-label="{words}" title="{words}">'
            f'<span class="lodge_hotel-half lodge_hotel-{a} lodge_hotel-i-{a}"></span>'
            f'<span class="lodge_hotel-half lodge_hotel-{b} lodge_hotel-i-{b}"></span>'
            f'<span class="lodge_hotel-pref">{floor}</span></span>')


class _Moves:
    """The viewer's legal moves, sorted once for the lookups a board makes."""

    def __init__(self, context):
        self.context = context
        self.url = ""
        moves = context.get("moves") or []
        self.checkins = [m for m in moves if m.get("type") == "guest"]
        self.first_checkin = self.checkins[0] if self.checkins else None
        self.places, self.takes = {}, {}
        for m in moves:
            if m.get("type") == "place":
                self.places.setdefault((m.get("floor"), m.get("col")), m)
            elif m.get("type") == "take_room":
                self.takes.setdefault((m.get("level"), m.get("slot")), m)

    def attrs(self, move) -> str:
        if not self.url:
            self.url = reverse("match_move", args=[self.context["match"].pk])
        return post_attrs_with(self.context, self.url, move)

    def pick(self, guest, source, index) -> str:
        """A guest the viewer may check in, as a radio button with its chip; else the chip."""
        checkin = next((m for m in self.checkins
                        if m.get("source") == source and m.get("index") == index), None)
        if not checkin:
            return _guest(guest)
        pick = f"{esc(source)}-{esc(index)}"
        checked = " checked" if checkin == self.first_checkin else ""
        return (f'<input type="radio" class="lodge_hotel-pick-input" name="lodge_hotel-pick" '
                f'id="lodge_hotel-pick-{pick}" value="{pick}"{checked}>'
                f'<label class="lodge_hotel-pick" for="lodge_hotel-pick-{pick}" '
                f'title="Pick this guest, then click a highlighted room">{_guest(guest)}\n'
                f'<span class="lodge_hotel-pick-word">pick</span></label>')


def _moves(context) -> _Moves:
    """One :class:`_Moves` per board render, kept where Django keeps a render's own state."""
    found = context.render_context.get("lodge_hotel_moves")
    if found is None:
        found = context.render_context["lodge_hotel_moves"] = _Moves(context)
    return found


@register.simple_tag(takes_context=True)
def lodge_hotel_guest(context, guest):
    return mark_safe(_guest(guest))


@register.simple_tag(takes_context=True)
def lodge_hotel_pick(context, guest, source, index):
    """``{% lodge_hotel_pick guest "display" 2 %}``: a guest chip, pickable when it can check in."""
    return mark_safe(_moves(context).pick(guest, source, index))


@register.simple_tag(takes_context=True)
def lodge_hotel_rooms(context, level):
    """``{% lodge_hotel_rooms level %}``: the rooms of one display level, each a button when the
    viewer may take it, marked when it is the room being placed."""
    moves = _moves(context)
    held = context["view"].get("holding") or {}
    out = []
    for slot, tile in enumerate(level["slots"]):
        if not tile.get("id"):
            out.append('<span class="lodge_hotel-room lodge_hotel-gap" role="img" aria-label="empty space">·</span>')
            continue
        color = esc(tile.get("color", ""))
        take = moves.takes.get((level["level"], slot))
        if take:
            out.append(f'<button type="button" class="lodge_hotel-room lodge_hotel-{color} lodge_hotel-i-{color} '
                       f'lodge_hotel-can" aria-label="Take this {color} room for your floor {esc(level["level"])}" '
                       f'{moves.attrs(take)}></button>')
        else:
            is_held = (held.get("kind") == "room" and held.get("level") == level["level"]
                       and held.get("slot") == slot)
            out.append(f'<span class="lodge_hotel-room lodge_hotel-{color} lodge_hotel-i-{color}'
                       f'{" lodge_hotel-held" if is_held else ""}" role="img" aria-label="{color} room"></span>')
    return mark_safe("\n".join(out))


@register.simple_tag(takes_context=True)
def lodge_hotel_lodge(context, lodge):
    """``{% lodge_hotel_lodge lodge %}``: one lodge with its valet, grid and built amenities."""
    view = context["view"]
    seat = context.get("seat")
    moves = _moves(context)
    mine = lodge["seat"] == seat
    solo = view.get("solo")
    name = "".join(esc(p["name"]) for p in context.get("players") or [] if p["seat"] == lodge["seat"])
    out = ['<section class="lodge_hotel-lodge',
           " lodge_hotel-mine" if mine else "",
           " lodge_hotel-active" if lodge["seat"] == view.get("turn") and not view.get("over") else "",
           " lodge_hotel-winner" if lodge.get("place") == 1 and not solo else "",
           f'" aria-label="Lodge of {name}">\n  <h3>\n    ']
    if lodge.get("place") and not solo:
        out.append(f'<span class="lodge_hotel-place">{esc(ordinal(int(lodge["place"])))} place</span>')
    out.append(f"\n    {name}{' (you)' if mine else ''}\n    ")
    if view.get("first_player") == lodge["seat"]:
        out.append('<span class="lodge_hotel-first" title="First player token: the last round ends '
                   'just before this player\'s turn">1st player</span>')
    out.append(f'\n    <small>{esc(counted(lodge["score"], "point"))} · '
               f'{esc(counted(lodge["guests_placed"], "guest"))}{"" if solo else " of 12"} · '
               f'{esc(counted(lodge["tokens"], "refresh token"))}</small>\n  </h3>\n'
               '  <div class="lodge_hotel-valet">Valet:\n    ')
    valet = lodge.get("valet") or []
    for index, guest in enumerate(valet):
        out.append(moves.pick(guest, "valet", index) if mine else _guest(guest))
        out.append("\n    ")
    if not valet:
        out.append('<span class="lodge_hotel-muted">empty</span>')
    out.append('\n  </div>\n  <div class="lodge_hotel-scroll">\n  <table class="lodge_hotel-grid">\n')
    for row in lodge["rows"]:
        floor = row["floor"]
        out.append(f'    <tr>\n      <th class="lodge_hotel-elevator" scope="row" '
                   f'title="Elevator, floor {esc(floor)}">{esc(floor)}</th>\n')
        for col, cell in enumerate(row["cells"], start=1):
            out.append(_cell(cell, floor, col, mine, moves))
        out.append("    </tr>\n")
    breakdown = lodge["breakdown"]
    out.append(f'  </table>\n  </div>\n  <p class="lodge_hotel-muted">Guests {esc(breakdown.get("guests"))} · '
               f'floor bonus {esc(breakdown.get("floor bonus"))} · amenities {esc(breakdown.get("amenities"))}</p>\n')
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
    out.append("</section>\n")
    return mark_safe("".join(out))


def _cell(cell, floor, col, mine, moves) -> str:
    """One grid cell: a room (with its guest and, for the viewer, where a guest may check in), an
    amenity, or an empty place the viewer may build on."""
    cell = cell or {}
    kind = cell.get("kind")
    last = " is-last" if cell.get("last") else ""
    if kind == "room":
        color = esc(cell["color"])
        out = [f'      <td class="lodge_hotel-cell lodge_hotel-room-cell lodge_hotel-{color}{last}">\n'
               f'        <span class="lodge_hotel-icon lodge_hotel-i-{color}" role="img" '
               f'aria-label="{color} room"></span>\n        ']
        if cell.get("guest"):
            out.append(_guest(cell["guest"]) + "\n")
        if mine:
            for m in moves.checkins:
                if m.get("floor") == floor and m.get("col") == col:
                    source = esc(m.get("source"))
                    out.append(f'<button type="button" class="lodge_hotel-checkin" '
                               f'data-pick="{source}-{esc(m.get("index"))}" aria-label="Check in the '
                               f'picked guest from the {source} here: {color} room, floor '
                               f'{esc(m.get("floor"))}, column {esc(m.get("col"))}" {moves.attrs(m)}>'
                               f'<span>here</span></button>')
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
    spot = moves.places.get((floor, col)) if mine else None
    button = (f'<button type="button" class="lodge_hotel-spot" aria-label="Place the tile here: floor '
              f'{esc(spot.get("floor"))}, column {esc(spot.get("col"))}" {moves.attrs(spot)}>+</button>'
              if spot else "")
    return f'      <td class="lodge_hotel-cell{last}">\n        {button}\n      </td>\n'
