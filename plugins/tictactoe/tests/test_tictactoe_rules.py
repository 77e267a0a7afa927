"""Tic-tac-toe rules, one test per rule."""

import pytest
from tictactoe.rules import TicTacToe

from core.engine import IllegalMove, MalformedMove, playout, replay
from core.engine.play import play, start

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
