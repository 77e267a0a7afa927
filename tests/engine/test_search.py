"""The information-set search bot: plays tic-tac-toe soundly, decides from the seat's view only,
stays within its budgets and repeats itself for a given seed."""

from __future__ import annotations

import gc
import time

import pytest
from tictactoe.bots import Blocker
from tictactoe.rules import TicTacToe

from core.engine import Bot, Game, IllegalMove, RandomBot, decide, playout, rng_for
from core.engine.bots import situation_for
from core.engine.game import Result, ranks_by
from core.engine.search import SearchBot, leads, outcome
from core.engine.testing_bots import check_determinize

from .higher_card import HigherCard

TTT = TicTacToe()


def board(marks: str) -> dict:
    """A tic-tac-toe state from nine characters: X, O or . for an empty square."""
    cells = [{"X": 0, "O": 1}.get(c) for c in marks]
    turn = 0 if cells.count(0) == cells.count(1) else 1
    return {"board": cells, "turn": turn, "winner": None, "log": []}


def test_never_loses_to_the_random_bot():
    search = SearchBot("tictactoe", rollout=Blocker(), iterations=200)
    for k in range(12):
        seat = k % 2
        bots = [RandomBot(), RandomBot()]
        bots[seat] = search
        result = playout(TTT, 2, seed=f"never-{k}", bots=bots).result
        assert result.scores[1 - seat] == 0, f"game {k}: the search bot lost as seat {seat}"


def test_blocks_a_line_the_other_seat_would_complete():
    """X threatens squares 0-1-2; O must take square 2."""
    state = board("XX..O....")
    move = decide(SearchBot("tictactoe", iterations=300), TTT, state, 1, rng_for("block", 1))
    assert move == {"type": "mark", "cell": 2}


def test_takes_a_win_over_a_block():
    """X can win on square 6 (column 0-3-6) or block O's 2-5-8 threat; winning ends the game."""
    state = board("XOOXO....")
    state["turn"] = 0
    move = decide(SearchBot("tictactoe", iterations=300), TTT, state, 0, rng_for("win", 1))
    assert move == {"type": "mark", "cell": 6}


def test_same_seed_and_iterations_give_the_same_move():
    game = HigherCard()
    state = game.setup(2, {}, [{}, {}], rng_for("same", 0))
    bot = SearchBot("higher_card", iterations=150)
    moves = {str(decide(bot, game, state, 0, rng_for("same", 1))) for _ in range(3)}
    assert len(moves) == 1


def test_the_time_budget_bounds_a_decision():
    """A billion iterations would run for hours; the 0.2 s budget stops the search. The margin
    is for the machine, not the search: late in a full run on a busy machine this decision once
    took 0.4 s, and only a search that ignores its budget can take over a second."""
    game = HigherCard()
    state = game.setup(2, {}, [{}, {}], rng_for("time", 0))
    bot = SearchBot("higher_card", iterations=10**9, seconds=0.2)
    gc.collect()
    started = time.perf_counter()
    decide(bot, game, state, 0, rng_for("time", 1))
    assert time.perf_counter() - started < 0.2 + 1.0


def seat_wins(game, make_bot, games, label):
    """Strict wins of the bot from ``make_bot`` against the random bot, seats alternating."""
    wins = 0
    for k in range(games):
        seat = k % 2
        bots = [RandomBot(), RandomBot()]
        bots[seat] = make_bot()
        scores = playout(game, 2, seed=f"{label}-{k}", bots=bots).result.scores
        wins += scores[seat] > scores[1 - seat]
    return wins


def test_beats_the_random_bot_at_a_hidden_information_game():
    """On the same 40 deals of Higher card, search wins clearly more often than a random seat."""
    game = HigherCard()
    searched = seat_wins(game, lambda: SearchBot("higher_card", iterations=100), 40, "hc")
    baseline = seat_wins(game, RandomBot, 40, "hc")
    assert searched >= baseline + 6, (searched, baseline)


def test_the_higher_card_fixture_passes_the_determinize_kit():
    assert check_determinize(HigherCard(), 2, seed="kit", every=1, playout_every=2) > 0


def test_a_determinize_that_deals_an_extra_card_is_caught():
    class Cheating(HigherCard):
        def determinize(self, view, seat, rng):
            state = super().determinize(view, seat, rng)
            if state["stack"]:
                state["hands"][1 - seat].append(state["stack"].pop())
            return state

    with pytest.raises(AssertionError, match="changes what the seat sees"):
        check_determinize(Cheating(), 2, seed="kit")


def test_a_determinize_that_invents_a_card_is_caught():
    class Forging(HigherCard):
        def determinize(self, view, seat, rng):
            state = super().determinize(view, seat, rng)
            if state["stack"]:
                state["stack"][0] = "c9z"
            return state

    with pytest.raises(AssertionError, match="conserve the material"):
        check_determinize(Forging(), 2, seed="kit")


def test_a_bot_never_receives_the_state():
    """What the bot is handed is the seat's view and legal moves: no other hand appears in it."""
    game = HigherCard()
    state = game.setup(2, {}, [{}, {}], rng_for("peek", 0))
    situation = situation_for(game, state, 0)
    assert not set(state["hands"][1]) & set(str(situation.view).replace("'", " ").split())
    assert situation.moves == game.legal_moves(state, 0)


def test_outcome_rewards_rank_then_points():
    assert outcome(Result(scores=[3, 1], ranks=[1, 2])) == [1.0, 0.0]
    three = outcome(Result(scores=[5, 5, 2], ranks=[1, 1, 3]))
    assert three[0] == three[1] > three[2] == 0.0
    solo_won, solo_lost = (outcome(Result(scores=[40], ranks=[1], won=[w])) for w in (True, False))
    assert solo_won[0] > 0.9 > solo_lost[0] > 0.0


def test_leads_judge_each_seat_by_its_lead_over_the_best_of_the_others():
    assert leads([10, 10], 5.0) == [0.5, 0.5]
    ahead, behind = leads([15, 10], 5.0)
    assert ahead == pytest.approx(0.731, abs=0.001) and ahead + behind == pytest.approx(1.0)
    # four seats: the leader's chance grows with its lead over the second, a trailing seat's
    # with its points against the leader's, whoever else trails
    assert leads([30, 20, 0, 0], 10.0)[0] < leads([40, 20, 0, 0], 10.0)[0]
    assert leads([30, 20, 0, 0], 10.0)[1] == leads([30, 20, 19, 0], 10.0)[1] < leads([30, 25, 0, 0], 10.0)[1]
    assert leads([1e300, -1e300], 1.0) == pytest.approx([1.0, 0.0])  # no overflow, however far apart


class Race(Game):
    """Seats take turns adding 1 or 3 points until ``turns`` turns are played, seat 1 starting
    ``head_start`` points ahead; every move applied is counted."""

    slug = "race"
    name = "Race"
    summary = "Catch up."
    min_players, max_players = 2, 4
    hidden_information = False
    applied = 0

    def __init__(self, head_start=0, turns=10):
        self.head_start, self.turns = head_start, turns

    def setup(self, players, options, seat_options, rng):
        return {"points": [0, self.head_start] + [0] * (players - 2), "turns": 0}

    def to_act(self, state):
        return set() if state["turns"] >= self.turns else {state["turns"] % len(state["points"])}

    def legal_moves(self, state, seat):
        return [{"gain": 1}, {"gain": 3}] if seat in self.to_act(state) else []

    def apply(self, state, seat, move, rng):
        Race.applied += 1
        state["points"][seat] += move["gain"]
        state["turns"] += 1
        return state

    def view(self, state, seat):
        return dict(state)

    def interim_scores(self, state):
        return list(state["points"])

    def result(self, state):
        if self.to_act(state):
            return None
        return Result(scores=state["points"], ranks=ranks_by([(p,) for p in state["points"]]))


class Modest(Bot):
    needs = "view"

    def choose(self, game, situation, rng):
        return {"gain": 1}


def test_a_lead_scale_lets_a_search_far_behind_see_the_points_a_move_gains():
    """Judged at once by rank, 1 point and 3 points leave seat 0 just as far behind, so the
    search keeps its heuristic's modest move; judged by the size of its lead (behind: negative),
    3 points are better every time."""
    game = Race(head_start=50)
    state = game.setup(2, {}, [{}, {}], rng_for("chase", 0))
    by_rank, by_lead = (
        decide(SearchBot("race", rollout=Modest(), iterations=60, horizon=0, lead_scale=scale),
               game, state, 0, rng_for("chase", 1))
        for scale in (None, 10.0)
    )
    assert (by_rank, by_lead) == ({"gain": 1}, {"gain": 3})


def test_before_its_progress_the_heuristics_move_stands_unsearched():
    """Three points beat one every time, and the search finds it once the race is half run; before
    that, ``from_progress`` keeps the modest heuristic's move, with no rollout spent."""
    game = Halved(turns=10)
    bot = SearchBot("race", rollout=Modest(), iterations=60, from_progress=0.5)
    state = game.setup(2, {}, [{}, {}], rng_for("halves", 0))
    assert decide(bot, game, state, 0, rng_for("halves", 1)) == {"gain": 1}
    assert (bot.thought.iterations, bot.thought.rounds) == (0, 0)
    state["turns"] = 6
    assert decide(bot, game, state, 0, rng_for("halves", 2)) == {"gain": 3}
    assert bot.thought.rounds > 0


class Halved(Race):
    """The race, with how far it is run as its progress."""

    def progress(self, state):
        return state["turns"] / self.turns


@pytest.mark.parametrize("players, plies", [(2, 6), (3, 9), (4, 12)])
def test_a_rollout_at_a_bigger_table_plays_longer_before_it_is_cut(players, plies):
    """The horizon is counted for two seats: at four, a rollout takes twice the plies to come
    round to the searching seat as often, so it is cut twice as late. One iteration: the root
    move, then the rollout."""
    game = Race(turns=100)
    state = game.setup(players, {}, [{}] * players, rng_for("relay", 0))
    Race.applied = 0
    decide(SearchBot("race", iterations=1, horizon=6, anchored=False), game, state, 0, rng_for("relay", 1))
    assert Race.applied == 1 + plies


class Counting(HigherCard):
    """Higher card that counts the moves applied and judges unfinished games by tricks taken."""

    applied = 0

    def apply(self, state, seat, move, rng):
        Counting.applied += 1
        return super().apply(state, seat, move, rng)

    def interim_scores(self, state):
        return list(state["tricks"])


class Judged(Counting):
    """Counting that notes every standing it is asked to judge a rollout by."""

    def __init__(self):
        super().__init__()
        self.judged = []

    def interim_scores(self, state):
        self.judged.append(state["tricks"])
        return super().interim_scores(state)


def test_rollouts_stop_at_the_horizon_where_the_game_has_interim_scores():
    game = Counting()
    state = game.setup(2, {}, [{}, {}], rng_for("horizon", 0))
    applied = {}
    for horizon in (0, 1000):
        Counting.applied = 0
        decide(SearchBot("higher_card", iterations=50, horizon=horizon), game, state, 0, rng_for("h", 1))
        applied[horizon] = Counting.applied
    assert applied[0] * 2 < applied[1000], applied


def test_a_short_search_keeps_the_heuristic_move_unless_it_finds_a_clearly_better_one():
    """Blocker opens in the centre; three iterations prove nothing, so the anchored search keeps
    square 5 (cell 4), while the same search without the anchor wanders."""
    opening = board(".........")
    anchored = {decide(SearchBot("tictactoe", rollout=Blocker(), iterations=3), TTT, opening, 0,
                       rng_for("anchor", k))["cell"] for k in range(10)}
    loose = {decide(SearchBot("tictactoe", rollout=Blocker(), iterations=3, anchored=False), TTT, opening, 0,
                    rng_for("anchor", k))["cell"] for k in range(10)}
    assert anchored == {4}
    assert loose != {4}


class Refusing(HigherCard):
    """Higher card whose rules refuse every answer to a lead of value 4 (a buggy rollout bot's
    view of the world): iterations through such lines are dropped, and the search goes on."""

    def move_play(self, state, seat, move, rng):
        if state["trick"] and state["trick"][0][1] == "4":
            raise IllegalMove("refused")
        return super().move_play(state, seat, move, rng)


def test_dropped_iterations_leave_no_untried_child_behind():
    game = Refusing()
    state = game.setup(2, {}, [{}, {}], rng_for("drop", 0))
    move = decide(SearchBot("higher_card", iterations=60), game, state, 0, rng_for("drop", 1))
    assert move in game.legal_moves(state, 0)


def test_a_team_sharing_one_result_is_rewarded_for_its_points():
    """A co-operative team that loses anyway still prefers the line that housed more: equal
    scores and results for every seat are judged like a solo player's, not as a tie."""
    more, fewer = (outcome(Result(scores=[n] * 3, ranks=[1] * 3, won=[False] * 3)) for n in (25, 12))
    assert len(set(more)) == 1 and more[0] > fewer[0] > 0.0


class Pick(Game):
    """Solo, one decision: "sure" scores 10, "better" scores 20; nothing is left to chance."""

    slug = "pick"
    name = "Pick"
    summary = "Choose once."
    min_players = max_players = 1
    hidden_information = False

    def setup(self, players, options, seat_options, rng):
        return {"picked": None}

    def to_act(self, state):
        return set() if state["picked"] else {0}

    def legal_moves(self, state, seat):
        return [] if state["picked"] or seat != 0 else [{"pick": "sure"}, {"pick": "better"}]

    def apply(self, state, seat, move, rng):
        state["picked"] = move["pick"]
        return state

    def view(self, state, seat):
        return dict(state)

    def result(self, state):
        if not state["picked"]:
            return None
        return Result(scores=[20 if state["picked"] == "better" else 10], ranks=[1])


class Sure(Bot):
    needs = "view"

    def choose(self, game, situation, rng):
        return {"pick": "sure"}


def test_a_small_sure_gain_in_a_solo_game_overrides_the_heuristic():
    """Solo rewards lie close together (all "won", differing by points): measured by their own
    spread, ten more points every time is clearly better, though far less than a coin's spread."""
    game = Pick()
    state = game.setup(1, {}, [{}], rng_for("pick", 0))
    move = decide(SearchBot("pick", rollout=Sure(), iterations=60), game, state, 0, rng_for("pick", 1))
    assert move == {"pick": "better"}


class Slow(Bot):
    """A rollout bot whose every decision takes ``pause`` seconds, like a heuristic with a deep
    look-ahead: it plays the first legal move."""

    needs = "view"

    def __init__(self, pause):
        self.pause = pause

    def choose(self, game, situation, rng):
        time.sleep(self.pause)
        return situation.moves[0]


def test_a_slow_rollout_step_does_not_carry_the_decision_past_its_budget():
    """Each rollout step takes 0.15 s: the anchor ends at 0.15 s, two steps at 0.45 s. A third
    would end at 0.6 s, past the 0.5 s budget, so it is not begun (the deadline used to be
    checked only after a step, and this decision took 0.6 s)."""
    game = HigherCard()
    state = game.setup(2, {}, [{}, {}], rng_for("slow", 0))
    bot = SearchBot("higher_card", rollout=Slow(0.15), iterations=10**9, seconds=0.5)
    started = time.perf_counter()
    decide(bot, game, state, 0, rng_for("slow", 1))
    assert time.perf_counter() - started < 0.5 + 0.05


def test_a_rollout_the_clock_cuts_is_judged_by_interim_scores_instead_of_dropped():
    """No horizon is reached in this search; interim scores are asked for only because the
    clock stopped the rollout, whose iteration then counts instead of being thrown away."""
    game = Judged()
    judged = game.judged
    state = game.setup(2, {}, [{}, {}], rng_for("cut", 0))
    bot = SearchBot("higher_card", rollout=Slow(0.05), iterations=10**9, seconds=0.3, horizon=1000)
    decide(bot, game, state, 0, rng_for("cut", 1))
    assert judged


def test_the_heuristics_move_anchors_a_search_whose_rollouts_are_random():
    """Three iterations prove nothing: the search keeps Blocker's opening in the centre (cell 4)
    although random moves play its rollouts."""
    opening = board(".........")
    bot = SearchBot("tictactoe", rollout=RandomBot(), heuristic=Blocker(), iterations=3)
    assert {decide(bot, TTT, opening, 0, rng_for("anchor", k))["cell"] for k in range(10)} == {4}


class Menu(Pick):
    """Solo, one decision among eight dishes: "sure" scores 10, "better" 40, the others 0."""

    POINTS = {"sure": 10, "better": 40, **{f"plain{k}": 0 for k in range(6)}}

    def legal_moves(self, state, seat):
        return [] if state["picked"] or seat != 0 else [{"pick": p} for p in self.POINTS]

    def result(self, state):
        return Result(scores=[self.POINTS[state["picked"]]], ranks=[1]) if state["picked"] else None


def test_too_few_iterations_for_any_one_move_still_let_a_solo_search_leave_the_heuristic():
    """24 iterations over eight moves: no move reaches SPREAD_VISITS, but together the moves
    show how little a rollout's reward varies, so thirty more points every time is clearly
    better than the heuristic's choice."""
    game = Menu()
    state = game.setup(1, {}, [{}], rng_for("menu", 0))
    move = decide(SearchBot("pick", rollout=Sure(), iterations=24), game, state, 0, rng_for("menu", 1))
    assert move == {"pick": "better"}


class First(Bot):
    needs = "view"

    def choose(self, game, situation, rng):
        return situation.moves[0]


def test_a_rollout_step_still_running_at_the_deadline_is_stopped():
    """The first rollout step sleeps two seconds, far longer than any step before it (so the
    clock could not foresee it): the alarm stops it at the 0.3 s deadline."""
    game = HigherCard()
    state = game.setup(2, {}, [{}, {}], rng_for("alarm", 0))
    bot = SearchBot("higher_card", rollout=Slow(2.0), heuristic=First(), iterations=10**9, seconds=0.3)
    started = time.perf_counter()
    move = decide(bot, game, state, 0, rng_for("alarm", 1))
    assert time.perf_counter() - started < 0.3 + 0.2
    assert move in game.legal_moves(state, 0)


class Shortlisting(Sure):
    """The heuristic picks "sure" but offers "better" as one of its best few moves."""

    def root_moves(self, game, state, seat, rng):
        return [{"pick": "sure"}, {"pick": "better"}]


def test_a_shortlist_from_the_heuristic_gives_its_few_moves_the_iterations_to_be_told_apart():
    """12 iterations over eight dishes give each about one visit, too few to leave the
    heuristic's move; over its shortlist of two, six each show "better" clearly better."""
    game = Menu()
    state = game.setup(1, {}, [{}], rng_for("short", 0))
    spread, listed = (decide(SearchBot("pick", rollout=Sure(), heuristic=h, iterations=12), game, state, 0,
                             rng_for("short", 1)) for h in (Sure(), Shortlisting()))
    assert spread == {"pick": "sure"}
    assert listed == {"pick": "better"}


class Team(Menu):
    """A lost co-operative game in one decision: the team houses 20 animals, or 21 with "better"."""

    POINTS = {"sure": 20, "better": 21, **{f"plain{k}": 0 for k in range(6)}}

    def result(self, state):
        base = super().result(state)
        return base and Result(scores=base.scores, ranks=[1], won=[False])


def test_one_more_animal_housed_every_time_is_enough_for_a_team_search_to_move():
    """One animal is a reward difference of about 0.001; when every rollout agrees on it, the
    search still leaves the heuristic's move."""
    game = Team()
    state = game.setup(1, {}, [{}], rng_for("team", 0))
    move = decide(SearchBot("pick", rollout=Sure(), iterations=24), game, state, 0, rng_for("team", 1))
    assert move == {"pick": "better"}


def test_a_slow_rollout_decision_is_cut_at_its_cap_and_the_rollout_judged_where_it_stands():
    """Every rollout decision would take 0.3 s of a 0.4 s budget: cut at STEP_SHARE of it, each
    rollout is judged at once, and the search runs a dozen iterations instead of one."""
    game = Judged()
    judged = game.judged
    state = game.setup(2, {}, [{}, {}], rng_for("cap", 0))
    bot = SearchBot("higher_card", rollout=Slow(0.3), heuristic=First(), iterations=10**9, seconds=0.4,
                    horizon=1000)
    started = time.perf_counter()
    decide(bot, game, state, 0, rng_for("cap", 1))
    assert time.perf_counter() - started < 0.4 + 0.2
    assert len(judged) >= 10, len(judged)


def test_a_slow_heuristic_move_at_the_root_does_not_stop_the_search_where_rollout_steps_are_cut():
    """The heuristic's own move takes half the budget, its later moves none. Taken as the
    longest step to come, it would leave no room for one iteration; but a rollout step is cut
    at its cap, so the search uses the other half."""
    calls = []

    class SlowFirst(First):
        def choose(self, game, situation, rng):
            calls.append(1)
            if len(calls) == 1:
                time.sleep(0.2)
            return super().choose(game, situation, rng)

    game = HigherCard()
    state = game.setup(2, {}, [{}, {}], rng_for("root", 0))
    decide(SearchBot("higher_card", rollout=SlowFirst(), iterations=10**9, seconds=0.4), game, state, 0,
           rng_for("root", 1))
    assert len(calls) > 10


def test_no_garbage_collection_runs_inside_a_timed_decision_and_it_is_back_on_after():
    """A full collection cannot be cut by the alarm (it ran Komodo decisions 0.1-0.2 s late),
    so a decision with a time budget holds it; one on iterations alone leaves it be."""
    seen = []

    class Watching(First):
        def choose(self, game, situation, rng):
            seen.append(gc.isenabled())
            return super().choose(game, situation, rng)

    game = HigherCard()
    state = game.setup(2, {}, [{}, {}], rng_for("gc", 0))
    assert gc.isenabled()
    decide(SearchBot("higher_card", rollout=Watching(), iterations=20, seconds=1.0), game, state, 0, rng_for("gc", 1))
    assert seen and not any(seen) and gc.isenabled()
    seen.clear()
    decide(SearchBot("higher_card", rollout=Watching(), iterations=20), game, state, 0, rng_for("gc", 1))
    assert all(seen)


class Gamble(Pick):
    """Solo, one decision, then a draw of 0-100 points: "edge" adds 3 to whatever is drawn. The
    draw's spread dwarfs the edge, so only moves compared on the same draw tell them apart."""

    slug = "gamble"

    def legal_moves(self, state, seat):
        return [] if state["picked"] or seat != 0 else [{"pick": "plain"}, {"pick": "edge"}]

    def apply(self, state, seat, move, rng):
        state["picked"] = move["pick"]
        state["drawn"] = rng.randrange(101) + (3 if move["pick"] == "edge" else 0)
        return state

    def result(self, state):
        return Result(scores=[state["drawn"]], ranks=[1]) if state["picked"] else None


class Plain(Bot):
    needs = "view"

    def choose(self, game, situation, rng):
        return {"pick": "plain"}


def test_a_short_list_of_root_moves_is_compared_on_the_same_draws():
    """Each paired round tries both moves with the same random numbers, so "edge" is seen to be
    three points better every time; judged over different draws, 30 tries could not tell."""
    game = Gamble()
    state = game.setup(1, {}, [{}], rng_for("gamble", 0))
    moves = {str(decide(SearchBot("gamble", rollout=Plain(), iterations=30), game, state, 0, rng_for("gamble", k)))
             for k in range(1, 6)}
    assert moves == {str({"pick": "edge"})}


def test_paired_rounds_keep_the_anchor_when_no_move_is_better():
    """Where the moves score alike on every draw, the heuristic's own move stands."""
    game = Gamble()
    state = game.setup(1, {}, [{}], rng_for("even", 0))

    class Even(Gamble):
        def apply(self, state, seat, move, rng):
            state["picked"] = move["pick"]
            state["drawn"] = rng.randrange(101)
            return state

    even = Even()
    for k in range(1, 6):
        assert decide(SearchBot("gamble", rollout=Plain(), iterations=30), even, state, 0,
                      rng_for("even", k)) == {"pick": "plain"}


class Ladder(Gamble):
    """Like :class:`Gamble` with ten moves, the n-th adding n points to the draw: too many to
    pair them all, so a first share of the budget picks the contenders."""

    slug = "ladder"

    def legal_moves(self, state, seat):
        return [] if state["picked"] or seat != 0 else [{"pick": n} for n in range(10)]

    def apply(self, state, seat, move, rng):
        state["picked"] = str(move["pick"])
        state["drawn"] = rng.randrange(101) + move["pick"]
        return state


class Lowest(Bot):
    needs = "view"

    def choose(self, game, situation, rng):
        return {"pick": 0}


def test_with_many_root_moves_the_contenders_found_first_are_paired():
    game = Ladder()
    state = game.setup(1, {}, [{}], rng_for("ladder", 0))
    for k in range(1, 6):
        move = decide(SearchBot("ladder", rollout=Lowest(), iterations=120), game, state, 0, rng_for("ladder", k))
        assert move["pick"] > 0, f"seed {k}: the poorest move stood"


def test_the_bot_keeps_an_account_of_its_last_decision_for_benchmarks():
    """Ten moves are too many to pair: 60 of the 120 iterations scout, the anchor and the five
    most tried go on to 60 // 6 = 10 paired rounds, and the move played is recorded beside the
    heuristic's own."""
    game = Ladder()
    state = game.setup(1, {}, [{}], rng_for("ladder", 0))
    bot = SearchBot("ladder", rollout=Lowest(), iterations=120)
    move = decide(bot, game, state, 0, rng_for("ladder", 1))
    thought = bot.thought
    assert (thought.roots, thought.compared, thought.iterations, thought.rounds) == (10, 6, 60, 10)
    assert thought.anchor == {"pick": 0} and thought.chosen == move
