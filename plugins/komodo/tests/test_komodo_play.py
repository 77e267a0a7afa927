"""Komodo whole games: playouts of every player count and variant, replays, secrets, the bot."""

from __future__ import annotations

import json

import pytest
from komodo.bots import Keeper
from komodo.rules import Komodo
from komodo.terrain import Board

from core.engine import RandomBot, decide, find_leaks, playout, replay, resolve_options
from core.engine.play import play, start
from core.engine.rng import rng_for
from core.engine.testing_bots import check_determinize

GAME = Komodo()


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("variant", ["basic", "tame", "coop"])
def test_random_playouts_finish_and_replay_exactly(players, variant):
    run = playout(GAME, players, seed=f"p{players}{variant}", options={"variant": variant})
    assert run.result is not None and len(run.result.scores) == players
    if variant == "coop":
        assert run.result.won is not None and len(set(run.result.won)) == 1
    assert replay(GAME, run.seed, players, run.options, run.seat_options, run.moves) == run.state


@pytest.mark.parametrize("variant", ["basic", "tame", "coop"])
def test_keeper_playouts_finish(variant):
    run = playout(GAME, 3, seed=f"k{variant}", options={"variant": variant}, bots=[Keeper()] * 3)
    assert run.result is not None


@pytest.mark.parametrize("variant", ["basic", "tame", "coop"])
def test_no_view_ever_shows_a_secret_id(variant):
    """Every seat and a spectator, at every ply of a game mixing keeper and random choices."""
    options, seats = resolve_options(GAME, 3, {"variant": variant})
    state = start(GAME, 9, 3, options, seats)
    bots = [Keeper(), RandomBot(), Keeper()]
    ply = 0
    while GAME.to_act(state):
        for seat in (None, 0, 1, 2):
            text = json.dumps(GAME.view(state, seat))
            assert not find_leaks(text, GAME.secrets(state, seat)), (ply, seat, state["phase"])
        seat = min(GAME.to_act(state))
        ply += 1
        state = play(
            GAME, state, seat, decide(bots[seat], GAME, state, seat, rng_for(9, ply)), ply, 9
        )


def test_hands_and_piles_are_secret_in_the_basic_game():
    options, seats = resolve_options(GAME, 3, {})
    state = start(GAME, 2, 3, options, seats)
    view = GAME.view(state, 1)
    assert view["hands"][1]["tiles"] is not None and view["hands"][0]["tiles"] is None
    assert view["hands"][0]["tile_count"] == 5 and view["piles"]["tiles"] == len(state["tiles"])
    hidden = GAME.secrets(state, 1)
    assert set(state["hands"][0]["tiles"]) <= hidden and set(state["tiles"]) <= hidden
    assert not set(state["hands"][1]["tiles"]) & hidden
    spectator = GAME.view(state, None)
    assert spectator["me"] is None and all(h["animals"] is None for h in spectator["hands"])
    assert spectator["map"]["tiles"][0]["tile"] == "komodo-tile-00"  # the map is public


def test_coop_hands_are_open_but_piles_stay_secret():
    options, seats = resolve_options(GAME, 2, {"variant": "coop"})
    state = start(GAME, 2, 2, options, seats)
    hidden = GAME.secrets(state, None)
    assert not set(state["hands"][0]["tiles"]) & hidden and set(state["wilds"]["draw"]) <= hidden
    assert GAME.view(state, None)["hands"][0]["tiles"]


def test_keeper_beats_random_players():
    wins = 0
    for seed in range(3):
        bots = [RandomBot(), RandomBot(), RandomBot()]
        bots[seed % 3] = Keeper()
        run = playout(GAME, 3, seed=f"duel-{seed}", bots=bots)
        wins += run.result.ranks[seed % 3] == 1
    assert wins == 3


def test_keeper_answers_barter_and_request():
    options, seats = resolve_options(GAME, 3, {})
    state = start(GAME, 5, 3, options, seats)
    for s in range(3):
        state = play(
            GAME,
            state,
            s,
            {"type": "return_animal", "animal": state["hands"][s]["animals"][0]},
            s + 1,
            5,
        )
    state["hands"][0]["wilds"] = ["komodo-wild-09", "komodo-wild-05"]  # Land Barter, Animal Request
    state["wilds"]["draw"] = [
        w for w in state["wilds"]["draw"] if w not in ("komodo-wild-09", "komodo-wild-05")
    ]
    for h in state["hands"][1:]:
        h["wilds"] = [w for w in h["wilds"] if w not in ("komodo-wild-09", "komodo-wild-05")]
    bot = Keeper()
    tiles = state["hands"][0]["tiles"][:1]
    state = play(
        GAME,
        state,
        0,
        {"type": "barter", "card": "komodo-wild-09", "tiles": tiles, "terrain": "D"},
        10,
        5,
    )
    ply = 11
    while state["phase"] in ("barter_offer", "barter_choose"):
        seat = min(GAME.to_act(state))
        move = bot.choose(GAME, state, seat, rng_for(5, ply))
        assert move in GAME.legal_moves(state, seat)
        state = play(GAME, state, seat, move, ply, 5)
        ply += 1
    state = play(
        GAME, state, 0, {"type": "request", "card": "komodo-wild-05", "terrain": "W"}, ply, 5
    )
    move = bot.choose(GAME, state, 0, rng_for(5, ply))
    assert move["type"] in ("request_swap", "request_decline")
    state = play(GAME, state, 0, move, ply + 1, 5)
    assert state["phase"] == "turn"


def _invariants(state):
    """Every component is somewhere exactly once, and every housed animal has a lawful home."""
    from komodo.catalog import ANIMALS, TILES, WILDS
    from komodo.terrain import ANIMAL, Board

    tiles = [t for t, _r in state["map"].values()] + state["tiles"] + state["removed"]
    animals = (
        state["animals"]
        + [h["animal"] for h in state["housed"]]
        + [x["animal"] for x in state["loose"]]
    )
    wilds = state["wilds"]["draw"] + state["wilds"]["discard"] + state["display"]
    for hand in state["hands"]:
        tiles += hand["tiles"]
        animals += hand["animals"]
        wilds += hand["wilds"]
    p = state["pending"] or {}
    if state["phase"] == "remodel":
        tiles.append(p["tile"])
    if state["phase"] in ("request", "barter_offer", "barter_choose"):
        wilds.append(p["card"])
    assert sorted(tiles) == sorted(t[0] for t in TILES)
    assert sorted(animals) == sorted(a[0] for a in ANIMALS)
    wanted = [
        w
        for w, kind in WILDS
        if not (
            state["variant"] == "coop"
            and kind
            in ("Animal Request", "Animals on Tap", "Land Barter", "Relocation", "Recycling")
            or state["variant"] == "tame"
            and kind == "Recycling"
        )
    ]
    assert sorted(wilds) == sorted(wanted)
    if state["phase"] != "remodel":
        board = Board(state["map"], state["housed"])
        for enc in board.enclosures:
            assert len(enc.species) <= 1 and enc.size >= enc.need
        for h in state["housed"]:
            assert board.enclosure_at(h["x"], h["y"]).terrain == ANIMAL[h["animal"]][1]
    limit = 2 if state["variant"] == "tame" else 3
    assert all(len(h["wilds"]) <= limit for h in state["hands"]) or state["phase"] != "turn"


@pytest.mark.parametrize("variant", ["basic", "tame", "coop"])
def test_components_are_conserved_and_homes_stay_lawful(variant):
    for seed in range(3):
        options, seats = resolve_options(GAME, 2 + seed, {"variant": variant})
        state = start(GAME, seed, 2 + seed, options, seats)
        bots = [Keeper(), RandomBot(), RandomBot(), Keeper()]
        ply = 0
        while GAME.to_act(state):
            _invariants(state)
            seat = min(GAME.to_act(state))
            ply += 1
            state = play(
                GAME,
                state,
                seat,
                decide(bots[seat], GAME, state, seat, rng_for(seed, ply)),
                ply,
                seed,
            )
        _invariants(state)


# ---- the keeper's wild cards (issue 17) ---------------------------------------------------


def _keeper_table(seed=3):
    """A three-player basic game past the keep step, seat 0 to play with an empty hand."""
    options, seats = resolve_options(GAME, 3, {})
    state = start(GAME, seed, 3, options, seats)
    for s in range(3):
        animal = state["hands"][s]["animals"][0]
        state = play(GAME, state, s, {"type": "return_animal", "animal": animal}, s + 1, seed)
    hand = state["hands"][0]
    state["tiles"] += hand["tiles"]
    state["animals"] += hand["animals"]
    state["wilds"]["draw"] += hand["wilds"]
    hand["tiles"], hand["animals"], hand["wilds"] = [], [], []
    return state


def _take(state, seat, card, part):
    for pile in [state["tiles"], state["animals"], state["wilds"]["draw"]] + [
        h[k] for h in state["hands"] for k in ("tiles", "animals", "wilds")
    ]:
        if card in pile:
            pile.remove(card)
    state["hands"][seat][part].append(card)


def test_keeper_relocates_another_animal_to_free_land_for_its_own():
    """A 20-block desert holds someone's 5-block Taipan; the keeper holds the Dingo (20) and
    Relocation: moving the Taipan to a smaller free desert opens the big one for the Dingo."""
    state = _keeper_table()
    for text, tile in (
        ("0,-1", "komodo-tile-09"),
        ("1,-1", "komodo-tile-13"),
        ("-1,-1", "komodo-tile-05"),
        ("0,1", "komodo-tile-11"),
    ):
        for pile in [state["tiles"]] + [h["tiles"] for h in state["hands"]]:
            if tile in pile:
                pile.remove(tile)
        state["map"][text] = [tile, 2]
    deserts = sorted(e.size for e in Board(state["map"], []).enclosures if e.terrain == "D")
    assert deserts == [5, 20]
    state["animals"].remove("komodo-animal-01")
    state["housed"].append(
        {"animal": "komodo-animal-01", "owner": 1, "x": 0, "y": -2, "lock": False}
    )
    _take(state, 0, "komodo-animal-07", "animals")  # Dingo, 20 desert
    _take(state, 0, "komodo-wild-15", "wilds")  # Relocation
    move = Keeper().choose(GAME, state, 0, rng_for(3, 9))
    assert move["type"] == "relocate" and move["animal"] == "komodo-animal-01"
    state = play(GAME, state, 0, move, 9, 3)
    move = Keeper().choose(GAME, state, 0, rng_for(3, 10))
    assert move["type"] == "house" and move["animal"] == "komodo-animal-07"


def test_keeper_throws_away_a_dead_wild_card_to_make_room_for_a_new_one():
    """Hints: "Using a Wild card just to get rid of it, or discarding one, may let you collect a
    more useful one." With three wild cards after housing, Recycling (the discard pile holds
    nothing to take back) goes before replenishing."""
    state = _keeper_table()
    for card in (
        "komodo-wild-17",
        "komodo-wild-05",
        "komodo-wild-09",
    ):  # Recycling, Request, Barter
        _take(state, 0, card, "wilds")
    state["wilds"]["discard"] = []
    state["turn"]["housed_hand"] = state["turn"]["acted"] = True
    state["turn"]["placed"] = 1
    move = Keeper().choose(GAME, state, 0, rng_for(3, 9))
    assert move == {"type": "discard_wild", "card": "komodo-wild-17"}


# ---- sampling what a seat cannot see (issue 17) -------------------------------------------


@pytest.mark.parametrize("variant", ["basic", "tame", "coop"])
def test_determinize_gives_back_the_seats_view_and_moves_and_conserves_components(variant):
    """A sampled state is one the seat cannot tell from the real one: the same view, the same
    legal moves, every component exactly once, and play goes on from it."""
    phases = set()
    for seed in range(2):
        options, seats = resolve_options(GAME, 3, {"variant": variant})
        state = start(GAME, seed, 3, options, seats)
        real_count = sum(GAME.material(state).values())
        bot, ply = Keeper(), 0
        while GAME.to_act(state) and ply < 150:
            checked = state["phase"] != "turn" or ply % 4 == 0
            phases.add(state["phase"])
            for seat in range(3) if checked else ():
                view = GAME.view(state, seat)
                sample = GAME.determinize(json.loads(json.dumps(view)), seat, rng_for(seed, ply))
                assert GAME.view(sample, seat) == view, (variant, seed, ply, state["phase"])
                assert GAME.legal_moves(sample, seat) == GAME.legal_moves(state, seat)
                places = GAME.material(sample)  # every tile and card where it really lies
                assert set(places.values()) == {1} and sum(places.values()) == real_count
                actor = min(GAME.to_act(sample))
                moves = GAME.legal_moves(sample, actor)
                play(GAME, sample, actor, moves[ply % len(moves)], ply, seed)
            actor = min(GAME.to_act(state))
            ply += 1
            state = play(
                GAME, state, actor, bot.choose(GAME, state, actor, rng_for(seed, ply)), ply, seed
            )


def test_keeper_weighs_a_spot_the_colour_rule_would_refuse_without_failing():
    """Remodeling may always lay the lifted tile back where it was, even where its colours no
    longer match; the keeper's placement scores must take such a spot (it crashed once)."""
    state = _keeper_table()
    _take(state, 0, "komodo-animal-01", "animals")
    spot = {"type": "place_tile", "tile": "komodo-tile-02", "x": 0, "y": 0, "rotation": 0}
    assert Keeper()._score_places(state, 0, [spot]) == [(spot, 0.0)]


@pytest.mark.parametrize("variant", ["basic", "tame", "coop"])
def test_determinize_passes_the_kits_sample_checks(variant):
    """The platform's own check: samples at many plies of a seeded random game."""
    assert check_determinize(GAME, 3, seed=1, options={"variant": variant}, every=6) > 0
