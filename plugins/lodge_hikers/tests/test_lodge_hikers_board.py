"""The board template renders every kind of moment, offers the right clickable moves, and never
prints a secret id."""

from types import SimpleNamespace

import pytest
from lodge_hikers.rules import LodgeHikers
from lodge_hikers.testing import act, arrange, new, pick_all

from core.engine import find_leaks, playout

GAME = LodgeHikers()


def render(state, seat):
    from django.template.loader import render_to_string

    players = [{"seat": s, "name": f"Hiker{s}", "is_bot": s == 3} for s in range(state["players"])]
    moves = GAME.legal_moves(state, seat) if seat is not None else []
    context = {"view": GAME.view(state, seat), "seat": seat, "moves": moves, "players": players,
               "match": SimpleNamespace(id=7, pk=7, version=3), "game": GAME}
    html = render_to_string("lodge_hikers/board.html", context)
    assert find_leaks(html, GAME.secrets(state, seat)) == []
    return html


def example():
    return arrange(new(4), hands=[[18, 35, 36], [22, 37, 38], [32, 39, 40], [34, 41, 42]],
                   row=[("H03", []), ("H09", []), ("H27", [4])], next_customers=["H10"])


def test_the_hand_is_clickable_when_picking():
    html = render(new(4, seed=3), 0)
    assert html.count('hx-post="/match/7/move/"') == 7
    assert "Pick a snack card" in html


def test_who_has_picked_is_shown_but_not_what():
    state = act(example(), 1, {"type": "pick", "card": 22})
    html = render(state, 0)
    assert "picked ✓" in html
    assert "you picked" not in html and "Reveal of this turn" not in html
    assert "you picked 22" in render(state, 1)
    assert "The players are picking their cards." in render(state, None)


def test_a_choice_of_customer_is_offered_as_buttons_on_the_customers():
    """Keyboard play: each customer that can take the card has a real button (Enter works)."""
    state = pick_all(example(), {0: 18, 1: 22, 2: 32, 3: 34})
    html = render(state, 0)
    assert html.count('<button type="button" class="lodge_hikers-place"') == 2
    assert "Place 18 (apple) on the Geocacher" in html
    assert "Place 18 (apple) on the Orienteers" in html
    assert "fits several customers" in html
    other = render(state, 1)
    assert "Waiting for Hiker0" in other and "lodge_hikers-place\"" not in other
    assert "Turn 1: the cards just revealed" in other


def test_the_reveal_is_labelled_as_the_previous_turns_during_the_next_pick():
    """Issue 14: the last reveal stays on show while the next cards are picked, as the previous
    turn's, not under a heading that reads as the current turn."""
    state = pick_all(example(), {0: 18, 1: 22, 2: 32, 3: 34})
    for seat, slot in ((0, 2), (1, 1), (2, 2), (3, 2)):
        state = act(state, seat, {"type": "place", "slot": slot})
    html = render(state, 0)
    assert "Pick a snack card" in html
    assert "Previous turn (turn 1): where the cards went" in html
    assert "just revealed" not in html


def squirrel_table():
    table = [[1, 41, 42, 43, 44, 45, 46], [60, 47, 48, 49, 50, 51, 52],
             [57, 53, 54, 55, 58, 59, 10], [56, 11, 12, 13, 14, 15, 16]]
    state = arrange(new(4), hands=table,
                    row=[("H02", [3]), ("H16", [2, 6]), ("H14", [5, 7])],
                    next_customers=["Q5", "Q3", "H12"], tokens=[0, 1, 0, 3])
    return pick_all(state, {0: 1, 1: 60, 2: 57, 3: 56})


def test_squirrel_cards_that_came_out_and_the_token_supply_are_on_the_board():
    """Issue 14: the squirrel cards were only in the log, and the supply was not shown."""
    state = squirrel_table()
    html = render(state, 1)
    assert "Squirrel cards out so far: 2" in html
    assert "Turn 1: ate the apples and sandwiches (2 snacks); Hiker1 and Hiker3 took a token" \
        in html
    assert "ate the smoothies (1 snack)" in html
    supply = state["supply"]
    assert f'Squirrel supply: {supply["1"]} × 1 and {supply["3"]} × 3' in html
    assert "6 of them squirrels" in html


def test_a_player_the_squirrel_card_paid_nothing_is_not_shown_as_fed():
    """With only 3s in the supply, a player holding a single 1 gets nothing from a Squirrel card:
    the card's line names only the players who took a token, and that player's tokens are not
    marked as the last move's."""
    state = arrange(new(4), hands=[[1, 41, 42], [60, 47, 48], [57, 53, 54], [56, 11, 12]],
                    row=[("H02", [3]), ("H16", []), ("H14", [])], next_customers=["Q4", "H12"])
    state["supply"] = {"1": 0, "3": 12}
    state["tokens"] = [{"1": 1, "3": 0}, {"1": 8, "3": 0}, {"1": 8, "3": 0}, {"1": 7, "3": 0}]
    state = pick_all(state, {0: 1, 1: 60, 2: 57, 3: 56})
    html = render(state, 0)
    assert "Turn 1: ate the energy bars (0 snacks); Hiker1, Hiker2 and Hiker3 took a token" in html
    assert html.count('lodge_hikers-tokens is-last') == 3
    assert '<span class="lodge_hikers-tokens">🐿 1 squirrel</span>' in html


def test_the_redraw_form_caps_the_ticks_at_two():
    """"Discard up to 2 Snack cards": the form's boxes are capped at two by the board script."""
    from django.contrib.staticfiles import finders

    state = arrange(new(4), hands=[[4, 35, 36], [22, 37, 38], [32, 39, 40], [34, 41, 42]],
                    row=[("H10", [5]), ("H04", []), ("H08", [])])
    state = pick_all(state, {0: 4, 1: 22, 2: 32, 3: 34})
    html = render(state, 0)
    assert 'data-lodge_hikers-max="2"' in html and html.count('name="cards"') == 2
    assert "lodge_hikers/board.js" in html
    script = open(finders.find("lodge_hikers/board.js")).read()
    assert "data-lodge_hikers-max" in script and "disabled" in script


def test_the_last_move_is_marked():
    """Issue 15: the cards just revealed, the snacks they became and the customers they reached
    carry ``is-last``."""
    state = arrange(new(4), hands=[[18, 35, 36], [22, 37, 38], [32, 39, 40], [34, 41, 42]],
                    row=[("H08", []), ("H26", []), ("H25", [])])
    state = pick_all(state, {0: 18, 1: 22, 2: 32, 3: 34})
    html = render(state, 0)
    assert html.count("lodge_hikers-customer is-last") == 2
    assert html.count("lodge_hikers-mini lodge_hikers-type-apple is-last") == 2
    assert html.count('lodge_hikers-outcome-placed is-last') == 4


def finished(collected, squirrels):
    state = arrange(new(len(collected)), tokens=squirrels)
    state["collected"] = collected
    state["phase"] = "over"
    return state


def test_the_final_standing_reads_right_for_ten_and_for_more_than_ten_squirrels():
    """Issue 14: "exactly 10 Squirrel tokens ... win the game immediately"; "more than 10 ...
    lose the game immediately", whatever the points."""
    state = finished([["H29", "H30", "H31", "H32"], ["H02"], ["H11"]], [11, 10, 1])
    html = render(state, 0)
    assert "1st place: wins outright with exactly 10 squirrels (1 point from customers)" in html
    assert "2nd place: 1 point: 2 points from customers, -1 for 1 squirrel" in html
    assert "3rd place: loses with 11 squirrels (more than 10), whatever the points" in html


def test_counts_agree_with_their_nouns():
    """Issue 15 item 8: no "1 cards" and no bare "points" outcome."""
    state = finished([["H02"], []], [1, 0])
    state["hands"] = [[60], []]
    html = render(state, 0)
    assert "1 card in hand" in html and "0 cards in hand" in html
    assert "1 squirrel" in html and "from 1 customer<" in html
    assert "1 cards" not in html and "· points" not in html


def test_ability_forms_render():
    state = arrange(new(4), hands=[[4, 35, 36], [22, 37, 38], [32, 39, 40], [34, 41, 42]],
                  row=[("H10", [5]), ("H04", []), ("H08", [])])
    state = pick_all(state, {0: 4, 1: 22, 2: 32, 3: 34})
    assert state["pending"]["kind"] == "redraw"
    assert 'name="cards"' in render(state, 0)


@pytest.mark.parametrize("players", [2, 6])
def test_a_finished_game_shows_the_scores(players):
    state = playout(GAME, players, seed=1).state
    html = render(state, 0)
    assert "1st place" in html and "The game is over." in html
    assert "1st place" in render(state, None)


def test_how_to_play_renders():
    from django.template.loader import render_to_string

    html = render_to_string("lodge_hikers/how_to_play.html", {})
    assert "Squirrel" in html and "automatic" in html


def test_how_to_play_states_the_rulings_used():
    """Where the rulebook leaves room, the help says what this game does."""
    from django.template.loader import render_to_string

    html = " ".join(render_to_string("lodge_hikers/how_to_play.html", {}).split())
    assert "with 5 or 6 players the second round goes on until someone has no cards left" in html
    assert "the player who played it chooses which one" in html
    assert "its ability is not used by anybody" in html
    assert "after that they share the victory" in html
    assert "17 and 30 are sandwiches" in html


def test_the_hand_stays_on_screen_only_while_it_holds_the_decision():
    """Issue 15 (phone): the hand is pinned to the bottom of the screen while a card is to be
    picked, swapped or redrawn; while a customer is being chosen the customers matter instead."""
    assert "lodge_hikers-acting-hand" in render(example(), 0)
    placing = pick_all(example(), {0: 18, 1: 22, 2: 32, 3: 34})
    assert "lodge_hikers-acting-hand" not in render(placing, 0)
    assert "lodge_hikers-acting-hand" not in render(act(example(), 0, {"type": "pick", "card": 18}), 0)


def test_hand_cards_and_players_are_cores_parts():
    """The board vocabulary (issue 16): a snack card is core's card, a button named by its
    words ("Play 18 Apple", no aria-label); each player is core's player panel."""
    html = render(example(), 0)
    hand = html[html.index("<h3>Your hand"):]
    assert hand.count('<button type="button" hx-post=') == 3
    assert '<span class="mh-visually-hidden">Play </span>' in hand and "aria-label" not in hand.split("</section>")[0]
    assert 'class="mh-card lodge_hikers-card lodge_hikers-type-apple"' in hand
    assert html.count('<section class="mh-player') == 4 and html.count("is-you") == 1


def test_each_players_score_so_far_is_on_their_panel():
    """Customers won and squirrel tokens are face up, so every panel shows the score they add up
    to now, and says when exactly 10 or more than 10 squirrels would decide the game instead."""
    state = arrange(new(3), tokens=[5, 10, 11])
    state["collected"] = [["H02"], ["H11"], ["H29"]]
    html = render(state, 2)
    assert "score so far 6<" in html
    assert "score so far 2 (exactly 10 squirrels: an outright win if the game ended now)" in html
    assert "score so far -7 (more than 10 squirrels: a loss if the game ended now)" in html


def test_customers_the_automatic_card_served_are_listed():
    """A customer whose order the automatic card completes goes face up to the discard pile: the
    board names it, so players can see it left the game unwon."""
    state = arrange(new(2), hands=[[40, 41, 42], [43, 44, 45]], row=[("H01", [2])],
                    next_snacks=[1], next_customers=["H09"])
    state = pick_all(state, {0: 40, 1: 43})
    html = render(state, 0)
    assert "Served by the automatic card, won by nobody: 1 customer" in html
    assert "<p>Day Tripper</p>" in html
    assert "won by nobody" not in render(example(), 0)
