"""The guided first game of a game: its lessons walked one decision at a time, without a table.

Nothing is stored: the page's move carries the number of moves played so far (its ``version``),
and the guided game is replayed from its data to that point (:func:`core.engine.tutorial.stop_at`),
so a reload, a second tab or a forged number shows a stop of the same game or a clear refusal.
The board is the game's own ``board.html``, drawn from ``view(state, learner)`` as at a table,
offering only the lesson's move: a newcomer cannot go wrong.
"""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html

from core.engine.tutorial import Lesson, Stop, Tutorial, same_move, stop_at, walk
from core.models import Match
from core.move_requests import read_move
from core.plugins import registry
from core.rendering import match_context, name_seats

BOT_NAME = "Practice bot"
LEARNER_NAME = "Learner"


def _tutorial(slug: str) -> tuple:
    game = registry().games.get(slug)
    tutorial = registry().tutorials.get(slug)
    if game is None or tutorial is None:
        raise Http404("This game has no guided first game.")
    return game, tutorial


def _context(game, tutorial: Tutorial, stop: Stop, learner: str = LEARNER_NAME) -> dict:
    """What a table would show the learner at ``stop``, with the lesson's move the only one;
    ``learner`` is the name the board gives their seat."""
    over = game.result(stop.state) is not None
    match = Match(pk=0, game_slug=game.slug, players=tutorial.players, seed=stop.seed,
                  version=stop.ply, state=stop.state,
                  status=Match.Status.FINISHED if over else Match.Status.ACTIVE)
    players = [{"seat": seat, "name": learner if seat == tutorial.learner else f"{BOT_NAME} {seat}",
                "is_bot": seat != tutorial.learner, "user_id": None, "bot_takeover": False,
                "resigned": False, "score": None, "rank": None, "options": {}, "away_until": None}
               for seat in range(tutorial.players)]
    context = match_context(match, tutorial.learner, players)
    lesson = stop.lesson
    context["moves"] = [m for m in context["moves"] if lesson and same_move(m, lesson.move)][:1]
    if lesson is not None:  # lessons write seats as the rules do, "Player 2"; the board names them
        lesson = Lesson(lesson.move, *name_seats([lesson.say, lesson.why], players))
    context.update(
        tutorial=tutorial, lesson=lesson, step=stop.index + 1, steps=len(tutorial.lessons),
        over=over, result_line=_result_line(game, stop, tutorial) if over else "",
        move_url=reverse("learn", args=[game.slug]),
    )
    return context


def _result_line(game, stop: Stop, tutorial: Tutorial) -> str:
    result = game.result(stop.state)
    rank = result.ranks[tutorial.learner]
    return "You won." if rank == 1 and list(result.ranks).count(1) == 1 else (
        "You share first place." if rank == 1 else f"You finished in place {rank}.")


def learn(request, slug):
    game, tutorial = _tutorial(slug)
    if request.method == "POST":
        return _move(request, game, tutorial)
    stop = next(walk(game, tutorial))
    return render(request, "core/learn.html", {"game": game, **_context(game, tutorial, stop, _name(request))})


def _name(request) -> str:
    return request.user.get_username() if request.user.is_authenticated else LEARNER_NAME


def _move(request, game, tutorial: Tutorial) -> HttpResponse:
    asked = read_move(request.POST)
    if isinstance(asked, str):
        return _answer(None, asked, 400)
    move, version, _seen = asked
    stop = stop_at(game, tutorial, version)
    if stop is None or stop.lesson is None:
        return _answer(None, "That step is not part of this guided game; start it again.", 409)
    if not same_move(move, stop.lesson.move):
        context = _context(game, tutorial, stop, _name(request))
        return _answer(context, f"In this guided game, make the suggested move: {context['lesson'].say}", 409)
    after = next(s for s in walk(game, tutorial) if s.index == stop.index + 1)
    context = _context(game, tutorial, after, _name(request))
    return _answer(context, "", 200, said=_next_words(context))


def _next_words(context: dict) -> str:
    """What a screen reader hears after a step: the page's live region reads it, as the new
    step's panel replaces the old one without being announced."""
    lesson = context["lesson"]
    if lesson is None:
        return context["result_line"] or "That was the last step."
    return f"Step {context['step']} of {context['steps']}: {lesson.say}"


def _answer(context: dict | None, message: str, status: int, said: str = "") -> HttpResponse:
    html = format_html('<p class="feedback error" role="alert">{}</p>', message) if message else ""
    if said:
        html += format_html('<p class="visually-hidden">{}</p>', said)
    if context is not None:
        html += render_to_string("core/_learn_live.html", {**context, "oob": True})
    return HttpResponse(html, status=status)
