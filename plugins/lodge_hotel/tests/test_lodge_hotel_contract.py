"""Whole games: seeded playouts of every player count and variant, replay, secrets, bad payloads."""

import json
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from lodge_hotel.bots import Innkeeper  # noqa: E402
from lodge_hotel_helpers import GAME  # noqa: E402

from core.engine import IllegalMove, RandomBot, find_leaks, playout, replay  # noqa: E402
from core.engine.play import play  # noqa: E402

VARIANTS = [(2, {}), (3, {}), (4, {}), (1, {}), (1, {"level": 8}), (1, {"level": 6, "extreme": True})]


@pytest.mark.parametrize("players,options", VARIANTS)
def test_seeded_playouts_finish_and_replay_equal(players, options):
    for seed in range(2):
        run = playout(GAME, players, seed=seed, options=options)
        assert run.result is not None and GAME.to_act(run.state) == set()
        again = replay(GAME, seed, players, run.options, run.seat_options, run.moves)
        assert again == run.state
        assert json.loads(json.dumps(run.state)) == run.state


def test_multiplayer_game_ends_on_equal_turns():
    for seed in range(3):
        run = playout(GAME, 3, seed=seed)
        turns = [lodge["turns"] for lodge in run.state["lodges"]]
        assert len(set(turns)) == 1


@pytest.mark.parametrize("players,options", [(3, {}), (1, {"level": 8})])
def test_views_never_show_bag_or_stack_contents(players, options):
    run = playout(GAME, players, seed=7, options=options)
    state = replay(GAME, 7, players, run.options, run.seat_options, [])
    for ply, (seat, move) in enumerate(run.moves[:150], 1):
        if ply % 5 == 0:
            for viewer in [None, *range(players)]:
                text = json.dumps(GAME.view(state, viewer))
                secret = GAME.secrets(state, viewer)
                assert secret and not find_leaks(text, secret)
                assert not find_leaks(" ".join(state["log"]), secret)
        state = play(GAME, state, seat, move, ply, 7)


def test_views_show_counts_of_hidden_things():
    run = playout(GAME, 2, seed=3)
    view = GAME.view(run.state, 0)
    assert isinstance(view["room_bag"], int) and isinstance(view["guest_bag"], int)
    assert isinstance(view["amenity_stack"], int)


def test_random_payloads_only_raise_illegal_move():
    rng = random.Random(5)
    run = playout(GAME, 3, seed=5)
    values = [None, -1, 0, 1, 3, 4, 99, "1", "valet", "display", True, [], {}, 1.5]
    kinds = GAME.known_move_types() + ["nope", 3, None]
    state = replay(GAME, 5, 3, run.options, run.seat_options, [])
    for ply, (seat, move) in enumerate(run.moves[:120], 1):
        for _ in range(6):
            bad = {"type": rng.choice(kinds)}
            for field in ("level", "slot", "index", "floor", "col", "source"):
                if rng.random() < 0.7:
                    bad[field] = rng.choice(values)
            for who in range(3):
                try:
                    play(GAME, state, who, bad, ply, 5)
                except IllegalMove:
                    pass
        state = play(GAME, state, seat, move, ply, 5)


def test_legal_moves_are_all_accepted():
    run = playout(GAME, 2, seed=11)
    state = replay(GAME, 11, 2, run.options, run.seat_options, [])
    for ply, (seat, move) in enumerate(run.moves[:80], 1):
        for legal in GAME.legal_moves(state, seat):
            play(GAME, state, seat, legal, ply, 11)
        state = play(GAME, state, seat, move, ply, 11)


def test_innkeeper_beats_random_bots():
    wins = 0
    for seed in range(8):
        seat = seed % 3
        bots = [RandomBot()] * 3
        bots[seat] = Innkeeper()
        run = playout(GAME, 3, seed=f"t{seed}", bots=bots)
        wins += run.result.ranks[seat] == 1
    assert wins >= 5
