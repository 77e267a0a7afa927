"""A player's area: food symbols, requirements, the 3x8 Reserve grid, the Sanctuary, climate.

Pure helpers over the JSON state. ``p`` is one player's dict (``state["p"][seat]``); Oppo's dict
has the same symbol fields but keeps its animals in a plain list (``"reserve"``), not a grid.
"""

from __future__ import annotations

from .. import catalog as cat
from .. import constants as K

EXPERT_SANCTUARY = "expert-vet"
PREDATORS = ("predator", "bird_of_prey")


# ---- cells -------------------------------------------------------------------------------
ROW_WORDS = ("top row", "middle row", "bottom row")


def space_words(r: int, c: int) -> str:
    """A Reserve space as players say it: "top row, column 3"."""
    return f"{ROW_WORDS[r]}, column {c + 1}"


#: Every Reserve space ``(row, col)`` in reading order: the order in which
#: ``chain.from_iterable(p["grid"])`` gives the cards, so the two zip together without
#: building a ``(row, col)`` pair for each space each time the spaces are gone through.
CELLS = tuple((r, c) for r in range(K.ROWS) for c in range(K.COLS))


def is_locked(p: dict, r: int, c: int) -> bool:
    """Community Protection markers (or a community solar conversion) lock a space."""
    cp = p.get("cp")
    return bool(cp) and cp[r][c] is not None


def empty_cells(p: dict) -> list[tuple[int, int]]:
    grid, cp = p["grid"], p.get("cp")
    if not cp:
        return [(r, c) for r, row in enumerate(grid) for c, card in enumerate(row) if card is None]
    return [(r, c) for r, row in enumerate(grid) for c, card in enumerate(row)
            if card is None and cp[r][c] is None]


def reserve_animals(p: dict) -> list[str]:
    if "grid" not in p:
        return list(p["reserve"])
    return [cid for row in p["grid"] for cid in row if cid is not None]


def sanctuary_spaces(p: dict) -> int:
    return K.SANCTUARY_SPACES + (K.VET_EXTRA_SPACES if p.get("expert") == EXPERT_SANCTUARY else 0)


# ---- symbols and requirements --------------------------------------------------------------
#: Every symbol a Reserve can count, in the order :func:`symbols` lists them.
SYMBOLS = cat.PRODUCER_SYMBOLS + cat.ANIMAL_TYPES


def symbols(p: dict) -> dict[str, int]:
    """Food symbols in the Nature Reserve: landscape producers, tucked producers, animals."""
    counts = dict.fromkeys(SYMBOLS, 0)
    for sym in cat.landscape_symbols(p["landscape"]) if p.get("landscape") else ():
        counts[sym] += 1
    for cid in p["producers"]:
        for sym in cat.producer_symbols(cid):
            counts[sym] += 1
    for cid in reserve_animals(p):
        counts[cat.animal(cid).type] += 1
    return counts


def climate_level(state: dict) -> int:
    """Global Climate level: the number of completely filled sections (0-3)."""
    total, level, edge = len(state["climate"]), 0, 0
    for size in state["sections"]:
        edge += size
        if total >= edge:
            level += 1
    return level


def requirement_gaps(state: dict, p: dict, card_id: str, have: dict[str, int] | None = None
                     ) -> list[str]:
    """What an animal still needs before it may enter this Reserve ([] = all met). ``have`` is
    the Reserve's :func:`symbols`, for a caller asking about several animals at once."""
    a = cat.animal(card_id)
    if have is None:
        have = symbols(p)
    gaps = []
    animal_short = 0
    for sym, need in a.food.items():
        short = need - have[sym]
        if short <= 0:
            continue
        if sym in cat.ANIMAL_TYPES:
            animal_short += short
        gaps.append(f"{short} more {cat.SYMBOL_NAMES[sym]}")
    if (
        p.get("expert") == "expert-carnivore"
        and a.type in PREDATORS
        and animal_short <= K.CARNIVORE_DISCOUNT
        and all(s in cat.ANIMAL_TYPES for s, n in a.food.items() if n > have[s])
    ):
        gaps = []
    prot = a.protection
    if prot.get("H", 0) > p["habitat"]:
        gaps.append(f"Habitat {prot['H']}")
    if prot.get("S", 0) > p["smuggling"]:
        gaps.append(f"Smuggling {prot['S']}")
    if prot.get("C") and prot["C"] > climate_level(state):
        gaps.append(f"Climate {prot['C']}")
    return gaps


def requirement_text(card_id: str) -> str:
    a = cat.animal(card_id)
    parts = [f"{cat.SYMBOL_NAMES[s]} {n}" for s, n in a.food.items()]
    parts += [f"{cat.PROTECTION_NAMES[k]} {v}" for k, v in a.protection.items()]
    return ", ".join(parts) or "none"


# ---- climate -----------------------------------------------------------------------------
def climate_room(state: dict, p: dict) -> int:
    """How many more markers this player may place now (the Lodges '3+' cap, else unlimited)."""
    if not state["options"].get("lodges"):
        return 99
    in_sections = max(0, sum(state["sections"]) - len(state["climate"]))
    return in_sections + max(0, K.LODGES_CLIMATE_PLUS_CAP - p["climate_plus"])


def place_climate(state: dict, p: dict, who: int, count: int) -> int:
    """Place up to ``count`` markers of ``who`` (-1 = Oppo); returns how many were placed."""
    placed = 0
    for _ in range(count):
        if climate_room(state, p) <= 0:
            break
        if len(state["climate"]) >= sum(state["sections"]):
            p["climate_plus"] += 1
        state["climate"].append(who)
        p["climate_markers"] += 1
        placed += 1
    return placed
