"""The board draws the view with the shared vocabulary: tictactoe- classes, is-last, the strike."""

from tictactoe.rules import TicTacToe

from core.engine import testing as kit

GAME = TicTacToe()


def test_each_empty_square_is_a_button_for_the_seat_to_move(render_board):
    html = render_board(GAME, kit.Table(GAME, 2).state, 0)
    assert html.count('hx-post="/match/1/move/"') == 9
    assert 'class="tictactoe-cell' in html and "ttt" not in html


def test_the_last_mark_is_marked_is_last(render_board):
    table = kit.Table(GAME, 2)
    table(0, {"type": "mark", "cell": 4})
    table(1, {"type": "mark", "cell": 0})
    html = render_board(GAME, table.state, None)
    cell = html[html.index('id="tictactoe-cell-0"') - 200:html.index('id="tictactoe-cell-0"')]
    assert "is-last" in cell and html.count("is-last") == 1


def test_the_winning_line_is_struck_through(render_board):
    table = kit.Table(GAME, 2)
    for seat, cell in [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]:
        table(seat, {"type": "mark", "cell": cell})
    html = render_board(GAME, table.state, 1)
    assert html.count("tictactoe-win") == 3
    assert '<line class="tictactoe-strike" x1="50" y1="50" x2="250" y2="50"/>' in html
    assert "hx-post" not in html


def test_every_square_has_a_role_for_its_name(render_board):
    """A name on an element without a role is not read (axe: aria-prohibited-attr): a square
    that can be marked is a button, a taken or waiting one an image with its mark in words."""
    table = kit.Table(GAME, 2)
    table(0, {"type": "mark", "cell": 4})
    html = render_board(GAME, table.state, 1)
    assert html.count('role="button"') == 8
    assert 'role="img" aria-label="Square 5: X"' in html
    waiting = render_board(GAME, table.state, 0)
    assert waiting.count('role="img"') == 9 and 'aria-label="Square 1: empty"' in waiting
