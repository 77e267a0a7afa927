"""The Warden bot plays legal moves in every mode and beats random bots."""

import pytest
from kavango.bots import Warden
from kavango.hooks import register_bots, register_games
from kavango.testing import GAME, act, investing, keep, lodge_game, new_game, place, to_draft

from core.engine import RandomBot, decide, playout, rng_for
from core.engine.strengths import hard


def test_hooks_register_the_game_and_the_bot():
    assert register_games()[0].slug == "kavango"
    assert register_bots()[0].game == "kavango"


@pytest.mark.parametrize(
    "players,options,seats",
    [
        (1, {"lodges": True, "oppo": "expert"}, [{"difficulty": "maximum"}]),
        (
            3,
            {"lodges": True, "golden_lodge": True},
            [{"difficulty": d} for d in ("lodges", "intermediate", "maximum")],
        ),
    ],
)
def test_warden_finishes_games_in_every_mode(players, options, seats):
    run = playout(
        GAME, players, seed=4, options=options, seat_options=seats, bots=[Warden()] * players
    )
    assert run.result is not None


def test_warden_beats_random_bots():
    wins = 0
    for seed in range(6):
        bots = [RandomBot()] * 3
        bots[seed % 3] = Warden()
        run = playout(GAME, 3, seed=seed, options={"lodges": False}, bots=bots)
        wins += run.result.ranks[seed % 3] == 1
    assert wins >= 5


def test_warden_builds_a_lodge_when_it_can():
    state = investing(to_draft(new_game(2, lodges=True)))
    state["p"][0]["lodges"]["kept"] = ["L2-01"]
    place(state, 0, {(0, 0): "scrub_hare", (0, 1): "rock_monitor", (1, 0): "zebra", (1, 1): "lion"})
    move = Warden().choose(GAME, state, 0, None)
    assert move == {"type": "build", "card": "L2-01", "row": 0, "col": 0}


def test_release_is_not_offered_when_the_reserve_is_full():
    state = investing(to_draft(new_game(2)))
    p = state["p"][0]
    p["grid"] = [[f"kav-quelea-{r * 8 + c}" for c in range(8)] for r in range(3)]
    p["sanctuary"] = ["kav-scrub_hare-1"]
    p["producers"] = ["kav-grass-1"]
    assert not [m for m in GAME.legal_moves(state, 0) if m["type"] == "release"]


def _drafting(hand, **player):
    state = to_draft(new_game(2, lodges=True, golden_lodge=True))
    state["hands"][0] = hand
    state["p"][0].update(player, sanctuary=[])
    return state


def test_warden_drafts_towards_a_research_tier():
    """Two producers alike; the one that lifts a research card to its next tier is the pick."""
    state = _drafting(["kav-tree-1", "kav-fish-1"], goals=[])
    state["research"] = ["R1-03"]  # fish symbols 1 / 2 / 3
    state["p"][0]["landscape"], state["p"][0]["producers"] = "yellow", ["kav-tree-2"]  # no fish
    move = Warden().choose(GAME, state, 0, None)
    assert move == {"type": "draft", "card": "kav-fish-1"}


def test_warden_drafts_towards_its_goal_card():
    """Two birds of the same value: the one its goal card counts (birds) against a reptile."""
    state = _drafting(["kav-reed_frog-1", "kav-quelea-1"], goals=["goal-02"])
    state["research"] = []
    state["p"][0]["producers"] = ["kav-grass-1", "kav-invert-1"]
    move = Warden().choose(GAME, state, 0, None)
    assert move == {"type": "draft", "card": "kav-quelea-1"}


def test_warden_places_an_animal_where_it_completes_a_golden_lodge():
    """Three of the rulebook example's animals wait beside two free spaces: the Buffalo goes
    where it completes the Golden Lodge block (worth 10), not on the empty side."""
    state = investing(to_draft(new_game(2, lodges=True, golden_lodge=True)))
    state["golden"]["cards"] = ["G-01"]
    state["p"][0]["lodges"]["kept"] = []
    place(state, 0, {(0, 5): "rock_monitor", (0, 6): "cheetah", (1, 6): "pangolin"})
    state["p"][0]["producers"] = ["kav-grass-1", "kav-grass-2", "kav-grass-3"]
    state["p"][0]["habitat"] = 1
    state["step"], state["drafted"][0] = "use", "kav-buffalo-1"
    move = Warden().choose(GAME, state, 0, None)
    assert move == {"type": "use", "how": "reserve", "row": 1, "col": 5}


@pytest.mark.parametrize("players,options", [(3, {"golden_lodge": True}), (1, {"oppo": "expert"})])
def test_a_rollout_cut_at_the_end_is_judged_as_the_final_scoring_judges_it(players, options):
    """The hard bot judges rollouts cut short by the Warden's interim scores: at the end of a
    game they are the final points (plus a little for unspent money), solo the margin over Oppo,
    so a cut rollout prefers what the scoring would prefer."""
    run = playout(GAME, players, seed=8, options=options, bots=[RandomBot()] * players)
    money = [Warden.MONEY_WORTH * p["money"] for p in run.state["p"]]
    interim = Warden().interim_scores(run.state)
    if players == 1:
        assert interim == [run.result.scores[0] + money[0] - run.result.details["oppo_score"]]
    else:
        assert interim == [score + m for score, m in zip(run.result.scores, money, strict=True)]


def test_the_search_weighs_no_rearrangement_the_warden_has_no_plan_for():
    """The hard bot's shortlist: at Investment every move but starting a rearrangement (the
    search adds the Warden's own move, so a Lodge plan stays open), and within a rearrangement
    the Warden's own move alone: a detour without a plan only won the search's noise, and
    entering and leaving one over and over changed nothing."""
    state = investing(lodge_game(2, "maximum"))
    place(state, 0, {(1, 0): "quelea", (1, 1): "scrub_hare"})
    legal = GAME.legal_moves(state, 0)
    shortlist = Warden().root_moves(GAME, state, 0, None)
    assert {"type": "rearrange"} in legal and {"type": "rearrange"} not in shortlist
    assert len(shortlist) == len(legal) - 1
    state = act(state, 0, {"type": "rearrange"})
    assert any(m["type"] == "lift" for m in GAME.legal_moves(state, 0))
    assert Warden().root_moves(GAME, state, 0, None) == [{"type": "finish_rearranging"}]
    assert Warden().root_moves(GAME, state, 1, None) is None


def test_within_a_rearrangement_the_search_follows_the_wardens_lodge_plan():
    """A kept Lodge card whose fourth animal stands outside its block: the Warden lifts that
    animal, and the hard bot's shortlist is that lift alone (finishing instead would leave the
    plan for the next Investment step, where the Warden would start it again), then the
    Warden's place for the lifted animal alone."""
    state = keep(investing(lodge_game(2, "maximum")), 0, ["L2-01"])
    place(state, 0, {(0, 0): "scrub_hare", (0, 1): "rock_monitor", (1, 0): "zebra", (2, 5): "lion"})
    state = act(state, 0, {"type": "rearrange"})
    plan = Warden().choose(GAME, state, 0, None)
    assert plan["type"] == "lift" and (plan["row"], plan["col"]) == (2, 5)
    assert Warden().root_moves(GAME, state, 0, None) == [plan]
    # and once the lion is lifted, where it goes is the plan's alone
    state = act(state, 0, plan)
    drop = Warden().choose(GAME, state, 0, None)
    assert drop["type"] == "drop" and len(GAME.legal_moves(state, 0)) > 1
    assert Warden().root_moves(GAME, state, 0, None) == [drop]


def test_the_hard_bot_drafts_as_the_warden_until_half_way():
    """A lead in the first half of a game tells next to nothing of who wins it, so the hard bot
    plays the Warden's own draft there, without a rollout; from half-way on it searches."""
    bot = hard(GAME, Warden(), iterations=24, seconds=None)
    assert bot.from_progress == Warden.search_from == 0.5
    state = to_draft(new_game(2))
    assert GAME.progress(state) < 0.5
    seat = min(GAME.to_act(state))
    warden = decide(Warden(), GAME, state, seat, rng_for("half", 1))
    assert decide(bot, GAME, state, seat, rng_for("half", 1)) == warden
    assert (bot.thought.iterations, bot.thought.rounds) == (0, 0)
    ply = 1
    while GAME.progress(state) < 0.5 or len(GAME.legal_moves(state, seat)) < 3:
        ply += 1
        state = act(state, seat, decide(Warden(), GAME, state, seat, rng_for("half", ply)), ply)
        seat = min(GAME.to_act(state))
    decide(bot, GAME, state, seat, rng_for("half", ply + 1))
    assert bot.thought.iterations + bot.thought.rounds > 0
