"""Names, constants and small helpers every part of the Komodo rules uses."""

from __future__ import annotations

from core.engine import IllegalMove
from core.engine.cards import to_bottom
from core.engine.fields import get_list

from ..catalog import ANIMALS, TERRAINS, TILES, WILDS
from ..terrain import ANIMAL, board_of

WILD = dict(WILDS)

ESCAPES, EXCHANGE, REQUEST, ON_TAP = (
    "Animal Escapes",
    "Animal Exchange",
    "Animal Request",
    "Animals on Tap",
)

BARTER, LOVER, THIEF = "Land Barter", "Land Lover", "Land Thief"

RELOCATION, RECYCLING, REMODELING = "Relocation", "Recycling", "Remodeling"

HAND_TILES, HAND_ANIMALS, TILE_LIMIT = 5, 2, 3

ALL_ANIMALS = [a[0] for a in ANIMALS]

MIN_HOME = min(a[3] for a in ANIMALS)  # the smallest enclosure any animal can live in

TERRAIN_LETTERS = tuple(TERRAINS)

# where a neighbour lies (dx, dy) -> where the new tile lies from it
BESIDE = {(0, -1): "below", (1, 0): "left of", (0, 1): "above", (-1, 0): "right of"}


class Base:
    """What every move handler checks first, and the analysed map."""

    def _board(self, state):
        return board_of(state["map"], state["housed"])

    def _phase(self, state, phase):
        if state["phase"] != phase:
            raise IllegalMove("That move does not fit this moment of the game.")

    def _turn_only(self, state, seat):
        self._phase(state, "turn")
        if seat != state["active"]:
            raise IllegalMove("It is not your turn.")

    def _not_rescued(self, state):
        """Re-housing another player's animal is a kind of turn of its own, "instead of" laying
        tiles, playing wild cards and housing: after it, only the end of the turn is left."""
        if state["turn"]["rehoused_other"]:
            raise IllegalMove("Re-housing another player's animal is your whole turn: end it now.")


def who(seat: int) -> str:
    return f"Player {seat + 1}"


def species(animal: str) -> str:
    return ANIMAL[animal][0]


def new_turn() -> dict:
    return {
        "placed": 0,
        "housed_hand": False,
        "housed_any": False,
        "rehoused_other": False,
        "acted": False,
        "released": [],
        "used_types": [],
        "lover": False,
        "on_tap": False,
        "tried": [],
        "discarded": False,
    }


def new_marks(turn, seat):
    """A fresh record of what the most recent move(s) touched, for the board's last-move marks.

    ``seat`` is whose move it was (None when everyone picked at once); then the tiles laid and
    the animals whose markers moved, the seats that gave back an animal card at the opening or
    passed one in an Animal Exchange (never which card), and how many tiles or animal cards an
    exchange turn swapped (the cards go face down under the pile).
    """
    return {
        "turn": turn,
        "seat": seat,
        "tiles": [],
        "animals": [],
        "returned": [],
        "passed": [],
        "exchanged": {"tiles": 0, "animals": 0},
    }


def _touch(state, tiles=(), animals=()):
    """Add what a move changed on the map to its turn's last-move marks (begun by ``apply``)."""
    last = state["last"]
    last["tiles"] += list(tiles)
    last["animals"] += list(animals)


def _tile_ids():
    return [t[0] for t in TILES]


def to_bottom_list(pile, cards):
    to_bottom({"draw": pile}, cards)


def _kinds(cards):
    return sorted({WILD[c] for c in cards})


def _take_kind(cards, kind):
    card = next((c for c in sorted(cards) if WILD[c] == kind), None)
    if card is None:
        raise IllegalMove(f"There is no {kind} card to take.")
    cards.remove(card)
    return card


def _form_list(move, name, max_len=None):
    """A list field; a form sends one ticked box as a plain string and blanks for empty picks."""
    value = move.get(name)
    if isinstance(value, str):
        move = {name: [value]}
    items = get_list(move, name, str)
    items = [i for i in items if i]
    if max_len is not None and len(items) > max_len:
        raise IllegalMove(f"Choose at most {max_len}.")
    return items


def _subset(move, name, hand, noun, max_len=None):
    items = _form_list(move, name, max_len)
    if not items or len(set(items)) != len(items) or any(i not in hand for i in items):
        raise IllegalMove(f"Choose one or more different {noun}s from your hand.")
    return list(items)
