"""The plugin's hook implementations: how Meeple Hall learns about this game."""

from core.hookspecs import hookimpl

from .bots import Blocker
from .rules import TicTacToe


@hookimpl
def register_games():
    return [TicTacToe()]


@hookimpl
def register_bots():
    return [Blocker()]
