"""Oppo, the solo opponent (reconstructed: only its name, levels and Lodges bonus are sourced).

Oppo drafts by a fixed priority from the second hand, keeps every animal regardless of
requirements, places free climate markers at turns 5 and 10, and scores research VP at the end
of each round for the highest tier its Reserve meets.
"""

from __future__ import annotations

from core.text import counted

from .. import catalog as cat
from .. import constants as K
from .reserve import place_climate, symbols
from .scoring import research_reward, research_tier

OPPO = -1
PRODUCER_PRIORITY = ("grass", "tree", "fish", "invertebrate")


def choose(state: dict, hand: list[str]) -> str:
    """Oppo's pick: the best animal, else the producer it lacks most, else an action card."""
    animals = [c for c in hand if cat.animal(c)]
    if animals:
        return min(animals, key=lambda c: (-cat.animal(c).vp, cat.animal(c).deck != "C", c))
    producers = [c for c in hand if cat.card_kind(c) == "producer"]
    if producers:
        have = symbols(state["oppo"])

        def need(card: str) -> tuple:
            sym = [s for s in PRODUCER_PRIORITY if s in cat.producer_symbols(card)][0]
            return (have[sym], PRODUCER_PRIORITY.index(sym), card)

        return min(producers, key=need)
    return min(hand)


def draft(state: dict) -> None:
    hand = state["hands"][1]
    card = choose(state, hand)
    hand.remove(card)
    state["oppo"]["pick"] = card


def end_turn(state: dict) -> None:
    """Oppo acts last: its drafted card, then its free climate markers at turns 5 and 10."""
    o = state["oppo"]
    card = o["pick"]
    o["pick"] = None
    if card is not None:
        kind = cat.card_kind(card)
        if kind == "animal":
            o["reserve"].append(card)
        elif kind == "producer":
            o["producers"].append(card)
        else:
            state["discard"].append(card)
        state["log"].append(f"Oppo drafted {cat.card_name(card)}.")
    if state["turn"] in K.OPPO_CLIMATE_TURNS:
        count = K.OPPO_CLIMATE[o["level"]][K.OPPO_CLIMATE_TURNS.index(state["turn"])]
        placed = place_climate(state, o, OPPO, count)
        if placed:
            state["log"].append(f"Oppo places {counted(placed, 'climate marker')}.")


def score_research(state: dict) -> None:
    o = state["oppo"]
    gained = 0
    for card in state["research"]:
        tier = research_tier(o, card)
        if tier:
            gained += research_reward(state["round"], tier)[1]
    o["research_vp"] += gained
    state["log"].append(f"Oppo scores {counted(gained, 'research point')} this round.")
