"""The Django side: hooks, the board template in every phase, the how-to-play page."""

from __future__ import annotations

import pytest
from django.template.loader import render_to_string
from komodo import hooks
from komodo.bots import Keeper
from komodo.rules import Komodo

from core.engine import find_leaks, resolve_options
from core.engine.play import play, start
from core.engine.rng import rng_for
from core.models import Match

GAME = Komodo()


def players(n):
    return [{"seat": s, "name": f"P{s + 1}", "is_bot": False} for s in range(n)]


def render(state, seat, match):
    moves = GAME.legal_moves(state, seat) if seat is not None else []
    html = render_to_string(
        "komodo/board.html",
        {
            "view": GAME.view(state, seat),
            "seat": seat,
            "moves": moves,
            "match": match,
            "game": GAME,
            "players": players(state["players"]),
        },
    )
    assert "komodo-board" in html
    assert not find_leaks(html, GAME.secrets(state, seat)), state["phase"]
    return html, moves


def test_hooks_register_the_game_and_bot():
    assert hooks.register_games()[0].slug == "komodo"
    assert hooks.register_bots()[0].game == "komodo"


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["basic", "tame", "coop"])
def test_board_renders_in_every_phase_met_without_secrets(variant):
    match = Match.objects.create(game_slug="komodo", players=3, options={"variant": variant})
    options, seats = resolve_options(GAME, 3, {"variant": variant})
    state = start(GAME, 4, 3, options, seats)
    seen = set()
    ply = 0
    bot = Keeper()
    while GAME.to_act(state) and ply < 400:
        if state["phase"] not in seen or ply % 25 == 0:
            seen.add(state["phase"])
            for seat in (None, 0, 1, 2):
                html, moves = render(state, seat, match)
                if moves:
                    assert "hx-post" in html
        seat = min(GAME.to_act(state))
        ply += 1
        state = play(GAME, state, seat, bot.choose(GAME, state, seat, rng_for(4, ply)), ply, 4)
    render(state, 0, match)


@pytest.mark.django_db
def test_board_draws_a_spot_for_every_tile_placement_and_the_wild_card_interactions():
    match = Match.objects.create(game_slug="komodo", players=3, options={})
    options, seats = resolve_options(GAME, 3, {})
    state = start(GAME, 8, 3, options, seats)
    for s in range(3):
        state = play(
            GAME,
            state,
            s,
            {"type": "return_animal", "animal": state["hands"][s]["animals"][0]},
            s + 1,
            8,
        )
    html, moves = render(state, 0, match)
    places = [m for m in moves if m["type"] == "place_tile"]
    assert html.count('class="komodo-spot ') == len(places) and "Replenish and end turn" in html
    state["hands"][0]["wilds"] = ["komodo-wild-09"]
    state["wilds"]["draw"] = [w for w in state["wilds"]["draw"] if w != "komodo-wild-09"]
    for h in state["hands"][1:]:
        h["wilds"] = [w for w in h["wilds"] if w != "komodo-wild-09"]
    html, _ = render(state, 0, match)
    assert "Land Barter" in html
    state = play(
        GAME,
        state,
        0,
        {
            "type": "barter",
            "card": "komodo-wild-09",
            "tiles": state["hands"][0]["tiles"][:2],
            "terrain": "W",
        },
        9,
        8,
    )
    html, _ = render(state, 1, match)
    assert "Make this offer" in html and "Offer nothing" in html
    state = play(
        GAME, state, 1, {"type": "barter_offer", "tiles": state["hands"][1]["tiles"][:1]}, 10, 8
    )
    state = play(GAME, state, 2, {"type": "barter_offer", "tiles": []}, 11, 8)
    html, _ = render(state, 0, match)
    assert "P2 offers" in html and "Trade 1 for 1 with P2" in html


def test_how_to_play_explains_the_rulings_and_variants():
    html = render_to_string("komodo/how_to_play.html", {})
    for words in (
        "Tame the Wildness",
        "Collaborate to Save the Animals",
        "Land Thief",
        "Remodeling",
        "Recycling",
        "Relocation",
        "Extreme",
        "stays with the player who housed it",
        "any player holds fewer than three tiles",
        "pass one of the new cards",
        "see only the points you have housed",
    ):
        assert words in html
