"""What a program reads outside the streams: who it plays as, and which games it may open."""

from __future__ import annotations

from core.models import display_name
from core.plugins import registry

from .auth import Scope
from .guard import endpoint
from .replies import answer


@endpoint(Scope.READ)
def account(request):
    user, token = request.api_user, request.api_token
    profile = getattr(user, "profile", None)
    return answer({"id": user.pk, "username": user.get_username(), "name": display_name(user),
                   "botAccount": bool(profile and profile.bot_account), "scopes": token.scopes})


@endpoint(Scope.READ)
def games(request):
    """The installed games with what opening a table needs: seats, options and bots."""
    listed = []
    for slug, game in sorted(registry().games.items()):
        listed.append({
            "slug": slug, "name": game.name, "minPlayers": game.min_players, "maxPlayers": game.max_players,
            "options": [{"name": o.name, "label": o.label, "kind": o.kind, "default": o.default,
                         "choices": [value for value, _label in o.choices], "min": o.min, "max": o.max,
                         "perSeat": o.per_seat} for o in game.options],
            "bots": sorted(registry().bots_for(slug)),
        })
    return answer({"games": listed})
