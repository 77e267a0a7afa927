"""Pairing and standings of tournaments: pure functions over who played whom and how it ended.

Three formats, for every player count a game allows:

- Swiss, for two-player games: each round pairs players of equal or near score, never two who
  have met while another pairing exists; an odd player out gets a bye (a win) — the lowest-ranked
  one who has not had one; the first seat goes to whichever of the two has had it less often.
- Round robin: everyone meets everyone once (the circle method), a bye each round when odd.
- Rounds of tables, for games of three or more: each round seats players by standing at tables of
  the chosen size (some smaller, as even as can be and never below the game's minimum, when the
  count does not divide), swapping players between neighbouring tables where that keeps two who have shared a
  table apart; points by finishing place at the table (each player beaten is a point, a tie half).

Standings sort by points, then by the tie-breaks named in :data:`TIE_BREAKS`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations

#: Tie-breaks, in the order they are applied, with the words the standings show.
TIE_BREAKS = {
    "buchholz": "Buchholz (opponents' points)",
    "sonneborn_berger": "Sonneborn-Berger (points of those you beat, half of those you drew)",
    "sum_of_ranks": "sum of places at your tables (lower is better)",
}
#: A Swiss round gives up avoiding repeat pairings after this many tries (it never needs many).
SEARCH_STEPS = 200_000


@dataclass
class Record:
    """A player's tournament so far: points, whom they met, byes and first seats."""

    player: int
    seed: int = 0  # order of entry or rating: lower is stronger, the last tie-break of all
    points: float = 0.0
    met: set[int] = field(default_factory=set)
    byes: int = 0
    first_seats: int = 0
    results: list[tuple[tuple[int, ...], float]] = field(default_factory=list)  # (opponents, share)
    places: list[int] = field(default_factory=list)


def ranked(records: Iterable[Record]) -> list[Record]:
    """Records by points, then seed (the order pairings read standings in)."""
    return sorted(records, key=lambda r: (-r.points, r.seed, r.player))


def swiss_round(records: Sequence[Record]) -> tuple[list[tuple[int, int]], int | None]:
    """The next Swiss round: pairs (first seat first) and the player with the bye, if any."""
    order = ranked(records)
    bye = None
    if len(order) % 2:
        never = [r for r in order if not r.byes]
        bye = (never or order)[-1].player
        order = [r for r in order if r.player != bye]
    pairs = _pair_without_repeats(order) or [(order[i], order[i + 1]) for i in range(0, len(order), 2)]
    return [_seated(a, b) for a, b in pairs], bye


def _pair_without_repeats(order: list[Record]) -> list[tuple[Record, Record]] | None:
    """Top-down pairing that never pairs two who met, backtracking when stuck; None if none
    exists (or the search runs past :data:`SEARCH_STEPS`)."""
    steps = 0

    def search(left: list[Record]) -> list[tuple[Record, Record]] | None:
        nonlocal steps
        if not left:
            return []
        first, rest = left[0], left[1:]
        for i, other in enumerate(rest):
            steps += 1
            if steps > SEARCH_STEPS:
                return None
            if other.player in first.met:
                continue
            found = search(rest[:i] + rest[i + 1:])
            if found is not None:
                return [(first, other), *found]
        return None

    return search(order)


def _seated(a: Record, b: Record) -> tuple[int, int]:
    """The pair with the first seat to whoever has had it less (the higher-ranked on a tie)."""
    return (b.player, a.player) if b.first_seats < a.first_seats else (a.player, b.player)


def round_robin(players: Sequence[int]) -> list[list[tuple[int, int | None]]]:
    """Every round of a round robin (circle method): each pair meets once; ``None`` is a bye.
    The first seat of a pair goes by the parity of their places in ``players`` (the earlier one
    when the places add up to an odd number), which gives everyone the first seat in half their
    games, within one."""
    index = {p: i for i, p in enumerate(players)}
    circle = list(players) + ([None] if len(players) % 2 else [])
    rounds = []
    for _ in range(len(circle) - 1):
        half = len(circle) // 2
        pairs = []
        for i in range(half):
            a, b = circle[i], circle[-1 - i]
            if a is None or b is None:
                pairs.append((a if b is None else b, None))
                continue
            if index[a] > index[b]:
                a, b = b, a
            pairs.append((a, b) if (index[a] + index[b]) % 2 else (b, a))
        rounds.append(pairs)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def table_sizes(count: int, size: int, smallest: int) -> list[int] | None:
    """How ``count`` players sit: as few tables as hold them at ``size`` each, their sizes as
    even as possible (larger first); None when that would need a table below ``smallest``."""
    if count <= 0:
        return []
    tables = -(-count // size)
    low, extra = divmod(count, tables)
    if low < smallest:
        return None
    return [low + 1] * extra + [low] * (tables - extra)


def tables_round(records: Sequence[Record], size: int, smallest: int) -> tuple[list[list[int]], list[int]]:
    """The next round of tables: players by standing at tables (see :func:`table_sizes`), then
    players swapped between neighbouring tables where that lowers how many pairs at a table have
    sat together before. Players who cannot be seated (fewer than ``smallest`` left) get a bye."""
    order = [r.player for r in ranked(records)]
    byes: list[int] = []
    sizes = table_sizes(len(order), size, smallest)
    while sizes is None and order:
        byes.append(order.pop())
        sizes = table_sizes(len(order), size, smallest)
    met = {r.player: r.met for r in records}
    tables, start = [], 0
    for n in sizes or []:
        tables.append(order[start:start + n])
        start += n
    for _ in range(3):
        for t in range(len(tables) - 1):
            _swap_apart(tables[t], tables[t + 1], met)
    return tables, byes


def _repeats(table: Sequence[int], met: dict[int, set[int]]) -> int:
    return sum(b in met.get(a, ()) for a, b in combinations(table, 2))


def _swap_apart(upper: list[int], lower: list[int], met: dict[int, set[int]]) -> None:
    """Swap one player of ``upper`` with one of ``lower`` if that lowers the repeats at both."""
    now = _repeats(upper, met) + _repeats(lower, met)
    if not now:
        return
    for i in reversed(range(len(upper))):
        for j in range(len(lower)):
            upper[i], lower[j] = lower[j], upper[i]
            if _repeats(upper, met) + _repeats(lower, met) < now:
                return
            upper[i], lower[j] = lower[j], upper[i]


def table_points(ranks: Sequence[int]) -> list[float]:
    """Points by finishing place at one table: one for each player placed below, half for each
    other player sharing the place."""
    return [sum(1.0 if other > mine else 0.5 if other == mine else 0.0
                for j, other in enumerate(ranks) if j != i)
            for i, mine in enumerate(ranks)]


def record_table(records: dict[int, Record], seats: Sequence[int], ranks: Sequence[int]) -> None:
    """Add one finished table (players by seat, their finishing ranks) to the records."""
    points = table_points(ranks)
    for i, player in enumerate(seats):
        mine = records[player]
        others = tuple(p for p in seats if p != player)
        mine.points += points[i]
        mine.met.update(others)
        mine.results.append((others, points[i] / max(1, len(others))))
        mine.places.append(ranks[i])
    records[seats[0]].first_seats += 1


def record_bye(records: dict[int, Record], player: int, points: float = 1.0) -> None:
    records[player].byes += 1
    records[player].points += points


def tie_breaks(records: dict[int, Record]) -> dict[int, dict[str, float]]:
    """Each player's tie-breaks (see :data:`TIE_BREAKS`)."""
    found = {}
    for player, r in records.items():
        opponents = [o for others, _share in r.results for o in others]
        found[player] = {
            "buchholz": sum(records[o].points for o in opponents),
            "sonneborn_berger": sum(share * records[o].points
                                    for others, share in r.results for o in others),
            "sum_of_ranks": float(sum(r.places)),
        }
    return found


def standings(records: dict[int, Record]) -> list[tuple[int, Record, dict[str, float]]]:
    """(place, record, tie-breaks) best first; equal on points and every tie-break share a place."""
    breaks = tie_breaks(records)

    def key(r: Record):
        b = breaks[r.player]
        return (-r.points, -b["buchholz"], -b["sonneborn_berger"], b["sum_of_ranks"])

    order = sorted(records.values(), key=lambda r: (*key(r), r.seed, r.player))
    places, previous = [], None
    for i, r in enumerate(order):
        place = places[-1][0] if previous is not None and key(r) == previous else i + 1
        places.append((place, r, breaks[r.player]))
        previous = key(r)
    return places
