"""The plugin's hook implementations: how Meeple Hall learns about Lodge.

Django models are imported inside the hooks so that pure scripts (bench, playouts) can import
this module without a configured Django.
"""

from __future__ import annotations

from core.hookspecs import hookimpl

from .bots import Innkeeper
from .rules import Lodge
from .tutorial import TUTORIAL


@hookimpl
def register_games():
    return [Lodge()]


@hookimpl
def register_bots():
    return [Innkeeper()]


@hookimpl
def after_match_finished(match, result):
    if match.game_slug != Lodge.slug:
        return
    from .progress import record_solo_result

    record_solo_result(match, result)


@hookimpl
def extra_profile_sections(user):
    from .progress import profile_sections

    return profile_sections(user)


@hookimpl
def register_tutorials():
    return [TUTORIAL]
