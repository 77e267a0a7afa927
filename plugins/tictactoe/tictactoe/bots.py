"""A tic-tac-toe bot that wins when it can and blocks when it must.

It decides from what its seat may know (``needs = "view"``): the view's board and the seat's
legal moves, handed over in a :class:`core.engine.Situation`. Registered once, it is the normal
bot; core builds the easy and hard bots from it (:mod:`core.engine.strengths`).
"""

from __future__ import annotations

from core.engine import Bot

from .rules import LINES, MARKS


class Blocker(Bot):
    name = "blocker"
    label = "Blocker bot"
    game = "tictactoe"
    needs = "view"

    def choose(self, game, situation, rng):
        board = situation.view["board"]  # "X", "O" or None for each square
        mine = MARKS[situation.seat]
        for who in (mine, MARKS[1 - situation.seat]):
            for line in LINES:
                marks = [board[i] for i in line]
                if marks.count(who) == 2 and marks.count(None) == 1:
                    return {"type": "mark", "cell": line[marks.index(None)]}
        if board[4] is None:
            return {"type": "mark", "cell": 4}
        return rng.choice(situation.moves)
