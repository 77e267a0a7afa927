"""Accounts under attack (issue 49): sign-up addresses, password-reset mail, log-in guessing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from core.models import Profile

pytestmark = pytest.mark.django_db

User = get_user_model()
RESET = "/accounts/password_reset/"
SIGNUP = "/accounts/signup/"
NEW_PASSWORD = "a-long-horse-battery"


def _sign_up(client, username, email):
    return client.post(SIGNUP, {"username": username, "email": email, "password1": NEW_PASSWORD,
                                "password2": NEW_PASSWORD})


# ---- item 13: one account per address, reset mail throttled and deduplicated ---------------


def test_a_signup_address_is_unique_whatever_its_case(alice):
    """The attack: ten accounts signed up on one address. An address already used by an account
    (in any case) is refused with a sentence saying so, and nothing is created; an address that
    is free, or none at all, still signs up."""
    User.objects.filter(pk=alice.pk).update(email="alice@example.org")
    Profile.objects.filter(user=alice).update(confirmed_email="alice@example.org")  # only confirmed addresses are mailed
    page = Client().get(SIGNUP).content.decode()
    assert "one account per address" in page
    for n, taken in enumerate(["alice@example.org", "ALICE@Example.ORG", " Alice@example.org "]):
        answer = _sign_up(Client(), f"copy{n}", taken)
        assert answer.status_code == 200, taken
        assert "already has an account" in answer.content.decode()
    assert not User.objects.filter(username__startswith="copy").exists()
    assert _sign_up(Client(), "dora", "dora@example.org").status_code == 302
    assert _sign_up(Client(), "erin", "").status_code == 302
    assert _sign_up(Client(), "fred", "").status_code == 302  # no address is no address twice
    assert _sign_up(Client(), "gus", "DORA@example.org").status_code == 200
    assert User.objects.filter(email__iexact="dora@example.org").count() == 1


def test_an_address_taken_while_signing_up_is_refused_at_save(alice):
    """Two sign-ups with one address at the same moment: the one whose form was checked before
    the other's account existed is refused when it saves (under a lock on the address)."""
    from core.forms import SignupForm

    form = SignupForm({"username": "late", "email": "Same@example.org", "password1": NEW_PASSWORD,
                       "password2": NEW_PASSWORD})
    assert form.is_valid()
    User.objects.filter(pk=alice.pk).update(email="same@example.org")  # the other sign-up won
    assert form.save() is None
    assert "already has an account" in str(form.errors["email"])
    assert not User.objects.filter(username="late").exists()


def _reset(email, address="192.0.2.10"):
    return Client().post(RESET, {"email": email}, REMOTE_ADDR=address)


def test_reset_mail_goes_out_once_per_address_whoever_asks(alice, settings):
    """The attack: twenty reset requests in 0.3 s sent twenty mails (200 over ten accounts).
    Twenty requests for one address, from twenty client addresses, send one mail; each answer is
    the same "check your mail" page, for an address with an account and for one without."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    User.objects.filter(pk=alice.pk).update(email="alice@example.org")
    Profile.objects.filter(user=alice).update(confirmed_email="alice@example.org")  # only confirmed addresses are mailed
    answers = [_reset("alice@example.org" if n % 2 else "ALICE@example.org", f"198.51.100.{n}")
               for n in range(20)]
    assert {(a.status_code, a["Location"]) for a in answers} == {(302, "/accounts/password_reset/done/")}
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["alice@example.org"]
    assert "Meeple Hall" in mail.outbox[0].subject  # templates/registration/password_reset_subject.txt
    nobody = [_reset("nobody@example.org", f"203.0.113.{n}") for n in range(3)]
    assert {(a.status_code, a["Location"]) for a in nobody} == {(302, "/accounts/password_reset/done/")}
    assert len(mail.outbox) == 1
    done = Client().get("/accounts/password_reset/done/").content.decode()
    assert "If an account has that address" in done


def test_reset_mail_goes_out_again_after_the_pause(alice, settings):
    from core.models import Profile, RateCounter

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    User.objects.filter(pk=alice.pk).update(email="alice@example.org")
    Profile.objects.filter(user=alice).update(confirmed_email="alice@example.org")  # only confirmed addresses are mailed
    _reset("alice@example.org")
    _reset("alice@example.org")
    assert len(mail.outbox) == 1
    RateCounter.objects.filter(key__startswith="reset:mail:").delete()  # the few minutes are over
    _reset("alice@example.org")
    assert len(mail.outbox) == 2


def test_one_client_address_asks_for_few_resets(make_user, settings):
    """One client address asking for the reset of many addresses is refused past
    PASSWORD_RESET_THROTTLE["per_client_requests"] per window with a sentence saying so (429),
    whether the addresses have accounts or not, and sends no mail then; another client address
    is not affected."""
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    limit = settings.PASSWORD_RESET_THROTTLE["per_client_requests"]
    for n in range(limit + 5):
        user = make_user(f"player{n}")
        User.objects.filter(pk=user.pk).update(email=f"player{n}@example.org")
        Profile.objects.filter(user=user).update(confirmed_email=f"player{n}@example.org")
    answers = [_reset(f"player{n}@example.org", "203.0.113.9") for n in range(limit + 3)]
    answers.append(_reset("nobody@example.org", "203.0.113.9"))
    assert [a.status_code for a in answers] == [302] * limit + [429] * 4
    assert "Too many password-reset requests" in answers[-1].content.decode()
    assert len(mail.outbox) == limit
    assert _reset(f"player{limit + 4}@example.org", "198.51.100.77").status_code == 302
    assert len(mail.outbox) == limit + 1


# ---- item 15: the per-account limit holds whatever the address; the owner's browser gets in --

LOGIN = "/accounts/login/"
RIGHT = "pw-for-tests-123"  # the password conftest's make_user gives everyone


def _log_in(client, password, address, username="alice"):
    return client.post(LOGIN, {"username": username, "password": password}, REMOTE_ADDR=address)


@pytest.fixture
def checked():
    """Every password the portal checked and found wrong (Django's user_login_failed signal)."""
    from django.contrib.auth.signals import user_login_failed

    seen = []

    def count(sender, credentials, **kwargs):
        seen.append(credentials.get("username"))

    user_login_failed.connect(count)
    yield seen
    user_login_failed.disconnect(count)


def test_guesses_spread_over_80_addresses_get_no_more_than_the_per_account_limit(alice, checked, settings):
    """The attack: past the per-account limit every new client address still had one guess
    checked (80 of 80). Now the account's limit counts tries from every client the account has
    not logged in from before: 80 addresses, two guesses each, get exactly
    ``per_user_attempts`` passwords checked; the rest are refused unchecked (429)."""
    per_user = settings.LOGIN_THROTTLE["per_user_attempts"]
    answers = [_log_in(Client(), f"guess-{n}-{k}", f"10.8.{n}.1") for k in range(2) for n in range(80)]
    assert len(checked) == per_user
    assert [a.status_code for a in answers].count(429) == 160 - per_user
    refused = answers[-1].content.decode()
    assert "too many failed log-ins" in refused and "browser you have logged in with before" in refused


def test_the_owner_gets_in_from_their_own_browser_whatever_the_address(alice, bob, checked, settings):
    """The other half: meanwhile alice was refused her right password from an address that had
    failed once. The policy (core/views/accounts.py, ThrottledLoginView):

    - a browser that has logged in to the account before holds a signed device cookie; from it
      the owner gets in whatever the attack, from any address, even one that failed, with its
      own small limit (``attempts`` per window) so a stolen cookie is no way around the limit;
    - a browser new to the account, from a clean address, is refused (429, unchecked) while the
      account is over its limit, until the window (``window_seconds``) is over: this is the
      price of the limit, and the page says so.
    """
    owners_browser = Client()
    assert _log_in(owners_browser, RIGHT, "198.51.100.9").status_code == 302
    owners_browser.post("/accounts/logout/")
    assert _log_in(owners_browser, "typo", "10.8.3.1").status_code == 200  # this address failed once
    for n in range(80):
        _log_in(Client(), f"guess-{n}", f"10.8.{n}.1")

    assert _log_in(owners_browser, RIGHT, "10.8.3.1").status_code == 302
    assert owners_browser.session["_auth_user_id"] == str(alice.pk)
    owners_browser.post("/accounts/logout/")
    assert _log_in(owners_browser, RIGHT, "203.0.113.200").status_code == 302
    owners_browser.post("/accounts/logout/")

    new_browser = _log_in(Client(), RIGHT, "192.0.2.77")  # a clean address, a browser new to alice
    assert new_browser.status_code == 429 and "_auth_user_id" not in new_browser.client.session
    from core.models import RateCounter

    RateCounter.objects.filter(key__startswith="login:").delete()  # the window is over
    assert _log_in(Client(), RIGHT, "192.0.2.77").status_code == 302


def test_a_device_cookie_is_only_good_for_its_account_and_has_its_own_limit(alice, bob, checked, settings):
    attempts = settings.LOGIN_THROTTLE["attempts"]
    browser = Client()
    assert _log_in(browser, RIGHT, "198.51.100.9").status_code == 302
    browser.post("/accounts/logout/")  # (Client.logout() would drop every cookie)
    for n in range(80):
        _log_in(Client(), f"guess-{n}", f"10.8.{n}.1", username="bob")
        _log_in(Client(), f"guess-{n}", f"10.9.{n}.1")
    # alice's cookie does nothing for bob, whose limit is spent
    assert _log_in(browser, RIGHT, "198.51.100.9", username="bob").status_code == 429
    # a forged cookie is no cookie
    forged = Client()
    forged.cookies.load({"meeplehall_device": browser.cookies["meeplehall_device"].value[:-2] + "xx"})
    assert _log_in(forged, RIGHT, "198.51.100.9").status_code == 429
    # whoever holds alice's cookie gets `attempts` guesses per window, then none
    before = len(checked)
    codes = [_log_in(browser, f"wrong-{n}", f"172.16.0.{n}").status_code for n in range(attempts + 3)]
    assert codes == [200] * attempts + [429] * 3 and len(checked) - before == attempts
    assert _log_in(browser, RIGHT, "198.51.100.9").status_code == 429


def test_the_admin_log_in_is_the_throttled_one(alice, checked, make_user):
    """Django's own admin log-in form checked passwords with no throttle at all (staff accounts
    included). /admin/login/ now sends to the portal's log-in, keeping where to go next, and a
    POST to it checks no password."""
    staff = make_user("root", staff=True)
    answer = Client().get("/admin/login/?next=/admin/core/match/")
    assert (answer.status_code, answer["Location"]) == (302, "/accounts/login/?next=/admin/core/match/")
    posted = Client().post("/admin/login/", {"username": "root", "password": "guess"})
    assert posted.status_code == 302 and checked == []
    client = Client()
    assert _log_in(client, RIGHT, "198.51.100.9", username="root").status_code == 302
    assert client.get("/admin/").status_code == 200 and staff.is_staff
