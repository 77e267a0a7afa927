"""The plugin's hook implementations: how Meeple Hall learns about this game."""

from core.hookspecs import hookimpl

from .bots import Blocker
from .rules import TicTacToe
from .tutorial import TUTORIAL


@hookimpl
def register_games():
    return [TicTacToe()]


@hookimpl
def register_bots():
    return [Blocker()]


@hookimpl
def register_tutorials():
    return [TUTORIAL]
