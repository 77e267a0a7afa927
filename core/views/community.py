"""Following, blocking, challenging and reporting, from a player's page and the friends page
(see core.services.community)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from core.access import can_view
from core.models import Block, ChatMessage, Follow, Match, Profile
from core.plugins import registry
from core.services import community
from core.services.errors import Refused


def _other(username: str):
    return get_object_or_404(get_user_model(), username=username, is_active=True)


#: Each change of how one player stands to another: the service that makes it, and what the
#: page says once it is made.
CHANGES = {
    "follow": (community.follow, "You follow {name}."),
    "unfollow": (community.unfollow, "You no longer follow {name}."),
    "block": (community.block, "You blocked {name}: they cannot join your tables, challenge you "
                               "or be read by you in chat."),
    "unblock": (community.unblock, "You unblocked {name}."),
}


@login_required
@require_POST
def change(request, username, change):
    """Follow, unfollow, block or unblock ``username``, back on their page with a word."""
    action, done = CHANGES[change]
    try:
        action(request.user, _other(username))
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done.format(name=username))
    return redirect("profile", username=username)


@login_required
def friends(request):
    return render(request, "core/friends.html", {
        "friends": community.friends(request.user),
        "followers": get_user_model().objects.filter(following__followed=request.user).order_by("username"),
        "blocked": get_user_model().objects.filter(blocked_by__blocker=request.user).order_by("username"),
    })


@login_required
def challenge(request, username):
    """Pick the game to challenge ``username`` to; its new-table form holds their seat."""
    other = _other(username)
    if community.blocked_between(request.user.pk, [other.pk]) or other.pk == request.user.pk:
        messages.error(request, community.CANNOT_CHALLENGE if other.pk != request.user.pk
                       else "You cannot challenge yourself.")
        return redirect("profile", username=username)
    return render(request, "core/challenge.html", {"other": other, "games": sorted(
        registry().games.values(), key=lambda g: g.name)})


@login_required
def report(request):
    """Report a player, a chat line or a table, from where one sees it."""
    target = _report_target(request)
    if request.method == "POST":
        try:
            community.report(request.user, reason=request.POST.get("reason", ""), **target)
        except Refused as exc:
            messages.error(request, exc.message)
        else:
            messages.success(request, "Thank you: staff will look into it.")
            return redirect(_back(target))
    return render(request, "core/report.html", {"target": target,
                                                "reason": request.POST.get("reason", "")})


def _report_target(request) -> dict:
    data = request.POST if request.method == "POST" else request.GET
    keys = [k for k in ("user", "match", "chat") if data.get(k)]
    if len(keys) != 1 or not data[keys[0]].isascii() or not (
            data[keys[0]].isdigit() or keys[0] == "user"):
        raise Http404("Nothing to report.")
    key, value = keys[0], data[keys[0]]
    if key == "user":
        return {"user": _other(value)}
    if key == "match":
        match = get_object_or_404(Match, pk=int(value))
        if not can_view(match, request.user, request.session):
            raise Http404("No such table.")
        return {"match": match}
    line = get_object_or_404(ChatMessage.objects.select_related("match", "user"), pk=int(value))
    if not can_view(line.match, request.user, request.session):
        raise Http404("No such line.")
    return {"chat": line}


def _back(target: dict) -> str:
    if "user" in target:
        return f"/u/{target['user'].username}/"
    match = target.get("match") or target["chat"].match
    return match.get_absolute_url()


@login_required
@require_POST
def read_note(request):
    """The player has read what staff told them: the banner goes."""
    Profile.objects.filter(user=request.user).update(moderation_note="")
    back = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure())
    return redirect(back if back and safe else "/")


def relation(viewer, other) -> dict:
    """What the profile page offers ``viewer`` about ``other``."""
    if not viewer.is_authenticated or viewer.pk == other.pk:
        return {}
    return {"follows": Follow.objects.filter(follower=viewer, followed=other).exists(),
            "blocks": Block.objects.filter(blocker=viewer, blocked=other).exists()}
