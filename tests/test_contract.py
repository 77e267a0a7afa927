"""The plugin contract, checked on every installed game (a new plugin is covered automatically).

For each game: seeded random playouts at every player count and with every option value finish
within a ply cap; states and views survive a JSON round trip; replays are exact; no view shows
an id the game marks secret for that seat; every listed legal move is accepted; and arbitrary
payloads (fuzzed with hypothesis) raise IllegalMove only, leaving the state as it was.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.engine import (
    IllegalMove,
    OptionError,
    RandomBot,
    decide,
    find_leaks,
    replay,
    resolve_options,
    rng_for,
)
from core.engine.play import play, start
from core.plugins import build_registry, discover_apps

REGISTRY = build_registry(discover_apps())
GAMES = sorted(REGISTRY.games.values(), key=lambda g: g.slug)
PLY_CAP = 20000
SEEDS_PER_COUNT = 2


def configs(game):
    """(players, options, seat_options) covering every player count and every option value."""
    found = []
    for players in range(game.min_players, game.max_players + 1):
        found.append((players, {}, []))
    for option in game.options:
        values = [True, False] if option.kind == "bool" else (
            [option.min, option.max] if option.kind == "int" else [v for v, _ in option.choices])
        for value in values:
            for players in range(game.min_players, game.max_players + 1):
                if not option.applies_to(players):
                    continue
                raw = {} if option.per_seat else {option.name: value}
                seats = [{option.name: value}] * players if option.per_seat else []
                try:
                    resolve_options(game, players, raw, seats)
                except OptionError:
                    continue
                found.append((players, raw, seats))
                break
    return found


CASES = [
    pytest.param(game, players, raw, seats, seed, id=f"{game.slug}-{players}p-{json.dumps(raw or seats, sort_keys=True)[:60]}-s{seed}")
    for game in GAMES
    for players, raw, seats in configs(game)
    for seed in range(SEEDS_PER_COUNT if not raw and not seats else 1)
]
# Views and secrets are checked at every ply in one default game per game (first seed, three
# players or the nearest count) and at every SAMPLE_EVERY-th ply elsewhere, which keeps the kit
# fast on long games while every phase of every game is still seen in full once.
SAMPLE_EVERY = 9


def deep_players(game) -> int:
    return max(game.min_players, min(3, game.max_players))


def roundtrip(value):
    return json.loads(json.dumps(value))


def run_checked(game, players, raw, seats, seed, every=1):
    """A random playout checking secrets and JSON round trips at every ``every``-th ply."""
    options, seat_options = resolve_options(game, players, raw, seats)
    state = start(game, seed, players, options, seat_options)
    moves = []
    bot = RandomBot()
    while True:
        to_act = sorted(game.to_act(state))
        if len(moves) % every == 0 or not to_act:
            check_views(game, state, players, len(moves))
        if not to_act:
            break
        assert len(moves) < PLY_CAP, "the game did not end within the ply cap"
        seat = to_act[0]
        legal = game.legal_moves(state, seat)
        assert legal, f"seat {seat} is to act but has no legal move"
        move = decide(bot, game, state, seat, rng_for(f"{seed}:bot", len(moves) + 1))
        state = play(game, state, seat, move, len(moves) + 1, seed)
        moves.append((seat, move))
    return options, seat_options, moves, state


def check_views(game, state, players, ply):
    assert roundtrip(state) == state, "state must survive a JSON round trip"
    for seat in [None, *range(players)]:
        view = game.view(state, seat)
        text = json.dumps(view)
        assert roundtrip(view) == view
        leaks = find_leaks(text, game.secrets(state, seat))
        assert not leaks, f"ply {ply}: seat {seat} can see {leaks[:5]}"


@pytest.mark.parametrize("game, players, raw, seats, seed", CASES)
def test_random_playout_obeys_the_contract(game, players, raw, seats, seed):
    deep = seed == 0 and not raw and not seats and players == deep_players(game)
    every = 1 if deep else SAMPLE_EVERY
    options, seat_options, moves, state = run_checked(game, players, raw, seats, seed, every)
    result = game.result(state)
    assert result is not None, "no result after the game ended"
    assert len(result.scores) == len(result.ranks) == players
    assert sorted(result.ranks)[0] == 1
    assert roundtrip(result.to_json()) == result.to_json()
    assert replay(game, seed, players, options, seat_options, moves) == state


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_metadata_and_hooks(game):
    assert game.slug and game.name and game.summary
    assert 1 <= game.min_players <= game.max_players
    assert game.slug in {ep for ep in REGISTRY.games}
    resolve_options(game, game.min_players)


def mid_game_states(game, seed=3, every=7, limit=6):
    """A few states from one random playout, to fuzz against."""
    players = game.max_players if game.max_players <= 4 else 4
    options, seat_options = resolve_options(game, players)
    state = start(game, seed, players, options, seat_options)
    found, ply = [state], 0
    while game.to_act(state) and len(found) < limit:
        seat = min(game.to_act(state))
        move = decide(RandomBot(), game, state, seat, rng_for(seed, 10_000 + ply))
        ply += 1
        state = play(game, state, seat, move, ply, seed)
        if ply % every == 0:
            found.append(state)
    return players, found


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=12)
    | st.sampled_from(["", "0", "-1", "snack-1", "room-001", "x" * 50]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=8,
)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_fuzzed_payloads_raise_illegal_move_only(game):
    players, states = mid_game_states(game)
    type_names = game.known_move_types()

    @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck), database=None)
    @given(
        index=st.integers(0, len(states) - 1),
        seat=st.integers(-1, players),
        kind=st.sampled_from(type_names + ["", "__class__", "types", "known_move_types", 7]),
        fields=st.dictionaries(st.text(max_size=10), json_values, max_size=5),
        base=st.booleans(),
        key_choice=st.integers(0, 10),
        junk=json_values,
    )
    def check(index, seat, kind, fields, base, key_choice, junk):
        state = states[index]
        before = copy.deepcopy(state)
        move = {"type": kind, **fields}
        to_act = sorted(game.to_act(state))
        if base and to_act:
            legal = game.legal_moves(state, to_act[0])
            if legal:
                move = dict(legal[key_choice % len(legal)])
                keys = [k for k in move if k != "type"]
                if keys:
                    move[keys[key_choice % len(keys)]] = junk
                seat = to_act[0]
        try:
            play(game, state, seat, move, 99, 1)
        except IllegalMove as exc:
            assert exc.reason and isinstance(exc.reason, str)
        assert state == before, "a refused or accepted move must not change the caller's state"

    check()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_every_listed_legal_move_is_accepted(game):
    players, states = mid_game_states(game, seed=11)
    for state in states:
        for seat in sorted(game.to_act(state)):
            for move in game.legal_moves(state, seat)[:200]:
                play(game, state, seat, move, 5, 2)
