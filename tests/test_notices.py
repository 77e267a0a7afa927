"""Notices by mail (issue 42), delivered to a real SMTP server on the loopback (aiosmtpd).

A move at a correspondence table owes the next player one mail with a link to the table and a
one-click unsubscribe link that works without logging in; digests and "at most hourly" gather
several turns into one mail; nothing goes to an unconfirmed address or to someone who has the
table open; forged, altered and replayed links change nothing.
"""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core import signing
from django.test import Client, override_settings
from django.utils import timezone

from core.models import Match, Notice, NoticeSetting, Profile, RateCounter
from core.services import submit_move
from core.services.notices import deliver_due, remind_clocks, unsubscribe_token
from core.services.notify import seat_user_group
from core.services.tables import create_table, join_table
from tests.servers import free_port, smtp_server

pytestmark = pytest.mark.django_db


@pytest.fixture
def inbox():
    with smtp_server() as (received, port), override_settings(
            EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST="127.0.0.1",
            EMAIL_PORT=port, EMAIL_USE_TLS=False, EMAIL_USE_SSL=False, EMAIL_HOST_USER="",
            EMAIL_HOST_PASSWORD="", SITE_URL="http://hall.test"):
        yield received


def with_address(user, address: str, confirmed: bool = True):
    user.email = address
    user.save()
    Profile.objects.update_or_create(user=user, defaults={"confirmed_email": address if confirmed else ""})
    return user


@pytest.fixture
def players(alice, bob):
    return with_address(alice, "alice@example.org"), with_address(bob, "bob@example.org")


def correspondence(host, guest) -> Match:
    return join_table(create_table(host, "tictactoe", 2, time_control="correspondence", time_per_move=3).pk, guest)


def body(message, kind="plain") -> str:
    return message.get_body(preferencelist=(kind,)).get_content()


def test_a_move_mails_the_next_player_once_with_a_link_and_a_one_click_unsubscribe(players, inbox):
    alice, bob = players
    match = correspondence(alice, bob)
    assert deliver_due() == 1  # alice, whose turn the start made it
    submit_move(match.pk, alice, {"type": "mark", "cell": 4}, 0)
    assert Notice.objects.filter(user=bob, kind=Notice.Kind.YOUR_TURN, status=Notice.Status.PENDING).count() == 1
    assert deliver_due() == 1 and deliver_due() == 0
    (mail,) = inbox.to("bob@example.org")
    assert mail["Subject"] == f"Your turn: Tic-tac-toe #{match.pk}"
    assert f"http://hall.test/match/{match.pk}/" in body(mail) and f"/match/{match.pk}/" in body(mail, "html")
    unsubscribe = re.search(r"<(\S+)>", str(mail["List-Unsubscribe"])).group(1)
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click" and unsubscribe in body(mail)
    assert len(inbox.to("alice@example.org")) == 1

    anonymous = Client(enforce_csrf_checks=True)
    path = unsubscribe.removeprefix("http://hall.test")
    assert "Stop these mails?" in anonymous.get(path).content.decode()
    assert not NoticeSetting.objects.filter(user=bob).exists()  # a GET (a link preview) changes nothing
    done = anonymous.post(path, {"List-Unsubscribe": "One-Click"})
    assert done.status_code == 200
    assert NoticeSetting.objects.get(user=bob, kind=Notice.Kind.YOUR_TURN).email == NoticeSetting.Delivery.NEVER
    assert anonymous.post(path).status_code == 200  # replayed: the same, harmless
    submit_move(match.pk, bob, {"type": "mark", "cell": 0}, 1)
    assert deliver_due() == 1  # alice's turn
    submit_move(match.pk, alice, {"type": "mark", "cell": 8}, 2)
    assert deliver_due() == 0 and len(inbox.to("bob@example.org")) == 1  # bob turned his off


def test_forged_and_altered_unsubscribe_links_change_nothing(players, client):
    alice, bob = players
    token = unsubscribe_token(bob.pk, [Notice.Kind.YOUR_TURN])
    payload, _, signature = token.rpartition(":")
    forged = [
        signing.dumps({"u": alice.pk, "k": ["your_turn"]}, salt="another salt", compress=True),
        f"{payload}:{signature[::-1]}",
        token[:-3],
        signing.dumps({"u": bob.pk, "k": ["confirm"]}, salt="meeplehall.notices.unsubscribe", compress=True),
        "x" * 2000,
    ]
    for bad in forged:
        answer = client.post(f"/notices/unsubscribe/{bad}/")
        assert answer.status_code == 400 and "not valid" in answer.content.decode()
    assert not NoticeSetting.objects.exists()


def test_a_daily_digest_gathers_several_turns_into_one_mail(players, carol, inbox):
    alice, bob = players
    carol = with_address(carol, "carol@example.org")
    NoticeSetting.objects.create(user=bob, kind=Notice.Kind.YOUR_TURN, email=NoticeSetting.Delivery.DAILY)
    tables = [correspondence(alice, bob), correspondence(carol, bob)]
    submit_move(tables[0].pk, alice, {"type": "mark", "cell": 4}, 0)
    submit_move(tables[1].pk, carol, {"type": "mark", "cell": 4}, 0)
    deliver_due()
    assert inbox.to("bob@example.org") == []
    deliver_due(timezone.now() + timedelta(days=1, minutes=1))
    (digest,) = inbox.to("bob@example.org")
    assert digest["Subject"] == "Meeple Hall: 2 updates"
    assert all(f"/match/{t.pk}/" in body(digest) for t in tables)


def test_at_most_one_mail_an_hour_however_many_moves(players, inbox):
    alice, bob = players
    NoticeSetting.objects.create(user=bob, kind=Notice.Kind.YOUR_TURN, email=NoticeSetting.Delivery.HOURLY)
    match = correspondence(alice, bob)
    cells = iter([4, 0, 8, 2, 6, 3, 5, 7])  # X 4, O 0, X 8, O 2, X 6, O 3, X 5, O 7: nobody wins early
    version = 0
    for _ in range(4):
        submit_move(match.pk, alice, {"type": "mark", "cell": next(cells)}, version)
        deliver_due()
        submit_move(match.pk, bob, {"type": "mark", "cell": next(cells)}, version + 1)
        version += 2
    assert len(inbox.to("bob@example.org")) == 1
    deliver_due(timezone.now() + timedelta(minutes=61))
    assert len(inbox.to("bob@example.org")) == 1  # his turns since were over before the hour was


def test_no_mail_to_an_unconfirmed_address_nor_to_a_player_on_the_page(alice, bob, inbox):
    alice = with_address(alice, "alice@example.org", confirmed=False)
    bob = with_address(bob, "bob@example.org")
    match = correspondence(alice, bob)
    deliver_due()
    assert inbox.to("alice@example.org") == []
    assert Notice.objects.get(user=alice).outcome == "no confirmed address and no browser asked for pushes"
    layer, group = get_channel_layer(), seat_user_group(match.pk, bob.pk)
    async_to_sync(layer.group_add)(group, "bob-has-the-page-open")
    try:
        submit_move(match.pk, alice, {"type": "mark", "cell": 4}, 0)
        deliver_due()
    finally:  # the in-memory layer outlives the test: the next test's bob must not be "on the page"
        async_to_sync(layer.group_discard)(group, "bob-has-the-page-open")
    assert inbox.to("bob@example.org") == []
    assert Notice.objects.get(user=bob).outcome == "on the table's page"


def test_the_result_and_clock_reminders_are_mailed(players, inbox):
    alice, bob = players
    match = correspondence(alice, bob)
    deliver_due()  # alice's turn
    Match.objects.filter(pk=match.pk).update(turn_deadline=timezone.now() + timedelta(minutes=50))
    assert remind_clocks() == 1 and remind_clocks() == 0  # once per deadline
    deliver_due()
    reminder = inbox.to("alice@example.org")[-1]
    assert reminder["Subject"].startswith("Less than an hour left")
    for version, (who, cell) in enumerate([(alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2)]):
        submit_move(match.pk, who, {"type": "mark", "cell": cell}, version)
    deliver_due()
    over = [m for m in inbox.to("bob@example.org") if m["Subject"].startswith("Game over")]
    assert len(over) == 1 and "You placed 2nd of 2." in body(over[0])


def test_a_mail_server_that_is_away_keeps_the_notice_for_later(players, settings):
    alice, bob = players
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", free_port()  # nobody listens there
    correspondence(alice, bob)
    assert deliver_due() == 0
    notice = Notice.objects.get(user=alice)
    assert notice.status == Notice.Status.PENDING and notice.attempts == 1 and notice.outcome


def test_sign_up_confirms_the_address_and_only_a_confirmed_address_resets_a_password(inbox, client):
    answer = client.post("/accounts/signup/", {"username": "dora", "email": "dora@example.org",
                                               "password1": "board-games-4-all", "password2": "board-games-4-all"})
    assert answer.status_code == 302
    Client().post("/accounts/password_reset/", {"email": "dora@example.org"})
    deliver_due()
    (confirm,) = inbox.to("dora@example.org")  # the confirmation, and no reset mail
    assert "List-Unsubscribe" not in confirm
    link = re.search(r"http://hall.test(/accounts/confirm/[^/\s]+/)", body(confirm)).group(1)
    assert "is confirmed" in Client().get(link).content.decode()
    assert Profile.objects.get(user__username="dora").confirmed_email == "dora@example.org"
    assert Client().get(link[:-4] + "xx/").status_code == 400
    RateCounter.objects.all().delete()  # the reset throttle's one mail per address and 5 minutes
    Client().post("/accounts/password_reset/", {"email": "dora@example.org"})
    assert any("password" in m["Subject"].lower() for m in inbox.to("dora@example.org"))


def test_a_player_adds_an_address_confirms_it_and_cannot_take_anothers(players, carol, client_for, inbox):
    alice, _ = players
    page = client_for(carol)
    assert "no e-mail address" in page.get("/accounts/notices/").content.decode()
    taken = page.post("/accounts/notices/", {"email": "ALICE@example.org"})
    assert taken.status_code == 200 and "already has an account" in taken.content.decode()
    assert page.post("/accounts/notices/", {"email": "carol@example.org"}).status_code == 302
    carol.refresh_from_db()
    assert carol.email == "carol@example.org" and carol.profile.confirmed_email == ""
    for _ in range(3):  # asking again at once sends no second mail
        page.post("/accounts/notices/", {"confirm_again": "1"})
    deliver_due()
    (confirm,) = inbox.to("carol@example.org")
    link = re.search(r"http://hall.test(/accounts/confirm/[^/\s]+/)", body(confirm)).group(1)
    assert "is confirmed" in Client().get(link).content.decode()
    page.post("/accounts/notices/", {"email": "carol@example.net"})  # a new address starts unconfirmed
    assert Profile.objects.get(user=carol).confirmed_email == ""
    assert Client().get(link).status_code == 400  # the old link confirms nothing now


def test_your_games_lists_what_waits_for_you_first_by_time_left(players, carol, client_for):
    alice, bob = players
    soon, later = correspondence(bob, alice), correspondence(carol, alice)
    submit_move(later.pk, carol, {"type": "mark", "cell": 4}, 0)
    submit_move(soon.pk, bob, {"type": "mark", "cell": 4}, 0)
    Match.objects.filter(pk=later.pk).update(turn_deadline=timezone.now() + timedelta(days=2))
    Match.objects.filter(pk=soon.pk).update(turn_deadline=timezone.now() + timedelta(hours=3))
    theirs = correspondence(alice, bob)  # alice moves first there: then it waits for bob
    submit_move(theirs.pk, alice, {"type": "mark", "cell": 0}, 0)
    page = client_for(alice).get("/games/mine/").content.decode()
    yours = page[page.index('id="yg-yours"'):page.index('id="yg-others"')]
    others = page[page.index('id="yg-others"'):page.index('id="yg-recent"')]
    assert yours.index(f'data-match="{soon.pk}"') < yours.index(f'data-match="{later.pk}"')
    assert f'data-match="{theirs.pk}"' in others and "data-deadline=" in yours


def test_a_cap_on_correspondence_tables_is_refused_in_words(players, settings):
    from core.services import Refused

    alice, bob = players
    settings.CORRESPONDENCE_TABLES_MAX = 2
    correspondence(alice, bob)
    create_table(alice, "tictactoe", 2, time_control="correspondence", time_per_move=3)
    with pytest.raises(Refused, match="already play 2 correspondence tables"):
        create_table(alice, "tictactoe", 2, time_control="correspondence", time_per_move=3)
    create_table(alice, "tictactoe", 2)  # a table without the slow clock is not counted
    open_table = create_table(bob, "tictactoe", 2, time_control="correspondence", time_per_move=1)
    with pytest.raises(Refused, match="the most at once"):
        join_table(open_table.pk, alice)


@pytest.mark.django_db(transaction=True)
def test_senders_in_several_processes_send_each_notice_once(inbox):
    """Every server process runs the sender: run four at the same moment over twenty owed turns
    and each player gets one mail, never two."""
    from concurrent.futures import ThreadPoolExecutor

    from django.contrib.auth import get_user_model
    from django.db import connection

    users = get_user_model().objects
    hosts = [with_address(users.create_user(f"host{n}"), f"host{n}@example.org") for n in range(20)]
    guest = with_address(users.create_user("guest"), "guest@example.org")
    for host in hosts:
        correspondence(host, guest)

    def sender():
        try:
            return deliver_due()
        finally:
            connection.close()

    with ThreadPoolExecutor(4) as pool:
        sent = sum(pool.map(lambda _: sender(), range(4)))
    assert sent == 20 and all(len(inbox.to(f"host{n}@example.org")) == 1 for n in range(20))
    assert not Notice.objects.exclude(status=Notice.Status.SENT).exists()


@pytest.mark.parametrize("slug", ["lodge_hikers", "kavango", "komodo"])
def test_no_mail_carries_what_its_reader_may_not_see(players, inbox, slug):
    """Games with hands and face-down cards: every mail of a correspondence table, at every
    turn, is scanned for the ids the reader's seat may not know, as the page's frames are."""
    from core.engine.secrets import find_leaks
    from core.plugins import registry

    alice, bob = players
    seats = {0: alice, 1: bob}
    match = join_table(create_table(alice, slug, 2, time_control="correspondence", time_per_move=2).pk, bob)
    game = registry().game(slug)
    scanned = 0
    for _ in range(12):
        match.refresh_from_db()
        if match.status != Match.Status.ACTIVE:
            break
        seat = min(game.to_act(match.state))
        submit_move(match.pk, seats[seat], game.legal_moves(match.state, seat)[0], match.version)
        before = len(inbox.messages)
        deliver_due()
        match.refresh_from_db()
        for mail in inbox.messages[before:]:
            reader = 0 if "alice@" in mail["X-Envelope-To"] else 1
            text = body(mail) + body(mail, "html") + str(mail["Subject"])
            assert find_leaks(text, game.secrets(match.state, reader)) == []
            scanned += 1
    assert scanned >= 3
