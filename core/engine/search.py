"""A general information-set Monte Carlo tree search bot (single-observer ISMCTS).

The bot sees only its seat's :class:`~core.engine.bots.Situation`. Each iteration imagines one
full state with the game's ``determinize`` (through ``situation.sample``), walks the one shared
tree from the root choosing moves by UCT among those legal in that imagined state (a move's
availability counts how often it was legal, as in Cowling, Powley and Whitehouse 2012), adds one
new move, plays the imagined game on with a rollout bot (the game's heuristic bot unless told
otherwise) and credits every seat on the path with its own outcome. The move finally played is
the root move tried most often; with a heuristic rollout bot (``anchored``, the default unless
the rollout bot is random) only if it clearly beats that bot's own move, which is tried first,
so a short, noisy search does not play worse than the heuristic it starts from. Long games can supply ``interim_scores``: rollouts then stop
after ``horizon`` plies and are judged by those points, so a 1 s budget still buys iterations.

Budgets: ``iterations`` always bounds the search; ``seconds`` (optional) bounds it in time as
well, checked inside rollouts too. With no time budget, the same situation, seed and iteration
budget always give the same move. If time runs out before one iteration completes, the bot
plays the rollout bot's move, so a decision never takes much longer than ``seconds``.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable

from .bots import Bot, RandomBot, Situation, decide_in_sample
from .errors import IllegalMove
from .game import Game, Move, Result, State, ranks_by
from .play import copy_json

EXPLORATION = 0.7
SCORE_WEIGHT = 0.1
SOLO_SCORE_SCALE = 50.0
#: How many standard errors a move's mean must beat the rollout bot's own move by to replace it.
#: Two, not one: the best of several noisy means beats the anchor by one error by chance alone
#: (lodge hikers, 16 seeded games at 1 s: hard won 7 with 1.0, 10 with 2.0, against normal).
CONFIDENCE = 2.0
#: Rollout plies before a game with ``interim_scores`` is judged by them instead of played out.
HORIZON = 40
#: Below this many iterations a move's spread of rewards is not trusted: the margin assumes the
#: widest spread a reward in [0, 1] can have (a fair coin's variance, 0.25).
SPREAD_VISITS = 10
#: The least variance assumed for a move whose rollouts all scored alike.
VARIANCE_FLOOR = 1e-4


class _OutOfTime(Exception):
    """The time budget ran out in the middle of an iteration (which is then dropped)."""


class _Node:
    __slots__ = ("actor", "move", "children", "visits", "reward", "squares", "available")

    def __init__(self, actor: int | None, move: Move | None) -> None:
        self.actor = actor
        self.move = move
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.squares = 0.0
        self.available = 0

    def variance(self) -> float:
        """The spread of this move's rewards, over its visits (0.25, the most a reward in [0, 1]
        can have, until it has ``SPREAD_VISITS``): a solo or co-operative game's rewards lie
        close together, and judging them as coin flips would never let the search move."""
        if self.visits < SPREAD_VISITS:
            return 0.25
        mean = self.reward / self.visits
        return max(self.squares / self.visits - mean * mean, VARIANCE_FLOOR)


def move_key(move: Move) -> str:
    return json.dumps(move, sort_keys=True, separators=(",", ":"))


def outcome(result: Result) -> list[float]:
    """Each seat's reward in [0, 1] for a finished game: mostly winning (rank, or ``won`` in solo
    and co-operative games), with a mild preference for more points, so the search still
    separates lines that all win or all lose. A team sharing one result (a co-operative game:
    the same ``won`` and score for every seat) is judged by its points like a solo player, not
    by the spread between seats, which is none."""
    seats = len(result.scores)
    shared = seats > 1 and len(set(result.scores)) == 1 and result.won is not None and len(set(result.won)) == 1
    if result.won is not None:
        base = [1.0 if won else 0.0 for won in result.won]
    elif seats == 1:
        base = [1.0]
    else:
        base = [(seats - rank) / (seats - 1) for rank in result.ranks]
    if seats == 1 or shared:
        points = [s / (abs(s) + SOLO_SCORE_SCALE) for s in result.scores]
    else:
        low, high = min(result.scores), max(result.scores)
        points = [0.5 if high == low else (s - low) / (high - low) for s in result.scores]
    return [(1 - SCORE_WEIGHT) * b + SCORE_WEIGHT * p for b, p in zip(base, points, strict=True)]


class SearchBot(Bot):
    """Information-set MCTS over the seat's legal moves; see the module docstring."""

    needs = "view"

    def __init__(
        self,
        game: str = "*",
        rollout: Bot | None = None,
        iterations: int = 200,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        rollout_plies: int = 2000,
        horizon: int = HORIZON,
        anchored: bool | None = None,
        interim: Callable[[State], list[float] | Result | None] | None = None,
        name: str = "search",
        label: str = "Search bot",
    ) -> None:
        self.game = game
        self.rollout = rollout or RandomBot()
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_plies = rollout_plies
        self.horizon = horizon
        self.anchored = not isinstance(self.rollout, RandomBot) if anchored is None else anchored
        self.interim = interim
        self.name = name
        self.label = label

    def choose(self, game: Game, situation: Situation, rng: random.Random) -> Move:
        if len(situation.moves) == 1:
            return situation.moves[0]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        anchor = (move_key(decide_in_sample(self.rollout, game, situation.sample(rng), situation.seat, rng))
                  if self.anchored else "")
        root = _Node(None, None)
        for _ in range(self.iterations):
            try:
                self._iterate(game, situation, root, rng, deadline, anchor)
            except _OutOfTime:
                break
            except IllegalMove:
                continue  # a rollout bot proposed a move its game refused: drop that iteration
            if deadline is not None and time.perf_counter() > deadline:
                break
        return self._final(situation, root, anchor)

    def _final(self, situation: Situation, root: _Node, anchor: str) -> Move:
        """The most tried root move, unless its mean reward does not beat the rollout bot's own
        move (the anchor) by ``CONFIDENCE`` standard errors: few noisy iterations must not make
        the search play worse than the heuristic it starts from."""
        by_key = {move_key(m): m for m in situation.moves}
        tried = [c for k, c in root.children.items() if k in by_key and c.visits]
        held = root.children.get(anchor)
        best = max(tried, key=lambda c: (c.visits, c.reward)) if tried else None
        if not self.anchored:
            return best.move if best else situation.moves[0]
        if best is None or held is None or not held.visits:
            return by_key[anchor] if anchor in by_key else situation.moves[0]
        margin = CONFIDENCE * math.sqrt(best.variance() / best.visits + held.variance() / held.visits)
        if best.reward / best.visits - held.reward / held.visits > margin:
            return best.move
        return held.move

    def _iterate(self, game: Game, situation: Situation, root: _Node, rng: random.Random,
                 deadline: float | None, anchor: str) -> None:
        state = situation.sample(rng)
        node, path = root, [root]
        actor: int | None = situation.seat
        while actor is not None:
            moves = situation.moves if node is root else game.legal_moves(state, actor)
            keyed = [(move_key(m), m) for m in moves]
            for key, _move in keyed:
                if key in node.children:
                    node.children[key].available += 1
            # a child whose only iterations were dropped has no statistics yet: still untried
            untried = [(k, m) for k, m in keyed if k not in node.children or not node.children[k].visits]
            if untried:
                first = node is root and any(k == anchor for k, _m in untried)
                key, move = next(u for u in untried if u[0] == anchor) if first else \
                    untried[rng.randrange(len(untried))]
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(actor, move)
                    child.available = 1
                state = _apply(game, state, actor, move, rng)
                path.append(child)
                break
            node = max((node.children[k] for k, _m in keyed), key=self._ucb)
            state = _apply(game, state, actor, node.move, rng)
            path.append(node)
            actor = _next_actor(game, state)
        rewards = self._play_on(game, state, rng, deadline)
        if rewards is None:
            return
        for visited in path:
            visited.visits += 1
            if visited.actor is not None:
                visited.reward += rewards[visited.actor]
                visited.squares += rewards[visited.actor] ** 2

    def _ucb(self, child: _Node) -> float:
        return child.reward / child.visits + self.exploration * math.sqrt(
            math.log(child.available) / child.visits
        )

    def _play_on(self, game: Game, state: State, rng: random.Random,
                 deadline: float | None) -> list[float] | None:
        """The rewards of playing ``state`` on with the rollout bot: to the end, or for
        ``horizon`` plies and then by ``interim`` (the bot's, else the game's ``interim_scores``:
        points per seat, or a whole :class:`Result` for a standing that is not a ranking, such
        as a co-operative team's) where there are such scores; None (the iteration is dropped)
        for a rollout that reaches neither within ``rollout_plies``."""
        for ply in range(self.rollout_plies):
            actor = _next_actor(game, state)
            if actor is None:
                return outcome(game.result(state))
            if ply >= self.horizon:
                interim = (self.interim or game.interim_scores)(state)
                if isinstance(interim, Result):
                    return outcome(interim)
                if interim is not None:
                    return outcome(Result(scores=interim, ranks=ranks_by([(p,) for p in interim])))
            if deadline is not None and time.perf_counter() > deadline:
                raise _OutOfTime
            move = decide_in_sample(self.rollout, game, state, actor, rng)
            state = _apply(game, state, actor, move, rng)
        return None


def _next_actor(game: Game, state: State) -> int | None:
    seats = game.to_act(state)
    return min(seats) if seats else None


def _apply(game: Game, state: State, seat: int, move: Move, rng: random.Random) -> State:
    """Apply in place: each iteration owns its freshly sampled state, so the per-ply deep copy
    that protects a real match is not needed here (it was most of the search's time). The move
    is copied so that no state aliases a move kept in the tree."""
    return game.apply(state, seat, copy_json(move), rng)
