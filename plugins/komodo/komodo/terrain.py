"""The shared map: rotated tiles, enclosures and where a tile may go.

The map is stored in the state as ``{"x,y": [tile_id, rotation]}`` in tile units. Block (global)
coordinates are ``(3x + column, 3y + row)``.

A map is analysed once per distinct map into a :class:`Layout` (remembered for recently seen
maps, since legal moves, the move handlers, views and bots all ask about the same map many times
between two placements). Enclosures are found by joining each tile's own terrain regions along
the edges they share with their neighbours (a small union-find over about three regions a tile),
not by a flood fill over every block. A :class:`Board` adds the housed animals to a layout; each
candidate placement is then checked in O(1): twelve facing blocks along the four edges and a tiny
union-find joining the tile's own terrain regions to the enclosures they touch. No cache is kept
in the state.
"""

from __future__ import annotations

from collections import OrderedDict
from itertools import chain, repeat
from operator import itemgetter
from types import MappingProxyType

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
    """One tile in one rotation: its nine cells, padlock cell and terrain regions.

    ``edges[side]`` are its letters along that side (in the order of ``SIDES``); ``facing[side]``
    the letters it shows to a new tile when it is that tile's neighbour on ``side``.
    """

    __slots__ = ("cells", "lock", "region_of", "region_terrain", "region_size", "region_cells",
                 "edges", "facing", "region_beside")

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
        self.region_cells = tuple(
            tuple(i for i in range(9) if self.region_of[i] == r)
            for r in range(len(self.region_terrain))
        )
        #: for each region, where the empty spots it borders lie from the tile (dx, dy)
        self.region_beside = tuple(
            tuple((-dx, -dy) for dx, dy, _m, theirs in SIDES if set(cells) & set(theirs))
            for cells in self.region_cells
        )
        self.edges = tuple("".join(self.cells[a] for a in mine) for _dx, _dy, mine, _t in SIDES)
        self.facing = tuple("".join(self.cells[b] for b in theirs) for _dx, _dy, _m, theirs in SIDES)


FACES = {
    (tid, rot): Face(grid, lock, rot) for tid, (_k, grid, lock) in TILE.items() for rot in range(4)
}


#: A block's or a spot's place in reading order: row, then column.
READING = itemgetter(1, 0)
#: The place (x, y) of a spot with its fits.
PLACE = itemgetter(0, 1)


def key(x: int, y: int) -> str:
    return f"{x},{y}"


def parse_key(text: str) -> tuple[int, int]:
    x, y = text.split(",")
    return int(x), int(y)


def _edges_meet(mine: str, theirs: str) -> bool:
    """Whether two facing edges show the same terrain (rock included) on at least one block."""
    return mine[0] == theirs[0] or mine[1] == theirs[1] or mine[2] == theirs[2]


_EDGES = sorted({edge for face in FACES.values() for edge in face.edges + face.facing})
#: For each edge a neighbour shows, the edges of a new tile that meet it.
MEETS = {theirs: frozenset(e for e in _EDGES if _edges_meet(e, theirs)) for theirs in _EDGES}
#: Each tile's edges in its four rotations.
EDGES_OF = {tid: tuple(FACES[(tid, rot)].edges for rot in range(4)) for tid in TILE}
#: Each tile's number: its byte in a spot's fits (see ``FITTING``).
TILE_NUMBER = {tid: number for number, tid in enumerate(TILE)}
#: For each side of an empty spot and the edge a neighbour shows there: a mask with bit
#: ``8 * TILE_NUMBER[tid] + rotation`` set for every tile and rotation whose edge on that side
#: meets it. A spot's mask ORs its sides' masks, so one pass over the frontier answers for every
#: tile; as bytes, byte ``TILE_NUMBER[tid]`` holds that tile's fitting rotations.
FITTING = tuple(
    {theirs: sum(1 << (8 * TILE_NUMBER[tid] + rot) for tid in TILE for rot in range(4)
                 if EDGES_OF[tid][rot][side] in MEETS[theirs])
     for theirs in _EDGES}
    for side in range(len(SIDES))
)
#: The rotations set in a tile's byte of a spot's fits.
ROTATIONS = tuple(tuple(rot for rot in range(4) if bits >> rot & 1) for bits in range(16))


def _corner(pos: tuple[int, int], face: Face, region: int) -> tuple[int, int]:
    """The top-left block of one region of the tile at ``pos``: its first cell in reading
    order, since cells are numbered row by row."""
    cell = face.region_cells[region][0]
    return 3 * pos[0] + cell % 3, 3 * pos[1] + cell // 3


def _fits_at(faces: dict[tuple[int, int], Face], x: int, y: int) -> bytes:
    """For an empty spot: each tile's rotations that meet a neighbour's colour, a byte a tile."""
    mask = 0
    for side, (dx, dy, _m, _t) in enumerate(SIDES):
        other = faces.get((x + dx, y + dy))
        if other is not None:
            mask |= FITTING[side][other.facing[side]]
    return mask.to_bytes(len(TILE), "little")


class Layout:
    """One map analysed: where each face lies and which tile regions form each enclosure.

    A region is one tile's connected patch of one terrain; region ``r`` of the tile at ``pos``
    is node ``base[pos] + r``. Enclosures are numbered in the order of their first block when
    the map is read tile by tile in the order laid, block by block, which is the order a flood
    fill over the map meets them. Shared by every :class:`Board` of an equal map, so read-only.

    A map that is a remembered map plus one tile laid (``parent``) is analysed from that one:
    only the enclosures the new tile joins change, so the rest is carried over.
    """

    def __init__(self, items: tuple[tuple[str, str, int], ...], parent: Layout | None = None):
        self.items = items
        self._blocks: dict[int, tuple[tuple[int, int], ...]] = {}
        self._enc_of: MappingProxyType | None = None
        self._terrain: MappingProxyType | None = None
        self._frontier: tuple[tuple[int, int], ...] | None = None
        self._spots: tuple[tuple[int, int, int], ...] | None = None
        self._rims: dict[tuple[int, int], tuple] = {}
        if parent is not None:
            self._extend(parent, items[-1])
        else:
            self._analyse(items)

    def _analyse(self, items) -> None:
        faces: dict[tuple[int, int], Face] = {}
        tile_at: dict[tuple[int, int], str] = {}
        base: dict[tuple[int, int], int] = {}
        node_face: list[Face] = []
        node_region: list[int] = []
        node_pos: list[tuple[int, int]] = []
        for text, tid, rot in items:
            pos = parse_key(text)
            face = FACES[(tid, rot)]
            faces[pos] = face
            tile_at[pos] = tid
            base[pos] = len(node_face)
            for r in range(len(face.region_terrain)):
                node_face.append(face)
                node_region.append(r)
                node_pos.append(pos)
        parent = list(range(len(node_face)))

        def find(i):
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for (x, y), face in faces.items():
            for dx, dy, mine, theirs in (SIDES[1], SIDES[2]):  # right and below: each edge once
                npos = (x + dx, y + dy)
                other = faces.get(npos)
                if other is None:
                    continue
                for a, b in zip(mine, theirs, strict=True):
                    t = face.cells[a]
                    if t == ROCK or t != other.cells[b]:
                        continue
                    ra = find(base[(x, y)] + face.region_of[a])
                    rb = find(base[npos] + other.region_of[b])
                    if ra != rb:
                        parent[max(ra, rb)] = min(ra, rb)
        enc_of_root: dict[int, int] = {}
        node_enc: list[int] = []
        terrains: list[str] = []
        sizes: list[int] = []
        locked: list[bool] = []
        members: list[list[int]] = []
        anchors: list[tuple[int, int]] = []
        for node in range(len(node_face)):
            root = find(node)
            index = enc_of_root.get(root)
            face, r = node_face[node], node_region[node]
            corner = _corner(node_pos[node], face, r)
            if index is None:
                index = enc_of_root[root] = len(terrains)
                terrains.append(face.region_terrain[r])
                sizes.append(0)
                locked.append(False)
                members.append([])
                anchors.append(corner)
            elif READING(corner) < READING(anchors[index]):
                anchors[index] = corner
            node_enc.append(index)
            sizes[index] += face.region_size[r]
            if face.lock is not None and face.region_of[face.lock] == r:
                locked[index] = True
            members[index].append(node)
        self.faces, self.tile_at, self.base = faces, tile_at, base
        self.node_enc = tuple(node_enc)
        self.enc_terrain, self.enc_size, self.enc_locked = tuple(terrains), tuple(sizes), tuple(locked)
        self._members = tuple(map(tuple, members))
        self.enc_anchor = tuple(anchors)
        self._node_region, self._node_pos = tuple(node_region), tuple(node_pos)

    def _extend(self, old: Layout, item: tuple[str, str, int]) -> None:
        """The analysis of ``old``'s map with one more tile: the tile's regions join the
        enclosures they touch; merged enclosures take the lowest number of the group (the one
        met first), the numbers after an absorbed one move down, and regions that join nothing
        become new enclosures at the end, exactly as a fresh analysis numbers them."""
        text, tid, rot = item
        pos = parse_key(text)
        face = FACES[(tid, rot)]
        first = len(old.node_enc)
        count = len(face.region_terrain)
        # a small union-find over the old enclosures (0..E-1) and the new regions (E..E+count-1)
        old_count = len(old.enc_terrain)
        parent: dict[int, int] = {}

        def find(i):
            while parent.get(i, i) != i:
                i = parent[i]
            return i

        x, y = pos
        for dx, dy, mine, theirs in SIDES:
            npos = (x + dx, y + dy)
            other = old.faces.get(npos)
            if other is None:
                continue
            nbase = old.base[npos]
            for a, b in zip(mine, theirs, strict=True):
                t = face.cells[a]
                if t == ROCK or t != other.cells[b]:
                    continue
                ra = find(old_count + face.region_of[a])
                rb = find(old.node_enc[nbase + other.region_of[b]])
                if ra != rb:
                    parent[max(ra, rb)] = min(ra, rb)
        groups: dict[int, list[int]] = {}
        for item_id in list(parent) + [old_count + r for r in range(count)]:
            groups.setdefault(find(item_id), [])
        for item_id in set(parent) | {old_count + r for r in range(count)}:
            groups[find(item_id)].append(item_id)
        absorbed = {i for root, ids in groups.items() for i in ids if i != root and i < old_count}
        renumber = list(range(old_count))
        next_index = old_count
        if absorbed:
            kept = [index for index in range(old_count) if index not in absorbed]
            for new, index in enumerate(kept):
                renumber[index] = new
            next_index = len(kept)
            for index in absorbed:
                renumber[index] = renumber[find(index)]
        region_enc = [0] * count
        for root in sorted(root for root in groups if root >= old_count):
            for item_id in groups[root]:
                region_enc[item_id - old_count] = next_index
            next_index += 1
        for root, ids in groups.items():
            if root < old_count:
                for item_id in ids:
                    if item_id >= old_count:
                        region_enc[item_id - old_count] = renumber[root]
        grown = next_index - (old_count - len(absorbed))
        if absorbed:  # the kept enclosures in order, then each absorbed one added to its group's
            terrains = [old.enc_terrain[i] for i in kept] + [""] * grown
            sizes = [old.enc_size[i] for i in kept] + [0] * grown
            locked = [old.enc_locked[i] for i in kept] + [False] * grown
            members: list[tuple[int, ...]] = [old._members[i] for i in kept] + [()] * grown
            anchors: list[tuple[int, int] | None] = [old.enc_anchor[i] for i in kept] + [None] * grown
            for index in sorted(absorbed):
                new = renumber[index]
                sizes[new] += old.enc_size[index]
                locked[new] = locked[new] or old.enc_locked[index]
                members[new] = members[new] + old._members[index]
                corner = old.enc_anchor[index]
                if READING(corner) < READING(anchors[new]):
                    anchors[new] = corner
            self.node_enc = tuple(map(renumber.__getitem__, old.node_enc)) + tuple(region_enc)
        else:  # nothing merged: the old numbers stand, new enclosures come after them
            terrains = list(old.enc_terrain) + [""] * grown
            sizes = list(old.enc_size) + [0] * grown
            locked = list(old.enc_locked) + [False] * grown
            members = list(old._members) + [()] * grown
            anchors = list(old.enc_anchor) + [None] * grown
            self.node_enc = old.node_enc + tuple(region_enc)
        for r in range(count):
            new = region_enc[r]
            terrains[new] = face.region_terrain[r]
            sizes[new] += face.region_size[r]
            if face.lock is not None and face.region_of[face.lock] == r:
                locked[new] = True
            members[new] = members[new] + (first + r,)
            corner = _corner(pos, face, r)
            if anchors[new] is None or READING(corner) < READING(anchors[new]):
                anchors[new] = corner
        self.faces = dict(old.faces)
        self.faces[pos] = face
        self.tile_at = dict(old.tile_at)
        self.tile_at[pos] = tid
        self.base = dict(old.base)
        self.base[pos] = first
        self.enc_terrain, self.enc_size, self.enc_locked = tuple(terrains), tuple(sizes), tuple(locked)
        self._members = tuple(members)
        self.enc_anchor = tuple(anchors)
        self._node_region = old._node_region + tuple(range(count))
        self._node_pos = old._node_pos + (pos,) * count
        around = [(x + dx, y + dy) for dx, dy, _m, _t in SIDES]
        if old._spots is not None:  # only the spots beside the new tile change
            moved = {pos, *around}
            spots = [s for p, s in zip(old._frontier, old._spots, strict=True) if p not in moved]
            spots += [(sx, sy, _fits_at(self.faces, sx, sy)) for sx, sy in around
                      if (sx, sy) not in self.faces]
            spots.sort(key=READING)
            self._spots = tuple(spots)
            self._frontier = tuple(map(PLACE, spots))
        elif old._frontier is not None:
            spots = (set(old._frontier) - {pos}) | {p for p in around if p not in self.faces}
            self._frontier = tuple(sorted(spots, key=READING))

    # ---- blocks --------------------------------------------------------------------------
    def enc_index(self, bx: int, by: int) -> int | None:
        """The enclosure a block belongs to (None for rock or no tile)."""
        x, cx = divmod(bx, 3)
        y, cy = divmod(by, 3)
        face = self.faces.get((x, y))
        if face is None:
            return None
        r = face.region_of[cy * 3 + cx]
        return None if r < 0 else self.node_enc[self.base[(x, y)] + r]

    def blocks(self, index: int) -> tuple[tuple[int, int], ...]:
        found = self._blocks.get(index)
        if found is None:
            found = []
            for node in self._members[index]:
                x, y = self._node_pos[node]
                for i in self.faces[(x, y)].region_cells[self._node_region[node]]:
                    found.append((3 * x + i % 3, 3 * y + i // 3))
            found = self._blocks[index] = tuple(found)
        return found

    def beside(self, index: int) -> set[tuple[int, int]]:
        """The empty spots beside an enclosure: a tile laid there would touch its land."""
        found = set()
        for node in self._members[index]:
            x, y = self._node_pos[node]
            for dx, dy in self.faces[(x, y)].region_beside[self._node_region[node]]:
                found.add((x + dx, y + dy))
        return found - self.faces.keys()

    def anchor(self, index: int) -> tuple[int, int]:
        """The enclosure's top-left block (worked out with the enclosures themselves)."""
        return self.enc_anchor[index]

    @property
    def enc_of(self) -> MappingProxyType:
        if self._enc_of is None:
            self._enc_of = MappingProxyType(
                {b: index for index in range(len(self.enc_terrain)) for b in self.blocks(index)})
        return self._enc_of

    @property
    def terrain(self) -> MappingProxyType:
        if self._terrain is None:
            found = {}
            for (x, y), face in self.faces.items():
                for i, t in enumerate(face.cells):
                    if t != ROCK:
                        found[(3 * x + i % 3, 3 * y + i // 3)] = t
            self._terrain = MappingProxyType(found)
        return self._terrain

    # ---- placing -------------------------------------------------------------------------
    def frontier(self) -> list[tuple[int, int]]:
        if self._frontier is None:
            spots = set()
            for x, y in self.faces:
                for dx, dy, _m, _t in SIDES:
                    p = (x + dx, y + dy)
                    if p not in self.faces:
                        spots.add(p)
            self._frontier = tuple(sorted(spots, key=READING))
        return list(self._frontier)

    def spots(self) -> tuple[tuple[int, int, bytes], ...]:
        """Every frontier spot, in frontier order, with the rotations of every tile that meet a
        neighbour's colour there (``_fits_at``). Kept as a tuple of plain values, which the
        garbage collector stops tracking: a playout makes a map a ply."""
        if self._spots is None:
            faces = self.faces
            self._spots = tuple((x, y, _fits_at(faces, x, y)) for x, y in self.frontier())
        return self._spots

    def rim(self, x: int, y: int) -> tuple[tuple[int, str, int | None], ...]:
        """What a tile laid at (x, y) would face: for each of its blocks on an edge shared with
        a laid tile, (that block's place on the tile, the facing block's terrain, the facing
        block's enclosure or None for rock). Empty where no tile is beside. Worked out once per
        spot of a layout: a bot weighs every tile in every rotation there."""
        found = self._rims.get((x, y))
        if found is None:
            faces, base, node_enc = self.faces, self.base, self.node_enc
            rim = []
            for dx, dy, mine, theirs in SIDES:
                npos = (x + dx, y + dy)
                other = faces.get(npos)
                if other is not None:
                    for a, b in zip(mine, theirs, strict=True):
                        terrain = other.cells[b]
                        enc = None if terrain == ROCK else node_enc[base[npos] + other.region_of[b]]
                        rim.append((a, terrain, enc))
            found = self._rims[(x, y)] = tuple(rim)
        return found

    def colour_fits(self, tid: str) -> list[tuple[int, int, int]]:
        """Every (x, y, rotation) on the frontier where ``tid`` joins the map along an edge and
        matches a neighbour's colour on at least one block, in frontier then rotation order."""
        number = TILE_NUMBER[tid]
        return [(x, y, rot) for x, y, fits in self.spots() for rot in ROTATIONS[fits[number]]]


#: Recently analysed maps, least recently used first: a game has about fifty, and a search
#: bot's imagined games a few hundred more.
_LAYOUTS: OrderedDict[tuple, Layout] = OrderedDict()
LAYOUTS_KEPT = 512


def layout_of(tile_map: dict[str, list]) -> Layout:
    """The analysed layout of a map (the same object for equal maps laid in the same order)."""
    return _layout(_shape(tile_map))


def _shape(tile_map: dict[str, list]) -> tuple[tuple[str, ...], tuple]:
    """A map as a key for the remembered layouts: its places in the order laid, and its tiles
    and rotations in one flat tuple. Both are built and hashed in C, without a small tuple a
    tile; a map is looked up a few times a ply."""
    return tuple(tile_map), tuple(chain.from_iterable(tile_map.values()))


def _layout(shape: tuple[tuple[str, ...], tuple]) -> Layout:
    found = _LAYOUTS.get(shape)
    if found is not None:
        _LAYOUTS.move_to_end(shape)
        return found
    texts, laid = shape
    parent = _LAYOUTS.get((texts[:-1], laid[:-2]))
    if parent is None:
        items = tuple(zip(texts, laid[0::2], laid[1::2], strict=True))
    else:  # the map before's items are shared, not made again
        items = parent.items + ((texts[-1], laid[-2], laid[-1]),)
    found = _LAYOUTS[shape] = Layout(items, parent)
    if len(_LAYOUTS) > LAYOUTS_KEPT:
        _LAYOUTS.popitem(last=False)
    return found


class Enclosure:
    """One enclosure of a board: its land (from the layout) and the animals housed in it."""

    __slots__ = ("index", "terrain", "size", "locked", "animals", "_layout")

    def __init__(self, index: int, terrain: str, size: int, locked: bool, layout: Layout):
        self.index = index
        self.terrain = terrain
        self.size = size
        self.locked = locked
        self.animals: list[dict] | tuple = ()
        self._layout = layout

    @property
    def blocks(self) -> list[tuple[int, int]]:
        return list(self._layout.blocks(self.index))

    @property
    def species(self) -> set[str]:
        return {ANIMAL[h["animal"]][0] for h in self.animals}

    @property
    def need(self) -> int:
        return max((ANIMAL[h["animal"]][2] for h in self.animals), default=0)

    def anchor(self) -> tuple[int, int]:
        """The enclosure's top-left block."""
        return self._layout.anchor(self.index)


class Board:
    """The analysed map: faces by position, the enclosure of every block, housed animals.

    ``faces``, ``tile_at``, ``terrain`` and ``enc_of`` are read-only mappings shared with every
    board of an equal map; ``enclosures`` (with their animals) belong to this board.
    """

    def __init__(self, tile_map: dict[str, list], housed: list[dict],
                 layout: Layout | None = None):
        layout = self.layout = layout or layout_of(tile_map)
        self._faces = layout.faces
        self.faces = MappingProxyType(layout.faces)
        self.tile_at = MappingProxyType(layout.tile_at)
        # made per board, not kept with the layout: hundreds of remembered layouts holding
        # thousands of small objects made every garbage collection walk them
        count = len(layout.enc_size)
        self.enclosures = enclosures = list(map(Enclosure, range(count), layout.enc_terrain,
                                                layout.enc_size, layout.enc_locked, repeat(layout, count)))
        for h in housed:
            index = layout.enc_index(h["x"], h["y"])
            if index is not None:
                enclosure = enclosures[index]
                if not enclosure.animals:
                    enclosure.animals = []
                enclosure.animals.append(h)
        self._risky: set[tuple[int, int]] | None = None

    @property
    def terrain(self) -> MappingProxyType:
        return self.layout.terrain

    @property
    def enc_of(self) -> MappingProxyType:
        return self.layout.enc_of

    @property
    def locks(self) -> set[tuple[int, int]]:
        return {(3 * x + face.lock % 3, 3 * y + face.lock // 3)
                for (x, y), face in self._faces.items() if face.lock is not None}

    def enc_index(self, bx: int, by: int) -> int | None:
        return self.layout.enc_index(bx, by)

    def enclosure_at(self, bx: int, by: int) -> Enclosure | None:
        index = self.layout.enc_index(bx, by)
        return None if index is None else self.enclosures[index]

    def frontier(self) -> list[tuple[int, int]]:
        return self.layout.frontier()

    def marker_tiles(self) -> set[tuple[int, int]]:
        return {(h["x"] // 3, h["y"] // 3) for e in self.enclosures for h in e.animals}

    def placements(self, tid: str) -> list[tuple[int, int, int]]:
        """Every (x, y, rotation) where ``tid`` may be laid: :meth:`check` finds no reason.

        Joining and colour depend on the map alone (worked out once per layout); only a spot
        next to enclosures of two different species needs the full check for merging them.
        """
        fits = self.layout.colour_fits(tid)
        risky = self.risky_spots()
        if not risky:
            return list(fits)
        refused = {(x, y, rot) for x, y, rot in fits
                   if (x, y) in risky and self.check(tid, rot, x, y)[0] is not None}
        return [fit for fit in fits if fit not in refused] if refused else list(fits)

    def risky_spots(self) -> set[tuple[int, int]]:
        """Frontier spots next to two enclosures of one terrain housing different species: only
        there can a tile merge different species (a tile joins enclosures through one of its
        own regions, which has one terrain). Found from those enclosures' sides."""
        if self._risky is None:
            by_terrain: dict[str, dict[int, set[str]]] = {}
            for e in self.enclosures:
                if e.animals:
                    by_terrain.setdefault(e.terrain, {})[e.index] = e.species
            mixed = {index: found for group in by_terrain.values()
                     if len(set().union(*group.values())) > 1 for index, found in group.items()}
            self._risky = set()
            if mixed:
                terrain = self.layout.enc_terrain
                near: dict[tuple[int, int], dict[str, set[str]]] = {}
                for index, found in mixed.items():
                    for spot in self.layout.beside(index):
                        near.setdefault(spot, {}).setdefault(terrain[index], set()).update(found)
                self._risky = {spot for spot, by_terrain in near.items()
                               if any(len(found) > 1 for found in by_terrain.values())}
        return self._risky

    def check(self, tid: str, rot: int, x: int, y: int, colour: bool = True):
        """Why ``tid`` may not go at (x, y) in ``rot``, or None plus the merged groups.

        Returns ``(reason, groups)``; groups are ``[(terrain, size, [enclosure indices])]`` for
        every terrain region of the new tile after joining the enclosures it touches.
        """
        if (x, y) in self._faces:
            return "That space already has a tile.", None
        rim = self.layout.rim(x, y)
        if not rim:
            return "A tile must join the map along a whole edge.", None
        face = FACES[(tid, rot)]
        cells, region_of = face.cells, face.region_of
        matched = False
        # every tile in the box has at most one region of each terrain (a test holds the box to
        # it), and an enclosure is of one terrain: each enclosure the tile meets joins one region
        joined: dict[int, int] = {}
        for a, terrain, enc in rim:
            if cells[a] != terrain:
                continue
            matched = True
            if enc is not None:
                joined.setdefault(enc, region_of[a])
        if colour and not matched:
            return (
                "A tile must match the colour of a neighbouring tile on at least one block.",
                None,
            )
        enclosures = self.enclosures
        groups = [[terrain, size, []] for terrain, size in zip(face.region_terrain, face.region_size, strict=True)]
        for enc, region in joined.items():
            g = groups[region]
            g[1] += enclosures[enc].size
            g[2].append(enc)
        for _t, _s, encs in groups:
            housing = [enclosures[e] for e in encs if enclosures[e].animals] if len(encs) > 1 else ()
            if len(housing) > 1 and len(set().union(*(e.species for e in housing))) > 1:
                return "That tile would merge enclosures of different species.", None
        return None, groups

    def animals_fit(self, groups) -> bool:
        """After a placement, does every housed animal still have enough land (remodeling)?"""
        size_of = {}
        for _t, size, encs in groups:
            for e in encs:
                size_of[e] = size
        return all(e.need <= size_of.get(e.index, e.size) for e in self.enclosures if e.animals)


#: The boards the rules asked for last, by map and housed animals: one move's legal moves,
#: handler and log line all look at the same board.
_BOARDS: OrderedDict[tuple, Board] = OrderedDict()
BOARDS_KEPT = 8


def board_of(tile_map: dict[str, list], housed: list[dict]) -> Board:
    """The board of this map with these animals, shared with other asks for an equal one, so
    read-only: its animals are copies of the housed entries, not the state's own."""
    shape = _shape(tile_map)
    ask = (shape, tuple((h["animal"], h["owner"], h["x"], h["y"], h.get("lock")) for h in housed))
    found = _BOARDS.get(ask)
    if found is not None:
        _BOARDS.move_to_end(ask)
        return found
    found = _BOARDS[ask] = Board(tile_map, [dict(h) for h in housed], _layout(shape))
    if len(_BOARDS) > BOARDS_KEPT:
        _BOARDS.popitem(last=False)
    return found


def starter_map() -> dict[str, list]:
    return {key(0, 0): [STARTER, 0]}
