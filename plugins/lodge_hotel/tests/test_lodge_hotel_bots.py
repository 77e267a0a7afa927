"""Bots decide from what their seat may know: samples of the hidden bags, and the Innkeeper's
use of refresh tokens (issue 17)."""

import copy
import random

import pytest
from lodge_hotel.appraisal import Appraisal, cells_of
from lodge_hotel.bots import Innkeeper
from lodge_hotel.catalog import GUESTS, ROOMS
from lodge_hotel.rules import grid_of, lodge_score
from lodge_hotel.rules.guests import check_in_places
from lodge_hotel.rules.lodge import free_places
from lodge_hotel.testing import AMENITY_ID, GAME, Runner, build_lodge, guest_with, new, put_lodge

from core.engine import RandomBot, playout
from core.engine.bots import decide
from core.engine.strengths import hard
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


def _show_amenities(state, names):
    """Put the amenities called ``names`` on display (the rest back in the stack)."""
    ids = [AMENITY_ID[n] for n in names]
    state["amenity_stack"] = [a for a in state["amenity_stack"] + state["amenity_display"] if a not in ids]
    state["amenity_display"] = ids


def test_the_innkeeper_leaves_an_amenity_it_could_never_complete_for_one_it_can():
    """"Coat Check: have 4 rooms with guests diagonally adjacent to this amenity." At the start
    of a solo game the lodge is one room on the ground floor, so every place the Coat Check
    (or the Coffee Bar) could go has at most two diagonal (three orthogonal) neighbours: seven
    points that can never be scored. The Innkeeper starts with the Staircase instead."""
    state = new(1, seed=3, level=4)
    _show_amenities(state, ["Coat Check", "Coffee Bar", "Staircase", "Viewing Area"])
    bot = Innkeeper()
    grid = grid_of(state["lodges"][0])
    for spot in GAME._amenity_spots(state, grid, AMENITY_ID["Coat Check"]):
        assert not bot._reachable(state["rules"], AMENITY_ID["Coat Check"], spot, grid)
    wide = grid_of(build_lodge({(1, 1): "red", (1, 2): "blue", (1, 3): "red"}))
    assert bot._reachable(state["rules"], AMENITY_ID["Coat Check"], (2, 2), wide)
    move = bot.choose(GAME, state, 0, random.Random(0))
    assert state["amenity_display"][move["index"]] == AMENITY_ID["Staircase"]


def test_at_level_4_the_innkeeper_hopes_nothing_of_the_launderette():
    """Level 4 forbids two rooms of one colour in a column, so the eight rooms around an amenity
    (three columns) hold at most three of a colour: the Launderette's four cannot happen. Its
    half-way progress is worth something to the Innkeeper without the level, nothing with it."""
    bot = Innkeeper()
    layout = {(1, 1): "red", (1, 2): "Launderette", (1, 3): "red", (2, 1): "blue", (2, 2): "red"}
    hopes = []
    for level in (0, 4):
        state = new(1, seed=3, level=level)
        put_lodge(state, 0, layout)
        hopes.append(bot._points_and_hopes(state, grid_of(state["lodges"][0]), 8)[1])
    assert hopes[0] > 0 and hopes[1] == 0


def _started(seed, level):
    """A solo game at ``level`` after its starting amenity (the first on display) is placed in
    its first legal place."""
    table = Runner(new(1, seed=seed, level=level), seed=seed)
    table.play(0, {"type": "take_amenity", "index": 0})
    table.play(0, GAME.legal_moves(table.state, 0)[0])
    return table.state


def _show_guests(state, shown):
    """Put the guests ``shown`` on display (the others back in the bag)."""
    state["guest_bag"] = [g for g in state["guest_bag"] + [g for g in state["guest_display"] if g] if g not in shown]
    state["guest_display"] = list(shown)


def _show_rooms(state, levels):
    """Put rooms of the colours ``levels`` (level 1 first) on the room display."""
    state["room_bag"] += [r for level in state["display"] for r in level if r]
    for level, colors in enumerate(levels):
        row = []
        for color in colors:
            room = next(r for r in state["room_bag"] if ROOMS[r] == color)
            state["room_bag"].remove(room)
            row.append(room)
        state["display"][level] = row


def test_on_the_last_solo_turn_the_innkeeper_builds_for_a_check_in_now():
    """The solo game ends after sixteen turns, so on the last one only points scored now count:
    the Innkeeper builds the yellow room beside its red one and checks in the display's
    red-and-yellow guest (on their preferred floor) in the same turn, rather than a purple room
    upstairs that would only pair up with guests who will never come."""
    state = _started(5, 4)
    state["solo_turns"] = 15
    put_lodge(state, 0, {(1, 1): "red", (2, 1): "Ski Repair"})
    state["lodges"][0]["valet"] = []
    wanted = guest_with(("red", "yellow"), floor=1)
    _show_guests(state, [wanted] + [guest_with(("blue", "green"), floor=f) for f in (2, 3, 4)])
    _show_rooms(state, [("yellow", "purple", "purple", "purple"), ("purple",) * 4, ("purple",) * 4,
                        ("purple",) * 4])
    bot = Innkeeper()
    move = bot.choose(GAME, state, 0, random.Random(1))
    assert move == {"type": "take_room", "level": 1, "slot": 0}
    table = Runner(state, seed=5)
    table.play(0, move)
    table.play(0, bot.choose(GAME, table.state, 0, random.Random(1)))
    check_in = bot.choose(GAME, table.state, 0, random.Random(1))
    assert (check_in["type"], check_in["source"], check_in["index"], check_in["floor"]) == ("guest", "display", 0, 1)


def test_a_solo_guest_checks_in_now_on_their_floor_rather_than_keep_two_partners_empty():
    """"Each placed guest will score 2 points", and 2 more on the 2nd floor they prefer. A
    green-and-purple guest fits the empty purple room on the 2nd floor, whose empty green and
    blue neighbours would lose their only partner. With twelve turns to come the Innkeeper once
    kept the purple room empty, counting on it (two partner colours) to fill 96 times in a
    hundred and on each neighbour 78; in its games such rooms filled about two times in three,
    whatever their partners, so it checks the guest in."""
    state = _started(12, 4)
    state["solo_turns"] = 3
    put_lodge(state, 0, {(1, 1): "green", (1, 2): "Flower Shop", (2, 1): "purple", (2, 2): "blue",
                         (3, 2): "purple+" + guest_with(("blue", "purple"), floor=3), (4, 2): "yellow"})
    state["lodges"][0]["valet"] = [guest_with(("blue", "yellow"), floor=2)]
    wanted = guest_with(("green", "purple"), floor=2)
    _show_guests(state, [guest_with(("green", "yellow"), floor=2), guest_with(("green", "yellow"), floor=1),
                         wanted, guest_with(("yellow", "purple"), floor=2)])
    state["phase"] = "guests"
    state["turn_guests"] = {"display": 0, "valet": 0}
    move = Innkeeper().choose(GAME, state, 0, random.Random(1))
    assert move == {"type": "guest", "source": "display", "index": 2, "floor": 2, "col": 1}


def test_the_valet_takes_the_guest_that_one_more_room_would_let_check_in():
    """No display guest fits the lodge yet. A green-and-purple guest has no green or purple room
    to go to at all, while a red-and-blue guest needs only a blue room built beside the lodge's
    empty red room: the Innkeeper's valet takes the red-and-blue one."""
    state = new(1, seed=5)
    put_lodge(state, 0, {(1, 1): "red", (1, 2): "yellow+" + guest_with(("yellow", "green"), floor=1)})
    near = guest_with(("red", "blue"), floor=1)
    far = [guest_with(("green", "purple"), floor=f) for f in (1, 2, 3)]
    _show_guests(state, [*far[:2], near, far[2]])
    state["phase"] = "valet"
    move = Innkeeper().choose(GAME, state, 0, random.Random(0))
    assert move == {"type": "valet", "index": 2}


def test_rooms_alike_are_judged_once_and_the_same_as_afresh():
    """Rooms of one colour on one level of the display lead to the same best turn, so the
    Innkeeper judges each (level, colour) once per decision (which is what makes judging six
    refills for a refresh affordable), and that remembered judgement is the one it would make
    afresh."""
    bot = Innkeeper()
    for seed in range(3):
        state = _started(seed, 4)
        takes = [m for m in GAME.legal_moves(state, 0) if m["type"] == "take_room"]
        memo = {}
        for take in takes:
            assert bot._best_place(GAME, state, 0, take, memo) == bot._best_place(GAME, state, 0, take)
        assert len(memo) == len({(t["level"], ROOMS[state["display"][t["level"] - 1][t["slot"]]]) for t in takes})


def test_a_cut_search_rollout_at_a_level_is_judged_won_or_lost_like_a_finished_game():
    """A solo game with a level ends won or lost, and the search bot rewards a finished rollout
    mostly for winning; a rollout it cuts short is judged the same way, by the Innkeeper's
    prospect of 60 points, not as a game with nothing to win."""
    bot = Innkeeper()
    state = _started(5, 4)
    poor = bot.interim_scores(state)
    assert poor.won == [False] and poor.scores[0] < 60
    rich = {}
    for floor in range(1, 5):  # five guests on each floor they prefer: 90 points
        for col, guest in enumerate([g for g in GUESTS if g["floor"] == floor][:5], start=1):
            rich[(floor, col)] = f"{guest['colors'][col % 2]}+{guest['id']}"
    put_lodge(state, 0, rich)
    assert bot.interim_scores(state).won == [True]
    assert isinstance(bot.interim_scores(new(2, seed=5)), list)


def test_a_solo_build_is_chosen_among_the_best_few_by_playing_on_to_the_next_turn():
    """The Innkeeper plays its best rooms on to the next turn on copies of the state it was
    given: the state itself is left as it was, the room it takes is one of its best few by this
    turn alone, and the same seed gives the same room."""
    bot = Innkeeper()
    checked = 0
    for seed in range(3):
        state = _started(seed, 4)
        before = copy.deepcopy(state)
        move = bot.choose(GAME, state, 0, random.Random(seed))
        assert state == before
        if move["type"] == "refresh":
            continue
        takes = [m for m in GAME.legal_moves(state, 0) if m["type"] == "take_room"]
        values = sorted({bot._best_place(GAME, state, 0, t)[0] for t in takes}, reverse=True)
        assert bot._best_place(GAME, state, 0, move)[0] >= values[min(len(values), bot.LOOK_AHEAD_BUILDS) - 1]
        assert bot.choose(GAME, state, 0, random.Random(seed)) == move
        checked += 1
    assert checked


def test_a_turn_that_ends_the_game_is_worth_its_final_score():
    """On the last solo turn (the ski lift leaves level 4 with no token left above it) playing
    a room on to "the next turn" ends the game, and the room is worth the score it ends with."""
    bot = Innkeeper()
    state = _started(5, 4)
    state.update(solo_turns=15, lift=4, lift_tokens=0)
    take = next(m for m in GAME.legal_moves(state, 0) if m["type"] == "take_room")
    trial = copy.deepcopy(state)
    rng = random.Random(3)
    value = bot._next_turn_value(GAME, trial, 0, take, random.Random(3))
    played = GAME.apply(copy.deepcopy(state), 0, dict(take), rng)
    while not played["over"]:
        played = GAME.apply(played, 0, bot._decide(GAME, played, 0, rng, look_ahead=False), rng)
    assert value == sum(lodge_score(played["lodges"][0]).values())
    assert trial == state


def test_the_room_in_hand_goes_to_one_of_its_best_places_played_on_to_the_next_turn():
    """Placing the room taken is judged the same way as taking it: among its best few places by
    this turn alone, each played on to the next turn on copies of the state."""
    bot = Innkeeper()
    run = playout(GAME, 1, seed="places", options={"level": 4}, bots=[Innkeeper()])
    table = Runner(new(1, seed="places", level=4), seed="places")
    checked = 0
    for seat, move in run.moves:
        state = table.state
        if state["phase"] == "place" and state["holding"]["kind"] == "room" \
                and sum(m["type"] == "place" for m in GAME.legal_moves(state, 0)) > 1:
            take = {"type": "take_room", "level": state["holding"]["level"], "slot": state["holding"]["slot"]}
            places = {spot: value for value, spot in bot._place_values(GAME, state, 0, take)}
            before = copy.deepcopy(state)
            chosen = bot.choose(GAME, state, 0, random.Random(checked))
            assert state == before
            best = sorted(places.values(), reverse=True)[:bot.LOOK_AHEAD_PLACES]
            assert places[(chosen["floor"], chosen["col"])] in best
            checked += 1
        table.play(seat, move)
    assert checked


#: Guests of every colour pair, for judging where guests fit beyond those on display.
GUESTS_SAMPLE = [g["id"] for g in GUESTS[::7]]


def _same_judgement(grown, fresh, guests):
    """An appraisal grown from another judges its lodge exactly as one worked out afresh."""
    assert grown.cells == fresh.cells and grown.grid == fresh.grid
    assert grown.amenities == fresh.amenities and grown.free == fresh.free
    assert {p: grown.opens[p] for p in grown.free} == fresh.opens
    assert grown.places == fresh.places == check_in_places(fresh.grid)
    for turns in (0, 1, 5, 15):
        assert grown.points_and_hopes(turns) == fresh.points_and_hopes(turns)
        assert grown.future_guests(turns) == fresh.future_guests(turns)
    for guest in guests:
        for half in (False, True):
            assert grown.spot_worth(guest, half) == fresh.spot_worth(guest, half)


@pytest.mark.parametrize("players,options", [(1, {"level": 4}), (3, {})])
def test_a_lodge_one_room_or_one_guest_further_is_appraised_as_if_afresh(players, options):
    """The Innkeeper grows the appraisal of a lodge with one more room, amenity or guest from
    the lodge's own, working out again only what that tile or guest can change. At every turn
    of played games, every room colour and amenity on display in every free place, and every
    guest in every room that fits it, is judged exactly as the same lodge appraised from
    nothing: points and amenity hopes, empty rooms, where guests fit, the guests to come (on
    lodges random play builds, quick to make and of every shape)."""
    bot = Innkeeper()
    run = playout(GAME, players, seed="appraise", options=options, bots=[RandomBot()] * players)
    table = Runner(new(players, seed="appraise", **options), seed="appraise")
    compared, every = 0, len(run.moves) // 20
    for ply, (seat, move) in enumerate(run.moves):
        state = table.state
        if ply % every == 0 and state["phase"] == "build":
            rules = tuple(state["rules"])
            guests = [g for g in state["guest_display"] if g] + GUESTS_SAMPLE
            # One room of each colour on display (rooms of a colour are judged alike) and the
            # amenities on display.
            tiles = {ROOMS[r]: r for level in state["display"] for r in level if r}
            tiles = sorted(tiles.values()) + list(state["amenity_display"])
            for lodge in state["lodges"]:
                seen = Appraisal.fresh(bot, rules, cells_of(lodge))
                for pos in sorted((f, c) for f, cols in free_places(seen.grid).items() for c in cols):
                    for tile in tiles:
                        cells = seen.cells + ((pos, tile, None),)
                        _same_judgement(seen.built(cells, pos, tile), Appraisal.fresh(bot, rules, cells), guests)
                        compared += 1
                for guest in guests:
                    for pos in GAME.guest_spots(state, seen.grid, guest):
                        i = next(i for i, cell in enumerate(seen.cells) if cell[0] == pos)
                        room = seen.cells[i][1]
                        cells = seen.cells[:i] + ((pos, room, guest),) + seen.cells[i + 1:]
                        _same_judgement(seen.checked_in(cells, pos, room, guest),
                                        Appraisal.fresh(bot, rules, cells), guests)
                        compared += 1
        table.play(seat, move)
    assert compared > 100


def test_the_innkeeper_keeps_no_appraisals_between_decisions():
    """A decision's appraisals serve that decision: none are held on to afterwards (a bot in
    the web process keeps no memory between its moves)."""
    bot = Innkeeper()
    state = _started(3, 4)
    bot.choose(GAME, state, 0, random.Random(0))
    assert bot._appraisals == {}


def test_a_look_ahead_sample_places_its_room_as_the_place_decision_would():
    """A look-ahead sample places the room it took where the decision's own judgement of that
    room put it, instead of deciding the place again: the worth it finds is the one the place
    decision gives, also when the placing itself ends the turn (no guest shown can check in
    beside the lodge's only room, red, and no token is left) and the sample plays on from the
    next turn, not the one after."""
    bot = Innkeeper()
    state = _started(5, 4)
    put_lodge(state, 0, {(1, 1): "red", (2, 1): "Ski Repair"})
    state["lodges"][0].update(valet=[], tokens=0)
    # Guests of three colours other than red and the colour of the room the ski lift takes
    # next, so that at most one guest leaves with it and the turn ends there.
    lifted = ROOMS[[r for r in state["display"][state["lift"] - 1] if r][-1]]
    a, b, c = [color for color in ("blue", "green", "purple", "yellow") if color != lifted][:3]
    _show_guests(state, [guest_with((a, b), 1), guest_with((b, c), 1), guest_with((a, c), 1), guest_with((a, b), 2)])
    takes = [m for m in GAME.legal_moves(state, 0) if m["type"] == "take_room"]
    memo = {}
    bot._best_take(GAME, state, 0, takes, random.Random(0), memo)
    ended = 0
    for take in {bot._kind(state, t): t for t in takes}.values():
        floor, col = memo[bot._kind(state, take)][1]
        placed = GAME.apply(GAME.apply(copy.deepcopy(state), 0, dict(take), random.Random(1)), 0,
                            {"type": "place", "floor": floor, "col": col}, random.Random(1))
        ended += placed["lodges"][0]["turns"] == state["lodges"][0]["turns"] + 1
        for seed in range(2):
            assert bot._next_turn_value(GAME, state, 0, take, random.Random(seed), memo) == \
                bot._next_turn_value(GAME, state, 0, take, random.Random(seed))
    assert ended


def test_the_search_rolls_out_with_the_innkeeper_without_its_look_ahead():
    """The hard bot's rollouts are played by the Innkeeper without its solo look-ahead (a
    look-ahead build costs a rollout ply many plain ones), while the search's own move still
    comes from the whole Innkeeper."""
    bot = Innkeeper()
    search = hard(GAME, bot)
    assert search.rollout is bot.rollout_bot() and search.heuristic is bot
    assert search.rollout.look_ahead is False and search.rollout.rollout_bot() is search.rollout
    state = _started(3, 4)
    assert search.rollout.choose(GAME, state, 0, random.Random(4)) == \
        bot._decide(GAME, state, 0, random.Random(4), look_ahead=False)


def test_the_search_weighs_the_rooms_and_places_the_look_ahead_would():
    """At a solo build the search's shortlist is the Innkeeper's best few rooms of different
    levels or colours (its own best among them); at the place that follows, its best few
    places; in a game of several players, its best takes of different kinds (rooms and
    amenities) at a build, and every move but putting the room back at its placing."""
    bot = Innkeeper()
    state = _started(3, 4)
    takes = [m for m in GAME.legal_moves(state, 0) if m["type"] == "take_room"]
    shortlist = bot.root_moves(GAME, state, 0, random.Random(1))
    kinds = [bot._kind(state, m) for m in shortlist]
    assert len(kinds) == len(set(kinds)) == min(bot.LOOK_AHEAD_BUILDS, len({bot._kind(state, t) for t in takes}))
    best = max(bot._best_place(GAME, state, 0, t)[0] for t in takes)
    assert any(bot._best_place(GAME, state, 0, m)[0] == best for m in shortlist)
    table = Runner(state, seed=3)
    table.play(0, shortlist[0])
    places = bot.root_moves(GAME, table.state, 0, random.Random(1))
    take = {"type": "take_room", "level": shortlist[0]["level"], "slot": shortlist[0]["slot"]}
    worth = {spot: value for value, spot in bot._place_values(GAME, table.state, 0, take)}
    best_places = sorted(worth.values(), reverse=True)[:bot.LOOK_AHEAD_PLACES]
    assert sorted((worth[(m["floor"], m["col"])] for m in places), reverse=True) == best_places
    several = Runner(new(2, seed=5), seed=5)
    takes = [m for m in GAME.legal_moves(several.state, 0) if m["type"] in ("take_room", "take_amenity")]
    builds = bot.root_moves(GAME, several.state, 0, random.Random(1))
    kinds = [bot._kind(several.state, m) for m in builds]
    assert len(kinds) == len(set(kinds)) == min(bot.RIVAL_BUILDS, len({bot._kind(several.state, t) for t in takes}))
    worth = sorted((bot._best_place(GAME, several.state, 0, t)[0] for t in takes), reverse=True)
    assert bot._best_place(GAME, several.state, 0, builds[0])[0] == worth[0]
    several.play(0, next(m for m in GAME.legal_moves(several.state, 0) if m["type"] == "take_room"))
    moves = GAME.legal_moves(several.state, 0)
    assert {"type": "cancel"} in moves
    assert bot.root_moves(GAME, several.state, 0, random.Random(1)) == [m for m in moves if m["type"] == "place"]


def test_a_solo_token_costs_less_to_spend_the_fewer_turns_are_left_for_it():
    """Refresh tokens score nothing at the end: a token is kept for a poorer display later only
    while turns remain to spend it, so on the last solo turn any gain is worth it, and at level
    3 ("Discard Refresh Tokens when they are gained") the ski lift's tokens do not count."""
    bot = Innkeeper()
    state = _started(2, 4)
    first = bot._refresh_margin(state, 0)  # one token held, three to come, sixteen turns
    assert first == pytest.approx(bot.REFRESH_MARGIN * (1 - 4 / 16))
    state["solo_turns"], state["lift_tokens"] = 15, 0
    assert bot._refresh_margin(state, 0) == 0.0
    state["solo_turns"] = 13  # three turns left for the one token
    assert bot._refresh_margin(state, 0) == pytest.approx(bot.REFRESH_MARGIN * (1 - 1 / 3))
    level_3 = _started(2, 3)
    assert bot._refresh_margin(level_3, 0) == pytest.approx(bot.REFRESH_MARGIN * (1 - 1 / 16))
    assert bot._refresh_margin(new(2, seed=5), 0) == bot.REFRESH_MARGIN


def test_the_search_weighs_the_best_amenities_and_leaves_the_check_ins_to_the_innkeeper():
    """The solo amenity ("Place any one of the available amenities in your lodge") is searched
    among the Innkeeper's best few amenities and then their best few places; at a check-in the
    shortlist is the Innkeeper's own move alone, so the search answers at once."""
    bot = Innkeeper()
    table = Runner(new(1, seed=6, level=4), seed=6)
    state = table.state
    takes = [m for m in GAME.legal_moves(state, 0) if m["type"] == "take_amenity"]
    shortlist = bot.root_moves(GAME, state, 0, random.Random(1))
    worth = sorted((bot._best_place(GAME, state, 0, t)[0] for t in takes), reverse=True)
    assert len(shortlist) == min(bot.LOOK_AHEAD_PLACES, len(takes)) < len(takes)
    assert sorted((bot._best_place(GAME, state, 0, m)[0] for m in shortlist), reverse=True) == \
        worth[:len(shortlist)]
    table.play(0, shortlist[0])
    take = {"type": "take_amenity", "index": shortlist[0]["index"]}
    places = bot.root_moves(GAME, table.state, 0, random.Random(1))
    spots = {spot: value for value, spot in bot._place_values(GAME, table.state, 0, take)}
    assert sorted((spots[(m["floor"], m["col"])] for m in places), reverse=True) == \
        sorted(spots.values(), reverse=True)[:bot.LOOK_AHEAD_PLACES]
    while table.state["phase"] != "guests":
        table.play(0, bot.choose(GAME, table.state, 0, random.Random(table.ply)))
    assert bot.root_moves(GAME, table.state, 0, random.Random(2)) == [bot.choose(GAME, table.state, 0, random.Random(2))]


def test_the_hard_bot_cannot_tell_solo_states_that_differ_only_in_the_bags():
    """The hard bot's shortlist and rollouts come from samples of what the seat may know: two
    solo states alike on the table but with the bags and the amenity stack in another order
    give the same move for the same seed."""
    state = _started(4, 4)
    other = copy.deepcopy(state)
    other["amenity_stack"].reverse()
    other["room_bag"].reverse()
    other["guest_bag"].reverse()
    assert other != state and GAME.view(other, 0) == GAME.view(state, 0)
    search = hard(GAME, Innkeeper(), iterations=6, seconds=None)
    assert decide(search, GAME, state, 0, random.Random(3)) == decide(search, GAME, other, 0, random.Random(3))
