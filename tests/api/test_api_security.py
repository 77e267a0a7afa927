"""The API's refusals: no token, a revoked one, a missing scope, someone else's table, forged,
stale and malformed moves, huge bodies, floods. Each answers its documented status with
``{"error": ...}`` and changes nothing in the database."""

from __future__ import annotations

import json

import pytest

from core.api.auth import revoke
from core.api.routes import ROUTES
from core.models import ApiToken, ChatMessage, Match, Move, RateCounter
from core.services.tables import create_table, join_table

pytestmark = pytest.mark.django_db(transaction=True)  # streams read on threads of their own


def path_of(route, pk=1) -> str:
    return "/api/" + route.path.replace("<int:pk>", str(pk))


def unchanged(match):
    """What a refused request must leave as it was."""
    match.refresh_from_db()
    return (match.version, match.revision, match.status, Move.objects.filter(match=match).count(),
            ChatMessage.objects.count(), Match.objects.count())


def refused(response, status, words=""):
    assert response.status_code == status, response.content
    assert response["Content-Type"] == "application/json"
    body = json.loads(response.content)
    assert set(body) == {"error"} and words in body["error"]
    return body["error"]


@pytest.mark.parametrize("route", [r for r in ROUTES if r.scope is not None], ids=lambda r: r.name)
def test_every_endpoint_refuses_a_request_without_a_token(api, ttt_match, route):
    before = unchanged(ttt_match)
    response = api(route.method, path_of(route, ttt_match.pk), body={})
    refused(response, 401, "Authorization: Bearer")
    assert response["WWW-Authenticate"].startswith("Bearer")
    assert unchanged(ttt_match) == before


@pytest.mark.parametrize("header", ["Bearer", "Basic YWxpY2U6cHc=", "Bearer mh_nonsense", "bearer " + "x" * 300])
def test_a_malformed_or_unknown_token_is_refused(client, ttt_match, header):
    response = client.get("/api/account", HTTP_AUTHORIZATION=header)
    refused(response, 401)


def test_a_revoked_token_is_refused(api, alice, ttt_match, token_of):
    token = token_of(alice)
    assert api("GET", "/api/account", token).status_code == 200
    revoke(ApiToken.objects.get(user=alice))
    before = unchanged(ttt_match)
    refused(api("POST", f"/api/games/{ttt_match.pk}/move", token, {"move": {"type": "mark", "cell": 0},
                                                                   "version": 0}), 401, "revoked")
    refused(api("GET", f"/api/games/{ttt_match.pk}/stream", token), 401, "revoked")
    assert unchanged(ttt_match) == before


def test_a_token_acts_only_within_its_scopes(api, alice, ttt_match, token_of):
    reader, player = token_of(alice, ["read"]), token_of(alice, ["play"])
    before = unchanged(ttt_match)
    refused(api("POST", f"/api/games/{ttt_match.pk}/move", reader, {"move": {"type": "mark", "cell": 0},
                                                                    "version": 0}), 403, "'play' scope")
    refused(api("POST", f"/api/games/{ttt_match.pk}/chat", reader, {"text": "hi"}), 403, "'play' scope")
    refused(api("GET", f"/api/games/{ttt_match.pk}/stream", player), 403, "'read' scope")
    refused(api("GET", "/api/stream/events", player), 403, "'read' scope")
    assert unchanged(ttt_match) == before
    assert api("POST", f"/api/games/{ttt_match.pk}/move", player,
               {"move": {"type": "mark", "cell": 0}, "version": 0}).status_code == 200


def test_a_deactivated_account_is_refused(api, alice, token_of):
    token = token_of(alice)
    alice.is_active = False
    alice.save()
    refused(api("GET", "/api/account", token), 403, "deactivated")


def test_another_users_game_is_neither_streamed_nor_played(api, alice, bob, carol, token_of):
    public = join_table(create_table(alice, "tictactoe", 2).pk, bob)
    private = join_table(create_table(alice, "tictactoe", 2, private=True).pk, bob)
    token = token_of(carol)
    for match, status in ((public, 403), (private, 404)):
        before = unchanged(match)
        refused(api("GET", f"/api/games/{match.pk}/stream", token), status)
        refused(api("POST", f"/api/games/{match.pk}/move", token,
                    {"move": {"type": "mark", "cell": 0}, "version": 0}), status)
        refused(api("POST", f"/api/games/{match.pk}/resign", token), status)
        assert unchanged(match) == before
    refused(api("POST", f"/api/games/{private.pk}/chat", token, {"text": "hello"}), 404)
    refused(api("POST", f"/api/tables/{private.pk}/join", token), 404)
    refused(api("GET", "/api/games/999999/stream", token), 404)
    refused(api("POST", "/api/games/999999/move", token, {"move": {"type": "mark", "cell": 0}, "version": 0}), 404)


@pytest.mark.parametrize("body, status, words", [
    ({"move": {"type": "mark", "cell": 0}, "version": 0}, 409, "not your turn"),  # bob's token: alice to move
])
def test_a_move_out_of_turn_is_refused(api, bob, ttt_match, token_of, body, status, words):
    before = unchanged(ttt_match)
    refused(api("POST", f"/api/games/{ttt_match.pk}/move", token_of(bob), body), status, words)
    assert unchanged(ttt_match) == before


@pytest.mark.parametrize("body, status, words", [
    ({"move": {"type": "mark", "cell": 0}, "version": 7}, 409, "board changed"),
    ({"move": {"type": "mark", "cell": 0}, "version": -1}, 400, "version"),
    ({"move": {"type": "mark", "cell": 0}, "version": "0"}, 400, "version"),
    ({"move": {"type": "mark", "cell": 0}, "version": True}, 400, "version"),
    ({"move": {"type": "mark", "cell": 0}}, 400, "version"),
    ({"move": {"type": "mark", "cell": 9}, "version": 0}, 422, ""),
    ({"move": {"type": "mark", "cell": "0; DROP TABLE"}, "version": 0}, 422, ""),
    ({"move": {"type": "fly"}, "version": 0}, 422, ""),
    ({"move": {"type": "mark", "cell": 0, "x": "a\x00b"}, "version": 0}, 400, ""),
    ({"move": [{"type": "mark"}], "version": 0}, 400, "JSON object"),
    ({"move": {}, "version": 0}, 400, "JSON object"),
    ({"move": "mark 0", "version": 0}, 400, "JSON object"),
    ({"move": {"type": "mark", "cell": 0}, "version": 0, "seen": 5}, 400, "seen"),
    ({"move": {"type": "mark", "cell": 12345678901234567890}, "version": 0}, 400, "JSON"),
])
def test_forged_and_stale_moves_are_refused_with_the_reason(api, alice, ttt_match, token_of, body, status, words):
    before = unchanged(ttt_match)
    reason = refused(api("POST", f"/api/games/{ttt_match.pk}/move", token_of(alice), body), status, words)
    assert reason
    assert unchanged(ttt_match) == before


@pytest.mark.parametrize("raw, status", [
    (b"{", 400),
    (b"[1, 2]", 400),
    (b'"move"', 400),
    (b"\xff\xfe{}", 400),
    (b'{"move": {"type": "mark", "cell": NaN}, "version": 0}', 400),
    (b'{"move": ' + b"[" * 5000 + b"]" * 5000 + b', "version": 0}', 400),
    (b'{"move": {"type": "mark", "cell": 0}, "version": 0, "pad": "' + b"x" * 100_000 + b'"}', 413),
])
def test_malformed_and_huge_bodies_are_refused(api, alice, ttt_match, token_of, raw, status):
    before = unchanged(ttt_match)
    refused(api("POST", f"/api/games/{ttt_match.pk}/move", token_of(alice), raw=raw), status)
    assert unchanged(ttt_match) == before


def test_bad_chat_lines_and_tables_change_nothing(api, alice, ttt_match, token_of):
    token = token_of(alice)
    before = unchanged(ttt_match)
    refused(api("POST", f"/api/games/{ttt_match.pk}/chat", token, {"text": "x" * 501}), 400, "longer")
    refused(api("POST", f"/api/games/{ttt_match.pk}/chat", token, {"text": "a\x00b"}), 400, "control")
    refused(api("POST", f"/api/games/{ttt_match.pk}/chat", token, {"text": "   "}), 400, "empty")
    refused(api("POST", f"/api/games/{ttt_match.pk}/chat", token, {"text": 5}), 400, "text")
    refused(api("POST", "/api/tables", token, {"game": "chess"}), 400, "not installed")
    refused(api("POST", "/api/tables", token, {"game": "tictactoe", "players": 7}), 400, "players")
    refused(api("POST", "/api/tables", token, {"game": "tictactoe", "bots": {"2": "deep-blue"}}), 400, "Unknown bot")
    refused(api("POST", "/api/tables", token, {"game": "tictactoe", "bots": {"two": "random"}}), 400, "bots")
    refused(api("POST", "/api/tables", token, {"game": "tictactoe", "bots": ["random"]}), 400, "bots")
    refused(api("POST", "/api/tables", token, {"game": "tictactoe", "seatOptions": [1]}), 400, "seatOptions")
    refused(api("POST", "/api/tables", token, {"game": "tictactoe", "private": "yes"}), 400, "private")
    refused(api("POST", "/api/tables", token, {"game": "tictactoe", "timeControl": "blitz"}), 400, "time control")
    refused(api("POST", "/api/invitations/999999/accept", token), 400, "no invitation")
    assert unchanged(ttt_match) == before


def test_a_wrong_method_is_a_json_405(api, alice, token_of):
    response = api("POST", "/api/account", token_of(alice))
    refused(response, 405, "GET")
    assert response["Allow"] == "GET"
    refused(api("GET", "/api/tables", token_of(alice)), 405, "POST")


def test_a_flood_of_requests_is_refused_with_retry_after(api, alice, ttt_match, token_of, settings):
    settings.API_RATE = {"requests": 5, "window_seconds": 60}
    token = token_of(alice)
    for _ in range(5):
        assert api("GET", "/api/account", token).status_code == 200
    before = unchanged(ttt_match)
    for request in (("POST", f"/api/games/{ttt_match.pk}/move", {"move": {"type": "mark", "cell": 0}, "version": 0}),
                    ("POST", f"/api/games/{ttt_match.pk}/chat", {"text": "spam"}),
                    ("GET", f"/api/games/{ttt_match.pk}/stream", None)):
        response = api(request[0], request[1], token, request[2])
        refused(response, 429, "Too many requests")
        assert 1 <= int(response["Retry-After"]) <= 60
    assert unchanged(ttt_match) == before
    other = token_of(alice)  # the limit is per token
    assert api("GET", "/api/account", other).status_code == 200
    RateCounter.objects.all().delete()
    assert api("GET", "/api/account", token).status_code == 200


def test_too_many_open_streams_per_token_are_refused(api, alice, ttt_match, token_of, settings):
    from core.api import limits

    settings.API_RATE = {"streams": 2}
    token = token_of(alice)
    row = ApiToken.objects.get(user=alice)
    limits.stream_opened(row.pk)
    limits.stream_opened(row.pk)
    try:
        response = api("GET", f"/api/games/{ttt_match.pk}/stream", token)
        refused(response, 429, "streams open")
        assert response["Retry-After"]
    finally:
        limits.stream_closed(row.pk)
        limits.stream_closed(row.pk)
