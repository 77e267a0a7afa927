"""Accounts under attack (issue 49): sign-up addresses, password-reset mail, log-in guessing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

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
    from core.models import RateCounter

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    User.objects.filter(pk=alice.pk).update(email="alice@example.org")
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
    answers = [_reset(f"player{n}@example.org", "203.0.113.9") for n in range(limit + 3)]
    answers.append(_reset("nobody@example.org", "203.0.113.9"))
    assert [a.status_code for a in answers] == [302] * limit + [429] * 4
    assert "Too many password-reset requests" in answers[-1].content.decode()
    assert len(mail.outbox) == limit
    assert _reset(f"player{limit + 4}@example.org", "198.51.100.77").status_code == 302
    assert len(mail.outbox) == limit + 1
