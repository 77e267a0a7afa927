"""Komodo components as data: the one place every reconstructed number lives.

Copied from the reconstruction in the rules folder (tile faces, species, wild-card counts); the
product never reads that folder at run time. Ids are distinctive so leaks can be detected.
"""

from __future__ import annotations

TERRAINS = {"D": "desert", "F": "rainforest", "G": "grassland", "W": "water"}
ROCK = "R"

# (id, kind, 3x3 grid rows top to bottom, padlock (row, col) or None)
TILES: tuple[tuple[str, str, tuple[str, str, str], tuple[int, int] | None], ...] = (
    ("komodo-tile-00", "starter", ("DDF", "WRF", "WGG"), None),
    ("komodo-tile-01", "mono", ("DDD", "DDD", "DDD"), (1, 1)),
    ("komodo-tile-02", "mono", ("FFF", "FFF", "FFF"), (1, 1)),
    ("komodo-tile-03", "mono", ("GGG", "GGG", "GGG"), (1, 1)),
    ("komodo-tile-04", "mono", ("WWW", "WWW", "WWW"), (1, 1)),
    ("komodo-tile-05", "duo", ("DDD", "DDD", "FFF"), None),
    ("komodo-tile-06", "duo", ("DDD", "FFF", "FFF"), None),
    ("komodo-tile-07", "duo", ("DDD", "DDF", "FFF"), (0, 0)),
    ("komodo-tile-08", "duo", ("DDD", "DFF", "FFF"), (2, 2)),
    ("komodo-tile-09", "duo", ("DDD", "DDD", "GGG"), None),
    ("komodo-tile-10", "duo", ("DDD", "GGG", "GGG"), None),
    ("komodo-tile-11", "duo", ("DDD", "DDG", "GGG"), None),
    ("komodo-tile-12", "duo", ("DDD", "DGG", "GGG"), (2, 2)),
    ("komodo-tile-13", "duo", ("DDD", "DDD", "WWW"), None),
    ("komodo-tile-14", "duo", ("DDD", "WWW", "WWW"), None),
    ("komodo-tile-15", "duo", ("DDD", "DDW", "WWW"), None),
    ("komodo-tile-16", "duo", ("DDD", "DWW", "WWW"), (2, 2)),
    ("komodo-tile-17", "duo", ("FFF", "FFF", "GGG"), None),
    ("komodo-tile-18", "duo", ("FFF", "GGG", "GGG"), None),
    ("komodo-tile-19", "duo", ("FFF", "FFG", "GGG"), None),
    ("komodo-tile-20", "duo", ("FFF", "FGG", "GGG"), None),
    ("komodo-tile-21", "duo", ("FFF", "FFF", "WWW"), None),
    ("komodo-tile-22", "duo", ("FFF", "WWW", "WWW"), None),
    ("komodo-tile-23", "duo", ("FFF", "FFW", "WWW"), None),
    ("komodo-tile-24", "duo", ("FFF", "FWW", "WWW"), None),
    ("komodo-tile-25", "duo", ("GGG", "GGG", "WWW"), None),
    ("komodo-tile-26", "duo", ("GGG", "WWW", "WWW"), None),
    ("komodo-tile-27", "duo", ("GGG", "GGW", "WWW"), None),
    ("komodo-tile-28", "duo", ("GGG", "GWW", "WWW"), None),
    ("komodo-tile-29", "trio", ("DDD", "FFF", "GGG"), None),
    ("komodo-tile-30", "trio", ("FFF", "GGG", "DDD"), None),
    ("komodo-tile-31", "trio", ("GGD", "GDD", "FFF"), None),
    ("komodo-tile-32", "trio", ("DDD", "FFF", "WWW"), None),
    ("komodo-tile-33", "trio", ("FFF", "WWW", "DDD"), None),
    ("komodo-tile-34", "trio", ("WWD", "WDD", "FFF"), None),
    ("komodo-tile-35", "trio", ("DDD", "GGG", "WWW"), None),
    ("komodo-tile-36", "trio", ("GGG", "WWW", "DDD"), None),
    ("komodo-tile-37", "trio", ("WWD", "WDD", "GGG"), None),
    ("komodo-tile-38", "trio", ("FFF", "GGG", "WWW"), None),
    ("komodo-tile-39", "trio", ("GGG", "WWW", "FFF"), None),
    ("komodo-tile-40", "trio", ("WWF", "WFF", "GGG"), None),
    ("komodo-tile-41", "rock4", ("DDF", "WRF", "WGG"), None),
    ("komodo-tile-42", "rock2", ("DDD", "DRF", "FFF"), None),
    ("komodo-tile-43", "rock2", ("GGG", "GRW", "WWW"), None),
    ("komodo-tile-44", "rock2", ("DDD", "DRG", "GGG"), None),
    ("komodo-tile-45", "rock2", ("FFF", "FRW", "WWW"), None),
    ("komodo-tile-46", "rock3", ("DDD", "FRG", "FFG"), None),
    ("komodo-tile-47", "rock3", ("FFF", "GRW", "GGW"), None),
    ("komodo-tile-48", "rock3", ("GGG", "WRD", "WWD"), None),
    ("komodo-tile-49", "rock3", ("WWW", "DRF", "DDF"), None),
)
STARTER = "komodo-tile-00"

# (id, species, terrain letter, blocks needed = points)
ANIMALS: tuple[tuple[str, str, str, int], ...] = (
    ("komodo-animal-01", "Taipan", "D", 5),
    ("komodo-animal-02", "Taipan", "D", 10),
    ("komodo-animal-03", "Thorny Devil", "D", 5),
    ("komodo-animal-04", "Thorny Devil", "D", 10),
    ("komodo-animal-05", "Quokka", "D", 15),
    ("komodo-animal-06", "Bilby", "D", 15),
    ("komodo-animal-07", "Dingo", "D", 20),
    ("komodo-animal-08", "Red Kangaroo", "D", 20),
    ("komodo-animal-09", "Tarsier", "F", 5),
    ("komodo-animal-10", "Tarsier", "F", 10),
    ("komodo-animal-11", "Tuatara", "F", 5),
    ("komodo-animal-12", "Tuatara", "F", 10),
    ("komodo-animal-13", "Weta", "F", 10),
    ("komodo-animal-14", "Kiwi", "F", 20),
    ("komodo-animal-15", "Cassowary", "F", 20),
    ("komodo-animal-16", "Tree Kangaroo", "F", 20),
    ("komodo-animal-17", "Quoll", "G", 5),
    ("komodo-animal-18", "Quoll", "G", 10),
    ("komodo-animal-19", "Tasmanian Devil", "G", 5),
    ("komodo-animal-20", "Tasmanian Devil", "G", 10),
    ("komodo-animal-21", "Frilled Lizard", "G", 5),
    ("komodo-animal-22", "Frilled Lizard", "G", 10),
    ("komodo-animal-23", "Hornbill", "G", 15),
    ("komodo-animal-24", "Emu", "G", 15),
    ("komodo-animal-25", "Komodo Dragon", "G", 25),
    ("komodo-animal-26", "Little Blue Penguin", "W", 5),
    ("komodo-animal-27", "Little Blue Penguin", "W", 10),
    ("komodo-animal-28", "Saltwater Crocodile", "W", 20),
    ("komodo-animal-29", "Dugong", "W", 20),
    ("komodo-animal-30", "Platypus", "W", 15),
    ("komodo-animal-31", "Green Sea Turtle", "W", 15),
    ("komodo-animal-32", "Fur Seal", "W", 15),
)

# The letters printed on each species' map marker: two characters, unique across the species.
MARKERS: dict[str, str] = {
    "Taipan": "Tp",
    "Thorny Devil": "Th",
    "Quokka": "Qk",
    "Bilby": "Bi",
    "Dingo": "Di",
    "Red Kangaroo": "RK",
    "Tarsier": "Tr",
    "Tuatara": "Tu",
    "Weta": "We",
    "Kiwi": "Ki",
    "Cassowary": "Cs",
    "Tree Kangaroo": "TK",
    "Quoll": "Ql",
    "Tasmanian Devil": "TD",
    "Frilled Lizard": "FL",
    "Hornbill": "Hb",
    "Emu": "Em",
    "Komodo Dragon": "KD",
    "Little Blue Penguin": "Pg",
    "Saltwater Crocodile": "Cr",
    "Dugong": "Dg",
    "Platypus": "Pl",
    "Green Sea Turtle": "GT",
    "Fur Seal": "FS",
}

WILD_TYPES: tuple[str, ...] = (
    "Animal Escapes",
    "Animal Exchange",
    "Animal Request",
    "Animals on Tap",
    "Land Barter",
    "Land Lover",
    "Land Thief",
    "Relocation",
    "Recycling",
    "Remodeling",
)
WILD_COPIES = 2

# Two cards per type: komodo-wild-01/02 are the first type, and so on.
WILDS: tuple[tuple[str, str], ...] = tuple(
    (f"komodo-wild-{i * WILD_COPIES + c + 1:02d}", kind)
    for i, kind in enumerate(WILD_TYPES)
    for c in range(WILD_COPIES)
)
COOP_REMOVED = ("Animal Request", "Animals on Tap", "Land Barter", "Relocation", "Recycling")
TAME_REMOVED = ("Recycling",)
