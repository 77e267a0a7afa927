"""The Komodo game object: metadata, options, setup, whose move it is and the legal moves."""

from __future__ import annotations

from itertools import combinations

from core.engine import Game, Option

from ..catalog import COOP_REMOVED, STARTER, TAME_REMOVED, WILDS
from ..terrain import starter_map
from .common import (
    ALL_ANIMALS,
    HAND_TILES,
    RECYCLING,
    WILD,
    Base,
    _kinds,
    _tile_ids,
    new_marks,
    new_turn,
)
from .enclosures import EnclosureMoves, _escapable
from .sampling import Sampling
from .scoring import Scoring
from .terrain import TerrainMoves, _liftable, _placements
from .turns import TurnKinds
from .variants import Variants
from .view import Views
from .wilds import WildCards

SECRET_PICKS = ("keep", "pass")  # phases in which several seats pick at once, unseen

# phases whose moves start no last-move marks: the opening's secret pick, marked once resolved
# (move_return_animal), and the co-op team's choice of who starts, which the board shows anyway
UNMARKED = ("keep", "choose_first")


class Komodo(
    Base,
    TerrainMoves,
    EnclosureMoves,
    TurnKinds,
    WildCards,
    Variants,
    Scoring,
    Views,
    Sampling,
    Game,
):
    """Komodo for 2-4 players: the move handlers live with their concern, one module each."""

    slug = "komodo"
    name = "Komodo"
    min_players = 2
    max_players = 4
    playing_time = "45-60 min"
    #: Laying a tile and housing or re-housing an animal, before the turn ends by replenishing;
    #: wild cards and exchanges draw or show cards, so they stand.
    undoable = frozenset({"place_tile", "house", "rehouse"})
    summary = (
        "Lay terrain tiles on one shared map and house your animals in large enough enclosures."
    )
    options = (
        Option(
            "variant",
            "Way to play",
            default="basic",
            choices=(
                ("basic", "Basic game"),
                ("tame", "Tame the Wildness (wild cards on open display)"),
                ("coop", "Collaborate to Save the Animals (cooperative)"),
            ),
        ),
        Option(
            "difficulty",
            "Cooperative difficulty (tiles in hand)",
            default=5,
            choices=((5, "Medium: 5 tiles"), (4, "Difficult: 4 tiles"), (3, "Extreme: 3 tiles")),
            help="Only used by the cooperative game.",
        ),
    )

    def setup(self, players, options, seat_options, rng):
        variant = options.get("variant", "basic")
        coop = variant == "coop"
        hand_tiles = int(options.get("difficulty", 5)) if coop else HAND_TILES
        tiles = [t for t in _tile_ids() if t != STARTER]
        rng.shuffle(tiles)
        animals = list(ALL_ANIMALS)
        rng.shuffle(animals)
        removed = COOP_REMOVED if coop else TAME_REMOVED if variant == "tame" else ()
        wild_ids = [w for w, kind in WILDS if kind not in removed]
        hands = []
        for _ in range(players):
            hand = {"tiles": [tiles.pop() for _ in range(hand_tiles)], "animals": [], "wilds": []}
            hand["animals"] = [animals.pop() for _ in range(2 if coop else 3)]
            hands.append(hand)
        state = {
            "players": players,
            "variant": variant,
            "hand_tiles": hand_tiles,
            "phase": "keep",
            "active": 0,
            "map": starter_map(),
            "tiles": tiles,
            "animals": animals,
            "wilds": {"draw": [], "discard": []},
            "display": [],
            "hands": hands,
            "housed": [],
            "loose": [],
            "removed": [],
            "turn": new_turn(),
            "pending": None,
            "final_left": None,
            "idle": 0,
            "coop": {"lost": None, "must": []} if coop else None,
            "turns": 0,
            "last": None,
            "over": False,
            "log": [],
        }
        if variant == "tame":
            state["display"] = sorted(wild_ids)
        else:
            first = [w for w in wild_ids if WILD[w] != RECYCLING]
            rng.shuffle(first)
            if not coop:
                for hand in hands:
                    hand["wilds"] = [first.pop() for _ in range(2)]
            rest = first + [w for w in wild_ids if WILD[w] == RECYCLING]
            rng.shuffle(rest)
            state["wilds"]["draw"] = rest
        if coop:
            state["phase"] = "choose_first"
            state["log"].append("The team looks at the open hands and chooses who starts.")
        else:
            state["pending"] = {"returns": {}}
            state["log"].append("Each player keeps two of their three animal cards.")
        return state

    def apply(self, state, seat, move, rng):
        """Every move of a turn belongs to that turn's last-move marks, and the first one starts
        them afresh: a turn spent exchanging cards, or one that changes no map square, is the
        last move as much as one that lays tiles, so the previous turn's marks must go (a
        refused move changes nothing: the engine drops the state it was tried on). Each Tame
        pick before the first turn is a move of its own."""
        phase, last = state["phase"], state.get("last") or {}
        if phase == "tame_pick":
            state["last"] = new_marks(state["turns"], seat)
        elif phase not in UNMARKED and last.get("turn") != state["turns"]:
            state["last"] = new_marks(state["turns"], state["active"])
        return super().apply(state, seat, move, rng)

    def to_act(self, state):
        phase = state["phase"]
        if phase == "over":
            return set()
        if phase == "keep":
            return {s for s in range(state["players"]) if str(s) not in state["pending"]["returns"]}
        if phase == "tame_pick":
            return {state["pending"]["order"][0]}
        if phase == "pass":
            p = state["pending"]
            return {s for s in p["holders"] if str(s) not in p["picks"]}
        if phase == "barter_offer":
            p = state["pending"]
            return {s for s in p["asked"] if str(s) not in p["offers"]}
        return {state["active"]}

    def decision_basis(self, state, seat):
        """Secret picks made at the same time (keeping two animal cards, passing one in an
        Animal Exchange) leave the others' basis alone: who has chosen already, and so who is
        still to act, changes nothing about what this seat's own pick means."""
        basis = super().decision_basis(state, seat)
        if state["phase"] in SECRET_PICKS:
            shown = basis["view"]
            shown.pop("to_act")
            shown["pending"] = {k: v for k, v in shown["pending"].items() if k != "chosen"}
        return basis

    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        phase = state["phase"]
        hand = state["hands"][seat]
        if phase == "keep":
            return [{"type": "return_animal", "animal": a} for a in hand["animals"]]
        if phase == "tame_pick":
            return [{"type": "take_wild", "kind": k} for k in _kinds(state["display"])]
        if phase == "choose_first":
            return [{"type": "first_player", "seat": s} for s in range(state["players"])]
        if phase == "pass":
            return [{"type": "pass_animal", "animal": a} for a in hand["animals"]]
        if phase == "barter_offer":
            offers = (
                [[]]
                + [[t] for t in hand["tiles"]]
                + [list(c) for c in combinations(hand["tiles"], 2)]
            )
            return [{"type": "barter_offer", "tiles": o} for o in offers]
        if phase == "barter_choose":
            return self._barter_choices(state)
        if phase == "request":
            p = state["pending"]
            moves = [{"type": "request_decline", "keep": k} for k in (True, False)]
            for taken in [a for ids in p["revealed"].values() for a in ids]:
                moves += [
                    {"type": "request_swap", "take": taken, "give": g} for g in hand["animals"]
                ]
            return moves
        board = self._board(state)
        if phase == "remodel":
            return [dict(m, type="remodel_place") for m in self._remodel_spots(state, board)]
        if phase == "threat_escape":
            return [
                {"type": "threat_escape", "animal": h["animal"]}
                for h in _escapable(state, board, 1)
            ]
        if phase == "threat_remodel":
            return [{"type": "threat_remodel", "tile": t} for t in _liftable(state, board)]
        if phase == "lover":
            return _placements(board, hand["tiles"])
        return self._turn_moves(state, seat, board)
