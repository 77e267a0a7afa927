"""Decks kept as plain lists of card ids inside a JSON state.

A deck is ``{"draw": [...], "discard": [...]}``; the top card is the end of ``draw`` (so drawing
is a cheap pop). Reshuffling the discard pile when the draw pile runs out is the common rule;
games that forbid it pass ``reshuffle=False``.
"""

from __future__ import annotations

import random


def new_deck(card_ids: list[str], rng: random.Random) -> dict[str, list[str]]:
    draw = list(card_ids)
    rng.shuffle(draw)
    return {"draw": draw, "discard": []}


def draw(deck: dict, count: int, rng: random.Random, reshuffle: bool = True) -> list[str]:
    """Take up to ``count`` cards off the top; fewer only when both piles are empty."""
    taken = []
    for _ in range(count):
        if not deck["draw"] and reshuffle and deck["discard"]:
            deck["draw"], deck["discard"] = deck["discard"], []
            rng.shuffle(deck["draw"])
        if not deck["draw"]:
            break
        taken.append(deck["draw"].pop())
    return taken


def discard(deck: dict, cards: list[str]) -> None:
    deck["discard"].extend(cards)


def to_bottom(deck: dict, cards: list[str]) -> None:
    deck["draw"][:0] = list(reversed(cards))


def remaining(deck: dict) -> int:
    return len(deck["draw"]) + len(deck["discard"])
