"""The rules of tic-tac-toe as pure functions over a JSON state (no Django here).

State: ``{"board": [9 x None|0|1], "turn": seat, "winner": None|0|1, "last": None|cell,
"log": [...]}``.
Seat 0 plays X, seat 1 plays O (the view's ``colours``, which the players bar and the board's
colour key show); the "Who starts" option says which of them moves first. Cells are numbered 0-8, left to right, top to bottom.
"""

from __future__ import annotations

from core.engine import Game, IllegalMove, Option, Result
from core.engine.fields import get_int
from core.engine.game import ranks_by

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)
MARKS = ("X", "O")


class TicTacToe(Game):
    slug = "tictactoe"
    name = "Tic-tac-toe"
    min_players = 2
    max_players = 2
    playing_time = "2 min"
    summary = "Three in a row wins. The reference game for plugin authors."
    hidden_information = False  # both seats see the whole board, so bots need no determinize
    options = (
        Option(
            "first", "Who starts", default="x",
            choices=(("x", "X (the first seat)"), ("o", "O (the second seat)")),
        ),
    )

    def setup(self, players, options, seat_options, rng):
        first = 0 if options["first"] == "x" else 1
        return {"board": [None] * 9, "turn": first, "winner": None, "last": None, "log": []}

    def to_act(self, state):
        if self._over(state):
            return set()
        return {state["turn"]}

    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "mark", "cell": c} for c, v in enumerate(state["board"]) if v is None]

    def move_mark(self, state, seat, move, rng):
        cell = get_int(move, "cell", 0, 8)
        if state["board"][cell] is not None:
            raise IllegalMove("That square is already taken.")
        state["board"][cell] = seat
        state["last"] = cell
        state["log"].append(f"{MARKS[seat]} marks square {cell + 1}.")
        if any(all(state["board"][i] == seat for i in line) for line in LINES):
            state["winner"] = seat
            state["log"].append(f"{MARKS[seat]} has three in a row.")
        state["turn"] = 1 - seat
        return state

    def view(self, state, seat):
        lines = [list(line) for line in LINES if self._owner(state, line) is not None]
        winning = {cell for line in lines for cell in line}
        marks = [None if v is None else MARKS[v] for v in state["board"]]
        last = state.get("last")
        return {
            "board": marks,
            "cells": [
                {"cell": c, "x": 100 * (c % 3), "y": 100 * (c // 3), "mark": marks[c],
                 "win": c in winning}
                for c in range(9)
            ],
            "turn": state["turn"],
            "winner": state["winner"],
            "winning_lines": lines,
            "strikes": [self._strike(line) for line in lines],
            "last": None if last is None else {"cells": [last], "seat": state["board"][last]},
            "colours": list(MARKS),
            "log": state["log"],
        }

    @staticmethod
    def _strike(line):
        """The stroke through a winning line, from the centre of its first cell to its last."""
        first, end = line[0], line[-1]
        return {"x1": 100 * (first % 3) + 50, "y1": 100 * (first // 3) + 50,
                "x2": 100 * (end % 3) + 50, "y2": 100 * (end // 3) + 50}

    def secrets(self, state, seat):
        return set()

    def result(self, state):
        if not self._over(state):
            return None
        winner = state["winner"]
        scores = [1 if winner == s else 0 for s in (0, 1)]
        return Result(scores=scores, ranks=ranks_by([(s,) for s in scores]),
                      tiebreak="" if winner is not None else "A full board without a line is a draw.")

    def _owner(self, state, line):
        marks = {state["board"][i] for i in line}
        return marks.pop() if len(marks) == 1 and None not in marks else None

    def _over(self, state):
        return state["winner"] is not None or all(v is not None for v in state["board"])
