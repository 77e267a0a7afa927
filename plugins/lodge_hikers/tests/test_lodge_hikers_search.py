"""Lodge (hikers): what the snack planner offers the search bot (its hard strength)."""

from lodge_hikers.bots import ROOT_PICKS, SEARCH_LEAD_SCALE, SnackPlanner, Table
from lodge_hikers.catalog import SQUIRRELS
from lodge_hikers.rules import LodgeHikers
from lodge_hikers.testing import arrange, new

from core.engine import rng_for
from core.engine.strengths import hard

GAME = LodgeHikers()


def _without_squirrel_cards(state):
    deck = state["customers"]
    deck["discard"] += [c for c in deck["draw"] if c in SQUIRRELS]
    deck["draw"] = [c for c in deck["draw"] if c not in SQUIRRELS]
    return state


def test_the_planner_counts_only_unseen_lower_cards_of_a_type_as_rivals():
    """A lower card of my type revealed with mine takes the room first; the apples 1 and 8 are
    below my apple 9, but the 1 is already under a customer, so only the 8 is a rival, out of
    the cards this seat cannot see (60, less its three cards and the one on the table)."""
    state = arrange(new(4, automatic=False), hands=[[9, 20, 30], [41, 42], [43, 44], [45, 46]],
                    row=[("H03", [1]), ("H09", []), ("H08", [])])
    table = Table(state, 0)
    assert table.rivals == 3
    assert table.lower_chance(9) == 1 / 56
    assert table.lower_chance(20) == 4 / 56  # the energy bars 4, 5, 12 and 13
    assert table.room("apple") == 0 and table.room("smoothie") == 2


def test_the_search_root_weighs_the_planners_best_cards_and_never_a_card_the_squirrels_eat():
    """At a pick the search's root considers only the planner's ``ROOT_PICKS`` best cards (its
    own pick first): the smoothie that completes the Trail Runner, then cards that feed the
    Dog Walker and the Picnic Family; never an apple no customer takes (a squirrel token), so
    the search spends its few iterations on the cards worth telling apart."""
    state = arrange(new(4, automatic=False), hands=[[1, 4, 6, 7, 40], [41, 42], [43, 44], [45, 46]],
                    row=[("H09", [3]), ("H05", []), ("H08", [])])
    planner = SnackPlanner()
    shortlist = planner.root_moves(GAME, state, 0, rng_for("root", 1))
    assert len(shortlist) == ROOT_PICKS
    assert shortlist[0] == planner.choose(GAME, state, 0, rng_for("root", 1)) == {"type": "pick", "card": 6}
    assert {m["card"] for m in shortlist} == {4, 6, 7}


def test_the_search_root_keeps_every_move_away_from_a_pick():
    state = arrange(new(4, automatic=False), hands=[[18, 35], [22, 37], [32, 39], [34, 41]],
                    row=[("H03", []), ("H09", []), ("H27", [4])])
    for seat, card in {0: 18, 1: 22, 2: 32, 3: 34}.items():
        state = GAME.apply(state, seat, {"type": "pick", "card": card}, rng_for("root", seat))
    assert state["pending"]["kind"] == "place"
    assert SnackPlanner().root_moves(GAME, state, 0, rng_for("root", 9)) is None


def test_a_rollout_cut_short_judges_five_squirrels_by_the_squirrel_cards_still_to_come():
    """"Give 1 Squirrel token to each player who already had at least one": early in the game
    five tokens are no sure +5, so a search rollout cut short ranks 3 points and 5 tokens below
    3 points and none (the rules' own interim scores put it 5 points ahead); with no Squirrel
    card left to come the bonus is sure and ranks first."""
    state = new(4, seed=6)
    state["collected"] = [["H24"], ["H23"], [], []]
    state = arrange(state, tokens=[5, 0, 0, 0])
    planner = SnackPlanner()
    assert GAME.interim_scores(state)[0] > GAME.interim_scores(state)[1]
    early = planner.interim_scores(state)
    assert early[0] < early[1]
    late = planner.interim_scores(_without_squirrel_cards(state))
    assert late[0] == 8 and late[1] == 3


def test_the_hard_bot_uses_the_planners_horizon_and_judgement():
    """Rollouts to the end of a four-player game (about 110 plies) left the hard bot 15-30
    iterations in 1 s; it plays ``search_horizon`` plies and judges the rest by the planner,
    each seat by the size of its lead, not its rank."""
    planner = SnackPlanner()
    bot = hard(GAME, planner)
    assert bot.horizon == planner.search_horizon < 40
    assert bot.interim == planner.interim_scores
    assert bot.lead_scale == planner.search_lead_scale == SEARCH_LEAD_SCALE
