"""The map analysis finds enclosures by joining tile regions (and remembers it per map); these
tests hold it to a plain block-by-block flood fill, the way the map was first analysed, so the
faster analysis can never disagree with the ruling "An enclosure is a set of same-terrain blocks
connected orthogonally, across tile borders. Rock blocks and other terrains split enclosures."
"""

from __future__ import annotations

import gc
import random

from komodo.catalog import ROCK, STARTER, TILES
from komodo.rules import Komodo, _placements
from komodo.terrain import ANIMAL, FACES, SIDES, Board, Layout, key, layout_of

from core.engine import playout
from core.engine.play import play, start

SPECIES_BY_TERRAIN = {}
for _aid, (_species, _terrain, _blocks) in ANIMAL.items():
    SPECIES_BY_TERRAIN.setdefault(_terrain, []).append(_aid)


def flood_fill(tile_map):
    """Enclosures as a flood fill over every placed block meets them: [(terrain, blocks,
    locked)] in order of discovery, and the enclosure index of every block."""
    terrain, locks = {}, set()
    for text, (tid, rot) in tile_map.items():
        x, y = map(int, text.split(","))
        face = FACES[(tid, rot)]
        for i, t in enumerate(face.cells):
            if t != ROCK:
                terrain[(3 * x + i % 3, 3 * y + i // 3)] = t
        if face.lock is not None:
            locks.add((3 * x + face.lock % 3, 3 * y + face.lock // 3))
    enc_of, found = {}, []
    for block, t in terrain.items():
        if block in enc_of:
            continue
        blocks, stack = [], [block]
        enc_of[block] = len(found)
        while stack:
            bx, by = b = stack.pop()
            blocks.append(b)
            for n in ((bx + 1, by), (bx - 1, by), (bx, by + 1), (bx, by - 1)):
                if n not in enc_of and terrain.get(n) == t:
                    enc_of[n] = len(found)
                    stack.append(n)
        found.append((t, blocks, any(b in locks for b in blocks)))
    return found, enc_of, terrain


def grown_maps(seed, count=30):
    """Maps grown one random legal tile at a time, with animals housed now and then."""
    rng = random.Random(seed)
    tiles = [t[0] for t in TILES if t[0] != STARTER]
    rng.shuffle(tiles)
    tile_map, housed = {key(0, 0): [STARTER, 0]}, []
    while tiles and len(tile_map) < count:
        board = Board(tile_map, housed)
        moves = _placements(board, tiles[:3])
        if not moves:
            tiles.append(tiles.pop(0))
            continue
        m = rng.choice(moves)
        known = rng.random()  # what is known of a map before it grows is carried over
        if known < 0.4:
            board.layout.spots()
        elif known < 0.7:
            board.layout.frontier()
        tiles.remove(m["tile"])
        tile_map[key(m["x"], m["y"])] = [m["tile"], m["rotation"]]
        board = Board(tile_map, housed)
        enc = rng.choice(board.enclosures)
        free = [a for a in SPECIES_BY_TERRAIN[enc.terrain] if all(h["animal"] != a for h in housed)]
        if free and rng.random() < 0.4 and not (enc.species - {ANIMAL[free[0]][0]}):
            x, y = enc.anchor()
            housed.append({"animal": free[0], "owner": 0, "x": x, "y": y, "lock": False})
        yield dict(tile_map), list(housed)


def test_enclosures_are_the_flood_fill_enclosures_in_the_same_order():
    for seed in range(4):
        for tile_map, housed in grown_maps(seed):
            board = Board(tile_map, housed)
            expected, enc_of, terrain = flood_fill(tile_map)
            assert [(e.terrain, e.size, e.locked) for e in board.enclosures] == [
                (t, len(blocks), locked) for t, blocks, locked in expected]
            for e, (_t, blocks, _l) in zip(board.enclosures, expected, strict=True):
                assert sorted(e.blocks) == sorted(blocks)
                assert e.anchor() == min(blocks, key=lambda b: (b[1], b[0]))
            assert dict(board.enc_of) == enc_of and dict(board.terrain) == terrain
            for h in housed:
                assert h in board.enclosures[enc_of[(h["x"], h["y"])]].animals


def test_listed_placements_are_exactly_the_spots_the_full_check_accepts():
    """"A new tile must touch the map along at least one full edge, and on at least one of its
    touching edges at least one pair of facing blocks must be the same terrain", and "no two
    species may end up sharing": the quick listing agrees with the full check of every spot and
    rotation, for every tile, animals housed or not."""
    rng = random.Random(7)
    for seed in range(3):
        for tile_map, housed in grown_maps(seed, count=22):
            board = Board(tile_map, housed)
            for tid in rng.sample([t[0] for t in TILES if t[0] != STARTER], 6):
                expected = [(x, y, rot) for x, y in board.frontier() for rot in range(4)
                            if board.check(tid, rot, x, y)[0] is None]
                assert board.placements(tid) == expected
                assert _placements(board, [tid]) == [
                    {"type": "place_tile", "tile": tid, "x": x, "y": y, "rotation": rot}
                    for x, y, rot in expected]
                assert _placements(board, [tid], first=True) == ([True] if expected else [])


def test_a_spot_between_two_species_lists_only_placements_that_keep_them_apart():
    """"No two species may end up sharing": a desert tile between a Taipan enclosure and a
    Devil enclosure is not listed where it would join them."""
    desert9, dd_ff, dd_gg = "komodo-tile-01", "komodo-tile-05", "komodo-tile-09"
    taipan, devil = "komodo-animal-01", "komodo-animal-03"
    tile_map = {key(0, 0): [desert9, 0], key(2, 0): [dd_ff, 0]}
    housed = [{"animal": taipan, "owner": 0, "x": 0, "y": 0, "lock": False},
              {"animal": devil, "owner": 1, "x": 6, "y": 0, "lock": False}]
    assert (1, 0, 0) in Board(tile_map, []).placements(dd_gg)
    assert (1, 0, 0) not in Board(tile_map, housed).placements(dd_gg)


def test_boards_of_one_map_share_its_analysis_but_not_their_animals():
    tile_map = {key(0, 0): [STARTER, 0]}
    one = Board(tile_map, [{"animal": next(iter(ANIMAL)), "owner": 0, "x": 0, "y": 0, "lock": False}])
    two = Board(dict(tile_map), [])
    assert one.layout is two.layout
    assert one.enclosure_at(0, 0).animals and not two.enclosure_at(0, 0).animals


def test_sides_pair_facing_blocks():
    """Edges meet block to block: the neighbour's facing letters line up with this tile's."""
    face = FACES[(STARTER, 0)]
    for side, (_dx, _dy, mine, theirs) in enumerate(SIDES):
        assert face.edges[side] == "".join(face.cells[a] for a in mine)
        assert face.facing[side] == "".join(face.cells[b] for b in theirs)


def test_a_map_grown_by_one_tile_is_analysed_as_if_from_scratch():
    """The analysis carried over from the map before the last tile equals a fresh one."""
    for seed in range(3):
        for tile_map, _housed in grown_maps(seed):
            grown = layout_of(tile_map)
            fresh = Layout(grown.items)
            assert grown.node_enc == fresh.node_enc
            assert (grown.enc_terrain, grown.enc_size, grown.enc_locked) == (
                fresh.enc_terrain, fresh.enc_size, fresh.enc_locked)
            assert grown.frontier() == fresh.frontier()
            assert grown.spots() == fresh.spots()
            assert [grown.anchor(i) for i in range(len(grown.enc_terrain))] == [
                fresh.anchor(i) for i in range(len(fresh.enc_terrain))]
            assert dict(grown.enc_of) == dict(fresh.enc_of)
            for tid in [t[0] for t in TILES[1:]]:
                assert grown.colour_fits(tid) == fresh.colour_fits(tid)


def test_the_spots_beside_an_enclosure_are_those_facing_its_blocks():
    """A tile laid on an empty spot touches an enclosure when one of the twelve blocks around
    the spot belongs to it (the risky-spot search starts from these)."""
    for seed in range(2):
        for tile_map, housed in grown_maps(seed):
            board = Board(tile_map, housed)
            for index in range(len(board.enclosures)):
                expected = set()
                for sx, sy in board.frontier():
                    around = [(3 * sx + dx, 3 * sy + dy) for dx, dy in
                              [(-1, 0), (-1, 1), (-1, 2), (3, 0), (3, 1), (3, 2),
                               (0, -1), (1, -1), (2, -1), (0, 3), (1, 3), (2, 3)]]
                    if any(board.enc_of.get(b) == index for b in around):
                        expected.add((sx, sy))
                assert board.layout.beside(index) == expected


def test_spots_between_two_species_get_the_full_check_in_played_games():
    """Where two species of one terrain live on both sides of a spot, the listing takes the
    full check's word: maps of random games with such spots, a sample of tiles each."""
    game, boards = Komodo(), []
    for seed in (0, 7):  # games that have such spots for dozens of plies
        run = playout(game, 3, seed=seed)
        state = start(game, seed, 3, run.options, run.seat_options)
        for ply, (seat, move) in enumerate(run.moves, 1):
            board = Board(state["map"], state["housed"])
            if board.risky_spots():
                boards.append(board)
            state = play(game, state, seat, move, ply, seed)
    assert len(boards) >= 40
    rng = random.Random(5)
    for board in boards[::3]:
        for tid in rng.sample([t[0] for t in TILES if t[0] != STARTER], 8):
            expected = [(x, y, rot) for x, y in board.frontier() for rot in range(4)
                        if board.check(tid, rot, x, y)[0] is None]
            assert board.placements(tid) == expected
            assert [(m["x"], m["y"], m["rotation"]) for m in _placements(board, [tid])] == expected


def test_a_lifted_tile_goes_down_again_wherever_the_full_check_allows():
    """Remodeling: the lifted tile may go back where it lay or to any spot and rotation where
    a fresh tile could go, keeping every housed animal enough land; the listing (which skips
    spots the colour rule refuses) agrees with the full check of every spot and rotation."""
    game, lifted = Komodo(), 0
    for seed in range(4):
        run = playout(game, 3, seed=seed)
        state = start(game, seed, 3, run.options, run.seat_options)
        for ply, (seat, move) in enumerate(run.moves, 1):
            if state["phase"] == "remodel":
                lifted += 1
                board, (fx, fy, frot) = Board(state["map"], state["housed"]), state["pending"]["from"]
                expected = []
                for x, y in board.frontier():
                    for rot in range(4):
                        reason, groups = board.check(state["pending"]["tile"], rot, x, y,
                                                     colour=(x, y, rot) != (fx, fy, frot))
                        if reason is None and board.animals_fit(groups):
                            expected.append({"type": "remodel_place", "x": x, "y": y, "rotation": rot})
                if {"type": "remodel_place", "x": fx, "y": fy, "rotation": frot} not in expected:
                    expected.append({"type": "remodel_place", "x": fx, "y": fy, "rotation": frot})
                assert game.legal_moves(state, seat) == expected
            state = play(game, state, seat, move, ply, seed)
    assert lifted >= 4


def test_a_remembered_layout_holds_almost_nothing_the_garbage_collector_walks():
    """Hundreds of analysed maps are remembered; when each held dozens of lists, sets and
    enclosure objects, garbage collections walking them took half of a random playout. A
    layout keeps its analysis in tuples and dictionaries of plain values, which the collector
    stops tracking: besides the shared tile faces, only the faces mapping."""
    *_, (tile_map, housed) = grown_maps(0)
    before = Layout(layout_of(tile_map).items[:-1])
    before.spots()
    layout = Layout(layout_of(tile_map).items, before)  # grown from the map before, as in play
    board = Board(tile_map, housed, layout)
    _placements(board, [t[0] for t in TILES[1:6]])
    for x, y in board.frontier():  # a bot's full check of every spot: what each spot faces
        board.check(TILES[1][0], 0, x, y)
    layout.anchor(0), layout.blocks(0)
    for _ in range(3):  # a tuple inside a tuple is untracked one collection after its contents
        gc.collect()
    held = list(vars(layout).values())
    assert len([v for v in held if gc.is_tracked(v)]) <= 1
    faces = {id(f) for f in FACES.values()}
    assert not [o for o in gc.get_referents(*held) if gc.is_tracked(o) and id(o) not in faces]


def test_no_tile_has_two_separate_regions_of_one_terrain():
    """What the placement check relies on (``Board.check``): an enclosure the new tile meets
    joins the tile's one region of that terrain, so a tile never joins two of its own regions
    through the map."""
    for (tid, _rotation), face in FACES.items():
        land = [t for t in face.region_terrain if t != ROCK]
        assert len(land) == len(set(land)), tid


def test_a_tile_meeting_one_enclosure_on_two_sides_joins_it_once():
    """A tile laid in the corner of an L-shaped desert meets it on two edges; the check counts
    that enclosure's land once in the tile's desert region."""
    desert = "komodo-tile-01"  # nine blocks of desert
    board = Board({key(0, 0): [desert, 0], key(1, 0): [desert, 0], key(1, 1): [desert, 0]}, [])
    reason, groups = board.check(desert, 0, 0, 1)
    assert reason is None
    assert groups == [["D", 9 + 27, [0]]]
