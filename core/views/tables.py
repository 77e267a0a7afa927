"""Creating tables and the lobby actions on them (join, leave, seats, bots, invite links)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.access import remember_invite
from core.engine.game import players_wanted
from core.engine.strengths import EASY, HARD, HARD_SECONDS, NORMAL, at_strength
from core.forms import TableForm
from core.models import Match
from core.plugins import registry
from core.services import Refused, community, tables
from core.services.bots import wake_bots

from .match import _visible_match
from .pages import _game_or_404


@login_required
def new_table(request, slug):
    game = _game_or_404(slug)
    bots = registry().bots_for(slug)
    form = TableForm(game, bots, request.POST or None,
                     initial={"challenge": request.GET.get("challenge", "")[:200]})
    if request.method == "POST" and form.is_valid():
        try:
            match = _open(request.user, slug, form)
        except Refused as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(match)
    return render(request, "core/new_table.html", {"game": game, "form": form,
                                                   "has_hard": at_strength(bots, HARD) is not None,
                                                   "hard_seconds": HARD_SECONDS})


def _open(user, slug: str, form: TableForm) -> Match:
    """The table the form asks for; with players challenged, private and their seats held."""
    settings = form.table_settings()
    names = form.cleaned_data.get("challenge", "")
    if not names.strip():
        return tables.create_table(user, slug, **settings)
    challenged = community.challenged_users(names, user)
    with transaction.atomic():
        match = tables.create_table(user, slug, **{**settings, "private": True})
        community.invite_to_table(match, user, challenged)
    return match


def invite(request, token):
    match = get_object_or_404(Match, invite_token=token)
    remember_invite(request.session, match)
    return redirect(match)


def _act(request, pk, action, *args):
    """Run a lobby action; answer htmx with a client-side redirect so the page reloads whole.

    Only on a table the visitor may see: a private table's actions 404 without its invite. An
    action that needs the table's game, when that game is no longer installed, is refused in
    words like any other refusal.
    """
    _visible_match(request, pk)
    try:
        match = action(pk, request.user, *args)
        url = match.get_absolute_url()
    except Refused as exc:
        messages.error(request, exc.message)
        url = reverse("match", args=[pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@require_POST
def join(request, pk):
    """Take a seat; a visitor who is not logged in is sent to log in and comes back here."""
    if not request.user.is_authenticated:
        url = f"{reverse('login')}?next={reverse('match', args=[pk])}"
        return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
    return _act(request, pk, tables.join_table)


@login_required
@require_POST
def leave(request, pk):
    _visible_match(request, pk)
    try:
        tables.leave_table(pk, request.user)
    except Refused as exc:
        messages.error(request, exc.message)
        url = reverse("match", args=[pk])
    else:
        url = reverse("home")
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _position(request) -> int:
    try:
        return int(request.POST.get("position", ""))
    except ValueError:
        return -1


@login_required
@require_POST
def remove_seat(request, pk):
    return _act(request, pk, tables.remove_seat, _position(request))


@login_required
@require_POST
def add_bot(request, pk):
    return _act(request, pk, tables.add_bot, _position(request), request.POST.get("bot", "random"))


@login_required
@require_POST
def start_now(request, pk):
    return _act(request, pk, tables.start_with_joined)


@login_required
@require_POST
def resign(request, pk):
    return _act(request, pk, tables.resign)


@login_required
@require_POST
def reclaim(request, pk):
    return _act(request, pk, tables.reclaim_seat)


@login_required
@require_POST
def new_invite(request, pk):
    """The host replaces a private open table's invite link; the old one stops working."""
    return _act(request, pk, tables.rotate_invite)


#: The demo form's strength choices: what a staff member reads, by the level's name.
DEMO_STRENGTHS = ((EASY, "Easy"), (NORMAL, "Normal"), (HARD, "Hard"))


def _demo_bots(request, slug: str, players: int) -> dict[int, str] | str:
    """The bot of every seat of a demo match, by the strength asked for each (``seatN_strength``,
    counted from 1, else ``strength`` for all), or the sentence saying what was wrong. A game
    without a hard bot gets its best one instead."""
    known = {level for level, _label in DEMO_STRENGTHS}
    bots = registry().bots_for(slug)
    everyone = request.POST.get("strength", NORMAL)
    chosen = {}
    for seat in range(players):
        level = request.POST.get(f"seat{seat + 1}_strength") or everyone
        if level not in known:
            return "Choose easy, normal or hard for each seat."
        chosen[seat] = (at_strength(bots, level) or registry().best_bot(slug)).name
    return chosen


@staff_member_required
def demo_match(request):
    """Staff start an all-bot match to show a game off (linked from the admin's match list),
    each seat at the strength they pick: a hard bot against normal ones shows what search buys."""
    games = sorted(registry().games.values(), key=lambda g: g.name)
    seats = range(1, max((g.max_players for g in games), default=1) + 1)
    if request.method == "POST":
        game = registry().games.get(request.POST.get("game", ""))
        try:
            players = int(request.POST.get("players", "0"))
        except ValueError:
            players = 0
        if game is None:
            bots = "Choose a game."
        elif not game.min_players <= players <= game.max_players:
            bots = f"{players_wanted(game)}."
        else:
            bots = _demo_bots(request, game.slug, players)
        if isinstance(bots, str):
            messages.error(request, bots)
        else:
            try:
                match = tables.create_table(None, game.slug, players, bots=bots, rated=False)
            except Refused as exc:
                messages.error(request, exc.message)
            else:
                wake_bots(match.pk)
                return redirect(match)
    return render(request, "core/demo_match.html", {"games": games, "seats": seats, "strengths": DEMO_STRENGTHS})
