"""Bots decide from what their seat may know: samples of the hidden bags, and the Innkeeper's
use of refresh tokens (issue 17)."""

import copy
import random

import pytest
from lodge_hotel.bots import Innkeeper
from lodge_hotel.catalog import ROOMS
from lodge_hotel.rules import lodge_score
from lodge_hotel.testing import GAME, guest_with, new, put_lodge

from core.engine import playout
from core.engine.bots import decide
from core.engine.testing_bots import check_determinize


@pytest.mark.parametrize("players,options", [(1, {"level": 8}), (1, {"level": 6, "extreme": True}), (3, {})])
def test_samples_keep_the_view_the_moves_and_every_tile(players, options):
    """Only the bags' contents and the amenity stack's order are hidden; a sample keeps all
    95 rooms, 50 guests and 21 amenities, the seat's view and its legal moves, and plays on."""
    assert check_determinize(GAME, players, seed="hotel", options=options, every=4, playout_every=6) > 0


@pytest.mark.parametrize("players", [1, 3])
def test_the_innkeeper_cannot_tell_states_that_differ_only_in_the_bags(players):
    """Two states alike on the table but with other rooms in the bag and another amenity order:
    with the same seed the bot makes the same move in both."""
    state = new(players, seed=5)
    other = copy.deepcopy(state)
    other["amenity_stack"].reverse()
    first_room = other["lodges"][0]["cells"]["1,1"]
    twin = next(r for r in other["room_bag"] if ROOMS[r] == ROOMS[first_room["tile"]])
    other["room_bag"] = [first_room["tile"] if r == twin else r for r in reversed(other["room_bag"])]
    first_room["tile"] = twin
    seat = min(GAME.to_act(state))
    assert other != state and GAME.view(other, seat) == GAME.view(state, seat)
    for seed in range(3):
        first = decide(Innkeeper(), GAME, state, seat, random.Random(seed))
        second = decide(Innkeeper(), GAME, other, seat, random.Random(seed))
        assert first == second


def test_the_innkeeper_spends_refresh_tokens():
    """"At ANY TIME on your turn, you may discard your Refresh Token ...": tokens score nothing
    at the end, so the Innkeeper spends them when a cleared level promises a better build."""
    spent = 0
    for seed in range(4):
        run = playout(GAME, 1, seed=f"tokens-{seed}", bots=[Innkeeper()])
        spent += sum(1 for _seat, move in run.moves if move["type"] == "refresh")
    assert spent >= 4


def test_the_innkeeper_keeps_its_token_when_no_refill_beats_the_build_it_has():
    """A refresh is only worth it for a clearly better build: with nothing to gain (the lodge
    cannot use any other room better), the token stays."""
    state = new(2, seed=3)
    seat = 0
    situation_moves = GAME.legal_moves(state, seat)
    bot = Innkeeper()
    value, _best = bot._best_take(GAME, state, seat, [m for m in situation_moves if m["type"] == "take_room"],
                                  random.Random(1), {})
    huge = bot._worth_refreshing(GAME, state, seat, situation_moves, value + 100, random.Random(1), {})
    assert huge is None


def test_interim_scores_are_points_now_plus_part_of_unfinished_amenities():
    """Search rollouts are judged after a few turns by the lodge's points so far (the scoring
    rules) plus a share of the amenities still being worked on."""
    state = new(2)
    put_lodge(state, 0, {(1, 1): "yellow", (1, 2): "yellow", (1, 3): "Staircase"})
    put_lodge(state, 1, {(1, 1): "blue", (1, 2): "Hot Tub"})
    mine, theirs = GAME.interim_scores(state)
    assert mine == sum(lodge_score(state["lodges"][0]).values()) == 3
    hot_tub = 5  # one blue room of the three it needs: half its points, a third of the way
    assert theirs == pytest.approx(0.5 * hot_tub / 3)


def test_the_innkeeper_builds_the_room_that_lets_a_display_guest_check_in():
    """"In order to place a guest, you must have two empty, orthogonally adjacent rooms matching
    the colors shown on the Guest Token." Beside its red room, a blue room lets the display's
    red-and-blue guest check in on the floor it prefers; a green room would only wait for
    guests not yet drawn. The Innkeeper builds the blue one."""
    state = new(2, seed=5)
    assert state["phase"] == "build" and min(GAME.to_act(state)) == 0
    put_lodge(state, 0, {(1, 1): "red"})
    wanted = guest_with(("red", "blue"), floor=1)
    others = [guest_with(("yellow", "purple"), floor=f) for f in (2, 3, 4)]
    shown = [wanted, *others]
    state["guest_bag"] = [g for g in state["guest_bag"] + [g for g in state["guest_display"] if g] if g not in shown]
    state["guest_display"] = shown
    state["lodges"][0]["valet"] = []
    rows = []
    for level, colors in enumerate((("blue", "green", "green", "green"), ("purple",) * 4, ("yellow",) * 4,
                                    ("purple",) * 4)):
        row = [next(r for r in state["room_bag"] if ROOMS[r] == c and r not in sum(rows, [])) for c in colors]
        rows.append(row)
        state["room_bag"] = [r for r in state["room_bag"] + [r for r in state["display"][level] if r] if r not in row]
        state["display"][level] = row
    move = Innkeeper().choose(GAME, state, 0, random.Random(2))
    assert move == {"type": "take_room", "level": 1, "slot": 0}
