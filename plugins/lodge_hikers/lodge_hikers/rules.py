"""The rules of Lodge (hikers and snacks) as pure functions over a JSON state (no Django here).

A turn: every player with cards secretly picks a Snack card (``pick``); the last pick reveals
them all (plus the automatic card in 2-3 player games) and they are placed in ascending number.
The placement runs by itself until a player must decide something; then the game waits for that
player only (``place`` among several customers, ``swap`` or ``redraw`` for a won customer's
ability) and carries on after their move.

State (all JSON):
    players, rounds, round, turn, phase ("pick" | "resolve" | "over"), automatic (bool)
    hands[seat]: snack numbers; picks[seat]: number or None (secret until the reveal)
    row: [{"customer": code or None, "snacks": [numbers]}]; customers: {"draw", "discard"} codes
    snacks: {"draw", "discard"} numbers; collected[seat]: customer codes
    tokens[seat]: {"1": n, "3": n}; supply: {"1": n, "3": n}
    queue: revealed cards still to place [{"seat": seat or None, "card": n}]
    pending: None or {"kind": "place"|"swap"|"redraw", "seat": s, ...}
    reveal: the last reveal, entry per card with what became of it; log: public sentences
    squirrel_cards: every Squirrel card that came out, with the turn, what it ate and who it fed
    last: what the latest move touched in public {"seat", "cards", "slots", "tokens", "won",
        "squirrels"} (reset by every move, so boards can mark it)
"""

from __future__ import annotations

from itertools import combinations

from core.engine import Game, IllegalMove, Option, Result
from core.engine.cards import discard as deck_discard
from core.engine.cards import draw as deck_draw
from core.engine.cards import new_deck
from core.engine.fields import get_int, get_list
from core.engine.game import ranks_by
from core.text import and_list, counted

from .catalog import (
    ABILITIES,
    CUSTOMERS,
    HAND_SIZE,
    HIKERS,
    SNACK_LABELS,
    SNACK_TYPES,
    SNACKS,
    SQUIRREL_WIN,
    SQUIRRELS,
    TOKEN_SUPPLY,
    customer_id,
    snack_id,
    snack_label,
    squirrel_points,
)

REDRAW_MAX = 2
#: In interim scores, how far an outright squirrel win or loss sits from any points total.
OUTRIGHT = 100
PLURAL_LABELS = {"apple": "apples", "sandwich": "sandwiches", "smoothie": "smoothies",
                 "energy_bar": "energy bars"}


def who(seat: int | None) -> str:
    return "The automatic card" if seat is None else f"Player {seat + 1}"


def whose(seat: int | None) -> str:
    """``who`` in the middle of a sentence."""
    return "the automatic card" if seat is None else who(seat)


def eats_text(kinds: list[str]) -> str:
    """What a Squirrel card eats, in words: "apples and sandwiches"."""
    return and_list(PLURAL_LABELS[t] for t in kinds)


def rounds_for(players: int) -> int:
    return 2 if players >= 5 else 3


def row_size_for(players: int) -> int:
    return 4 if players >= 5 else 3


def squirrel_count(tokens: dict[str, int]) -> int:
    return tokens["1"] + 3 * tokens["3"]


def score_for(points: int, squirrels: int) -> int:
    """The score the final table gives: customer points, then -1 per squirrel with exactly 5
    worth +5; exactly 10 adds nothing (that player wins outright) and more than 10 still counts
    -1 each (that player loses whatever the total)."""
    if squirrels == SQUIRREL_WIN:
        return points
    if squirrels > SQUIRREL_WIN:
        return points - squirrels
    return points + squirrel_points(squirrels)


def room_for(slot: dict, snack_type: str) -> bool:
    """Whether the customer in ``slot`` wants ``snack_type`` and still has room for one more."""
    code = slot["customer"]
    if code is None:
        return False
    wanted = HIKERS[code]["order"].get(snack_type, 0)
    placed = sum(1 for n in slot["snacks"] if SNACKS[n] == snack_type)
    return placed < wanted


def order_complete(slot: dict) -> bool:
    code = slot["customer"]
    return code is not None and len(slot["snacks"]) == sum(HIKERS[code]["order"].values())


def _code(customer: str) -> str:
    """The catalogue code of a customer id shown in a view ("customer-H03" -> "H03")."""
    return customer.removeprefix("customer-")


def takers(state: dict, card: int) -> list[int]:
    """Row positions whose customer can take ``card`` (left to right)."""
    return [i for i, slot in enumerate(state["row"]) if room_for(slot, SNACKS[card])]


class LodgeHikers(Game):
    slug = "lodge_hikers"
    name = "Lodge: hikers and snacks"
    min_players = 2
    max_players = 6
    playing_time = "20 min"
    summary = ("Play snack cards to hungry hikers in ascending order; complete orders for points, "
               "and keep the squirrels at bay (or collect exactly ten).")
    options = (
        Option(
            "automatic", "Automatic snack card each turn", kind="bool", default=True,
            help="The 2-3 player rule: a snack from the deck joins every reveal.",
            players=(2, 3),
        ),
    )

    # ---- setup --------------------------------------------------------------------------
    def setup(self, players, options, seat_options, rng):
        customers = new_deck(CUSTOMERS, rng)
        row, set_aside = [], []
        while len(row) < row_size_for(players):
            code = customers["draw"].pop()
            if code in SQUIRRELS:
                set_aside.append(code)
            else:
                row.append({"customer": code, "snacks": []})
        customers["draw"].extend(set_aside)
        rng.shuffle(customers["draw"])
        snacks = new_deck(list(SNACKS), rng)
        hands = [sorted(deck_draw(snacks, HAND_SIZE, rng)) for _ in range(players)]
        state = {
            "players": players,
            "rounds": rounds_for(players),
            "round": 1,
            "turn": 1,
            "phase": "pick",
            "automatic": players <= 3 and bool(options.get("automatic", True)),
            "hands": hands,
            "picks": [None] * players,
            "row": row,
            "customers": customers,
            "snacks": snacks,
            "collected": [[] for _ in range(players)],
            "tokens": [{"1": 0, "3": 0} for _ in range(players)],
            "supply": dict(TOKEN_SUPPLY),
            "queue": [],
            "pending": None,
            "reveal": [],
            "squirrel_cards": [],
            "last": None,
            "log": [],
        }
        if set_aside:
            state["log"].append(
                f"{counted(len(set_aside), 'Squirrel card')} turned up while laying out the row: "
                "replaced and shuffled back into the Customer deck without effect."
            )
        state["log"].append(f"Round 1 of {state['rounds']} begins.")
        return state

    # ---- whose turn -----------------------------------------------------------------------
    def to_act(self, state):
        if state["phase"] == "pick":
            return {s for s in range(state["players"])
                    if state["picks"][s] is None and state["hands"][s]}
        if state["phase"] == "resolve" and state["pending"]:
            return {state["pending"]["seat"]}
        return set()

    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        hand = sorted(state["hands"][seat])
        if state["phase"] == "pick":
            return [{"type": "pick", "card": n} for n in hand]
        pending = state["pending"]
        if pending["kind"] == "place":
            return [{"type": "place", "slot": i} for i in pending["options"]]
        if pending["kind"] == "swap":
            targets = self._swap_targets(state, seat)
            return [{"type": "swap", "card": n, "target": t} for n in hand for t in targets]
        moves = []
        for size in range(REDRAW_MAX + 1):
            moves += [{"type": "redraw", "cards": list(c)} for c in combinations(hand, size)]
        return moves

    # ---- moves ----------------------------------------------------------------------------
    def apply(self, state, seat, move, rng):
        """Every move starts a fresh record of what it touches (``state["last"]``)."""
        state["last"] = {"seat": seat, "cards": [], "slots": [], "tokens": [], "won": [],
                         "squirrels": 0}
        return super().apply(state, seat, move, rng)

    def move_pick(self, state, seat, move, rng):
        if state["phase"] != "pick":
            raise IllegalMove("Cards are not being picked right now.")
        card = get_int(move, "card")
        if card not in state["hands"][seat]:
            raise IllegalMove("You can only play a Snack card from your hand.")
        if state["picks"][seat] is not None:
            raise IllegalMove("You have already picked a card this turn.")
        state["picks"][seat] = card
        state["log"].append(f"{who(seat)} picked a card.")
        if not self.to_act(state):
            self._reveal(state, rng)
        return state

    def move_place(self, state, seat, move, rng):
        pending = self._pending(state, seat, "place")
        slot = get_int(move, "slot", 0, len(state["row"]) - 1)
        if slot not in pending["options"]:
            raise IllegalMove("That customer cannot take this snack.")
        state["pending"] = None
        entry = state["queue"].pop(0)
        self._place(state, entry, slot, rng)
        self._run(state, rng)
        return state

    def move_swap(self, state, seat, move, rng):
        pending = self._pending(state, seat, "swap")
        card = get_int(move, "card")
        target = get_int(move, "target", 0, state["players"] - 1)
        if card not in state["hands"][seat]:
            raise IllegalMove("You can only give a Snack card from your hand.")
        if target not in self._swap_targets(state, seat):
            raise IllegalMove("Choose another player who has Snack cards in hand.")
        taken = rng.choice(state["hands"][target])
        state["hands"][target].remove(taken)
        state["hands"][seat].remove(card)
        state["hands"][target].append(card)
        state["hands"][seat].append(taken)
        state["hands"][seat].sort()
        state["hands"][target].sort()
        state["log"].append(f"{who(seat)} gives a card to {who(target)} and takes one of theirs "
                            "at random.")
        state["pending"] = None
        self._finish_order(state, pending["slot"], rng)
        self._run(state, rng)
        return state

    def move_redraw(self, state, seat, move, rng):
        pending = self._pending(state, seat, "redraw")
        raw = move.get("cards")
        if raw is None:  # a form with no box ticked sends nothing
            cards = []
        elif isinstance(raw, int) and not isinstance(raw, bool):  # one box ticked
            cards = [raw]
        else:
            cards = get_list(move, "cards", int, max_len=REDRAW_MAX)
        if len(set(cards)) != len(cards):
            raise IllegalMove("Each card can be discarded only once.")
        hand = state["hands"][seat]
        if any(c not in hand for c in cards):
            raise IllegalMove("You can only discard Snack cards from your hand.")
        for c in cards:
            hand.remove(c)
        deck_discard(state["snacks"], cards)
        hand.extend(deck_draw(state["snacks"], len(cards), rng))
        hand.sort()
        state["log"].append(f"{who(seat)} discards {counted(len(cards), 'Snack card')} and "
                            "draws as many." if cards else f"{who(seat)} keeps their hand.")
        state["pending"] = None
        self._finish_order(state, pending["slot"], rng)
        self._run(state, rng)
        return state

    def _pending(self, state, seat, kind):
        pending = state["pending"]
        if state["phase"] != "resolve" or not pending or pending["seat"] != seat:
            raise IllegalMove("Nothing is waiting for you right now.")
        if pending["kind"] != kind:
            raise IllegalMove(f"The game is waiting for a '{pending['kind']}' move, not '{kind}'.")
        return pending

    # ---- the reveal and the ascending placement ---------------------------------------
    def _reveal(self, state, rng):
        queue = []
        for seat, card in enumerate(state["picks"]):
            if card is not None:
                state["hands"][seat].remove(card)
                queue.append({"seat": seat, "card": card})
        if state["automatic"]:
            drawn = deck_draw(state["snacks"], 1, rng)
            if drawn:
                queue.append({"seat": None, "card": drawn[0]})
        queue.sort(key=lambda e: e["card"])
        state["picks"] = [None] * state["players"]
        state["queue"] = queue
        state["reveal"] = [{"seat": e["seat"], "card": e["card"], "outcome": "waiting",
                            "customer": None} for e in queue]
        state["last"]["cards"] = [e["card"] for e in queue]
        state["phase"] = "resolve"
        shown = and_list(f"{whose(e['seat'])} shows {snack_label(e['card'])}" for e in queue)
        state["log"].append(f"Turn {state['turn']}, the cards are turned over: {shown}.")
        self._run(state, rng)

    def _run(self, state, rng):
        """Place queued cards in ascending order until a player must choose or the turn ends."""
        while state["pending"] is None and state["queue"]:
            entry = state["queue"][0]
            options = takers(state, entry["card"])
            if len(options) > 1 and entry["seat"] is not None:
                state["pending"] = {"kind": "place", "seat": entry["seat"], "card": entry["card"],
                                    "options": options}
                return
            state["queue"].pop(0)
            if options:
                self._place(state, entry, options[0], rng)
            else:
                self._eaten(state, entry)
        if state["pending"] is None:
            self._end_turn(state, rng)

    def _outcome(self, state, entry, outcome, customer=None):
        """Record what became of a revealed card (and that this move touched it)."""
        if entry["card"] not in state["last"]["cards"]:
            state["last"]["cards"].append(entry["card"])
        for shown in state["reveal"]:
            if shown["card"] == entry["card"] and shown["outcome"] == "waiting":
                shown["outcome"] = outcome
                shown["customer"] = customer
                return

    def _eaten(self, state, entry):
        deck_discard(state["snacks"], [entry["card"]])
        self._outcome(state, entry, "eaten")
        if entry["seat"] is None:
            state["log"].append(f"No customer can take the automatic card "
                                f"{snack_label(entry['card'])}; it is discarded.")
            return
        got = self._gain(state, entry["seat"], 1)
        state["log"].append(f"No customer can take {snack_label(entry['card'])}: the squirrels "
                            f"eat it and {who(entry['seat'])} takes "
                            f"{counted(got, 'Squirrel token')}.")

    def _place(self, state, entry, slot_index, rng):
        slot = state["row"][slot_index]
        slot["snacks"].append(entry["card"])
        state["last"]["slots"].append(slot_index)
        name = HIKERS[slot["customer"]]["name"]
        if not order_complete(slot):
            self._outcome(state, entry, "placed", name)
            state["log"].append(f"{who(entry['seat'])} places {snack_label(entry['card'])} "
                                f"on the {name}.")
            return
        self._outcome(state, entry, "completed", name)
        code = slot["customer"]
        slot["customer"] = None
        seat = entry["seat"]
        if seat is None:
            deck_discard(state["customers"], [code])
            state["log"].append(f"The automatic card {snack_label(entry['card'])} completes the "
                                f"{name}'s order; the {name} leaves the lodge.")
            self._finish_order(state, slot_index, rng)
            return
        state["collected"][seat].append(code)
        state["last"]["won"].append(seat)
        state["log"].append(f"{who(seat)} places {snack_label(entry['card'])} and completes the "
                            f"{name}'s order ({counted(HIKERS[code]['points'], 'point')}).")
        self._ability(state, seat, code, slot_index, rng)

    def _ability(self, state, seat, code, slot_index, rng):
        ability = HIKERS[code]["ability"]
        hands = state["hands"]
        if ability == "DRAW1":
            self._draw(state, seat, 1, rng)
        elif ability == "DRAW2_OTHERS1":
            self._draw(state, seat, 2, rng)
            for other in range(1, state["players"]):
                self._draw(state, (seat + other) % state["players"], 1, rng)
        elif ability in ("SQUIRREL1", "SQUIRREL2"):
            got = self._gain(state, seat, 1 if ability == "SQUIRREL1" else 2)
            state["log"].append(f"{who(seat)} takes {counted(got, 'Squirrel token')}.")
        elif ability == "CLEAR_SQUIRRELS":
            tokens = state["tokens"][seat]
            state["supply"]["1"] += tokens["1"]
            state["supply"]["3"] += tokens["3"]
            state["tokens"][seat] = {"1": 0, "3": 0}
            state["last"]["tokens"].append(seat)
            state["log"].append(f"{who(seat)} discards all their Squirrel tokens.")
        elif ability == "SWAP":
            if hands[seat] and self._swap_targets(state, seat):
                state["pending"] = {"kind": "swap", "seat": seat, "slot": slot_index}
                return
            state["log"].append("Nobody can swap a card, so the swap does nothing.")
        elif ability == "REDRAW2":
            if hands[seat]:
                state["pending"] = {"kind": "redraw", "seat": seat, "slot": slot_index}
                return
            state["log"].append(f"{who(seat)} has no card to discard.")
        self._finish_order(state, slot_index, rng)

    def _swap_targets(self, state, seat):
        return [t for t in range(state["players"]) if t != seat and state["hands"][t]]

    def _draw(self, state, seat, count, rng):
        drawn = deck_draw(state["snacks"], count, rng)
        state["hands"][seat].extend(drawn)
        state["hands"][seat].sort()
        state["log"].append(f"{who(seat)} draws {counted(len(drawn), 'Snack card')}.")

    def _finish_order(self, state, slot_index, rng):
        """After a completed order's ability: discard its snacks, then reveal a new customer."""
        slot = state["row"][slot_index]
        deck_discard(state["snacks"], slot["snacks"])
        slot["snacks"] = []
        self._refill(state, slot_index, rng)

    def _refill(self, state, slot_index, rng):
        """Reveal customers into an empty space, resolving every Squirrel until a hiker appears.

        If the Customer deck runs out, its discard pile is shuffled into a new deck once per
        space; when nothing is left the space stays empty.
        """
        customers = state["customers"]
        reshuffled = False
        while True:
            if not customers["draw"]:
                if reshuffled or not customers["discard"]:
                    state["log"].append("The Customer deck is empty; the space stays empty.")
                    return
                customers["draw"], customers["discard"] = customers["discard"], []
                rng.shuffle(customers["draw"])
                reshuffled = True
                state["log"].append("The Customer deck ran out; its discards were shuffled.")
            code = customers["draw"].pop()
            if code in HIKERS:
                state["row"][slot_index]["customer"] = code
                state["last"]["slots"].append(slot_index)
                state["log"].append(f"The {HIKERS[code]['name']} arrives at the lodge.")
                return
            self._squirrel(state, code)
            deck_discard(customers, [code])

    def _squirrel(self, state, code):
        eats = SQUIRRELS[code]
        eaten = 0
        for slot in state["row"]:
            gone = [n for n in slot["snacks"] if SNACKS[n] in eats]
            if gone:
                slot["snacks"] = [n for n in slot["snacks"] if SNACKS[n] not in eats]
                deck_discard(state["snacks"], gone)
                eaten += len(gone)
        state["log"].append(f"A Squirrel card comes out and eats the {eats_text(eats)} under "
                            f"the customers ({counted(eaten, 'snack')}).")
        fed = []
        for seat in range(state["players"]):
            if not squirrel_count(state["tokens"][seat]):
                continue
            # A player the supply cannot pay (it is empty, or holds only 3s and they have a
            # single 1 to change) is not fed: the card's line names only who took a token.
            if self._gain(state, seat, 1):
                fed.append(seat)
                state["log"].append(f"{who(seat)} already had squirrels and takes 1 more token.")
            else:
                state["log"].append(f"{who(seat)} already had squirrels, but the supply cannot "
                                    "pay them a token.")
        state.setdefault("squirrel_cards", []).append({"eats": list(eats), "turn": state["turn"],
                                        "eaten": eaten, "fed": fed})
        state["last"]["squirrels"] += 1

    # ---- squirrel tokens: the box's limited supply of 1s and 3s ---------------------------
    def _gain(self, state, seat, count):
        """Give ``count`` Squirrel tokens' worth from the supply; returns how many were paid.

        The components ruling: "make change (three 1s for a 3) as needed; if the supply cannot
        pay, the player takes what is left". So the player's tokens and the supply are pooled
        and the player ends up with the new total in as many 3s as the pool allows, which keeps
        1s in the supply for change (a player with one 1 and only 3s left hands in the 1 for a
        3). When no mix of the pooled tokens makes the new total, the player takes the most the
        supply can give without going over ``count``: the card never gives more than it says,
        and an extra token can turn a total of 5 or 10 into a worse one. A player paid nothing
        keeps their tokens as they are and is not marked as touched by the move, so the board
        never shows them as having got something.
        """
        supply, tokens = state["supply"], state["tokens"][seat]
        ones = tokens["1"] + supply["1"]
        threes = tokens["3"] + supply["3"]
        have = squirrel_count(tokens)
        for paid in range(count, -1, -1):
            keep_3 = min(threes, (have + paid) // 3)
            keep_1 = have + paid - 3 * keep_3
            if keep_1 <= ones:
                break
        if not paid:
            return 0
        tokens.update({"1": keep_1, "3": keep_3})
        supply.update({"1": ones - keep_1, "3": threes - keep_3})
        if state.get("last") is not None:
            state["last"]["tokens"].append(seat)
        return paid

    # ---- turns and rounds -------------------------------------------------------------------
    def _end_turn(self, state, rng):
        state["phase"] = "pick"
        state["turn"] += 1
        hands = state["hands"]
        final = state["round"] >= state["rounds"]
        limit = 0 if final else 2
        if all(not h for h in hands) or any(len(h) <= limit for h in hands):
            self._end_round(state, rng)

    def _end_round(self, state, rng):
        if state["round"] >= state["rounds"]:
            state["phase"] = "over"
            state["log"].append("The last round is over: final scoring.")
            return
        state["round"] += 1
        state["log"].append(f"Round {state['round']} of {state['rounds']} begins; everyone "
                            f"refills to {HAND_SIZE} cards.")
        for seat in range(state["players"]):
            missing = HAND_SIZE - len(state["hands"][seat])
            if missing > 0:
                state["hands"][seat].extend(deck_draw(state["snacks"], missing, rng))
                state["hands"][seat].sort()
        if all(not h for h in state["hands"]):
            self._end_round(state, rng)

    # ---- what each seat may see ---------------------------------------------------------
    def _customer_view(self, code):
        """A customer waiting in the row (what it wants is in the slot's ``needs``)."""
        card = HIKERS[code]
        return {"id": customer_id(code), "name": card["name"], "points": card["points"],
                "ability": card["ability"],
                "ability_text": ABILITIES[card["ability"]] if card["ability"] else ""}

    def _won_view(self, code):
        """A customer a player has won: only what it scores matters any more."""
        return {"id": customer_id(code), "name": HIKERS[code]["name"],
                "points": HIKERS[code]["points"]}

    def _snack_view(self, number):
        return {"id": snack_id(number), "number": number, "type": SNACKS[number],
                "label": SNACK_LABELS[SNACKS[number]]}

    def view(self, state, seat):
        last = state.get("last") or {"seat": None, "cards": [], "slots": [], "tokens": [],
                                     "won": [], "squirrels": 0}
        row = []
        for i, slot in enumerate(state["row"]):
            entry = {"index": i, "customer": None, "snacks": [], "needs": [],
                     "is_last": i in last["slots"]}
            entry["snacks"] = [dict(self._snack_view(n), is_last=n in last["cards"])
                               for n in slot["snacks"]]
            if slot["customer"] is not None:
                entry["customer"] = self._customer_view(slot["customer"])
                order = HIKERS[slot["customer"]]["order"]
                for t in SNACK_TYPES:
                    if order.get(t):
                        placed = sum(1 for n in slot["snacks"] if SNACKS[n] == t)
                        entry["needs"].append({"type": t, "label": SNACK_LABELS[t],
                                               "wanted": order[t], "placed": placed})
            row.append(entry)
        result = self.result(state)
        players = []
        for s in range(state["players"]):
            codes = state["collected"][s]
            tokens = state["tokens"][s]
            players.append({
                "seat": s, "name": who(s), "hand_size": len(state["hands"][s]),
                "picked": state["picks"][s] is not None,
                "squirrels": squirrel_count(tokens), "tokens_1": tokens["1"],
                "tokens_3": tokens["3"],
                "customers": [self._won_view(c) for c in codes],
                "customer_points": sum(HIKERS[c]["points"] for c in codes),
                "score": score_for(sum(HIKERS[c]["points"] for c in codes),
                                   squirrel_count(tokens)),
                "is_last": s == last["seat"], "tokens_changed": s in last["tokens"],
                "won_customer": s in last["won"],
                "standing": None if result is None else {
                    "place": result.ranks[s], "score": result.scores[s],
                    "outcome": result.details["outcome"][s]},
            })
        pending = state["pending"]
        shown_pending = None
        if pending:
            shown_pending = {"kind": pending["kind"], "seat": pending["seat"]}
            if pending["kind"] == "place":
                shown_pending["card"] = self._public_card(pending["card"])
                shown_pending["options"] = pending["options"]
            else:
                shown_pending["slot"] = pending["slot"]
        me = None
        if seat is not None:
            pick = state["picks"][seat]
            me = {"seat": seat,
                  "hand": [self._snack_view(n) for n in sorted(state["hands"][seat])],
                  "pick": None if pick is None else self._snack_view(pick)}
        squirrel_cards = state.get("squirrel_cards", [])
        fresh = len(squirrel_cards) - last["squirrels"]
        return {
            "round": state["round"], "rounds": state["rounds"], "turn": state["turn"],
            "phase": state["phase"], "automatic": state["automatic"],
            "row": row, "players": players, "you": me, "pending": shown_pending,
            "waiting_for": sorted(self.to_act(state)),
            "reveal": [dict(e, **self._public_card(e["card"]), name=who(e["seat"]),
                            now=bool(state["queue"]) and state["queue"][0]["card"] == e["card"]
                            and pending is not None and pending["kind"] == "place",
                            is_last=e["card"] in last["cards"])
                       for e in state["reveal"]],
            "reveal_turn": state["turn"] if state["phase"] == "resolve" else state["turn"] - 1,
            "reveal_current": state["phase"] == "resolve",
            "squirrel_cards": [{"eats": card["eats"], "eats_text": eats_text(card["eats"]),
                                "turn": card["turn"], "eaten": card["eaten"],
                                "fed": list(card["fed"]), "is_last": i >= fresh}
                               for i, card in enumerate(squirrel_cards)],
            "squirrels_in_deck": sum(1 for c in state["customers"]["draw"] if c in SQUIRRELS),
            "snack_deck": len(state["snacks"]["draw"]),
            "snack_discard": len(state["snacks"]["discard"]),
            "customer_deck": len(state["customers"]["draw"]),
            "customer_discard": len(state["customers"]["discard"]),
            "customer_discards": [customer_id(c) for c in state["customers"]["discard"]],
            "supply": dict(state["supply"]),
            "last": {"seat": last["seat"], "cards": list(last["cards"]),
                     "slots": list(last["slots"]), "tokens": list(last["tokens"]),
                     "won": list(last["won"]), "squirrels": last["squirrels"]},
            "log": state["log"],
        }

    def determinize(self, view, seat, rng):
        """A full state ``seat`` cannot tell from the real one: the unseen Snack cards (other
        hands, their secret picks, the deck and the discard pile, whose redraw discards are not
        shown) are dealt at random with the sizes on show, and the unseen Customer cards are
        shuffled into the deck. Everything on the table is copied from the view."""
        players = len(view["players"])
        hands = [[] for _ in range(players)]
        picks = [None] * players
        mine = view["you"]
        hands[seat] = [c["number"] for c in mine["hand"]]
        if mine["pick"] is not None:
            picks[seat] = mine["pick"]["number"]
        row = [{"customer": None if slot["customer"] is None else _code(slot["customer"]["id"]),
                "snacks": [n["number"] for n in slot["snacks"]]} for slot in view["row"]]
        reveal = [{"seat": e["seat"], "card": e["card"], "outcome": e["outcome"],
                   "customer": e["customer"]} for e in view["reveal"]]
        queue = [{"seat": e["seat"], "card": e["card"]} for e in reveal
                 if e["outcome"] == "waiting"] if view["phase"] == "resolve" else []
        seen = set(hands[seat]) | {n for slot in row for n in slot["snacks"]}
        seen |= {e["card"] for e in queue}
        unseen = [n for n in SNACKS if n not in seen]
        rng.shuffle(unseen)
        for other in range(players):
            if other != seat:
                size = view["players"][other]["hand_size"]
                hands[other] = sorted(unseen[:size])
                del unseen[:size]
                if view["players"][other]["picked"]:
                    picks[other] = rng.choice(hands[other])
        discard = unseen[:view["snack_discard"]]
        snacks = {"draw": unseen[view["snack_discard"]:], "discard": discard}
        collected = [[_code(c["id"]) for c in p["customers"]] for p in view["players"]]
        customer_discard = [_code(c) for c in view["customer_discards"]]
        known = {slot["customer"] for slot in row} | set(customer_discard)
        known |= {c for got in collected for c in got}
        customer_draw = [c for c in CUSTOMERS if c not in known]
        rng.shuffle(customer_draw)
        pending = view["pending"]
        if pending is not None:
            pending = dict(pending)
            if pending["kind"] == "place":
                pending["card"] = pending["card"]["card"]
        last = view["last"]
        return {
            "players": players, "rounds": view["rounds"], "round": view["round"],
            "turn": view["turn"], "phase": view["phase"], "automatic": view["automatic"],
            "hands": hands, "picks": picks, "row": row,
            "customers": {"draw": customer_draw, "discard": customer_discard},
            "snacks": snacks, "collected": collected,
            "tokens": [{"1": p["tokens_1"], "3": p["tokens_3"]} for p in view["players"]],
            "supply": dict(view["supply"]), "queue": queue, "pending": pending,
            "reveal": reveal,
            "squirrel_cards": [{"eats": list(q["eats"]), "turn": q["turn"], "eaten": q["eaten"],
                                "fed": list(q["fed"])} for q in view["squirrel_cards"]],
            "last": None if last["seat"] is None and not last["cards"] else dict(last),
            "log": list(view["log"]),
        }

    def decision_basis(self, state, seat):
        """What ``seat`` decides on: its view and legal moves, minus what a simultaneous pick by
        someone else changes without changing the meaning of this seat's pick.

        While cards are being picked, another player's secret pick only flips their "has picked"
        flag, shrinks the list of seats still choosing and writes a log line; the customers, the
        hands and the turn stay the same, so a pick made before it still means what it meant.
        Once the last pick reveals the cards, the row, the hand and the turn change and a pick
        made on the old turn no longer fits.
        """
        basis = super().decision_basis(state, seat)
        view = basis["view"]
        for player in view["players"]:
            del player["tokens_changed"], player["won_customer"]
        if state["phase"] == "pick":
            del view["waiting_for"]
            for player in view["players"]:
                del player["picked"]
        return basis

    def _public_card(self, number):
        """A revealed card shown by number and type only: the card may later be reshuffled into
        the deck, and its id must not linger in views once it is hidden again."""
        return {"card": number, "type": SNACKS[number], "label": SNACK_LABELS[SNACKS[number]]}

    def secrets(self, state, seat):
        hidden = {snack_id(n) for n in state["snacks"]["draw"]}
        for s, hand in enumerate(state["hands"]):
            if s != seat:
                hidden |= {snack_id(n) for n in hand}
        hidden |= {customer_id(c) for c in state["customers"]["draw"]}
        return hidden

    # ---- the end ------------------------------------------------------------------------------
    def result(self, state):
        if state["phase"] != "over":
            return None
        n = state["players"]
        points = [sum(HIKERS[c]["points"] for c in state["collected"][s]) for s in range(n)]
        counts = [len(state["collected"][s]) for s in range(n)]
        squirrels = [squirrel_count(state["tokens"][s]) for s in range(n)]
        scores, keys, breakdown, outcome = [], [], [], []
        for s in range(n):
            sq = squirrels[s]
            if sq == SQUIRREL_WIN:
                sq_points, tier = 0, 2
                label = "10 squirrels: wins outright"
                how = f"wins outright with exactly 10 squirrels ({counted(points[s], 'point')} " \
                      "from customers)"
            elif sq > SQUIRREL_WIN:
                sq_points, tier = -sq, 0
                label = f"{sq} squirrels: more than 10, loses"
                how = f"loses with {sq} squirrels (more than 10), whatever the points"
            else:
                sq_points, tier = squirrel_points(sq), 1
                label = counted(sq, "squirrel") + (" (bonus)" if sq_points > 0 else "")
                how = (f"{counted(points[s] + sq_points, 'point')}: "
                       f"{counted(points[s], 'point')} from customers, "
                       f"{sq_points:+d} for {counted(sq, 'squirrel')}")
            score = score_for(points[s], sq)
            scores.append(score)
            breakdown.append({"customer points": points[s], label: sq_points})
            outcome.append(how)
            if tier == 2:
                keys.append((tier, points[s], counts[s]))
            else:
                keys.append((tier, score, -sq, counts[s]))
        if any(sq == SQUIRREL_WIN for sq in squirrels):
            tiebreak = ("A player with exactly 10 Squirrel tokens wins outright; ties among them "
                        "go to the most customer points, then the most customer cards. Players "
                        "with more than 10 lose whatever their points.")
        else:
            tiebreak = ("Most points wins (customers minus squirrels, exactly 5 squirrels is +5); "
                        "ties go to the fewest squirrels, then the most customer cards, then are "
                        "shared. Players with more than 10 squirrels lose whatever their points.")
        return Result(scores=scores, ranks=ranks_by(keys), tiebreak=tiebreak,
                      breakdown=breakdown,
                      details={"squirrels": squirrels, "customer_cards": counts,
                               "customer_points": points, "outcome": outcome})

    def interim_scores(self, state):
        """Each player's standing if the game ended now, for search rollouts cut short: customer
        points and squirrel points as in the final scoring, with exactly 10 squirrels placed above
        every points total and more than 10 below every one (an outright win and loss)."""
        scores = []
        for s in range(state["players"]):
            points = sum(HIKERS[c]["points"] for c in state["collected"][s])
            sq = squirrel_count(state["tokens"][s])
            if sq == SQUIRREL_WIN:
                scores.append(OUTRIGHT + points)
            elif sq > SQUIRREL_WIN:
                scores.append(points - sq - OUTRIGHT)
            else:
                scores.append(points + squirrel_points(sq))
        return scores

    def progress(self, state):
        if state["phase"] == "over":
            return 1.0
        return min(1.0, (state["round"] - 1) / state["rounds"])
