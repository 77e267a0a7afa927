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


@hookimpl
def match_statistics(game_slug, result, players):
    """Squirrels and customers per player at the end of a game, for the statistics page."""
    if game_slug != "lodge_hikers":
        return None
    details = result.get("details") or {}
    squirrels, customers = details.get("squirrels") or [], details.get("customer_cards") or []
    if not squirrels or not customers:
        return None
    return {"Squirrel tokens per player at the end": sum(squirrels) / len(squirrels),
            "Customers won per player": sum(customers) / len(customers)}
