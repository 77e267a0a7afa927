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

Modules: lodge (helpers over the state), building (rooms and amenities), guests (check-ins and
the valet), displays (refills and refreshes), solo (the ski lift and level goals), views (what a
seat sees), game (the Lodge object that mixes them together).
"""

from .game import Lodge
from .lodge import (
    ORTHOGONAL,
    floor_bonus,
    grid_of,
    guest_colors,
    guest_text,
    guests_placed,
    key,
    lodge_score,
    placement_spots,
    rank_title,
)

__all__ = [
    "ORTHOGONAL",
    "Lodge",
    "floor_bonus",
    "grid_of",
    "guest_colors",
    "guest_text",
    "guests_placed",
    "key",
    "lodge_score",
    "placement_spots",
    "rank_title",
]
