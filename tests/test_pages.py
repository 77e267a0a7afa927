"""Pages through Django's test client: lobby, tables, the match page and its move endpoint."""

from __future__ import annotations

import json

import pytest

from core.models import Match

pytestmark = pytest.mark.django_db


def post_move(client, match, move, version=None):
    return client.post(
        f"/match/{match.pk}/move/",
        {"move": json.dumps(move), "version": match.version if version is None else version},
        HTTP_HX_REQUEST="true",
    )


def test_home_lists_games_and_open_tables(client, alice):
    from core.services.tables import create_table

    create_table(alice, "tictactoe", 2)
    page = client.get("/")
    assert page.status_code == 200
    assert b"Tic-tac-toe" in page.content and b"Open tables" in page.content
    assert b"alice" in page.content


def test_every_installed_game_has_a_page_and_a_table_form(client, alice):
    from core.plugins import registry

    client.force_login(alice)
    for slug in registry().games:
        assert client.get(f"/games/{slug}/").status_code == 200
        assert client.get(f"/games/{slug}/new/").status_code == 200
        assert client.get(f"/games/{slug}/leaderboard/").status_code == 200


def test_create_table_form_with_bot_starts_at_once(client, alice):
    client.force_login(alice)
    response = client.post("/games/tictactoe/new/", {
        "players": "2", "time_control": "none", "opt_first": "o", "seat1_who": "blocker",
        "rated": "on",
    })
    match = Match.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/match/{match.pk}/"
    assert match.status == Match.Status.ACTIVE and match.options == {"first": "o"}


def test_match_page_shows_clickable_moves_to_the_player_only(ttt_match, client_for, alice, bob):
    mine = client_for(alice).get(f"/match/{ttt_match.pk}/").content.decode()
    theirs = client_for(bob).get(f"/match/{ttt_match.pk}/").content.decode()
    assert mine.count(f'hx-post="/match/{ttt_match.pk}/move/"') == 9
    assert "/move/" not in theirs.split('id="board"')[1].split("game-log")[0]


def test_a_move_by_post_updates_the_board(ttt_match, client_for, alice):
    response = post_move(client_for(alice), ttt_match, {"type": "mark", "cell": 4})
    assert response.status_code == 200
    assert 'data-mark="X"' in response.content.decode()
    assert Match.objects.get(pk=ttt_match.pk).version == 1


@pytest.mark.parametrize("body, status, words", [
    ({"move": "{not json", "version": "0"}, 400, "could not be read"),
    ({"type": "mark", "cell": "4"}, 400, "which board you saw"),
    ({"type": "mark", "cell": "12", "version": "0"}, 422, "between 0 and 8"),
    ({"type": "mark", "cell": "4", "version": "7"}, 409, "changed since you looked"),
])
def test_bad_posts_get_a_readable_reason_and_change_nothing(ttt_match, client_for, alice, body, status, words):
    response = client_for(alice).post(f"/match/{ttt_match.pk}/move/", body, HTTP_HX_REQUEST="true")
    assert response.status_code == status
    assert words in response.content.decode()
    assert Match.objects.get(pk=ttt_match.pk).version == 0


def test_private_table_needs_the_invite_link(client, client_for, alice, bob):
    from core.services.tables import create_table

    match = create_table(alice, "tictactoe", 2, private=True)
    assert client_for(bob).get(f"/match/{match.pk}/").status_code == 404
    bob_client = client_for(bob)
    assert bob_client.get(f"/invite/{match.invite_token}/").status_code == 302
    assert bob_client.get(f"/match/{match.pk}/").status_code == 200
    assert bob_client.post(f"/match/{match.pk}/join/").status_code == 302
    assert Match.objects.get(pk=match.pk).status == Match.Status.ACTIVE


def test_the_invite_link_on_the_page_is_whole_before_any_script_runs(client_for, alice):
    """The host may copy the link the moment the page shows; it must open on a guest's machine."""
    from core.services.tables import create_table

    match = create_table(alice, "tictactoe", 2, private=True)
    page = client_for(alice).get(f"/match/{match.pk}/").content.decode()
    assert f'value="http://testserver/invite/{match.invite_token}/"' in page


def test_finished_match_has_result_rematch_and_replay(ttt_match, client_for, alice, bob):
    a, b = client_for(alice), client_for(bob)
    for user_client, cell in [(a, 0), (b, 3), (a, 1), (b, 4), (a, 2)]:
        ttt_match.refresh_from_db()
        assert post_move(user_client, ttt_match, {"type": "mark", "cell": cell}).status_code == 200
    page = a.get(f"/match/{ttt_match.pk}/").content.decode()
    assert "Final scores" in page and "Rematch" in page
    replay = a.get(f"/match/{ttt_match.pk}/replay/?ply=2").content.decode()
    assert "Move 2 of 5" in replay and replay.count('data-mark="X"') == 1


def test_profile_and_healthz(client, alice):
    assert client.get("/u/alice/").status_code == 200
    health = client.get("/healthz").json()
    assert health["status"] == "ok" and "tictactoe" in health["games"]


def test_signup_and_login_throttle(client, alice):
    response = client.post("/accounts/signup/", {"username": "dora", "password1": "a-long-pass-42!",
                                                 "password2": "a-long-pass-42!"})
    assert response.status_code == 302
    client.logout()
    for _ in range(5):
        client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    blocked = client.post("/accounts/login/", {"username": "alice", "password": "pw-for-tests-123"})
    assert blocked.status_code == 429 and b"Too many failed attempts" in blocked.content


def test_chat_is_escaped_and_rate_limited(ttt_match, client_for, alice):
    c = client_for(alice)
    assert c.post(f"/match/{ttt_match.pk}/chat/", {"text": "<script>x</script>"}).status_code == 200
    page = c.get(f"/match/{ttt_match.pk}/").content.decode()
    assert "&lt;script&gt;x&lt;/script&gt;" in page and "<script>x</script>" not in page
    codes = [c.post(f"/match/{ttt_match.pk}/chat/", {"text": f"hi {i}"}).status_code for i in range(6)]
    assert 429 in codes


def test_log_lines_name_the_players():
    from core.rendering import name_seats

    players = [{"seat": 0, "name": "ann"}, {"seat": 1, "name": "ben"}]
    assert name_seats(["Player 2 passes to Player 1.", "Player 12 waits."], players) == [
        "ben passes to ann.", "Player 12 waits."]


def test_password_reset_and_change(client, client_for, alice, mailoutbox):
    alice.email = "alice@example.org"
    alice.save()
    alice.profile.confirmed_email = "alice@example.org"  # only confirmed addresses are mailed
    alice.profile.save()
    assert client.get("/accounts/password_reset/").status_code == 200
    client.post("/accounts/password_reset/", {"email": "alice@example.org"})
    assert len(mailoutbox) == 1 and "reset" in mailoutbox[0].body.lower()
    c = client_for(alice)
    assert c.get("/accounts/password_change/").status_code == 200
    response = c.post("/accounts/password_change/", {
        "old_password": "pw-for-tests-123", "new_password1": "n3w-secret-pass!", "new_password2": "n3w-secret-pass!"})
    assert response.status_code == 302


def test_host_can_add_and_remove_bots_and_start_early(client_for, alice, bob):
    from core.services.tables import create_table

    match = create_table(alice, "tictactoe", 2)
    host = client_for(alice)
    host.post(f"/match/{match.pk}/add-bot/", {"position": "1", "bot": "blocker"})
    match.refresh_from_db()
    assert match.status == Match.Status.ACTIVE and match.seats.get(position=1).bot == "blocker"


def test_only_the_host_manages_seats(client_for, alice, bob):
    from core.services.tables import create_table

    match = create_table(alice, "tictactoe", 2)
    client_for(bob).post(f"/match/{match.pk}/add-bot/", {"position": "1"})
    assert Match.objects.get(pk=match.pk).status == Match.Status.OPEN


def test_two_seats_with_the_same_name_are_told_apart_by_their_seat():
    """A table with two random bots said "Random bot won." without saying which; the players
    bar, the log and the result now name them "Random bot (seat 2)" and "Random bot (seat 3)"."""
    from types import SimpleNamespace

    from core.rendering import players_from

    def seat(position, label):
        return SimpleNamespace(position=position, label=label, is_bot=label.endswith("bot"),
                               user_id=None, bot_takeover=False, resigned=False, score=None,
                               rank=None, options={})

    names = [p["name"] for p in players_from([seat(2, "Random bot"), seat(0, "alice"), seat(1, "Random bot")])]
    assert names == ["alice", "Random bot (seat 2)", "Random bot (seat 3)"]


@pytest.mark.django_db(transaction=True)
def test_a_move_from_the_page_reads_the_match_and_its_seats_once(client_for, alice, ttt_match,
                                                                 django_assert_max_num_queries):
    """The move path is the hottest on the site: the view leaves the reading to the service (one
    row lock, one read of the seats), and the answer's frame is the one the publisher rendered
    after the commit."""
    client = client_for(alice)
    with django_assert_max_num_queries(8) as done:
        answer = client.post(f"/match/{ttt_match.pk}/move/", {"move": '{"type": "mark", "cell": 4}',
                                                             "version": "0"}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and 'id="match-live"' in answer.content.decode()
    read = [q["sql"] for q in done.captured_queries if q["sql"].startswith("SELECT")]
    assert sum(' FROM "core_match"' in sql for sql in read) == 1, read
    assert sum(' FROM "core_seat"' in sql for sql in read) == 1, read
