"""The shared map: rotated tiles, enclosures and where a tile may go.

The map is stored in the state as ``{"x,y": [tile_id, rotation]}`` in tile units. Block (global)
coordinates are ``(3x + column, 3y + row)``. A :class:`Board` is built once per call from the
state (one flood fill over the placed blocks, O(blocks)); each candidate placement is then
checked in O(1): twelve facing blocks along the four edges and a tiny union-find joining the
tile's own terrain regions to the enclosures they touch. That is the "incremental adjacency
from the frontier": no cache is kept in the state, and no candidate needs a new flood fill.
"""

from __future__ import annotations

from .catalog import ANIMALS, ROCK, STARTER, TILES

TILE = {tid: (kind, grid, lock) for tid, kind, grid, lock in TILES}
ANIMAL = {aid: (species, terrain, blocks) for aid, species, terrain, blocks in ANIMALS}

# side: (dx, dy, my edge cells, the neighbour's facing cells), cells numbered row * 3 + column
SIDES = (
    (0, -1, (0, 1, 2), (6, 7, 8)),
    (1, 0, (2, 5, 8), (0, 3, 6)),
    (0, 1, (6, 7, 8), (0, 1, 2)),
    (-1, 0, (0, 3, 6), (2, 5, 8)),
)


class Face:
    """One tile in one rotation: its nine cells, padlock cell and terrain regions."""

    __slots__ = ("cells", "lock", "region_of", "region_terrain", "region_size")

    def __init__(self, grid: tuple[str, str, str], lock: tuple[int, int] | None, rotation: int):
        rows = [list(r) for r in grid]
        lr, lc = lock if lock else (None, None)
        for _ in range(rotation % 4):
            rows = [[rows[2 - c][r] for c in range(3)] for r in range(3)]
            if lock:
                lr, lc = lc, 2 - lr
        self.cells = "".join("".join(r) for r in rows)
        self.lock = None if lock is None else lr * 3 + lc
        self.region_of = [-1] * 9
        self.region_terrain: list[str] = []
        self.region_size: list[int] = []
        for start in range(9):
            if self.cells[start] == ROCK or self.region_of[start] >= 0:
                continue
            index = len(self.region_terrain)
            terrain = self.cells[start]
            self.region_terrain.append(terrain)
            stack, size = [start], 0
            self.region_of[start] = index
            while stack:
                cell = stack.pop()
                size += 1
                r, c = divmod(cell, 3)
                for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    n = nr * 3 + nc
                    if (
                        0 <= nr < 3
                        and 0 <= nc < 3
                        and self.region_of[n] < 0
                        and self.cells[n] == terrain
                    ):
                        self.region_of[n] = index
                        stack.append(n)
            self.region_size.append(size)


FACES = {
    (tid, rot): Face(grid, lock, rot) for tid, (_k, grid, lock) in TILE.items() for rot in range(4)
}


def key(x: int, y: int) -> str:
    return f"{x},{y}"


def parse_key(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


class Enclosure:
    __slots__ = ("index", "terrain", "blocks", "animals", "locked", "_anchor")

    def __init__(self, index: int, terrain: str):
        self.index = index
        self.terrain = terrain
        self.blocks: list[tuple[int, int]] = []
        self.animals: list[dict] = []
        self.locked = False
        self._anchor: tuple[int, int] | None = None

    @property
    def size(self) -> int:
        return len(self.blocks)

    @property
    def species(self) -> set[str]:
        return {ANIMAL[h["animal"]][0] for h in self.animals}

    @property
    def need(self) -> int:
        return max((ANIMAL[h["animal"]][2] for h in self.animals), default=0)

    def anchor(self) -> tuple[int, int]:
        """The enclosure's top-left block (its blocks are fixed once the board is built)."""
        if self._anchor is None:
            self._anchor = min(self.blocks, key=lambda b: (b[1], b[0]))
        return self._anchor


class Board:
    """The analysed map: faces by position, the enclosure of every block, housed animals."""

    def __init__(self, tile_map: dict[str, list], housed: list[dict]):
        self.faces: dict[tuple[int, int], Face] = {}
        self.tile_at: dict[tuple[int, int], str] = {}
        for text, (tid, rot) in tile_map.items():
            pos = parse_key(text)
            self.faces[pos] = FACES[(tid, rot)]
            self.tile_at[pos] = tid
        terrain: dict[tuple[int, int], str] = {}
        locks = set()
        for (x, y), face in self.faces.items():
            for i, t in enumerate(face.cells):
                if t != ROCK:
                    terrain[(3 * x + i % 3, 3 * y + i // 3)] = t
            if face.lock is not None:
                locks.add((3 * x + face.lock % 3, 3 * y + face.lock // 3))
        self.terrain = terrain
        self.locks = locks
        self.enc_of: dict[tuple[int, int], int] = {}
        self.enclosures: list[Enclosure] = []
        for block, t in terrain.items():
            if block in self.enc_of:
                continue
            enc = Enclosure(len(self.enclosures), t)
            self.enclosures.append(enc)
            self.enc_of[block] = enc.index
            stack = [block]
            while stack:
                bx, by = b = stack.pop()
                enc.blocks.append(b)
                if b in locks:
                    enc.locked = True
                for n in ((bx + 1, by), (bx - 1, by), (bx, by + 1), (bx, by - 1)):
                    if n not in self.enc_of and terrain.get(n) == t:
                        self.enc_of[n] = enc.index
                        stack.append(n)
        for h in housed:
            index = self.enc_of.get((h["x"], h["y"]))
            if index is not None:
                self.enclosures[index].animals.append(h)

    def enclosure_at(self, bx: int, by: int) -> Enclosure | None:
        index = self.enc_of.get((bx, by))
        return None if index is None else self.enclosures[index]

    def frontier(self) -> list[tuple[int, int]]:
        spots = set()
        for x, y in self.faces:
            for dx, dy, _m, _t in SIDES:
                p = (x + dx, y + dy)
                if p not in self.faces:
                    spots.add(p)
        return sorted(spots, key=lambda p: (p[1], p[0]))

    def marker_tiles(self) -> set[tuple[int, int]]:
        return {(h["x"] // 3, h["y"] // 3) for e in self.enclosures for h in e.animals}

    def check(self, tid: str, rot: int, x: int, y: int, colour: bool = True):
        """Why ``tid`` may not go at (x, y) in ``rot``, or None plus the merged groups.

        Returns ``(reason, groups)``; groups are ``[(terrain, size, [enclosure indices])]`` for
        every terrain region of the new tile after joining the enclosures it touches.
        """
        if (x, y) in self.faces:
            return "That space already has a tile.", None
        face = FACES[(tid, rot)]
        touching = matched = False
        count = len(face.region_terrain)
        parent = list(range(count))
        joined: dict[int, int] = {}

        def find(i):
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for dx, dy, mine, theirs in SIDES:
            other = self.faces.get((x + dx, y + dy))
            if other is None:
                continue
            touching = True
            ox, oy = 3 * (x + dx), 3 * (y + dy)
            for a, b in zip(mine, theirs, strict=True):
                t = face.cells[a]
                if t != other.cells[b]:
                    continue
                matched = True
                if t == ROCK:
                    continue
                enc = self.enc_of[(ox + b % 3, oy + b // 3)]
                region = find(face.region_of[a])
                if enc in joined:
                    other_region = find(joined[enc])
                    if other_region != region:
                        parent[other_region] = region
                else:
                    joined[enc] = region
        if not touching:
            return "A tile must join the map along a whole edge.", None
        if colour and not matched:
            return (
                "A tile must match the colour of a neighbouring tile on at least one block.",
                None,
            )
        groups: dict[int, list] = {}
        for r in range(count):
            root = find(r)
            g = groups.setdefault(root, [face.region_terrain[r], 0, []])
            g[1] += face.region_size[r]
        for enc, region in joined.items():
            g = groups[find(region)]
            g[1] += self.enclosures[enc].size
            g[2].append(enc)
        for _t, _s, encs in groups.values():
            species = set()
            for e in encs:
                species |= self.enclosures[e].species
            if len(species) > 1:
                return "That tile would merge enclosures of different species.", None
        return None, list(groups.values())

    def animals_fit(self, groups) -> bool:
        """After a placement, does every housed animal still have enough land (remodeling)?"""
        size_of = {}
        for _t, size, encs in groups:
            for e in encs:
                size_of[e] = size
        return all(e.need <= size_of.get(e.index, e.size) for e in self.enclosures if e.animals)

    def connected_without(self, pos: tuple[int, int]) -> bool:
        rest = [p for p in self.faces if p != pos]
        if not rest:
            return True
        seen, stack = {rest[0]}, [rest[0]]
        while stack:
            x, y = stack.pop()
            for dx, dy, _m, _t in SIDES:
                n = (x + dx, y + dy)
                if n != pos and n in self.faces and n not in seen:
                    seen.add(n)
                    stack.append(n)
        return len(seen) == len(rest)


def starter_map() -> dict[str, list]:
    return {key(0, 0): [STARTER, 0]}
