"""A tiny trick-taking game with hidden hands, for testing bots and determinize in isolation.

Eight cards (values 1-4, two of each) are shuffled; each of two seats holds three, the rest form
a face-down stack. The leader plays a card face up, the other answers; the higher card takes the
trick (the leader wins ties) and leads next; both then draw while the stack lasts. Most tricks
wins. A seat sees its own hand, the cards played, the counts of the other hand and the stack.
"""

from __future__ import annotations

from core.engine import Game, IllegalMove, Result
from core.engine.game import ranks_by

CARDS = [f"c{value}{copy}" for value in range(1, 5) for copy in "ab"]
HAND = 3


def value(card: str) -> int:
    return int(card[1])


class HigherCard(Game):
    slug = "higher_card"
    name = "Higher card"
    summary = "Two seats, hidden hands, higher card takes the trick."

    def setup(self, players, options, seat_options, rng):
        deck = CARDS[:]
        rng.shuffle(deck)
        return {"hands": [deck[:HAND], deck[HAND:2 * HAND]], "stack": deck[2 * HAND:],
                "lead": 0, "trick": [], "tricks": [0, 0], "played": []}

    def to_act(self, state):
        if not any(state["hands"]):
            return set()
        return {state["lead"] if not state["trick"] else 1 - state["lead"]}

    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "play", "card": c} for c in sorted(state["hands"][seat])]

    def move_play(self, state, seat, move, rng):
        card = move.get("card")
        if card not in state["hands"][seat]:
            raise IllegalMove("That card is not in your hand.")
        state["hands"][seat].remove(card)
        state["trick"].append(card)
        state["played"].append(card)
        if len(state["trick"]) == 2:
            lead, answer = state["trick"]
            winner = state["lead"] if value(lead) >= value(answer) else 1 - state["lead"]
            state["tricks"][winner] += 1
            state["lead"], state["trick"] = winner, []
            for drawer in (winner, 1 - winner):
                if state["stack"]:
                    state["hands"][drawer].append(state["stack"].pop())
        return state

    def view(self, state, seat):
        return {
            "hand": None if seat is None else sorted(state["hands"][seat]),
            "hand_sizes": [len(h) for h in state["hands"]],
            "stack": len(state["stack"]),
            "lead": state["lead"], "trick": state["trick"], "tricks": state["tricks"],
            "played": state["played"],
        }

    def secrets(self, state, seat):
        hidden = set(state["stack"])
        for other, hand in enumerate(state["hands"]):
            if other != seat:
                hidden |= set(hand)
        return hidden

    def determinize(self, view, seat, rng):
        unknown = [c for c in CARDS if c not in view["hand"] and c not in view["played"]]
        rng.shuffle(unknown)
        other = 1 - seat
        hands = [None, None]
        hands[seat] = list(view["hand"])
        hands[other] = unknown[:view["hand_sizes"][other]]
        return {"hands": hands, "stack": unknown[view["hand_sizes"][other]:], "lead": view["lead"],
                "trick": list(view["trick"]), "tricks": list(view["tricks"]), "played": list(view["played"])}

    def result(self, state):
        if any(state["hands"]):
            return None
        return Result(scores=list(state["tricks"]), ranks=ranks_by([(t,) for t in state["tricks"]]))
