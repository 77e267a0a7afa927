"""The match page: board, moves, live re-sync, chat and replays."""

from __future__ import annotations

from django.conf import settings
from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.html import format_html
from django.views.decorators.http import require_GET, require_POST

from core import throttle
from core.access import can_view, remember_invite
from core.models import ChatMessage, Match, Profile
from core.move_requests import read_move, read_version
from core.rendering import match_context, render_live
from core.services import Refused, community, live
from core.services.errors import NotAMember
from core.services.matches import play_move_of
from core.services.notify import chat_posted
from core.services.queries import seat_of
from core.services.takeback import take_back


def _visible_match(request, pk) -> Match:
    match = get_object_or_404(Match, pk=pk)
    token = request.GET.get("token")
    if token and token == match.invite_token:
        remember_invite(request.session, match)
    if not can_view(match, request.user, request.session):
        raise Http404("No such table, or it is private.")
    return match


def match_page(request, pk):
    match = _visible_match(request, pk)
    seat = seat_of(match, request.user)
    context = match_context(match, seat.position if seat else None)
    context.update(
        chat=visible_chat(match, request.user),
        can_chat=_can_chat(match, request.user),
        # The page knows its host, so the invite link is whole before any script runs (a copy
        # taken at once is one a guest can open); frames render the path and the script adds it.
        site_origin=request.build_absolute_uri("/").rstrip("/"),
    )
    return render(request, "core/match.html", context)


@require_GET
def match_live(request, pk):
    """The live area alone, for a manual re-sync."""
    match = _visible_match(request, pk)
    seat = seat_of(match, request.user)
    return HttpResponse(render_live(match, seat.position if seat else None))


def _feedback(request, match_id: int, message: str, status: int, done: live.Snapshot | None = None):
    """A refusal's message (or nothing) and the live area as this player's seat sees it now.

    After an accepted move (``done``) the frame is the one the publisher already rendered for the
    mover's seat and sent to their sockets, so the mover's board is not rendered twice.
    """
    html = format_html('<p class="feedback error" role="alert">{}</p>', message) if message else ""
    frame = None
    if done is not None:
        position = next((s.position for s in done.seats if s.user_id == request.user.pk), None)
        frame = live.cached_frame(done.match, position)
    if frame is None:
        snapshot = live.load(match_id)
        if snapshot is None:
            return HttpResponse(html, status=status)
        position = next((s.position for s in snapshot.seats
                         if request.user.is_authenticated and s.user_id == request.user.pk), None)
        frame = live.frame_for(snapshot, position)
    return HttpResponse(html + frame, status=status)


@require_POST
def match_move(request, pk):
    """A move from the page. A player's move goes straight to the service, which reads the match
    and its seats under the row lock anyway; who may see the table is asked only of someone the
    service finds unseated (or who sent no readable move), so a private table stays a 404 to
    strangers without costing every move two more queries."""
    return _as_player(request, pk, read_move(request.POST), lambda asked: play_move_of(pk, request.user, *asked))


@require_POST
def match_take_back(request, pk):
    """Take back your latest move, while it is still your turn (core.services.takeback). The
    button carries the version the player saw, as a move does."""
    return _as_player(request, pk, read_version(request.POST),
                      lambda version: take_back(pk, request.user, version))


def _as_player(request, pk, asked, act):
    """A player's request at a table: ``asked`` is what the request says (or the sentence
    refusing it), ``act`` the service that does it; the answer is the live area as this player
    sees it, with the refusal if any."""
    if not request.user.is_authenticated:
        _visible_match(request, pk)
        return HttpResponse(format_html('<p class="feedback error">{}</p>', "Log in to play."), status=403)
    if isinstance(asked, str):
        _visible_match(request, pk)
        return _feedback(request, pk, asked, 400)
    try:
        done = act(asked)
    except Match.DoesNotExist:
        raise Http404("No such table, or it is private.") from None
    except NotAMember as exc:
        _visible_match(request, pk)
        return _feedback(request, pk, exc.message, exc.status)
    except Refused as exc:
        return _feedback(request, pk, exc.message, exc.status)
    return _feedback(request, pk, "", 200, done=done)


def visible_chat(match: Match, user):
    """The table's chat as ``user`` reads it: lines staff hid, and lines of people they blocked,
    left out."""
    return (match.chat.filter(hidden=False).exclude(user_id__in=community.hidden_authors(user))
            .select_related("user__profile")[:200])


def _can_chat(match: Match, user) -> bool:
    if not user.is_authenticated:
        return False
    if Profile.objects.filter(user=user, chat_muted=True).exists():
        return False
    return match.spectator_chat or match.seats.filter(user=user).exists()


@require_POST
def chat_post(request, pk):
    match = _visible_match(request, pk)
    text = request.POST.get("text", "").strip()[:500]
    if not _can_chat(match, request.user):
        return HttpResponse(format_html('<p class="feedback error">{}</p>', "You cannot write here."), status=403)
    if not text:
        return HttpResponse("", status=204)
    rate = settings.CHAT_RATE
    if throttle.hit(f"chat:{request.user.pk}", rate["window_seconds"]) > rate["messages"]:
        return HttpResponse(format_html('<p class="feedback error">{}</p>', "Slow down a little."), status=429)
    ChatMessage.objects.create(match=match, user=request.user, text=text)
    chat_posted(match.pk)
    return HttpResponse("")


def chat_list(request, pk):
    match = _visible_match(request, pk)
    return render(request, "core/_chat.html", {
        "match": match, "chat": visible_chat(match, request.user),
    })


@require_POST
@staff_member_required
def chat_hide(request, pk):
    """Staff hide one message (``message``: its id) from the table page; the message stays
    stored (the admin can show it again) and every socket gets the chat without it."""
    match = get_object_or_404(Match, pk=pk)
    message_id = request.POST.get("message", "")
    if not (message_id.isascii() and message_id.isdigit() and len(message_id) <= 18):
        raise Http404("No such message at this table.")
    message = get_object_or_404(ChatMessage, pk=int(message_id), match=match)
    ChatMessage.objects.filter(pk=message.pk).update(hidden=True)
    chat_posted(match.pk)
    return chat_list(request, pk)

