"""Taking a room or an amenity from a display and placing it in the lodge."""

from __future__ import annotations

from core.engine import IllegalMove
from core.engine.fields import get_int

from .. import amenities as am
from ..catalog import (
    AMENITY_BY_ID,
    AMENITY_DISPLAY_SIZE,
    DISPLAY_SLOTS,
    FLOORS,
    ROOMS,
)
from .lodge import (
    free_places,
    key,
    lodge_facts,
    place_text,
    placement_spots,
    say,
    touch,
)


class Building:
    """The build step of a turn: which display tiles can be taken, where they fit, and placing them.

    A part of :class:`Lodge` (mixed in); methods call each other through ``self``.
    """

    def _room_takes(self, state, facts):
        """The rooms of the display that fit the lodge ``facts`` reads (:class:`~.lodge.LodgeFacts`)."""
        places = facts.free
        out = []
        rules = state["rules"]
        lift = state["lift"] if 6 in rules else None  # level 6: not from the ski lift's level
        colour_rule = 4 in rules  # only then can a free place refuse a room
        for level, row in enumerate(state["display"], start=1):
            cols = places[level]  # the same for every room of this level
            if not cols or level == lift or not any(row):
                continue
            for slot, room in enumerate(row):
                if room and (not colour_rule or self._room_spots(state, facts, room, level, cols)):
                    out.append({"type": "take_room", "level": level, "slot": slot})
        return out

    def _room_spots(self, state, grid, room, floor, cols=None):
        """Where ``room`` may go on ``floor`` (``cols``: the floor's free places, if known)."""
        cols = placement_spots(grid, floor) if cols is None else cols
        if 4 in state["rules"]:
            color = ROOMS[room]
            cols = [c for c in cols if not any(
                cc == c and am.room_color(cell) == color for (_f, cc), cell in grid.items())]
        return [(floor, c) for c in cols]

    def _amenity_spots(self, state, grid, amenity, places=None):
        """Where ``amenity`` may go (``places``: the lodge's :func:`free_places`, if known)."""
        places = free_places(grid) if places is None else places
        spots = []
        banned = am.forbidden_floor(amenity)
        for floor in range(1, FLOORS + 1):
            if floor != banned:
                spots += [(floor, c) for c in places[floor]]
        if 5 in state["rules"]:
            used = {f for (f, _c), cell in grid.items() if cell["tile"] in AMENITY_BY_ID}
            fresh = [s for s in spots if s[0] not in used]
            spots = fresh or spots
        return spots

    def _amenity_takes(self, state, facts):
        """The amenities on display that fit the lodge ``facts`` reads (:class:`~.lodge.LodgeFacts`):
        those with a free place off their forbidden floor, all that :meth:`_amenity_spots` needs
        to list one (level 5 only narrows the places it lists, never to none)."""
        open_floors = [floor for floor, cols in facts.free.items() if cols]
        if len(open_floors) > 1:  # a forbidden floor rules out one floor only
            fits = range(len(state["amenity_display"]))
        else:
            fits = [i for i, a in enumerate(state["amenity_display"])
                    if open_floors and am.forbidden_floor(a) != open_floors[0]]
        return [{"type": "take_amenity", "index": i} for i in fits]

    def _held_spots(self, state, lodge):
        held = state["holding"]
        facts = lodge_facts(lodge)
        places = facts.free
        if held["kind"] == "room":
            room = state["display"][held["level"] - 1][held["slot"]]
            return self._room_spots(state, facts, room, held["level"], places[held["level"]])
        return self._amenity_spots(state, facts, state["amenity_display"][held["index"]], places)

    def move_take_room(self, state, seat, move, rng):
        self._need(state, "build")
        level = get_int(move, "level", 1, FLOORS)
        slot = get_int(move, "slot", 0, DISPLAY_SLOTS - 1)
        room = state["display"][level - 1][slot]
        if room is None:
            raise IllegalMove("There is no room in that place of the display.")
        if 6 in state["rules"] and level == state["lift"]:
            raise IllegalMove("Level 6: you may not take rooms from the ski lift's level.")
        facts = lodge_facts(state["lodges"][seat])
        if not self._room_spots(state, facts, room, level, facts.free[level]):
            raise IllegalMove(f"That room cannot go anywhere on floor {level} of your lodge.")
        state["holding"] = {"kind": "room", "level": level, "slot": slot, "back": "build"}
        state["phase"] = "place"
        return state

    def move_take_amenity(self, state, seat, move, rng):
        self._need(state, "build", "start_amenity", "lift_amenity")
        if state["phase"] == "build" and state["solo"]:
            raise IllegalMove("In solo you may not take amenities on your turn.")
        index = get_int(move, "index", 0, AMENITY_DISPLAY_SIZE - 1)
        if index >= len(state["amenity_display"]):
            raise IllegalMove("There is no amenity in that place of the display.")
        amenity = state["amenity_display"][index]
        facts = lodge_facts(state["lodges"][seat])
        if not self._amenity_spots(state, facts, amenity, facts.free):
            raise IllegalMove("That amenity cannot go anywhere in your lodge.")
        state["holding"] = {"kind": "amenity", "index": index, "back": state["phase"]}
        state["phase"] = "place"
        return state

    def move_cancel(self, state, seat, move, rng):
        self._need(state, "place")
        state["phase"] = state["holding"]["back"]
        state["holding"] = None
        return state

    def move_pass(self, state, seat, move, rng):
        self._need(state, "build")
        facts = lodge_facts(state["lodges"][seat])
        if self._room_takes(state, facts) or (not state["solo"] and self._amenity_takes(state, facts)):
            raise IllegalMove("You must build a room or an amenity when you can.")
        say(state, f"{self._name(state, seat)} cannot build anything this turn.")
        self._begin_guests(state, seat, rng)
        return state

    def move_place(self, state, seat, move, rng):
        self._need(state, "place")
        floor = get_int(move, "floor", 1, FLOORS)
        col = get_int(move, "col", 1, 999)
        lodge = state["lodges"][seat]
        if (floor, col) not in self._held_spots(state, lodge):
            raise IllegalMove(f"The tile cannot go on {place_text(floor, col)}.")
        held = state["holding"]
        state["holding"] = None
        who = self._name(state, seat)
        touch(state, seat, "cells", key(floor, col))
        if held["kind"] == "room":
            room = state["display"][held["level"] - 1][held["slot"]]
            state["display"][held["level"] - 1][held["slot"]] = None
            lodge["cells"][key(floor, col)] = {"tile": room, "guest": None}
            say(state, f"{who} built a {ROOMS[room]} room on {place_text(floor, col)}.")
            self._begin_guests(state, seat, rng)
            return state
        amenity = state["amenity_display"].pop(held["index"])
        lodge["cells"][key(floor, col)] = {"tile": amenity, "guest": None}
        say(state, 
            f"{who} built the {AMENITY_BY_ID[amenity]['name']} on {place_text(floor, col)}.")
        self._refill_amenities(state)
        if held["back"] == "build":
            self._begin_guests(state, seat, rng)
        elif held["back"] == "start_amenity":
            if 8 in state["rules"] and any(state["guest_display"]):
                state["phase"] = "extra_valet"
            else:
                state["phase"] = "build"
        else:
            self._next_turn(state, seat, rng)
        return state
