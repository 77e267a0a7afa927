"""Lodge, the ski-lodge tile game: rules as pure functions over a JSON state (no Django).

State outline::

    players, solo, level, extreme, rules (active solo levels), turn, phase, holding,
    room_bag [room ids], display [4 levels x 4 slots of room id | None] (level 1 first),
    guest_bag [guest ids], guest_display [4 x guest id | None], guest_box [discarded ids],
    amenity_stack [ids], amenity_display [ids], amenity_box [ids removed by level 4],
    lodges [{cells {"floor,col": {"tile", "guest"}}, valet [ids], fresh [ids], tokens, turns}],
    lift, lift_tokens (solo), end_triggered, over, turn_guests, log

A turn is split into small moves: take a room or amenity (``take_room`` / ``take_amenity``),
``place`` it (or ``cancel``), then any ``guest`` placements, ``valet`` refills and ``done``.
Bags are drawn from at random with the rng of the move, so their order is never stored.
"""

from __future__ import annotations

from core.engine import Game, IllegalMove, Option, OptionError, Result
from core.engine.fields import get_int, get_str
from core.engine.game import ranks_by

from . import amenities as am
from .catalog import (
    AMENITIES,
    AMENITY_BY_ID,
    AMENITY_DISPLAY_SIZE,
    COLORS,
    DISPLAY_SLOTS,
    FLOORS,
    GUEST_BY_ID,
    GUEST_DISPLAY_SIZE,
    GUEST_POINTS,
    GUESTS,
    GUESTS_TO_END,
    LEVEL_4_REMOVED,
    LEVELS,
    ROOMS,
    SOLO_LIFT_TOKENS,
    SOLO_RANKS,
    SOLO_WIN_SCORE,
)

ORTHOGONAL = am.ORTHOGONAL
#: Views carry the recent log only (the page shows the last 40 lines); the state keeps it all.
VIEW_LOG_LINES = 40


# ---- small helpers over the JSON state -----------------------------------------------------


def key(floor: int, col: int) -> str:
    return f"{floor},{col}"


def grid_of(lodge: dict) -> am.Grid:
    """The lodge's cells keyed by (floor, column) tuples."""
    out = {}
    for k, cell in lodge["cells"].items():
        f, c = k.split(",")
        out[(int(f), int(c))] = cell
    return out


def guest_colors(guest_id: str) -> tuple[str, str]:
    return GUEST_BY_ID[guest_id]["colors"]


def guest_text(guest_id: str) -> str:
    g = GUEST_BY_ID[guest_id]
    return f"a {g['colors'][0]}/{g['colors'][1]} guest (floor {g['floor']})"


def rank_title(score: int) -> str:
    return next(title for low, title in SOLO_RANKS if score >= low)


def _draw(bag: list[str], rng) -> str | None:
    """Take one item at random out of a bag (None when empty)."""
    if not bag:
        return None
    i = rng.randrange(len(bag))
    bag[i], bag[-1] = bag[-1], bag[i]
    return bag.pop()


def placement_spots(grid: am.Grid, floor: int) -> list[int]:
    """Columns where a new tile may go on ``floor``: empty, sharing an edge with a tile, and
    (above the first floor) standing on a tile."""
    max_col = max((c for _f, c in grid), default=0)
    cols = []
    for c in range(1, max_col + 2):
        if (floor, c) in grid:
            continue
        if floor > 1 and (floor - 1, c) not in grid:
            continue
        if any((floor + df, c + dc) in grid for df, dc in ORTHOGONAL):
            cols.append(c)
    return cols


def lodge_score(lodge: dict, amenity_points: int | None = None) -> dict[str, int]:
    """Points by category: guests, floor bonuses and completed amenities (the amenity total
    may be passed in when the caller has already checked them)."""
    grid = grid_of(lodge)
    guests = bonus = amen = 0
    for (f, c), cell in grid.items():
        if cell["guest"]:
            guests += GUEST_POINTS
            if GUEST_BY_ID[cell["guest"]]["floor"] == f:
                bonus += f
        if amenity_points is None and cell["tile"] in AMENITY_BY_ID and am.complete(
                cell["tile"], (f, c), grid):
            amen += AMENITY_BY_ID[cell["tile"]]["points"]
    if amenity_points is not None:
        amen = amenity_points
    return {"guests": guests, "floor bonus": bonus, "amenities": amen}


def guests_placed(lodge: dict) -> int:
    return sum(1 for cell in lodge["cells"].values() if cell["guest"])


class Lodge(Game):
    slug = "lodge_hotel"
    name = "Lodge: ski hotel"
    min_players = 1
    max_players = 4
    playing_time = "30-60 min"
    summary = (
        "Build a ski lodge floor by floor from a shared display of rooms, add amenities, and "
        "check in guests who want two matching rooms side by side."
    )
    options = (
        Option(
            "level", "Solo difficulty level", kind="choice", default=0,
            choices=((0, "No level (score for a rank)"),) + tuple(
                (n, f"Level {n}: {text}") for n, text in LEVELS.items()
            ),
            help="Win a level with 60+ points while keeping its condition.",
            players=(1, 1),
        ),
        Option(
            "extreme", "Extreme mode (this level and every earlier one)", kind="bool",
            default=False, players=(1, 1),
            help="Replays levels 2-8 with the rules of every earlier level in force too.",
        ),
    )

    # ---- setup ---------------------------------------------------------------------------
    def validate_options(self, players, options, seat_options):
        if players == 1 and options.get("extreme") and options.get("level", 0) < 2:
            raise OptionError("Extreme mode starts at level 2: choose a level from 2 to 8.")

    def setup(self, players, options, seat_options, rng):
        solo = players == 1
        level = int(options.get("level", 0) or 0) if solo else 0
        extreme = bool(options.get("extreme")) if solo else False
        rules = list(range(1, level + 1)) if extreme else ([level] if level else [])
        state = {
            "players": players, "solo": solo, "level": level, "extreme": extreme, "rules": rules,
            "turn": 0, "phase": "build", "holding": None,
            "room_bag": sorted(ROOMS), "display": [[None] * DISPLAY_SLOTS for _ in range(FLOORS)],
            "guest_bag": [g["id"] for g in GUESTS], "guest_display": [None] * GUEST_DISPLAY_SIZE,
            "guest_box": [], "amenity_stack": [], "amenity_display": [], "amenity_box": [],
            "lodges": [], "lift": 1, "lift_tokens": 0, "solo_turns": 0,
            "end_triggered": False, "over": False,
            "turn_guests": {"display": 0, "valet": 0}, "log": [],
        }
        ids = [a["id"] for a in AMENITIES]
        if 4 in rules:
            state["amenity_box"] = [a["id"] for a in AMENITIES if a["name"] in LEVEL_4_REMOVED]
            ids = [i for i in ids if i not in state["amenity_box"]]
        rng.shuffle(ids)
        state["amenity_stack"] = ids
        self._refill_room_display(state, rng)
        self._refill_guest_display(state, rng)
        self._refill_amenities(state)
        for _seat in range(players):
            guest = _draw(state["guest_bag"], rng)
            lodge = {"cells": {}, "valet": [guest], "fresh": [], "turns": 0,
                     "tokens": 2 if players == 2 else 1}
            colors = guest_colors(guest)
            rejected = []
            room = _draw(state["room_bag"], rng)
            while ROOMS[room] in colors:
                rejected.append(room)
                room = _draw(state["room_bag"], rng)
            state["room_bag"].extend(rejected)
            lodge["cells"][key(1, 1)] = {"tile": room, "guest": None}
            state["lodges"].append(lodge)
        if solo:
            state["lift_tokens"] = SOLO_LIFT_TOKENS
            state["phase"] = "start_amenity"
            state["log"].append("Solo game: place one of the amenities on display to begin.")
        else:
            state["log"].append(f"A new game for {players} players; Player 1 has the first player token.")
        return state

    # ---- whose turn -----------------------------------------------------------------------
    def to_act(self, state):
        return set() if state["over"] else {state["turn"]}

    def progress(self, state):
        if state["over"]:
            return 1.0
        if state["solo"]:
            return min(1.0, state["solo_turns"] / 16)
        used = len(ROOMS) - len(state["room_bag"])
        most = max(guests_placed(lodge) for lodge in state["lodges"])
        return min(1.0, max(used / len(ROOMS), most / GUESTS_TO_END))

    # ---- legal moves ----------------------------------------------------------------------
    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        lodge = state["lodges"][seat]
        moves: list[dict] = []
        if phase == "build":
            moves += self._room_takes(state, lodge)
            if not state["solo"]:
                moves += self._amenity_takes(state, lodge)
            if not moves:
                moves.append({"type": "pass"})
            moves += self._any_time_moves(state, lodge)
        elif phase in ("start_amenity", "lift_amenity"):
            moves += self._amenity_takes(state, lodge)
        elif phase == "place":
            moves += [{"type": "place", "floor": f, "col": c} for f, c in self._held_spots(state, lodge)]
            moves.append({"type": "cancel"})
        elif phase == "guests":
            moves += self._guest_moves(state, lodge)
            moves += self._any_time_moves(state, lodge)
            moves.append({"type": "done"})
        elif phase in ("valet", "extra_valet"):
            moves += [{"type": "valet", "index": i} for i, g in enumerate(state["guest_display"]) if g]
        elif phase == "lift_discard":
            color = state["holding"]["color"]
            moves += [{"type": "lift_discard", "index": i}
                      for i, g in enumerate(state["guest_display"]) if g and color in guest_colors(g)]
        return moves

    def _room_takes(self, state, lodge):
        grid = grid_of(lodge)
        out = []
        for level in range(1, FLOORS + 1):
            if 6 in state["rules"] and level == state["lift"]:
                continue
            for slot, room in enumerate(state["display"][level - 1]):
                if room and self._room_spots(state, grid, room, level):
                    out.append({"type": "take_room", "level": level, "slot": slot})
        return out

    def _room_spots(self, state, grid, room, floor):
        cols = placement_spots(grid, floor)
        if 4 in state["rules"]:
            color = ROOMS[room]
            cols = [c for c in cols if not any(
                cc == c and am.room_color(cell) == color for (_f, cc), cell in grid.items())]
        return [(floor, c) for c in cols]

    def _amenity_spots(self, state, grid, amenity):
        spots = []
        banned = am.forbidden_floor(amenity)
        for floor in range(1, FLOORS + 1):
            if floor != banned:
                spots += [(floor, c) for c in placement_spots(grid, floor)]
        if 5 in state["rules"]:
            used = {f for (f, _c), cell in grid.items() if cell["tile"] in AMENITY_BY_ID}
            fresh = [s for s in spots if s[0] not in used]
            spots = fresh or spots
        return spots

    def _amenity_takes(self, state, lodge):
        grid = grid_of(lodge)
        return [{"type": "take_amenity", "index": i} for i, a in enumerate(state["amenity_display"])
                if self._amenity_spots(state, grid, a)]

    def _held_spots(self, state, lodge):
        held = state["holding"]
        grid = grid_of(lodge)
        if held["kind"] == "room":
            room = state["display"][held["level"] - 1][held["slot"]]
            return self._room_spots(state, grid, room, held["level"])
        return self._amenity_spots(state, grid, state["amenity_display"][held["index"]])

    def _any_time_moves(self, state, lodge):
        moves = []
        if lodge["tokens"] > 0:
            moves += [{"type": "refresh", "level": lv} for lv in range(1, FLOORS + 1)
                      if any(state["display"][lv - 1])]
        if self._guest_display_discardable(state):
            moves.append({"type": "discard_guests"})
        return moves

    def _guest_display_discardable(self, state):
        shown = state["guest_display"]
        if not all(shown):
            return False
        common = set(COLORS)
        for g in shown:
            common &= set(guest_colors(g))
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

    def guest_spots(self, state, grid, guest):
        """Rooms where ``guest`` may check in: an empty room of one of its colours with an empty
        orthogonal neighbour room of the other colour."""
        a, b = guest_colors(guest)
        pref = GUEST_BY_ID[guest]["floor"]
        spots = []
        for (f, c), cell in grid.items():
            color = am.room_color(cell)
            if color not in (a, b) or cell["guest"]:
                continue
            if 2 in state["rules"] and abs(f - pref) > 1:
                continue
            other = b if color == a else a
            for df, dc in ORTHOGONAL:
                n = grid.get((f + df, c + dc))
                if n and not n["guest"] and am.room_color(n) == other:
                    spots.append((f, c))
                    break
        return sorted(spots)

    def _guest_moves(self, state, lodge):
        grid = grid_of(lodge)
        moves = []
        for source, index, guest in self._guest_sources(state, lodge):
            for f, c in self.guest_spots(state, grid, guest):
                moves.append({"type": "guest", "source": source, "index": index, "floor": f, "col": c})
        return moves

    # ---- move handlers --------------------------------------------------------------------
    def _need(self, state, *phases):
        if state["phase"] not in phases:
            raise IllegalMove(self._phase_hint(state))

    def _phase_hint(self, state):
        return {
            "build": "First build a room or an amenity.",
            "place": "Place the tile you took (or put it back).",
            "guests": "You have built this turn: place guests or end your turn.",
            "valet": "Choose a guest from the display for your valet first.",
            "extra_valet": "Choose a second guest for your valet first.",
            "start_amenity": "Place your starting amenity first.",
            "lift_amenity": "Place the amenity from the ski lift first.",
            "lift_discard": "Choose which guest leaves the display first.",
        }.get(state["phase"], "That is not possible now.")

    def move_take_room(self, state, seat, move, rng):
        self._need(state, "build")
        level = get_int(move, "level", 1, FLOORS)
        slot = get_int(move, "slot", 0, DISPLAY_SLOTS - 1)
        room = state["display"][level - 1][slot]
        if room is None:
            raise IllegalMove("There is no room in that place of the display.")
        if 6 in state["rules"] and level == state["lift"]:
            raise IllegalMove("Level 6: you may not take rooms from the ski lift's level.")
        if not self._room_spots(state, grid_of(state["lodges"][seat]), room, level):
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
        if not self._amenity_spots(state, grid_of(state["lodges"][seat]), amenity):
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
        lodge = state["lodges"][seat]
        if self._room_takes(state, lodge) or (not state["solo"] and self._amenity_takes(state, lodge)):
            raise IllegalMove("You must build a room or an amenity when you can.")
        state["log"].append(f"{self._name(state, seat)} cannot build anything this turn.")
        self._begin_guests(state, seat, rng)
        return state

    def move_place(self, state, seat, move, rng):
        self._need(state, "place")
        floor = get_int(move, "floor", 1, FLOORS)
        col = get_int(move, "col", 1, 999)
        lodge = state["lodges"][seat]
        if (floor, col) not in self._held_spots(state, lodge):
            raise IllegalMove(f"The tile cannot go on floor {floor}, column {col}.")
        held = state["holding"]
        state["holding"] = None
        who = self._name(state, seat)
        if held["kind"] == "room":
            room = state["display"][held["level"] - 1][held["slot"]]
            state["display"][held["level"] - 1][held["slot"]] = None
            lodge["cells"][key(floor, col)] = {"tile": room, "guest": None}
            state["log"].append(f"{who} built a {ROOMS[room]} room on floor {floor}, column {col}.")
            self._begin_guests(state, seat, rng)
            return state
        amenity = state["amenity_display"].pop(held["index"])
        lodge["cells"][key(floor, col)] = {"tile": amenity, "guest": None}
        state["log"].append(
            f"{who} built the {AMENITY_BY_ID[amenity]['name']} on floor {floor}, column {col}.")
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
        if (floor, col) not in self.guest_spots(state, grid_of(lodge), guest):
            a, b = guest_colors(guest)
            raise IllegalMove(
                f"That guest needs an empty {a} room next to an empty {b} room "
                f"(floor {floor}, column {col} does not fit).")
        lodge["cells"][key(floor, col)]["guest"] = guest
        state["turn_guests"][source] += 1
        state["log"].append(
            f"{self._name(state, seat)} checked in {guest_text(guest)} from the {source} "
            f"on floor {floor}.")
        if not state["solo"] and guests_placed(lodge) >= GUESTS_TO_END and not state["end_triggered"]:
            state["end_triggered"] = True
            state["log"].append("Twelve guests placed: the game ends after this round.")
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
        state["log"].append(f"{self._name(state, seat)} moved {guest_text(guest)} to the valet.")
        if state["phase"] == "extra_valet":
            self._refill_guest_display(state, rng)
            state["phase"] = "build"
            return state
        lodge["fresh"].append(guest)
        state["phase"] = "guests"
        self._maybe_auto_done(state, seat, rng)
        return state

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
        state["display"][level - 1] = [None] * DISPLAY_SLOTS
        state["log"].append(
            f"{self._name(state, seat)} spent a refresh token to clear level {level} of the display.")
        self._refresh_room_display(state, rng, set_aside=removed)
        if state["phase"] == "guests":
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
        state["log"].append(f"{self._name(state, seat)} sent the one-colour guest display back to the bag.")
        if state["phase"] == "guests":
            self._maybe_auto_done(state, seat, rng)
        return state

    def move_done(self, state, seat, move, rng):
        self._need(state, "guests")
        self._end_turn(state, seat, rng)
        return state

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

    # ---- turn flow ------------------------------------------------------------------------
    def _name(self, state, seat):
        """Seats appear as "Player N" in the log; the portal shows the player's name there."""
        return f"Player {seat + 1}"

    def _begin_guests(self, state, seat, rng):
        state["phase"] = "guests"
        state["turn_guests"] = {"display": 0, "valet": 0}
        state["lodges"][seat]["fresh"] = []
        self._maybe_auto_done(state, seat, rng)

    def _maybe_auto_done(self, state, seat, rng):
        """End the turn at once when ending it is the only thing left to do."""
        lodge = state["lodges"][seat]
        if not self._guest_moves(state, lodge) and not self._any_time_moves(state, lodge):
            self._end_turn(state, seat, rng)

    def _end_turn(self, state, seat, rng):
        self._refill_guest_display(state, rng)
        if self._display_needs_refresh(state):
            self._refresh_room_display(state, rng)
        if state["solo"]:
            self._lift_remove(state, seat, rng)
        else:
            self._next_turn(state, seat, rng)

    def _next_turn(self, state, seat, rng):
        lodge = state["lodges"][seat]
        lodge["turns"] += 1
        lodge["fresh"] = []
        state["holding"] = None
        if state["solo"]:
            state["solo_turns"] += 1
            state["phase"] = "build"
            return
        if not state["room_bag"] and not state["end_triggered"]:
            state["end_triggered"] = True
            state["log"].append("The room bag is empty: the game ends after this round.")
        if state["end_triggered"] and seat == state["players"] - 1:
            state["over"] = True
            state["phase"] = "over"
            state["log"].append("Everyone has had the same number of turns: the game is over.")
            return
        state["turn"] = (seat + 1) % state["players"]
        state["phase"] = "build"

    # ---- solo ski lift ----------------------------------------------------------------------
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
        state["log"].append(f"The ski lift removed a {color} room from level {state['lift']}.")
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
        state["log"].append(f"The ski lift sent {guest_text(guest)} home.")
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
            state["log"].append("No refresh token is left above the ski lift: the game is over.")
            return
        state["lift_tokens"] -= 1
        if 3 in state["rules"]:
            state["log"].append("The ski lift went round: its refresh token is discarded (level 3).")
        else:
            state["lodges"][seat]["tokens"] += 1
            state["log"].append("The ski lift went round: you gain a refresh token.")
        lodge = state["lodges"][seat]
        if self._amenity_takes(state, lodge):
            state["phase"] = "lift_amenity"
            state["holding"] = None
            state["log"].append("Place an amenity from the display.")
        else:
            self._next_turn(state, seat, rng)

    # ---- displays -----------------------------------------------------------------------------
    def _display_needs_refresh(self, state):
        display = state["display"]
        if any(not any(level) for level in display):
            return True
        colors = {ROOMS[r] for level in display for r in level if r}
        return len(colors) == 1

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
                    display[lv][slot] = _draw(state["room_bag"], rng)

    def _refresh_room_display(self, state, rng, set_aside=()):
        """The refresh: slide and refill. A display still all of one colour is swapped out: its
        rooms go back to the bag first, then a whole new display is drawn. Rooms cleared with a
        refresh token (``set_aside``) return to the bag only after the refill, as the rulebook
        says; if the bag ran short before they were back, the remaining gaps are filled then, so
        that while the bag holds rooms the display is always complete."""
        self._refill_room_display(state, rng)
        rooms = [r for level in state["display"] for r in level if r]
        if rooms and len({ROOMS[r] for r in rooms}) == 1 and state["room_bag"]:
            state["room_bag"].extend(rooms)
            state["display"] = [[None] * DISPLAY_SLOTS for _ in range(FLOORS)]
            self._refill_room_display(state, rng)
        if set_aside:
            state["room_bag"].extend(set_aside)
            self._refill_room_display(state, rng)
        state["log"].append("The room display was refreshed.")

    def _refill_guest_display(self, state, rng):
        for i, g in enumerate(state["guest_display"]):
            if g is None:
                state["guest_display"][i] = _draw(state["guest_bag"], rng)

    def _refill_amenities(self, state):
        while len(state["amenity_display"]) < AMENITY_DISPLAY_SIZE and state["amenity_stack"]:
            state["amenity_display"].append(state["amenity_stack"].pop())

    # ---- views and results ------------------------------------------------------------------
    def view(self, state, seat):
        players = state["players"]
        lodges = []
        for s, lodge in enumerate(state["lodges"]):
            grid = grid_of(lodge)
            columns = max((c for _f, c in grid), default=1)
            rows = [{"floor": f, "cells": [None] * (columns + 1)} for f in range(FLOORS, 0, -1)]
            amenity_points = 0
            for (f, c), cell in grid.items():
                tile = cell["tile"]
                if tile in ROOMS:
                    entry = {"kind": "room", "color": ROOMS[tile]}
                else:
                    a = AMENITY_BY_ID[tile]
                    done = am.complete(tile, (f, c), grid)
                    amenity_points += a["points"] if done else 0
                    entry = {"kind": "amenity", "name": a["name"], "points": a["points"],
                             "complete": done}
                if cell["guest"]:
                    entry["guest"] = self._guest_view(cell["guest"])
                rows[FLOORS - f]["cells"][c - 1] = entry
            score = lodge_score(lodge, amenity_points)
            lodges.append({
                "seat": s, "rows": rows, "columns": columns,
                "valet": [self._guest_view(g) for g in lodge["valet"]],
                "tokens": lodge["tokens"], "turns": lodge["turns"],
                "guests_placed": guests_placed(lodge),
                "score": sum(score.values()), "breakdown": score,
            })
        holding = state["holding"]
        held = None
        if holding and holding["kind"] in ("room", "amenity"):
            held = dict(holding)
            if holding["kind"] == "room":
                held["id"] = state["display"][holding["level"] - 1][holding["slot"]]
            else:
                held["id"] = state["amenity_display"][holding["index"]]
        view = {
            "players": players, "solo": state["solo"], "turn": state["turn"],
            "phase": state["phase"], "over": state["over"], "you": seat,
            "holding": held,
            "lift_color": holding["color"] if holding and holding["kind"] == "lift" else None,
            "display": [
                {"level": lv + 1, "slots": [
                    {"slot": i, "id": r, "color": ROOMS[r]}
                    if r else {"slot": i, "id": None}
                    for i, r in enumerate(level)
                ]}
                for lv, level in enumerate(state["display"])
            ],
            "guest_display": [self._guest_view(g) if g else None for g in state["guest_display"]],
            "amenity_display": [self._amenity_view(a) for a in state["amenity_display"]],
            "room_bag": len(state["room_bag"]), "guest_bag": len(state["guest_bag"]),
            "amenity_stack": len(state["amenity_stack"]),
            "amenity_box": [self._amenity_view(a) for a in state["amenity_box"]],
            "guests_left_game": len(state["guest_box"]),
            "lodges": lodges, "end_triggered": state["end_triggered"],
            "turn_guests": dict(state["turn_guests"]),
            "prompt": self._prompt(state),
            "log": state["log"][-VIEW_LOG_LINES:],
        }
        if state["solo"]:
            view.update(
                level=state["level"], extreme=state["extreme"],
                rules=[{"level": n, "text": LEVELS[n]} for n in state["rules"]],
                lift=state["lift"], lift_tokens=state["lift_tokens"],
                solo_turns=state["solo_turns"],
            )
        return view

    def _prompt(self, state):
        if state["over"]:
            return "The game is over."
        return {
            "build": "Take a room from the display (level N goes on floor N)"
            + ("." if state["solo"] else " or an amenity."),
            "place": "Choose a highlighted place in the lodge for the tile, or put it back.",
            "guests": "Check in guests (one from the display, one from the valet) or end the turn.",
            "valet": "Choose a guest from the display for the valet.",
            "extra_valet": "Level 8: choose a second guest from the display for the valet.",
            "start_amenity": "Choose your starting amenity and place it next to your first room.",
            "lift_amenity": "The ski lift went round: place one of the amenities on display.",
            "lift_discard": "The ski lift sends one guest home: choose one showing the removed colour.",
        }.get(state["phase"], "")

    def _guest_view(self, guest):
        g = GUEST_BY_ID[guest]
        return {"id": guest, "colors": list(g["colors"]), "floor": g["floor"]}

    def _amenity_view(self, amenity):
        a = AMENITY_BY_ID[amenity]
        return {"id": amenity, "name": a["name"], "points": a["points"], "condition": a["condition"]}

    def secrets(self, state, seat):
        return set(state["room_bag"]) | set(state["guest_bag"]) | set(state["amenity_stack"])

    def solo_goals(self, state):
        """Each active level's condition checked on the final lodge: {level: kept?}."""
        lodge = state["lodges"][0]
        grid = grid_of(lodge)
        amenity_cells = [(pos, cell) for pos, cell in grid.items() if cell["tile"] in AMENITY_BY_ID]
        goals = {}
        for level in state["rules"]:
            if level == 1:
                goals[level] = len(amenity_cells) >= 4 and all(
                    am.complete(cell["tile"], pos, grid) for pos, cell in amenity_cells)
            elif level == 5:
                floors = [pos[0] for pos, _cell in amenity_cells]
                goals[level] = len(floors) == len(set(floors))
            elif level == 7:
                present = {am.room_color(cell) for cell in grid.values()} - {None}
                goals[level] = len(present) < len(COLORS)
            else:
                goals[level] = True  # levels 2, 3, 4, 6 and 8 are enforced move by move
        return goals

    def result(self, state):
        if not state["over"]:
            return None
        breakdown = [lodge_score(lodge) for lodge in state["lodges"]]
        scores = [sum(b.values()) for b in breakdown]
        if state["solo"]:
            goals = self.solo_goals(state)
            won = scores[0] >= SOLO_WIN_SCORE and all(goals.values())
            return Result(
                scores=scores, ranks=[1], won=[won], breakdown=breakdown,
                details={
                    "level": state["level"], "extreme": state["extreme"],
                    "rank": rank_title(scores[0]),
                    "goals": {str(k): v for k, v in goals.items()},
                    "guests": guests_placed(state["lodges"][0]),
                },
            )
        ranks = ranks_by([(scores[s], s) for s in range(state["players"])])
        tied = len(set(scores)) < len(scores)
        return Result(
            scores=scores, ranks=ranks, breakdown=breakdown,
            tiebreak="Tied players are ordered by turn order: the later player wins the tie."
            if tied else "",
            details={"guests": [guests_placed(lodge) for lodge in state["lodges"]]},
        )
