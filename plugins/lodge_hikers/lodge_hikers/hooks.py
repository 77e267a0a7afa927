"""The plugin's hook implementations: how Meeple Hall learns about Lodge (hikers)."""

from core.hookspecs import hookimpl

from .bots import SnackPlanner
from .rules import LodgeHikers
from .tutorial import TUTORIAL


@hookimpl
def register_games():
    return [LodgeHikers()]


@hookimpl
def register_bots():
    return [SnackPlanner()]


@hookimpl
def register_tutorials():
    return [TUTORIAL]
