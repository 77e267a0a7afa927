"""Komodo rules as pure functions over a JSON state (no Django here): ``from komodo.rules import Komodo``.

Modules, along the game's concerns: common (names, constants, shared checks), terrain (laying
tiles), enclosures (homes and housing), turns (the kinds of turn, replenishing, the end),
wilds (the wild cards), variants (Tame the Wildness, the co-operative game and its threats),
scoring (the result), view (what each seat sees), game (the game object that joins them).

State outline::

    variant        "basic" | "tame" | "coop"
    phase          keep | tame_pick | turn | pass | request | barter_offer | barter_choose |
                   remodel | threat_escape | threat_remodel | lover | over
    active         the seat whose turn it is
    map            {"x,y": [tile id, rotation]} (tile units; see terrain.py)
    tiles/animals  face-down draw piles (top = end of the list)
    wilds          {"draw": [...], "discard": [...]} (basic and coop); display [...] (tame)
    hands          per seat {"tiles", "animals", "wilds"}
    housed         [{"animal", "owner", "x", "y", "lock"}] (x, y = a block of its enclosure;
                   lock = a padlock carried along by Relocation)
    loose          [{"animal", "owner"}] animals on the loose (card in front of the owner)
    turn           what the active player has done this turn
    turns, last    how many turns have begun; what the most recent move(s) touched, for the
                   board's last-move marks (common.new_marks; every move of a turn adds to it)
    pending        the open wild-card interaction (exchange picks, request, barter, remodel)
"""

from ..terrain import ANIMAL
from .common import WILD
from .game import Komodo
from .terrain import _placements

__all__ = ["ANIMAL", "WILD", "Komodo", "_placements"]
