"""Small helpers over the JSON state: cells, grids, guests, placement and scoring."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, lru_cache
from operator import itemgetter

from core.text import ordinal

from .. import amenities as am
from ..catalog import (
    AMENITY_BY_ID,
    FLOORS,
    GUEST_BY_ID,
    GUEST_POINTS,
    ROOMS,
    SOLO_RANKS,
)

ORTHOGONAL = am.ORTHOGONAL


# ---- small helpers over the JSON state -----------------------------------------------------


def key(floor: int, col: int) -> str:
    return f"{floor},{col}"


#: "floor,col" keys read as (floor, col) once each: a lodge has at most a few dozen places, and
#: legal moves, handlers and views read every lodge's keys many times a move.
_PLACES: dict[str, tuple[int, int]] = {}


def place_of(text: str) -> tuple[int, int]:
    """A cell key read as (floor, column)."""
    found = _PLACES.get(text)
    if found is None:
        f, c = text.split(",")
        found = _PLACES[text] = (int(f), int(c))
    return found


def grid_of(lodge: dict) -> am.Grid:
    """The lodge's cells keyed by (floor, column) tuples."""
    known = _PLACES
    return {known.get(k) or place_of(k): cell for k, cell in lodge["cells"].items()}


def guest_colors(guest_id: str) -> tuple[str, str]:
    return GUEST_BY_ID[guest_id]["colors"]


@cache
def guest_text(guest_id: str, floor: bool = True) -> str:
    """"a red-and-blue guest (prefers the 2nd floor)", as log lines say it (remembered: the log
    says it after almost every move)."""
    g = GUEST_BY_ID[guest_id]
    text = f"a {g['colors'][0]}-and-{g['colors'][1]} guest"
    return f"{text} (prefers the {ordinal(g['floor'])} floor)" if floor else text


@cache
def place_text(floor: int, col: int) -> str:
    """"the 2nd floor, 3rd from the elevator": a place in a lodge in words (remembered, as
    :func:`guest_text`)."""
    return f"the {ordinal(floor)} floor, {ordinal(col)} from the elevator"


#: Log lines the state keeps: the match page shows the latest 40, and the replay and the admin
#: find each move's new lines by overlap, so older lines need not be carried (and copied) on
#: every move for the rest of the game.
LOG_KEPT = 40


def say(state: dict, line: str) -> None:
    """Add a line to the game log, keeping the latest ``LOG_KEPT``."""
    log = state["log"]
    log.append(line)
    if len(log) > LOG_KEPT:
        del log[:-LOG_KEPT]


def touch(state: dict, seat: int, part: str, item) -> None:
    """Note what a move touched, for the board's "last move" marks.

    The record covers one seat's whole turn (a turn is several small moves: build, check in,
    valet): it starts afresh with the first thing touched after the turn passed on, so the next
    player still sees what the previous player did until they do something themselves.
    ``part`` is "cells" (lodge places as "floor,col"), "levels" (display levels) or "valet".
    """
    last = state.get("last")
    if not last or last["seat"] != seat or last["closed"]:
        last = state["last"] = {"seat": seat, "closed": False, "cells": [], "levels": [], "valet": []}
    if item not in last[part]:
        last[part].append(item)


def close_turn(state: dict) -> None:
    """The turn passed on: the next thing touched starts a new "last move" record."""
    if state.get("last"):
        state["last"]["closed"] = True


def rank_title(score: int) -> str:
    return next(title for low, title in SOLO_RANKS if score >= low)


def draw_one(bag: list[str], rng) -> str | None:
    """Take one item at random out of a bag (None when empty)."""
    if not bag:
        return None
    i = rng.randrange(len(bag))
    bag[i], bag[-1] = bag[-1], bag[i]
    return bag.pop()


def placement_spots(grid: am.Grid, floor: int) -> list[int]:
    """Columns where a new tile may go on ``floor``: empty, sharing an edge with a tile, and
    (above the first floor) standing on a tile."""
    return list(_free_places(frozenset(grid))[floor])


def free_places(built) -> dict[int, tuple[int, ...]]:
    """:func:`placement_spots` for every floor at once (the lodge's shape read once). ``built``:
    the built places, as a grid or any collection of (floor, column)."""
    return dict(_free_places(frozenset(built)))


@lru_cache(maxsize=4096)
def _free_places(taken: frozenset) -> dict[int, tuple[int, ...]]:
    """Where tiles may go depends only on which places are built, and lodges grow through the
    same shapes again and again, so each answer is remembered (callers copy it)."""
    max_col = max((c for _f, c in taken), default=0)
    built: dict[int, set[int]] = {}
    for f, c in taken:
        built.setdefault(f, set()).add(c)
    nothing: set[int] = set()
    out = {}
    for floor in range(1, FLOORS + 1):
        here, below, above = built.get(floor, nothing), built.get(floor - 1, nothing), built.get(floor + 1, nothing)
        out[floor] = tuple([c for c in range(1, max_col + 2) if c not in here
                            and (floor == 1 or c in below)
                            and (c in below or c in above or c - 1 in here or c + 1 in here)])
    return out


def check_in_places(grid) -> dict[tuple[str, str], list[tuple[int, int]]]:
    """For each (colour, other colour): the empty rooms of that colour with an empty room of the
    other colour beside them (orthogonally), which is all a check-in asks of a place."""
    free = {}
    for pos, cell in grid.items():
        color = ROOMS.get(cell["tile"])
        if color and not cell["guest"]:
            free[pos] = color
    return places_among(free)


def places_among(free: dict[tuple[int, int], str]) -> dict[tuple[str, str], list[tuple[int, int]]]:
    """:func:`check_in_places` from the empty rooms' colours by position (a bot that keeps
    those asks this directly)."""
    places: dict[tuple[str, str], list[tuple[int, int]]] = {}
    _list_places(places, free, free.items())
    return places


def _list_places(places: dict, rooms: dict[tuple[int, int], str], cells) -> None:
    """Add to ``places`` the check-in places of ``cells`` ((position, colour) of empty rooms)
    beside the other empty ``rooms``: each pair of colours lists a room once."""
    beside = _BESIDE
    for pos, color in cells:
        for other_pos in beside.get(pos) or _beside(pos):
            other = rooms.get(other_pos)
            if other:
                found = places.get((color, other))
                if found is None:
                    places[(color, other)] = [pos]
                elif found[-1] != pos:  # two neighbours of one colour: listed once
                    found.append(pos)


def fits_at(cells: dict, pos: tuple[int, int], colors: tuple[str, str]) -> bool:
    """Whether a guest of ``colors`` fits at ``pos`` of a lodge's ``cells``: an empty room there
    of one of the colours, beside an empty room of the other. The test :func:`check_in_places`
    makes (``pos`` is a place of (a, b) or of (b, a)), asked of one room and its neighbours: a
    check-in names one room, so checking it need not list every room the guest could take."""
    k = key(*pos)
    cell = cells.get(k)
    if not cell or cell["guest"]:
        return False
    a, b = colors
    color = ROOMS.get(cell["tile"])
    if color == a:
        wanted = b
    elif color == b:
        wanted = a
    else:
        return False
    for other_key in _BESIDE_KEYS.get(k) or _beside_keys(k):
        other = cells.get(other_key)
        if other and not other["guest"] and ROOMS.get(other["tile"]) == wanted:
            return True
    return False


def has_place(cells: dict, pairs) -> bool:
    """Whether some (colour, other colour) of ``pairs`` has a check-in place in a lodge's
    ``cells``: ``any(check_in_places(grid).get(pair) for pair in pairs)``. The turn flow asks
    it after every build and check-in (can any guest still come in?), so it looks only around
    the empty rooms of a first colour asked about, straight in the cells, and stops at the
    first fit, listing nothing."""
    firsts = {a for a, _b in pairs}
    colors, beside = ROOMS, _BESIDE_KEYS
    for k, cell in cells.items():
        if cell["guest"]:
            continue
        color = colors.get(cell["tile"])
        if color not in firsts:
            continue
        for other_key in beside.get(k) or _beside_keys(k):
            other = cells.get(other_key)
            if other and not other["guest"] and (color, colors.get(other["tile"])) in pairs:
                return True
    return False


#: Each place's orthogonal neighbours, worked out once: check-in places are looked for around
#: every empty room after every build and check-in.
_BESIDE: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}


def _beside(pos: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    f, c = pos
    found = _BESIDE[pos] = tuple((f + df, c + dc) for df, dc in ORTHOGONAL)
    return found


#: The same neighbours as cell keys ("floor,col"), for the checks that read the cells directly.
_BESIDE_KEYS: dict[str, tuple[str, ...]] = {}


def _beside_keys(k: str) -> tuple[str, ...]:
    pos = place_of(k)
    found = _BESIDE_KEYS[k] = tuple(key(*p) for p in _BESIDE.get(pos) or _beside(pos))
    return found


def amenity_progress(lodge: dict) -> dict[tuple[int, int], float]:
    """Each amenity's place in the lodge and how far its condition is met now (1.0 = met).

    Views, scores, level goals, bots and search rollouts ask this of the same lodge many times
    between two moves, so it is one of the :class:`LodgeFacts` worked out once for each
    content of a lodge.
    """
    return dict(lodge_facts(lodge).progress)


def completed_amenities(lodge: dict) -> dict[tuple[int, int], bool]:
    """Each amenity's place in the lodge and whether its condition is met now."""
    return {pos: done >= 1.0 for pos, done in amenity_progress(lodge).items()}


_TILE = itemgetter("tile")
_GUEST = itemgetter("guest")


def lodge_facts(lodge: dict) -> LodgeFacts:
    """What the rules ask of the lodge's cells as they are now (see :class:`LodgeFacts`)."""
    return LodgeFacts(lodge)


class LodgeFacts(Mapping):
    """What the rules ask of a lodge's cells: where tiles may go (``free``), where guests could
    check in (``places``), how far each amenity is (``progress``) and, as a mapping, the grid
    ``{(floor, column): cell}`` for the level rules that read the tiles themselves.

    Between two changes to a lodge its legal moves, the handler of the move chosen and the turn
    flow after it ask these again and again (a build's takes, the take, the places for the tile,
    the place, then whether a guest can still check in), and random playouts and search
    rollouts ask them every ply. So where tiles may go is remembered by the cells' places
    alone (lodges grow through the same shapes again and again), and each amenity's progress
    by places, tiles and guests. A lodge that changes is simply asked by its new content, so
    nothing the state does later can reach an answer already given; those answers are built
    from the content, never from the state's own dicts, and are shared by everyone asking
    about the same content, so they are read, never changed. Check-in places change with
    almost every build and check-in, so they are worked out for the reading, and only for the
    colour pairs asked about (:class:`CheckInPlaces`): after a build or a check-in the rules
    ask about the few guests who could come in.

    A reading is for the questions of one moment: it reads the cells when first asked, so after
    the lodge changes, make a new one.
    """

    __slots__ = ("_lodge", "_cells", "_free", "_grid", "_places")

    def __init__(self, lodge: dict) -> None:
        self._lodge = lodge
        self._cells = lodge["cells"]
        self._free = self._grid = self._places = None

    @property
    def free(self) -> dict[int, tuple[int, ...]]:
        """:func:`free_places` of the lodge."""
        if self._free is None:
            self._free = _free_of(tuple(self._cells))
        return self._free

    @property
    def places(self) -> CheckInPlaces:
        """:func:`check_in_places` of the lodge, asked pair by pair."""
        if self._places is None:
            known, colors = _PLACES, ROOMS
            self._places = CheckInPlaces({
                known.get(k) or place_of(k): color for k, cell in self._cells.items()
                if not cell["guest"] and (color := colors.get(cell["tile"]))})
        return self._places

    @property
    def progress(self) -> tuple:
        """(place, progress) of each amenity, in the order of the places' keys."""
        cells = self._cells
        inside = cells.values()
        return _progress(tuple(cells), tuple(map(_TILE, inside)), tuple(map(_GUEST, inside)))

    @property
    def grid(self) -> am.Grid:
        if self._grid is None:
            self._grid = grid_of(self._lodge)
        return self._grid

    def __getitem__(self, pos):
        return self.grid[pos]

    def __iter__(self):
        return iter(self.grid)

    def __len__(self) -> int:
        return len(self._cells)

    def __contains__(self, pos) -> bool:
        return pos in self.grid

    def items(self):
        return self.grid.items()

    def values(self):
        return self.grid.values()


class CheckInPlaces:
    """:func:`check_in_places` of a lodge, read with ``get`` as a dict of them is, and worked
    out one colour at a time: the pairs (colour, other colour) of a colour when a pair of it is
    first asked for. After a build or a check-in the rules ask only about the few guests who
    could come in now, and each guest about one of its colours (whether any of them can come
    in at all is :func:`has_place`, which lists nothing).

    ``rooms``: the lodge's empty rooms' colours by place, in the lodge's order (each pair's
    places come in that order, as :func:`places_among` lists them).
    """

    __slots__ = ("_rooms", "_found", "_done")

    def __init__(self, rooms: dict[tuple[int, int], str]) -> None:
        self._rooms = rooms
        self._found: dict[tuple[str, str], list[tuple[int, int]]] = {}
        self._done: set[str] = set()

    def get(self, pair: tuple[str, str], default=None):
        color = pair[0]
        if color not in self._done:
            self._done.add(color)
            rooms = self._rooms
            _list_places(self._found, rooms, [(pos, c) for pos, c in rooms.items() if c == color])
        return self._found.get(pair, default)


@lru_cache(maxsize=4096)
def _free_of(keys: tuple) -> dict[int, tuple[int, ...]]:
    known = _PLACES
    return _free_places(frozenset([known.get(k) or place_of(k) for k in keys]))


@lru_cache(maxsize=4096)
def _progress(keys: tuple, tiles: tuple, guests: tuple) -> tuple:
    return am.every_progress({place_of(k): {"tile": tile, "guest": guest}
                              for k, tile, guest in sorted(zip(keys, tiles, guests, strict=True))})


def floor_bonus(guest: str, floor: int) -> int:
    """A guest in a room of their preferred floor scores that floor's number on top."""
    return floor if GUEST_BY_ID[guest]["floor"] == floor else 0


def lodge_score(lodge: dict) -> dict[str, int]:
    """Points by category: guests, floor bonuses and completed amenities."""
    guests = bonus = 0
    for k, cell in lodge["cells"].items():
        if cell["guest"]:
            guests += GUEST_POINTS
            bonus += floor_bonus(cell["guest"], int(k.split(",")[0]))
    amen = sum(AMENITY_BY_ID[lodge["cells"][key(*pos)]["tile"]]["points"]
               for pos, done in completed_amenities(lodge).items() if done)
    return {"guests": guests, "floor bonus": bonus, "amenities": amen}


def guests_placed(lodge: dict) -> int:
    return sum(1 for cell in lodge["cells"].values() if cell["guest"])
