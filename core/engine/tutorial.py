"""A guided first game: a seeded game in which the learner is told what to do and why.

A plugin declares its tutorial as data (:class:`Tutorial`): the seed, the players, and one
:class:`Lesson` per decision of the learner, each the move to make, a line saying what to do
and a line saying why. The other seats play their first legal move whenever they are to act
(or the first legal move that has the fields the tutorial lists for them), so the whole game
follows from the data and the rules: no bot whose play could change between releases, no
database. :func:`walk` replays it to
each of the learner's decisions; :func:`problems` is what the plugin kit checks, so a rules
change that makes a lesson's move illegal fails the plugin's own tests, not a newcomer's game.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalMove
from .game import Game, Move, State
from .play import play_move, resolve_options, start

#: A guided game longer than this many moves is a mistake in its data, not a game to walk.
MOST_PLIES = 20_000


@dataclass(frozen=True)
class Lesson:
    """One decision of the learner: the move, what to do (``say``) and why it is good (``why``)."""

    move: Move
    say: str
    why: str


@dataclass(frozen=True)
class Tutorial:
    """A guided first game of ``game`` (a slug), declared by its plugin."""

    game: str
    players: int
    lessons: tuple[Lesson, ...]
    seed: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)
    learner: int = 0
    intro: str = ""
    outro: str = ""
    #: Moves for other seats, in the order they are to be played: each is the first legal move
    #: that has all of its fields (``{"type": "done"}`` is the first "done" move, a whole move is
    #: itself). A seat whose list is used up (or not given) plays its first legal move.
    replies: Mapping[int, Sequence[Move]] = field(default_factory=dict)


@dataclass(frozen=True)
class Stop:
    """The game where the learner decides: the state after ``ply`` moves, the index of the
    lesson that comes now, and that lesson (``None`` once every lesson is done)."""

    state: State
    ply: int
    index: int
    lesson: Lesson | None
    seed: int


class TutorialBroken(Exception):
    """The tutorial's data does not fit the rules (a lesson's move is refused, the learner is not
    to act when a lesson comes); the sentence says where."""


def same_move(a: Move, b: Move) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def walk(game: Game, tutorial: Tutorial) -> Iterator[Stop]:
    """Every stop of the guided game in order: one per lesson, then the stop after the last."""
    options, seat_options = resolve_options(game, tutorial.players, dict(tutorial.options))
    state = start(game, tutorial.seed, tutorial.players, options, seat_options)
    replies = {seat: list(moves) for seat, moves in tutorial.replies.items()}
    ply = 0
    for index, lesson in enumerate(tutorial.lessons):
        state, ply = _others_play(game, tutorial, state, ply, replies)
        if game.result(state) is not None:
            raise TutorialBroken(f"lesson {index + 1}: the game is already over")
        if tutorial.learner not in game.to_act(state):
            raise TutorialBroken(f"lesson {index + 1}: it is not the learner's turn")
        yield Stop(state, ply, index, lesson, tutorial.seed)
        if not any(same_move(lesson.move, legal) for legal in game.legal_moves(state, tutorial.learner)):
            raise TutorialBroken(f"lesson {index + 1}: {lesson.move} is not among the legal moves")
        try:
            state, _ = play_move(game, state, tutorial.learner, lesson.move, ply + 1, tutorial.seed)
        except IllegalMove as exc:
            raise TutorialBroken(f"lesson {index + 1}: {exc.reason}") from None
        ply += 1
    state, ply = _others_play(game, tutorial, state, ply, replies)
    yield Stop(state, ply, len(tutorial.lessons), None, tutorial.seed)


def _others_play(game: Game, tutorial: Tutorial, state: State, ply: int,
                 replies: dict[int, list[Move]]) -> tuple[State, int]:
    """The other seats' moves until the learner is to act or the game is over."""
    while game.result(state) is None:
        to_act = game.to_act(state)
        if tutorial.learner in to_act:
            break
        if ply >= MOST_PLIES:
            raise TutorialBroken(f"the others played {MOST_PLIES} moves without the learner's turn")
        seat = min(to_act)
        waiting = replies.get(seat)
        legal = game.legal_moves(state, seat)
        wanted = waiting.pop(0) if waiting else {}
        move = next((m for m in legal if all(m.get(k) == v for k, v in wanted.items())), None)
        if move is None:
            raise TutorialBroken(f"move {ply + 1}, seat {seat + 1}: no legal move has {wanted}")
        try:
            state, _ = play_move(game, state, seat, move, ply + 1, tutorial.seed)
        except IllegalMove as exc:
            raise TutorialBroken(f"move {ply + 1}, seat {seat + 1}: {exc.reason}") from None
        ply += 1
    return state, ply


def stop_at(game: Game, tutorial: Tutorial, ply: int) -> Stop | None:
    """The stop reached after ``ply`` moves, if the guided game has one there."""
    return next((stop for stop in walk(game, tutorial) if stop.ply == ply), None)


def problems(game: Game, tutorial: Tutorial) -> list[str]:
    """What is wrong with ``tutorial`` for ``game``: empty when the whole guided game plays."""
    found = []
    if tutorial.game != game.slug:
        found.append(f"the tutorial is for {tutorial.game!r}, not {game.slug!r}")
    if not tutorial.lessons:
        found.append("the tutorial has no lessons")
    for lesson in tutorial.lessons:
        if not (lesson.say.strip() and lesson.why.strip()):
            found.append(f"a lesson without words: {lesson.move}")
    try:
        for _stop in walk(game, tutorial):
            pass
    except TutorialBroken as exc:
        found.append(str(exc))
    return found
