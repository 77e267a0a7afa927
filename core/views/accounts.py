"""Sign-up, a throttled log-in, and profiles with history, ratings and plugin sections."""

from __future__ import annotations

import json
import secrets

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UsernameField
from django.contrib.auth.views import LoginView, PasswordResetView
from django.core import signing
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Avg, Count, Q
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

from core import plots, throttle
from core.access import can_view
from core.forms import ProfileForm, SignupForm
from core.models import Match, Notice, Profile, Rating, RatingHistory, Seat
from core.plugins import registry
from core.services import notices

from .community import relation

REFUSED = "Too many failed attempts. Please wait a few minutes and try again."


def safe_next(request, fallback: str = "home") -> str:
    """Where ``next`` points, if it stays on this site; otherwise ``fallback``.

    Only a path on this host (or this host's own URL) is followed: ``https://evil.example/``,
    ``//evil.example/``, ``https:evil.example`` and ``javascript:...`` all fall back, so a link
    can neither send a new member to another site nor make the redirect itself fail.
    """
    target = (request.POST.get("next") or request.GET.get("next") or "").strip()
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return fallback


def signup(request):
    form = SignupForm(request.POST or None)
    user = None
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():  # the account and its confirmation mail exist together
            user = form.save()
            if user is not None:
                Profile.objects.get_or_create(user=user)
                if user.email:
                    notices.queue(user.pk, Notice.Kind.CONFIRM)
    if user is None:
        return render(request, "registration/signup.html", {"form": form})
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    messages.success(request, "Welcome to Meeple Hall!" + (
        f" A mail to {user.email} asks you to confirm the address." if user.email else ""))
    response = redirect(safe_next(request))
    remember_device(request, response, user.get_username())
    return response


def login_name(raw: str) -> str:
    """The username as authentication reads it (stripped, NFKC-normalised by the log-in form's
    own field), case-folded: "alice", " Alice " and "ａｌｉｃｅ" share one throttle."""
    return UsernameField().to_python(raw or "").casefold()


class ThrottledForm(AuthenticationForm):
    """The log-in form as shown to a refused try: it says why, and never checks the password."""

    def __init__(self, *args, refusal: str = REFUSED, **kwargs):
        super().__init__(*args, **kwargs)
        self.refusal = refusal

    def clean(self):
        raise ValidationError(self.refusal, code="throttled")


class SuspensionAwareForm(AuthenticationForm):
    """Django's log-in form, which tells a suspended player (with the right password) why they
    cannot log in, in staff's words, instead of the same sentence as a wrong password."""

    def clean(self):
        try:
            return super().clean()
        except ValidationError:
            user = get_user_model().objects.filter(
                username=self.cleaned_data.get("username"), is_active=False).first()
            if user is not None and user.check_password(self.cleaned_data.get("password") or ""):
                note = getattr(getattr(user, "profile", None), "moderation_note", "")
                raise ValidationError(f"Your account is suspended: {note or 'ask staff why.'}",
                                      code="suspended") from None
            raise


DEVICE_COOKIE = "meeplehall_device"
DEVICE_SALT = "core.views.accounts.device"
DEVICE_MAX_AGE = 365 * 24 * 3600
DEVICE_ACCOUNTS = 5
"""Accounts one browser's device cookie remembers (the most recent log-ins)."""


def known_devices(request) -> dict[str, str]:
    """The accounts this browser has logged in to (throttle key of the name -> the device's
    random id), from its signed device cookie; empty when there is none or it was tampered with."""
    try:
        raw = request.get_signed_cookie(DEVICE_COOKIE, default=None, salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE)
        devices = json.loads(raw) if raw else {}
    except (signing.BadSignature, ValueError):
        return {}
    if not isinstance(devices, dict):
        return {}
    return {k: v for k, v in devices.items() if isinstance(k, str) and isinstance(v, str)}


def remember_device(request, response, username: str) -> None:
    """Mark this browser as one the owner of ``username`` logged in with (OWASP's "device
    cookie"): signed, HttpOnly, sent back to the log-in page only."""
    devices = known_devices(request)
    name = throttle.key_part(login_name(username))
    device = devices.pop(name, None) or secrets.token_urlsafe(16)
    devices[name] = device
    kept = dict(list(devices.items())[-DEVICE_ACCOUNTS:])
    response.set_signed_cookie(
        DEVICE_COOKIE, json.dumps(kept, separators=(",", ":")), salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE,
        path=reverse("login"), secure=settings.SESSION_COOKIE_SECURE, httponly=True, samesite="Lax",
    )


LOCKED = ("This account has had too many failed log-ins from other places. Please wait a few "
          "minutes and try again, or log in from a browser you have logged in with before.")


class ThrottledLoginView(LoginView):
    """Django's login view, counting every try before the password is checked.

    The counters (``settings.LOGIN_THROTTLE``) are hit atomically (:mod:`core.throttle`). The
    policy, after django-axes and OWASP's device cookies:

    - A browser the account has logged in from before carries a signed device cookie
      (:func:`remember_device`; also given at sign-up). Its tries at that account count per
      device (``attempts`` per ``window_seconds``) and nothing else: however many addresses
      guess at the account, and even from an address that failed, the owner's own browser
      gets in. A stolen cookie gives its holder ``attempts`` guesses per window, no more.
    - Any other try counts per client address over all usernames (``per_address_attempts``:
      one address cannot spray), per address and username (``attempts``: a guesser at one
      address gets a handful of tries), and, if both pass, per username from every address
      (``per_user_attempts``). Past that the account takes no try from any browser new to it,
      whatever its address, until the window is over: distributed guessing gets at most
      ``per_user_attempts`` passwords checked per window. The price: the owner on a browser
      new to the account (and only there) is refused too until the window ends, and the page
      says why and what to do. Only tries that passed the per-address counters reach the
      account's, so one address cannot spend the account's budget alone.

    A successful log-in clears its own counter (device, or address and username) and gives the
    browser its device cookie; it leaves the account's counter alone, so the owner logging in
    gives guessers no fresh budget. Behind a proxy the address is the real client's only if
    daphne runs with ``--proxy-headers`` (see README).
    """

    form_class = SuspensionAwareForm

    def post(self, request, *args, **kwargs):
        limit = settings.LOGIN_THROTTLE
        window = limit["window_seconds"]
        name = throttle.key_part(login_name(request.POST.get("username", "")))
        device = known_devices(request).get(name)
        refusal = None
        if device:
            self.own_key = f"login:device:{throttle.key_part(device)}"
            if throttle.hit(self.own_key, window) > limit["attempts"]:
                refusal = REFUSED
        else:
            address = throttle.key_part(request.META.get("REMOTE_ADDR", "") or "?")
            self.own_key = f"login:pair:{address}:{name}"
            tries_from_address = throttle.hit(f"login:addr:{address}", window)
            tries_here = throttle.hit(self.own_key, window)
            if tries_from_address > limit["per_address_attempts"] or tries_here > limit["attempts"]:
                refusal = REFUSED
            elif throttle.hit(f"login:user:{name}", window) > limit["per_user_attempts"]:
                refusal = LOCKED
        if refusal:
            form = ThrottledForm(request, data=request.POST, refusal=refusal)
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        throttle.clear(self.own_key)
        response = super().form_valid(form)
        remember_device(self.request, response, form.get_user().get_username())
        return response


RESET_REFUSED = "Too many password-reset requests from your network. Please wait an hour and try again."


class ConfirmedAddressResetForm(PasswordResetForm):
    """Django's reset form, mailing only accounts whose address was confirmed from a mail: an
    address anyone typed at sign-up must not become a way into the account."""

    def get_users(self, email):
        return (user for user in super().get_users(email)
                if Profile.objects.filter(user=user, confirmed_email__iexact=email).exists())


class ThrottledPasswordResetView(PasswordResetView):
    """Django's password reset, throttled (``settings.PASSWORD_RESET_THROTTLE``, counted
    atomically in the database, :mod:`core.throttle`):

    - per client address (``per_client_requests`` per ``window_seconds``): past it the form
      answers 429 with a sentence saying so, whatever the addresses asked for, so the refusal
      says nothing about accounts;
    - per e-mail address (case-folded), whoever asks: at most one mail every
      ``mail_every_seconds``. Later requests get the same "check your mail" page and send
      nothing, so the page never tells an address with an account from one without.

    Only confirmed addresses are mailed (:class:`ConfirmedAddressResetForm`).
    """

    form_class = ConfirmedAddressResetForm

    def post(self, request, *args, **kwargs):
        limit = settings.PASSWORD_RESET_THROTTLE
        client = throttle.key_part(request.META.get("REMOTE_ADDR", "") or "?")
        if throttle.hit(f"reset:client:{client}", limit["window_seconds"]) > limit["per_client_requests"]:
            form = self.get_form()
            form.is_valid()
            form.add_error(None, RESET_REFUSED)
            return self.render_to_response(self.get_context_data(form=form), status=429)
        return super().post(request, *args, **kwargs)

    def form_valid(self, form):
        email = form.cleaned_data["email"].strip().casefold()
        every = settings.PASSWORD_RESET_THROTTLE["mail_every_seconds"]
        if throttle.hit(f"reset:mail:{throttle.key_part(email)}", every) > 1:
            return HttpResponseRedirect(self.get_success_url())  # the mail already went out
        return super().form_valid(form)


def profile(request, username):
    """A player's page. Matches at private tables are listed only to those who may view them."""
    user = get_object_or_404(get_user_model(), username=username)
    recent = (Seat.objects.filter(user=user).select_related("match")
              .order_by("-match__created_at")[:200])
    seats = [s for s in recent if can_view(s.match, request.user, request.session)][:50]
    games = registry().games
    ratings = sorted(Rating.objects.filter(user=user), key=lambda r: r.game_slug)
    sections = [
        {"title": s["title"], "html": render_to_string(s["template"], s.get("context", {}))}
        for found in registry().call("extra_profile_sections", user=user)
        for s in found
    ]
    return render(request, "core/profile.html", {
        "profile_user": user, "seats": seats, "games": games, "ratings": ratings,
        "sections": sections, "relation": relation(request.user, user),
        "records": records_of(user), "rating_plots": rating_plots(user, ratings),
    })


def records_of(user) -> list[dict]:
    """The player's record per game over finished matches: played, first places, mean place."""
    rows = (Seat.objects.filter(user=user, match__status=Match.Status.FINISHED)
            .values("match__game_slug").annotate(played=Count("pk"), firsts=Count("pk", filter=Q(rank=1)),
                                                 mean_rank=Avg("rank")).order_by("match__game_slug"))
    return [{"slug": r["match__game_slug"], "played": r["played"], "firsts": r["firsts"],
             "mean_rank": r["mean_rank"]} for r in rows]


def rating_plots(user, ratings) -> list[dict]:
    """The player's rating over time in each game they are rated in, as a line and a table."""
    found = []
    for rating in ratings:
        points = list(RatingHistory.objects.filter(user=user, game_slug=rating.game_slug)
                      .values_list("ordinal", flat=True))
        table_id = f"rating-{rating.game_slug}"
        found.append({"slug": rating.game_slug, "points": [round(p, 1) for p in points], "table_id": table_id,
                      "plot": plots.line(f"Rating over time in {rating.game_slug}", points, table_id)})
    return found


@login_required
def edit_profile(request):
    profile_obj, _ = Profile.objects.get_or_create(user=request.user)
    form = ProfileForm(request.POST or None, instance=profile_obj)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, "Profile saved.")
        return redirect("profile", request.user.username)
    return render(request, "core/edit_profile.html", {"form": form})
