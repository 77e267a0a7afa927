from core.hookspecs import hookimpl
from tests.fakegame.hooks import TwoMoves


@hookimpl
def register_games():
    return [TwoMoves()]
