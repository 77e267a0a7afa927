"""Square-grid helpers shared by games with tiles, rooms or reserves."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

Cell = tuple[int, int]

ORTHOGONAL: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Cell, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def neighbours(cell: Cell, diagonal: bool = False) -> list[Cell]:
    x, y = cell
    steps = ORTHOGONAL + DIAGONAL if diagonal else ORTHOGONAL
    return [(x + dx, y + dy) for dx, dy in steps]


def regions(cells: Iterable[Cell], key: Callable[[Cell], Hashable]) -> list[set[Cell]]:
    """Group cells into orthogonally connected regions of equal ``key`` (flood fill)."""
    remaining = set(cells)
    found = []
    while remaining:
        start = remaining.pop()
        kind = key(start)
        region, frontier = {start}, [start]
        while frontier:
            for n in neighbours(frontier.pop()):
                if n in remaining and key(n) == kind:
                    remaining.discard(n)
                    region.add(n)
                    frontier.append(n)
        found.append(region)
    return found


def rotate(cells: Iterable[Cell], quarter_turns: int) -> list[Cell]:
    """Rotate cells clockwise about the origin by 90 degrees per quarter turn."""
    out = list(cells)
    for _ in range(quarter_turns % 4):
        out = [(-y, x) for x, y in out]
    return out


def normalise(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Shift a shape so its smallest x and y are 0, sorted: equal shapes compare equal."""
    cells = list(cells)
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))
