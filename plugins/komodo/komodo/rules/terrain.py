"""Laying terrain tiles: where a tile may go, how a placement is told in words."""

from __future__ import annotations

from core.engine import IllegalMove
from core.engine.fields import get_int, get_str
from core.text import and_list

from ..catalog import STARTER, TERRAINS
from ..terrain import FACES, ROTATIONS, SIDES, TILE_NUMBER, key
from .common import BESIDE, TERRAIN_LETTERS, TILE_LIMIT, _tile_ids, _touch, who


class TerrainMoves:
    """Laying a tile from the hand (also for the co-operative Land Lover threat)."""

    def move_place_tile(self, state, seat, move, rng):
        lover_phase = state["phase"] == "lover"
        if not lover_phase:
            self._turn_only(state, seat)
            self._not_rescued(state)
        tid, x, y, rot = _placement_fields(move)
        hand, turn = state["hands"][seat], state["turn"]
        if tid not in hand["tiles"]:
            raise IllegalMove("You can only place a tile from your hand.")
        if not lover_phase and turn["placed"] >= TILE_LIMIT and not turn["lover"]:
            raise IllegalMove(
                "You may place at most three tiles a turn (unless you play Land Lover)."
            )
        board = self._board(state)
        reason, groups = board.check(tid, rot, x, y)
        if reason:
            raise IllegalMove(reason)
        hand["tiles"].remove(tid)
        state["map"][key(x, y)] = [tid, rot]
        turn["placed"] += 1
        turn["acted"] = True
        _touch(state, tiles=[tid])
        state["log"].append(f"{who(seat)} places {_placement_words(board, tid, x, y, groups)}.")
        if lover_phase:
            if not hand["tiles"]:
                self._finish_coop_turn(state, seat, rng)
            elif not _placements(self._board(state), hand["tiles"], first=True):
                return self._coop_lose(
                    state, f"{who(seat)} cannot place every tile for Land Lover."
                )
        return state


def _placement_fields(move):
    tid = get_str(move, "tile")
    x, y = get_int(move, "x", -60, 60), get_int(move, "y", -60, 60)
    rot = get_int(move, "rotation", 0, 3)
    return tid, x, y, rot


def _placements(board, tiles, first=False):
    """Every legal place_tile move for these tiles (or just whether one exists), tile by tile,
    spot by spot along the frontier, rotation by rotation: ``board.placements`` of each tile,
    built as moves in one pass over the frontier, since a playout lists them almost every ply."""
    if first:
        return [True] if any(board.placements(tid) for tid in tiles) else []
    spots, risky, moves = board.layout.spots(), board.risky_spots(), []
    for tid in tiles:
        number = TILE_NUMBER[tid]
        moves += [
            {"type": "place_tile", "tile": tid, "x": x, "y": y, "rotation": rot}
            for x, y, fits in spots
            for rot in ROTATIONS[fits[number]]
            if not risky or (x, y) not in risky or board.check(tid, rot, x, y)[0] is None
        ]
    return moves


def _placement_words(board, tid, x, y, groups):
    """ "tile 07 (desert and rainforest) right of tile 03, making 14 blocks of desert"."""
    near = next((x + dx, y + dy) for dx, dy, _m, _t in SIDES if (x + dx, y + dy) in board.tile_at)
    neighbour = board.tile_at[near]
    name = "the Starter" if neighbour == STARTER else f"tile {tile_number(neighbour)}"
    terrain, size, _encs = max(groups, key=lambda g: (g[1], g[0]))
    return (
        f"tile {tile_number(tid)} ({TILE_VIEWS[tid]['terrains']}) "
        f"{BESIDE[(near[0] - x, near[1] - y)]} {name}, making {size} blocks of {TERRAINS[terrain]}"
    )


def tile_number(tid):
    """The number printed on a tile (its id's last part), shown on the map and in buttons."""
    return tid.rsplit("-", 1)[1]


def _terrain_words(cells):
    return and_list(TERRAINS[t] for t in TERRAIN_LETTERS if t in cells)


def _liftable(state, board):
    """The tiles Remodeling may lift: any placed tile but the Starter with no animal marker on
    it, even one whose lifting parts the map (the publisher's answer: an island is fine)."""
    marked = board.marker_tiles()
    return sorted(tid for pos, tid in board.tile_at.items() if tid != STARTER and pos not in marked)


def _cells(cells, lock, ox, oy):
    return [
        {"x": ox + i % 3, "y": oy + i // 3, "t": c, "lock": i == lock} for i, c in enumerate(cells)
    ]


def _tile_view(tid):
    """How a tile is drawn, in its four turns (the same for every view: built once)."""
    return TILE_VIEWS[tid]


def _build_tile_view(tid):
    rotations = []
    for rot in range(4):
        face = FACES[(tid, rot)]
        rotations.append({"rotation": rot, "cells": _cells(face.cells, face.lock, 0, 0)})
    return {
        "id": tid,
        "number": tile_number(tid),
        "terrains": _terrain_words(FACES[(tid, 0)].cells),
        "rotations": rotations,
    }


TILE_VIEWS = {tid: _build_tile_view(tid) for tid in _tile_ids()}
