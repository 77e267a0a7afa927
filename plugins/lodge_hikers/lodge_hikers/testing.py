"""Exact tables for tests: chosen hands, row and the next cards of each deck (pure, no Django)."""

from __future__ import annotations

import itertools

from core.engine.play import play, start

from .catalog import CUSTOMERS, SNACKS, TOKEN_SUPPLY
from .rules import LodgeHikers

GAME = LodgeHikers()
_ply = itertools.count(1)


def new(players=4, seed=1, **options):
    return start(GAME, seed, players, options, [{} for _ in range(players)])


def arrange(state, hands=None, row=None, next_customers=(), next_snacks=(), tokens=None):
    """Rewrite ``state`` so hands, row and the tops of the decks are exactly as given.

    ``row`` is a list of (customer code, [snack numbers]) pairs; ``next_customers`` and
    ``next_snacks`` are drawn first, in the order given. Every other card goes to its draw pile.
    """
    if hands is not None:
        state["hands"] = [sorted(h) for h in hands]
    if row is not None:
        state["row"] = [{"customer": code, "snacks": list(snacks)} for code, snacks in row]
    if tokens is not None:
        state["tokens"] = [{"1": 0, "3": 0} for _ in tokens]
        state["supply"] = dict(TOKEN_SUPPLY)
        for seat, count in enumerate(tokens):
            GAME._gain(state, seat, count)
    everything = [n for h in state["hands"] for n in h]
    everything += [n for slot in state["row"] for n in slot["snacks"]] + list(next_snacks)
    if len(everything) != len(set(everything)):
        raise ValueError("a snack card is used twice in this table")
    used_snacks = {n for h in state["hands"] for n in h}
    used_snacks |= {n for slot in state["row"] for n in slot["snacks"]}
    used_snacks |= set(next_snacks)
    rest = [n for n in SNACKS if n not in used_snacks]
    state["snacks"] = {"draw": rest + list(reversed(next_snacks)), "discard": []}
    used_customers = {slot["customer"] for slot in state["row"]} | set(next_customers)
    used_customers |= {c for got in state["collected"] for c in got}
    rest = [c for c in CUSTOMERS if c not in used_customers]
    state["customers"] = {"draw": rest + list(reversed(next_customers)), "discard": []}
    return state


def act(state, seat, move):
    return play(GAME, state, seat, move, next(_ply), "tests")


def pick_all(state, picks):
    """Every seat picks the given card (a dict seat -> card)."""
    for seat, card in picks.items():
        state = act(state, seat, {"type": "pick", "card": card})
    return state
