"""The room display (refills, refreshes, refresh tokens) and the guest and amenity displays."""

from __future__ import annotations

from core.engine import IllegalMove
from core.engine.fields import get_int

from ..catalog import (
    AMENITY_DISPLAY_SIZE,
    DISPLAY_SLOTS,
    FLOORS,
    ROOMS,
)
from .lodge import (
    draw_one,
    say,
    touch,
)


class Displays:
    """Keeping the room, guest and amenity displays filled, and the refresh token.

    A part of :class:`Lodge` (mixed in); methods call each other through ``self``.
    """

    def move_refresh(self, state, seat, move, rng):
        self._need(state, "build", "guests")
        lodge = state["lodges"][seat]
        if lodge["tokens"] < 1:
            raise IllegalMove("You have no refresh token left.")
        level = get_int(move, "level", 1, FLOORS)
        removed = [r for r in state["display"][level - 1] if r]
        if not removed:
            raise IllegalMove("That level of the display is already empty.")
        lodge["tokens"] -= 1
        touch(state, seat, "levels", level)
        state["display"][level - 1] = [None] * DISPLAY_SLOTS
        say(state, 
            f"{self._name(state, seat)} spent a refresh token to clear level {level} of the display.")
        self._refresh_room_display(state, rng, set_aside=removed)
        if state["phase"] == "guests":
            self._maybe_auto_done(state, seat, rng)
        return state

    def _display_needs_refresh(self, state):
        """Whether a level of the room display is empty or every room on it is of one colour."""
        display = state["display"]
        if any(not any(level) for level in display):
            return True
        first = None
        for level in display:
            for r in level:
                if r:
                    color = ROOMS[r]
                    if first is None:
                        first = color
                    elif color != first:
                        return False
        return True

    def _refill_room_display(self, state, rng):
        """Slide rooms down within their columns, then fill gaps from level 1 upwards."""
        display = state["display"]
        for slot in range(DISPLAY_SLOTS):
            column = [display[lv][slot] for lv in range(FLOORS) if display[lv][slot]]
            column += [None] * (FLOORS - len(column))
            for lv in range(FLOORS):
                display[lv][slot] = column[lv]
        for lv in range(FLOORS):
            for slot in range(DISPLAY_SLOTS):
                if display[lv][slot] is None:
                    display[lv][slot] = draw_one(state["room_bag"], rng)

    def _refresh_room_display(self, state, rng, set_aside=()):
        """The refresh: slide and refill. A display still all of one colour is swapped out: its
        rooms go back to the bag first, then a whole new display is drawn. Rooms cleared with a
        refresh token (``set_aside``) return to the bag only after the refill, as the rulebook
        says, so they never refill their own spaces: if the bag runs out during that refill, the
        gaps stay and the end of the game is triggered then, although the cleared rooms refill
        the bag right after (the end-of-turn check would no longer see it empty)."""
        self._refill_room_display(state, rng)
        rooms = [r for level in state["display"] for r in level if r]
        if rooms and len({ROOMS[r] for r in rooms}) == 1 and state["room_bag"]:
            state["room_bag"].extend(rooms)
            state["display"] = [[None] * DISPLAY_SLOTS for _ in range(FLOORS)]
            self._refill_room_display(state, rng)
        say(state, "The room display was refreshed.")
        if set_aside:
            if not state["room_bag"] and not state["solo"] and not state["end_triggered"]:
                state["end_triggered"] = True
                say(state, "The room bag ran out during the refresh: the game ends after this round.")
            state["room_bag"].extend(set_aside)

    def _refill_guest_display(self, state, rng):
        for i, g in enumerate(state["guest_display"]):
            if g is None:
                state["guest_display"][i] = draw_one(state["guest_bag"], rng)

    def _refill_amenities(self, state):
        while len(state["amenity_display"]) < AMENITY_DISPLAY_SIZE and state["amenity_stack"]:
            state["amenity_display"].append(state["amenity_stack"].pop())
