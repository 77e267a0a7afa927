"""Test helpers for Komodo, shared by the plugin's rule and rulebook tests: a game past its
set-up picks, cards moved by hand into a hand or onto the map (so a test sets up exactly the
position a rule talks about), and moves played through the engine with its checks."""

from __future__ import annotations

from core.engine import resolve_options
from core.engine.play import play, start

from .catalog import WILDS
from .rules import Komodo

GAME = Komodo()
STARTER = "komodo-tile-00"
DESERT9 = "komodo-tile-01"  # all desert, padlock in the centre
RAINFOREST9 = "komodo-tile-02"  # all rainforest
GRASS9 = "komodo-tile-03"  # all grassland
WATER9 = "komodo-tile-04"  # all water
DD_FF = "komodo-tile-05"  # DDD / DDD / FFF, no padlock
DD_GG = "komodo-tile-09"  # DDD / DDD / GGG, no padlock
DW_LOCK = "komodo-tile-16"  # DDD / DWW / WWW, padlock on a water block
TAIPAN5, TAIPAN10, DEVIL5 = "komodo-animal-01", "komodo-animal-02", "komodo-animal-03"
QUOKKA, QUOLL5, HORNBILL = "komodo-animal-05", "komodo-animal-17", "komodo-animal-23"
PENGUIN5, PENGUIN10 = "komodo-animal-26", "komodo-animal-27"
_ply = [0]


def wild(kind: str, n: int = 0) -> str:
    """The ``n``-th wild card of a kind."""
    return [w for w, k in WILDS if k == kind][n]


def act(state, seat, move, seed: str = "t"):
    """Play ``move`` with the engine's checks, each call on a ply of its own."""
    _ply[0] += 1
    return play(GAME, state, seat, move, _ply[0], seed)


def dealt(players=3, variant="basic", seed=1, **extra):
    options, seats = resolve_options(GAME, players, {"variant": variant, **extra})
    return start(GAME, seed, players, options, seats)


def begin(players=3, variant="basic", seed=1, **extra):
    """A game past its set-up picks: everyone gave back their first animal card, the Tame
    players took the first kind on display, the co-op team chose the first seat."""
    state = dealt(players, variant, seed, **extra)
    if state["phase"] == "keep":
        for s in range(players):
            state = act(state, s, {"type": "return_animal", "animal": state["hands"][s]["animals"][0]})
    if state["phase"] == "choose_first":
        state = act(state, 0, {"type": "first_player", "seat": 0})
    while state["phase"] == "tame_pick":
        seat = min(GAME.to_act(state))
        state = act(state, seat, GAME.legal_moves(state, seat)[0])
    return state


def places(state):
    """Every pile, display and hand a card may lie in."""
    yield state["tiles"]
    yield state["animals"]
    yield state["wilds"]["draw"]
    yield state["wilds"]["discard"]
    yield state["display"]
    for h in state["hands"]:
        yield h["tiles"]
        yield h["animals"]
        yield h["wilds"]


def lift(state, card):
    """Take ``card`` out of wherever it lies."""
    for place in places(state):
        if card in place:
            place.remove(card)


def give(state, seat, *cards, kind=None):
    """Move cards into a seat's hand from wherever they are."""
    for card in cards:
        lift(state, card)
        part = kind or ("tiles" if "tile" in card else "animals" if "animal" in card else "wilds")
        state["hands"][seat][part].append(card)
    return state


def lay(state, x, y, tile, rot=0):
    lift(state, tile)
    state["map"][f"{x},{y}"] = [tile, rot]
    return state


def house_direct(state, animal, owner, x, y):
    lift(state, animal)
    state["housed"].append({"animal": animal, "owner": owner, "x": x, "y": y, "lock": False})
    return state
