from core.engine import RandomBot
from core.hookspecs import hookimpl


class Stray(RandomBot):
    name = "stray"
    label = "Stray bot"
    game = "chess"


@hookimpl
def register_bots():
    return [Stray()]
