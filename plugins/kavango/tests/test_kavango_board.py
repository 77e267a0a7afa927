"""The board and how-to-play templates render every moment without printing a secret id."""

from types import SimpleNamespace

from kavango.testing import GAME, investing, new_game, place, to_draft

from core.engine import RandomBot, decide, find_leaks, playout
from core.engine.play import play
from core.engine.rng import rng_for


def render(state, seat):
    from django.template.loader import render_to_string

    players = [{"seat": s, "name": f"Ranger{s}", "is_bot": False} for s in range(state["players"])]
    moves = GAME.legal_moves(state, seat) if seat is not None else []
    context = {
        "view": GAME.view(state, seat),
        "seat": seat,
        "moves": moves,
        "players": players,
        "match": SimpleNamespace(id=7, pk=7, version=3),
        "game": GAME,
    }
    html = render_to_string("kavango/board.html", context)
    assert find_leaks(html, GAME.secrets(state, seat)) == []
    return html


def test_setup_choice_offers_experts_and_lodge_cards():
    html = render(new_game(2, lodges=True), 0)
    assert "Keep this Expert" in html and html.count("Give this one back</span>") == 9


def test_the_board_shows_how_many_cards_each_face_down_deck_holds():
    """Everyone at the table can see how high the draw decks are: the board says so, for the
    players and the spectators alike."""
    state = to_draft(new_game(3))
    sizes = {k: len(v) for k, v in state["decks"].items()}
    for seat in (0, None):
        html = render(state, seat)
        assert (f"decks A {sizes['A']} &middot; B {sizes['B']} &middot; C {sizes['C']} &middot; "
                f"action {sizes['action']} &middot; relocation {sizes['relocation']}") in html


def test_the_hand_is_clickable_when_drafting_and_shows_requirements():
    state = to_draft(new_game(3))
    html = render(state, 0)
    assert html.count('hx-post="/match/7/move/"') == len(state["hands"][0])
    assert "Needs:" in html or "Producer:" in html
    spectator = render(state, None)
    assert "Your hand" not in spectator


def test_reserve_spaces_are_clickable_when_placing_and_locks_are_drawn():
    state = to_draft(new_game(2, lodges=True, seats=[{"difficulty": "maximum"}] * 2))
    state = investing(state)
    state["step"] = "use"
    state["drafted"][0] = "kav-quelea-1"
    state["p"][0]["producers"] = ["kav-grass-1"]
    html = render(state, 0)
    assert "Place here" in html and "locked $2m" in html
    assert "Maximum (Community Protection, 12 markers, Golden Lodge)" in html


def test_investment_panel_and_lodge_points():
    state = investing(to_draft(new_game(2, lodges=True)))
    state["p"][0]["lodges"]["kept"] = ["L2-01"]
    place(state, 0, {(0, 0): "scrub_hare", (0, 1): "rock_monitor", (1, 0): "zebra", (1, 1): "lion"})
    html = render(state, 0)
    assert "Done investing" in html
    assert "Build the level 2 Lodge (small mammal, reptile/amphibian, large mammal and predator)" in html


def test_a_whole_game_renders_at_every_phase():
    run = playout(GAME, 2, seed=9, options={"lodges": True, "golden_lodge": True})
    assert "Game over" in render(run.state, 0)
    state = new_game(1, lodges=True)
    bot, ply = RandomBot(), 0
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        if ply % 17 == 0:
            render(state, seat)
        ply += 1
        state = play(GAME, state, seat, decide(bot, GAME, state, seat, rng_for(1, ply)), ply, 1)
    assert "Oppo" in render(state, 0)


def test_how_to_play_renders_and_names_the_reconstructions():
    from django.template.loader import render_to_string

    html = render_to_string("kavango/how_to_play.html", {})
    assert "reconstruct" in html.lower() and "Golden Lodge" in html and "Oppo" in html


def test_research_cards_read_in_words_with_the_payout_of_each_tier():
    """Research: what the card counts, each tier's threshold and its money and points."""
    state = to_draft(new_game(2))
    state["research"] = ["R1-01", "R1-15"]
    html = render(state, 0)
    assert "Counts grass symbols." in html and "Counts animals under 1 kg." in html
    assert "$1m</td>" in html and "$3m + 2 points" in html
    assert "sym:" not in html and "under_1kg" not in html


def test_goal_thresholds_and_running_scores_show_but_others_goals_stay_secret():
    state = to_draft(new_game(2, lodges=True))
    state["p"][0]["goals"] = ["goal-03"]
    place(state, 0, {(0, 0): "lion"})
    html = render(state, 0)
    assert "Apex Predators</strong>: counts predators: 2 or more &rarr; 8 points" in html
    assert "You have 1, worth 0 points now." in html
    assert "<dt>Score</dt><dd>12 points</dd>" in html  # your running score: the Lion
    assert "+ secret goal" in html  # the other player's score leaves their goals out
    assert "no_lodges_bonus" not in html and "No-Lodges bonus 0" in html


def test_the_oppo_panel_reads_in_words_with_its_bonus():
    state = to_draft(new_game(1, lodges=True, seats=[{"difficulty": "intermediate"}]))
    html = render(state, 0)
    assert "No animals yet." in html and "0 animals: ." not in html
    assert "Lodges bonus 40" in html and "<dt>Score</dt><dd>40 points</dd>" in html


def test_terms_are_explained_where_they_appear():
    state = to_draft(new_game(2))
    state = investing(state)
    state["step"], state["drafted"][0] = "use", "kav-grass-1"
    html = render(state, 0)
    assert "Tuck as a producer" in html and "adds its food symbol" in html
    assert "open discard pile and you take $1m" in html


def test_the_last_move_is_marked_on_the_board():
    """The board marks what the last move touched: here the Reserve space just filled."""
    state = to_draft(new_game(2, lodges=True))
    state = investing(state)
    state["step"], state["drafted"][0] = "use", "kav-quelea-1"
    state["p"][0]["producers"] = ["kav-grass-1"]
    state = play(GAME, state, 0, {"type": "use", "how": "reserve", "row": 1, "col": 3}, 5, 1)
    assert state["last"]["cells"] == [{"seat": 0, "row": 1, "col": 3}]
    html = render(state, 1)
    assert html.count('kavango-cell is-last') == 1 and "Red-billed Quelea" in html


def test_a_secret_pick_marks_only_who_picked():
    state = to_draft(new_game(3))
    card = state["hands"][0][0]
    state = play(GAME, state, 0, {"type": "draft", "card": card}, 5, 1)
    assert state["last"] == {"seat": 0}
    assert GAME.view(state, 1)["last"] == {"seat": 0}


def test_player_chips_read_option_labels_not_raw_keys():
    from core.templatetags.meeple import seat_option_labels

    labels = seat_option_labels({"difficulty": "lodges", "start_money": 2}, GAME)
    assert labels == ["Lodges difficulty: Lodges only", "Starting money ($m): 2"]
