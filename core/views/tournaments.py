"""Tournament pages: the list (and a form to open one), a tournament's page with its live
standings, and the player's join and withdraw (see core.services.tournaments)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from core.engine.tournament import TIE_BREAKS
from core.forms import option_field
from core.models import Match, Tournament, display_name
from core.plugins import registry
from core.services import tournaments
from core.services.errors import Refused


class TournamentForm(forms.Form):
    """A tournament of one game: its settings, then one field per game option (the same fields
    as a new table's; per-seat options keep their defaults, every seat being equal here)."""

    name = forms.CharField(max_length=80)
    format = forms.ChoiceField(choices=Tournament.Format.choices)
    table_size = forms.IntegerField(min_value=2, max_value=6, initial=4, label="Players at a table",
                                    help_text="For rounds of tables; Swiss and round robin seat two.")
    rounds = forms.IntegerField(min_value=1, max_value=tournaments.MOST_ROUNDS, initial=3,
                                help_text="A round robin plays as many as it needs.")
    time_control = forms.ChoiceField(choices=[c for c in Match.TimeControl.choices if c[0] != "none"], label="Clock")
    time_per_move = forms.IntegerField(min_value=1, max_value=60, initial=5, label="Minutes or days per move")
    max_players = forms.IntegerField(min_value=2, max_value=256, initial=32)
    rated = forms.BooleanField(required=False, initial=True)
    invite_only = forms.BooleanField(required=False, label="By invitation only (a link to share)")
    starts_at = forms.DateTimeField(required=False, label="Starts at (UTC, optional)",
                                    widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))

    def __init__(self, game, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        # a table has two seats or more here: options only solo tables have are left out
        self.game_options = [o for o in game.options
                             if not o.per_seat and not (o.players and o.players[1] < 2)]
        for option in self.game_options:
            self.fields[f"opt_{option.name}"] = option_field(option)

    def settings(self) -> dict:
        data = dict(self.cleaned_data)
        options = {o.name: data.pop(f"opt_{o.name}") for o in self.game_options}
        return {**data, "game_slug": self.game.slug, "options": options}


def tournament_list(request):
    return render(request, "core/tournaments.html", {
        "open": Tournament.objects.exclude(status=Tournament.Status.FINISHED).filter(invite_only=False),
        "finished": Tournament.objects.filter(status=Tournament.Status.FINISHED, invite_only=False)[:20],
        "games": sorted(registry().games.values(), key=lambda g: g.name),
    })


@login_required
def new_tournament(request, slug):
    game = registry().games.get(slug)
    if game is None:
        raise Http404("No such game.")
    form = TournamentForm(game, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = tournaments.create(request.user, **form.settings())
        except Refused as exc:
            form.add_error(None, exc.message)
        else:
            return redirect(made)
    return render(request, "core/new_tournament.html", {"game": game, "form": form})


def _visible(request, pk) -> Tournament:
    t = get_object_or_404(Tournament, pk=pk)
    token = request.GET.get("token") or request.POST.get("token") or ""
    seated = request.user.is_authenticated and t.entrants.filter(user=request.user).exists()
    if t.invite_only and not seated and token != t.invite_token and not (
            request.user.is_authenticated and (request.user.is_staff or request.user.pk == t.created_by_id)):
        raise Http404("No such tournament, or it is by invitation.")
    return t


def tournament_page(request, pk):
    t = _visible(request, pk)
    return render(request, "core/tournament.html", _context(request, t))


def tournament_standings(request, pk):
    """The standings and rounds alone, which the page fetches again every few seconds."""
    t = _visible(request, pk)
    return render(request, "core/_tournament_live.html", _context(request, t))


def _context(request, t: Tournament) -> dict:
    mine = t.entrants.filter(user=request.user).first() if request.user.is_authenticated else None
    rounds = {}
    for table in t.tables.select_related("match"):
        rounds.setdefault(table.round, []).append(table)
    names = {e.user_id: display_name(e.user) for e in t.entrants.select_related("user__profile")}
    return {"t": t, "game": registry().games.get(t.game_slug), "mine": mine,
            "standings": tournaments.standings(t), "tie_breaks": TIE_BREAKS, "names": names,
            "rounds": sorted(rounds.items()), "token": request.GET.get("token", ""),
            "may_start": request.user.is_authenticated and (
                request.user.is_staff or request.user.pk == t.created_by_id)}


def _act(request, pk, action, done: str):
    t = _visible(request, pk)
    try:
        action(t)
    except Refused as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect(t)


@login_required
@require_POST
def join(request, pk):
    return _act(request, pk, lambda t: tournaments.join(t.pk, request.user, request.POST.get("token", "")),
                "You are registered.")


@login_required
@require_POST
def withdraw(request, pk):
    return _act(request, pk, lambda t: tournaments.withdraw(t.pk, request.user), "You left the tournament.")


@login_required
@require_POST
def start(request, pk):
    def start_it(t):
        if not (request.user.is_staff or request.user.pk == t.created_by_id):
            raise Refused("Only the tournament's organiser or staff start it.")
        tournaments.start(t.pk)

    return _act(request, pk, start_it, "The tournament has started.")
