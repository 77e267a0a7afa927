"""Solo: the ski lift at the end of every turn, and the level goals checked at the end."""

from __future__ import annotations

from core.engine import IllegalMove
from core.engine.fields import get_int
from core.text import and_list

from .. import amenities as am
from ..catalog import (
    AMENITY_BY_ID,
    COLORS,
    FLOORS,
    GUEST_DISPLAY_SIZE,
    LEVELS,
    ROOMS,
)
from .lodge import (
    completed_amenities,
    grid_of,
    guest_colors,
    guest_text,
    lodge_facts,
    say,
    touch,
)


class SkiLift:
    """The solo end of turn (the ski lift removes a room and a guest, then climbs) and the level goals.

    A part of :class:`Lodge` (mixed in); methods call each other through ``self``.
    """

    def move_lift_discard(self, state, seat, move, rng):
        self._need(state, "lift_discard")
        index = get_int(move, "index", 0, GUEST_DISPLAY_SIZE - 1)
        guest = state["guest_display"][index]
        color = state["holding"]["color"]
        if guest is None or color not in guest_colors(guest):
            raise IllegalMove(f"Choose a guest in the display showing {color}.")
        state["holding"] = None
        self._lift_discard(state, index, rng)
        self._lift_move(state, seat, rng)
        return state

    def _lift_remove(self, state, seat, rng):
        row = state["display"][state["lift"] - 1]
        slots = [i for i, r in enumerate(row) if r]
        if not slots:
            self._lift_move(state, seat, rng)
            return
        room = row[slots[-1]]
        row[slots[-1]] = None
        state["room_bag"].append(room)
        color = ROOMS[room]
        touch(state, seat, "levels", state["lift"])
        say(state, f"The ski lift removed a {color} room from level {state['lift']} of the display.")
        if self._display_needs_refresh(state):
            self._refresh_room_display(state, rng)
        matches = [i for i, g in enumerate(state["guest_display"]) if g and color in guest_colors(g)]
        if len(matches) > 1:
            state["holding"] = {"kind": "lift", "color": color}
            state["phase"] = "lift_discard"
            return
        if matches:
            self._lift_discard(state, matches[0], rng)
        self._lift_move(state, seat, rng)

    def _lift_discard(self, state, index, rng):
        guest = state["guest_display"][index]
        state["guest_display"][index] = None
        state["guest_box"].append(guest)
        say(state, f"The ski lift sent {guest_text(guest)} home.")
        self._refill_guest_display(state, rng)

    def _lift_move(self, state, seat, rng):
        if state["lift"] < FLOORS:
            state["lift"] += 1
            self._next_turn(state, seat, rng)
            return
        state["lift"] = 1
        if state["lift_tokens"] == 0:
            state["lodges"][seat]["turns"] += 1
            state["solo_turns"] += 1
            state["over"] = True
            state["phase"] = "over"
            state["holding"] = None
            say(state, "No refresh token is left above the ski lift: the game is over.")
            return
        state["lift_tokens"] -= 1
        if 3 in state["rules"]:
            say(state, "The ski lift went round: its refresh token is discarded (level 3).")
        else:
            state["lodges"][seat]["tokens"] += 1
            say(state, "The ski lift went round: you gain a refresh token.")
        if self._amenity_takes(state, lodge_facts(state["lodges"][seat])):
            state["phase"] = "lift_amenity"
            state["holding"] = None
            say(state, "Place an amenity from the display.")
        else:
            self._next_turn(state, seat, rng)

    def solo_goals(self, state):
        """Each active level's condition checked on the final lodge: {level: kept?}."""
        lodge = state["lodges"][0]
        grid = grid_of(lodge)
        amenity_cells = [(pos, cell) for pos, cell in grid.items() if cell["tile"] in AMENITY_BY_ID]
        goals = {}
        for level in state["rules"]:
            if level == 1:
                goals[level] = len(amenity_cells) >= 4 and all(completed_amenities(lodge).values())
            elif level == 5:
                floors = [pos[0] for pos, _cell in amenity_cells]
                goals[level] = len(floors) == len(set(floors))
            elif level == 7:
                present = {am.room_color(cell) for cell in grid.values()} - {None}
                goals[level] = len(present) < len(COLORS)
            else:
                goals[level] = True  # levels 2, 3, 4, 6 and 8 are enforced move by move
        return goals

    def solo_goal_status(self, state):
        """Every active level with how it stands in the lodge now, in words, for the board.

        ``standing`` is "kept" (enforced by the legal moves, or met so far), "open" (level 1:
        not every amenity is built and complete yet; it can still be reached until the end),
        or "lost" (levels 5 and 7 cannot be repaired once broken: amenities and rooms are never
        removed; level 1 is lost when the game ends without it).
        """
        kept = self.solo_goals(state)
        grid = grid_of(state["lodges"][0])
        amenity_cells = [(pos, cell) for pos, cell in grid.items() if cell["tile"] in AMENITY_BY_ID]
        out = []
        for level in state["rules"]:
            enforced = level not in (1, 5, 7)
            standing = "kept" if kept[level] else "lost"
            if level == 1:
                done = sum(completed_amenities(state["lodges"][0]).values())
                status = f"{done} of 4 amenities complete so far ({len(amenity_cells)} built)"
                if not kept[level] and not state["over"]:
                    standing = "open"
            elif level == 5:
                floors = sorted(pos[0] for pos, _cell in amenity_cells)
                status = ("amenities on floors " + and_list(str(f) for f in floors)) if floors \
                    else "no amenity built yet"
                status += "" if kept[level] else ": two share a floor"
            elif level == 7:
                present = {am.room_color(cell) for cell in grid.values()} - {None}
                missing = [c for c in COLORS if c not in present]
                status = (f"no {and_list(missing, 'or')} room in the lodge so far" if missing
                          else "all five colours are in the lodge")
            else:
                status = "the board only offers what this level allows"
            out.append({"level": level, "text": LEVELS[level], "enforced": enforced,
                        "standing": standing, "status": status})
        return out
