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

from core import plots
from core.models import Match
from core.plugins import registry
from core.services import queries, stats
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


def statistics_page(request, slug):
    """A game's statistics, each plot with the table of its numbers beside it."""
    game = _game_or_404(slug)
    row = stats.statistics(slug)
    sections = []
    for players, part in sorted(row.data.get("by_players", {}).items(), key=lambda kv: int(kv[0])):
        games = part["games"]
        seats = [(f"Seat {n + 1}", round(100 * wins / games, 1)) for n, wins in enumerate(part["firsts"])]
        scores = {float(k): v for k, v in part["scores"].items()}
        plies = {float(k): v for k, v in part["plies"].items()}
        score_plot, score_rows = plots.histogram(f"Scores at {players} players", scores,
                                                 table_id=f"scores-{players}")
        length_plot, length_rows = plots.histogram(f"Game length at {players} players, in moves", plies,
                                                   table_id=f"length-{players}")
        sections.append({
            "players": players, "games": games,
            "solo_share": round(100 * part["solo_wins"] / games, 1) if int(players) == 1 else None,
            "seats": seats, "seat_plot": plots.bars(f"First places by seat at {players} players", seats, "%",
                                                    table_id=f"seats-{players}"),
            "score_plot": score_plot, "score_rows": score_rows,
            "length_plot": length_plot, "length_rows": length_rows,
        })
    extra = [(name, total / count) for name, (total, count) in sorted(row.data.get("extra", {}).items())]
    return render(request, "core/statistics.html", {
        "game": game, "games": row.data.get("games", 0), "sections": sections, "extra": extra})
