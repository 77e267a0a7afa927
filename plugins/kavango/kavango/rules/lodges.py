"""The Lodges expansion: building Lodges, the Golden Lodge race, Community Protection and Solar.

A Lodge point is the corner where four cells of a 2x2 block meet; it is named by the block's
top-left cell ``[row, col]`` (rows 0-1, columns 0-6: 14 points on the 3x8 Reserve).
"""

from __future__ import annotations

from collections import Counter
from functools import cache

from .. import catalog as cat
from .. import constants as K
from .reserve import space_words

CP_DIFFICULTIES = ("intermediate", "maximum")
DIFFICULTIES = (
    ("none", "No Lodges (+48 points at a table with Lodges)"),
    ("lodges", "Lodges only"),
    ("intermediate", "Intermediate (Community Protection, 8 markers, Golden Lodge)"),
    ("maximum", "Maximum (Community Protection, 12 markers, Golden Lodge)"),
)


def uses_lodges(state: dict, seat: int) -> bool:
    return bool(state["options"].get("lodges")) and state["p"][seat]["difficulty"] != "none"


def uses_cp(state: dict, seat: int) -> bool:
    return (
        bool(state["options"].get("lodges")) and state["p"][seat]["difficulty"] in CP_DIFFICULTIES
    )


def points() -> list[tuple[int, int]]:
    return [(r, c) for r in range(K.ROWS - 1) for c in range(K.COLS - 1)]


def block(point: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = point
    return [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]


def block_animals(p: dict, point: tuple[int, int]) -> list[str] | None:
    found = [p["grid"][r][c] for r, c in block(point)]
    return None if None in found else found


def block_value(p: dict, point: tuple[int, int]) -> int:
    return sum(cat.animal(a).vp for a in block_animals(p, point) or [])


def used_points(p: dict) -> list[tuple[int, int]]:
    taken = [tuple(b["point"]) for b in p["lodges"]["built"]]
    if p.get("golden"):
        taken.append(tuple(p["golden"]["point"]))
    return taken


def fixed_cells(p: dict) -> set[tuple[int, int]]:
    """Animals next to a built Lodge (or the Golden Lodge) can no longer move."""
    return {cell for point in used_points(p) for cell in block(point)}


def unbuilt_cards(p: dict) -> list[str]:
    built = {b["card"] for b in p["lodges"]["built"]}
    return [c for c in p["lodges"]["kept"] if c not in built and c not in p["lodges"]["discarded"]]


def _full_blocks(p: dict) -> list[tuple[tuple[int, int], tuple[str, ...], list[str]]]:
    """Each free point whose four cells all hold animals: (point, the four types sorted, the
    animals). Asking which cards a block meets is then one comparison per card and point."""
    used = used_points(p)
    grid = p["grid"]
    found = []
    for r in range(K.ROWS - 1):
        upper, lower = grid[r], grid[r + 1]
        for c in range(K.COLS - 1):
            animals = [upper[c], upper[c + 1], lower[c], lower[c + 1]]
            if None in animals or (r, c) in used:
                continue
            found.append(((r, c), tuple(sorted(cat.animal(a).type for a in animals)), animals))
    return found


@cache
def lodge_types(card: str) -> tuple[str, ...]:
    """The animal types a Lodge card asks for, sorted as :func:`_full_blocks` gives a block's."""
    return tuple(sorted(cat.LODGES_BY_ID[card].requires))


def buildable(p: dict) -> list[tuple[str, tuple[int, int]]]:
    """Every (kept card, point) where that Lodge could be built now (asked at every Investment
    step, so the pieces built are counted from a plain list and each card's types are sorted
    once for the whole session)."""
    levels = [b["level"] for b in p["lodges"]["built"]]
    cards = [card for card in unbuilt_cards(p)
             if levels.count(cat.LODGES_BY_ID[card].level) < K.LODGE_PIECES_PER_LEVEL]
    if not cards:
        return []
    blocks = _full_blocks(p)
    return [(card, pt) for card in cards for pt, types, _animals in blocks
            if types == lodge_types(card)]


def build(state: dict, seat: int, card: str, point: tuple[int, int]) -> None:
    p = state["p"][seat]
    level = cat.LODGES_BY_ID[card].level
    p["lodges"]["built"].append({"card": card, "point": list(point), "level": level})
    earned = ""
    if uses_cp(state, seat):
        p["money"] += K.LODGE_MONEY[level]
        earned = f" and earns ${K.LODGE_MONEY[level]}m"
    state["log"].append(
        f"{p['name']} builds a level {level} Lodge "
        f"({cat.type_list(cat.LODGES_BY_ID[card].requires)}){earned}."
    )


# ---- the Golden Lodge ----------------------------------------------------------------------
def golden_open(state: dict) -> bool:
    return bool(state["golden"]["cards"]) and not state["golden"]["winners"]


def golden_options_open(state: dict, seat: int) -> bool:
    """The race is on for this seat: cards revealed, nobody has won, it has no piece yet."""
    return golden_open(state) and uses_lodges(state, seat) and not state["p"][seat]["golden"]


def golden_options(state: dict, seat: int) -> list[tuple[str, tuple[int, int]]]:
    """Every (revealed card, point) whose block meets that card's types and value now."""
    p = state["p"][seat]
    if not golden_options_open(state, seat):
        return []
    blocks = _full_blocks(p)
    found = []
    for card in state["golden"]["cards"]:
        gc = cat.GOLDEN_BY_ID[card]
        need = tuple(sorted(gc.requires))
        for pt, types, animals in blocks:
            if types == need and sum(cat.animal(a).vp for a in animals) >= gc.min_value:
                found.append((card, pt))
    return found


def golden_text(card: str) -> str:
    gc = cat.GOLDEN_BY_ID[card]
    return f"{cat.type_list(gc.requires)}, worth at least {gc.min_value}"


def claim_golden(state: dict, seat: int, card: str, point: tuple[int, int]) -> None:
    """The piece goes onto the Reserve at once, so its four animals are locked from now on and
    its point can hold no other Lodge; same-turn claims are compared when the turn ends."""
    p = state["p"][seat]
    p["golden"] = {"card": card, "point": list(point)}
    state["golden"]["pending"].append(seat)
    state["log"].append(
        f"{p['name']} claims the Golden Lodge ({golden_text(card)}) with animals worth "
        f"{block_value(p, point)} and places it in the Reserve."
    )


def golden_now(state: dict, seat: int, resume: str) -> None:
    """Called after an animal enters or moves: meeting a Golden Lodge card claims it at once.

    With one way to meet it the piece is placed; with several the player picks where first
    (step ``golden``), then carries on with ``resume``.
    """
    options = golden_options(state, seat)
    if len(options) == 1:
        claim_golden(state, seat, *options[0])
    elif options:
        state["golden"]["resume"] = resume
        state["step"] = "golden"
        return
    state["step"] = resume


def resolve_golden(state: dict) -> None:
    """End of turn: one claimant keeps it; several are compared by the value of the animals
    around their Golden Lodge, then by the Lodges each has built by now; whoever is still tied
    keeps it too (10 points each). The others take their piece back off the Reserve."""
    pending = state["golden"]["pending"]
    state["golden"]["pending"] = []
    if not pending:
        return
    players = state["p"]
    standing = {}
    for seat in pending:
        p = players[seat]
        standing[seat] = block_value(p, tuple(p["golden"]["point"])), len(p["lodges"]["built"])
    best = max(standing.values())
    winners = [s for s in pending if standing[s] == best]
    for seat in pending:
        if seat not in winners:
            players[seat]["golden"] = None
    state["golden"]["winners"] = winners
    names = " and ".join(players[s]["name"] for s in winners)
    if len(pending) == 1:
        return
    if len(winners) > 1:
        state["log"].append(f"{names} tie for the Golden Lodge: 10 points each.")
        return
    values = {value for value, _lodges in standing.values()}
    how = "the highest value of animals around it" if len(values) > 1 else "the most Lodges built"
    state["log"].append(f"{names} keeps the Golden Lodge: {how} breaks the tie.")


# ---- Community Protection ---------------------------------------------------------------
def unlock_options(p: dict) -> list[tuple[int, int]]:
    return [
        (r, c)
        for r in range(K.ROWS)
        for c in range(K.COLS)
        if p["cp"][r][c] in (1, 2) and p["money"] >= p["cp"][r][c]
    ]


def unlock(state: dict, seat: int, r: int, c: int) -> None:
    p = state["p"][seat]
    level = p["cp"][r][c]
    p["money"] -= level
    p["removed"].append(level)
    p["removed"].sort()
    p["cp"][r][c] = None
    state["log"].append(
        f"{p['name']} invests ${level}m in Community Protection and unlocks the space in the "
        f"{space_words(r, c)}."
    )


def solar_choices(p: dict, level: int) -> list[list[int]]:
    """Sets of removed markers that may be placed on a space of this level (at most its value)."""
    have = Counter(p["removed"])
    options = [[1]] if have[1] else []
    if level >= 2:
        if have[1] >= 2:
            options.append([1, 1])
        if have[2]:
            options.append([2])
    return [o for o in options if sum(o) <= min(level, K.SOLAR_MAX_PER_SPACE)]


def solar_options(p: dict) -> list[tuple[int, int, list[int]]]:
    return [
        (r, c, markers)
        for r in range(K.ROWS)
        for c in range(K.COLS)
        if p["cp"][r][c] in (1, 2)
        for markers in solar_choices(p, p["cp"][r][c])
    ]


def solar(state: dict, seat: int, r: int, c: int, markers: list[int]) -> None:
    p = state["p"][seat]
    for m in markers:
        p["removed"].remove(m)
    p["cp"][r][c] = "solar"
    p["money"] += sum(markers)
    state["log"].append(
        f"{p['name']} converts the space in the {space_words(r, c)} to community solar and "
        f"earns ${sum(markers)}m."
    )


def may_discard_lodge(state: dict, seat: int) -> bool:
    p = state["p"][seat]
    limit = K.LODGE_DISCARDS_PER_ROUND[state["round"]]
    return uses_cp(state, seat) and (limit is None or p["round_flags"]["lodge_discards"] < limit)


def discard_lodge(state: dict, seat: int, card: str) -> None:
    p = state["p"][seat]
    level = cat.LODGES_BY_ID[card].level
    p["lodges"]["discarded"].append(card)
    p["round_flags"]["lodge_discards"] += 1
    p["money"] += K.LODGE_MONEY[level]
    state["log"].append(
        f"{p['name']} turns in an unbuilt level {level} Lodge card for ${K.LODGE_MONEY[level]}m."
    )
