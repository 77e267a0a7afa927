"""Enclosures and the animals in them: homes, padlocks, pairs, housing."""

from __future__ import annotations

from core.engine import IllegalMove
from core.engine.fields import get_int, get_str

from ..catalog import TERRAINS
from ..terrain import ANIMAL
from .common import HAND_ANIMALS, _touch, species, who
from .terrain import tile_number


class EnclosureMoves:
    """Housing an animal from the hand and re-housing one on the loose."""

    def _check_home(self, board, animal, x, y):
        enc = board.enclosure_at(x, y)
        name, terrain, blocks = ANIMAL[animal]
        if enc is None or enc.terrain != terrain:
            raise IllegalMove(f"The {name} needs {TERRAINS[terrain]}.")
        if enc.size < blocks:
            raise IllegalMove(f"The {name} needs {blocks} blocks; that enclosure has {enc.size}.")
        if enc.species - {name}:
            raise IllegalMove("Different species cannot share an enclosure.")

    def move_house(self, state, seat, move, rng):
        self._turn_only(state, seat)
        animal, x, y = get_str(move, "animal"), get_int(move, "x"), get_int(move, "y")
        hand, turn = state["hands"][seat], state["turn"]
        if animal not in hand["animals"]:
            raise IllegalMove("You can only house an animal from your hand.")
        if turn["rehoused_other"]:
            raise IllegalMove(
                "You re-housed another player's animal this turn, so you cannot house from your hand."
            )
        self._check_home(self._board(state), animal, x, y)
        hand["animals"].remove(animal)
        state["housed"].append({"animal": animal, "owner": seat, "x": x, "y": y, "lock": False})
        turn["housed_hand"] = turn["housed_any"] = turn["acted"] = True
        _touch(state, animals=[animal])
        state["log"].append(
            f"{who(seat)} houses the {species(animal)} ({ANIMAL[animal][2]} points)"
            f" in {_enclosure_words(self._board(state), x, y)}."
        )
        if turn["on_tap"]:
            self._draw_animals(state, seat, HAND_ANIMALS - len(hand["animals"]))
        self._check_coop_win(state)
        return state

    def move_rehouse(self, state, seat, move, rng):
        self._turn_only(state, seat)
        animal, x, y = get_str(move, "animal"), get_int(move, "x"), get_int(move, "y")
        turn = state["turn"]
        loose = next((e for e in state["loose"] if e["animal"] == animal), None)
        if loose is None:
            raise IllegalMove("That animal is not on the loose.")
        if loose["owner"] != seat:
            if turn["housed_hand"]:
                raise IllegalMove(
                    "You housed an animal from your hand, so you cannot re-house another player's."
                )
            if turn["rehoused_other"]:
                raise IllegalMove("You may re-house only one other player's animal a turn.")
            if animal in turn["released"]:
                raise IllegalMove(
                    "You cannot re-house an opponent's animal you released this turn."
                )
            if turn["acted"]:
                raise IllegalMove(
                    "Re-housing another player's animal takes your whole turn: it must come first."
                )
        else:
            self._not_rescued(state)
        self._check_home(self._board(state), animal, x, y)
        state["loose"].remove(loose)
        state["housed"].append({"animal": animal, "owner": seat, "x": x, "y": y, "lock": False})
        turn["acted"] = turn["housed_any"] = True
        _touch(state, animals=[animal])
        if loose["owner"] != seat:
            turn["rehoused_other"] = True
            state["log"].append(
                f"{who(seat)} re-houses {who(loose['owner'])}'s {species(animal)} in"
                f" {_enclosure_words(self._board(state), x, y)} and takes its card."
            )
        else:
            state["log"].append(
                f"{who(seat)} re-houses their {species(animal)} in"
                f" {_enclosure_words(self._board(state), x, y)}."
            )
        if state["coop"] is not None and animal in state["coop"]["must"]:
            state["coop"]["must"].remove(animal)
        self._check_coop_win(state)
        return state


def _homes(board, animal):
    """One block (the anchor) of every enclosure that could take this animal now."""
    name, terrain, blocks = ANIMAL[animal]
    return [
        e.anchor()
        for e in board.enclosures
        if e.terrain == terrain and e.size >= blocks and not (e.animals and e.species - {name})
    ]


def _locked(board, housed):
    return housed.get("lock") or board.enclosure_at(housed["x"], housed["y"]).locked


def _pair_protected(board, housed):
    enc = board.enclosure_at(housed["x"], housed["y"])
    return sum(1 for h in enc.animals if species(h["animal"]) == species(housed["animal"])) > 1


def _escapable(state, board, cards):
    return [
        h
        for h in state["housed"]
        if not _locked(board, h) and (cards >= 2 or not _pair_protected(board, h))
    ]


def _enclosure_words(board, x, y):
    enc = board.enclosure_at(x, y)
    tile = tile_number(board.tile_at[(x // 3, y // 3)])
    return f"the {enc.size}-block {TERRAINS[enc.terrain]} at tile {tile}"
