"""The plugin contract, checked on every installed game (a new plugin is covered automatically).

The checks themselves are the kit shipped in the wheel (core/engine/testing.py, run as tests by
core/pytest_plugin.py); this file runs them on every installed game, and shows on small fake
games that each check can fail.
"""

from __future__ import annotations

import random

import pytest

from core.engine import Game, IllegalMove, Result
from core.engine import testing as kit
from core.engine.fields import get_int
from core.pytest_plugin import meeplehall_contract

TestEveryInstalledGame = meeplehall_contract()


class HighCard(Game):
    """Each seat is dealt one hidden card (stored as its bare number) and plays it face up; the
    higher card wins. The subclasses below break it in one way each."""

    slug = "highcard"
    name = "High card"
    summary = "Two hidden cards; the higher one wins."

    def setup(self, players, options, seat_options, rng):
        deck = list(range(1, 21))
        rng.shuffle(deck)
        return {"hands": [[deck.pop()], [deck.pop()]], "deck": deck, "shown": [None, None]}

    def to_act(self, state):
        return {s for s in (0, 1) if state["shown"][s] is None}

    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return [{"type": "show", "card": c} for c in state["hands"][seat]]

    def move_show(self, state, seat, move, rng):
        card = get_int(move, "card", 1, 20)
        if card not in state["hands"][seat]:
            raise IllegalMove("That card is not in your hand.")
        state["hands"][seat].remove(card)
        state["shown"][seat] = card
        return state

    def view(self, state, seat):
        return {"shown": state["shown"], "deck": len(state["deck"]),
                "hand": state["hands"][seat] if seat is not None else None}

    def secrets(self, state, seat):
        others = [n for s, hand in enumerate(state["hands"]) if s != seat for n in hand]
        return {self.card_id(n) for n in state["deck"] + others}

    def card_id(self, number):
        return f"card-{number}"

    def result(self, state):
        if None in state["shown"]:
            return None
        a, b = state["shown"]
        return Result(scores=[a, b], ranks=[1 if a > b else 2, 1 if b > a else 2])


class LeakyTotal(HighCard):
    """Shows everyone the total of all hands: no id leaks, but the number changes with them."""

    def view(self, state, seat):
        return {**super().view(state, seat),
                "cards_in_hands": sum(sum(hand) for hand in state["hands"])}


class LeakyCode(HighCard):
    """Names cards ``card-C7`` and shows the other hand's codes (``C7``) without the kind."""

    def card_id(self, number):
        return f"card-C{number}"

    def view(self, state, seat):
        return {**super().view(state, seat),
                "others": [f"C{n}" for s, hand in enumerate(state["hands"]) if s != seat
                           for n in hand]}


class Crashing(HighCard):
    """Trusts the payload: a missing or odd card raises KeyError or ValueError, not a refusal."""

    def move_show(self, state, seat, move, rng):
        state["hands"][seat].remove(move["card"])
        state["shown"][seat] = move["card"]
        return state


class Mutating(HighCard):
    """Lists its moves by changing the state it was given."""

    def legal_moves(self, state, seat):
        state["deck"].append(0)
        return super().legal_moves(state, seat)


class TestTheKitCatchesBrokenGames:
    """Each check can fail: a fake game broken on purpose is caught by the check meant for it."""

    def test_a_sound_game_passes_the_whole_contract(self):
        kit.check_game(HighCard(), seeds=3, fuzz_examples=200)

    def test_a_number_derived_from_hidden_cards_is_caught(self):
        state = kit.Table(LeakyTotal(), 2, seed=4).state
        with pytest.raises(AssertionError, match="changes when only what it cannot see"):
            for seed in range(5):
                kit.check_hidden_information(LeakyTotal(), state, 0, 2, random.Random(seed))

    def test_bare_card_codes_of_hidden_cards_are_caught(self):
        state = kit.Table(LeakyCode(), 2, seed=4).state
        with pytest.raises(AssertionError, match="bare codes"):
            kit.check_secrets(LeakyCode(), state, 0)

    def test_bare_numbers_in_hands_and_deck_count_as_hidden_places(self):
        state = kit.Table(HighCard(), 2, seed=4).state
        shapes = {kit._shape(path) for path, _secret in kit.hidden_places(HighCard(), state, 0, 2)}
        assert shapes == {("hands", "#", "#"), ("deck", "#")}

    def test_payloads_that_crash_a_handler_are_caught(self):
        game = Crashing()
        with pytest.raises(AssertionError, match="not IllegalMove"):
            kit.fuzz_payloads(game, kit.states_at(game, [0], 2), 2, examples=200)

    def test_a_position_changed_by_the_game_is_caught(self):
        game = Mutating()
        with pytest.raises(AssertionError, match="changed the position"):
            kit.fuzz_payloads(game, [kit.Table(HighCard(), 2).state], 2, examples=50)

    def test_a_changed_transcript_fails_with_a_diff(self, tmp_path):
        path = tmp_path / "golden.txt"
        kit.check_golden(path, kit.transcript(HighCard(), 2, seed=1))
        with pytest.raises(AssertionError, match=r"(?s)changed.*\+"):
            kit.check_golden(path, kit.transcript(HighCard(), 2, seed=2))

    def test_a_game_without_its_entry_point_is_caught(self):
        with pytest.raises(AssertionError, match="no meeplehall.games entry point"):
            kit.check_entry_point(HighCard())


#: The generated tests also take a Game object, for a game no entry point names (yet).
TestHighCard = meeplehall_contract(HighCard(), seeds=3)


def test_the_golden_fixture_compares_with_the_checked_in_file(golden, tmp_path):
    path = tmp_path / "highcard.txt"
    golden(path, kit.transcript(HighCard(), 2, seed=5))
    golden(path, kit.transcript(HighCard(), 2, seed=5))
    with pytest.raises(AssertionError, match="MEEPLEHALL_GOLDEN=write"):
        golden(path, kit.transcript(HighCard(), 2, seed=6))


def test_the_table_helper_plays_as_a_match_would():
    """Moves are applied as consecutive plies of one seeded match, so a Table replays exactly."""
    table = kit.Table(HighCard(), 2, seed=9)
    table.play_first()
    table(1, table.legal(1)[0])
    assert table.ply == 2 and table.result() is not None
    assert kit.replay(HighCard(), 9, 2, {}, [{}, {}], table.moves) == table.state
