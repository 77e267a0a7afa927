"""What the map's land offers animals, as the keeper bot judges it.

A seat's own needs (the largest home each animal could have today, how much a tile gives them)
serve every variant. The rest serves the co-operative game, where the whole team must house all
32 animals on land that holds only a little more than they need: how well the free enclosures
can take every animal still to come, and which land a placement would waste (laid beyond an
animal's need, or shut in too small for any). Kept apart from the bot's decisions so that each
measure can be read, and tested, on its own.
"""

from __future__ import annotations

from .rules import ANIMAL
from .rules.common import TILE_LIMIT
from .terrain import FACES, SIDES, Board


def seat_needs(state, seat):
    """(species, terrain, blocks) of every animal this seat wants to house."""
    wanted = [ANIMAL[a] for a in state["hands"][seat]["animals"]]
    wanted += [ANIMAL[x["animal"]] for x in state["loose"] if x["owner"] == seat]
    return wanted


def open_to(board, name, terrain):
    """The enclosures an animal ``name`` could live in: of its terrain, with no other species."""
    return [e for e in board.enclosures if e.terrain == terrain and not (e.species - {name})]


def largest_home(board, name, terrain):
    """The blocks of the largest enclosure an animal ``name`` could live in today (0: none)."""
    return max((e.size for e in open_to(board, name, terrain)), default=0)


def tile_value(tid, needs):
    """A tile's blocks of the terrains these animals want, one count per animal wanting it."""
    cells = FACES[(tid, 0)].cells
    return sum(cells.count(t) for _n, t, _b in needs)


def deficit(board, animal):
    """How many blocks the best home this animal could have today still lacks."""
    name, terrain, blocks = ANIMAL[animal]
    return blocks - largest_home(board, name, terrain)


#: Animals still in the pile may come late or to another seat: they count this much of a hand's.
PILE_WEIGHT = 0.5
#: Co-op: what a block of free land that no wanted animal takes yet is worth (so a five joins
#: its ten's enclosure rather than use up land of its own).
SPARE_WEIGHT = 0.1
#: Co-op: what a block costs that a free enclosure has beyond the need of the animal it will
#: take: one enclosure houses one species, so the rest of its land is lost.
OVER_WEIGHT = 1.0
#: Co-op: what a block of the largest free enclosure counts for an animal it is still too small
#: for (up to the animal's need): land that may yet grow into its home.
PARTIAL_WEIGHT = 0.5
#: The next seat must house an animal on its very next turn: its hand counts this much more.
NEXT_WEIGHT = 2.0


def team_wants(state, seat, own=False):
    """Co-op: every animal the team must still house as (species, terrain, blocks, weight, id):
    the other seats' hands and escaped animals in full, the pile's animals (known by the open
    play, not their order) at ``PILE_WEIGHT``; the seat's own hand only with ``own``."""
    wanted = []
    after = (seat + 1) % state["players"]
    for s in range(state["players"]):
        if s != seat or own:
            weight = NEXT_WEIGHT if s == after else 1.0
            wanted += [(*ANIMAL[a], weight, a) for a in state["hands"][s]["animals"]]
    wanted += [(*ANIMAL[x["animal"]], 1.0, x["animal"]) for x in state["loose"]]
    wanted += [(*ANIMAL[a], PILE_WEIGHT, a) for a in sorted(state["animals"])]  # order unseen
    return wanted


def enclosure_list(board):
    """[terrain, size, species] of every enclosure, indexed like ``board.enclosures``."""
    return [[e.terrain, e.size, frozenset(e.species)] for e in board.enclosures]


def after_groups(board, base, groups):
    """The enclosure list after a placement whose merged regions are ``groups``."""
    gone = {e for _t, _s, encs in groups for e in encs}
    after = [e for i, e in enumerate(base) if i not in gone]
    for terrain, size, encs in groups:
        after.append([terrain, size, frozenset().union(*(base[e][2] for e in encs))])
    return after


def fit_value(encs, wanted, spare=SPARE_WEIGHT):
    """How well the enclosures can take the wanted animals: biggest animal first, each into
    its partner's enclosure if large enough, else the smallest free enclosure that fits (a
    free enclosure holds one species); an animal with no home yet earns ``PARTIAL_WEIGHT`` of
    the land of the largest free enclosure of its terrain, up to its need; a free enclosure's
    land beyond the need of the animal it takes costs ``OVER_WEIGHT`` a block; free land no
    animal here takes earns ``spare`` a block (an animal still to come may want it). In
    weighted blocks."""
    free: dict[str, list[int]] = {}
    taken: dict[str, int] = {}
    for terrain, size, kinds in encs:
        if not kinds:
            free.setdefault(terrain, []).append(size)
        elif len(kinds) == 1:
            (name,) = kinds
            taken[name] = max(taken.get(name, 0), size)
    for sizes in free.values():
        sizes.sort()
    value = 0.0
    for name, terrain, blocks, weight, _id in sorted(wanted, key=lambda w: (-w[2], w[4])):
        if taken.get(name, 0) >= blocks:
            value += weight * blocks
            continue
        sizes = free.get(terrain, [])
        fit = next((i for i, size in enumerate(sizes) if size >= blocks), None)
        if fit is None:
            value += weight * PARTIAL_WEIGHT * min(sizes[-1] if sizes else 0, blocks)
            continue
        size = sizes.pop(fit)
        taken[name] = max(taken.get(name, 0), size)
        value += weight * blocks - OVER_WEIGHT * (size - blocks)
    return value + spare * sum(sum(sizes) for sizes in free.values())


def home_fit(board, groups, name, terrain, blocks):
    """How near a ``name`` is to a home once a tile whose merged regions are ``groups`` is
    laid: (blocks its largest possible enclosure still lacks, blocks the smallest one large
    enough has beyond its need). A home that fits tightly leaves the rest of the land for the
    animals to come ("Optimise land use")."""
    merged = {e for _t, _s, encs in groups for e in encs}
    sizes = [e.size for e in open_to(board, name, terrain) if e.index not in merged]
    for t, size, encs in groups:
        if t == terrain and not set().union(*(board.enclosures[e].species for e in encs)) - {name}:
            sizes.append(size)
    fits = [size for size in sizes if size >= blocks]
    if fits:
        return 0, min(fits) - blocks
    return blocks - max(sizes, default=0), 0


def prospect(board, animals, tiles):
    """Co-op: how near a seat is to housing one of ``animals`` with up to three of its
    ``tiles``: the blocks its best home would have (the largest enclosure it may use plus that
    terrain on its three best tiles) less the animal's need, for its best animal."""
    best = -99
    for a in animals:
        name, terrain, blocks = ANIMAL[a]
        counts = sorted((FACES[(t, 0)].cells.count(terrain) for t in tiles), reverse=True)
        best = max(best, largest_home(board, name, terrain) + sum(counts[:TILE_LIMIT]) - blocks)
    return best


def land_share(state):
    """Co-op: how well the map's enclosures can take every animal still to house, as a share
    of their needs (0 to 1, by :func:`fit_value` without spare land): two cut rollouts with
    as many animals housed differ by the homes they leave ready."""
    team = [(*ANIMAL[a], 1.0, a) for h in state["hands"] for a in h["animals"]]
    team += [(*ANIMAL[x["animal"]], 1.0, x["animal"]) for x in state["loose"]]
    team += [(*ANIMAL[a], 1.0, a) for a in sorted(state["animals"])]
    need = sum(w[2] for w in team)
    if not need:
        return 1.0
    encs = enclosure_list(Board(state["map"], state["housed"]))
    return max(0.0, min(1.0, fit_value(encs, team, spare=0.0) / need))


def least_needs(team):
    """Co-op: the smallest enclosure, by terrain, that an animal the team must still house
    could live in."""
    least: dict[str, int] = {}
    for _name, terrain, blocks, _weight, _id in team:
        least[terrain] = min(least.get(terrain, blocks), blocks)
    return least


def closing_spots(board):
    """Co-op: for each empty spot, the free enclosures that border no other empty spot: a
    tile laid there that does not join them closes them in for good."""
    closing: dict[tuple[int, int], list[int]] = {}
    for e in board.enclosures:
        if not e.animals:
            beside = board.layout.beside(e.index)
            if len(beside) == 1:
                closing.setdefault(next(iter(beside)), []).append(e.index)
    return closing


def dead_land(board, move, groups, least, closing):
    """Co-op: free land a placement shuts in for good while it is too small for any animal
    the team must still house (``least``, by terrain): a patch of the tile that joins no
    enclosure and borders no empty spot, and free enclosures whose last empty spot it fills
    without joining them (``closing``). Such land can never be used ("Optimise land use")."""
    x, y = move["x"], move["y"]
    face = FACES[(move["tile"], move["rotation"])]
    faces = board.faces
    dead = 0
    for r, terrain in enumerate(face.region_terrain):
        size = face.region_size[r]
        if size >= least.get(terrain, 0):
            continue
        cells = face.region_cells[r]
        shut = True
        for dx, dy, mine, theirs in SIDES:
            other = faces.get((x + dx, y + dy))
            pairs = [(a, b) for a, b in zip(mine, theirs, strict=True) if a in cells]
            if not pairs:
                continue
            if other is None or any(other.cells[b] == terrain for _a, b in pairs):
                shut = False
                break
        if shut:
            dead += size
    merged = {e for _t, _s, encs in groups for e in encs}
    for index in closing.get((x, y), ()):
        e = board.enclosures[index]
        if index not in merged and e.size < least.get(e.terrain, 0):
            dead += e.size
    return dead

