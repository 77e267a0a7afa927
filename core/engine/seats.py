"""Seat arithmetic: turn order and passing things around the table."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")



def order_from(first: int, players: int) -> list[int]:
    """Every seat once, in turn order, starting with ``first``."""
    return [(first + i) % players for i in range(players)]


def pass_along(items: list[T], direction: int = 1) -> list[T]:
    """What each seat holds after everyone passes to the seat ``direction`` places on (+1 left).

    ``result[s]`` is what seat ``s`` receives, i.e. what seat ``s - direction`` held.
    """
    n = len(items)
    return [items[(s - direction) % n] for s in range(n)]
