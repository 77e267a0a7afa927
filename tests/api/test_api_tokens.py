"""Tokens (made on the settings page, stored hashed, shown once, revoked by their owner or by
staff), bot accounts, and the API's own description."""

from __future__ import annotations

import json

import pytest
from django.urls import get_resolver

from core.api.auth import digest_of
from core.api.openapi import describe, openapi_path
from core.api.routes import ROUTES
from core.models import ApiToken, Profile
from core.services.tables import create_table, join_table

pytestmark = pytest.mark.django_db


def make_token(page_client, name="my bot", scopes=("read", "play")):
    response = page_client.post("/accounts/tokens/", {"name": name, "scopes": list(scopes)})
    assert response.status_code == 200
    return response.context["new_token"], response


def test_a_token_is_shown_once_and_stored_hashed(client_for, alice, api):
    page = client_for(alice)
    token, response = make_token(page)
    assert token.startswith("mh_") and token in response.content.decode()
    row = ApiToken.objects.get(user=alice)
    assert row.digest == digest_of(token) and row.prefix == token[:10] and row.scopes == ["play", "read"]
    stored = json.dumps(list(ApiToken.objects.values()), default=str)
    assert token not in stored
    listing = page.get("/accounts/tokens/").content.decode()
    assert token not in listing and row.prefix in listing and "my bot" in listing
    assert json.loads(api("GET", "/api/account", token).content) == {
        "id": alice.pk, "username": "alice", "name": "alice", "botAccount": False, "scopes": ["play", "read"]}
    row.refresh_from_db()
    assert row.last_used_at is not None


def test_a_token_needs_a_name_and_a_scope(client_for, alice):
    response = client_for(alice).post("/accounts/tokens/", {"name": "nothing", "scopes": []})
    assert response.context["new_token"] is None and not ApiToken.objects.exists()
    response = client_for(alice).post("/accounts/tokens/", {"name": "odd", "scopes": ["tournaments"]})
    assert response.context["new_token"] is None and not ApiToken.objects.exists()


def test_the_owner_revokes_a_token_and_nobody_else_can(client_for, alice, bob, api):
    token, _ = make_token(client_for(alice))
    row = ApiToken.objects.get(user=alice)
    assert client_for(bob).post("/accounts/tokens/", {"revoke": str(row.pk)}).status_code == 404
    assert api("GET", "/api/account", token).status_code == 200
    assert client_for(alice).post("/accounts/tokens/", {"revoke": str(row.pk)}).status_code == 302
    row.refresh_from_db()
    assert row.revoked and api("GET", "/api/account", token).status_code == 401
    assert "revoked" in client_for(alice).get("/accounts/tokens/").content.decode()


def test_staff_see_and_revoke_tokens_in_the_admin(client_for, make_user, alice, api):
    token, _ = make_token(client_for(alice))
    row = ApiToken.objects.get(user=alice)
    staff = make_user("staffer", staff=True)
    staff.is_superuser = True
    staff.save()
    admin = client_for(staff)
    listing = admin.get("/admin/core/apitoken/").content.decode()
    assert row.prefix in listing and row.digest not in listing
    assert row.digest not in admin.get(f"/admin/core/apitoken/{row.pk}/change/").content.decode()
    admin.post("/admin/core/apitoken/", {"action": "revoke", "_selected_action": [row.pk]})
    row.refresh_from_db()
    assert row.revoked and api("GET", "/api/account", token).status_code == 401


def test_a_bot_account_is_marked_at_its_tables_and_on_the_leaderboard(client_for, alice, bob, api, token_of):
    page = client_for(alice)
    page.post("/accounts/tokens/", {"bot_account_form": "1", "bot_account": "on"})
    assert Profile.objects.get(user=alice).bot_account
    match = join_table(create_table(alice, "tictactoe", 2).pk, bob)
    assert "alice (bot account)" in client_for(bob).get(match.get_absolute_url()).content.decode()
    from core.services import submit_move

    for version, (cell, user) in enumerate(((0, alice), (3, bob), (1, alice), (4, bob), (2, alice))):
        submit_move(match.pk, user, {"type": "mark", "cell": cell}, version)
    board = client_for(bob).get("/games/tictactoe/leaderboard/").content.decode()
    assert "bot account" in board
    assert json.loads(api("GET", "/api/account", token_of(alice)).content)["botAccount"] is True


def api_urls() -> set[tuple[str, str]]:
    """(path, name) of every URL pattern the portal serves under /api/."""
    found = set()

    def walk(patterns, prefix):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if hasattr(pattern, "url_patterns"):
                walk(pattern.url_patterns, route)
            elif route.startswith("api/"):
                found.add((openapi_path(route.removeprefix("api/")), pattern.name))

    walk(get_resolver().url_patterns, "")
    return found


def test_every_url_under_api_is_in_the_description(client):
    spec = json.loads(client.get("/api/openapi.json").content)
    assert spec == json.loads(json.dumps(describe()))
    described = {(path, operation["operationId"]) for path, methods in spec["paths"].items()
                 for operation in methods.values()}
    assert api_urls() == described and len(described) == len(ROUTES)
    assert spec["openapi"] == "3.1.0"
    for methods in spec["paths"].values():
        for operation in methods.values():
            assert operation["summary"] and operation["responses"]
            for status, answer in operation["responses"].items():
                if status.startswith(("4", "5")):
                    assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}


def test_the_documentation_page_shows_every_endpoint(client):
    page = client.get("/api/")
    assert page.status_code == 200
    text = page.content.decode()
    for route in ROUTES:
        assert f"{route.method} {openapi_path(route.path)}" in text
    assert "application/x-ndjson" in text and "Bearer" in text
