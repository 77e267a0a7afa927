"""Solo play against Oppo (reconstructed) and its Lodges bonus (sourced)."""

from kavango.rules import oppo, scoring
from kavango.testing import GAME, act, card, investing, new_game, to_draft


def test_solo_uses_two_hands_of_fifteen_and_climate_for_two():
    state = to_draft(new_game(1, oppo="easy"))
    assert len(state["hands"]) == 2 and all(len(h) == 15 for h in state["hands"])
    assert state["sections"] == [3, 4, 3]
    assert not GAME.options[1].applies_to(1)  # no Golden Lodge in solo


def test_oppo_takes_the_most_valuable_animal_then_the_producer_it_lacks():
    state = to_draft(new_game(1))
    hand = [card("quelea"), card("lion"), card("elephant"), "kav-grass-1"]
    assert oppo.choose(state, hand) == card("elephant")  # 12 VP, tie with lion: lower id? both C
    assert oppo.choose(state, ["kav-grass-1", "kav-fish-1", "kav-grant-1"]) == "kav-grass-1"
    state["oppo"]["producers"] = ["kav-grass-2"]
    assert oppo.choose(state, ["kav-grass-1", "kav-fish-1"]) == "kav-fish-1"
    assert oppo.choose(state, ["kav-grant-1"]) == "kav-grant-1"


def test_oppo_drafts_after_you_commit_and_keeps_animals_regardless():
    state = to_draft(new_game(1))
    state["hands"][1] = [card("white_rhino"), "kav-grass-1"]
    state = act(state, 0, {"type": "draft", "card": state["hands"][0][0]})
    assert state["oppo"]["pick"] == card("white_rhino")
    state = act(state, 0, {"type": "use", "how": "discard"}, 2)
    state = act(state, 0, {"type": "done"}, 3)
    assert state["oppo"]["reserve"] == [card("white_rhino")]


def test_oppo_climate_markers_by_level():
    for level, total in (("easy", 1), ("intermediate", 2), ("expert", 4)):
        state = investing(to_draft(new_game(1, oppo=level)))
        for turn in (5, 10):
            state["turn"] = turn
            oppo.end_turn(state)
        assert state["oppo"]["climate_markers"] == total


def test_oppo_score_factor_and_lodges_bonus():
    state = to_draft(new_game(1, oppo="intermediate", lodges=True, seats=[{"difficulty": "lodges"}]))
    state["oppo"]["reserve"] = [card("elephant"), card("lion")]
    state["oppo"]["research_vp"] = 5
    row = scoring.oppo_breakdown(state)
    assert row == {"Animals": 19, "Research": 5, "Conservation awards": 0, "Lodges bonus": 32}


def test_oppo_lodges_bonus_follows_your_difficulty_not_oppos_level():
    """"Oppo ... will score points at the end of the game according to your difficulty level:
    Easy - Oppo scores 32 points ... Intermediate - 40 ... Expert - 48" (your difficulty being
    Lodges only, Intermediate or Maximum): Oppo's own level changes nothing here."""
    for yours, bonus in (("lodges", 32), ("intermediate", 40), ("maximum", 48)):
        for level in ("easy", "intermediate", "expert"):
            state = new_game(1, lodges=True, oppo=level, seats=[{"difficulty": yours}])
            assert scoring.oppo_breakdown(state)[scoring.OPPO_LODGES] == bonus, (yours, level)


def test_solo_without_lodges_is_the_base_game_without_bonuses():
    """The +48 makes up for not building against players who build; Oppo builds none, so a solo
    player without Lodges plays the base game (a ruling: the rulebook names no such bonus)."""
    state = new_game(1, lodges=True, seats=[{"difficulty": "none"}])
    assert scoring.breakdown(state, 0)[scoring.NO_LODGES] == 0
    assert scoring.oppo_breakdown(state)[scoring.OPPO_LODGES] == 0


def test_oppo_scores_research_at_the_end_of_each_round():
    state = to_draft(new_game(1))
    state["research"] = ["R1-12"]  # animals 2/3/4
    state["oppo"]["reserve"] = [card("lion"), card("zebra"), card("quelea")]
    oppo.score_research(state)
    assert state["oppo"]["research_vp"] == 0  # tier 2 of round I pays money only
    state["oppo"]["reserve"].append(card("impala"))
    oppo.score_research(state)
    assert state["oppo"]["research_vp"] == 2


def test_solo_result_compares_with_oppo_and_shares_ties():
    state = to_draft(new_game(1, oppo="easy"))
    state["phase"] = "over"
    state["p"][0]["goals"] = []
    result = GAME.result(state)
    assert result.won == [True] and "shared" in result.tiebreak
    state["oppo"]["research_vp"] = 1
    assert GAME.result(state).won == [False]


def test_solo_result_line_says_both_scores_not_only_oppos():
    """Shown under "Ties:" in the final table: a bare "Oppo scored 198." read as if Oppo's score
    were a tie-break (issue 46); the line says whether there was a tie, with both scores."""
    state = to_draft(new_game(1, oppo="easy"))
    state["phase"] = "over"
    state["p"][0]["goals"] = []
    state["oppo"]["research_vp"] = 3
    result = GAME.result(state)
    mine, oppos = int(result.scores[0]), result.details["oppo_score"]
    assert mine != oppos
    assert result.tiebreak.startswith(f"None: you scored {mine}, Oppo {oppos}")
