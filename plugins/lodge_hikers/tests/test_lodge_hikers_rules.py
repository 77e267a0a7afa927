"""Lodge (hikers and snacks): one test per rule, and every worked example of the rulebook."""

import pytest
from lodge_hikers.catalog import HIKERS, SNACK_TYPES, SNACKS, SQUIRRELS
from lodge_hikers.rules import squirrel_count
from lodge_hikers.testing import GAME, act, arrange, new, pick_all

from core.engine import IllegalMove, MalformedMove
from core.engine.play import play


def hands(*firsts, size=7, avoid=()):
    """Hands whose first card is given, filled up with high cards nobody else uses."""
    pool = [n for n in list(range(35, 61)) + list(range(9, 17)) if n not in firsts + tuple(avoid)]
    dealt = []
    for first in firsts:
        dealt.append([first] + pool[: size - 1])
        pool = pool[size - 1:]
    return dealt


# ---- components and setup ----------------------------------------------------------------


def test_sixty_snacks_fifteen_of_each_type():
    assert sorted(SNACKS) == list(range(1, 61))
    for kind in SNACK_TYPES:
        assert sum(1 for t in SNACKS.values() if t == kind) == 15


def test_the_example_cards_have_the_rulebook_types():
    assert (SNACKS[18], SNACKS[22], SNACKS[32], SNACKS[34]) == (
        "apple", "smoothie", "smoothie", "apple")


def test_only_five_snack_cards_differ_from_the_card_data():
    """The card data deals types in blocks of 8 (apple, sandwich, smoothie, energy bar, then the
    same backwards). The rulebook example needs 18, 32 and 34 changed, and two more cards (17 and
    30) become sandwiches to keep 15 of each type; every other card is as the data gives it."""
    block = ("apple", "sandwich", "smoothie", "energy_bar", "energy_bar", "smoothie", "sandwich",
             "apple")
    differ = {n for n in SNACKS if SNACKS[n] != block[(n - 1) % 8]}
    assert differ == {17, 18, 30, 32, 34}
    assert (SNACKS[17], SNACKS[30]) == ("sandwich", "sandwich")


def test_forty_customers_32_hikers_8_squirrels():
    assert len(HIKERS) == 32 and len(SQUIRRELS) == 8


@pytest.mark.parametrize("players,rounds,row", [(2, 3, 3), (3, 3, 3), (4, 3, 3), (5, 2, 4),
                                                (6, 2, 4)])
def test_setup_by_player_count(players, rounds, row):
    state = new(players, seed=players)
    assert state["rounds"] == rounds and len(state["row"]) == row
    assert all(len(h) == 7 for h in state["hands"])
    assert state["automatic"] == (players <= 3)
    assert GAME.to_act(state) == set(range(players))


@pytest.mark.parametrize("seed", range(30))
def test_no_squirrel_in_the_first_row_and_all_squirrels_back_in_the_deck(seed):
    state = new(4, seed=seed)
    assert all(slot["customer"] in HIKERS and slot["snacks"] == [] for slot in state["row"])
    assert set(SQUIRRELS) <= set(state["customers"]["draw"])
    assert len(state["customers"]["draw"]) == 40 - 3
    assert all(squirrel_count(t) == 0 for t in state["tokens"])


def test_setup_squirrels_are_shuffled_back():
    """A Squirrel turned up while laying out the first row is replaced and goes back into the
    Customer deck without its effect: nothing is eaten, nobody is fed, nothing is discarded."""
    for seed in range(50):
        state = new(4, seed=seed)
        if "Squirrel card" in state["log"][0]:
            break
    else:
        pytest.fail("no seed turned up a squirrel during setup")
    assert set(SQUIRRELS) <= set(state["customers"]["draw"])
    assert state["customers"]["discard"] == [] and state["squirrel_cards"] == []
    assert all(slot["customer"] in HIKERS for slot in state["row"])
    assert all(squirrel_count(t) == 0 for t in state["tokens"])


def test_automatic_card_option_can_be_switched_off():
    assert new(2, automatic=False)["automatic"] is False


# ---- secret picks and the reveal ---------------------------------------------------------------


def test_picks_are_secret_until_everyone_has_picked():
    state = arrange(new(4), hands=hands(18, 22, 32, 34),
                    row=[("H03", []), ("H09", []), ("H27", [4])])
    state = act(state, 1, {"type": "pick", "card": 22})
    assert GAME.to_act(state) == {0, 2, 3}
    assert "snack-22" in GAME.secrets(state, 0)
    other = GAME.view(state, 0)
    assert [p["picked"] for p in other["players"]] == [False, True, False, False]
    assert "22" not in " ".join(state["log"])
    assert GAME.view(state, 1)["you"]["pick"]["number"] == 22
    with pytest.raises(IllegalMove, match="not your turn"):
        act(state, 1, {"type": "pick", "card": 47})


def test_placement_example_from_the_rulebook():
    """Paula 18 (apple), Fernando 22 (smoothie), Hector 32 (smoothie), Miguel 34 (apple)."""
    paula, fernando, hector, miguel = range(4)
    state = arrange(new(4), hands=hands(18, 22, 32, 34),
                    row=[("H03", []), ("H09", []), ("H27", [4])], next_customers=["H01"])
    state = pick_all(state, {3: 34, 0: 18, 2: 32, 1: 22})
    # The lowest card goes first: Paula may choose the left or the right customer.
    assert GAME.to_act(state) == {paula}
    assert GAME.legal_moves(state, paula) == [{"type": "place", "slot": 0},
                                              {"type": "place", "slot": 2}]
    assert [e["card"] for e in GAME.view(state, None)["reveal"]] == [18, 22, 32, 34]
    state = act(state, paula, {"type": "place", "slot": 2})
    assert GAME.to_act(state) == {fernando}
    state = act(state, fernando, {"type": "place", "slot": 1})
    assert GAME.to_act(state) == {hector}
    state = act(state, hector, {"type": "place", "slot": 2})
    assert GAME.to_act(state) == {miguel}
    state = act(state, miguel, {"type": "place", "slot": 2})
    assert state["collected"][miguel] == ["H27"]
    assert state["row"][2] == {"customer": "H01", "snacks": []}
    assert state["row"][1]["snacks"] == [22]
    assert sorted(state["snacks"]["discard"]) == [4, 18, 32, 34]
    assert state["phase"] == "pick" and GAME.to_act(state) == {0, 1, 2, 3}
    outcomes = [(e["card"], e["outcome"]) for e in GAME.view(state, 0)["reveal"]]
    assert outcomes == [(18, "placed"), (22, "placed"), (32, "placed"), (34, "completed")]


def test_a_card_with_one_possible_customer_is_placed_without_asking():
    state = arrange(new(4), hands=hands(18, 22, 32, 34),
                    row=[("H08", []), ("H26", []), ("H25", [])])
    state = pick_all(state, {0: 18, 1: 22, 2: 32, 3: 34})
    assert state["row"][2]["snacks"] == [18, 34]
    assert state["row"][1]["snacks"] == [22, 32]
    assert state["phase"] == "pick"


def test_a_customer_never_takes_more_than_the_order():
    # The Backpacker wants one smoothie; the second and third smoothies have nowhere to go.
    state = arrange(new(4), hands=hands(3, 6, 11, 1),
                    row=[("H16", []), ("H08", []), ("H10", [])])
    state = pick_all(state, {0: 3, 1: 6, 2: 11, 3: 1})
    assert state["row"][0]["snacks"] == [3]
    assert [squirrel_count(t) for t in state["tokens"]] == [0, 1, 1, 1]


def test_a_card_nobody_can_take_is_eaten_and_gives_a_squirrel_token():
    state = arrange(new(4), hands=hands(1, 2, 3, 5), row=[("H08", []), ("H09", []), ("H10", [])])
    state = pick_all(state, {0: 1, 1: 2, 2: 3, 3: 5})
    assert [squirrel_count(t) for t in state["tokens"]] == [1, 0, 0, 0]
    assert 1 in state["snacks"]["discard"]
    assert GAME.view(state, 1)["reveal"][0]["outcome"] == "eaten"


def test_place_refuses_a_customer_that_cannot_take_the_card():
    state = arrange(new(4), hands=hands(18, 22, 32, 34),
                    row=[("H03", []), ("H09", []), ("H27", [4])])
    state = pick_all(state, {0: 18, 1: 22, 2: 32, 3: 34})
    with pytest.raises(IllegalMove, match="cannot take"):
        act(state, 0, {"type": "place", "slot": 1})
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "swap", "card": 41, "target": 1})


# ---- completing orders and abilities ---------------------------------------------------------


def complete_with(code, ability_seat_hand=None, players=4, next_customers=("H02",), tokens=None):
    """Seat 0 completes ``code`` (its order minus one apple/sandwich/... is already placed)."""
    order = HIKERS[code]["order"]
    last_type = next(iter(order))
    card = next(n for n in (1, 2, 3, 4) if SNACKS[n] == last_type)
    placed = []
    pool = [n for n in range(61, 0, -1) if n in SNACKS and n not in (1, 2, 3, 4)]
    for kind, count in order.items():
        need = count - (1 if kind == last_type else 0)
        for n in list(pool):
            if need and SNACKS[n] == kind:
                placed.append(n)
                pool.remove(n)
                need -= 1
    table = [[card, 5, 6, 7, 8, 9, 10]] + [[n for n in pool if n > 10][i * 7:(i + 1) * 7]
                                           for i in range(players - 1)]
    if ability_seat_hand is not None:
        table[0] = [card] + ability_seat_hand
    state = arrange(new(players, automatic=False), hands=table,
                    row=[(code, placed)],
                    next_customers=list(next_customers), tokens=tokens)
    # Everyone else plays something the row cannot take (or the automatic card is off).
    return state, card


def finish_turn(state, first_card):
    state = act(state, 0, {"type": "pick", "card": first_card})
    for seat in range(1, state["players"]):
        state = act(state, seat, {"type": "pick", "card": state["hands"][seat][-1]})
    return state


def test_completing_an_order_takes_the_customer_and_reveals_a_new_one():
    state, card = complete_with("H03", next_customers=["H10"])
    placed = list(state["row"][0]["snacks"])
    state = act(state, 0, {"type": "pick", "card": card})
    state = pick_all(state, {s: state["hands"][s][0] for s in (1, 2, 3)})
    assert state["collected"][0] == ["H03"]
    assert state["row"][0]["customer"] == "H10"
    assert set(placed + [card]) <= set(state["snacks"]["discard"])


def test_draw1_ability():
    state, card = complete_with("H01")
    before = len(state["hands"][0])
    state = act(state, 0, {"type": "pick", "card": card})
    state = pick_all(state, {s: state["hands"][s][-1] for s in (1, 2, 3)})
    assert state["collected"][0] == ["H01"]
    assert len(state["hands"][0]) == before  # played one, drew one


def test_draw2_others1_ability():
    state, card = complete_with("H13")
    sizes = [len(h) for h in state["hands"]]
    state = finish_turn(state, card)
    assert [len(h) for h in state["hands"]] == [sizes[0] + 1, sizes[1], sizes[2], sizes[3]]


def test_squirrel1_and_squirrel2_abilities():
    # The Summit Club comes next: its five snacks cannot be completed this turn.
    state, card = complete_with("H07", next_customers=("H32",))
    state = finish_turn(state, card)
    assert squirrel_count(state["tokens"][0]) == 1
    state, card = complete_with("H28", next_customers=("H32",))
    state = finish_turn(state, card)
    assert squirrel_count(state["tokens"][0]) == 2


def test_tokens_from_an_ability_count_when_a_squirrel_card_follows():
    """The won customer's ability comes before the new customer is revealed, so the token it
    gives already counts when a Squirrel card turns up in that space: the squirrel card then feeds
    that player one more."""
    state, card = complete_with("H07", next_customers=("Q4", "H32"))
    state = finish_turn(state, card)
    assert state["collected"][0] == ["H07"] and "Q4" in state["customers"]["discard"]
    assert squirrel_count(state["tokens"][0]) == 1 + 1


def test_tokens_cleared_by_an_ability_are_not_fed_by_the_next_squirrel_card():
    """Discarding all your tokens happens before the replacement customer is turned over, so a
    Squirrel card found there finds you with none and gives you nothing."""
    state, card = complete_with("H21", tokens=[4, 0, 0, 0], next_customers=("Q4", "H32"))
    state = finish_turn(state, card)
    assert "Q4" in state["customers"]["discard"]
    assert squirrel_count(state["tokens"][0]) == 0


def test_clear_squirrels_ability_returns_tokens_to_the_supply():
    state, card = complete_with("H21", tokens=[4, 0, 0, 0])
    state = finish_turn(state, card)
    assert state["collected"][0] == ["H21"]
    assert state["tokens"][0] == {"1": 0, "3": 0}
    others = sum(squirrel_count(t) for t in state["tokens"])
    assert state["supply"]["1"] + 3 * state["supply"]["3"] == 60 - others


def test_redraw_ability_waits_for_that_player_then_continues():
    state, card = complete_with("H10")
    state = act(state, 0, {"type": "pick", "card": card})
    state = pick_all(state, {1: state["hands"][1][-1], 2: state["hands"][2][-1],
                             3: state["hands"][3][-1]})
    assert GAME.to_act(state) == {0} and state["pending"]["kind"] == "redraw"
    moves = GAME.legal_moves(state, 0)
    assert {"type": "redraw", "cards": []} in moves
    assert len(moves) == 1 + 6 + 15
    kept = [c for c in state["hands"][0] if c not in (5, 6)]
    state = act(state, 0, {"type": "redraw", "cards": [5, 6]})
    assert len(state["hands"][0]) == 6 and set(kept) <= set(state["hands"][0])
    assert 5 in state["snacks"]["discard"] and 6 in state["snacks"]["discard"]
    assert state["row"][0]["customer"] == "H02"  # the new customer comes after the ability


def test_redraw_may_discard_nothing_and_accepts_a_single_form_value():
    state, card = complete_with("H10")
    state = act(state, 0, {"type": "pick", "card": card})
    state = pick_all(state, {s: state["hands"][s][-1] for s in (1, 2, 3)})
    hand = list(state["hands"][0])
    assert act(state, 0, {"type": "redraw", "cards": []})["hands"][0] == hand
    assert act(state, 0, {"type": "redraw"})["hands"][0] == hand
    assert 5 not in act(state, 0, {"type": "redraw", "cards": 5})["hands"][0]
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "redraw", "cards": [5, 6, 7]})
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "redraw", "cards": [5, 5]})
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "redraw", "cards": [60]})


def test_swap_gives_a_chosen_card_and_takes_a_random_one():
    state, card = complete_with("H04")
    state = act(state, 0, {"type": "pick", "card": card})
    state = pick_all(state, {s: state["hands"][s][-1] for s in (1, 2, 3)})
    assert GAME.to_act(state) == {0} and state["pending"]["kind"] == "swap"
    target_hand = list(state["hands"][2])
    state = act(state, 0, {"type": "swap", "card": 5, "target": 2})
    assert 5 in state["hands"][2] and 5 not in state["hands"][0]
    taken = set(state["hands"][0]) - {6, 7, 8, 9, 10}
    assert len(taken) == 1 and taken <= set(target_hand)
    assert len(state["hands"][2]) == len(target_hand)
    assert "snack-5" not in " ".join(state["log"]) and " 5 " not in state["log"][-2]
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "swap", "card": 5, "target": 2})


def test_swap_refuses_yourself_and_empty_hands():
    state, card = complete_with("H04")
    state = act(state, 0, {"type": "pick", "card": card})
    state = pick_all(state, {s: state["hands"][s][-1] for s in (1, 2, 3)})
    with pytest.raises(IllegalMove):
        act(state, 0, {"type": "swap", "card": 5, "target": 0})
    state["hands"][1] = []
    assert all(m["target"] != 1 for m in GAME.legal_moves(state, 0))
    with pytest.raises(IllegalMove, match="another player"):
        act(state, 0, {"type": "swap", "card": 5, "target": 1})


def test_swap_does_nothing_when_nobody_else_has_cards():
    state, card = complete_with("H04", ability_seat_hand=[5], players=2)
    state["automatic"] = False
    state["hands"][1] = [state["hands"][1][0]]
    state["round"] = 3
    state = act(state, 1, {"type": "pick", "card": state["hands"][1][0]})
    state = act(state, 0, {"type": "pick", "card": card})
    assert state["pending"] is None
    assert "swap does nothing" in " ".join(state["log"])


# ---- squirrel customer cards ------------------------------------------------------------------


def test_a_squirrel_card_eats_its_types_and_feeds_players_who_have_squirrels():
    # Seat 0's apple 1 completes the Birdwatcher; then Q5 (apples, sandwiches) and Q3
    # (smoothies) turn up before the Mountain Biker arrives.
    table = [[1, 41, 42, 43, 44, 45, 46], [60, 47, 48, 49, 50, 51, 52],
             [57, 53, 54, 55, 58, 59, 10], [56, 11, 12, 13, 14, 15, 16]]
    state = arrange(new(4), hands=table,
                    row=[("H02", [3]), ("H16", [2, 6]), ("H14", [5, 7])],
                    next_customers=["Q5", "Q3", "H12"], tokens=[0, 1, 0, 3])
    state = pick_all(state, {0: 1, 1: 60, 2: 57, 3: 56})
    assert state["collected"][0] == ["H02"]
    assert state["row"][1]["snacks"] == []           # sandwich 2 and smoothie 6 eaten
    assert state["row"][2]["snacks"] == [5]          # the energy bar stays, sandwich 7 eaten
    assert {"Q5", "Q3"} <= set(state["customers"]["discard"])
    # Then 56 (apple) and 60 (energy bar) go to the Mountain Biker; 57 (apple) is eaten.
    assert state["row"][0] == {"customer": "H12", "snacks": [56, 60]}
    counts = [squirrel_count(t) for t in state["tokens"]]
    assert counts == [0, 1 + 2, 1, 3 + 2]  # +1 per squirrel card only for those who had some


def test_a_squirrel_card_feeds_a_player_whose_hand_is_empty():
    """Squirrel cards feed everyone who already has a token, with or without cards in hand: the
    last card of the game completes an order and the Squirrel card revealed in its place still
    gives that now empty-handed player a token before the scoring."""
    table = [[1]] + hands(40, 41, 42)
    state = arrange(new(4), hands=table, row=[("H02", [3])], next_customers=["Q4", "H05"],
                    tokens=[1, 0, 0, 0])
    state["round"] = 3
    state = pick_all(state, {0: 1, 1: 40, 2: 41, 3: 42})
    assert state["phase"] == "over" and state["hands"][0] == []
    assert state["collected"][0] == ["H02"]
    assert squirrel_count(state["tokens"][0]) == 2


@pytest.mark.parametrize("players", [2, 5, 6])
def test_no_squirrel_in_the_first_row_at_any_table_size(players):
    """The opening row (3 customers, or 4 at 5-6 players) is laid out with hikers only."""
    for seed in range(10):
        state = new(players, seed=seed)
        assert all(slot["customer"] in HIKERS for slot in state["row"])
        assert set(SQUIRRELS) <= set(state["customers"]["draw"])


# ---- squirrel token supply ------------------------------------------------------------------


def test_ten_squirrels_are_one_token_of_1_and_three_of_3():
    state = arrange(new(4), tokens=[10, 0, 0, 0])
    assert state["tokens"][0] == {"1": 1, "3": 3}
    assert state["supply"] == {"1": 23, "3": 9}


def test_the_supply_runs_out():
    state = new(6)
    for seat in range(6):
        GAME._gain(state, seat, 11)
    total = sum(squirrel_count(t) for t in state["tokens"])
    assert total == 60 and state["supply"] == {"1": 0, "3": 0}
    assert GAME._gain(state, 0, 1) == 0


def test_change_is_made_when_only_threes_are_left():
    state = new(4)
    state["supply"] = {"1": 0, "3": 2}
    state["tokens"][0] = {"1": 2, "3": 0}
    assert GAME._gain(state, 0, 1) == 1
    assert state["tokens"][0] == {"1": 0, "3": 1} and state["supply"] == {"1": 2, "3": 1}


def only_threes_in_the_supply(state, tokens_1):
    """The supply holds no 1s (the other players have them all) and every 3; seat 0 has
    ``tokens_1`` tokens of value 1."""
    state["supply"] = {"1": 0, "3": 12}
    state["tokens"] = [{"1": tokens_1, "3": 0}] + [{"1": 0, "3": 0} for _ in range(3)]
    others = 24 - tokens_1
    for seat in (1, 2, 3):
        state["tokens"][seat]["1"] = others // 3 + (1 if seat <= others % 3 else 0)
    return state


def test_campers_make_change_when_the_supply_has_only_threes():
    """Components: "make change (three 1s for a 3) as needed". With one 1 in front of them and
    only 3s in the supply, the player who wins the Campers hands in their 1 and takes a 3."""
    state, card = complete_with("H28", next_customers=("H10",))
    state = finish_turn(only_threes_in_the_supply(state, 1), card)
    assert state["collected"][0] == ["H28"]
    assert state["tokens"][0] == {"1": 0, "3": 1}
    assert "Player 1 takes 2 Squirrel tokens." in state["log"]


def test_a_token_the_supply_cannot_make_is_not_taken():
    """Components: "if the supply cannot pay, the player takes what is left". One 1 more on top of
    a 1 needs two 1s and only 3s are left; a 3 would be more than the card gives, so the Orchard
    Picker pays nothing and the log says so."""
    state, card = complete_with("H07", next_customers=("H10",))
    state = finish_turn(only_threes_in_the_supply(state, 1), card)
    assert state["collected"][0] == ["H07"]
    assert state["tokens"][0] == {"1": 1, "3": 0}
    assert "Player 1 takes 0 Squirrel tokens." in state["log"]
    assert GAME.view(state, None)["players"][0]["tokens_changed"] is False


def test_a_squirrel_card_the_supply_cannot_pay_feeds_nobody_it_paid_nothing():
    """A Squirrel card feeds one token to each player who has squirrels, but "if the supply cannot
    pay, the player takes what is left": with one 1 in front of them and only 3s left, Player 1
    gets nothing, so the card does not list them as fed, their tokens are not marked as changed
    and the log says the supply could not pay them; the others are fed (with change) as usual."""
    state, card = complete_with("H03", next_customers=("Q4", "H10"))
    state = finish_turn(only_threes_in_the_supply(state, 1), card)
    assert state["collected"][0] == ["H03"] and "Q4" in state["customers"]["discard"]
    assert state["tokens"][0] == {"1": 1, "3": 0}
    assert state["squirrel_cards"][-1]["fed"] == [1, 2, 3]
    assert "Player 1 already had squirrels, but the supply cannot pay them a token." \
        in state["log"]
    assert not [line for line in state["log"] if "takes 0" in line]
    for seat in (None, 0, 1):
        view = GAME.view(state, seat)
        assert 0 not in view["last"]["tokens"]
        assert [p["tokens_changed"] for p in view["players"]] == [False, True, True, True]
        assert view["squirrel_cards"][-1]["fed"] == [1, 2, 3]


def test_a_short_supply_pays_what_is_left():
    """Components: "if the supply cannot pay, the player takes what is left": a single 1 left is
    all the Campers can give."""
    state, card = complete_with("H28", next_customers=("H10",))
    state["supply"] = {"1": 1, "3": 0}
    state = finish_turn(state, card)
    assert state["tokens"][0] == {"1": 1, "3": 0} and state["supply"] == {"1": 0, "3": 0}
    assert "Player 1 takes 1 Squirrel token." in state["log"]


def test_change_pays_the_most_it_can_without_going_over():
    """A 1 held and a lone 3 in the supply make 4, not the 5 asked for: the player keeps their 1
    and takes the 3, three of the four tokens' worth."""
    state = new(4)
    state["supply"] = {"1": 0, "3": 1}
    state["tokens"][0] = {"1": 1, "3": 0}
    assert GAME._gain(state, 0, 4) == 3
    assert state["tokens"][0] == {"1": 1, "3": 1} and state["supply"] == {"1": 0, "3": 0}


# ---- rounds ---------------------------------------------------------------------------------------


def test_round_one_ends_when_a_player_has_two_cards_and_everyone_refills():
    state = arrange(new(4), hands=hands(18, 22, 32, 34, size=7),
                    row=[("H08", []), ("H26", []), ("H25", [])])
    state["hands"][0] = [18, 41, 42]
    state = pick_all(state, {0: 18, 1: 22, 2: 32, 3: 34})
    assert state["round"] == 2
    assert all(len(h) == 7 for h in state["hands"])
    assert state["row"][2]["snacks"] == [18, 34] and state["row"][1]["snacks"] == [22, 32]


def test_more_cards_in_hand_are_kept_at_the_refill():
    state = arrange(new(4), hands=hands(18, 22, 32, 34), row=[("H08", []), ("H26", []),
                                                            ("H25", [])])
    state["hands"][0] = [18, 41, 42]
    state["hands"][1] = [22] + list(range(43, 52))
    state = pick_all(state, {0: 18, 1: 22, 2: 32, 3: 34})
    assert len(state["hands"][1]) == 9


def test_the_last_round_ends_when_a_player_has_no_card():
    state = arrange(new(4), hands=hands(18, 22, 32, 34), row=[("H08", []), ("H26", []),
                                                            ("H25", [])])
    state["round"] = 3
    state["hands"][0] = [18, 16, 15]
    state = pick_all(state, {0: 18, 1: 22, 2: 32, 3: 34})
    assert state["round"] == 3 and state["phase"] == "pick"
    state["row"] = [{"customer": "H10", "snacks": [4, 5]}]  # full: every card is eaten
    state["hands"][0] = [16]
    state = pick_all(state, {s: state["hands"][s][0] for s in range(4)})
    assert state["phase"] == "over" and GAME.to_act(state) == set()
    assert GAME.result(state) is not None


def five_players_down_to_two(round_number):
    """Five players in ``round_number``; seat 0 holds 3 cards and plays one of them."""
    state = arrange(new(5), hands=hands(18, 22, 32, 34, 1),
                    row=[("H08", []), ("H26", []), ("H25", []), ("H10", [])])
    state["round"] = round_number
    state["hands"][0] = [18, 41, 42]
    return pick_all(state, {0: 18, 1: 22, 2: 32, 3: 34, 4: 1})


def test_with_five_players_the_first_round_ends_at_two_cards():
    """With 5 or 6 players the first round, like every round before the last, stops once someone
    is down to 2 cards, and everyone tops up to 7."""
    state = five_players_down_to_two(1)
    assert state["round"] == 2 and state["phase"] == "pick"
    assert all(len(h) == 7 for h in state["hands"])


def test_with_five_players_the_second_round_is_the_last_and_is_played_out():
    """With 5 or 6 players the second round is the last one; like the third round of a smaller
    game it goes on until someone has played their last card (our reading, in the how-to-play)."""
    state = five_players_down_to_two(2)
    assert state["round"] == 2 and state["phase"] == "pick"
    assert [len(h) for h in state["hands"]] == [2, 6, 6, 6, 6]


def test_the_round_end_is_checked_after_the_whole_turn_abilities_included():
    """A round ends on the turn someone is left with 2 cards; a player whose last-but-two card
    wins a customer that lets them draw ends the turn with 3, so the round goes on."""
    state, card = complete_with("H01", ability_seat_hand=[5, 6])
    state = finish_turn(state, card)
    assert state["collected"][0] == ["H01"]
    assert state["round"] == 1 and len(state["hands"][0]) == 3


def test_five_and_six_players_play_two_rounds():
    state = arrange(new(5), hands=hands(18, 22, 32, 34, 1),
                    row=[("H08", []), ("H26", []), ("H25", []), ("H10", [])])
    state["round"] = 2
    state["hands"][0] = [18]
    state = pick_all(state, {0: 18, 1: 22, 2: 32, 3: 34, 4: 1})
    assert state["phase"] == "over"


def test_last_card_completing_an_order_still_reveals_the_next_customer():
    state = arrange(new(4), hands=hands(18, 22, 32, 34), row=[("H07", [1]), ("H09", []),
                                                            ("H08", [])],
                    next_customers=["Q1", "H05"])
    state["round"] = 3
    state["hands"][0] = [18]
    state = pick_all(state, {0: 18, 1: 22, 2: 48, 3: 56})  # late apples are eaten
    assert state["phase"] == "over"
    assert state["collected"][0] == ["H07"]
    assert state["row"][0]["customer"] == "H05"
    assert "Q1" in state["customers"]["discard"]


def test_an_empty_snack_deck_is_refilled_from_the_discard_pile():
    state = arrange(new(4), hands=hands(18, 22, 32, 34), row=[("H08", []), ("H26", []),
                                                            ("H25", [])])
    state["hands"][0] = [18, 41, 42]
    rest = state["snacks"]["draw"]
    state["snacks"] = {"draw": rest[:3], "discard": rest[3:]}
    state = pick_all(state, {0: 18, 1: 22, 2: 32, 3: 34})
    assert all(len(h) == 7 for h in state["hands"])
    assert state["snacks"]["discard"] == []


# ---- the automatic card (2-3 players) ---------------------------------------------------------


def test_the_automatic_card_is_revealed_and_goes_to_the_leftmost_customer():
    state = arrange(new(2), hands=hands(18, 22), row=[("H02", []), ("H09", []), ("H27", [])],
                    next_snacks=[3])
    state = pick_all(state, {0: 18, 1: 22})
    # 3 (smoothie) goes first, to the leftmost customer wanting a smoothie: the Birdwatcher.
    assert state["row"][0]["snacks"] == [3]
    view = GAME.view(state, 0)
    assert [(e["card"], e["seat"]) for e in view["reveal"]][0] == (3, None)


def test_the_automatic_card_completing_an_order_discards_the_customer():
    state = arrange(new(3), hands=hands(18, 22, 32), row=[("H02", [1]), ("H09", []),
                                                         ("H08", [])],
                    next_snacks=[3], next_customers=["H05"])
    state = pick_all(state, {0: 18, 1: 22, 2: 32})
    assert "H02" in state["customers"]["discard"]
    assert all("H02" not in got for got in state["collected"])
    assert state["row"][0]["customer"] == "H05"


def test_a_customer_completed_by_the_automatic_card_uses_no_ability():
    """Nobody wins a customer the automatic card completes, so its ability (here: draw a card)
    is not used by anyone; it is discarded and the next customer takes its place."""
    state = arrange(new(2), hands=hands(40, 41), row=[("H01", [2])], next_snacks=[1],
                    next_customers=["H09"])
    state = pick_all(state, {0: 40, 1: 41})
    assert state["customers"]["discard"] == ["H01"]
    assert [len(h) for h in state["hands"]] == [6, 6]
    assert state["row"][0]["customer"] == "H09"


def test_an_automatic_card_nobody_can_take_gives_no_squirrel():
    """The automatic card belongs to no player: when no customer wants it, it is discarded and
    nobody takes a token for it."""
    state = arrange(new(2), hands=hands(3, 6), row=[("H09", [])], next_snacks=[1])
    state = pick_all(state, {0: 3, 1: 6})
    assert 1 in state["snacks"]["discard"]
    assert [squirrel_count(t) for t in state["tokens"]] == [0, 0]
    assert state["collected"] == [[], ["H09"]]
    assert GAME.view(state, 0)["reveal"][0] == {
        "seat": None, "card": 1, "outcome": "eaten", "customer": None, "type": "apple",
        "label": "Apple", "name": "The automatic card", "now": False, "is_last": True}


def test_without_the_variant_there_is_no_automatic_card():
    state = arrange(new(2, automatic=False), hands=hands(18, 22),
                    row=[("H02", []), ("H09", []), ("H27", [])], next_snacks=[3])
    state = pick_all(state, {0: 18, 1: 22})
    assert len(GAME.view(state, 0)["reveal"]) == 2


# ---- final scoring --------------------------------------------------------------------------------


def scored(collected, squirrels):
    state = new(len(collected))
    state["collected"] = collected
    state = arrange(state, tokens=squirrels)
    state["phase"] = "over"
    return GAME.result(state)


def test_scoring_example_13_minus_4_is_9_and_ten_squirrels_win():
    # Seven customers: four worth 2, two worth 1 and one worth 3 = 13 points, 4 squirrels.
    you = ["H11", "H12", "H14", "H16", "H02", "H03", "H24"]
    assert sum(HIKERS[c]["points"] for c in you) == 13
    opponent = ["H18", "H20"]  # two orders, 4 points
    result = scored([you, opponent], [4, 10])
    assert result.scores[0] == 9
    assert result.breakdown[0] == {"customer points": 13, "4 squirrels": -4}
    assert result.ranks == [2, 1]  # the opponent's 10 squirrels win outright
    assert result.details["outcome"][0] == "9 points: 13 points from customers, -4 for 4 squirrels"


def test_exactly_ten_squirrels_read_as_an_outright_win_not_as_zero_squirrels():
    """"Squirrel victory: if a player ends the game with exactly 10 Squirrel tokens in their play
    area, they win the game immediately." The score table and the outcome line say so, rather
    than counting the ten squirrels as "squirrels: 0"."""
    result = scored([["H11", "H12", "H14", "H16", "H02", "H03", "H24"], ["H18", "H20"]], [4, 10])
    assert result.breakdown[1] == {"customer points": 4, "10 squirrels: wins outright": 0}
    assert result.details["outcome"][1] == ("wins outright with exactly 10 squirrels "
                                            "(4 points from customers)")


def test_more_than_ten_squirrels_reads_as_a_loss_whatever_the_score():
    """"If a player ends the game with more than 10 Squirrel tokens, they lose the game
    immediately!" Their score can be above a better-placed player's, so the table and the outcome
    line name the loss."""
    result = scored([["H29", "H30", "H31", "H32"], ["H02"], []], [11, 0, 1])
    assert result.scores[0] > result.scores[1] and result.ranks == [3, 1, 2]
    assert result.breakdown[0] == {"customer points": 16, "11 squirrels: more than 10, loses": -11}
    assert result.details["outcome"][0] == ("loses with 11 squirrels (more than 10), whatever "
                                            "the points")
    assert result.breakdown[1] == {"customer points": 1, "0 squirrels": 0}
    assert result.breakdown[2] == {"customer points": 0, "1 squirrel": -1}


@pytest.mark.parametrize("squirrels,worth", [(0, 0), (1, -1), (2, -2), (3, -3), (4, -4), (5, 5),
                                             (6, -6), (7, -7), (8, -8), (9, -9)])
def test_the_squirrel_token_scoring_table(squirrels, worth):
    """Up to 9 squirrels, each costs a point except that exactly 5 is a 5-point bonus."""
    result = scored([["H11"], []], [squirrels, 0])
    assert result.scores[0] == 2 + worth


def test_a_points_tie_with_the_five_squirrel_bonus_goes_to_fewer_squirrels():
    """1 point plus the bonus for exactly 5 squirrels ties 6 points with no squirrels; the tie
    goes to the player with fewer squirrels."""
    result = scored([["H02"], ["H11", "H12", "H14"]], [5, 0])
    assert result.scores == [6, 6] and result.ranks == [2, 1]


def test_several_players_over_ten_squirrels_all_lose():
    """Everyone above 10 squirrels is placed below everyone else, even a player with nothing."""
    result = scored([["H29", "H30"], ["H31", "H32", "H28"], []], [11, 13, 0])
    assert result.ranks[2] == 1 and sorted(result.ranks[:2]) == [2, 3]


def test_reaching_ten_squirrels_during_play_does_not_end_the_game():
    """Ten squirrels win only as the game ends: a player whose eaten card brings them to ten in
    the first round plays on, and the game is not over."""
    state = arrange(new(4), hands=hands(1, 2, 3, 5), row=[("H08", []), ("H09", []), ("H10", [])],
                    tokens=[9, 0, 0, 0])
    state = pick_all(state, {0: 1, 1: 2, 2: 3, 3: 5})
    assert squirrel_count(state["tokens"][0]) == 10
    assert state["phase"] == "pick" and state["round"] == 1 and GAME.result(state) is None


def test_exactly_five_squirrels_is_plus_five():
    result = scored([["H02"], ["H03"]], [5, 4])
    assert result.scores == [6, -3] and result.ranks == [1, 2]
    assert result.breakdown[0] == {"customer points": 1, "5 squirrels (bonus)": 5}


def test_more_than_ten_squirrels_loses():
    result = scored([["H29", "H30", "H31"], []], [11, 0])
    assert result.ranks == [2, 1]


def test_ten_squirrel_ties_go_to_customer_points_then_cards():
    assert scored([["H02"], ["H11"], []], [10, 10, 0]).ranks == [2, 1, 3]
    assert scored([["H02", "H03"], ["H11"], []], [10, 10, 0]).ranks == [1, 2, 3]
    assert scored([["H02"], ["H03"], []], [10, 10, 0]).ranks == [1, 1, 3]


def test_point_ties_go_to_fewest_squirrels_then_most_cards_then_shared():
    assert scored([["H11"], ["H02", "H03"]], [1, 0]).ranks == [2, 1]
    assert scored([["H02", "H03"], ["H11"]], [0, 0]).ranks == [1, 2]
    assert scored([["H02"], ["H03"]], [0, 0]).ranks == [1, 1]


# ---- bad payloads ---------------------------------------------------------------------------


@pytest.mark.parametrize("bad", [{"type": "pick"}, {"type": "pick", "card": "18"},
                                 {"type": "pick", "card": 99}, {"type": "pick", "card": True},
                                 {"type": "place", "slot": 0}, {"type": "swap"}, {"type": "fly"},
                                 {}, {"type": "redraw", "cards": ["a"]}, {"type": None}])
def test_malformed_or_untimely_moves_are_refused(bad):
    with pytest.raises(IllegalMove):
        play(GAME, new(4), 0, bad, 1, 1)


@pytest.mark.parametrize("kind", ["fly", "types", "_reveal", "pick "])
def test_an_unknown_type_is_malformed(kind):
    with pytest.raises(MalformedMove):
        play(GAME, new(4), 0, {"type": kind}, 1, 1)


def test_the_plugin_registers_its_game_and_bot():
    from lodge_hikers import hooks

    assert [g.slug for g in hooks.register_games()] == ["lodge_hikers"]
    assert [b.game for b in hooks.register_bots()] == ["lodge_hikers"]


# ---- simultaneous picks: what makes a pick stale ------------------------------------------------


def test_another_players_secret_pick_does_not_change_what_my_pick_means():
    """"each player secretly chooses a Snack card ... When all players have chosen, they reveal
    their cards simultaneously": until the reveal, someone else's choice changes nothing I can
    see but their "has picked" flag, so a pick made before it is still the same decision."""
    state = arrange(new(4), hands=hands(18, 22, 32, 34),
                    row=[("H03", []), ("H09", []), ("H27", [4])])
    before = GAME.decision_basis(state, 0)
    after = act(state, 1, {"type": "pick", "card": 22})
    after = act(after, 2, {"type": "pick", "card": 32})
    assert GAME.view(after, 0) != GAME.view(state, 0)  # the flags and the log did change
    assert GAME.decision_basis(after, 0) == before
    assert GAME.decision_basis(after, 1) != GAME.decision_basis(state, 1)  # seat 1 has picked


def test_the_first_pick_after_a_reveal_leaves_the_others_picks_standing():
    """"At the start of each turn, all players secretly choose": the board marks what the reveal
    touched, and the first pick of the next turn clears those marks. That changes nothing about
    the other players' picks, so theirs, made on the marked board, still stand."""
    state = pick_all(arrange(new(4), hands=hands(18, 22, 32, 34),
                             row=[("H08", []), ("H26", []), ("H25", [])]),
                     {0: 18, 1: 22, 2: 32, 3: 34})
    while state["phase"] != "pick":
        seat = min(GAME.to_act(state))
        state = act(state, seat, GAME.legal_moves(state, seat)[0])
    before = [GAME.decision_basis(state, s) for s in range(4)]
    first = GAME.legal_moves(state, 2)[0]
    after = act(state, 2, first)
    assert GAME.view(after, 0)["row"] != GAME.view(state, 0)["row"]  # the reveal's marks are gone
    assert [GAME.decision_basis(after, s) for s in (0, 1, 3)] == [before[s] for s in (0, 1, 3)]


def test_a_new_turn_changes_what_a_pick_means():
    """"At the start of each turn, all players secretly choose": once the last pick reveals the
    cards, the customers and the hands of the next turn are another decision."""
    state = arrange(new(4), hands=hands(18, 22, 32, 34),
                    row=[("H08", []), ("H26", []), ("H25", [])])
    before = [GAME.decision_basis(state, s) for s in range(4)]
    state = pick_all(state, {0: 18, 1: 22, 2: 32, 3: 34})
    assert state["phase"] == "pick" and state["turn"] == 2
    assert all(GAME.decision_basis(state, s) != before[s] for s in range(4))


def test_outside_the_pick_the_basis_is_the_whole_view_and_the_moves():
    """A choice of customer is one player's alone; anything public that changes changes it."""
    state = pick_all(arrange(new(4), hands=hands(18, 22, 32, 34),
                             row=[("H03", []), ("H09", []), ("H27", [4])]),
                     {0: 18, 1: 22, 2: 32, 3: 34})
    basis = GAME.decision_basis(state, 0)
    assert basis["moves"] == [{"type": "place", "slot": 0}, {"type": "place", "slot": 2}]
    assert basis["view"]["waiting_for"] == [0]
    assert "log" not in basis["view"]


# ---- what the board is told: the last move, squirrel cards, the previous reveal ---------------


def test_the_last_move_names_the_cards_just_revealed_and_the_customers_they_reached():
    """"When everyone has chosen, they reveal their cards simultaneously. Then, in ascending order,
    players place their Snack cards": the reveal's cards and where they went are what changed."""
    state = arrange(new(4), hands=hands(18, 22, 32, 34),
                    row=[("H08", []), ("H26", []), ("H25", [])], next_customers=["H01"])
    state = act(state, 0, {"type": "pick", "card": 18})
    assert GAME.view(state, 1)["last"]["cards"] == []  # a secret pick shows nothing
    assert GAME.view(state, 1)["last"]["seat"] == 0
    state = pick_all(state, {1: 22, 2: 32, 3: 34})
    last = GAME.view(state, None)["last"]
    assert sorted(last["cards"]) == [18, 22, 32, 34] and last["seat"] == 3
    assert set(last["slots"]) == {1, 2}
    row = GAME.view(state, None)["row"]
    assert [s["number"] for s in row[2]["snacks"] if s["is_last"]] == [18, 34]


def test_squirrel_cards_that_came_out_stay_on_show():
    """"When a Squirrel appears in the row of Customers ... place the Squirrel card in the discard
    pile": what it ate and who it fed is public and stays listed for everyone."""
    table = [[1, 41, 42, 43, 44, 45, 46], [60, 47, 48, 49, 50, 51, 52],
             [57, 53, 54, 55, 58, 59, 10], [56, 11, 12, 13, 14, 15, 16]]
    state = arrange(new(4), hands=table,
                    row=[("H02", [3]), ("H16", [2, 6]), ("H14", [5, 7])],
                    next_customers=["Q5", "Q3", "H12"], tokens=[0, 1, 0, 3])
    deck_squirrels = GAME.view(state, None)["squirrels_in_deck"]
    state = pick_all(state, {0: 1, 1: 60, 2: 57, 3: 56})
    view = GAME.view(state, 2)
    cards = view["squirrel_cards"]
    assert [c["eats_text"] for c in cards] == ["apples and sandwiches", "smoothies"]
    assert [c["eaten"] for c in cards] == [2, 1]  # sandwiches 2 and 7, then smoothie 6
    assert cards[0]["fed"] == [1, 3] and cards[0]["turn"] == 1
    assert all(c["is_last"] for c in cards)
    assert view["squirrels_in_deck"] == deck_squirrels - 2
    state = act(state, 0, {"type": "pick", "card": 41})
    assert not any(c["is_last"] for c in GAME.view(state, 2)["squirrel_cards"])


def test_the_reveal_shown_during_the_next_pick_is_labelled_as_the_previous_turns():
    """Each turn starts with a new secret pick; the cards still on show are the last turn's."""
    state = arrange(new(4), hands=hands(18, 22, 32, 34),
                    row=[("H03", []), ("H09", []), ("H27", [4])])
    state = pick_all(state, {0: 18, 1: 22, 2: 32, 3: 34})
    view = GAME.view(state, 1)
    assert view["reveal_current"] and view["reveal_turn"] == 1
    for seat, slot in ((0, 2), (1, 1), (2, 2), (3, 2)):
        state = act(state, seat, {"type": "place", "slot": slot})
    view = GAME.view(state, 1)
    assert view["phase"] == "pick" and view["turn"] == 2
    assert not view["reveal_current"] and view["reveal_turn"] == 1


def test_every_players_score_so_far_is_on_show():
    """Won customers and squirrel tokens lie face up, so anyone can add up a player's score:
    the view gives each player's, as the final table would count it now (5 squirrels is +5)."""
    state = new(4)
    state["collected"] = [["H29", "H30"], ["H02"], ["H11"], []]
    state = arrange(state, tokens=[2, 10, 5, 11])
    players = GAME.view(state, 3)["players"]
    assert [p["score"] for p in players] == [8 - 2, 1, 2 + 5, 0 - 11]
    assert [p["customer_points"] for p in players] == [8, 1, 2, 0]
    assert [p["squirrels"] for p in players] == [2, 10, 5, 11]


def test_log_lines_say_the_move_in_words():
    """No "(s)" plurals or bare numbers: every line reads as a sentence about the game."""
    state = arrange(new(4), hands=hands(1, 2, 3, 5), row=[("H08", []), ("H09", []), ("H10", [])])
    state = pick_all(state, {0: 1, 1: 2, 2: 3, 3: 5})
    log = state["log"]
    assert ("Turn 1, the cards are turned over: Player 1 shows 1 (apple), Player 2 shows "
            "2 (sandwich), Player 3 shows 3 (smoothie) and Player 4 shows 5 (energy bar).") in log
    assert ("No customer can take 1 (apple): the squirrels eat it and Player 1 takes "
            "1 Squirrel token.") in log
    assert not [line for line in log if "(s)" in line]


def test_a_choice_of_customer_marks_the_card_placed_and_the_cards_placed_after_it():
    """"Then the other players do the same in ascending order": once the lowest card's player
    chooses, that card and every card placed after it in the same move are what changed."""
    state = pick_all(arrange(new(4), hands=hands(18, 22, 32, 34),
                             row=[("H03", []), ("H09", []), ("H27", [4])]),
                     {0: 18, 1: 22, 2: 32, 3: 34})
    state = act(state, 0, {"type": "place", "slot": 0})
    last = GAME.view(state, None)["last"]
    assert last["cards"] == [18] and last["slots"] == [0] and last["seat"] == 0


def test_interim_scores_rank_players_as_the_final_scoring_would_now():
    """For a search cut short: "exactly 10 Squirrel tokens ... win the game immediately", "more
    than 10 ... lose the game immediately", otherwise customer points minus squirrels (5 is +5)."""
    state = new(4)
    state["collected"] = [["H29", "H30"], ["H02"], ["H11"], ["H24"]]
    state = arrange(state, tokens=[11, 10, 5, 2])
    scores = GAME.interim_scores(state)
    assert scores[2] == 2 + 5 and scores[3] == 3 - 2
    assert scores[1] > max(scores[0], scores[2], scores[3])
    assert scores[0] < min(scores[1], scores[2], scores[3])
    state["phase"] = "over"
    final = GAME.result(state).ranks
    assert sorted(range(4), key=lambda s: -scores[s]) == sorted(range(4), key=lambda s: final[s])
