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
    assert "Keep " in html and "Give back Lodge card" in html


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
    assert "Place in the Reserve" in html and "CP $2m" in html
    assert "difficulty: maximum" in html


def test_investment_panel_and_lodge_points():
    state = investing(to_draft(new_game(2, lodges=True)))
    state["p"][0]["lodges"]["kept"] = ["L2-01"]
    place(state, 0, {(0, 0): "scrub_hare", (0, 1): "rock_monitor", (1, 0): "zebra", (1, 1): "lion"})
    html = render(state, 0)
    assert "Done investing" in html and "Build Lodge L2-01" in html and "You can build" in html


def test_a_whole_game_renders_at_every_phase():
    run = playout(GAME, 2, seed=9, options={"lodges": True, "golden_lodge": True})
    assert "Final scores" in render(run.state, 0)
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
