"""The plugin's hook implementations: how Meeple Hall learns about Komodo."""

from core.hookspecs import hookimpl

from .bots import Keeper
from .rules import Komodo
from .tutorial import TUTORIAL


@hookimpl
def register_games():
    return [Komodo()]


@hookimpl
def register_bots():
    return [Keeper()]


@hookimpl
def register_tutorials():
    return [TUTORIAL]
