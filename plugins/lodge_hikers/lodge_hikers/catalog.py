"""Every card and token of Lodge (hikers and snacks), as data. Pure Python, no Django.

The printed cards are not public: this is the reconstruction from the shared components notes
(lodge-hikers-components.md), kept in this one file so any number can be corrected later.

One deliberate difference from those notes: the rulebook's placement example names the Apple 18,
Smoothie 22, Smoothie 32 and Apple 34, and the rulebook wins where the notes disagree. The
regular block pattern gives 18 and 34 as sandwiches and 32 as an apple. Keeping 15 cards of each
type then needs two more sandwiches, so the fewest cards possible change: 18 and 34 become
apples, 32 a smoothie, and the apple 17 and the smoothie 30 become sandwiches. Every other number
keeps the type the card data gives it.
"""

from __future__ import annotations

SNACK_TYPES = ("apple", "sandwich", "smoothie", "energy_bar")
SNACK_LABELS = {
    "apple": "Apple",
    "sandwich": "Sandwich",
    "smoothie": "Smoothie",
    "energy_bar": "Energy bar",
}
SNACK_ICONS = {"apple": "🍎", "sandwich": "🥪", "smoothie": "🥤", "energy_bar": "🍫"}

HAND_SIZE = 7
LOWEST_SNACK = 1
HIGHEST_SNACK = 60

# Types changed so the rulebook's worked example holds (see the module docstring).
EXAMPLE_OVERRIDES = {17: "sandwich", 18: "apple", 30: "sandwich", 32: "smoothie", 34: "apple"}


def _pattern_type(number: int) -> str:
    """Blocks of 8: apple, sandwich, smoothie, energy bar, energy bar, smoothie, sandwich, apple."""
    k = (number - 1) % 8
    return SNACK_TYPES[k] if k < 4 else SNACK_TYPES[7 - k]


SNACKS: dict[int, str] = {
    n: EXAMPLE_OVERRIDES.get(n, _pattern_type(n)) for n in range(LOWEST_SNACK, HIGHEST_SNACK + 1)
}

ABILITIES = {
    "DRAW1": "Draw 1 Snack card.",
    "DRAW2_OTHERS1": "Draw 2 Snack cards; every other player draws 1.",
    "REDRAW2": "Discard up to 2 Snack cards and draw as many.",
    "SWAP": "Give a Snack card of your choice to another player and take one at random from them.",
    "SQUIRREL1": "Take 1 Squirrel token.",
    "SQUIRREL2": "Take 2 Squirrel tokens.",
    "CLEAR_SQUIRRELS": "Discard all your Squirrel tokens.",
}


def _hiker(name: str, order: dict[str, int], points: int, ability: str | None) -> dict:
    return {"name": name, "order": order, "points": points, "ability": ability}


A, S, M, E = SNACK_TYPES

HIKERS: dict[str, dict] = {
    "H01": _hiker("Day Tripper", {A: 1, S: 1}, 1, "DRAW1"),
    "H02": _hiker("Birdwatcher", {A: 1, M: 1}, 1, None),
    "H03": _hiker("Geocacher", {A: 1, E: 1}, 1, None),
    "H04": _hiker("Botanist", {S: 1, M: 1}, 1, "SWAP"),
    "H05": _hiker("Dog Walker", {S: 1, E: 1}, 1, None),
    "H06": _hiker("Yoga Hiker", {M: 1, E: 1}, 1, None),
    "H07": _hiker("Orchard Picker", {A: 2}, 2, "SQUIRREL1"),
    "H08": _hiker("Picnic Family", {S: 2}, 1, None),
    "H09": _hiker("Trail Runner", {M: 2}, 1, None),
    "H10": _hiker("Rock Climber", {E: 2}, 1, "REDRAW2"),
    "H11": _hiker("Stargazer", {A: 1, S: 1, M: 1}, 2, "DRAW1"),
    "H12": _hiker("Mountain Biker", {A: 1, S: 1, E: 1}, 2, None),
    "H13": _hiker("Photographer", {A: 1, M: 1, E: 1}, 2, "DRAW2_OTHERS1"),
    "H14": _hiker("Park Ranger", {S: 1, M: 1, E: 1}, 2, None),
    "H15": _hiker("Canoeist", {A: 2, S: 1}, 2, "SWAP"),
    "H16": _hiker("Backpacker", {S: 2, M: 1}, 2, None),
    "H17": _hiker("Forager", {M: 2, E: 1}, 2, "REDRAW2"),
    "H18": _hiker("Scout Leader", {E: 2, A: 1}, 2, None),
    "H19": _hiker("Marathoner", {A: 1, M: 2}, 3, "SQUIRREL1"),
    "H20": _hiker("Ultralight Hiker", {S: 1, E: 2}, 2, None),
    "H21": _hiker("Painter", {A: 1, S: 2}, 2, "CLEAR_SQUIRRELS"),
    "H22": _hiker("Angler", {M: 1, E: 1, A: 1}, 2, None),
    "H23": _hiker("School Group", {A: 1, S: 1, M: 1, E: 1}, 3, "DRAW1"),
    "H24": _hiker("Retired Couple", {A: 1, S: 1, M: 1, E: 1}, 3, None),
    "H25": _hiker("Cartographer", {A: 2, S: 2}, 3, "SWAP"),
    "H26": _hiker("Cyclists", {M: 2, E: 2}, 3, "REDRAW2"),
    "H27": _hiker("Orienteers", {A: 2, M: 1, E: 1}, 3, None),
    "H28": _hiker("Campers", {S: 2, M: 1, E: 1}, 4, "SQUIRREL2"),
    "H29": _hiker("Wedding Party", {A: 2, S: 1, M: 1, E: 1}, 4, "DRAW2_OTHERS1"),
    "H30": _hiker("Expedition Team", {A: 1, S: 2, M: 1, E: 1}, 4, None),
    "H31": _hiker("Mountain Guides", {A: 1, S: 1, M: 2, E: 1}, 4, "DRAW1"),
    "H32": _hiker("Summit Club", {A: 1, S: 1, M: 1, E: 2}, 4, None),
}

# Squirrel customer cards: the snack types each one eats from under the row.
SQUIRRELS: dict[str, list[str]] = {
    "Q1": [A],
    "Q2": [S],
    "Q3": [M],
    "Q4": [E],
    "Q5": [A, S],
    "Q6": [M, E],
    "Q7": [A, M],
    "Q8": [S, E],
}

CUSTOMERS = list(HIKERS) + list(SQUIRRELS)

# The squirrel token supply in the box: 24 tokens of value 1 and 12 of value 3.
TOKEN_SUPPLY = {"1": 24, "3": 12}

SQUIRREL_WIN = 10
SQUIRREL_BONUS_AT = 5
SQUIRREL_BONUS = 5


def snack_id(number: int) -> str:
    return f"snack-{number}"


def customer_id(code: str) -> str:
    return f"customer-{code}"


def snack_label(number: int) -> str:
    return f"{number} ({SNACK_LABELS[SNACKS[number]].lower()})"


def squirrel_points(count: int) -> int:
    """What a squirrel total is worth in a points victory: -1 each, but exactly 5 is +5."""
    return SQUIRREL_BONUS if count == SQUIRREL_BONUS_AT else -count
