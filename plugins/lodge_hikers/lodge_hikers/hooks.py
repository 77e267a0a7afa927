"""The plugin's hook implementations: how Meeple Hall learns about Lodge (hikers)."""

from core.hookspecs import hookimpl

from .bots import SnackPlanner
from .rules import LodgeHikers


@hookimpl
def register_games():
    return [LodgeHikers()]


@hookimpl
def register_bots():
    return [SnackPlanner()]
