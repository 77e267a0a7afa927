"""The API's actions doing what the page's buttons do: open, join, resign, answer invitations
(rematches and challenges), each answered in JSON."""

from __future__ import annotations

import json

import pytest
from django.db import transaction

from core.models import Match, RematchInvite
from core.services import rematch
from core.services.community import invite_to_table
from core.services.tables import create_table

pytestmark = pytest.mark.django_db(transaction=True)


def ok(response, status=200) -> dict:
    assert response.status_code == status, response.content
    body = json.loads(response.content)
    assert body["ok"] is True
    return body


def test_a_table_opened_with_bots_starts_and_one_with_open_seats_waits(api, alice, token_of):
    token = token_of(alice)
    started = ok(api("POST", "/api/tables", token, {"game": "kavango", "players": 2, "bots": {"2": "random"}}), 201)
    assert started["status"] == "active" and started["url"].endswith(f"/match/{started['id']}/")
    waiting = ok(api("POST", "/api/tables", token, {"game": "tictactoe", "private": True}), 201)
    table = Match.objects.get(pk=waiting["id"])
    assert waiting["status"] == "open" and waiting["invite"] == table.invite_token and table.private


def test_joining_a_private_table_needs_its_invite(api, alice, bob, token_of):
    table = create_table(alice, "tictactoe", 2, private=True)
    token = token_of(bob)
    assert api("POST", f"/api/tables/{table.pk}/join", token, {"invite": "guess"}).status_code == 404
    joined = ok(api("POST", f"/api/tables/{table.pk}/join", token, {"invite": table.invite_token}))
    assert joined["status"] == "active"
    again = api("POST", f"/api/tables/{table.pk}/join", token, {"invite": table.invite_token})
    assert again.status_code == 409 and "already started" in json.loads(again.content)["error"]


def test_resigning_hands_the_seat_to_a_bot(api, ttt_match, bob, token_of):
    assert ok(api("POST", f"/api/games/{ttt_match.pk}/resign", token_of(bob)))["status"] == "active"
    assert ttt_match.seats.get(user=bob).resigned


def test_a_challenge_is_accepted_and_a_rematch_declined(api, alice, bob, ttt_match, token_of):
    with transaction.atomic():
        challenge = create_table(bob, "tictactoe", 2, private=True)
        invite_to_table(challenge, bob, [alice])
    token = token_of(alice)
    assert ok(api("POST", f"/api/invitations/{challenge.pk}/accept", token))["status"] == "active"
    assert challenge.seats.get(position=1).user == alice
    match = ttt_match
    for version, (cell, user) in enumerate(((0, alice), (3, bob), (1, alice), (4, bob), (2, alice))):
        from core.services import submit_move

        submit_move(match.pk, user, {"type": "mark", "cell": cell}, version)
    offered = rematch.offer(match.pk, bob)
    assert ok(api("POST", f"/api/invitations/{offered.pk}/decline", token))["status"] == "open"
    assert RematchInvite.objects.get(table=offered, user=alice).answer == RematchInvite.Answer.DECLINED


def test_a_program_takes_back_its_latest_move_as_the_page_does(api, alice, bob, token_of):
    """The ski hotel lets a room taken by mistake be taken back: the stream's line says when
    (canTakeBack) and the endpoint does it, with the version seen; then nothing is left."""
    from core.api.lines import game_line
    from core.plugins import registry
    from core.services import live
    from core.services.tables import join_table

    match = join_table(create_table(alice, "lodge_hotel", 2, rated=False).pk, bob)
    token = token_of(alice)
    game = registry().game("lodge_hotel")
    state = Match.objects.get(pk=match.pk).state
    room = next(m for m in game.legal_moves(state, 0) if m["type"] == "take_room")
    ok(api("POST", f"/api/games/{match.pk}/move", token, {"move": room, "version": 0}))
    assert game_line(live.load(match.pk), 0, full=False)["canTakeBack"] is True
    assert ok(api("POST", f"/api/games/{match.pk}/take-back", token, {"version": 1}))["version"] == 2
    assert Match.objects.get(pk=match.pk).state == state
    assert game_line(live.load(match.pk), 1, full=False)["tookBack"] == "alice"
    again = api("POST", f"/api/games/{match.pk}/take-back", token, {"version": 2})
    assert again.status_code == 403 and "no move of yours" in json.loads(again.content)["error"]
    assert api("POST", f"/api/games/{match.pk}/take-back", token, {}).status_code == 400
