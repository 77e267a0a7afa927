"""The two variants: Tame the Wildness (wild cards on display) and the co-operative game."""

from __future__ import annotations

from core.engine import IllegalMove
from core.engine.cards import draw
from core.engine.fields import get_int, get_str

from .common import (
    ALL_ANIMALS,
    ESCAPES,
    EXCHANGE,
    HAND_ANIMALS,
    LOVER,
    REMODELING,
    THIEF,
    WILD,
    _take_kind,
    _touch,
    species,
    who,
)
from .enclosures import _escapable
from .terrain import _liftable, _placements, tile_number


class Variants:
    """Tame the Wildness picks, and the co-operative turn with its threats."""

    def move_take_wild(self, state, seat, move, rng):
        self._phase(state, "tame_pick")
        kind = get_str(move, "kind")
        card = _take_kind(state["display"], kind)
        state["hands"][seat]["wilds"].append(card)
        state["log"].append(f"{who(seat)} takes {kind} from the display.")
        state["pending"]["order"].pop(0)
        if not state["pending"]["order"]:
            state["pending"] = None
            self._start_turn(state, 0)
        return state

    def move_first_player(self, state, seat, move, rng):
        """Co-op: the team (announced by the first seat) picks who starts, seeing all hands."""
        self._phase(state, "choose_first")
        first = get_int(move, "seat", 0, state["players"] - 1)
        state["log"].append(f"The team chooses {who(first)} to start.")
        self._start_turn(state, first)
        return state

    def move_end_turn(self, state, seat, move, rng):
        self._turn_only(state, seat)
        if state["variant"] != "coop":
            raise IllegalMove("Replenish your hand to end your turn.")
        coop = state["coop"]
        if not state["turn"]["housed_any"]:
            return self._coop_lose(state, f"{who(seat)} could not house an animal this turn.")
        if any(x["animal"] in coop["must"] and x["owner"] == seat for x in state["loose"]):
            return self._coop_lose(state, f"{who(seat)} did not re-house the animal that escaped.")
        card = draw(state["wilds"], 1, rng)[0]
        state["wilds"]["discard"].append(card)
        kind = WILD[card]
        state["log"].append(f"Threat: {'Land Theft' if kind == THIEF else kind}.")
        board = self._board(state)
        if kind == ESCAPES:
            if _escapable(state, board, 1):
                state["phase"] = "threat_escape"
                return state
            state["log"].append("No animal can escape.")
        elif kind == EXCHANGE:
            if state["hands"][seat]["animals"]:
                return self._open_pass(state, then="refill", rng=rng)
            self._coop_refill(state, seat, rng)
            return self._open_pass(state, then="next")
        elif kind == LOVER:
            if state["hands"][seat]["tiles"]:
                if not _placements(board, state["hands"][seat]["tiles"], first=True):
                    return self._coop_lose(
                        state, f"{who(seat)} cannot place every tile for Land Lover."
                    )
                state["phase"] = "lover"
                return state
        elif kind == THIEF:
            if state["tiles"]:
                state["removed"].append(state["tiles"].pop())
                state["log"].append("The top tile leaves the game unseen.")
        elif kind == REMODELING:
            if _liftable(state, board):
                state["phase"] = "threat_remodel"
                return state
            state["log"].append("No tile can be remodelled.")
        self._finish_coop_turn(state, seat, rng)
        return state

    def move_threat_remodel(self, state, seat, move, rng):
        self._phase(state, "threat_remodel")
        tid = get_str(move, "tile")
        self._lift(state, tid)
        state["pending"]["threat"] = True
        state["log"].append(f"{who(seat)} lifts tile {tile_number(tid)} to remodel.")
        return state

    def move_threat_escape(self, state, seat, move, rng):
        self._phase(state, "threat_escape")
        animal = get_str(move, "animal")
        board = self._board(state)
        housed = next((h for h in _escapable(state, board, 1) if h["animal"] == animal), None)
        if housed is None:
            raise IllegalMove("Choose an unlocked housed animal.")
        state["housed"].remove(housed)
        state["loose"].append({"animal": animal, "owner": seat})
        _touch(state, animals=[animal])
        state["coop"]["must"].append(animal)
        state["log"].append(
            f"The {species(animal)} escapes to {who(seat)}, who must re-house it next turn."
        )
        self._finish_coop_turn(state, seat, rng)
        return state

    def _coop_refill(self, state, seat, rng):
        hand = state["hands"][seat]
        self._draw_tiles(state, seat, state["hand_tiles"])
        mine_loose = sum(
            1 for x in state["loose"] if x["owner"] == seat and x["animal"] in state["coop"]["must"]
        )
        self._draw_animals(state, seat, HAND_ANIMALS - len(hand["animals"]) - mine_loose)

    def _finish_coop_turn(self, state, seat, rng):
        self._coop_refill(state, seat, rng)
        self._next_coop_turn(state)

    def _next_coop_turn(self, state):
        state["log"].append(f"{who(state['active'])} ends their turn.")
        if self._check_coop_win(state):
            return
        self._start_turn(state, (state["active"] + 1) % state["players"])

    def _coop_lose(self, state, why):
        state["coop"]["lost"] = why
        self._end_game(state, f"The team loses: {why}")
        return state

    def _check_coop_win(self, state):
        if state["coop"] is None or len(state["housed"]) < len(ALL_ANIMALS):
            return False
        self._end_game(state, "All 32 animals are housed: the team wins!")
        return True
