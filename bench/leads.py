"""How much a lead part-way through a game is worth: the figure behind a heuristic bot's
``search_lead_scale`` (see ``core.engine.search.leads``).

    python bench/leads.py SLUG [--players N] [--games K] [--seed K] [--every P] [--option name=value ...]

Plays ``--games`` seeded games between the game's normal (heuristic) bots. Every ``--every``
plies it notes each seat's lead over the best of the others by the heuristic's
``interim_scores`` (the points a search rollout cut there is judged by), and at the end whether
that seat won (rank 1). Then, for each quarter of the game (by plies played), it fits the
logistic curve ``won ~ 1 / (1 + exp(-(lead / scale + bias)))`` by maximum likelihood over a
grid, and prints one JSON line: the fitted scale (the lead worth about three chances in four,
bias aside) and bias per quarter, how many leads were noted, their spread, and the curve's
``log_loss`` (mean negative log-likelihood of the results, in nats): how much a lead there tells
about the result. At two seats a coin flip scores ln 2 = 0.6931; the nearer a quarter comes to
it, the less a rollout cut there can tell moves apart, whatever the scale. A game's lead
scale is a figure in the range the quarters give; the search compares moves on the same
draws, so the curve's exact shape matters less than its scale being about right.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.engine import decide, rng_for  # noqa: E402
from core.engine.play import play, resolve_options, start  # noqa: E402
from core.engine.search import margins  # noqa: E402
from core.engine.strengths import NORMAL, at_strength  # noqa: E402
from core.plugins import build_registry, discover_apps  # noqa: E402

SCALES = (2, 3, 5, 7, 10, 14, 20, 28, 40, 60, 80, 120, 200)
BIASES = (0.0, -0.5, -1.0, -1.5, -2.0)
QUARTERS = ((0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.0))


def noted_leads(game, bot, players, options, seat_options, seed, every):
    """One game between copies of ``bot``: (share of the game played, lead, won) per seat at
    every ``every``-th ply."""
    state = start(game, seed, players, options, seat_options)
    standings = []
    ply = 0
    while seats := sorted(game.to_act(state)):
        ply += 1
        if ply % every == 0:
            standings.append((ply, bot.interim_scores(state)))
        move = decide(bot, game, state, seats[0], rng_for(f"{seed}:bot", ply))
        state = play(game, state, seats[0], move, ply, seed)
    ranks = game.result(state).ranks
    return [(at / ply, lead, ranks[seat] == 1)
            for at, points in standings for seat, lead in enumerate(margins(points))]


def log_likelihood(noted, scale, bias):
    total = 0.0
    for _share, lead, won in noted:
        chance = 1 / (1 + math.exp(-max(-60.0, min(60.0, lead / scale + bias))))
        total += math.log(max(1e-12, chance if won else 1 - chance))
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("slug")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=10, help="note the leads every this many plies")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    args = parser.parse_args()
    registry = build_registry(discover_apps())
    game = registry.game(args.slug)
    bot = at_strength(registry.bots_for(args.slug), NORMAL)
    if bot is None or not callable(getattr(bot, "interim_scores", None)):
        sys.exit(f"{args.slug}'s normal bot has no interim_scores to judge a lead by")
    options, seat_options = resolve_options(game, args.players, dict(o.split("=", 1) for o in args.option))
    noted = []
    for seed in range(args.seed, args.seed + args.games):
        noted.extend(noted_leads(game, bot, args.players, options, seat_options, seed, args.every))
    quarters = []
    for low, high in QUARTERS:
        inside = [n for n in noted if low <= n[0] < high or (high == 1.0 and n[0] == 1.0)]
        if not inside:
            continue
        scale, bias = max(((s, b) for s in SCALES for b in BIASES), key=lambda sb: log_likelihood(inside, *sb))
        quarters.append({"played": [low, high], "leads": len(inside), "scale": scale, "bias": bias,
                         "lead_spread": round(statistics.pstdev(n[1] for n in inside), 1),
                         "log_loss": round(-log_likelihood(inside, scale, bias) / len(inside), 4)})
    print(json.dumps({"game": args.slug, "players": args.players, "games": args.games, "seed": args.seed,
                      "options": options, "quarters": quarters}))


if __name__ == "__main__":
    main()
