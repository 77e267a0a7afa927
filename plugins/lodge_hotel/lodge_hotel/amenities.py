"""Amenity conditions: is an amenity at a given place in a lodge complete?

A lodge is read as a grid ``{(floor, column): cell}`` where each cell is ``{"tile": id,
"guest": id or None}``. "Rooms" are room tiles only (never amenities or the elevator), "around"
is the eight surrounding cells, "adjacent" is orthogonal unless the rule says diagonal.
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from core.engine.grid import DIAGONAL, ORTHOGONAL, normalise, rotate

from .catalog import AMENITY_BY_ID, ROOMS

Grid = dict[tuple[int, int], dict]



def room_color(cell: dict | None) -> str | None:
    """The colour of the room in ``cell``, or None for an empty cell or an amenity."""
    if not cell:
        return None
    return ROOMS.get(cell["tile"])


def _rooms(grid: Grid) -> dict[tuple[int, int], dict]:
    return {pos: cell for pos, cell in grid.items() if cell["tile"] in ROOMS}


def _around(grid: Grid, pos: tuple[int, int], steps) -> list[dict]:
    f, c = pos
    return [grid[(f + df, c + dc)] for df, dc in steps if (f + df, c + dc) in grid]


@cache
def _shapes(cells: tuple[tuple[int, int], ...]) -> tuple[tuple[tuple[int, int], ...], ...]:
    """The pattern in each of its four rotations (duplicates removed), each as its first cell
    and the offsets of the others from it: worked out once per pattern, for every lodge."""
    found, out = set(), []
    for turns in range(4):
        norm = normalise(rotate(cells, turns))
        if norm not in found:
            found.add(norm)
            (fo, co), rest = norm[0], norm[1:]
            out.append(tuple((df - fo, dc - co) for df, dc in rest))
    return tuple(out)


def _pattern_found(grid: Grid, cells: list[list[int]]) -> bool:
    colors = {pos: ROOMS[cell["tile"]] for pos, cell in grid.items() if cell["tile"] in ROOMS}
    for offsets in _shapes(tuple(tuple(c) for c in cells)):
        for (f, c), color in colors.items():
            for df, dc in offsets:
                if colors.get((f + df, c + dc)) != color:
                    break
            else:
                return True
    return False


def complete(amenity_id: str, pos: tuple[int, int], grid: Grid) -> bool:
    """Whether the amenity ``amenity_id`` standing at ``pos`` in ``grid`` meets its condition."""
    return progress(amenity_id, pos, grid) >= 1.0


def progress(amenity_id: str, pos: tuple[int, int], grid: Grid) -> float:
    """How far the amenity at ``pos`` is from its condition: 1.0 = met, 0.0 = nothing yet.

    Counting conditions report count / target; "exactly" and "even" conditions report 1.0 only
    when met. Used for scoring (== 1.0), the board and the bot's judgement.
    """
    return _progress(amenity_id, pos, grid, None)


def every_progress(grid: Grid) -> tuple[tuple[tuple[int, int], float], ...]:
    """(place, :func:`progress`) of every amenity in ``grid``, in the grid's order, its rooms
    picked out once for all of them (a score asks for every amenity of a lodge at once)."""
    rooms = _rooms(grid)
    return tuple((pos, _progress(cell["tile"], pos, grid, rooms)) for pos, cell in grid.items()
                 if cell["tile"] in AMENITY_BY_ID)


def _progress(amenity_id: str, pos: tuple[int, int], grid: Grid, rooms: dict | None) -> float:
    """:func:`progress`, with ``rooms`` (the grid's room cells) if already picked out."""
    rule = AMENITY_BY_ID[amenity_id]["rule"]
    kind = rule["kind"]
    floor, column = pos
    if kind == "pattern":
        return 1.0 if _pattern_found(grid, rule["cells"]) else 0.3
    if rooms is None:
        rooms = _rooms(grid)
    if kind == "floor_color_count":
        found = len({room_color(cell) for (f, _c), cell in rooms.items() if f == floor})
        return 1.0 if found == rule["exactly"] else 0.5
    if kind in ("lodge_color_count", "lodge_color_even"):
        n = sum(1 for cell in rooms.values() if room_color(cell) == rule["color"])
        if kind == "lodge_color_even":
            return 1.0 if n > 0 and n % 2 == 0 else 0.5
        return 1.0 if n == rule["exactly"] else (n / rule["exactly"] if n < rule["exactly"] else 0.0)
    return min(1.0, _count(kind, rule, pos, grid, rooms) / rule["min"])


def _count(kind: str, rule: dict, pos: tuple[int, int], grid: Grid, rooms: dict) -> int:
    """The number a counting condition compares with its minimum."""
    floor, column = pos
    if kind == "rooms_with_guests":
        return sum(1 for cell in rooms.values() if cell["guest"] and room_color(cell) == rule["color"])
    if kind == "neighbors_with_guests":
        steps = DIAGONAL if rule["neighborhood"] == "diagonal" else ORTHOGONAL
        return sum(1 for cell in _around(grid, pos, steps) if room_color(cell) and cell["guest"])
    if kind == "distinct_colors_around":
        return len({room_color(c) for c in _around(grid, pos, ORTHOGONAL + DIAGONAL)} - {None})
    if kind == "column_rooms_with_guests":
        return sum(1 for (_f, c), cell in rooms.items() if c == column and cell["guest"])
    if kind == "floor_same_color":
        on_floor = Counter(room_color(cell) for (f, _c), cell in rooms.items() if f == floor)
        return max(on_floor.values(), default=0)
    if kind == "adjacent_color":
        return sum(1 for cell in _around(grid, pos, ORTHOGONAL) if room_color(cell) == rule["color"])
    if kind == "lodge_same_color":
        return max(Counter(room_color(cell) for cell in rooms.values()).values(), default=0)
    if kind == "around_same_color":
        around = Counter(room_color(c) for c in _around(grid, pos, ORTHOGONAL + DIAGONAL))
        around.pop(None, None)
        return max(around.values(), default=0)
    if kind == "column_color":
        return sum(1 for (_f, c), cell in rooms.items() if c == column and room_color(cell) == rule["color"])
    if kind == "color_distinct_columns":
        return len({c for (_f, c), cell in rooms.items() if room_color(cell) == rule["color"]})
    if kind == "floor_rooms_with_guests":
        return sum(1 for (f, _c), cell in rooms.items() if f == floor and cell["guest"])
    raise ValueError(f"unknown amenity rule {kind!r}")


def forbidden_floor(amenity_id: str) -> int | None:
    """The floor an amenity may never be built on (Viewing Area: the first), if any."""
    return AMENITY_BY_ID[amenity_id]["rule"].get("not_on_floor")
