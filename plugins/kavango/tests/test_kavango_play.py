"""Whole games: seeded playouts of every player count and variant, replay, secrets, JSON."""

import json

import pytest
from kavango.testing import GAME

from core.engine import RandomBot, decide, find_leaks, playout, replay
from core.engine.play import play, start
from core.engine.rng import rng_for

VARIANTS = [
    (1, {"lodges": False, "oppo": "easy"}, None),
    (1, {"lodges": True, "oppo": "expert"}, [{"difficulty": "maximum"}]),
    (2, {"lodges": False, "relocation_variant": False}, None),
    (
        2,
        {"lodges": True, "golden_lodge": True},
        [{"difficulty": "intermediate"}, {"difficulty": "none"}],
    ),
    (3, {"lodges": False}, None),
    (
        4,
        {"lodges": True, "golden_lodge": True},
        [{"difficulty": d} for d in ("none", "lodges", "intermediate", "maximum")],
    ),
    (5, {"lodges": True, "expert_deal": False, "goal_deal": False}, None),
]


@pytest.mark.parametrize("players,options,seats", VARIANTS)
def test_playouts_finish_and_replay(players, options, seats):
    run = playout(GAME, players, seed=players * 7, options=options, seat_options=seats)
    assert run.result is not None and len(run.result.scores) == players
    assert json.loads(json.dumps(run.state)) == run.state
    assert replay(GAME, run.seed, players, run.options, run.seat_options, run.moves) == run.state


@pytest.mark.parametrize("players,options,seats", VARIANTS[:2] + VARIANTS[3:4] + VARIANTS[5:6])
def test_views_never_leak_secrets(players, options, seats):
    from core.engine import resolve_options

    opts, seat_opts = resolve_options(GAME, players, options, seats)
    state = start(GAME, 5, players, opts, seat_opts)
    bot = RandomBot()
    ply = 0
    while GAME.to_act(state):
        if (
            ply % 29 == 0
            or state["phase"] in ("choose", "sanctuary")
            or (state["phase"] == "draft" and state["turn"] == 1)
        ):
            for viewer in list(range(players)) + [None]:
                text = json.dumps(GAME.view(state, viewer))
                assert not find_leaks(text, GAME.secrets(state, viewer)), (ply, viewer)
        seat = min(GAME.to_act(state))
        ply += 1
        state = play(GAME, state, seat, decide(bot, GAME, state, seat, rng_for("b", ply)), ply, 5)
    for viewer in list(range(players)) + [None]:
        assert not find_leaks(json.dumps(GAME.view(state, viewer)), GAME.secrets(state, viewer))


def test_own_hand_expert_and_goals_are_visible_only_to_their_owner():
    state = start(GAME, 3, 3, {"lodges": True}, [{"difficulty": "lodges"}] * 3)
    mine = GAME.view(state, 0)["players"][0]
    theirs = GAME.view(state, 1)["players"][0]
    assert "goals" in mine and "goals" not in theirs
    assert mine["expert_options"] and "expert_options" not in theirs
    assert len(mine["lodge_cards"]) == 9 and theirs["lodge_cards"] == []
    for g in state["p"][0]["goals"]:
        assert g in GAME.secrets(state, 1) and g not in GAME.secrets(state, 0)
