"""A heuristic Lodge (hikers) bot: completes orders, dodges squirrels, aims for exactly 5.

It decides from what the seat may know (its own hand and the public table), as a person would:
each snack in hand is valued by what it would most likely do this turn (complete an order,
feed one, or be eaten), discounted by the chance that a lower card gets there first.
"""

from __future__ import annotations

from core.engine import Bot

from .catalog import HIKERS, SNACKS, SQUIRREL_WIN, squirrel_points
from .rules import room_for, squirrel_count, takers

ABILITY_VALUE = {"DRAW1": 0.6, "DRAW2_OTHERS1": 0.6, "REDRAW2": 0.3, "SWAP": 0.2}


def squirrel_worth(count: int) -> float:
    """How a squirrel total feels at the end: -1 each, +5 at exactly 5, a win at 10."""
    if count == SQUIRREL_WIN:
        return 15.0
    if count > SQUIRREL_WIN:
        return -30.0
    return float(squirrel_points(count))


class SnackPlanner(Bot):
    name = "planner"
    label = "Snack planner"
    game = "lodge_hikers"

    def choose(self, game, state, seat, rng):
        moves = game.legal_moves(state, seat)
        pending = state["pending"]
        if state["phase"] == "pick":
            return max(moves, key=lambda m: (self._card_value(state, seat, m["card"]),
                                             -m["card"]))
        if pending["kind"] == "place":
            return max(moves, key=lambda m: self._slot_value(state, seat, m["slot"],
                                                             pending["card"], 0.0))
        if pending["kind"] == "swap":
            hand = state["hands"][seat]
            worst = min(hand, key=lambda c: self._card_value(state, seat, c))
            target = max((m["target"] for m in moves),
                         key=lambda t: (len(state["hands"][t]), rng.random()))
            return {"type": "swap", "card": worst, "target": target}
        hand = state["hands"][seat]
        useless = sorted((c for c in hand if not takers(state, c)),
                         key=lambda c: self._card_value(state, seat, c))
        return {"type": "redraw", "cards": sorted(useless[:2])}

    def _squirrel_delta(self, state, seat, gain):
        have = squirrel_count(state["tokens"][seat])
        return squirrel_worth(have + gain) - squirrel_worth(have)

    def _ability_value(self, state, seat, ability):
        if ability == "SQUIRREL1":
            return self._squirrel_delta(state, seat, 1)
        if ability == "SQUIRREL2":
            return self._squirrel_delta(state, seat, 2)
        if ability == "CLEAR_SQUIRRELS":
            have = squirrel_count(state["tokens"][seat])
            return squirrel_worth(0) - squirrel_worth(have)
        return ABILITY_VALUE.get(ability, 0.0)

    def _slot_value(self, state, seat, index, card, risk):
        slot = state["row"][index]
        card_info = HIKERS[slot["customer"]]
        left = sum(card_info["order"].values()) - len(slot["snacks"]) - 1
        if left == 0:
            gain = card_info["points"] + self._ability_value(state, seat, card_info["ability"])
            return gain * (1.0 - risk)
        if left == 1:
            return -0.3 * card_info["points"]
        return 0.1

    def _card_value(self, state, seat, card):
        options = takers(state, card)
        if not options:
            return self._squirrel_delta(state, seat, 1) - 0.05 * card
        others = sum(1 for s, h in enumerate(state["hands"]) if s != seat and h)
        if state["automatic"]:
            others += 1
        # Chance that some lower card of the same type takes the place first.
        snatch = min(0.9, others * (card / 60.0) * 0.3)
        best = max(self._slot_value(state, seat, i, card, snatch) for i in options)
        # A card that only fits where another of my cards also fits is less urgent.
        spare = sum(1 for c in state["hands"][seat]
                    if c != card and SNACKS[c] == SNACKS[card])
        return best - 0.05 * spare + 0.01 * sum(room_for(state["row"][i], SNACKS[card])
                                                for i in options)
