"""The guided first game of tic-tac-toe: the learner plays X, blocks O's row and wins with a
fork (two threats at once)."""

from core.engine.tutorial import Lesson, Tutorial


def mark(cell: int) -> dict:
    return {"type": "mark", "cell": cell}


TUTORIAL = Tutorial(
    game="tictactoe",
    players=2,
    intro="You play X and move first. Three of your marks in a row, across, down or "
          "diagonally, win the game. Each step below says which square to mark and why.",
    lessons=(
        Lesson(mark(4), "Mark the centre square.",
               "The centre lies on four lines (across, down and both diagonals), more than "
               "any other square, so it gives you the most ways to make three in a row."),
        Lesson(mark(8), "Mark the bottom-right corner.",
               "O's mark in the top-left already blocks that diagonal, but this corner starts "
               "two more lines of yours: the bottom row and the right-hand column."),
        Lesson(mark(2), "Block O: mark the top-right corner.",
               "O has two in the top row and would complete it next. Your mark there stops "
               "that, and it also makes two threats of your own at once: the right-hand column "
               "and the diagonal through the centre. O can block only one of them: a fork."),
        Lesson(mark(5), "Mark the middle square of the right-hand column.",
               "O blocked the diagonal, so the column is open: three Xs down the right side "
               "win the game."),
    ),
    replies={1: (mark(0), mark(1), mark(6))},
    outro="You won with a fork: two threats at once, of which your opponent could stop only "
          "one. Against a careful player tic-tac-toe ends in a draw; against anyone else, "
          "look for the fork.",
)
