"""The keeper in the co-operative game: it plans for the whole team, because the team loses the
moment any player cannot house an animal, and wins only if all 32 are housed."""

from __future__ import annotations

import copy

from komodo.bots import Keeper
from komodo.land import enclosure_list, team_wants
from komodo.rules import Komodo
from komodo.terrain import Board

from core.engine import decide, resolve_options
from core.engine.play import play, start
from core.engine.rng import rng_for
from core.engine.strengths import hard

GAME = Komodo()
TAIPAN_5, TAIPAN_10, DINGO = "komodo-animal-01", "komodo-animal-02", "komodo-animal-07"
PENGUIN_5, TARSIER_5 = "komodo-animal-26", "komodo-animal-09"


def _first_turn_table(seed=5, players=3, variant="coop"):
    """A game (by default three-player co-op) at seat 0's first turn, every hand emptied back
    to its pile."""
    options, seats = resolve_options(GAME, players, {"variant": variant})
    state = start(GAME, seed, players, options, seats)
    state["phase"], state["active"] = "turn", 0
    for hand in state["hands"]:
        state["tiles"] += hand["tiles"]
        state["animals"] += hand["animals"]
        hand["tiles"], hand["animals"] = [], []
    return state


def _take(state, seat, card, part):
    for pile in (state["tiles"], state["animals"]):
        if card in pile:
            pile.remove(card)
    state["hands"][seat][part].append(card)


def _lay(state, text, tile, rotation=0):
    state["tiles"].remove(tile)
    state["map"][text] = [tile, rotation]


def _keeper_turn(state, seat, seed=5):
    """The keeper's moves for ``seat`` until it plays something other than a tile: (state, the
    move types in order)."""
    keeper, moves = Keeper(), []
    for ply in range(1, 6):
        move = keeper.choose(GAME, state, seat, rng_for(seed, ply))
        moves.append(move["type"])
        state = play(GAME, state, seat, move, ply, seed)
        if move["type"] != "place_tile":
            break
    return state, moves


def test_a_five_joins_its_ten_partner_instead_of_using_free_land():
    """ "If you create a suitable area for a ten-block Penguin this will satisfy the needs of the
    five-block Penguin ... both Penguin markers co-exist in the territory", and the co-op hint:
    "Optimise land use as most of the terrain will be required". The 5-block Taipan could take a
    free 6-block desert, but beside its 10-block partner it uses no land at all."""
    state = _first_turn_table()
    _lay(state, "-1,0", "komodo-tile-01")  # all desert, joins the Starter's two: 11 blocks
    _lay(state, "0,1", "komodo-tile-05", 2)  # six desert blocks, apart from the rest
    state["animals"].remove(TAIPAN_10)
    state["housed"].append({"animal": TAIPAN_10, "owner": 1, "x": -3, "y": 0, "lock": False})
    deserts = {e.size: e for e in Board(state["map"], state["housed"]).enclosures if e.terrain == "D"}
    assert sorted(deserts) == [6, 11] and deserts[11].animals and not deserts[6].animals
    _take(state, 0, TAIPAN_5, "animals")
    move = Keeper().choose(GAME, state, 0, rng_for(5, 1))
    assert move["type"] == "house" and move["animal"] == TAIPAN_5
    board = Board(state["map"], state["housed"])
    assert board.enclosure_at(move["x"], move["y"]).size == 11


def test_the_hardest_hand_plays_last_so_the_team_can_build_for_it():
    """ "Players decide jointly who will go first, considering the hands dealt and the likelihood
    that the first player can a) house an animal and b) assist the next player(s) to house
    theirs." Seat 0 holds only a 20-block Dingo; seat 2's desert tiles make its 5-block Taipan
    the easiest start, but starting with seat 1 (who can also house its Tarsier at once) gives
    the Dingo two teammates' turns of building before its own."""
    options, seats = resolve_options(GAME, 3, {"variant": "coop"})
    state = start(GAME, 5, 3, options, seats)
    assert state["phase"] == "choose_first"
    for hand in state["hands"]:
        state["animals"] += hand["animals"]
        state["tiles"] += hand["tiles"]
        hand["animals"], hand["tiles"] = [], []
    for seat, animal, tiles in (
        (0, DINGO, ("komodo-tile-17", "komodo-tile-18", "komodo-tile-19", "komodo-tile-20", "komodo-tile-21")),
        (1, "komodo-animal-09", ("komodo-tile-05", "komodo-tile-09", "komodo-tile-13", "komodo-tile-25", "komodo-tile-26")),
        (2, TAIPAN_5, ("komodo-tile-01", "komodo-tile-10", "komodo-tile-14", "komodo-tile-27", "komodo-tile-28")),
    ):
        _take(state, seat, animal, "animals")
        for tile in tiles:
            _take(state, seat, tile, "tiles")
    move = Keeper().choose(GAME, state, 0, rng_for(5, 1))
    assert move == {"type": "first_player", "seat": 1}


def test_before_housing_it_lays_three_tiles_that_together_make_a_home_this_turn():
    """ "Each player must house at least one animal during their turn" (or the team loses), and
    "You can place up to three Terrain tiles per turn". The 10-block Taipan needs eight more
    desert blocks than the Starter's two; each of three tiles in hand has one row of three: only
    all three, laid in a chain, make the home. The keeper lays them and houses the Taipan."""
    state = _first_turn_table()
    _take(state, 0, TAIPAN_10, "animals")
    for tile in ("komodo-tile-29", "komodo-tile-32", "komodo-tile-35", "komodo-tile-25", "komodo-tile-26"):
        _take(state, 0, tile, "tiles")
    state, moves = _keeper_turn(state, 0)
    assert moves == ["place_tile"] * 3 + ["house"]
    assert {t for t, _r in state["map"].values()} >= {"komodo-tile-29", "komodo-tile-32", "komodo-tile-35"}


def test_it_houses_both_animals_when_it_can_however_many_tiles_are_left():
    """ "You may house one or both animals from your hand on your turn." The team must house all
    32 animals, and the tiles run out long before the animals do: holding a housable animal
    back as insurance for the next turn (the rule this keeper once had while tiles were
    plentiful) left it with more animals than land at the end. Normal keepers, seeds 0-199:
    30 or more animals housed in 24 games with that insurance, 33 without it (a gap not far
    above what near-identical settings differed by: 23 to 33)."""
    housed = {}
    for pile in (30, 6):
        state = _first_turn_table()
        _lay(state, "-1,0", "komodo-tile-01")  # 11 desert blocks with the Starter's
        _lay(state, "1,0", "komodo-tile-02")  # 11 rainforest blocks with the Starter's
        _take(state, 0, TAIPAN_5, "animals")
        _take(state, 0, "komodo-animal-09", "animals")  # Tarsier, 5 rainforest
        state["removed"] += state["tiles"][pile:]
        del state["tiles"][pile:]
        keeper, count = Keeper(), 0
        for ply in range(1, 4):
            move = keeper.choose(GAME, state, 0, rng_for(5, ply))
            if move["type"] != "house":
                break
            count += 1
            state = play(GAME, state, 0, move, ply, 5)
        housed[pile] = count
    assert housed == {30: 2, 6: 2}


def test_the_team_plan_cannot_tell_piles_that_differ_only_in_their_hidden_order():
    """Co-op hands are open, but the order of the animal and tile piles is not: the keeper,
    even handed the whole state, makes the same move for two orders of the same piles."""
    state = _first_turn_table()
    _lay(state, "-1,0", "komodo-tile-01")
    for tile in ("komodo-tile-29", "komodo-tile-32", "komodo-tile-35", "komodo-tile-25", "komodo-tile-26"):
        _take(state, 0, tile, "tiles")
    _take(state, 0, DINGO, "animals")
    _take(state, 1, TAIPAN_10, "animals")
    other = copy.deepcopy(state)
    other["animals"].reverse()
    other["tiles"].reverse()
    assert other != state and GAME.view(other, 0) == GAME.view(state, 0)
    for seed in range(3):
        assert Keeper().choose(GAME, state, 0, rng_for(seed, 1)) == Keeper().choose(GAME, other, 0, rng_for(seed, 1))


def test_a_five_joins_its_ten_even_where_two_free_deserts_would_take_it():
    """ "Optimise land use as most of the terrain will be required to complete the mission":
    with two free 6-block deserts, either would house the 5-block Taipan and leave the other
    for a desert animal to come, so both look as good as its 10-block partner's enclosure
    until free land itself counts. Then the Taipan joins its partner and uses no land."""
    state = _first_turn_table()
    _lay(state, "-1,0", "komodo-tile-01")  # all desert, joins the Starter's two: 11 blocks
    _lay(state, "0,1", "komodo-tile-05", 2)  # six desert blocks, apart from the rest
    _lay(state, "1,-1", "komodo-tile-09")  # six more, apart again
    state["animals"].remove(TAIPAN_10)
    state["housed"].append({"animal": TAIPAN_10, "owner": 1, "x": -3, "y": 0, "lock": False})
    board = Board(state["map"], state["housed"])
    deserts = sorted((e.size, bool(e.animals)) for e in board.enclosures if e.terrain == "D")
    assert deserts == [(6, False), (6, False), (11, True)]
    _take(state, 0, TAIPAN_5, "animals")
    move = Keeper().choose(GAME, state, 0, rng_for(5, 1))
    assert move["type"] == "house" and move["animal"] == TAIPAN_5
    assert board.enclosure_at(move["x"], move["y"]).animals


def test_in_an_animal_exchange_the_team_passes_the_card_the_receiver_can_house():
    """Threat: Animal Exchange, "all players MUST pass an Animal card to the left", and the
    team loses if the next player "cannot house an animal on their turn". Player 3 holds the
    20-block Dingo and a 5-block Penguin and passes to Player 1, who has water tiles and no
    desert. Alone, Player 3 would pass the Dingo (its own worst prospect); as a team it passes
    the Penguin and keeps the Dingo, since the Weta that Player 2 passes it has a home now."""
    state = _first_turn_table()
    _lay(state, "1,0", "komodo-tile-02")  # 11 blocks of rainforest: a home for the Weta
    _take(state, 0, "komodo-animal-09", "animals")  # Tarsier, Player 1's only card
    _take(state, 1, "komodo-animal-13", "animals")  # Weta, Player 2's only card
    _take(state, 2, DINGO, "animals")
    _take(state, 2, PENGUIN_5, "animals")
    for seat, tiles in ((0, (22, 24, 25, 26, 28)), (1, (5, 6, 17, 18, 19)), (2, (9, 10, 11, 12, 13))):
        for tile in tiles:
            _take(state, seat, f"komodo-tile-{tile:02d}", "tiles")
    state["active"], state["phase"] = 1, "pass"
    state["pending"] = {"holders": [0, 1, 2], "picks": {}, "then": "refill"}
    assert [m["animal"] for m in GAME.legal_moves(state, 2)] == [DINGO, PENGUIN_5]
    assert Keeper().choose(GAME, state, 2, rng_for(5, 1)) == {"type": "pass_animal", "animal": PENGUIN_5}


def test_it_builds_a_home_for_its_own_animal_before_rehousing_a_teammates_escaped_one():
    """ "You may use your turn to re-house another player's animal 'on the loose'. In this case
    you may not house any animals from your hand." Player 1's Tarsier has escaped and the
    11-block rainforest would take it; but Player 2's three tiles make a home for its 10-block
    Taipan, so it lays them and houses the Taipan, leaving the Tarsier to its owner (who can
    re-house it on their own turn and still house from their hand)."""
    state = _first_turn_table()
    state["active"] = 1
    _lay(state, "1,0", "komodo-tile-02")  # 11 blocks of rainforest
    state["animals"].remove(TARSIER_5)
    state["loose"].append({"animal": TARSIER_5, "owner": 0})
    state["coop"]["must"].append(TARSIER_5)
    _take(state, 1, TAIPAN_10, "animals")
    for tile in ("komodo-tile-29", "komodo-tile-32", "komodo-tile-35", "komodo-tile-25", "komodo-tile-26"):
        _take(state, 1, tile, "tiles")
    assert {"type": "rehouse", "animal": TARSIER_5} in [
        {"type": m["type"], "animal": m.get("animal")} for m in GAME.legal_moves(state, 1)
    ]
    state, moves = _keeper_turn(state, 1)
    assert moves == ["place_tile"] * 3 + ["house"]
    assert state["loose"] == [{"animal": TARSIER_5, "owner": 0}]


def test_of_two_tiles_that_each_make_a_home_it_lays_the_one_that_fits_tightest():
    """ "Optimise land use as most of the terrain will be required to complete the mission":
    an enclosure houses one species, so its land beyond the animal's need is lost to the team.
    The 10-block Taipan has eight desert blocks; the all-desert tile would make 17 of them,
    the tile with one row of desert 11, and the keeper lays that one."""
    state = _first_turn_table()
    _lay(state, "0,-1", "komodo-tile-13", 2)  # two rows of desert above the Starter's two
    deserts = [e.size for e in Board(state["map"], state["housed"]).enclosures if e.terrain == "D"]
    assert deserts == [8]
    _take(state, 0, TAIPAN_10, "animals")
    for tile in ("komodo-tile-01", "komodo-tile-29"):
        _take(state, 0, tile, "tiles")
    move = Keeper().choose(GAME, state, 0, rng_for(5, 1))
    assert move["type"] == "place_tile" and move["tile"] == "komodo-tile-29"
    after = play(GAME, state, 0, move, 1, 5)
    assert 11 in [e.size for e in Board(after["map"], after["housed"]).enclosures if e.terrain == "D"]


def test_a_cut_rollout_is_judged_by_the_homes_the_land_leaves_ready():
    """The team wins only "when all 32 animals have been housed": of two co-op games with the
    same animals housed, the one whose free land already fits the 10-block Taipan in hand (11
    free desert blocks, not 5) stands better for the search bot's cut rollouts."""
    ready, bare = _first_turn_table(), _first_turn_table()
    _lay(ready, "-1,0", "komodo-tile-01")  # all desert, with the Starter's two: 11 blocks
    _lay(bare, "-1,0", "komodo-tile-29", 1)  # one column of desert: 5 blocks with the Starter's
    for state in (ready, bare):
        _take(state, 0, TAIPAN_10, "animals")
    deserts = {id(s): [e.size for e in Board(s["map"], s["housed"]).enclosures if e.terrain == "D"]
               for s in (ready, bare)}
    assert deserts == {id(ready): [11], id(bare): [5]}
    keeper = Keeper()
    high, low = keeper.interim_scores(ready), keeper.interim_scores(bare)
    assert len(ready["housed"]) == len(bare["housed"]) and high.scores[0] > low.scores[0]


def _taipan_turn(state):
    """Seat 0 holds the 10-block Taipan, with 11 blocks of desert laid for it, the Dingo and
    five tiles."""
    _lay(state, "-1,0", "komodo-tile-01")
    _take(state, 0, TAIPAN_10, "animals")
    _take(state, 0, DINGO, "animals")
    for tile in ("komodo-tile-05", "komodo-tile-09", "komodo-tile-13", "komodo-tile-29", "komodo-tile-35"):
        _take(state, 0, tile, "tiles")


def test_the_search_root_weighs_the_best_tiles_every_home_and_ending_the_turn():
    """At 1 s the hard bot plays a few rollouts; spread over a hundred placements they tell
    nothing apart. In a co-op turn the keeper offers its three best placements with every
    home for an animal and the end of the turn ("Each player must house at least one animal
    during their turn": ending without housing loses, and the search should see it)."""
    state = _first_turn_table()
    _taipan_turn(state)
    moves = GAME.legal_moves(state, 0)
    shortlist = Keeper().root_moves(GAME, state, 0, rng_for(5, 1))
    assert all(m in moves for m in shortlist)
    assert sum(m["type"] == "place_tile" for m in shortlist) == Keeper.ROOT_PLACES
    assert [m for m in moves if m["type"] != "place_tile"] == [m for m in shortlist if m["type"] != "place_tile"]
    assert {m["type"] for m in shortlist} == {"place_tile", "house", "end_turn"}
    options, seats = resolve_options(GAME, 2, {})
    basic = start(GAME, 5, 2, options, seats)
    assert Keeper().root_moves(GAME, basic, 0, rng_for(5, 1)) is None


def test_in_a_competitive_turn_the_search_root_weighs_the_best_tiles_and_homes_but_not_stopping():
    """A competitive turn's root is the keeper's two best placements and its homes: with ending
    the turn among them, the search's short rollouts learned to stop building. The keeper's own
    move is added by the search itself, whatever it is."""
    options, seats = resolve_options(GAME, 2, {})
    opening = start(GAME, 5, 2, options, seats)
    assert opening["phase"] == "keep" and Keeper().root_moves(GAME, opening, 0, rng_for(5, 1)) is None
    state = _first_turn_table(players=2, variant="basic")
    _taipan_turn(state)
    keeper = Keeper()
    moves = GAME.legal_moves(state, 0)
    places = [m for m in moves if m["type"] == "place_tile"]
    best = sorted(keeper._score_places(state, 0, places, fit=False), key=lambda pair: -pair[1])
    shortlist = keeper.root_moves(GAME, state, 0, rng_for(5, 1))
    assert len(places) > 20 and all(m in moves for m in shortlist)
    assert shortlist[: Keeper.RIVAL_PLACES] == [m for m, _score in best[: Keeper.RIVAL_PLACES]]
    homes = shortlist[Keeper.RIVAL_PLACES:]
    assert homes and all(m["type"] == "house" and m["animal"] == TAIPAN_10 for m in homes)
    assert any(m["type"] == "replenish" for m in moves)


def test_desert_laid_against_the_housed_taipans_full_enclosure_counts_as_lost():
    """ "You can add tiles to enlarge an existing area containing an animal", but in the co-op
    game "most of the terrain will be required": the 10-block Taipan already has 11 desert
    blocks (and its 5-block partner fits there too), so the six desert blocks of a tile laid
    against it are lost to the team, and its row of water, joining nothing, is likely a scrap;
    the same tile below the Starter joins the Starter's water and only its desert, starting
    apart, is at risk."""
    state = _first_turn_table()
    _lay(state, "-1,0", "komodo-tile-01")  # all desert, with the Starter's two: 11 blocks
    state["animals"].remove(TAIPAN_10)
    state["housed"].append({"animal": TAIPAN_10, "owner": 1, "x": -3, "y": 0, "lock": False})
    _take(state, 0, "komodo-tile-13", "tiles")
    board = Board(state["map"], state["housed"])
    base, team = enclosure_list(board), team_wants(state, 0, own=True)
    against = board.check("komodo-tile-13", 2, -1, -1)  # its two desert rows face the Taipan's
    apart = board.check("komodo-tile-13", 2, 0, 1)  # its water row meets the Starter's water
    assert against[0] is None and apart[0] is None
    assert Keeper()._land_lost(base, against[1], team) == 6 * Keeper.WASTE_WEIGHT + 3 * Keeper.SCRAP_WEIGHT
    assert Keeper()._land_lost(base, apart[1], team) == 6 * Keeper.SCRAP_WEIGHT


def test_it_finds_the_run_for_the_animal_that_looked_further_from_a_home():
    """ "Each player must house at least one animal during their turn." After one tile the
    10-block Frilled Lizard looks closest (the grassland tile leaves it three blocks short),
    but no run of three tiles in hand ever gets there; only the two water tiles beside the
    Starter's water make the 15 blocks the Fur Seal needs, while the next player's Komodo
    Dragon pulls every other judgement towards grassland. The keeper plans for each animal in
    turn, so it lays the water and houses the Fur Seal instead of ending the turn with nothing."""
    state = _first_turn_table()
    for seat, animals in ((1, ("komodo-animal-17", "komodo-animal-25")), (2, ("komodo-animal-14", "komodo-animal-08"))):
        for animal in animals:  # Quoll and Komodo Dragon; Kiwi and Red Kangaroo
            _take(state, seat, animal, "animals")
    _take(state, 0, "komodo-animal-22", "animals")  # Frilled Lizard, 10 grassland
    _take(state, 0, "komodo-animal-32", "animals")  # Fur Seal, 15 water
    for tile in ("komodo-tile-20", "komodo-tile-22", "komodo-tile-41", "komodo-tile-14", "komodo-tile-33"):
        _take(state, 0, tile, "tiles")
    state, moves = _keeper_turn(state, 0)
    assert moves[-1] == "house" and state["housed"][-1]["animal"] == "komodo-animal-32"


def test_after_housing_it_lays_no_tile_that_leaves_the_next_player_without_a_home():
    """ "The team loses if a player cannot house an animal on their turn", and the first player
    should "assist the next player(s) to house theirs". In this seeded opening the first player
    has housed its animal; the tile it would lay for the team's land would leave the next
    player no run of its tiles to a home, so it lays another that leaves one."""
    options, seats = resolve_options(GAME, 3, {"variant": "coop"})
    state, keeper = start(GAME, 19, 3, options, seats), Keeper()
    for ply in range(1, 4):
        seat = sorted(GAME.to_act(state))[0]
        state = play(GAME, state, seat, decide(keeper, GAME, state, seat, rng_for("19:bot", ply)), ply, 19)
    seat = state["active"]
    assert state["turn"]["housed_any"]
    nxt = (seat + 1) % 3
    moves = GAME.legal_moves(state, seat)
    unguarded = keeper._build(GAME, state, seat, moves, rng_for("19:bot", 4))
    guarded = keeper.choose(GAME, state, seat, rng_for("19:bot", 4))
    assert unguarded["type"] == guarded["type"] == "place_tile" and guarded != unguarded
    assert not keeper._can_house(play(GAME, state, seat, unguarded, 4, 19), nxt)
    assert keeper._can_house(play(GAME, state, seat, guarded, 4, 19), nxt)


def test_the_team_tries_the_likeliest_start_and_takes_another_if_the_second_player_would_fail():
    """The first player should "assist the next player(s) to house theirs": "the team loses if a
    player cannot house an animal on their turn". In this seeded deal the hands alone make seat
    2 the likeliest start, but after its first turn seat 0 has no home; the keeper plays each
    start's first turn on a copy and starts with seat 1, after which seat 2 can house."""
    options, seats = resolve_options(GAME, 3, {"variant": "coop"})
    state, keeper = start(GAME, 20, 3, options, seats), Keeper()
    moves = GAME.legal_moves(state, 0)
    likeliest = keeper._first_turn(GAME, state, 0, {"type": "first_player", "seat": 2}, rng_for("20:bot", 1))
    assert likeliest is not None and not keeper._can_house(likeliest, 0)
    assert keeper.choose(GAME, state, 0, rng_for("20:bot", 1)) == {"type": "first_player", "seat": 1}
    assert {"type": "first_player", "seat": 2} in moves


def test_the_search_rolls_out_with_the_keeper_without_its_wild_card_trials():
    """The hard bot's rollouts are played by a keeper that does not try Relocation and
    Remodeling one move ahead (half of a rollout ply's cost); the search's own move still comes
    from the whole keeper. Over whole competitive games the two choose alike everywhere but
    where the whole keeper plays one of those cards."""
    whole = Keeper()
    search = hard(GAME, whole)
    assert search.rollout is whole.rollout_bot() and search.heuristic is whole
    quick = search.rollout
    assert quick.try_wilds is False and quick.rollout_bot() is quick
    differ = []
    for seed in range(3):
        options, seats = resolve_options(GAME, 2, {"variant": "basic"})
        state, ply = start(GAME, seed, 2, options, seats), 0
        while GAME.to_act(state):
            seat, ply = min(GAME.to_act(state)), ply + 1
            move = whole.choose(GAME, state, seat, rng_for(seed, ply))
            if quick.choose(GAME, state, seat, rng_for(seed, ply)) != move:
                differ.append(move["type"])
            state = play(GAME, state, seat, move, ply, seed)
    assert differ and set(differ) <= {"relocate", "remodel"}
