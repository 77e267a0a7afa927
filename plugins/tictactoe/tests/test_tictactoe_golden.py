"""A golden playthrough: the blocker bot against the random bot, every move and the log, checked
in. A rule change shows up as a diff of the file; accept one with ``--meeplehall-golden``."""

from pathlib import Path

from tictactoe.bots import Blocker
from tictactoe.rules import TicTacToe

from core.engine import RandomBot
from core.engine.testing import transcript

GOLDEN = Path(__file__).parent / "golden" / "blocker_against_random_seed_3.txt"


def test_golden_playthrough_is_unchanged(golden):
    golden(GOLDEN, transcript(TicTacToe(), 2, seed=3, bots=[Blocker(), RandomBot()]))
