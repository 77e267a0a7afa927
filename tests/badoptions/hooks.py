from core.engine import Option
from core.hookspecs import hookimpl
from tests.fakegame.hooks import TwoMoves


class BadOptions(TwoMoves):
    slug = "badoptions"
    options = (
        Option("colour", "Colour", default="green", choices=(("red", "Red"), ("blue", "Blue"))),
        Option("rounds", "Rounds", kind="int", default=3, min=5, max=2),
        Option("solo", "Solo only", kind="bool", default=False, players=(1, 1)),
    )


@hookimpl
def register_games():
    return [BadOptions()]
