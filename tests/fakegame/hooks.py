"""A well-behaved fake plugin: one tiny game whose two seats each make one move."""

from core.engine import Game, Result
from core.hookspecs import hookimpl


class TwoMoves(Game):
    slug = "twomoves"
    name = "Two moves"
    summary = "Each seat says a number once; the larger number wins."
    min_players = max_players = 2

    def setup(self, players, options, seat_options, rng):
        return {"said": [None, None], "log": []}

    def to_act(self, state):
        return {s for s, v in enumerate(state["said"]) if v is None}

    def legal_moves(self, state, seat):
        return [{"type": "say", "n": n} for n in (1, 2)] if seat in self.to_act(state) else []

    def move_say(self, state, seat, move, rng):
        state["said"][seat] = move["n"] if move.get("n") in (1, 2) else 1
        return state

    def view(self, state, seat):
        return {"said": state["said"]}

    def secrets(self, state, seat):
        return set()

    def result(self, state):
        if None in state["said"]:
            return None
        a, b = state["said"]
        return Result(scores=[a, b], ranks=[1 if a >= b else 2, 1 if b >= a else 2])


finished = []


@hookimpl
def register_games():
    return [TwoMoves()]


@hookimpl
def after_match_finished(match, result):
    finished.append((match.pk, result.scores))


@hookimpl
def extra_profile_sections(user):
    return [{"title": "Two moves", "template": "twomoves/profile_section.html",
             "context": {"name": user.username, "finished": len(finished)}}]
