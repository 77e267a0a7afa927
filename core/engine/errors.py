"""Refusals a player can read.

Two kinds, because they call for different answers: a payload the game cannot even parse
(:class:`MalformedMove`, usually a client bug or a forged request) and a well-formed move the
rules do not allow right now (:class:`IllegalMove`). Both carry a sentence meant for the player.
"""

from __future__ import annotations


class IllegalMove(Exception):
    """The rules refuse this move now; ``reason`` says why in the player's words."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class MalformedMove(IllegalMove):
    """The payload is not a move of this game at all (wrong type, missing or bad field)."""
