"""LodgeFacts, what the rules remember about a lodge: the answers follow the lodge as the rules
change it in place, and are the ones its grid gives when worked out afresh."""

import itertools

import pytest
from lodge_hotel import amenities as am
from lodge_hotel.catalog import AMENITY_BY_ID, COLORS, GUESTS
from lodge_hotel.rules import grid_of
from lodge_hotel.rules.lodge import check_in_places, free_places, has_place, lodge_facts
from lodge_hotel.testing import GAME, build_lodge, guest_with, rooms_of

from core.engine import playout
from core.engine.play import play_owned, start

PAIRS = list(itertools.product(COLORS, repeat=2))


def _fresh(lodge):
    """Free places, check-in places and amenity progress worked out from the grid, as the
    rules did before they remembered them."""
    grid = grid_of(lodge)
    progress = {pos: am.progress(cell["tile"], pos, grid) for pos, cell in grid.items()
                if cell["tile"] in AMENITY_BY_ID}
    places = check_in_places(grid)
    return free_places(grid), places, progress, {pair: bool(places.get(pair)) for pair in PAIRS}


def _read(lodge):
    facts = lodge_facts(lodge)
    places = {pair: facts.places.get(pair) for pair in PAIRS}
    # Whether a pair has a place, asked of the cells without listing any, as the turn flow
    # asks it after every build and check-in.
    fits = {pair: has_place(lodge["cells"], {pair}) for pair in PAIRS}
    return (dict(facts.free), {pair: found for pair, found in places.items() if found},
            dict(facts.progress), fits)


def test_a_lodge_changed_in_place_is_answered_by_its_new_content():
    layout = {(1, 1): "red", (1, 2): "blue", (1, 3): "Restaurant", (2, 1): "red"}
    lodge = build_lodge(layout)
    assert _read(lodge) == _fresh(lodge)
    before = _read(lodge)
    assert before[0][1] == (4,) and before[1][("red", "blue")] == [(1, 1)]
    assert before[2][(1, 3)] == 0.0
    # The same dicts, changed the way the handlers change them: a guest checks in, a room is built.
    lodge["cells"]["1,1"]["guest"] = guest_with(("red", "blue"))
    lodge["cells"]["2,2"] = {"tile": rooms_of("blue")[-1], "guest": None}
    after = _read(lodge)
    assert after == _fresh(lodge)
    assert after[0][2] == (3,) and after[1][("red", "blue")] == [(2, 1)]
    assert after[2][(1, 3)] == 0.25  # one red room of the four the Restaurant wants has a guest
    # A lodge of the first content is still answered as before: nothing the change did reached
    # the answers remembered for it.
    assert _read(build_lodge(layout)) == before


def test_check_in_places_are_read_pair_by_pair_as_from_a_dict():
    lodge = build_lodge({(1, 1): "red", (1, 2): "blue", (1, 3): "green"})
    places = lodge_facts(lodge).places
    assert places.get(("green", "blue")) == [(1, 3)]
    assert places.get(("green", "red")) is None and places.get(("green", "red"), []) == []
    assert places.get(("blue", "red")) == [(1, 2)] and places.get(("blue", "green")) == [(1, 2)]


def test_whether_any_of_some_pairs_has_a_place_is_asked_without_listing():
    lodge = build_lodge({(1, 1): "red", (1, 2): "blue", (1, 3): "green"})
    lodge["cells"]["1,2"]["guest"] = guest_with(("red", "blue"))  # red and green are not beside
    assert not has_place(lodge["cells"], {("red", "blue"), ("green", "red"), ("blue", "green")})
    lodge["cells"]["1,2"]["guest"] = None
    assert has_place(lodge["cells"], {("red", "red"), ("blue", "green")})
    assert has_place(lodge["cells"], {("green", "blue")})
    assert not has_place(lodge["cells"], {("red", "green"), ("green", "green")})


@pytest.mark.parametrize("players,options", [(1, {"level": 5}), (2, {}), (4, {})])
def test_every_lodge_of_played_games_is_answered_as_its_grid_would_be(players, options):
    for seed in range(2):
        run = playout(GAME, players, seed=seed, options=options)
        state = start(GAME, seed, players, run.options, run.seat_options)
        for ply, (seat, move) in enumerate(run.moves, start=1):
            state = play_owned(GAME, state, seat, move, ply, seed)
            lodge = state["lodges"][seat]  # the only lodge a move changes
            assert _read(lodge) == _fresh(lodge)
        assert state == run.state


@pytest.mark.parametrize("players,options", [(1, {"level": 2}), (4, {})])
def test_a_check_in_fits_one_room_exactly_where_the_listed_spots_have_it(players, options):
    """The check-in handler tests the one room a move names (_fits); the legal moves list every
    spot (guest_spots). Every guest, at every room of played lodges and around them, must get
    the same answer from both."""
    guests = [g["id"] for g in GUESTS]
    run = playout(GAME, players, seed=3, options=options)
    state = start(GAME, 3, players, run.options, run.seat_options)
    for ply, (seat, move) in enumerate(run.moves, start=1):
        state = play_owned(GAME, state, seat, move, ply, 3)
        if ply % 5:
            continue
        lodge = state["lodges"][seat]
        grid = grid_of(lodge)
        around = {(f + df, c + dc) for f, c in grid for df in (-1, 0, 1) for dc in (-1, 0, 1)
                  if 1 <= f + df <= 4 and c + dc >= 1}
        for guest in guests:
            spots = set(GAME.guest_spots(state, grid, guest))
            assert {pos for pos in around if GAME._fits(state, lodge, guest, *pos)} == spots
