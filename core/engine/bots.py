"""Bots choose a move for a seat. The random bot works for every game.

A bot gets the full state because some games' legal moves need it, but a fair bot decides from
``game.view(state, seat)`` and ``game.legal_moves(state, seat)`` only, as a person would.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from .game import Game, Move, State


class Bot:
    """Base class. ``game`` is the slug the bot plays (``"*"`` = any game)."""

    name: ClassVar[str] = "bot"
    label: ClassVar[str] = "Bot"
    game: ClassVar[str] = "*"

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> Move:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<Bot {self.game}:{self.name}>"


class RandomBot(Bot):
    """Picks uniformly among the legal moves: the baseline every other bot must beat."""

    name = "random"
    label = "Random bot"

    def choose(self, game: Game, state: State, seat: int, rng: random.Random) -> Move:
        moves = game.legal_moves(state, seat)
        if not moves:
            raise RuntimeError(f"{game.slug}: seat {seat} is to act but has no legal move")
        return rng.choice(moves)


def describe(bot: Bot) -> dict[str, Any]:
    return {"name": bot.name, "label": bot.label, "game": bot.game}
