"""The NDJSON streams over the ASGI application: what a seat is sent, in which order, and that
it never holds what the seat may not know."""

from __future__ import annotations

import json

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model

from core.api import limits
from core.engine.secrets import find_leaks
from core.models import ChatMessage, Match, Profile
from core.plugins import registry
from core.services import rematch, submit_move
from core.services.tables import create_table, join_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.asyncio]


def people(*names):
    made = []
    for name in names:
        user = get_user_model().objects.create_user(name, password="pw-for-tests-123")
        Profile.objects.create(user=user)
        made.append(user)
    return made


@database_sync_to_async
def players_with_tokens(*names, scopes=("read", "play")):
    from core.api.auth import issue

    return [(user, issue(user, "tests", scopes)[1]) for user in people(*names)]


@database_sync_to_async
def table(host, slug, guest=None, **settings):
    match = create_table(host, slug, 2, **settings)
    return join_table(match.pk, guest) if guest is not None else match


@database_sync_to_async
def state_of(match_id):
    return Match.objects.get(pk=match_id)


@database_sync_to_async
def first_legal_move(match_id, users):
    """The first legal move of the lowest seat to act, made by its player."""
    match = Match.objects.get(pk=match_id)
    game = registry().game(match.game_slug)
    seat = min(game.to_act(match.state))
    submit_move(match.pk, users[seat], game.legal_moves(match.state, seat)[0], match.version)
    return Match.objects.get(pk=match_id)


async def test_a_game_stream_opens_with_the_seat_view_then_follows_each_change(streams):
    (alice, alice_token), (bob, _) = await players_with_tokens("alice", "bob")
    match = await table(alice, "tictactoe", bob)
    stream = await streams(f"/api/games/{match.pk}/stream", alice_token)
    assert stream.status == 200 and stream.headers["content-type"] == "application/x-ndjson"
    full = await stream.line()
    assert full["type"] == "gameFull" and full["seat"] == 0 and full["yourTurn"] is True
    assert full["status"] == "active" and full["version"] == 0 and len(full["moves"]) == 9
    assert [p["name"] for p in full["players"]] == ["alice", "bob"]
    await database_sync_to_async(submit_move)(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    after_mine = await stream.line()
    assert after_mine["type"] == "gameState" and after_mine["version"] == 1
    assert after_mine["yourTurn"] is False and after_mine["moves"] == [] and after_mine["toAct"] == [1]
    await database_sync_to_async(submit_move)(match.pk, bob, {"type": "mark", "cell": 0}, 1)
    after_bob = await stream.line()
    assert after_bob["yourTurn"] is True and after_bob["view"]["cells"][0]["mark"] == "O"


async def test_chat_lines_and_the_result_end_the_stream(streams):
    (alice, alice_token), (bob, _) = await players_with_tokens("alice", "bob")
    match = await table(alice, "tictactoe", bob)
    await database_sync_to_async(ChatMessage.objects.create)(match=match, user=bob, text="good luck")
    stream = await streams(f"/api/games/{match.pk}/stream", alice_token)
    await stream.until(lambda line: line["type"] == "gameFull")
    earlier = await stream.line()
    assert earlier["type"] == "chatLine" and earlier["text"] == "good luck" and earlier["user"] == "bob"
    from django.test import RequestFactory

    from core.api import actions  # the chat action, as the API posts it
    from core.api.auth import issue

    bob_token = (await database_sync_to_async(issue)(bob, "tests", ["play"]))[1]
    request = RequestFactory().post(f"/api/games/{match.pk}/chat", json.dumps({"text": "and to you"}),
                                    content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {bob_token}")
    answer = await database_sync_to_async(actions.chat)(request, pk=match.pk)
    assert answer.status_code == 201
    said = await stream.line()
    assert said["type"] == "chatLine" and said["text"] == "and to you"
    for version, (cell, user) in enumerate(((0, alice), (3, bob), (1, alice), (4, bob), (2, alice))):
        await database_sync_to_async(submit_move)(match.pk, user, {"type": "mark", "cell": cell}, version)
    last = await stream.until(lambda line: line["type"] == "gameState" and line["status"] != "active")
    assert last["status"] == "finished" and last["result"]["ranks"] == [1, 2]
    assert await stream.line() is None  # the stream ended with the result


async def test_a_quiet_stream_sends_keep_alive_lines(streams, settings):
    settings.API_KEEP_ALIVE = 0.05
    (alice, alice_token), (bob, _) = await players_with_tokens("alice", "bob")
    match = await table(alice, "tictactoe", bob)
    stream = await streams(f"/api/games/{match.pk}/stream", alice_token)
    await stream.line()
    assert await stream.raw_line() == b""
    events = await streams("/api/stream/events", alice_token)
    while await events.raw_line() != b"":
        pass


@pytest.mark.parametrize("slug", ["lodge_hikers", "kavango", "komodo"])
async def test_no_stream_line_holds_what_the_seat_may_not_know(streams, slug):
    """Games with hands, face-down cards and secret picks: every line each seat's stream sends,
    at every turn, is scanned for the ids that seat may not know, as the page's frames are."""
    (alice, alice_token), (bob, bob_token) = await players_with_tokens("alice", "bob")
    users = {0: alice, 1: bob}
    match = await table(alice, slug, bob)
    game = registry().game(slug)
    seat_streams = {0: await streams(f"/api/games/{match.pk}/stream", alice_token),
                    1: await streams(f"/api/games/{match.pk}/stream", bob_token)}
    scanned = 0
    for _turn in range(14):
        current = await state_of(match.pk)
        for seat, stream in seat_streams.items():
            line = await stream.until(lambda line, r=current.revision: line.get("revision", -1) >= r)
            assert line["revision"] == current.revision and line["seat"] == seat
            secrets = game.secrets(current.state, seat)
            assert find_leaks(stream.texts[-1], secrets) == []
            scanned += 1
        if current.status != Match.Status.ACTIVE:
            break
        await first_legal_move(match.pk, users)
    assert scanned >= 20
    hidden_somewhere = set().union(*(game.secrets(current.state, seat) for seat in users))
    assert hidden_somewhere, "the scan must have had something to look for"


async def test_a_simultaneous_pick_is_accepted_on_the_version_each_seat_saw(streams):
    """Lodge hikers' snack pick through the API: each seat sends the version and ``seen`` of its
    own line; the second pick is made on an older version and still counts."""
    (alice, alice_token), (bob, bob_token) = await players_with_tokens("alice", "bob")
    match = await table(alice, "lodge_hikers", bob)
    lines = {}
    for seat, token in ((0, alice_token), (1, bob_token)):
        stream = await streams(f"/api/games/{match.pk}/stream", token)
        lines[seat] = await stream.line()
    assert lines[0]["toAct"] == [0, 1] and lines[0]["seen"] and lines[0]["seen"] != lines[1]["seen"]
    for seat, user in ((0, alice), (1, bob)):
        line = lines[seat]
        await database_sync_to_async(submit_move)(match.pk, user, line["moves"][0], line["version"], line["seen"])
    assert (await state_of(match.pk)).version == 2


async def test_the_event_stream_tells_games_starting_and_ending_and_invitations(streams, settings):
    settings.API_KEEP_ALIVE = 0.2  # a declined invitation is looked at again at each keep-alive
    (alice, alice_token), (bob, _) = await players_with_tokens("alice", "bob")
    ongoing = await table(alice, "tictactoe", bob)
    events = await streams("/api/stream/events", alice_token)
    first = await events.line()
    assert first == {"type": "gameStart", "game": {"id": ongoing.pk, "game": "tictactoe", "seat": 0,
                                                    "status": "active", "yourTurn": True, "result": None}}
    waiting = await table(bob, "tictactoe")
    await database_sync_to_async(join_table)(waiting.pk, alice)
    started = await events.line()
    assert started["type"] == "gameStart" and started["game"]["id"] == waiting.pk and started["game"]["seat"] == 1
    # Bob ends it with the last move while alice is not to act: her badge does not change, her
    # event stream still hears of it.
    for cell, user in ((0, bob), (3, alice), (1, bob), (4, alice), (2, bob)):
        match = await state_of(waiting.pk)
        await database_sync_to_async(submit_move)(waiting.pk, user, {"type": "mark", "cell": cell}, match.version)
    finished = await events.line()
    assert finished["type"] == "gameFinish" and finished["game"]["id"] == waiting.pk
    assert finished["game"]["status"] == "finished" and finished["game"]["result"]["ranks"] == [1, 2]
    offered = await database_sync_to_async(rematch.offer)(waiting.pk, bob)
    invited = await events.line()
    assert invited == {"type": "invitation", "invitation": {"id": offered.pk, "kind": "rematch",
                                                          "game": "tictactoe", "seat": 1, "from": "bob"}}
    await database_sync_to_async(rematch.decline)(offered.pk, alice)
    assert await events.line() == {"type": "invitationGone", "id": offered.pk}
    challenge = await database_sync_to_async(challenge_table)(bob, alice)
    challenged = await events.line()
    assert challenged["type"] == "invitation" and challenged["invitation"]["kind"] == "challenge"
    assert challenged["invitation"]["id"] == challenge.pk


def challenge_table(host, guest):
    from django.db import transaction

    from core.services.community import invite_to_table

    with transaction.atomic():
        table = create_table(host, "tictactoe", 2, private=True)
        invite_to_table(table, host, [guest])
    return table


async def test_a_stream_closed_by_its_client_leaves_its_groups_and_its_slot(streams):
    from channels.layers import get_channel_layer

    from core.services.notify import seat_user_group

    (alice, alice_token), (bob, _) = await players_with_tokens("alice", "bob")
    match = await table(alice, "tictactoe", bob)
    stream = await streams(f"/api/games/{match.pk}/stream", alice_token)
    await stream.line()
    group = seat_user_group(match.pk, alice.pk)
    assert get_channel_layer().groups_with_members([group]) == {group}
    assert sum(limits._open_streams.values()) == 1
    await stream.close()
    assert get_channel_layer().groups_with_members([group]) == set()
    assert sum(limits._open_streams.values()) == 0


async def test_revoking_a_token_or_suspending_its_account_ends_its_open_streams(streams):
    from core.api.auth import revoke
    from core.models import ApiToken

    (alice, alice_token), (bob, bob_token) = await players_with_tokens("alice", "bob")
    match = await table(alice, "tictactoe", bob)
    games = await streams(f"/api/games/{match.pk}/stream", alice_token)
    events = await streams("/api/stream/events", alice_token)
    await games.line()
    await events.line()
    await database_sync_to_async(lambda: revoke(ApiToken.objects.get(user=alice)))()
    for stream in (games, events):
        assert await stream.until(lambda line: line["type"] == "error") == {
            "type": "error", "error": "This token was revoked."}
        assert await stream.line() is None
    bobs = await streams(f"/api/games/{match.pk}/stream", bob_token)
    await bobs.line()

    def suspend():
        bob.is_active = False
        bob.save(update_fields=["is_active"])

    await database_sync_to_async(suspend)()
    assert await bobs.until(lambda line: line["type"] == "error") == {
        "type": "error", "error": "This account is deactivated."}
