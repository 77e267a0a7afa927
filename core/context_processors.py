"""Context every page needs: the installed games, the nav bar's badge ("your turn", rematches), and
the server's clock, which the page's countdowns correct the browser's own clock by."""

import time


def portal(request):
    from .plugins import registry

    user = getattr(request, "user", None)
    context = {"installed_games": registry().games, "your_turn_count": 0, "rematch_invites": [],
               "server_ms": int(time.time() * 1000)}
    if user is not None and user.is_authenticated:
        from .services.badges import badge_context

        context.update(badge_context(user.pk))
    return context
