"""A heuristic Lodge (hikers) bot: completes orders, dodges squirrels, aims for exactly 5.

It decides from what the seat may know (its own hand and the public table), as a person would:
each snack in hand is valued by what it would most likely do this turn (complete an order,
feed one, or be eaten), discounted by the chance that a lower card gets there first.

Squirrel tokens are valued by where they are likely to end, not where they are now: every
Squirrel card still to come gives one more token to each player who already has one, so the
bot expects as many more as the Squirrel cards it can see left in the customer deck, times the
share of the deck the rest of the game will turn over. A token that would sit well now (the
fifth) can be a poor one with several Squirrel cards to come.

For the search bot (the hard strength) the planner offers a shortlist of its best cards at a
pick (``root_moves``), and judges rollouts cut after ``search_horizon`` plies by points and
squirrels as it values them (``interim_scores``), each seat by the size of its lead
(``search_lead_scale``); what each decision asks of the table is
worked out once (:class:`Table`), so a rollout ply is cheap.
"""

from __future__ import annotations

import math

from core.engine import Bot

from .catalog import HIKERS, SNACK_TYPES, SNACKS, SQUIRREL_WIN, SQUIRRELS, squirrel_points
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
#: Cards the search bot's root weighs at a pick (the planner's best by its card values).
ROOT_PICKS = 3
#: Plies a search rollout plays before the planner's interim scores judge it: two or three
#: turns (a turn is one pick per player and a few placements). A whole game is about 110 plies
#: at four players, so rollouts to the end left the search 15-30 iterations in 1 s.
SEARCH_HORIZON = 12
#: A cut rollout is judged by the size of each seat's lead over the best of the others, as a
#: chance of finishing first (``core.engine.search.leads``), not by rank: at four seats a rank
#: rewards second place, and two paired rollouts mostly share who leads. ``bench/leads.py
#: lodge_hikers --games 400``: a lead worth three chances in four is some 7 points at two and
#: four players (5 in the last quarter, 10 in the first half at four). One hard seat and three
#: normal at 1 s, --mirror: the hard seat won 88 of 200 games from seed 4300 and 38 of 100 from
#: seed 4500, 42.0% in all; by rank it had won 38.4% of 388 games (other deals); on seed 4300's
#: first 124, judged only by whether it led (1 or 0), it won 46, and 55 by the size of its lead.
#: Hard vs normal, 2 seats, seed 4400 --mirror, 200 games: 66.0% won (61.0% by rank, other deals).
SEARCH_LEAD_SCALE = 7.0


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
    search_horizon = SEARCH_HORIZON
    search_lead_scale = SEARCH_LEAD_SCALE

    def root_moves(self, game, state, seat, rng):
        """The search bot's shortlist at a pick: the ``ROOT_PICKS`` cards this planner values
        most, so its few iterations tell those apart instead of spreading over the whole hand.
        None elsewhere (a placement or an ability): every move stays open."""
        if state["phase"] != "pick" or seat not in game.to_act(state):
            return None
        outlook, table = Outlook(state, seat), Table(state, seat)
        ranked = sorted(state["hands"][seat], reverse=True,
                        key=lambda c: (self._card_value(state, c, outlook, table), -c))
        return [{"type": "pick", "card": c} for c in ranked[:ROOT_PICKS]]

    def interim_scores(self, state):
        """Each player's standing for a search rollout cut short: customer points, and squirrel
        tokens at what they are likely to be worth at the end (:func:`expected_worth`, with the
        Squirrel cards still to come), not at the table's face value: five tokens early in the
        game are no +5, and nine with Squirrel cards to come are close to a loss."""
        to_come = squirrel_cards_to_come(state)
        return [sum(HIKERS[c]["points"] for c in state["collected"][s])
                + expected_worth(squirrel_count(state["tokens"][s]), to_come)
                for s in range(state["players"])]

    def choose(self, game, state, seat, rng):
        moves = game.legal_moves(state, seat)
        pending = state["pending"]
        outlook = Outlook(state, seat)
        if state["phase"] == "pick":
            table = Table(state, seat)
            return max(moves, key=lambda m: (self._card_value(state, m["card"], outlook, table),
                                             -m["card"]))
        if pending["kind"] == "place":
            return max(moves, key=lambda m: self._slot_value(state, m["slot"], 0.0, outlook))
        hand = state["hands"][seat]
        table = Table(state, seat)
        if pending["kind"] == "swap":
            worst = min(hand, key=lambda c: self._card_value(state, c, outlook, table))
            target = max((m["target"] for m in moves),
                         key=lambda t: (len(state["hands"][t]), rng.random()))
            return {"type": "swap", "card": worst, "target": target}
        useless = sorted((c for c in hand if not takers(state, c)),
                         key=lambda c: self._card_value(state, c, outlook, table))
        return {"type": "redraw", "cards": sorted(useless[:2])}

    def _ability_value(self, ability, outlook):
        if ability == "SQUIRREL1":
            return outlook.gain(1)
        if ability == "SQUIRREL2":
            return outlook.gain(2)
        if ability == "CLEAR_SQUIRRELS":
            return outlook.shed()
        return ABILITY_VALUE.get(ability, 0.0)

    def _slot_value(self, state, index, risk, outlook):
        slot = state["row"][index]
        card_info = HIKERS[slot["customer"]]
        left = sum(card_info["order"].values()) - len(slot["snacks"]) - 1
        if left == 0:
            gain = card_info["points"] + self._ability_value(card_info["ability"], outlook)
            return gain * (1.0 - risk)
        if left == 1:
            return -0.3 * card_info["points"]
        return 0.1

    def _card_value(self, state, card, outlook, table):
        """What playing ``card`` this turn is worth: the best customer it can feed, unless lower
        cards of its type take that room first, and the squirrels' token if they take it all."""
        eaten = outlook.gain(1)
        options = takers(state, card)
        if not options:
            return eaten - 0.05 * card
        kind = SNACKS[card]
        rivals, chance = table.rivals, table.lower_chance(card)
        squeezed = table.at_least(table.room(kind), rivals, chance)
        snatch = table.at_least(1, rivals, chance)
        best = max(self._slot_value(state, i, snatch, outlook) for i in options)
        # A card that only fits where another of my cards also fits is less urgent.
        spare = table.held[kind] - (card in table.hand)
        return ((1.0 - squeezed) * best + squeezed * eaten - 0.05 * spare
                + 0.01 * sum(room_for(state["row"][i], kind) for i in options))


class Table:
    """What every card a seat weighs in one decision asks of the table, worked out once: how
    many cards are revealed with its own (the other hands still holding cards, and the
    automatic card), the chance that one of them is a lower card of a given card's type (a
    rival for the same room, from the cards the seat cannot see), and the room each snack type
    has in the row. Working these out per card was most of a search rollout's time."""

    def __init__(self, state, seat):
        self.row = state["row"]
        self.hand = set(state["hands"][seat])
        self.rivals = sum(1 for s, h in enumerate(state["hands"]) if s != seat and h)
        if state["automatic"]:
            self.rivals += 1
        seen = self.hand | {n for slot in self.row for n in slot["snacks"]}
        self.unseen = len(SNACKS) - len(seen)
        # below[n]: the unseen cards of n's type numbered lower than n
        self.below, counts = {}, dict.fromkeys(SNACK_TYPES, 0)
        for n in sorted(SNACKS):
            self.below[n] = counts[SNACKS[n]]
            if n not in seen:
                counts[SNACKS[n]] += 1
        self.held = dict.fromkeys(SNACK_TYPES, 0)
        for c in self.hand:
            self.held[SNACKS[c]] += 1
        self._room, self._at_least = {}, {}

    def lower_chance(self, card):
        return self.below[card] / self.unseen if self.unseen else 0.0

    def room(self, kind):
        """How many more cards of ``kind`` the customers in the row can take."""
        if kind not in self._room:
            self._room[kind] = sum(HIKERS[slot["customer"]]["order"].get(kind, 0)
                                   - sum(1 for n in slot["snacks"] if SNACKS[n] == kind)
                                   for slot in self.row if slot["customer"] is not None)
        return self._room[kind]

    def at_least(self, needed, tries, chance):
        key = (needed, tries, chance)
        if key not in self._at_least:
            self._at_least[key] = at_least(needed, tries, chance)
        return self._at_least[key]
