"""Following, challenges, blocking and reports (issue 44, parts 2-4): what each does, and each
refusal of hostile or mistaken input in words, with nothing stored."""

import pytest

from core.models import Block, ChatMessage, Follow, Match, Notice, Profile, RematchInvite, Report
from core.services import community, rematch
from core.services.errors import NotAllowed, Refused
from core.services.tables import create_table, join_table

pytestmark = pytest.mark.django_db
TABLE = {"players": "2", "rated": "on", "time_control": "none", "opt_first": "x", "seat1_who": "open"}


def challenge(client, names: str, **fields):
    return client.post("/games/tictactoe/new/", {**TABLE, "challenge": names, **fields})


# ---- following -------------------------------------------------------------------------------


def test_following_from_a_profile_and_the_friends_page(client_for, alice, bob):
    client = client_for(alice)
    assert 'id="follow-button"' in client.get("/u/bob/").content.decode()
    client.post("/u/bob/follow/")
    assert Follow.objects.filter(follower=alice, followed=bob).exists()
    table = join_table(create_table(bob, "tictactoe", 2, private=False).pk, alice)
    page = client.get("/friends/").content.decode()
    assert "bob" in page and f"/match/{table.pk}/" in page and ">away<" in page
    assert "alice" in client_for(bob).get("/friends/").content.decode(), "bob sees who follows him"
    client.post("/u/bob/unfollow/")
    assert not Follow.objects.exists()


def test_nobody_follows_or_blocks_themselves(alice):
    with pytest.raises(Refused):
        community.follow(alice, alice)
    with pytest.raises(Refused):
        community.block(alice, alice)
    assert not Follow.objects.exists() and not Block.objects.exists()


# ---- challenges -----------------------------------------------------------------------------


def test_a_challenge_holds_a_seat_tells_the_player_and_starts_when_accepted(client_for, alice, bob,
                                                                           django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        answer = challenge(client_for(alice), "bob")
    assert answer.status_code == 302
    table = Match.objects.get()
    assert table.private and table.status == Match.Status.OPEN
    assert RematchInvite.objects.filter(table=table, user=bob, position=1).exists()
    assert Notice.objects.filter(user=bob, kind=Notice.Kind.CHALLENGE, match=table).exists()
    home = client_for(bob).get("/").content.decode()
    assert "challenges you to" in home and "Challenge: alice invites you" in home
    rematch.accept(table.pk, bob)
    table.refresh_from_db()
    assert table.status == Match.Status.ACTIVE


def test_a_declined_challenge_leaves_a_private_open_seat(client_for, alice, bob):
    challenge(client_for(alice), "bob")
    table = Match.objects.get()
    rematch.decline(table.pk, bob)
    table.refresh_from_db()
    assert table.private and table.status == Match.Status.OPEN


def test_a_multi_player_game_challenges_several_players(client_for, alice, bob, carol):
    answer = client_for(alice).post("/games/lodge_hikers/new/", {
        "players": "3", "rated": "on", "time_control": "none", "seat1_who": "open", "seat2_who": "open",
        "challenge": "bob, carol"})
    assert answer.status_code == 302, answer.content[:500]
    assert set(RematchInvite.objects.values_list("user__username", flat=True)) == {"bob", "carol"}


@pytest.mark.parametrize("names, words", [
    ("alice", "You cannot challenge yourself."),
    ("nobody", "No player is called nobody."),
    ("bob bob", "Name each player once."),
    ("bob carol", "open seat for 2 challenged players"),
])
def test_a_challenge_that_cannot_be_is_refused_in_words_and_nothing_is_stored(client_for, alice, bob, carol,
                                                                             names, words):
    answer = challenge(client_for(alice), names)
    assert answer.status_code == 200 and words in answer.content.decode()
    assert not Match.objects.exists() and not RematchInvite.objects.exists() and not Notice.objects.exists()


# ---- blocking -------------------------------------------------------------------------------


def test_a_blocked_player_cannot_join_challenge_or_be_read(client_for, alice, bob):
    Follow.objects.create(follower=bob, followed=alice)
    client_for(alice).post("/u/bob/block/")
    assert Block.objects.filter(blocker=alice, blocked=bob).exists() and not Follow.objects.exists()
    table = create_table(alice, "tictactoe", 2)
    with pytest.raises(Refused, match=community.CANNOT_JOIN):
        join_table(table.pk, bob)
    answer = challenge(client_for(bob), "alice")
    assert community.CANNOT_CHALLENGE in answer.content.decode()
    assert client_for(bob).get("/u/alice/challenge/").status_code == 302, "no game list to challenge with"
    theirs = create_table(bob, "tictactoe", 2)
    with pytest.raises(Refused, match=community.CANNOT_JOIN):
        join_table(theirs.pk, alice)
    assert Match.objects.count() == 2 and not RematchInvite.objects.exists()


def test_a_blocked_players_chat_lines_are_hidden_from_the_blocker_only(client_for, alice, bob, carol):
    table = create_table(carol, "tictactoe", 2, private=False, spectator_chat=True)
    ChatMessage.objects.create(match=table, user=bob, text="something rude")
    community.block(alice, bob)
    assert "something rude" not in client_for(alice).get(f"/match/{table.pk}/chat/list/").content.decode()
    assert "something rude" in client_for(carol).get(f"/match/{table.pk}/chat/list/").content.decode()


def test_blocking_gives_up_the_seats_held_for_each_other(client_for, alice, bob):
    challenge(client_for(alice), "bob")
    community.block(bob, alice)
    assert RematchInvite.objects.get().answer == RematchInvite.Answer.DECLINED
    assert "challenges you" not in client_for(bob).get("/").content.decode()


# ---- reports and staff ------------------------------------------------------------------------


def test_a_player_a_chat_line_and_a_table_can_be_reported(client_for, alice, bob):
    table = create_table(bob, "tictactoe", 2, private=False, spectator_chat=True)
    line = ChatMessage.objects.create(match=table, user=bob, text="rude words")
    client = client_for(alice)
    assert f"/report/?chat={line.pk}" in client.get(f"/match/{table.pk}/chat/list/").content.decode()
    client.post("/report/", {"user": "bob", "reason": "insults"})
    client.post("/report/", {"chat": line.pk, "reason": "this line"})
    client.post("/report/", {"match": table.pk, "reason": "stalling"})
    reports = Report.objects.order_by("pk")
    assert [(r.user, r.match, r.chat) for r in reports] == [(bob, None, None), (bob, table, line), (None, table, None)]


@pytest.mark.parametrize("fields, status", [
    ({"chat": "999999", "reason": "x"}, 404),
    ({"match": "999999", "reason": "x"}, 404),
    ({"user": "nobody", "reason": "x"}, 404),
    ({"chat": "1 OR 1=1", "reason": "x"}, 404),
    ({"user": "bob", "match": "1", "reason": "x"}, 404),
    ({"reason": "x"}, 404),
])
def test_forged_report_targets_are_not_found_and_nothing_is_stored(client_for, alice, bob, fields, status):
    assert client_for(alice).post("/report/", fields).status_code == status
    assert not Report.objects.exists()


def test_empty_long_self_and_flooding_reports_are_refused(client_for, alice, bob):
    client = client_for(alice)
    assert "Say what happened" in client.post("/report/", {"user": "bob", "reason": "  "}).content.decode()
    assert "under 1,000" in client.post("/report/", {"user": "bob", "reason": "x" * 1001}).content.decode()
    assert "cannot report yourself" in client.post("/report/", {"user": "alice", "reason": "me"}).content.decode()
    assert not Report.objects.exists()
    private = create_table(bob, "tictactoe", 2, private=True)
    assert client.post("/report/", {"match": private.pk, "reason": "x"}).status_code == 404
    for _ in range(community.REPORTS_PER_HOUR):
        community.report(alice, user=bob, reason="again")
    with pytest.raises(NotAllowed):
        community.report(alice, user=bob, reason="once more")
    assert Report.objects.count() == community.REPORTS_PER_HOUR


def test_staff_warn_mute_and_suspend_from_the_queue_and_the_player_reads_why(client_for, make_user, alice, bob, client):
    staff = make_user("mod", staff=True)
    staff.is_superuser = True
    staff.save()
    report = community.report(alice, user=bob, reason="insults")
    admin = client_for(staff)
    assert "insults" in admin.get("/admin/core/report/").content.decode()
    asked = admin.post("/admin/core/report/", {"action": "warn", "_selected_action": [report.pk]})
    assert "The reason the player reads" in asked.content.decode()
    admin.post("/admin/core/report/", {"action": "warn", "_selected_action": [report.pk], "confirmed": "yes",
                                       "note": "Please be kind at the table."})
    report.refresh_from_db()
    assert report.status == Report.Status.HANDLED and report.action == "warn" and report.handled_by == staff
    page = client_for(bob).get("/").content.decode()
    assert "Please be kind at the table." in page
    client_for(bob).post("/accounts/note-read/", {"next": "https://evil.example/"})
    assert Profile.objects.get(user=bob).moderation_note == ""

    community.act_on(community.report(alice, user=bob, reason="again"), "mute", "Muted for a week.", staff)
    assert Profile.objects.get(user=bob).chat_muted
    community.act_on(community.report(alice, user=bob, reason="and again"), "suspend", "Repeated insults.", staff)
    bob.refresh_from_db()
    assert not bob.is_active
    login = client.post("/accounts/login/", {"username": "bob", "password": "pw-for-tests-123"})
    assert "Your account is suspended: Repeated insults." in login.content.decode()
    wrong = client.post("/accounts/login/", {"username": "bob", "password": "wrong"})
    assert "suspended" not in wrong.content.decode(), "a wrong password learns nothing"
