"""Tic-tac-toe rules, one test per rule."""

import pytest
from tictactoe.rules import TicTacToe

from core.engine import IllegalMove, MalformedMove, playout, replay
from core.engine.play import play, start
from core.pytest_plugin import meeplehall_contract

GAME = TicTacToe()


def new(first="x"):
    return start(GAME, 1, 2, {"first": first}, [{}, {}])


def mark(state, seat, cell, ply=1):
    return play(GAME, state, seat, {"type": "mark", "cell": cell}, ply, 1)


def test_x_moves_first_by_default():
    assert GAME.to_act(new()) == {0}


def test_option_lets_o_start():
    assert GAME.to_act(new("o")) == {1}


def test_a_taken_square_is_refused_with_a_reason():
    state = mark(new(), 0, 4)
    with pytest.raises(IllegalMove, match="already taken"):
        mark(state, 1, 4, 2)


def test_moving_out_of_turn_is_refused():
    with pytest.raises(IllegalMove, match="not your turn"):
        mark(new(), 1, 0)


@pytest.mark.parametrize("bad", [{"type": "mark"}, {"type": "mark", "cell": 9},
                                 {"type": "mark", "cell": "4"}, {"type": "jump"}, {}])
def test_malformed_moves_are_refused(bad):
    with pytest.raises(MalformedMove):
        play(GAME, new(), 0, bad, 1, 1)


def test_three_in_a_row_wins():
    state = new()
    for ply, (seat, cell) in enumerate([(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)], 1):
        state = mark(state, seat, cell, ply)
    result = GAME.result(state)
    assert result.scores == [1, 0] and result.ranks == [1, 2]
    assert GAME.to_act(state) == set()


def test_full_board_without_line_is_a_draw():
    state = new()
    cells = [0, 1, 2, 4, 3, 5, 7, 6, 8]
    for ply, cell in enumerate(cells, 1):
        state = mark(state, (ply - 1) % 2, cell, ply)
    result = GAME.result(state)
    assert result.ranks == [1, 1] and "draw" in result.tiebreak


def test_replay_rebuilds_the_same_state():
    run = playout(GAME, 2, seed=7)
    assert replay(GAME, 7, 2, run.options, run.seat_options, run.moves) == run.state


def test_the_view_says_which_square_the_last_mark_went_to():
    """Boards mark what the last move touched from ``view["last"]`` (class ``is-last``)."""
    state = mark(mark(new(), 0, 4), 1, 8, 2)
    assert GAME.view(state, None)["last"] == {"cells": [8], "seat": 1}
    assert GAME.view(new(), 0)["last"] is None


def test_the_winning_line_is_marked_in_the_view():
    """"Whoever first owns a whole row, column or diagonal wins": the board strikes that line."""
    state = new()
    for ply, (seat, cell) in enumerate([(0, 2), (1, 0), (0, 4), (1, 1), (0, 6)], 1):
        state = mark(state, seat, cell, ply)
    view = GAME.view(state, 1)
    assert [c["cell"] for c in view["cells"] if c["win"]] == [2, 4, 6]
    assert view["strikes"] == [{"x1": 250, "y1": 50, "x2": 50, "y2": 250}]


def test_the_bot_has_one_name():
    """The create-table form shows the bot's label, a seat shows its name titled: the same words."""
    from tictactoe.bots import Blocker

    assert Blocker.label == f"{Blocker.name.title()} bot"


TestContract = meeplehall_contract("tictactoe")
