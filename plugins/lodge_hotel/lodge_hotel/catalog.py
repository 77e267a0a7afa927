"""Lodge (the ski-lodge tile game): every component as data, in one place.

The printed tile lists are not public. The numbers below are the reconstruction given with the
rules (19 rooms of each colour; 50 guests, five per colour pair; amenity points chosen so the
rulebook's scoring example holds). Correct them here and nowhere else.
"""

from __future__ import annotations

COLORS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple")
ROOMS_PER_COLOR = 19
#: An icon per colour so the board can be read without colour vision.
COLOR_ICONS = {"red": "🔥", "blue": "❄", "green": "🌲", "yellow": "☀", "purple": "🌙"}
COLOR_ICON_NAMES = {"red": "flame", "blue": "snowflake", "green": "pine", "yellow": "sun",
                    "purple": "moon"}

#: Room tiles: room-001 .. room-095, nineteen of each colour in COLORS order.
ROOMS: dict[str, str] = {
    f"room-{i + 1:03d}": COLORS[i // ROOMS_PER_COLOR]
    for i in range(ROOMS_PER_COLOR * len(COLORS))
}

FLOORS = 4
DISPLAY_SLOTS = 4
GUEST_DISPLAY_SIZE = 4
AMENITY_DISPLAY_SIZE = 4
GUESTS_TO_END = 12
GUEST_POINTS = 2
SOLO_LIFT_TOKENS = 3
SOLO_WIN_SCORE = 60

#: Solo rank table: (lowest score, title), best first.
SOLO_RANKS: tuple[tuple[int, str], ...] = (
    (70, "Seasoned Globetrotter"),
    (60, "Luxury Vacationer"),
    (50, "Weekend Tourist"),
    (0, "Overnight Guest"),
)

#: Solo difficulty levels: what each one asks, in the words shown to the player.
LEVELS: dict[int, str] = {
    1: "Complete all four of your amenities.",
    2: "Guests may not be placed more than one floor away from their preferred floor.",
    3: "Refresh tokens gained from the ski lift are discarded (only your starting token is usable).",
    4: "No two rooms of the same colour in one column (Ski Patrol and Conference Room are removed).",
    5: "Your four amenities must be on four different floors.",
    6: "You may not take rooms from the display level the ski lift token is on.",
    7: "At least one room colour must be missing from your lodge.",
    8: "Your valet holds two guests; you may not place guests from the display.",
}
LEVEL_4_REMOVED = ("Ski Patrol", "Conference Room")

GUESTS: tuple[dict, ...] = (
    {"id": "guest-01", "colors": ("red", "blue"), "floor": 1},
    {"id": "guest-02", "colors": ("red", "blue"), "floor": 2},
    {"id": "guest-03", "colors": ("red", "blue"), "floor": 3},
    {"id": "guest-04", "colors": ("red", "blue"), "floor": 4},
    {"id": "guest-05", "colors": ("red", "blue"), "floor": 4},
    {"id": "guest-06", "colors": ("red", "green"), "floor": 1},
    {"id": "guest-07", "colors": ("red", "green"), "floor": 2},
    {"id": "guest-08", "colors": ("red", "green"), "floor": 2},
    {"id": "guest-09", "colors": ("red", "green"), "floor": 3},
    {"id": "guest-10", "colors": ("red", "green"), "floor": 4},
    {"id": "guest-11", "colors": ("red", "yellow"), "floor": 1},
    {"id": "guest-12", "colors": ("red", "yellow"), "floor": 2},
    {"id": "guest-13", "colors": ("red", "yellow"), "floor": 3},
    {"id": "guest-14", "colors": ("red", "yellow"), "floor": 3},
    {"id": "guest-15", "colors": ("red", "yellow"), "floor": 4},
    {"id": "guest-16", "colors": ("red", "purple"), "floor": 1},
    {"id": "guest-17", "colors": ("red", "purple"), "floor": 1},
    {"id": "guest-18", "colors": ("red", "purple"), "floor": 2},
    {"id": "guest-19", "colors": ("red", "purple"), "floor": 3},
    {"id": "guest-20", "colors": ("red", "purple"), "floor": 4},
    {"id": "guest-21", "colors": ("blue", "green"), "floor": 1},
    {"id": "guest-22", "colors": ("blue", "green"), "floor": 2},
    {"id": "guest-23", "colors": ("blue", "green"), "floor": 2},
    {"id": "guest-24", "colors": ("blue", "green"), "floor": 3},
    {"id": "guest-25", "colors": ("blue", "green"), "floor": 4},
    {"id": "guest-26", "colors": ("blue", "yellow"), "floor": 1},
    {"id": "guest-27", "colors": ("blue", "yellow"), "floor": 2},
    {"id": "guest-28", "colors": ("blue", "yellow"), "floor": 2},
    {"id": "guest-29", "colors": ("blue", "yellow"), "floor": 3},
    {"id": "guest-30", "colors": ("blue", "yellow"), "floor": 4},
    {"id": "guest-31", "colors": ("blue", "purple"), "floor": 1},
    {"id": "guest-32", "colors": ("blue", "purple"), "floor": 1},
    {"id": "guest-33", "colors": ("blue", "purple"), "floor": 2},
    {"id": "guest-34", "colors": ("blue", "purple"), "floor": 3},
    {"id": "guest-35", "colors": ("blue", "purple"), "floor": 4},
    {"id": "guest-36", "colors": ("green", "yellow"), "floor": 1},
    {"id": "guest-37", "colors": ("green", "yellow"), "floor": 1},
    {"id": "guest-38", "colors": ("green", "yellow"), "floor": 2},
    {"id": "guest-39", "colors": ("green", "yellow"), "floor": 3},
    {"id": "guest-40", "colors": ("green", "yellow"), "floor": 4},
    {"id": "guest-41", "colors": ("green", "purple"), "floor": 1},
    {"id": "guest-42", "colors": ("green", "purple"), "floor": 2},
    {"id": "guest-43", "colors": ("green", "purple"), "floor": 3},
    {"id": "guest-44", "colors": ("green", "purple"), "floor": 4},
    {"id": "guest-45", "colors": ("green", "purple"), "floor": 4},
    {"id": "guest-46", "colors": ("yellow", "purple"), "floor": 1},
    {"id": "guest-47", "colors": ("yellow", "purple"), "floor": 2},
    {"id": "guest-48", "colors": ("yellow", "purple"), "floor": 3},
    {"id": "guest-49", "colors": ("yellow", "purple"), "floor": 3},
    {"id": "guest-50", "colors": ("yellow", "purple"), "floor": 4},
)

AMENITIES: tuple[dict, ...] = (
    {"id": "amenity-01", "name": "Bar", "points": 6,
     "condition": "Have 4+ purple rooms with guests.",
     "rule": {"kind": "rooms_with_guests", "color": "purple", "min": 4}},
    {"id": "amenity-02", "name": "Coat Check", "points": 7,
     "condition": "Have 4 rooms with guests diagonally adjacent to this amenity.",
     "rule": {"kind": "neighbors_with_guests", "neighborhood": "diagonal", "min": 4}},
    {"id": "amenity-03", "name": "Coat Closet", "points": 4,
     "condition": "Have 3 rooms of the same colour in a straight line (horizontal or vertical), anywhere in your lodge.",
     "rule": {"kind": "pattern", "cells": [[0, 0], [1, 0], [2, 0]], "same_color": True, "rotations": True}},
    {"id": "amenity-04", "name": "Coffee Bar", "points": 7,
     "condition": "Have 4 rooms with guests orthogonally adjacent to this amenity.",
     "rule": {"kind": "neighbors_with_guests", "neighborhood": "orthogonal", "min": 4}},
    {"id": "amenity-05", "name": "Concierge", "points": 5,
     "condition": "Have 5 different colour rooms around this amenity (orthogonally and/or diagonally).",
     "rule": {"kind": "distinct_colors_around", "min": 5}},
    {"id": "amenity-06", "name": "Conference Room", "points": 4,
     "condition": "Have 3 rooms of the same colour in an L (a 2x2 square missing one corner), any rotation, anywhere in your lodge.",
     "rule": {"kind": "pattern", "cells": [[0, 0], [0, 1], [1, 0]], "same_color": True, "rotations": True}},
    {"id": "amenity-07", "name": "Flower Shop", "points": 5,
     "condition": "Have 3 rooms with guests in this amenity's column.",
     "rule": {"kind": "column_rooms_with_guests", "min": 3}},
    {"id": "amenity-08", "name": "Gym", "points": 4,
     "condition": "Have 3+ rooms of the same colour on this amenity's floor.",
     "rule": {"kind": "floor_same_color", "min": 3}},
    {"id": "amenity-09", "name": "Heated Pool", "points": 6,
     "condition": "Have 4+ blue rooms with guests.",
     "rule": {"kind": "rooms_with_guests", "color": "blue", "min": 4}},
    {"id": "amenity-10", "name": "Hot Tub", "points": 5,
     "condition": "Have 3+ blue rooms orthogonally adjacent to this amenity.",
     "rule": {"kind": "adjacent_color", "color": "blue", "min": 3}},
    {"id": "amenity-11", "name": "Indoor Pool", "points": 4,
     "condition": "Have 5+ rooms of the same colour anywhere in your lodge.",
     "rule": {"kind": "lodge_same_color", "min": 5}},
    {"id": "amenity-12", "name": "Launderette", "points": 6,
     "condition": "Have 4+ rooms of the same colour around this amenity (orthogonally and/or diagonally).",
     "rule": {"kind": "around_same_color", "min": 4}},
    {"id": "amenity-13", "name": "Restaurant", "points": 6,
     "condition": "Have 4+ red rooms with guests.",
     "rule": {"kind": "rooms_with_guests", "color": "red", "min": 4}},
    {"id": "amenity-14", "name": "Ski Patrol", "points": 5,
     "condition": "Have 3 green rooms in this amenity's column.",
     "rule": {"kind": "column_color", "color": "green", "min": 3}},
    {"id": "amenity-15", "name": "Ski Repair", "points": 4,
     "condition": "Have 3+ purple rooms in different columns.",
     "rule": {"kind": "color_distinct_columns", "color": "purple", "min": 3}},
    {"id": "amenity-16", "name": "Ski Shop", "points": 4,
     "condition": "Have exactly 2 room colours on this amenity's floor.",
     "rule": {"kind": "floor_color_count", "exactly": 2}},
    {"id": "amenity-17", "name": "Ski Storage", "points": 3,
     "condition": "Have exactly 3 red rooms anywhere in your lodge.",
     "rule": {"kind": "lodge_color_count", "color": "red", "exactly": 3}},
    {"id": "amenity-18", "name": "Staircase", "points": 3,
     "condition": "Have an even number of yellow rooms (2, 4, 6 ...); zero does not count.",
     "rule": {"kind": "lodge_color_even", "color": "yellow"}},
    {"id": "amenity-19", "name": "Switchboard", "points": 6,
     "condition": "Have 4+ green rooms with guests.",
     "rule": {"kind": "rooms_with_guests", "color": "green", "min": 4}},
    {"id": "amenity-20", "name": "Warming Room", "points": 6,
     "condition": "Have 4+ yellow rooms with guests.",
     "rule": {"kind": "rooms_with_guests", "color": "yellow", "min": 4}},
    {"id": "amenity-21", "name": "Viewing Area", "points": 7,
     "condition": "Have 5+ rooms with guests on this amenity's floor. Can not be placed on the first floor.",
     "rule": {"kind": "floor_rooms_with_guests", "min": 5, "not_on_floor": 1}},
)

GUEST_BY_ID: dict[str, dict] = {g["id"]: g for g in GUESTS}
AMENITY_BY_ID: dict[str, dict] = {a["id"]: a for a in AMENITIES}
