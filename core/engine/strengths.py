"""Three strengths of bot for every game, built by core from the game's own heuristic bot.

- easy: the heuristic bot, but a random legal move with probability ``EASY_EPSILON``;
- normal: the game's heuristic bot itself (its name is unchanged, so seats saved before keep it);
- hard: the information-set search bot, with the heuristic bot (or ``game.rollout_bot()``) for
  its rollouts. Offered only where the game can sample states for a seat (``determinize``, or
  no hidden information), because search without sampling would have to read hidden cards.

Plugins register only their heuristic bot; :func:`with_strengths` adds the rest for all of them.

The hard bot's bound is ``HARD_SECONDS`` for the whole decision, the heuristic's own move
included (unless that move alone takes longer). The search stops a tenth before it, begins no
step that the longest so far would carry past that, and in the main thread of a process (a
thinking worker, a bench run) an alarm cuts a step still running there and any rollout decision
past 5% of the budget, with no garbage collection in between (:mod:`core.engine.search`).
Measured with ``bench/bots.py --seconds 1.0`` on this machine (two cores, load average 4-5, the
bench at nice 19), hard decisions p50 / p99: Komodo 2 seats 885 / 905 ms (4 games, none over
1 s; before: 1,014 / 1,536 ms), ski hotel solo at level 4 867 / 898 ms (2 games; before: 1,074 /
2,282 ms), ski hotel 2 seats 926 / 963 ms, lodge hikers 2 seats 943 / 972 ms.
"""

from __future__ import annotations

from .bots import Bot, NoisyBot
from .game import Game
from .search import HORIZON, SearchBot

EASY_EPSILON = 0.35
#: The hard bot's budgets in play: it stops at whichever comes first. The time budget is what
#: bounds a decision on a slow game; the iteration budget keeps a fast game's answer quick.
HARD_ITERATIONS = 400
HARD_SECONDS = 1.0
EASY, NORMAL, HARD = "easy", "normal", "hard"


def easy(base: Bot) -> Bot:
    return NoisyBot(base, EASY_EPSILON, f"{base.name}-{EASY}", f"{base.label} ({EASY})")


def hard(game: Game, base: Bot, iterations: int = HARD_ITERATIONS, seconds: float | None = HARD_SECONDS) -> Bot:
    """The search bot over ``base``, whose own move anchors the search. Rollouts are played by
    ``game.rollout_bot()``, else by ``base.rollout_bot()`` where the heuristic offers a cheaper
    self (one without look-ahead, say: a rollout ply then costs less of the budget, and fewer
    slow plies stand between the search and its deadline), else by ``base``. A heuristic bot may
    also help the search judge rollouts cut short: its ``interim_scores(state)`` (used before the
    game's own), ``search_horizon`` (plies before a rollout is cut) and ``search_lead_scale``
    (judge a cut rollout by the size of each seat's lead, not its rank: see
    :func:`~core.engine.search.leads`); ``search_from`` (the share of the game, by its
    ``progress``, before which its own move stands unsearched); and focus it: its
    ``root_moves(game, state, seat, rng)``, a shortlist of its best few moves on an imagined
    state, are the only ones (with its own move) the search's root considers."""
    offered = getattr(base, "rollout_bot", None)
    rollout = game.rollout_bot() or (offered() if callable(offered) else None) or base
    return SearchBot(
        game.slug, rollout=rollout, heuristic=base, iterations=iterations, seconds=seconds,
        horizon=getattr(base, "search_horizon", HORIZON), interim=getattr(base, "interim_scores", None),
        lead_scale=getattr(base, "search_lead_scale", None), from_progress=getattr(base, "search_from", 0.0),
        name=f"{base.name}-{HARD}", label=f"{base.label} ({HARD})",
    )


def with_strengths(game: Game, own: dict[str, Bot]) -> dict[str, Bot]:
    """The game's bots by name, normal first (the stand-in for a player out of time), then its
    easy and hard versions, then any other bot the plugin registered."""
    if not own:
        return {}
    base = next(iter(own.values()))
    found = {base.name: base, f"{base.name}-{EASY}": easy(base)}
    if game.implements_determinize():
        found[f"{base.name}-{HARD}"] = hard(game, base)
    return {**found, **own}


def strength(bot: Bot) -> str:
    """``easy``, ``normal`` or ``hard``, read from how :func:`with_strengths` built the bot."""
    if isinstance(bot, SearchBot):
        return HARD
    if isinstance(bot, NoisyBot):
        return EASY
    return NORMAL


def at_strength(bots: dict[str, Bot], level: str) -> Bot | None:
    """The game's bot at ``level`` among ``bots`` (a registry's ``bots_for``), if it has one."""
    return next((b for name, b in bots.items() if name != "random" and strength(b) == level), None)
