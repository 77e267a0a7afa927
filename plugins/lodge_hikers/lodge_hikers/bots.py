"""A heuristic Lodge (hikers) bot: completes orders, dodges squirrels, aims for exactly 5.

It decides from what the seat may know (its own hand and the public table), as a person would:
each snack in hand is valued by what it would most likely do this turn (complete an order,
feed one, or be eaten), discounted by the chance that a lower card gets there first.

Squirrel tokens are valued by where they are likely to end, not where they are now: every
Squirrel card still to come gives one more token to each player who already has one, so the
bot expects as many more as the Squirrel cards it can see left in the customer deck, times the
share of the deck the rest of the game will turn over. A token that would sit well now (the
fifth) can be a poor one with several Squirrel cards to come.
"""

from __future__ import annotations

import math

from core.engine import Bot

from .catalog import HIKERS, SNACKS, SQUIRREL_WIN, SQUIRRELS, squirrel_points
from .rules import room_for, squirrel_count, takers

#: Customer cards turned over per turn, by the number of players (measured in planner games:
#: about 0.85 at two players, 1.2 at four and 1.8 at six, squirrels included).
DRAWS_PER_TURN_BASE = 0.35
DRAWS_PER_TURN_PER_PLAYER = 0.24
#: Turns a round lasts from a full hand: down to 2 cards in the first rounds, to 0 in the last.
TURNS_PER_ROUND = 5
TURNS_LAST_ROUND = 7
POISSON_TERMS = 12

ABILITY_VALUE = {"DRAW1": 0.6, "DRAW2_OTHERS1": 0.6, "REDRAW2": 0.3, "SWAP": 0.2}


def squirrel_worth(count: int) -> float:
    """How a squirrel total feels at the end: -1 each, +5 at exactly 5, a win at 10."""
    if count == SQUIRREL_WIN:
        return 25.0
    if count > SQUIRREL_WIN:
        return -30.0
    return float(squirrel_points(count))


def turns_left(state) -> int:
    """A rough count of the turns still to play, this one included."""
    final = state["round"] >= state["rounds"]
    shortest = min((len(h) for h in state["hands"] if h), default=0)
    now = max(1, shortest - (0 if final else 2))
    if final:
        return now
    return now + TURNS_PER_ROUND * (state["rounds"] - state["round"] - 1) + TURNS_LAST_ROUND


def squirrel_cards_to_come(state) -> float:
    """How many Squirrel cards the rest of the game should turn over, on average."""
    deck = state["customers"]["draw"]
    if not deck:
        return 0.0
    squirrels = sum(1 for c in deck if c in SQUIRRELS)
    draws = turns_left(state) * (DRAWS_PER_TURN_BASE
                                 + DRAWS_PER_TURN_PER_PLAYER * state["players"])
    return squirrels * min(1.0, draws / len(deck))


def expected_worth(count: int, to_come: float) -> float:
    """``squirrel_worth`` of the final total, with one more token per Squirrel card to come
    while the player holds any (Poisson-many cards, ``to_come`` on average)."""
    if count == 0 or to_come <= 0:
        return squirrel_worth(count)
    total, mass, chance = 0.0, 0.0, math.exp(-to_come)
    for more in range(POISSON_TERMS):
        total += chance * squirrel_worth(count + more)
        mass += chance
        chance *= to_come / (more + 1)
    return total + (1.0 - mass) * squirrel_worth(count + POISSON_TERMS)


def at_least(needed: int, tries: int, chance: float) -> float:
    """The chance of ``needed`` or more successes in ``tries`` independent tries."""
    if needed <= 0:
        return 1.0
    miss = sum(math.comb(tries, k) * chance ** k * (1.0 - chance) ** (tries - k)
               for k in range(min(needed, tries + 1)))
    return max(0.0, 1.0 - miss)


class Outlook:
    """One seat's squirrel prospects for one decision: its tokens now and the Squirrel cards to
    come, with what each further token (or shedding them all) is worth. Built once per decision,
    since every card the seat weighs asks the same questions."""

    def __init__(self, state, seat):
        self.have = squirrel_count(state["tokens"][seat])
        self.to_come = squirrel_cards_to_come(state)
        self._worth = {}

    def worth(self, count):
        if count not in self._worth:
            self._worth[count] = expected_worth(count, self.to_come)
        return self._worth[count]

    def gain(self, tokens):
        return self.worth(self.have + tokens) - self.worth(self.have)

    def shed(self):
        return self.worth(0) - self.worth(self.have)


class SnackPlanner(Bot):
    name = "planner"
    label = "Snack planner"
    game = "lodge_hikers"

    def choose(self, game, state, seat, rng):
        moves = game.legal_moves(state, seat)
        pending = state["pending"]
        outlook = Outlook(state, seat)
        if state["phase"] == "pick":
            return max(moves, key=lambda m: (self._card_value(state, seat, m["card"], outlook),
                                             -m["card"]))
        if pending["kind"] == "place":
            return max(moves, key=lambda m: self._slot_value(state, seat, m["slot"],
                                                             pending["card"], 0.0, outlook))
        if pending["kind"] == "swap":
            hand = state["hands"][seat]
            worst = min(hand, key=lambda c: self._card_value(state, seat, c, outlook))
            target = max((m["target"] for m in moves),
                         key=lambda t: (len(state["hands"][t]), rng.random()))
            return {"type": "swap", "card": worst, "target": target}
        hand = state["hands"][seat]
        useless = sorted((c for c in hand if not takers(state, c)),
                         key=lambda c: self._card_value(state, seat, c, outlook))
        return {"type": "redraw", "cards": sorted(useless[:2])}

    def _ability_value(self, ability, outlook):
        if ability == "SQUIRREL1":
            return outlook.gain(1)
        if ability == "SQUIRREL2":
            return outlook.gain(2)
        if ability == "CLEAR_SQUIRRELS":
            return outlook.shed()
        return ABILITY_VALUE.get(ability, 0.0)

    def _slot_value(self, state, seat, index, card, risk, outlook):
        slot = state["row"][index]
        card_info = HIKERS[slot["customer"]]
        left = sum(card_info["order"].values()) - len(slot["snacks"]) - 1
        if left == 0:
            gain = card_info["points"] + self._ability_value(card_info["ability"], outlook)
            return gain * (1.0 - risk)
        if left == 1:
            return -0.3 * card_info["points"]
        return 0.1

    def _lower_rivals(self, state, seat, card):
        """How many cards are revealed with mine, and the chance that one of them is a lower
        card of my card's type (a rival for the same room), from the cards I cannot see."""
        others = sum(1 for s, h in enumerate(state["hands"]) if s != seat and h)
        if state["automatic"]:
            others += 1
        seen = set(state["hands"][seat]) | {n for slot in state["row"] for n in slot["snacks"]}
        unseen = len(SNACKS) - len(seen)
        lower = sum(1 for n in range(1, card) if SNACKS[n] == SNACKS[card] and n not in seen)
        return others, (lower / unseen if unseen else 0.0)

    def _card_value(self, state, seat, card, outlook):
        """What playing ``card`` this turn is worth: the best customer it can feed, unless lower
        cards of its type take that room first, and the squirrels' token if they take it all."""
        eaten = outlook.gain(1)
        options = takers(state, card)
        if not options:
            return eaten - 0.05 * card
        kind = SNACKS[card]
        rivals, chance = self._lower_rivals(state, seat, card)
        room = sum(HIKERS[slot["customer"]]["order"].get(kind, 0)
                   - sum(1 for n in slot["snacks"] if SNACKS[n] == kind)
                   for slot in state["row"] if slot["customer"] is not None)
        squeezed = at_least(room, rivals, chance)
        snatch = at_least(1, rivals, chance)
        best = max(self._slot_value(state, seat, i, card, snatch, outlook) for i in options)
        # A card that only fits where another of my cards also fits is less urgent.
        spare = sum(1 for c in state["hands"][seat] if c != card and SNACKS[c] == kind)
        return ((1.0 - squeezed) * best + squeezed * eaten - 0.05 * spare
                + 0.01 * sum(room_for(state["row"][i], kind) for i in options))
