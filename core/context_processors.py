"""Context every page needs: the installed games and the nav bar's badge ("your turn", rematches)."""


def portal(request):
    from .plugins import registry

    user = getattr(request, "user", None)
    context = {"installed_games": registry().games, "your_turn_count": 0, "rematch_invites": []}
    if user is not None and user.is_authenticated:
        from .services.badges import badge_context

        context.update(badge_context(user.pk))
    return context
