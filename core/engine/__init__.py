"""The pure game contract: everything a game needs, nothing from Django.

A game is a :class:`Game` subclass with metadata and pure functions over a JSON-serialisable
state. The framework owns randomness (:func:`rng_for`), copying (:func:`play`), replay and
playouts, so a game only has to describe its rules.
"""

from __future__ import annotations

from .bots import Bot, RandomBot, Situation, decide
from .errors import IllegalMove, MalformedMove
from .game import Game, Option, OptionError, Result
from .play import play, replay, resolve_options
from .playout import Playout, playout
from .rng import rng_for
from .secrets import find_leaks

__all__ = [
    "Bot",
    "Game",
    "IllegalMove",
    "MalformedMove",
    "Option",
    "OptionError",
    "Playout",
    "RandomBot",
    "Result",
    "Situation",
    "decide",
    "find_leaks",
    "play",
    "playout",
    "replay",
    "resolve_options",
    "rng_for",
]
