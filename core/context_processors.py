"""Context every page needs: the installed games and the "your turn" count for the nav bar."""


def portal(request):
    from .plugins import registry

    user = getattr(request, "user", None)
    your_turn = 0
    if user is not None and user.is_authenticated:
        from .services.queries import matches_awaiting

        your_turn = len(matches_awaiting(user))
    return {"installed_games": registry().games, "your_turn_count": your_turn}
