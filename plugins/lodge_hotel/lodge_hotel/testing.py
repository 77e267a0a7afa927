"""Helpers for the Lodge tests: new games, applying moves, building lodges by hand (pure, no
Django). Importable as ``lodge_hotel.testing`` wherever the plugin is installed; the generic
parts (starting a table with options, applying moves as plies) come from
:mod:`core.engine.testing`."""

from __future__ import annotations

from core.engine.testing import Table

from .catalog import AMENITIES, GUESTS, ROOMS
from .rules import Lodge, key

GAME = Lodge()
AMENITY_ID = {a["name"]: a["id"] for a in AMENITIES}


def new(players=3, seed=1, **options):
    return Table(GAME, players, seed, **options).state


class Runner(Table):
    """Applies moves to ``state`` with increasing plies, like a match would."""

    def __init__(self, state, seed=1):
        super().__init__(GAME, seed=seed, state=state)


def rooms_of(color):
    return [r for r, c in ROOMS.items() if c == color]


def guest_with(colors, floor=None):
    for g in GUESTS:
        if set(g["colors"]) == set(colors) and (floor is None or g["floor"] == floor):
            return g["id"]
    raise LookupError((colors, floor))


def build_lodge(layout):
    """``layout``: {(floor, col): "red" | "red+guest-01" | "Bar"} -> a lodge dict."""
    used = {c: iter(rooms_of(c)) for c in set(ROOMS.values())}
    cells = {}
    for (f, c), what in layout.items():
        guest = None
        if "+" in what:
            what, guest = what.split("+")
        tile = next(used[what]) if what in used else AMENITY_ID[what]
        cells[key(f, c)] = {"tile": tile, "guest": guest}
    return {"cells": cells, "valet": [], "fresh": [], "turns": 0, "tokens": 1}


def put_lodge(state, seat, layout):
    """Replace a seat's lodge, taking its tiles out of the bags and displays to keep counts honest."""
    lodge = build_lodge(layout)
    tiles = {cell["tile"] for cell in lodge["cells"].values()}
    guests = {cell["guest"] for cell in lodge["cells"].values() if cell["guest"]}
    state["room_bag"] = [r for r in state["room_bag"] if r not in tiles]
    state["amenity_stack"] = [a for a in state["amenity_stack"] if a not in tiles]
    state["amenity_display"] = [a for a in state["amenity_display"] if a not in tiles]
    state["guest_bag"] = [g for g in state["guest_bag"] if g not in guests]
    for level in state["display"]:
        for i, r in enumerate(level):
            if r in tiles:
                level[i] = None
    state["guest_display"] = [None if g in guests else g for g in state["guest_display"]]
    old = state["lodges"][seat]
    lodge["valet"] = [g for g in old["valet"] if g not in guests]
    lodge["tokens"] = old["tokens"]
    state["lodges"][seat] = lodge
    return lodge


def end_turn(run, seat):
    """End the seat's turn where it is checking in guests (it checks in nobody more)."""
    if run.state["phase"] == "guests" and run.state["turn"] == seat and not run.state["over"]:
        run(seat, {"type": "done"})


def play_turn(run, seat):
    """A plain turn: build the first room possible, check in nobody, end the turn."""
    moves = GAME.legal_moves(run.state, seat)
    take = next(m for m in moves if m["type"] in ("take_room", "take_amenity", "pass"))
    run(seat, take)
    if run.state["phase"] == "place":
        run(seat, next(m for m in GAME.legal_moves(run.state, seat) if m["type"] == "place"))
    end_turn(run, seat)
