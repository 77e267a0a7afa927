"""Taking back a move: what the framework allows (core.engine.undo.refusal) and how a log with
take-backs replays (core.engine.undo.steps)."""

import pytest

from core.engine import Game, IllegalMove, replay
from core.engine.play import play
from core.engine.undo import UNDO, refusal, steps

SEED = 7


class Steps(Game):
    """Each turn a seat adds to its pile, may draw a random number or peek at the hidden card,
    and ends its turn; adding and peeking are declared undoable, drawing too (to show that the
    framework refuses what drew on chance even when the game declares it)."""

    slug = "steps"
    name = "Steps"
    undoable = frozenset({"add", "draw", "peek"})

    def setup(self, players, options, seat_options, rng):
        return {"turn": 0, "piles": [0] * players, "hidden": "card-7", "seen": [], "log": []}

    def to_act(self, state):
        return {state["turn"]}

    def legal_moves(self, state, seat):
        return [{"type": t} for t in ("add", "draw", "peek", "end")] if seat == state["turn"] else []

    def move_add(self, state, seat, move, rng):
        state["piles"][seat] += 1
        return state

    def move_draw(self, state, seat, move, rng):
        state["piles"][seat] += rng.randint(1, 6)
        return state

    def move_peek(self, state, seat, move, rng):
        state["seen"].append(seat)
        return state

    def move_end(self, state, seat, move, rng):
        state["turn"] = 1 - seat
        return state

    def view(self, state, seat):
        return state

    def secrets(self, state, seat):
        return set() if seat in state["seen"] else {state["hidden"]}

    def result(self, state):
        return None


GAME = Steps()
START = GAME.setup(2, {}, [{}, {}], None)


def after(*moves, state=START):
    for ply, (seat, kind) in enumerate(moves, start=1):
        state = play(GAME, state, seat, {"type": kind}, ply, SEED)
    return state


def why(state, seat, kind, ply=1):
    later = play(GAME, state, seat, {"type": kind}, ply, SEED)
    return refusal(GAME, state, later, seat, {"type": kind}, ply, SEED)


def test_a_step_of_your_turn_may_be_taken_back():
    assert why(START, 0, "add") is None


def test_a_move_that_drew_on_chance_stands_even_when_the_game_declares_it():
    assert why(START, 0, "draw") == "That move was left to chance, so it stands."


def test_a_move_that_showed_its_player_a_hidden_card_stands():
    assert why(START, 0, "peek") == "That move showed you something that was hidden, so it stands."


def test_a_move_that_showed_the_others_one_of_the_players_own_pieces_may_be_taken_back():
    """Laying a tile from one's hand shows it to the others; taking it back costs only the
    player who does (the others keep what they saw)."""
    class Show(Steps):
        def secrets(self, state, seat):
            return set() if seat == 0 or state["seen"] else {"a tile in the hand of seat 0"}

    state = Show().setup(2, {}, [{}, {}], None)
    later = play(Show(), state, 0, {"type": "peek"}, 1, SEED)
    assert refusal(Show(), state, later, 0, {"type": "peek"}, 1, SEED) is None


def test_the_move_that_ends_the_turn_and_undeclared_moves_stand():
    class Strict(Steps):
        undoable = frozenset({"add", "end"})

    state = Strict().setup(2, {}, [{}, {}], None)
    later = play(Strict(), state, 0, {"type": "end"}, 1, SEED)
    assert refusal(Strict(), state, later, 0, {"type": "end"}, 1, SEED) == "Your turn has passed."
    assert why(START, 0, "end") == "That kind of move cannot be taken back."


def log(*entries):
    return [(seat, UNDO if kind == "undo" else {"type": kind}) for seat, kind in entries]


def test_a_take_back_in_the_log_replays_to_the_state_before_the_move():
    entries = log((0, "add"), (0, "add"), (0, "undo"))
    assert replay(GAME, SEED, 2, {}, [{}, {}], entries) == after((0, "add"))
    twice = log((0, "add"), (0, "add"), (0, "undo"), (0, "undo"), (0, "add"), (0, "end"))
    assert replay(GAME, SEED, 2, {}, [{}, {}], twice)["piles"] == [1, 0]


def test_every_entry_keeps_its_ply_so_a_later_draw_replays_the_same():
    """The draw after a take-back is ply 4 in the log, as it was when it was played."""
    entries = log((0, "add"), (0, "undo"), (0, "add"), (0, "draw"))
    plies = [ply for ply, _state in steps(GAME, START, entries, SEED)]
    assert plies == [1, 2, 3, 4]
    drawn = play(GAME, after((0, "add")), 0, {"type": "draw"}, 4, SEED)
    assert replay(GAME, SEED, 2, {}, [{}, {}], entries) == drawn


@pytest.mark.parametrize("entries", [
    log((0, "undo")),
    log((0, "add"), (0, "end"), (1, "undo")),
    log((0, "add"), (0, "end"), (1, "add"), (0, "undo")),
])
def test_a_take_back_with_nothing_of_its_seat_to_take_back_is_refused(entries):
    with pytest.raises(IllegalMove):
        replay(GAME, SEED, 2, {}, [{}, {}], entries)
