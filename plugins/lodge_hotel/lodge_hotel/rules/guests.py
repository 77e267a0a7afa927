"""Checking in guests, the valet and the guest display."""

from __future__ import annotations

from core.engine import IllegalMove
from core.engine.fields import get_int, get_str
from core.text import ordinal

from .. import amenities as am
from ..catalog import (
    FLOORS,
    GUEST_BY_ID,
    GUEST_DISPLAY_SIZE,
    GUEST_POINTS,
    GUESTS,
    GUESTS_TO_END,
)
from .lodge import (
    check_in_places,
    fits_at,
    guest_colors,
    guest_text,
    guests_placed,
    has_place,
    key,
    lodge_facts,
    place_text,
    say,
    touch,
)

#: Each guest's two colours as a set (asked after every move: can the display be discarded?).
_COLOR_SETS = {g["id"]: frozenset(g["colors"]) for g in GUESTS}


class Guests:
    """Check-ins: where a guest fits, which guests may still come in this turn, the valet.

    A part of :class:`Lodge` (mixed in); methods call each other through ``self``.
    """

    def _guest_display_discardable(self, state):
        """Whether the guest display is full and one colour is shown on every guest."""
        shown = state["guest_display"]
        if not all(shown):
            return False
        colors = _COLOR_SETS
        common = colors[shown[0]]
        for g in shown[1:]:
            common = common & colors[g]
        return bool(common)

    def _guest_sources(self, state, lodge):
        """(source, index, guest) that may still be placed this turn."""
        out = []
        level8 = 8 in state["rules"]
        if not level8 and state["turn_guests"]["display"] < 1:
            out += [("display", i, g) for i, g in enumerate(state["guest_display"]) if g]
        if state["turn_guests"]["valet"] < (2 if level8 else 1):
            out += [("valet", i, g) for i, g in enumerate(lodge["valet"])
                    if g not in lodge["fresh"]]
        return out

    def guest_spots(self, state, grid, guest, places=None):
        """Rooms where ``guest`` may check in: an empty room of one of its colours with an empty
        orthogonal neighbour room of the other colour. ``places``: the lodge's
        :func:`check_in_places`, if known."""
        a, b = guest_colors(guest)
        places = check_in_places(grid) if places is None else places
        spots = places.get((a, b), []) + (places.get((b, a), []) if a != b else [])
        if 2 in state["rules"]:
            pref = GUEST_BY_ID[guest]["floor"]
            spots = [(f, c) for f, c in spots if abs(f - pref) <= 1]
        return sorted(spots)

    def _fits(self, state, lodge, guest, floor, col):
        """Whether ``guest`` may check in at (floor, col): ``(floor, col) in guest_spots(...)``,
        asked of that one room (:func:`~.lodge.fits_at`) and, at level 2, its floor."""
        if 2 in state["rules"] and abs(floor - GUEST_BY_ID[guest]["floor"]) > 1:
            return False
        return fits_at(lodge["cells"], (floor, col), guest_colors(guest))

    def _guest_moves(self, state, lodge):
        sources = self._guest_sources(state, lodge)
        if not sources:
            return []
        places = lodge_facts(lodge).places
        moves = []
        for source, index, guest in sources:
            for f, c in self.guest_spots(state, None, guest, places):
                moves.append({"type": "guest", "source": source, "index": index, "floor": f, "col": c})
        return moves

    def _can_check_in(self, state, lodge):
        """Whether any guest may check in now (what :meth:`_guest_moves` would list, or not)."""
        sources = self._guest_sources(state, lodge)
        if not sources:
            return False
        if 2 in state["rules"]:
            places = lodge_facts(lodge).places
            return any(self.guest_spots(state, None, guest, places) for _s, _i, guest in sources)
        # Without level 2's floors, one of a guest's pairs is enough: an empty room of one
        # colour beside an empty room of the other is a place of each pair.
        return has_place(lodge["cells"], {guest_colors(guest) for _s, _i, guest in sources})

    def move_guest(self, state, seat, move, rng):
        self._need(state, "guests")
        source = get_str(move, "source", ("display", "valet"))
        index = get_int(move, "index", 0, GUEST_DISPLAY_SIZE - 1)
        floor = get_int(move, "floor", 1, FLOORS)
        col = get_int(move, "col", 1, 999)
        lodge = state["lodges"][seat]
        found = [g for s, i, g in self._guest_sources(state, lodge) if s == source and i == index]
        if not found:
            if source == "display" and 8 in state["rules"]:
                raise IllegalMove("Level 8: you may not place guests from the display.")
            raise IllegalMove(f"You cannot place that guest from the {source} now.")
        guest = found[0]
        if not self._fits(state, lodge, guest, floor, col):
            a, b = guest_colors(guest)
            raise IllegalMove(
                f"That guest needs an empty {a} room next to an empty {b} room "
                f"({place_text(floor, col)} does not fit).")
        lodge["cells"][key(floor, col)]["guest"] = guest
        state["turn_guests"][source] += 1
        touch(state, seat, "cells", key(floor, col))
        wanted = GUEST_BY_ID[guest]["floor"]
        worth = (f"their preferred floor, {GUEST_POINTS + floor} points" if wanted == floor else
                 f"{GUEST_POINTS} points (they prefer the {ordinal(wanted)} floor)")
        say(state, 
            f"{self._name(state, seat)} checked in {guest_text(guest, floor=False)} from the {source} "
            f"in the {am.room_color(lodge['cells'][key(floor, col)])} room on {place_text(floor, col)}: "
            f"{worth}.")
        if not state["solo"] and not state["end_triggered"] and guests_placed(lodge) >= GUESTS_TO_END:
            state["end_triggered"] = True
            say(state, "Twelve guests placed: the game ends after this round.")
        if source == "display":
            state["guest_display"][index] = None
        else:
            lodge["valet"].pop(index)
            if any(state["guest_display"]):
                state["phase"] = "valet"
                return state
        self._maybe_auto_done(state, seat, rng)
        return state

    def move_valet(self, state, seat, move, rng):
        self._need(state, "valet", "extra_valet")
        index = get_int(move, "index", 0, GUEST_DISPLAY_SIZE - 1)
        guest = state["guest_display"][index]
        if guest is None:
            raise IllegalMove("There is no guest in that place of the display.")
        lodge = state["lodges"][seat]
        lodge["valet"].append(guest)
        state["guest_display"][index] = None
        touch(state, seat, "valet", guest)
        say(state, f"{self._name(state, seat)} moved {guest_text(guest)} to the valet.")
        if state["phase"] == "extra_valet":
            self._refill_guest_display(state, rng)
            state["phase"] = "build"
            return state
        lodge["fresh"].append(guest)
        state["phase"] = "guests"
        self._maybe_auto_done(state, seat, rng)
        return state

    def move_discard_guests(self, state, seat, move, rng):
        self._need(state, "build", "guests")
        if not self._guest_display_discardable(state):
            raise IllegalMove("Only a guest display of four guests sharing one colour can be discarded.")
        old = list(state["guest_display"])
        state["guest_display"] = [None] * GUEST_DISPLAY_SIZE
        self._refill_guest_display(state, rng)
        state["guest_bag"].extend(old)
        say(state, f"{self._name(state, seat)} sent the one-colour guest display back to the bag.")
        if state["phase"] == "guests":
            self._maybe_auto_done(state, seat, rng)
        return state
