"""The Django side: solo progress model and hook, profile section, admin, board rendering."""

import pytest
from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from lodge_hotel import hooks
from lodge_hotel.models import SoloProgress
from lodge_hotel.rules import Lodge

from core.engine import Result, find_leaks, playout, replay
from core.models import Match, Seat

GAME = Lodge()


def solo_match(user, level=3, extreme=False, bot=""):
    match = Match.objects.create(game_slug="lodge_hotel", players=1,
                                 options={"level": level, "extreme": extreme})
    Seat.objects.create(match=match, position=0, user=user, bot=bot)
    return match


def solo_result(score, won, level=3, extreme=False):
    return Result(scores=[score], ranks=[1], won=[won],
                  details={"level": level, "extreme": extreme, "rank": "x"})


@pytest.fixture
def ann(db):
    return get_user_model().objects.create_user("ann", password="pw-ann-123")


@pytest.mark.django_db
def test_after_match_finished_records_a_won_level(ann):
    hooks.after_match_finished(match=solo_match(ann), result=solo_result(64, True))
    progress = SoloProgress.objects.get(user=ann)
    assert progress.highest_level == 3 and progress.best_scores == {"3": 64}
    assert progress.games == 1 and progress.wins == 1


@pytest.mark.django_db
def test_a_lost_game_keeps_the_best_score_but_beats_no_level(ann):
    hooks.after_match_finished(match=solo_match(ann, 4), result=solo_result(55, False, 4))
    hooks.after_match_finished(match=solo_match(ann, 4), result=solo_result(41, False, 4))
    progress = SoloProgress.objects.get(user=ann)
    assert progress.highest_level == 0 and progress.best_scores == {"4": 55} and progress.games == 2


@pytest.mark.django_db
def test_extreme_progress_is_kept_apart(ann):
    hooks.after_match_finished(match=solo_match(ann, 2, True), result=solo_result(61, True, 2, True))
    progress = SoloProgress.objects.get(user=ann)
    assert progress.extreme_highest_level == 2 and progress.highest_level == 0
    assert progress.extreme_best_scores == {"2": 61}


@pytest.mark.django_db
def test_result_as_json_is_accepted(ann):
    hooks.after_match_finished(match=solo_match(ann, 5), result=solo_result(70, True, 5).to_json())
    assert SoloProgress.objects.get(user=ann).highest_level == 5


@pytest.mark.django_db
def test_other_games_bots_and_multiplayer_are_ignored(ann):
    other = Match.objects.create(game_slug="tictactoe", players=1, options={})
    Seat.objects.create(match=other, position=0, user=ann)
    hooks.after_match_finished(match=other, result=solo_result(70, True))
    hooks.after_match_finished(match=solo_match(None, bot="innkeeper"), result=solo_result(70, True))
    multi = Match.objects.create(game_slug="lodge_hotel", players=2, options={})
    Seat.objects.create(match=multi, position=0, user=ann)
    Seat.objects.create(match=multi, position=1, bot="random")
    hooks.after_match_finished(match=multi, result=Result(scores=[3, 2], ranks=[1, 2]))
    assert not SoloProgress.objects.exists()


@pytest.mark.django_db
def test_profile_section_shows_progress(ann):
    assert hooks.extra_profile_sections(user=ann) == []
    hooks.after_match_finished(match=solo_match(ann, 1), result=solo_result(66, True, 1))
    [section] = hooks.extra_profile_sections(user=ann)
    html = render_to_string(section["template"], section["context"])
    assert "1/8" in html and "66" in html and "Next: level 2" in html


@pytest.mark.django_db
def test_progress_is_registered_in_the_admin():
    from django.contrib import admin

    assert SoloProgress in admin.site._registry


@pytest.mark.django_db
@pytest.mark.parametrize("players,options", [(3, {}), (1, {"level": 8})])
def test_board_renders_for_players_and_spectators_without_secrets(ann, players, options):
    run = playout(GAME, players, seed=2, options=options)
    match = Match.objects.create(game_slug="lodge_hotel", players=players, options=run.options)
    state = replay(GAME, 2, players, run.options, run.seat_options, run.moves[: len(run.moves) // 2])
    seats = [None, *range(players)]
    for seat in seats:
        moves = GAME.legal_moves(state, seat) if seat is not None else []
        html = render_to_string("lodge_hotel/board.html", {
            "view": GAME.view(state, seat), "seat": seat, "moves": moves, "match": match,
            "game": GAME, "players": [{"seat": s, "name": f"P{s + 1}", "is_bot": False}
                                      for s in range(players)],
        })
        assert "lodge_hotel-board" in html
        assert not find_leaks(html, GAME.secrets(state, seat))
        if moves:
            assert "hx-post" in html


@pytest.mark.django_db
def test_board_highlights_places_for_the_chosen_tile(ann):
    from core.engine.play import play, start

    match = Match.objects.create(game_slug="lodge_hotel", players=2, options={})
    state = start(GAME, 3, 2, {}, [{}, {}])
    state = play(GAME, state, 0, {"type": "take_room", "level": 1, "slot": 0}, 1, 3)
    moves = GAME.legal_moves(state, 0)
    html = render_to_string("lodge_hotel/board.html", {
        "view": GAME.view(state, 0), "seat": 0, "moves": moves, "match": match, "game": GAME,
        "players": [{"seat": 0, "name": "Ann", "is_bot": False}, {"seat": 1, "name": "Bob", "is_bot": False}],
    })
    assert html.count("lodge_hotel-spot") == len([m for m in moves if m["type"] == "place"])
    assert "Put it back" in html


def test_how_to_play_renders():
    html = render_to_string("lodge_hotel/how_to_play.html", {})
    assert "Extreme mode" in html and "Viewing Area" in html


@pytest.mark.django_db
def test_a_solo_match_played_through_the_portal_updates_progress(ann, django_capture_on_commit_callbacks):
    import random

    from lodge_hotel.bots import Innkeeper

    from core.services.matches import submit_move
    from core.services.tables import create_table

    bot = Innkeeper()
    with django_capture_on_commit_callbacks(execute=True):
        match = create_table(ann, "lodge_hotel", 1, options={"level": 2})
    rng = random.Random(0)
    while match.status == Match.Status.ACTIVE:
        move = bot.choose(GAME, match.state, 0, rng)
        with django_capture_on_commit_callbacks(execute=True):
            match = submit_move(match.pk, ann, move, match.version)
    assert match.status == Match.Status.FINISHED
    progress = SoloProgress.objects.get(user=ann)
    assert progress.games == 1
    assert progress.best_scores == {"2": match.result["scores"][0]}
    assert progress.highest_level == (2 if match.result["won"][0] else 0)
    assert match.result["details"]["level"] == 2


@pytest.mark.django_db
def test_match_page_renders_and_a_posted_move_is_applied(ann, client, django_capture_on_commit_callbacks):
    import json

    from core.services.tables import create_table

    with django_capture_on_commit_callbacks(execute=True):
        match = create_table(ann, "lodge_hotel", 2, bots={1: "innkeeper"})
    client.force_login(ann)
    page = client.get(f"/match/{match.pk}/")
    assert page.status_code == 200
    html = page.content.decode()
    assert "lodge_hotel-board" in html and "lodge_hotel/board.css" in html
    assert not find_leaks(html, GAME.secrets(match.state, 0))
    move = next(m for m in GAME.legal_moves(match.state, 0) if m["type"] == "take_room")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/match/{match.pk}/move/",
                               {"move": json.dumps(move), "version": str(match.version)})
    assert response.status_code == 200
    match.refresh_from_db()
    assert match.state["phase"] == "place" and match.version == 1
    rules_page = client.get("/games/lodge_hotel/")
    assert rules_page.status_code == 200 and b"Extreme mode" in rules_page.content
