"""Small helpers over the JSON state: cells, grids, guests, placement and scoring."""

from __future__ import annotations

from functools import lru_cache

from core.text import ordinal

from .. import amenities as am
from ..catalog import (
    AMENITY_BY_ID,
    FLOORS,
    GUEST_BY_ID,
    GUEST_POINTS,
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


def guest_text(guest_id: str, floor: bool = True) -> str:
    """"a red-and-blue guest (prefers the 2nd floor)", as log lines say it."""
    g = GUEST_BY_ID[guest_id]
    text = f"a {g['colors'][0]}-and-{g['colors'][1]} guest"
    return f"{text} (prefers the {ordinal(g['floor'])} floor)" if floor else text


def place_text(floor: int, col: int) -> str:
    """"the 2nd floor, 3rd from the elevator": a place in a lodge in words."""
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
    return list(_placement_spots(frozenset(grid), floor))


def free_places(grid: am.Grid) -> dict[int, tuple[int, ...]]:
    """:func:`placement_spots` for every floor at once (the lodge's shape read once)."""
    taken = frozenset(grid)
    return {floor: _placement_spots(taken, floor) for floor in range(1, FLOORS + 1)}


@lru_cache(maxsize=4096)
def _placement_spots(taken: frozenset, floor: int) -> tuple[int, ...]:
    """Where tiles may go depends only on which places are built, and lodges grow through the
    same shapes again and again, so each answer is remembered."""
    max_col = max((c for _f, c in taken), default=0)
    cols = []
    for c in range(1, max_col + 2):
        if (floor, c) in taken:
            continue
        if floor > 1 and (floor - 1, c) not in taken:
            continue
        if any((floor + df, c + dc) in taken for df, dc in ORTHOGONAL):
            cols.append(c)
    return tuple(cols)


def amenity_progress(lodge: dict) -> dict[tuple[int, int], float]:
    """Each amenity's place in the lodge and how far its condition is met now (1.0 = met).

    Views, scores, level goals, bots and search rollouts ask this of the same lodge many times
    between two moves, and the answer depends only on the tiles and guests in it, so it is
    remembered for recently seen lodges (a pure function of its argument: nothing about the
    game is cached).
    """
    return dict(_progress(tuple(sorted((k, c["tile"], c["guest"]) for k, c in lodge["cells"].items()))))


def completed_amenities(lodge: dict) -> dict[tuple[int, int], bool]:
    """Each amenity's place in the lodge and whether its condition is met now."""
    return {pos: done >= 1.0 for pos, done in amenity_progress(lodge).items()}


@lru_cache(maxsize=4096)
def _progress(cells: tuple) -> tuple:
    grid = {}
    for k, tile, guest in cells:
        f, c = k.split(",")
        grid[(int(f), int(c))] = {"tile": tile, "guest": guest}
    return tuple((pos, am.progress(cell["tile"], pos, grid)) for pos, cell in grid.items()
                 if cell["tile"] in AMENITY_BY_ID)


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
