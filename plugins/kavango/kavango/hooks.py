"""The plugin's hook implementations: how Meeple Hall learns about Kavango."""

from core.hookspecs import hookimpl

from .bots import Warden
from .rules import Kavango
from .tutorial import TUTORIAL


@hookimpl
def register_games():
    return [Kavango()]


@hookimpl
def register_bots():
    return [Warden()]


@hookimpl
def register_tutorials():
    return [TUTORIAL]
