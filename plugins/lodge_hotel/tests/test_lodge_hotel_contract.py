"""Whole games: the option combinations the generic contract does not reach, the hotel's own
end-of-game promises, and the kit's checks at plies chosen for the hotel."""

import pytest
from lodge_hotel.bots import Innkeeper
from lodge_hotel.testing import GAME

from core.engine import RandomBot, find_leaks, playout
from core.engine import testing as kit

#: The generic contract (tests/test_contract.py) plays each option value on its own; these are
#: the solo levels and the Extreme mode together.
COMBINATIONS = [kit.Config(1, {"level": 8}), kit.Config(1, {"level": 6, "extreme": True})]


@pytest.mark.parametrize("config", COMBINATIONS, ids=lambda c: c.label)
def test_solo_combinations_obey_the_contract(config):
    run = kit.random_playout(GAME, config, seed=1, every=5)
    kit.check_result(GAME, run.state, config.players)
    kit.check_replay(run)


def test_multiplayer_game_ends_on_equal_turns():
    for seed in range(3):
        run = playout(GAME, 3, seed=seed)
        turns = [lodge["turns"] for lodge in run.state["lodges"]]
        assert len(set(turns)) == 1


def test_views_show_counts_of_hidden_things():
    run = playout(GAME, 2, seed=3)
    view = GAME.view(run.state, 0)
    assert isinstance(view["room_bag"], int) and isinstance(view["guest_bag"], int)
    assert isinstance(view["amenity_stack"], int)


def test_the_log_never_names_what_is_in_the_bags():
    """The public log is shown to everyone, so it must not name a tile still in a bag."""
    for state in kit.states_at(GAME, range(0, 150, 5), 3, seed=7):
        for viewer in kit.viewers(3):
            assert not find_leaks(" ".join(state["log"]), GAME.secrets(state, viewer))


def test_junk_payloads_through_a_whole_game_raise_illegal_move_only():
    states = kit.states_at(GAME, range(0, 120, 4), 3, seed=5)
    kit.fuzz_payloads(GAME, states, 3, examples=600, values=["valet", "display", "room-001"])


def test_listed_moves_through_a_whole_game_are_accepted():
    kit.check_legal_moves_accepted(GAME, kit.states_at(GAME, range(0, 80, 3), 2, seed=11))


def test_innkeeper_beats_random_bots():
    wins = 0
    for seed in range(8):
        seat = seed % 3
        bots = [RandomBot()] * 3
        bots[seat] = Innkeeper()
        run = playout(GAME, 3, seed=f"t{seed}", bots=bots)
        wins += run.result.ranks[seat] == 1
    assert wins >= 5
