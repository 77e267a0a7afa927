"""A general information-set Monte Carlo tree search bot (single-observer ISMCTS).

The bot sees only its seat's :class:`~core.engine.bots.Situation`. Each iteration imagines one
full state with the game's ``determinize`` (through ``situation.sample``), walks the one shared
tree from the root choosing moves by UCT among those legal in that imagined state (a move's
availability counts how often it was legal, as in Cowling, Powley and Whitehouse 2012), adds one
new move, plays the imagined game on with a rollout bot (the game's heuristic bot unless told
otherwise, or a cheaper bot it offers) and credits every seat on the path with its own outcome.
A heuristic may offer a shortlist of its best few moves (``root_moves(game, sample, seat,
rng)``, on an imagined state): the root then considers only those and its own move, so the
iterations are not spread thin. Without a heuristic (not ``anchored``) the move played is the
root move tried most often. With one (``anchored``, the default unless it is random), the
heuristic's own move (the anchor) stands unless another clearly beats it, so a short, noisy
search does not play worse than the heuristic it starts from; and "clearly" is judged in paired
rounds: a few root moves (the shortlist, or else the ones a first share of the budget found
most promising by UCT) are each tried in the same imagined state with the same random numbers,
round after round, and a move replaces the anchor only if its lead over the anchor, round by
round, is sure beyond its noise. Long games can supply ``interim_scores``: rollouts then stop
after ``horizon`` plies and are judged by those points, so a 1 s budget still buys iterations;
by rank, or, given a ``lead_scale``, by the size of each seat's lead (:func:`leads`). Where such
a judgement says next to nothing early on (who leads a quarter into a long game may not tell
who wins it), ``from_progress`` keeps the heuristic's move unsearched until the game
(:meth:`~core.engine.game.Game.progress`) is that far on: a search there follows only noise and
the interim scores' short view.

Budgets: ``iterations`` always bounds the search; ``seconds`` (optional) bounds the whole
decision, the heuristic's own move included (see :class:`_Clock`): no step begins that the
longest step so far would carry past the deadline, a step still running there is stopped, and
a rollout stopped by the clock is judged by its interim scores where the game has them instead
of being thrown away. With no time budget, the same situation, seed and iteration budget always
give the same move. If time runs out before one iteration completes, the bot plays the
heuristic's move.
"""

from __future__ import annotations

import gc
import json
import math
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from .bots import Bot, RandomBot, Situation, decide_in_sample
from .errors import IllegalMove
from .game import Game, Move, Result, State, ranks_by
from .play import copy_json

EXPLORATION = 0.7
SCORE_WEIGHT = 0.1
SOLO_SCORE_SCALE = 50.0
#: How many standard errors a move's lead over the heuristic's own move must have to replace
#: it. Lodge hikers, hard (40 iterations) vs normal, win share over seeds 0-199 and 1000-1199:
#: 0.5 55% and 54%, 1.0 59% and 61%, 1.5 54.5% (seeds 1000-), 2.0 54% and 53.5%: too sure a
#: search seldom leaves a heuristic it could beat, too ready a one follows the luckiest of its
#: few contenders.
CONFIDENCE = 1.0
#: Rollout plies before a game with ``interim_scores`` is judged by them instead of played out,
#: at a table of two (more seats play proportionally longer: ``SearchBot._reach``).
HORIZON = 40
#: Below this many iterations a move's spread of rewards is not trusted on its own: the margin
#: then uses the spread pooled over all root moves, if they have this many degrees of freedom
#: between them, else the widest spread a reward in [0, 1] can have (a fair coin's, 0.25).
SPREAD_VISITS = 10
#: The least variance assumed for moves whose rollouts all scored alike. Tiny: a co-operative
#: team's reward for one more animal housed is about 0.001 (points weigh SCORE_WEIGHT, spread
#: over s / (s + 50)), and a floor of 1e-4 (a spread of 0.01) hid every such difference.
VARIANCE_FLOOR = 1e-8
#: Where the alarm can be set, a rollout bot's decision that takes longer than this share of the
#: time budget is cut short: the rollout is judged where it stands (by interim scores), or that
#: ply is played at random. A Komodo keeper's rollout ply took 0.5-1 s about once in 30, at
#: 4-16 ms on average, so those few plies used most of a 1 s decision.
STEP_SHARE = 0.05
#: The share of the time budget held back for the work after the search (the final choice, the
#: caller's own) and for a busy machine: with the load average at 4-5 on two cores, a bench run
#: at nice 19 got 0.3-0.5 s of CPU in a 1 s decision, and the few ms after the search once took
#: 150 ms. Holding back 5%, Komodo's hard decisions at 1 s were 0.93 s p50 and 1.2 s p99.
SLACK = 0.1
#: How early the deadline's alarm may seem by the search's own clock and still count as it.
RING_EARLY = 0.005
#: An anchored search whose root has at most this many moves compares them in paired rounds
#: (:meth:`SearchBot._rounds`): every move is tried in the same imagined state, with the same
#: random numbers, so what the moves are judged on is their difference, not the luck of the
#: draw that each happened to be tried with.
PAIRED_MOVES = 6
#: Paired rounds a move must have before its lead over the anchor is trusted at all; with fewer,
#: the tree's own statistics decide (:meth:`SearchBot._final`).
PAIRED_ROUNDS = 3
#: With more root moves than ``PAIRED_MOVES``, this share of the budget (iterations and time)
#: grows the tree first, and its most tried moves, with the anchor, go on to paired rounds.
SCOUT_SHARE = 0.5


class _OutOfTime(Exception):
    """The time budget ran out in the middle of an iteration that cannot be judged yet (which is
    then dropped)."""


class _Preempted(BaseException):
    """The alarm rang in a step still running at the deadline. A BaseException, so that a
    heuristic's own ``except Exception`` cannot swallow it and run on."""


class _Clock:
    """A decision's deadline (``SLACK`` before its budget ends), and the longest single step
    taken so far in it: the sample an iteration starts from, or one rollout ply (the rollout
    bot's decision and its move).

    A step begins only if one as long as the longest so far still ends before the deadline. That
    is not enough alone: a heuristic's decisions are not alike (a Komodo keeper's wild-card
    look-ahead took 0.5-1 s in one rollout ply in 30, at 5-50 ms most of the time), and the
    deadline used to be checked only after a step, so such a ply ran the decision past its budget
    (p99 1.5 s at 1 s). Where the process allows it (the main thread, with the interval timer and
    SIGALRM unused, as in a thinking worker or a bench run), an alarm rings at the deadline and
    stops a step still running inside :meth:`steps`, and a rollout decision inside
    :meth:`capped` is stopped after its cap; elsewhere the cooperative check alone bounds the
    decision. Without a deadline the clock is never read and no alarm is set, so a search on
    iterations alone repeats itself exactly."""

    __slots__ = ("deadline", "cap", "longest", "in_step", "capping", "previous", "collecting")

    def __init__(self, seconds: float | None) -> None:
        self.deadline = None if seconds is None else time.perf_counter() + (1 - SLACK) * seconds
        self.cap = None if seconds is None else STEP_SHARE * seconds
        self.longest = 0.0
        self.in_step = self.capping = self.collecting = False
        self.previous: object = None

    def start(self) -> float:
        return 0.0 if self.deadline is None else time.perf_counter()

    def took(self, started: float, capped: bool = False) -> None:
        """Note a step begun at ``started``; a ``capped`` one (a rollout decision) counts at most
        its cap where the alarm would cut it there."""
        if self.deadline is not None:
            spent = time.perf_counter() - started
            self.longest = max(self.longest, min(spent, self.cap) if capped and self.previous is not None else spent)

    def room(self) -> bool:
        """True when a step as long as the longest so far would end before the deadline."""
        return self.deadline is None or time.perf_counter() + self.longest <= self.deadline

    def arm(self) -> None:
        """Set the alarm for the deadline, if there is one and the process lets us, and hold
        the garbage collector's automatic runs until :meth:`disarm`: a full collection of a
        worker's heap took about 0.1 s, and the alarm cannot ring inside one (Komodo decisions
        ran 0.1-0.2 s past the deadline with all the CPU they wanted). What a search throws away
        is JSON-shaped and acyclic, so reference counting frees it meanwhile."""
        if self.deadline is None:
            return
        self.collecting = gc.isenabled()
        gc.disable()
        if _may_set_alarm():
            self.previous = signal.signal(signal.SIGALRM, self._ring)
            self._ring_at(self.deadline)

    def disarm(self) -> None:
        if self.previous is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.previous)
            self.previous = None
        if self.collecting:
            gc.enable()

    @contextmanager
    def steps(self) -> Iterator[None]:
        """The alarm at the deadline may stop what runs inside (it rings once)."""
        self.in_step = True
        try:
            yield
        finally:
            self.in_step = False

    @contextmanager
    def capped(self) -> Iterator[None]:
        """What runs inside is stopped after ``cap`` (or at the deadline), where the alarm is set."""
        if self.previous is None:
            yield
            return
        self.capping = True
        self._ring_at(min(self.deadline, time.perf_counter() + self.cap))
        try:
            yield
        finally:
            self.capping = False
            if time.perf_counter() < self.deadline:
                self._ring_at(self.deadline)

    def _ring_at(self, moment: float) -> None:
        signal.setitimer(signal.ITIMER_REAL, max(moment - time.perf_counter(), 1e-4))

    def _ring(self, _signum: int, _frame: object) -> None:
        """A cap's ring stops a capped decision; the deadline's ring stops any step. A cap's ring
        that comes just after its decision ended (before the deadline was set again) is let be."""
        if self.capping or (self.in_step and time.perf_counter() >= self.deadline - RING_EARLY):
            self.in_step = self.capping = False
            raise _Preempted


def _may_set_alarm() -> bool:
    """True in the main thread of a process whose interval timer and SIGALRM nobody else uses."""
    return (hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGALRM) == signal.SIG_DFL
            and signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0))


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

    def variance(self, pooled: float | None = None) -> float:
        """The spread of this move's rewards, over its visits; until it has ``SPREAD_VISITS``,
        the ``pooled`` spread of all root moves (:func:`pooled_variance`), else 0.25, the most a
        reward in [0, 1] can have. A solo or co-operative game's rewards lie close together, and
        judging them as coin flips would never let the search move."""
        if self.visits < SPREAD_VISITS:
            return 0.25 if pooled is None else pooled
        return max(self.squares / self.visits - (self.reward / self.visits) ** 2, VARIANCE_FLOOR)


def pooled_variance(nodes: list[_Node]) -> float | None:
    """The spread of rewards within each move, pooled over ``nodes`` (each around its own mean),
    or None below ``SPREAD_VISITS`` degrees of freedom. At 1 s a solo hotel search runs 20-30
    iterations over 10-20 root moves, so no move reached ``SPREAD_VISITS`` alone and the search
    never left the heuristic's move; the noise of a rollout is much the same whichever move
    began it, so together the moves measure it."""
    spread = [n for n in nodes if n.visits > 1]
    freedom = sum(n.visits - 1 for n in spread)
    if freedom < SPREAD_VISITS:
        return None
    squares = sum(n.squares - n.reward ** 2 / n.visits for n in spread)
    return max(squares / freedom, VARIANCE_FLOOR)


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


@dataclass
class Thought:
    """What the last decision of the search did, kept on the bot (``SearchBot.thought``) for
    benchmarks that tune a game's search (``bench/bots.py`` sums them up), where one thread at a
    time uses the bot: a search that leaves its heuristic's move on two paired rounds is told
    apart from one with the budget to judge. It plays no part in choosing."""

    roots: int  #: legal moves at the root
    compared: int = 0  #: root moves weighed (after the heuristic's shortlist and any scouting)
    iterations: int = 0  #: tree iterations, the scouting ones included
    rounds: int = 0  #: whole paired rounds
    anchor: Move | None = None  #: the heuristic's own move (None when not anchored)
    chosen: Move | None = None


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
        heuristic: Bot | None = None,
        lead_scale: float | None = None,
        from_progress: float = 0.0,
    ) -> None:
        self.game = game
        self.rollout = rollout or RandomBot()
        self.heuristic = heuristic or self.rollout
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_plies = rollout_plies
        self.horizon = horizon
        self.anchored = not isinstance(self.heuristic, RandomBot) if anchored is None else anchored
        self.interim = interim
        self.lead_scale = lead_scale
        self.from_progress = from_progress
        self.name = name
        self.label = label
        self.thought: Thought | None = None

    def choose(self, game: Game, situation: Situation, rng: random.Random) -> Move:
        thought = self.thought = Thought(roots=len(situation.moves), compared=1)
        if len(situation.moves) == 1:
            thought.chosen = situation.moves[0]
            return thought.chosen
        clock = _Clock(self.seconds)
        clock.arm()
        try:
            chosen = thought.chosen = self._search(game, situation, rng, clock)
            return chosen
        finally:
            clock.disarm()

    def _search(self, game: Game, situation: Situation, rng: random.Random, clock: _Clock) -> Move:
        anchor = ""
        if self.anchored:
            started = clock.start()
            sample = situation.sample(rng)
            searching = game.progress(sample) >= self.from_progress
            offered = getattr(self.heuristic, "root_moves", None) if searching else None
            shortlist = offered(game, copy_json(sample), situation.seat, rng) if callable(offered) else None
            self.thought.anchor = decide_in_sample(self.heuristic, game, sample, situation.seat, rng)
            anchor = move_key(self.thought.anchor)
            if not searching:
                return next((m for m in situation.moves if move_key(m) == anchor), self.thought.anchor)
            if self.heuristic is self.rollout and shortlist is None:
                clock.took(started, capped=True)  # the anchor was a rollout step: the first estimate of one
            if shortlist:
                situation = _narrowed(situation, {move_key(m) for m in shortlist} | {anchor})
                if len(situation.moves) == 1:
                    return situation.moves[0]
        root = _Node(None, None)
        self.thought.compared = len(situation.moves)
        if not self.anchored or anchor not in {move_key(m) for m in situation.moves}:
            self._grow(game, situation, root, rng, clock, anchor, self.iterations)
            return self._final(situation, root, anchor)
        budget = self.iterations
        if len(situation.moves) > PAIRED_MOVES:
            scouted = self._grow(game, situation, root, rng, clock, anchor, int(SCOUT_SHARE * budget), SCOUT_SHARE)
            budget -= scouted
            ahead = sorted((c for k, c in root.children.items() if k != anchor and c.visits),
                           key=lambda c: (c.visits, c.reward), reverse=True)
            situation = _narrowed(situation, {move_key(c.move) for c in ahead[:PAIRED_MOVES - 1]} | {anchor})
            self.thought.compared = len(situation.moves)
        chosen = self._rounds(game, situation, root, rng, clock, anchor, budget)
        return chosen if chosen is not None else self._final(situation, root, anchor)

    def _grow(self, game: Game, situation: Situation, root: _Node, rng: random.Random, clock: _Clock,
              anchor: str, iterations: int, share: float = 1.0) -> int:
        """Grow the tree by up to ``iterations`` iterations, within ``share`` of the time left,
        and say how many were run."""
        whole = clock.deadline
        if whole is not None:
            now = time.perf_counter()
            clock.deadline = now + share * (whole - now)
        done = 0
        try:
            while done < iterations:
                done += 1
                try:
                    self._iterate(game, situation, root, rng, clock, anchor)
                except IllegalMove:
                    continue  # a rollout bot proposed a move its game refused: drop that iteration
        except (_OutOfTime, _Preempted):
            done -= 1
        finally:
            clock.deadline = whole
        self.thought.iterations += done
        return done

    def _final(self, situation: Situation, root: _Node, anchor: str) -> Move:
        """The most tried root move, unless its mean reward does not beat the heuristic's own
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
        pooled = pooled_variance(tried)
        margin = CONFIDENCE * math.sqrt(best.variance(pooled) / best.visits + held.variance(pooled) / held.visits)
        if best.reward / best.visits - held.reward / held.visits > margin:
            return best.move
        return held.move

    def _rounds(self, game: Game, situation: Situation, root: _Node, rng: random.Random,
                clock: _Clock, anchor: str, iterations: int) -> Move | None:
        """Search a short list of root moves in paired rounds: each round imagines one state and
        draws one seed, and tries every root move from a copy of that state, the tree below it
        walked and the game played on with random numbers from that seed. A move replaces the
        anchor only if its reward minus the anchor's, round by round, is above zero by
        ``CONFIDENCE`` standard errors of that difference. Rollouts of two moves from the same
        cards and dice differ mostly by what the moves did, so the difference is far less noisy
        than two means taken over different draws (lodge hikers, hard vs normal over 200 games at
        40 iterations: 49.5% won by unpaired means, 54.0% by paired rounds at two standard
        errors, 59.0% at one). A round cut short by the budget is dropped whole; with fewer than
        ``PAIRED_ROUNDS`` whole rounds the answer is None, and the tree's own statistics decide."""
        keyed = [(move_key(m), m) for m in situation.moves]
        lead: dict[str, list[float]] = {key: [] for key, _move in keyed}
        for _ in range(max(1, iterations // len(keyed))):
            try:
                if not clock.room():
                    raise _OutOfTime
                started = clock.start()
                world = situation.sample(rng)
                clock.took(started)
                seed = rng.getrandbits(64)
                got = {}
                for key, move in keyed:
                    rewards = self._iterate(game, situation, root, random.Random(seed), clock, anchor,
                                            (key, move, copy_json(world)))
                    if rewards is None:
                        break
                    got[key] = rewards[situation.seat]
            except (_OutOfTime, _Preempted):
                break
            except IllegalMove:
                continue
            if len(got) == len(keyed):
                for key, reward in got.items():
                    lead[key].append(reward - got[anchor])
        self.thought.rounds = len(lead[anchor])
        return _paired_choice(keyed, lead, anchor) if len(lead[anchor]) >= PAIRED_ROUNDS else None

    def _iterate(self, game: Game, situation: Situation, root: _Node, rng: random.Random,
                 clock: _Clock, anchor: str, forced: tuple[str, Move, State] | None = None) -> list[float] | None:
        """One iteration, its rewards credited along its path (and returned). ``forced``: the
        root move to try and the imagined state to try it in, instead of choosing both."""
        if not clock.room():
            raise _OutOfTime
        path = [root]
        with clock.steps():
            rewards = self._descend(game, situation, root, rng, clock, anchor, path, forced)
        if rewards is None:
            return None
        for visited in path:
            visited.visits += 1
            if visited.actor is not None:
                visited.reward += rewards[visited.actor]
                visited.squares += rewards[visited.actor] ** 2
        return rewards

    def _descend(self, game: Game, situation: Situation, root: _Node, rng: random.Random,
                 clock: _Clock, anchor: str, path: list[_Node],
                 forced: tuple[str, Move, State] | None = None) -> list[float] | None:
        """One iteration up to its rewards: sample a state, walk the tree (adding the nodes it
        passes to ``path``), add one node and play on from it."""
        if forced is None:
            started = clock.start()
            state = situation.sample(rng)
            clock.took(started)
        else:
            state = forced[2]
        node = root
        actor: int | None = situation.seat
        while actor is not None:
            moves = situation.moves if node is root else game.legal_moves(state, actor)
            if node is root and forced is not None:
                key, move = forced[0], forced[1]
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = _Node(actor, move)
                child.available += 1
                state = _apply(game, state, actor, move, rng)
                path.append(child)
                if not child.visits:
                    break
                node = child
                actor = _next_actor(game, state)
                continue
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
        return self._play_on(game, state, rng, clock, strict=forced is not None)

    def _ucb(self, child: _Node) -> float:
        return child.reward / child.visits + self.exploration * math.sqrt(
            math.log(child.available) / child.visits
        )

    def _play_on(self, game: Game, state: State, rng: random.Random, clock: _Clock,
                 strict: bool = False) -> list[float] | None:
        """The rewards of playing ``state`` on with the rollout bot: to the end, or for
        ``horizon`` plies (for two seats: see :meth:`_reach`), or until the next ply might not
        end before the deadline, or until a rollout decision runs past its cap (``STEP_SHARE``
        of the budget), and then by :meth:`_judge` where the game has interim scores (a cut
        decision without them is played at random instead). A rollout stopped by the deadline
        that cannot be judged ends the search (:class:`_OutOfTime`), as does any rollout the
        deadline reaches when ``strict`` (one of a paired round, whose moves must all be judged
        alike); one that reaches neither an end nor a judgement within ``rollout_plies`` is
        dropped (None)."""
        reach = self.horizon
        for ply in range(self.rollout_plies):
            actor = _next_actor(game, state)
            if actor is None:
                return outcome(game.result(state))
            late = not clock.room()
            if late and strict:
                raise _OutOfTime
            if ply >= reach or late:
                judged = self._judge(game, state)
                further = self._reach(len(judged)) if judged is not None else reach
                if judged is not None and not late and ply < further:
                    reach = further
                elif judged is not None:
                    return judged
                elif late:
                    raise _OutOfTime
            started = clock.start()
            try:
                with clock.capped():
                    move = decide_in_sample(self.rollout, game, state, actor, rng)
            except _Preempted:
                # cut short, at its cap or the deadline: the state is as it was before this ply
                judged = self._judge(game, state)
                if judged is not None:
                    return judged
                move = rng.choice(game.legal_moves(state, actor))
            state = _apply(game, state, actor, move, rng)
            clock.took(started)
        return None

    def _reach(self, seats: int) -> int:
        """Rollout plies before a cut at a table of ``seats``: ``horizon`` is counted for two
        (as every game's was tuned), and more seats take more plies to bring the searching seat
        round again. Kavango, one hard seat and three normal at 1 s, the same four deals: the
        hard seat scored 178 points on average with 30 plies, 207 with 60, against some 215 for
        the normal seats."""
        return self.horizon * max(2, seats) // 2

    def _judge(self, game: Game, state: State) -> list[float] | None:
        """Rewards for an unfinished ``state`` from the bot's ``interim`` (else the game's
        ``interim_scores``): points per seat, or a whole :class:`Result` for a standing that is
        not a ranking, such as a co-operative team's; None where there are no such scores."""
        interim = (self.interim or game.interim_scores)(state)
        if isinstance(interim, Result):
            return outcome(interim)
        if interim is None:
            return None
        if self.lead_scale and len(interim) > 1:
            return leads(interim, self.lead_scale)
        return outcome(Result(scores=interim, ranks=ranks_by([(p,) for p in interim])))


def leads(points: list[float], scale: float) -> list[float]:
    """Each seat's chance of finishing first, guessed from its lead over the best of the others
    (negative when behind) with a logistic curve: ``scale`` points of lead are worth about three
    chances in four. A rollout cut long before the end says little through who leads it (the
    rank :func:`outcome` rewards): in two paired rollouts the same seat mostly leads, so most
    rounds tell the moves nothing, and a move's few points are lost; a lead's size keeps them."""
    return [1 / (1 + math.exp(max(-60.0, min(60.0, -lead / scale)))) for lead in margins(points)]


def margins(points: list[float]) -> list[float]:
    """Each seat's lead over the best of the others (negative when behind)."""
    return [mine - max(p for other, p in enumerate(points) if other != seat) for seat, mine in enumerate(points)]


def _paired_choice(keyed: list[tuple[str, Move]], lead: dict[str, list[float]], anchor: str) -> Move:
    """The move whose mean lead over the anchor, round by round, is largest and above zero by
    ``CONFIDENCE`` standard errors (over at least ``PAIRED_ROUNDS`` rounds); else the anchor."""
    moves = dict(keyed)
    rounds = len(lead[anchor])
    means = {key: sum(d) / rounds for key, d in lead.items()}
    best = max((key for key, _m in keyed), key=lambda k: means[k])
    if best == anchor or means[best] <= 0:
        return moves[anchor]
    spread = max(sum((d - means[best]) ** 2 for d in lead[best]) / (rounds - 1), VARIANCE_FLOOR)
    return moves[best] if means[best] > CONFIDENCE * math.sqrt(spread / rounds) else moves[anchor]


def _narrowed(situation: Situation, keys: set[str]) -> Situation:
    """``situation`` with only the legal moves among ``keys`` (a heuristic's shortlist and its
    own move) at the root: at 1 s a search of 20-30 iterations spread over 10-20 moves gives no
    move the visits it needs to be told apart from the heuristic's."""
    moves = [m for m in situation.moves if move_key(m) in keys]
    return Situation(situation.seat, lambda: situation.view, moves, situation.sampler)


def _next_actor(game: Game, state: State) -> int | None:
    seats = game.to_act(state)
    return min(seats) if seats else None


def _apply(game: Game, state: State, seat: int, move: Move, rng: random.Random) -> State:
    """Apply in place: each iteration owns its freshly sampled state, so the per-ply deep copy
    that protects a real match is not needed here (it was most of the search's time). The move
    is copied so that no state aliases a move kept in the tree."""
    return game.apply(state, seat, copy_json(move), rng)
