"""Bots choose a move for a seat from what that seat may know. The random bot works for every game.

A bot never receives the real state. :func:`decide` is the one entry point: it builds the seat's
:class:`Situation` (its view, its legal moves, and a sampler that imagines full states consistent
with the view through :meth:`Game.determinize`) and hands that to the bot, so a bot cannot read
another seat's hand or the order of a deck even by accident.

Bots written before this contract take ``choose(game, state, seat, rng)``; they keep working
through an adapter until their game migrates them (``needs = "view"``): in a game that implements
``determinize`` they are given a sampled state instead of the real one, so they cannot peek
either. Only in a game with hidden information and no ``determinize`` yet does such a bot still
see the real state; :func:`peeks` names that case.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, ClassVar

from .game import Game, Move, State
from .play import copy_json

Sampler = Callable[[random.Random], State]


class NoSampler(RuntimeError):
    """The game has hidden information but does not implement ``determinize`` yet."""


class Situation:
    """What ``seat`` knows when it must move: its view and legal moves, and a way to imagine the
    rest. ``sample(rng)`` returns a fresh full state consistent with ``view`` on every call.

    The view is built on first use: a bot that needs only the legal moves (the random bot, most
    rollouts) never pays for building and copying a view every ply.
    """

    def __init__(self, seat: int, view: dict[str, Any] | Callable[[], dict[str, Any]],
                 moves: list[Move], sampler: Sampler | None = None) -> None:
        self.seat, self.moves, self.sampler = seat, moves, sampler
        self._view = view

    @property
    def view(self) -> dict[str, Any]:
        if callable(self._view):
            self._view = self._view()
        return self._view

    def sample(self, rng: random.Random) -> State:
        if self.sampler is None:
            raise NoSampler("this game cannot sample states for a seat yet (no determinize)")
        return self.sampler(rng)

    @property
    def can_sample(self) -> bool:
        return self.sampler is not None


class Bot:
    """Base class. ``game`` is the slug the bot plays (``"*"`` = any game).

    ``needs = "view"``: ``choose(game, situation, rng)`` decides from a :class:`Situation`.
    ``needs = "state"`` (bots from before the view contract): ``choose(game, state, seat, rng)``,
    called by :func:`decide` with a sampled state where the game can sample one.
    """

    name: ClassVar[str] = "bot"
    label: ClassVar[str] = "Bot"
    game: ClassVar[str] = "*"
    needs: ClassVar[str] = "state"

    def choose(self, game: Game, *args: Any) -> Move:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<Bot {self.game}:{self.name}>"


class RandomBot(Bot):
    """Picks uniformly among the legal moves: the baseline every other bot must beat."""

    name = "random"
    label = "Random bot"
    needs = "view"

    def choose(self, game: Game, situation: Situation, rng: random.Random) -> Move:
        return rng.choice(situation.moves)


class NoisyBot(Bot):
    """Plays like ``base`` but, with probability ``epsilon``, makes a random legal move instead:
    a gentler opponent that still plays sensibly most of the time. It takes what ``base``
    takes (a Situation or, for bots from before the view contract, a state)."""

    def __init__(self, base: Bot, epsilon: float, name: str, label: str) -> None:
        self.base = base
        self.epsilon = epsilon
        self.game = base.game
        self.needs = base.needs
        self.name = name
        self.label = label

    def choose(self, game: Game, *args: Any) -> Move:
        rng = args[-1]
        if rng.random() < self.epsilon:
            if self.needs == "view":
                return rng.choice(args[0].moves)
            state, seat = args[0], args[1]
            return rng.choice(game.legal_moves(state, seat))
        return self.base.choose(game, *args)


def sampler_for(game: Game, state: State, seat: int,
                view: Callable[[], dict[str, Any]] | None = None) -> Sampler | None:
    """How ``seat`` may imagine full states: from its view alone, or (when the game hides nothing)
    the real state itself; ``None`` when the game hides things but cannot sample yet. ``view``
    gives the seat's view when asked (built from ``state`` if not given)."""
    if not game.hidden_information:
        return lambda rng: copy_json(state)
    if not game.implements_determinize():
        return None
    seen = view or (lambda: game.view(state, seat))
    return lambda rng: game.determinize(copy_json(seen()), seat, rng)


class _Once:
    """A function of no arguments whose result is worked out on the first call and kept."""

    __slots__ = ("_make", "_value")

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make, self._value = make, None

    def __call__(self) -> Any:
        if self._make is not None:
            self._value, self._make = self._make(), None
        return self._value


def situation_for(game: Game, state: State, seat: int) -> Situation:
    """The seat's :class:`Situation` in ``state``: the only thing a view-bot is shown. The view
    is copied (when first asked for) because views may share lists with the state (a log, say).

    The situation and its sampler share one cached view, built the first time either asks; the
    sampler does not reach the view through the situation, since a situation holding a sampler
    that holds the situation is a reference cycle, and a cycle every ply (with the legal moves
    in it) was left for the cycle collector to find.
    """
    view = _Once(lambda: copy_json(game.view(state, seat)))
    return Situation(seat, view, game.legal_moves(state, seat), sampler_for(game, state, seat, view))


def peeks(bot: Bot, game: Game) -> bool:
    """True when ``bot`` would see the real state of a game that hides things (a bot from before
    the view contract, in a game without ``determinize``)."""
    return bot.needs == "state" and game.hidden_information and not game.implements_determinize()


def decide(bot: Bot, game: Game, state: State, seat: int, rng: random.Random) -> Move:
    """The move ``bot`` makes for ``seat`` in ``state``: the one way to ask any bot for a move."""
    situation = situation_for(game, state, seat)
    if not situation.moves:
        raise RuntimeError(f"{game.slug}: seat {seat} is to act but has no legal move")
    if bot.needs == "view":
        return bot.choose(game, situation, rng)
    if game.hidden_information and situation.can_sample:
        state = situation.sample(random.Random(rng.getrandbits(64)))
    return bot.choose(game, state, seat, rng)


def decide_in_sample(bot: Bot, game: Game, sample: State, seat: int, rng: random.Random) -> Move:
    """A move for ``seat`` inside an imagined state (a search rollout), where the state is already
    a sample and so may be shown whole; a view-bot still gets a Situation, whose samples are the
    imagined state itself."""
    if bot.needs == "state":
        return bot.choose(game, sample, seat, rng)
    situation = Situation(seat, game.view(sample, seat), game.legal_moves(sample, seat),
                          lambda _rng: copy_json(sample))
    return bot.choose(game, situation, rng)
