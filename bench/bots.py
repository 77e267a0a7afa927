"""Bot strength matchups over seeded games, with decision times per strength.

    python bench/bots.py SLUG --seats hard,normal [--games K] [--option name=value ...]
                         [--iterations N] [--seconds S] [--seed K] [--first-game I] [--jobs J] [--mirror]
                         [--peek]

``--seats`` gives one strength per seat (easy, normal, hard or random); the assignment rotates
one seat a game, so every strength sits in every seat equally often. Game i is dealt from seed
K + i; with ``--mirror`` each deal is played once per rotation (2 seats: twice, the strengths
swapped), so the luck of a deal, large in a 2-seat card or tile game, falls on both sides and
a line needs fewer games to tell the strengths apart. ``--first-game I`` plays games I on, so a
run that was stopped can be carried on with the same deals and rotations. The hard bot runs on
``--iterations`` (default: the site's budget) and, with ``--seconds``, a time budget as well (the
site uses both; iterations alone make a run repeatable). A win is rank 1 (shared first places
count; ``outright_win_share`` counts only sole first places), or ``Result.won`` in solo and
co-operative games. Prints one JSON line: per strength the
seats played, win share (with a 95% Wilson interval, the games counted as independent: with
``--mirror`` a deal's rotations share its luck and mostly cancel it, so the interval is wide
rather than narrow), mean points and their 10th, 50th and 90th percentiles (in a co-operative
game, how far the team got when it did not win), decision time p50/p99/max in ms (and, with ``--seconds``,
how many decisions took longer than that: the hard bot's stated bound), and whether that bot still
saw the real state (a bot from before the view contract, in a game without determinize); ``golden_lodge_claims``
where the game has a Golden Lodge (Kavango); and for the hard bot, ``search``: how its searches
went (root moves, moves weighed, iterations, paired rounds, how often and how it left the
heuristic's move). ``--jobs`` plays games in that many processes at once; every game is
seeded, so the figures do not depend on it (decision times do, once the processes outnumber the
cores). ``--peek`` is a measure, not a bot the site offers: the hard bot's search imagines the
real state every time (every hand and the order of every pile) instead of samples of what its
seat may know, so a line's figure with and without it tells how much of the gap is hidden
information (``sees_hidden_state`` then says true). Each game's winner and points go to stderr
as it ends; stopped with Ctrl-C or SIGTERM, it reports the games that ended (``games`` says how
many; with ``--jobs`` they need not be the first seeds). Examples (the issue's lines):

    python bench/bots.py tictactoe --seats hard,normal
    python bench/bots.py komodo --seats hard,normal,normal,normal
    python bench/bots.py komodo --seats hard,hard,hard --option variant=coop
    python bench/bots.py lodge_hotel --seats hard --option level=4
    python bench/bots.py kavango --seats normal,normal,normal --option golden_lodge=true
"""

from __future__ import annotations

import argparse
import gc
import json
import multiprocessing
import signal
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from core.engine import RandomBot, decide, rng_for  # noqa: E402
from core.engine.bots import peeks, situation_for  # noqa: E402
from core.engine.play import copy_json, play, resolve_options, start  # noqa: E402
from core.engine.search import SearchBot  # noqa: E402
from core.engine.strengths import EASY, HARD, HARD_ITERATIONS, NORMAL, at_strength, hard  # noqa: E402
from core.plugins import build_registry, discover_apps  # noqa: E402

PLY_CAP = 20000


def bots_by_strength(registry, game, iterations: int, seconds: float | None):
    bots = registry.bots_for(game.slug)
    found = {"random": RandomBot(), EASY: at_strength(bots, EASY), NORMAL: at_strength(bots, NORMAL)}
    if at_strength(bots, HARD) is not None:
        found[HARD] = hard(game, found[NORMAL], iterations=iterations, seconds=seconds)
    return found


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a win share of ``wins`` in ``games``: whether a line
    such as "wins at least 60%" is shown, or only hoped for, at the games played so far."""
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * ((share * (1 - share) / games + z * z / (4 * games * games)) ** 0.5) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def search_account(thoughts) -> dict:
    """How a search bot's decisions went (see ``core.engine.search.Thought``), over those with a
    choice: the root moves, the moves weighed, tree iterations and whole paired rounds (p50 and
    p10), how often it left its heuristic's move, and the commonest such changes, by move type."""
    searched = [t for t in thoughts if t.roots > 1]
    if not searched:
        return {"decisions": 0}
    left = [t for t in searched if t.anchor is not None and t.chosen != t.anchor]
    changes = Counter(f"{t.anchor.get('type', '?')} -> {t.chosen.get('type', '?')}" for t in left)
    return {
        "decisions": len(searched),
        **{f"{name}_p10_p50": [percentile([getattr(t, name) for t in searched], q) for q in (0.1, 0.5)]
           for name in ("roots", "compared", "iterations", "rounds")},
        "left_heuristic_share": round(len(left) / len(searched), 4),
        "commonest_changes": dict(changes.most_common(5)),
    }


def peeking(bot, game, state, seat, rng):
    """``bot``'s move when every state it imagines is the real one (``--peek``): the seat's own
    situation, with a sampler that hands over the state itself."""
    situation = situation_for(game, state, seat)
    situation.sampler = lambda _rng: copy_json(state)
    return bot.choose(game, situation, rng)


def play_one(game, players, options, seat_options, seed, seat_bots, timings, thoughts, peek=False):
    state = start(game, seed, players, options, seat_options)
    for ply in range(1, PLY_CAP + 1):
        seats = sorted(game.to_act(state))
        if not seats:
            return state
        seat = seats[0]
        bot, level = seat_bots[seat]
        started = time.perf_counter()
        ask = peeking if peek and isinstance(bot, SearchBot) else decide
        move = ask(bot, game, state, seat, rng_for(f"{seed}:bot", ply))
        timings[level].append(time.perf_counter() - started)
        if isinstance(bot, SearchBot):
            thoughts[level].append(bot.thought)
        state = play(game, state, seat, move, ply, seed)
    raise RuntimeError(f"{game.slug}: seed {seed} did not end within {PLY_CAP} plies")


_TABLE: tuple = ()


def _seat_table(table: tuple) -> None:
    """Hand a worker process the game, seats and bots (a forked worker already holds them)."""
    global _TABLE
    _TABLE = table


def _worker(table: tuple) -> None:
    """A pool worker: seated like the main process, and left to the pool to stop (the main
    process alone turns Ctrl-C or SIGTERM into a report of the games that ended)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _seat_table(table)


def _one_game(index: int):
    """The run's ``index``-th game: its index, the strength in each seat, the result, whether a
    bot claimed the Golden Lodge (None in a game without one), and the decision times per strength. The
    strengths rotate one seat a game; its deal is seed ``first_seed + index``, or with
    ``mirror`` the same deal for each of the table's rotations in turn."""
    game, spec, options, seat_options, bots, first_seed, mirror, peek = _TABLE
    players = len(spec)
    seed = first_seed + (index // players if mirror else index)
    levels = [spec[(s + index) % players] for s in range(players)]
    timings: dict[str, list[float]] = defaultdict(list)
    thoughts: dict[str, list] = defaultdict(list)
    state = play_one(game, players, options, seat_options, seed,
                     [(bots[level], level) for level in levels], timings, thoughts, peek)
    golden = state.get("golden") if isinstance(state.get("golden"), dict) else None
    claimed = None if golden is None else bool(golden.get("winners"))
    return index, levels, game.result(state), claimed, dict(timings), dict(thoughts)


def _won(result, seat: int) -> bool:
    """Rank 1 (a shared first place counts), or the team's result in solo and co-op games."""
    return bool(result.won[seat] if result.won is not None else result.ranks[seat] == 1)


def _told(games, total: int, started: float):
    """Pass the games on, saying on stderr as each ends who won and how long the run has taken,
    so a long run (a hard Kavango game takes minutes) shows its progress and, if it is stopped,
    what it had found."""
    for done, game in enumerate(games, 1):
        index, levels, result, *_ = game
        won = [level for seat, level in enumerate(levels) if _won(result, seat)]
        print(f"game {done}/{total} (index {index}): won by {', '.join(won) or 'nobody'}; "
              f"points {', '.join(f'{lv} {sc:g}' for lv, sc in zip(levels, result.scores, strict=True))}; "
              f"{time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
        yield game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slug")
    parser.add_argument("--seats", required=True, help="comma-separated strengths, one per seat")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first-game", type=int, default=0,
                        help="index of the first game to play (to carry on a run that was stopped)")
    parser.add_argument("--iterations", type=int, default=HARD_ITERATIONS)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, in that many processes")
    parser.add_argument("--mirror", action="store_true",
                        help="play each deal once per seat rotation, so a deal's luck falls on every strength alike")
    parser.add_argument("--peek", action="store_true",
                        help="let the hard bot's search imagine the real state (a measure of what hidden information is worth)")
    args = parser.parse_args()
    registry = build_registry(discover_apps())
    gc.freeze()  # as a thinking worker does once its registry is built (core/thinker.py)
    game = registry.game(args.slug)
    spec = args.seats.split(",")
    players = len(spec)
    bots = bots_by_strength(registry, game, args.iterations, args.seconds)
    missing = sorted({s for s in spec if bots.get(s) is None})
    if missing:
        sys.exit(f"{args.slug} has no {', '.join(missing)} bot (hard needs the game's determinize)")
    options, seat_options = resolve_options(game, players, dict(o.split("=", 1) for o in args.option))
    seated, wins, outright, points = defaultdict(int), defaultdict(int), defaultdict(int), defaultdict(list)
    timings: dict[str, list[float]] = defaultdict(list)
    claims = None
    started = time.perf_counter()
    table = (game, spec, options, seat_options, bots, args.seed, args.mirror, args.peek)
    indices = range(args.first_game, args.first_game + args.games)
    games: list = []
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        if args.jobs > 1:
            with multiprocessing.get_context("fork").Pool(args.jobs, _worker, (table,)) as pool:
                games.extend(_told(pool.imap_unordered(_one_game, indices, chunksize=1), args.games, started))
        else:
            _seat_table(table)
            games.extend(_told(map(_one_game, indices), args.games, started))
    except KeyboardInterrupt:
        print(f"stopped: reporting the {len(games)} games that ended", file=sys.stderr, flush=True)
    if not games:
        sys.exit("no game ended")
    thoughts: dict[str, list] = defaultdict(list)
    for _index, levels, result, claimed, game_timings, game_thoughts in games:
        for seat, level in enumerate(levels):
            seated[level] += 1
            wins[level] += _won(result, seat)
            outright[level] += result.won is None and result.ranks.count(1) == 1 and result.ranks[seat] == 1
            points[level].append(result.scores[seat])
        for level, spent in game_timings.items():
            timings[level].extend(spent)
        for level, made in game_thoughts.items():
            thoughts[level].extend(made)
        if claimed is not None:
            claims = (claims or 0) + claimed
    report = {
        "game": args.slug, "seats": spec, "games": len(games), "first_game": args.first_game, "seed": args.seed,
        "mirror": args.mirror, "peek": args.peek, "options": options,
        "hard_budget": {"iterations": args.iterations, "seconds": args.seconds},
        "seconds": round(time.perf_counter() - started, 1),
        "fair_share": round(1 / players, 4) if players > 1 else None,
        "strengths": {
            level: {
                "seats_played": seated[level],
                "win_share": round(wins[level] / seated[level], 4),
                "win_share_95": [round(b, 4) for b in wilson(wins[level], seated[level])],
                "outright_win_share": round(outright[level] / seated[level], 4),
                "mean_points": round(statistics.fmean(points[level]), 2),
                "points_p10_p50_p90": [percentile(points[level], q) for q in (0.1, 0.5, 0.9)],
                "decisions": len(timings[level]),
                "sees_hidden_state": peeks(bots[level], game) or (
                    args.peek and game.hidden_information and isinstance(bots[level], SearchBot)),
                "decision_ms_p50": round(1000 * percentile(timings[level], 0.5), 2) if timings[level] else None,
                "decision_ms_p99": round(1000 * percentile(timings[level], 0.99), 2) if timings[level] else None,
                "decision_ms_max": round(1000 * max(timings[level]), 2) if timings[level] else None,
                "decisions_over_seconds": sum(t > args.seconds for t in timings[level]) if args.seconds else None,
            }
            for level in sorted(seated)
        },
    }
    for level, made in thoughts.items():
        report["strengths"][level]["search"] = search_account(made)
    if claims is not None:
        report["golden_lodge_claims"] = {"games": claims, "share": round(claims / len(games), 4)}
    print(json.dumps(report))


if __name__ == "__main__":
    main()
