"""Home, game pages, leaderboards, health check, the icon at /favicon.ico."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from core.models import Match
from core.plugins import registry
from core.services import queries
from core.services.ratings import leaderboard


def home(request):
    mine = []
    if request.user.is_authenticated:
        mine = (Match.objects.filter(seats__user=request.user, status__in=["open", "active"])
                .distinct().prefetch_related("seats__user__profile")[:20])
    return render(request, "core/home.html", {
        "games": sorted(registry().games.values(), key=lambda g: g.name),
        "tables": queries.open_tables(request.user)[:50],
        "live": queries.live_matches(),
        "mine": mine,
        "awaiting": set(queries.matches_awaiting(request.user.pk)) if request.user.is_authenticated else set(),
    })


@login_required
def your_games(request):
    """Every table of the player: waiting for them (nearest deadline first), waiting for others,
    still gathering players, recent results. The page's portal socket redraws the lists when a
    move changes whose turn it is (:meth:`core.consumers.PortalConsumer.user_update`)."""
    return render(request, "core/your_games.html", queries.your_games(request.user.pk))


def lobby_tables(request):
    """The open-tables list alone, for the live lobby and plain reloads."""
    return render(request, "core/_tables.html", {"tables": queries.open_tables(request.user)[:50]})


def _game_or_404(slug):
    game = registry().games.get(slug)
    if game is None:
        raise Http404("No such game is installed.")
    return game


def game_page(request, slug):
    game = _game_or_404(slug)
    try:
        get_template(f"{slug}/how_to_play.html")
        rules_template = f"{slug}/how_to_play.html"
    except TemplateDoesNotExist:
        rules_template = None
    return render(request, "core/game.html", {
        "game": game, "rules_template": rules_template,
        "bots": registry().bots_for(slug),
        "tutorial": registry().tutorials.get(slug),
        "leaders": leaderboard(slug, limit=10),
    })


def leaderboard_page(request, slug):
    game = _game_or_404(slug)
    return render(request, "core/leaderboard.html", {"game": game, "ratings": leaderboard(slug, 200)})


def healthz(request):
    return JsonResponse({
        "status": "ok",
        "games": sorted(registry().games),
        "problems": len(registry().problems),
    })


@require_safe
@cache_control(max_age=86400, public=True)
def favicon(request):
    """Browsers ask for /favicon.ico wherever a page links no icon: the portal's icon, under its
    static (hashed, long-cached) name. A day's caching of the redirect, not for ever, since the
    hashed name changes with the file."""
    return HttpResponseRedirect(static("img/meeple.svg"))
