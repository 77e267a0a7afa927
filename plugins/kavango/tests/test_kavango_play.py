"""Whole games: seeded playouts of every player count and variant, replay, secrets, JSON."""

import json

import pytest
from kavango.testing import GAME

from core.engine import RandomBot, decide, find_leaks, playout, replay
from core.engine.play import copy_json, play, play_owned, start
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


def test_last_move_marks_what_changed_when_the_move_is_applied_in_place():
    """A playout applies moves to its own state in place, so the marks' snapshot must be a copy
    of what it compares. At every ply of a seeded game (Lodges, Golden Lodge, Community
    Protection, quick Sanctuary dealing to every seat) the marked cells, research claims and
    producers, and the cards come to a Sanctuary, must be what a plain comparison of every
    seat with a copy of the state before shows (the marks compare only the seats a move may add
    to: every seat while choosing, later the mover alone)."""
    seats = [{"difficulty": d} for d in ("maximum", "intermediate", "lodges")]
    options = {"lodges": True, "golden_lodge": True, "quick_sanctuary": True}
    run = playout(GAME, 3, seed=4, options=options, seat_options=seats)
    state = start(GAME, 4, 3, run.options, run.seat_options)
    marked, dealt_everyone = set(), False
    for ply, (seat, move) in enumerate(run.moves, start=1):
        before = copy_json(state)
        state = play_owned(GAME, state, seat, move, ply, 4)
        pairs = list(enumerate(zip(before["p"], state["p"], strict=True)))
        cells = [{"seat": s, "row": r, "col": c} for s, (old, new) in pairs
                 for r in range(len(new["grid"])) for c in range(len(new["grid"][r]))
                 if (old["grid"][r][c], old["cp"][r][c]) != (new["grid"][r][c], new["cp"][r][c])]
        research = [card for old, new in zip(before["p"], state["p"], strict=True)
                    for card in new["claims"] if card not in old["claims"]]
        producers = [s for s, (old, new) in pairs if len(new["producers"]) > len(old["producers"])]
        cards = [card for old, new in zip(before["p"], state["p"], strict=True)
                 for card in new["sanctuary"] if card not in old["sanctuary"]]
        if (before["phase"], state["phase"]) == ("draft", "act"):
            cards += [card for card in state["drafted"] if card]
        last = state["last"]
        assert (last.get("cells", []), last.get("research", []), last.get("producers", []),
                last.get("cards", [])) == (cells, research, producers, cards)
        dealt_everyone |= all(new["sanctuary"] and not old["sanctuary"] for _, (old, new) in pairs)
        marked.update(key for key, value in last.items() if value and key != "seat")
    assert {"cells", "cards", "research", "tracks", "producers", "climate"} <= marked
    assert dealt_everyone


@pytest.mark.parametrize("players,options,seats", [VARIANTS[1], VARIANTS[5]])
def test_may_move_answers_as_to_act_does(players, options, seats):
    """may_move is to_act's answer for one seat without building the set: at every ply of a
    seeded game (choosing, Sanctuary picks, the draft, acting) and for seats beside the table."""
    run = playout(GAME, players, seed=11, options=options, seat_options=seats)
    state = start(GAME, 11, players, run.options, run.seat_options)
    phases = set()
    for ply, (seat, move) in enumerate(run.moves, start=1):
        phases.add(state["phase"])
        acting = GAME.to_act(state)
        assert [GAME.may_move(state, s) for s in range(-1, players + 1)] == [
            s in acting for s in range(-1, players + 1)], ply
        state = play_owned(GAME, state, seat, move, ply, 11)
    assert not any(GAME.may_move(state, s) for s in range(players))
    assert phases == {"choose", "sanctuary", "draft", "act"}
