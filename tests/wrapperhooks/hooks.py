from core.hookspecs import hookimpl

HIDE = "tictactoe"
seen = []


@hookimpl(wrapper=True)
def register_games():
    results = yield
    seen.append([[game.slug for game in games] for games in results])
    return [[game for game in games if game.slug != HIDE] for games in results]
