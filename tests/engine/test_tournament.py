"""Tournament pairings and standings (core.engine.tournament), as properties over many random
tournaments and on small examples worked by hand."""

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from core.engine.tournament import (
    Record,
    ranked,
    record_bye,
    record_table,
    round_robin,
    standings,
    swiss_round,
    table_points,
    table_sizes,
    tables_round,
)


def records(n: int) -> dict[int, Record]:
    return {p: Record(player=p, seed=p) for p in range(n)}


def repeat_free_exists(order, met) -> bool:
    if not order:
        return True
    first, rest = order[0], order[1:]
    return any(o not in met[first] and repeat_free_exists(rest[:i] + rest[i + 1:], met)
               for i, o in enumerate(rest))


@settings(max_examples=150, deadline=None)
@given(st.integers(2, 12), st.integers(1, 6), st.randoms(use_true_random=False))
def test_swiss_never_repeats_a_pairing_while_another_exists_and_byes_go_to_the_lowest(n, rounds, rng):
    table = records(n)
    for _ in range(rounds):
        before = {p: set(r.met) for p, r in table.items()}
        order = [r.player for r in ranked(table.values())]
        pairs, bye = swiss_round(list(table.values()))
        seated = [p for pair in pairs for p in pair] + ([bye] if bye is not None else [])
        assert sorted(seated) == list(range(n)), "every player once per round"
        if bye is not None:
            without = [p for p in order if not table[p].byes]
            assert bye == (without or order)[-1], "the lowest-ranked player without a bye"
        rest = [p for p in order if p != bye]
        if repeat_free_exists(rest, before):
            assert all(b not in before[a] for a, b in pairs), (pairs, before)
        for a, b in pairs:
            record_table(table, (a, b), rng.choice([(1, 2), (2, 1), (1, 1)]))
        if bye is not None:
            record_bye(table, bye)


def test_the_first_seat_goes_to_whoever_had_it_less():
    table = records(2)
    table[0].first_seats = 3
    assert swiss_round(list(table.values()))[0] == [(1, 0)]


@given(st.integers(2, 15))
def test_round_robin_pairs_everyone_once_and_seats_them_in_turn(n):
    rounds = round_robin(list(range(n)))
    met = [frozenset(pair) for pairs in rounds for pair in pairs if None not in pair]
    assert sorted(met, key=sorted) == sorted({frozenset(c) for c in combinations(range(n), 2)}, key=sorted)
    for pairs in rounds:
        assert sorted(p for pair in pairs for p in pair if p is not None) == list(range(n))
    firsts = [sum(1 for pairs in rounds for a, b in pairs if b is not None and a == p) for p in range(n)]
    assert max(firsts) - min(firsts) <= 1


@settings(max_examples=150, deadline=None)
@given(st.integers(3, 30), st.integers(3, 6), st.integers(1, 4), st.randoms(use_true_random=False))
def test_rounds_of_tables_seat_everyone_once_at_allowed_sizes(n, size, rounds, rng):
    smallest = max(2, size - 2)
    table = records(n)
    for _ in range(rounds):
        tables, byes = tables_round(list(table.values()), size, smallest)
        seated = sorted([p for t in tables for p in t] + byes)
        assert seated == list(range(n))
        assert all(smallest <= len(t) <= size for t in tables)
        assert len(byes) < smallest, "byes only for the few who cannot make a table"
        for t in tables:
            ranks = [rng.randint(1, len(t)) for _ in t]
            record_table(table, t, ranks)
        for p in byes:
            record_bye(table, p, 0.0)


def test_tables_keep_apart_players_who_have_sat_together_where_a_swap_can():
    table = records(8)
    record_table(table, (0, 1, 2, 3), (1, 2, 3, 4))
    record_table(table, (4, 5, 6, 7), (1, 2, 3, 4))
    for r in table.values():
        r.points = 10 - r.player  # standings would seat 0-3 together again
    tables, _ = tables_round(list(table.values()), 4, 3)
    repeats = sum(b in table[a].met for t in tables for a, b in combinations(t, 2))
    assert repeats < 12, tables


def test_table_sizes_fill_full_tables_first():
    assert table_sizes(12, 4, 3) == [4, 4, 4]
    assert table_sizes(10, 4, 3) == [4, 3, 3]
    assert table_sizes(5, 4, 4) is None
    assert table_sizes(7, 4, 3) == [4, 3]
    assert table_sizes(3, 5, 3) == [3]


def test_points_by_place_share_ties():
    assert table_points([1, 2, 3, 4]) == [3, 2, 1, 0]
    assert table_points([1, 1, 3]) == [1.5, 1.5, 0]
    assert table_points([2, 1]) == [0, 1]


def test_standings_and_tie_breaks_worked_by_hand():
    """Four players, two rounds: 0 beats 1, 2 beats 3; then 0 beats 2, 1 draws with 3.
    Points 0:2, 2:1, 1:0.5, 3:0.5. Buchholz 0: 0.5+1 = 1.5; 2: 0.5+2 = 2.5; 1: 2+0.5 = 2.5;
    3: 1+0.5 = 1.5. Sonneborn-Berger 0: 0.5+1 = 1.5; 1: 0.5*0.5 = 0.25; 3: 0.5*0.5 = 0.25."""
    table = records(4)
    record_table(table, (0, 1), (1, 2))
    record_table(table, (2, 3), (1, 2))
    record_table(table, (0, 2), (1, 2))
    record_table(table, (1, 3), (1, 1))
    rows = [(place, r.player, r.points, b["buchholz"], b["sonneborn_berger"]) for place, r, b in standings(table)]
    assert rows == [(1, 0, 2.0, 1.5, 1.5), (2, 2, 1.0, 2.5, 0.5), (3, 1, 0.5, 2.5, 0.25), (4, 3, 0.5, 1.5, 0.25)]
