"""The kinds of turn: build (tiles, wild cards, housing), exchange, replenish, and the end."""

from __future__ import annotations

from itertools import combinations

from core.engine import IllegalMove
from core.engine.cards import draw
from core.engine.fields import get_int, get_str
from core.text import and_list, counted

from .common import (
    HAND_ANIMALS,
    HAND_TILES,
    TILE_LIMIT,
    _kinds,
    _subset,
    _take_kind,
    new_marks,
    new_turn,
    to_bottom_list,
    who,
)
from .enclosures import _homes
from .terrain import _placements


class TurnKinds:
    """The moves of a turn, exchanging, replenishing and the end of the game."""

    def _turn_moves(self, state, seat, board):
        hand, turn = state["hands"][seat], state["turn"]
        coop = state["variant"] == "coop"
        if turn["rehoused_other"]:  # a rescue is the whole turn
            return self._replenish_moves(state, seat, board)
        moves = []
        if not turn["acted"] and not coop:
            if state["tiles"]:
                for n in range(1, len(hand["tiles"]) + 1):
                    moves += [
                        {"type": "exchange_tiles", "tiles": list(c)}
                        for c in combinations(hand["tiles"], n)
                    ]
            if state["animals"]:
                for n in range(1, len(hand["animals"]) + 1):
                    moves += [
                        {"type": "exchange_animals", "animals": list(c)}
                        for c in combinations(hand["animals"], n)
                    ]
        if turn["placed"] < TILE_LIMIT or turn["lover"]:
            moves += _placements(board, hand["tiles"])
        for a in hand["animals"]:
            moves += [{"type": "house", "animal": a, "x": x, "y": y} for x, y in _homes(board, a)]
        for loose in state["loose"]:
            a = loose["animal"]
            if loose["owner"] != seat and turn["acted"]:  # a rescue must be the whole turn
                continue
            moves += [{"type": "rehouse", "animal": a, "x": x, "y": y} for x, y in _homes(board, a)]
        if not coop:
            moves += self._wild_moves(state, seat, board)
        moves += self._replenish_moves(state, seat, board)
        return moves

    def _replenish_moves(self, state, seat, board):
        hand, turn = state["hands"][seat], state["turn"]
        if state["variant"] == "coop":
            return [{"type": "end_turn"}]
        if turn["lover"] and hand["tiles"] and _placements(board, hand["tiles"], first=True):
            return []
        counts = [None]
        if not state["tiles"]:
            counts = list(range(0, max(0, HAND_ANIMALS - len(hand["animals"])) + 1))
        wilds = [None]
        if state["variant"] == "tame" and turn["housed_hand"] and len(hand["wilds"]) < 2:
            wilds += [k for k in _kinds(state["display"]) if k not in turn["used_types"]]
        moves = []
        for c in counts:
            for w in wilds:
                m = {"type": "replenish"}
                if c is not None:
                    m["animals"] = c
                if w is not None:
                    m["wild"] = w
                moves.append(m)
        return moves

    def move_return_animal(self, state, seat, move, rng):
        self._phase(state, "keep")
        hand = state["hands"][seat]
        animal = get_str(move, "animal")
        if animal not in hand["animals"]:
            raise IllegalMove("You can only return one of your own three animal cards.")
        if str(seat) in state["pending"]["returns"]:
            raise IllegalMove("You have already chosen.")
        state["pending"]["returns"][str(seat)] = animal
        state["log"].append(f"{who(seat)} has chosen which animal to return.")
        if len(state["pending"]["returns"]) == state["players"]:
            for s_text, a in state["pending"]["returns"].items():
                state["hands"][int(s_text)]["animals"].remove(a)
                state["animals"].append(a)
            rng.shuffle(state["animals"])
            state["log"].append("The returned animals are shuffled back into the pile.")
            # The board marks the pick as it marks a turn: everyone gave back a card (which one
            # stays secret), all at once, so no single seat is the one who played.
            state["last"] = new_marks(state["turns"], None)
            state["last"]["returned"] = list(range(state["players"]))
            state["pending"] = None
            if state["variant"] == "tame":
                state["phase"] = "tame_pick"
                state["pending"] = {"order": list(range(state["players"]))}
            else:
                self._start_turn(state, 0)
        return state

    def move_exchange_tiles(self, state, seat, move, rng):
        self._turn_only(state, seat)
        if state["variant"] == "coop":
            raise IllegalMove(
                "The cooperative game has no exchange turn: every turn must house an animal."
            )
        if state["turn"]["acted"]:
            raise IllegalMove("Exchanging tiles takes your whole turn.")
        tiles = _subset(move, "tiles", state["hands"][seat]["tiles"], "tile")
        if not state["tiles"]:
            raise IllegalMove("There are no tiles left to exchange with.")
        for t in tiles:
            state["hands"][seat]["tiles"].remove(t)
        to_bottom_list(state["tiles"], tiles)
        state["log"].append(f"{who(seat)} exchanges {counted(len(tiles), 'tile')}.")
        state["last"]["exchanged"] = {"tiles": len(tiles), "animals": 0}
        self._replenish(state, seat, None, None, rng)
        return state

    def move_exchange_animals(self, state, seat, move, rng):
        self._turn_only(state, seat)
        if state["variant"] == "coop":
            raise IllegalMove(
                "The cooperative game has no exchange turn: every turn must house an animal."
            )
        if state["turn"]["acted"]:
            raise IllegalMove("Exchanging animal cards takes your whole turn.")
        animals = _subset(move, "animals", state["hands"][seat]["animals"], "animal")
        if not state["animals"]:
            raise IllegalMove("There are no animal cards left to exchange with.")
        for a in animals:
            state["hands"][seat]["animals"].remove(a)
        to_bottom_list(state["animals"], animals)
        state["log"].append(f"{who(seat)} exchanges {counted(len(animals), 'animal card')}.")
        state["last"]["exchanged"] = {"tiles": 0, "animals": len(animals)}
        self._replenish(state, seat, None, None, rng)
        return state

    def move_replenish(self, state, seat, move, rng):
        self._turn_only(state, seat)
        if state["variant"] == "coop":
            raise IllegalMove("In the cooperative game end your turn instead.")
        hand, turn = state["hands"][seat], state["turn"]
        if (
            turn["lover"]
            and hand["tiles"]
            and _placements(self._board(state), hand["tiles"], first=True)
        ):
            raise IllegalMove("Land Lover: you must place every tile you hold before replenishing.")
        count = None
        if "animals" in move:
            if state["tiles"]:
                raise IllegalMove(
                    "You may only choose how many animal cards to take once the tiles run out."
                )
            count = get_int(move, "animals", 0, max(0, HAND_ANIMALS - len(hand["animals"])))
        wild = None
        if "wild" in move and move["wild"] is not None:
            if state["variant"] != "tame":
                raise IllegalMove("Only in Tame the Wildness do you choose a wild card.")
            wild = get_str(move, "wild")
            if not turn["housed_hand"]:
                raise IllegalMove(
                    "You take a wild card only after housing an animal from your hand."
                )
            if len(hand["wilds"]) >= 2:
                raise IllegalMove("You already hold two wild cards.")
            if wild in turn["used_types"]:
                raise IllegalMove("You cannot take a wild card of a type you used this turn.")
            if wild not in _kinds(state["display"]):
                raise IllegalMove("That wild card is not on display.")
        self._replenish(state, seat, count, wild, rng)
        return state

    def _draw_animals(self, state, seat, count):
        for _ in range(max(0, count)):
            if not state["animals"]:
                break
            state["hands"][seat]["animals"].append(state["animals"].pop())

    def _draw_tiles(self, state, seat, size):
        hand = state["hands"][seat]["tiles"]
        while len(hand) < size and state["tiles"]:
            hand.append(state["tiles"].pop())

    def _replenish(self, state, seat, count, wild, rng):
        hand, turn = state["hands"][seat], state["turn"]
        no_tiles = not state["tiles"]
        if wild is not None:
            hand["wilds"].append(_take_kind(state["display"], wild))
        self._draw_tiles(state, seat, HAND_TILES)
        want = HAND_ANIMALS - len(hand["animals"])
        self._draw_animals(state, seat, count if (no_tiles and count is not None) else want)
        if state["variant"] == "basic" and turn["housed_hand"] and len(hand["wilds"]) < 3:
            hand["wilds"] += draw(state["wilds"], 1, rng)
        state["log"].append(f"{who(seat)} replenishes and ends their turn.")
        n = state["players"]
        if no_tiles and not turn["placed"] and not turn["housed_any"]:
            state["idle"] += 1
        else:
            state["idle"] = 0
        if state["final_left"] is not None:
            state["final_left"] -= 1
            if state["final_left"] <= 0:
                return self._end_game(state, "Every player has had their final turn.")
        else:
            short = [s for s in range(n) if len(state["hands"][s]["tiles"]) < 3]
            if short:
                state["final_left"] = n
                names = and_list(who(s) for s in short)
                holds = "holds" if len(short) == 1 else "hold"
                state["log"].append(
                    f"{names} {holds} fewer than three tiles: everyone takes one final turn."
                )
        if state["idle"] >= n and state["final_left"] is None:
            return self._end_game(
                state, "The tiles are gone and a full round passed with no progress."
            )
        self._start_turn(state, (seat + 1) % n)

    def _start_turn(self, state, seat):
        state["turns"] = state.get("turns", 0) + 1
        state["active"] = seat
        state["turn"] = new_turn()
        state["phase"] = "turn"

    def _end_game(self, state, why):
        state["phase"] = "over"
        state["over"] = True
        state["pending"] = None
        state["log"].append(f"Game over. {why}")
