"""The player's settings for slow games (mail, push, vacation, time zone), confirming an address,
unsubscribing from a mail's link, and the browser's push subscription.

Both links in mails work without logging in: each carries a token this site signed, naming the
user (and, to unsubscribe, the kinds of mail), so a forged, altered or cut link changes nothing.
The unsubscribe link takes RFC 8058's one-click POST from mail programs, which carry no CSRF
token; it only ever turns mails off for the user it names, so replaying it is harmless.
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import json
import zoneinfo
from pathlib import Path
from urllib.parse import urlsplit

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.staticfiles import finders
from django.core import signing
from django.db import transaction
from django.http import HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from core import throttle
from core.forms import EMAIL_TAKEN, address_free, email_taken
from core.models import Notice, NoticeSetting, Profile, PushSubscription
from core.services import away, notices, push
from core.services.errors import Refused

BAD_LINK = "This link is not valid: it may have been cut short or changed. Nothing was changed."


class NoticeSettingsForm(forms.Form):
    """One choice per kind of notice: at once, at most hourly, a daily digest, or never."""

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        chosen = dict(NoticeSetting.objects.filter(user=user).values_list("kind", "email"))
        for kind in notices.CHOSEN_KINDS:
            self.fields[kind] = forms.ChoiceField(
                label=Notice.Kind(kind).label, choices=NoticeSetting.Delivery.choices,
                initial=chosen.get(kind, NoticeSetting.Delivery.AT_ONCE))


class AddressForm(forms.Form):
    email = forms.EmailField(label="Your e-mail address", required=False,
                             help_text="One account per address. A new address is used once you "
                                       "confirm it from the mail sent to it.")

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip()
        if email.casefold() != self.user.email.casefold() and email_taken(email):
            raise forms.ValidationError(EMAIL_TAKEN, code="email_taken")
        return email


CONFIRM_EVERY = 300  # seconds: at most one confirmation mail per player in this time


def _send_confirmation(request) -> None:
    """Queue a confirmation of the account's address, at most one per :data:`CONFIRM_EVERY`."""
    if throttle.hit(f"confirm:{request.user.pk}", CONFIRM_EVERY) > 1:
        messages.info(request, "A confirmation mail went out a few minutes ago: look for it (and in "
                               "your spam folder) before asking for another.")
        return
    notices.queue(request.user.pk, Notice.Kind.CONFIRM)
    messages.success(request, f"A confirmation mail is on its way to {request.user.email}.")


def _change_address(request, form: AddressForm) -> bool:
    """A new address replaces the old one at once, unconfirmed, and is sent its confirmation in
    the same transaction (under the address's lock, as at sign-up, so two accounts cannot take
    one address at the same moment). False, with the error on the form, if it was taken."""
    email = form.cleaned_data["email"]
    with transaction.atomic():
        if not address_free(form, email):
            return False
        request.user.email = email
        request.user.save(update_fields=["email"])
        Profile.objects.update_or_create(user=request.user, defaults={"confirmed_email": ""})
        if email:
            _send_confirmation(request)
        else:
            messages.success(request, "Your account has no e-mail address now.")
    return True


TIME_ZONES = sorted(zoneinfo.available_timezones() - {"Factory", "localtime"})


class TimeZoneForm(forms.Form):
    time_zone = forms.ChoiceField(label="Your time zone", choices=[(z, z) for z in TIME_ZONES],
                                  help_text="Where your weekend is, at tables whose clocks stop on weekends.")


class VacationForm(forms.Form):
    away_days = forms.IntegerField(label="Days away, from now", min_value=1, max_value=366)


def _vacation(request):
    """Start or end a vacation; None when the POST was not about one."""
    posted = request.POST
    if "come_back" in posted:
        action = lambda: away.come_back(request.user)  # noqa: E731
        done = "Welcome back: your clocks run again, with the time you had when you left."
    elif "away_days" in posted:
        form = VacationForm(posted)
        if not form.is_valid():
            return _page(request, vacation=form)
        action = lambda: away.go_away(request.user, form.cleaned_data["away_days"])  # noqa: E731
        done = "Enjoy your vacation: the clocks of your correspondence tables stand still until you are back."
    else:
        return None
    try:
        action()
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect("notice_settings")


def _time_zone(request):
    if "time_zone" not in request.POST:
        return None
    form = TimeZoneForm(request.POST)
    if not form.is_valid():
        return _page(request, zone=form)
    Profile.objects.update_or_create(user=request.user, defaults={"time_zone": form.cleaned_data["time_zone"]})
    messages.success(request, "Your time zone is saved.")
    return redirect("notice_settings")


def _address(request):
    if "email" not in request.POST:
        return None
    form = AddressForm(request.POST, user=request.user)
    if form.is_valid() and (form.cleaned_data["email"] == request.user.email or _change_address(request, form)):
        return redirect("notice_settings")
    return _page(request, address=form)


def _confirm_again(request):
    if not request.POST.get("confirm_again"):
        return None
    if request.user.email:
        with transaction.atomic():
            _send_confirmation(request)
    return redirect("notice_settings")


def _kinds(request):
    form = NoticeSettingsForm(request.POST, user=request.user)
    if not form.is_valid():
        return _page(request, form=form)
    for kind, email in form.cleaned_data.items():
        NoticeSetting.objects.update_or_create(user=request.user, kind=kind, defaults={"email": email})
    messages.success(request, "Your mail settings are saved.")
    return redirect("notice_settings")


def _page(request, **bound):
    """The settings page, with ``bound`` forms (a POST that did not validate) in place of fresh ones."""
    profile, _ = Profile.objects.get_or_create(user=request.user)
    forms_shown = {
        "form": NoticeSettingsForm(user=request.user),
        "address": AddressForm(user=request.user, initial={"email": request.user.email}),
        "zone": TimeZoneForm(initial={"time_zone": profile.time_zone}),
        "vacation": VacationForm(initial={"away_days": 7}),
        **bound,
    }
    confirmed = bool(request.user.email) and profile.confirmed_email.casefold() == request.user.email.casefold()
    return render(request, "core/notice_settings.html", {
        **forms_shown, "confirmed": confirmed, "profile": profile, "days_left": away.days_left(profile),
        "push_key": push.application_server_key(),
        "browsers": PushSubscription.objects.filter(user=request.user).count()})


@login_required
def notice_settings(request):
    """The account's address (and its confirmation), how each kind of notice is mailed, the
    player's vacation and their time zone: each form posts on its own."""
    if request.method == "POST":
        for section in (_vacation, _time_zone, _address, _confirm_again, _kinds):
            answer = section(request)
            if answer is not None:
                return answer
    return _page(request)


def confirm_email(request, token):
    """Confirm the address a confirmation mail went to, if it is still the account's address."""
    try:
        data = signing.loads(token, salt=notices.CONFIRM_SALT, max_age=notices.CONFIRM_MAX_AGE)
    except signing.SignatureExpired:
        return render(request, "core/notice_done.html", {
            "message": "This confirmation link is more than a week old. Ask for a new one in your mail settings."},
            status=400)
    except signing.BadSignature:
        return render(request, "core/notice_done.html", {"message": BAD_LINK}, status=400)
    user = get_user_model().objects.filter(pk=data.get("u"), is_active=True).first()
    if user is None or not user.email or user.email != data.get("e"):
        return render(request, "core/notice_done.html", {
            "message": "This link confirms an address the account no longer has. Nothing was changed."},
            status=400)
    Profile.objects.update_or_create(user=user, defaults={"confirmed_email": user.email})
    return render(request, "core/notice_done.html", {
        "message": f"{user.email} is confirmed: Meeple Hall may now mail you there."})


@csrf_exempt
def unsubscribe(request, token):
    """GET asks (a link opened in a browser); POST turns the mail's kinds off, at once."""
    found = notices.read_unsubscribe_token(token)
    if found is None:
        return render(request, "core/notice_done.html", {"message": BAD_LINK}, status=400)
    user_id, kinds = found
    names = [Notice.Kind(kind).label.lower() for kind in kinds]
    if request.method == "POST":
        for kind in kinds:
            NoticeSetting.objects.update_or_create(user_id=user_id, kind=kind,
                                                   defaults={"email": NoticeSetting.Delivery.NEVER})
        return render(request, "core/notice_done.html", {
            "message": "Done: no more mails when " + "; or when ".join(names) + ".", "settings_link": True})
    return render(request, "core/unsubscribe.html", {"names": names})


MAX_SUBSCRIPTION_BYTES = 4000
P256DH_BYTES, AUTH_BYTES = 65, 16


def _key_bytes(value) -> int:
    """How many bytes a base64url key holds (-1 when it is not one)."""
    if not isinstance(value, str) or len(value) > 200:
        return -1
    try:
        return len(base64.urlsafe_b64decode(value + "=" * (-len(value) % 4)))
    except (ValueError, binascii.Error):
        return -1


def push_endpoint_problem(endpoint) -> str:
    """Why the server should not post to ``endpoint`` (empty: it may). A push service is a public
    HTTPS site; anything else (a loopback or private address, another scheme) would let a
    player make the server post where they like."""
    if not isinstance(endpoint, str) or len(endpoint) > 1000:
        return "That is not a push service's address."
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    if parts.scheme != "https" or not host or host == "localhost" or host.endswith(".local"):
        return "A push service is reached over HTTPS at a public address."
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return ""
    return "" if address.is_global else "A push service is reached over HTTPS at a public address."


@login_required
@require_POST
def push_subscription(request):
    """The settings page's script hands a browser's subscription over (or takes it back)."""
    if request.content_type != "application/json":  # a form's body is read (and gone) already
        return JsonResponse({"error": "That subscription could not be read."}, status=400)
    if len(request.body) > MAX_SUBSCRIPTION_BYTES:
        return JsonResponse({"error": "That subscription is too large."}, status=400)
    try:
        data = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return JsonResponse({"error": "That subscription could not be read."}, status=400)
    if not isinstance(data, dict):
        return JsonResponse({"error": "That subscription could not be read."}, status=400)
    endpoint, keys = data.get("endpoint"), data.get("keys") or {}
    if data.get("remove"):
        PushSubscription.objects.filter(user=request.user, endpoint=endpoint if isinstance(endpoint, str) else "").delete()
        return JsonResponse({"ok": True})
    problem = push_endpoint_problem(endpoint)
    if not problem and not (isinstance(keys, dict) and _key_bytes(keys.get("p256dh")) == P256DH_BYTES
                            and _key_bytes(keys.get("auth")) == AUTH_BYTES):
        problem = "The browser's keys are missing or malformed."
    if problem:
        return JsonResponse({"error": problem}, status=400)
    PushSubscription.objects.update_or_create(endpoint=endpoint, defaults={
        "user": request.user, "p256dh": keys["p256dh"], "auth": keys["auth"], "last_error": ""})
    return JsonResponse({"ok": True})


def push_worker(request):
    """The service worker, served from the site's root so that it may show notices for every
    page (a worker's scope is the folder it is served from)."""
    script = Path(finders.find("js/push-worker.js")).read_text()
    response = HttpResponse(script, content_type="application/javascript")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response
