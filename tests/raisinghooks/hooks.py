from core.hookspecs import hookimpl


@hookimpl
def register_games():
    raise RuntimeError("boom")


@hookimpl
def register_bots():
    return []
