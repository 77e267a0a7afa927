"""What a seat may imagine: a full state built from its view alone, for bots that search.

Everything on the table is public in Lodge: the lodges, the displays, the valets, the guests the
ski lift sent home and the amenities removed by level 4. Only the contents of the room and guest
bags and the order of the amenity stack are hidden, and those follow from what is on show: rooms
of one colour are alike, so a sample gives the lodges' rooms ids of the right colour and puts
the rest in the bag; the unseen guests go in the guest bag; the unseen amenities are shuffled
into the stack.
"""

from __future__ import annotations

from ..catalog import AMENITIES, COLORS, GUESTS, ROOMS
from .lodge import key

AMENITY_BY_NAME = {a["name"]: a["id"] for a in AMENITIES}


class Sampling:
    """``determinize``: a part of :class:`Lodge` (mixed in)."""

    def determinize(self, view, seat, rng):
        """A state ``seat`` cannot tell apart from the real one (see :meth:`Game.determinize`)."""
        display = [[slot["id"] for slot in level["slots"]] for level in view["display"]]
        shown_rooms = {r for level in display for r in level if r}
        free_rooms = {c: [r for r, rc in ROOMS.items() if rc == c and r not in shown_rooms] for c in COLORS}
        for pool in free_rooms.values():
            rng.shuffle(pool)
        seen_guests = {g["id"] for g in view["guest_display"] if g}
        seen_guests |= set(view["sent_home"])
        seen_amenities = {a["id"] for a in view["amenity_display"]} | {a["id"] for a in view["amenity_box"]}
        lodges = []
        for lodge in view["lodges"]:
            cells = {}
            for row in lodge["rows"]:
                for c, cell in enumerate(row["cells"], start=1):
                    if cell is None:
                        continue
                    if cell["kind"] == "room":
                        tile = free_rooms[cell["color"]].pop()
                    else:
                        tile = AMENITY_BY_NAME[cell["name"]]
                        seen_amenities.add(tile)
                    guest = cell["guest"]["id"] if cell.get("guest") else None
                    if guest:
                        seen_guests.add(guest)
                    cells[key(row["floor"], c)] = {"tile": tile, "guest": guest}
            valet = [g["id"] for g in lodge["valet"]]
            seen_guests.update(valet)
            lodges.append({"cells": dict(sorted(cells.items())), "valet": valet,
                           "fresh": list(lodge["fresh"]), "tokens": lodge["tokens"],
                           "turns": lodge["turns"]})
        room_bag = sorted(r for pool in free_rooms.values() for r in pool)
        guest_bag = [g["id"] for g in GUESTS if g["id"] not in seen_guests]
        amenity_stack = [a["id"] for a in AMENITIES if a["id"] not in seen_amenities]
        rng.shuffle(amenity_stack)
        holding = None
        if view["holding"]:
            holding = {k: v for k, v in view["holding"].items() if k != "id"}
        elif view["lift_color"]:
            holding = {"kind": "lift", "color": view["lift_color"]}
        last = None
        if view["last"]:
            last = {**view["last"], "closed": view["last"]["seat"] != view["turn"]}
            last = {k: list(v) if isinstance(v, list) else v for k, v in last.items()}
        solo = view["solo"]
        return {
            "players": view["players"], "solo": solo,
            "level": view["level"] if solo else 0, "extreme": view["extreme"] if solo else False,
            "rules": [g["level"] for g in view["rules"]] if solo else [],
            "turn": view["turn"], "phase": view["phase"], "holding": holding,
            "room_bag": room_bag, "display": display,
            "guest_bag": guest_bag, "guest_display": [g["id"] if g else None for g in view["guest_display"]],
            "guest_box": list(view["sent_home"]),
            "amenity_stack": amenity_stack, "amenity_display": [a["id"] for a in view["amenity_display"]],
            "amenity_box": [a["id"] for a in view["amenity_box"]],
            "lodges": lodges,
            "lift": view["lift"] if solo else 1, "lift_tokens": view["lift_tokens"] if solo else 0,
            "solo_turns": view["solo_turns"] if solo else 0,
            "end_triggered": view["end_triggered"], "over": view["over"],
            "turn_guests": dict(view["turn_guests"]), "log": list(view["log"]), "last": last,
        }
