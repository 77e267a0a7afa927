"""The whole Meeple Hall plugin API, in one file.

A game plugin is a Django app listed under the ``meeplehall.games`` entry-point group. Meeple
Hall registers the app's ``hooks`` module with pluggy at start-up (``CoreConfig.ready``); each
function there decorated with ``@hookimpl`` and named after a spec below is called as described.

Vocabulary: ``register_<things>()`` runs once at start-up and returns a list; ``after_<event>``
runs after the database transaction has committed and returns nothing; ``extra_<thing>`` returns
extra material for a page. Hooks are always called with keyword arguments.

Calling: the portal calls ``pm.hook.<name>(...)``, so pluggy's rules hold. Plugins are
registered in sorted order and called last-registered first; ``@hookimpl(tryfirst=True)`` and
``@hookimpl(trylast=True)`` move an implementation to the front or the back; an
``@hookimpl(wrapper=True)`` generator runs around all the others, receives their results from
its ``yield`` and returns the final value. A plain implementation that raises is logged, listed
among the plugin problems (admin, ``manage.py check``) and counts as returning nothing.

Templates are found by convention, not by hook: ``<slug>/board.html`` draws the match page from
the player's view, and ``<slug>/how_to_play.html`` is the game's rules page. The guide to writing
a game (docs/plugins.md; the wheel carries it as core/docs/plugins.md) shows them all in use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from core.engine import Bot, Game, Result
    from core.engine.tutorial import Tutorial

hookspec = pluggy.HookspecMarker("meeplehall")
hookimpl = pluggy.HookimplMarker("meeplehall")


# -------------------------------------------------------------------------------------------
# Start-up: what a plugin brings
# -------------------------------------------------------------------------------------------


@hookspec
def register_games() -> list[Game]:
    """Return the games this plugin provides (usually one).

    Called once when the plugin registry is built. Each game's ``slug`` must be unique across
    every installed plugin; a duplicate is refused and reported to staff.

    :returns: a list of :class:`core.engine.Game` instances.
    """


@hookspec
def register_bots() -> list[Bot]:
    """Return bots better than random for this plugin's games.

    Called once at start-up. Each bot's ``game`` attribute names the slug it plays; the random
    bot is always available for every game and needs no registration.

    :returns: a list of :class:`core.engine.Bot` instances.
    """


# -------------------------------------------------------------------------------------------
# Events
# -------------------------------------------------------------------------------------------


@hookspec
def register_tutorials() -> list[Tutorial]:
    """Return guided first games for this plugin's games (one per game at most).

    Called once at start-up. A tutorial is data (:class:`core.engine.tutorial.Tutorial`): a seed, the players and one
    lesson per decision of the learner (the move, what to do, why). The game's page links to it;
    the plugin kit checks that every lesson's move is legal when it comes.

    :returns: a list of :class:`core.engine.tutorial.Tutorial` instances.
    """


@hookspec
def match_statistics(game_slug: str, result: dict[str, Any], players: int) -> dict[str, float]:
    """Numbers of your own about one finished match, for its game's statistics page.

    Called once per finished match, in the transaction that finishes it (and again for every
    finished match when the statistics are rebuilt), for every plugin: answer only for your
    game's slug. The page shows each number's average over all finished matches of the game,
    under the name you give it ("Squirrel tokens per player at the end").

    :param game_slug: the game of the match.
    :param result: the stored result (``Result.to_json()``: scores, ranks, details...).
    :param players: how many seats the match had.
    :returns: ``{"name": number}``, or nothing for another game's match.
    """


@hookspec
def after_match_finished(match: Any, result: Result) -> None:
    """A match has just finished; record whatever the plugin keeps (solo progress, stats).

    Called after the transaction that stored the last move has committed, once per match,
    for every plugin (check ``match.game_slug``). Exceptions are logged, never shown to players.

    :param match: the finished :class:`core.models.Match`, with its seats.
    :param result: the game's :class:`core.engine.Result`.
    """


# -------------------------------------------------------------------------------------------
# Pages
# -------------------------------------------------------------------------------------------


@hookspec
def extra_profile_sections(user: Any) -> list[dict[str, Any]]:
    """Extra sections for a user's profile page, such as solo-mode progress.

    Called while rendering the profile. Each section is ``{"title": str, "template": str,
    "context": dict}``; the template is rendered with that context.

    :param user: the user whose profile is shown.
    :returns: a list of sections (empty if the plugin has nothing for this user).
    """
