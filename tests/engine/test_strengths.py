"""The easy bot is the normal bot with random slips; strengths are read back from the bots."""

from __future__ import annotations

from tictactoe.bots import Blocker
from tictactoe.rules import TicTacToe

from core.engine import RandomBot, decide, rng_for
from core.engine.bots import NoisyBot
from core.engine.search import HORIZON
from core.engine.strengths import (
    EASY,
    EASY_EPSILON,
    HARD,
    NORMAL,
    easy,
    hard,
    strength,
    with_strengths,
)

TTT = TicTacToe()
THREAT = {"board": [0, 0, None, None, 1, None, None, None, None], "turn": 1, "winner": None, "log": []}


def test_without_slips_the_noisy_bot_plays_exactly_like_its_base():
    for k in range(20):
        rng = rng_for("calm", k)
        assert decide(NoisyBot(Blocker(), 0.0, "n", "N"), TTT, THREAT, 1, rng) == {"type": "mark", "cell": 2}


def test_the_easy_bot_slips_about_as_often_as_its_epsilon():
    """Blocking square 2 is the careful move; the easy bot misses it about EASY_EPSILON * 5/6 of
    the time (a random slip can still land on square 2)."""
    bot = easy(Blocker())
    misses = sum(decide(bot, TTT, THREAT, 1, rng_for("slip", k)) != {"type": "mark", "cell": 2} for k in range(600))
    expected = 600 * EASY_EPSILON * 5 / 6
    assert abs(misses - expected) < 0.3 * expected, misses


def test_with_strengths_puts_normal_first_then_easy_and_hard():
    bots = with_strengths(TTT, {"blocker": Blocker()})
    assert list(bots) == ["blocker", "blocker-easy", "blocker-hard"]
    assert [strength(b) for b in bots.values()] == [NORMAL, EASY, HARD]
    assert bots["blocker-hard"].label == f"{Blocker.label} (hard)"
    assert with_strengths(TTT, {}) == {}
    assert strength(RandomBot()) == NORMAL


def test_the_hard_bot_cuts_rollouts_where_its_heuristic_says_and_judges_them_by_its_scores():
    """A game whose heuristic moves are slow gives its search a short horizon and its own way
    to judge a cut rollout (by the size of a lead); a heuristic without them leaves the search's defaults."""

    class Judging(Blocker):
        search_horizon = 3
        search_lead_scale = 2.0
        search_from = 0.5

        def interim_scores(self, state):
            return [state["board"].count(0), state["board"].count(1)]

    judged, plain = hard(TTT, Judging()), hard(TTT, Blocker())
    assert judged.horizon == 3 and judged.interim(THREAT) == [2, 1] and judged.lead_scale == 2.0
    assert judged.from_progress == 0.5
    assert plain.horizon == HORIZON and plain.interim is None and plain.lead_scale is None
    assert plain.from_progress == 0.0


def test_a_heuristic_that_offers_a_cheaper_self_plays_the_rollouts_and_still_anchors_the_search():
    """The heuristic's own move anchors the search; the cheaper bot it offers plays the rollouts,
    so a slow look-ahead is paid once per decision instead of once per rollout ply."""

    class Deep(Blocker):
        def rollout_bot(self):
            return RandomBot()

    deep = Deep()
    search = hard(TTT, deep)
    assert isinstance(search.rollout, RandomBot) and search.heuristic is deep and search.anchored
    plain = hard(TTT, Blocker())
    assert plain.rollout is plain.heuristic
