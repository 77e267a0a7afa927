"""A tic-tac-toe bot that wins when it can and blocks when it must."""

from __future__ import annotations

from core.engine import Bot

from .rules import LINES


class Blocker(Bot):
    name = "blocker"
    label = "Blocker bot"
    game = "tictactoe"

    def choose(self, game, state, seat, rng):
        moves = game.legal_moves(state, seat)
        board = state["board"]
        for who in (seat, 1 - seat):
            for line in LINES:
                marks = [board[i] for i in line]
                if marks.count(who) == 2 and marks.count(None) == 1:
                    return {"type": "mark", "cell": line[marks.index(None)]}
        if board[4] is None:
            return {"type": "mark", "cell": 4}
        return rng.choice(moves)
