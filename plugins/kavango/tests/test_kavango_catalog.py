"""The catalogue matches the deck sizes and per-symbol maximums of the reconstruction."""

from collections import Counter

from kavango import catalog as cat
from kavango import constants as K


def test_deck_sizes():
    assert len(cat.deck_a()) == 40
    assert len(cat.deck_animals("B")) == 40
    assert len(cat.deck_animals("C")) == 88
    assert len(cat.action_cards()) == 30
    assert len(cat.action_cards("relocation")) == 8
    assert len(cat.EXPERTS) == 10
    assert len(cat.GOALS) == 20
    assert sum(K.REWILDING_SUPPLY.values()) == 12


def test_producer_symbol_counts_match_the_corrected_table():
    counts = Counter(s for cid in cat.deck_a() for s in cat.producer_symbols(cid))
    assert counts == {
        "grass": 11,
        "tree": 11,
        "invertebrate": 11,
        "termite": 4,
        "bee": 2,
        "fish": 7,
    }


def test_animal_counts_per_type_and_deck():
    counts = Counter(
        (cat.animal(c).type, cat.animal(c).deck) for d in "BC" for c in cat.deck_animals(d)
    )
    assert counts == {
        ("small_mammal", "B"): 13,
        ("small_mammal", "C"): 6,
        ("bird", "B"): 9,
        ("bird", "C"): 10,
        ("reptile", "B"): 10,
        ("reptile", "C"): 8,
        ("medium_mammal", "B"): 8,
        ("medium_mammal", "C"): 11,
        ("large_mammal", "C"): 19,
        ("bird_of_prey", "C"): 15,
        ("predator", "C"): 19,
    }


def test_highest_requirement_per_symbol():
    most = Counter()
    for a in cat.ANIMALS:
        for sym, n in a.food.items():
            most[sym] = max(most[sym], n)
    assert dict(most) == {
        "grass": 4,
        "tree": 4,
        "invertebrate": 3,
        "termite": 2,
        "bee": 1,
        "fish": 3,
        "small_mammal": 3,
        "bird": 3,
        "reptile": 3,
        "medium_mammal": 4,
        "large_mammal": 4,
    }
    assert "bird_of_prey" not in most and "predator" not in most


def test_deck_b_is_the_easy_deck():
    for a in cat.ANIMALS:
        if a.deck == "B":
            assert a.protection.get("H", 0) <= 1 and a.protection.get("S", 0) <= 1
            assert "C" not in a.protection


def test_sourced_values_from_the_lodges_rulebook():
    vp = {a.id: a.vp for a in cat.ANIMALS}
    assert (vp["rock_monitor"], vp["cheetah"], vp["buffalo"], vp["pangolin"]) == (6, 10, 6, 10)


def test_research_cards_15_per_round_with_rising_tiers():
    assert len(cat.RESEARCH) == 45
    for r in (1, 2, 3):
        cards = [c for c in cat.RESEARCH if c.round == r]
        assert len(cards) == 15
        assert all(c.tiers[0] < c.tiers[1] < c.tiers[2] for c in cards)


def test_lodge_catalogue():
    assert Counter(c.level for c in cat.LODGE_CARDS) == {1: 15, 2: 15, 3: 15}
    assert all(len(c.requires) == 4 for c in cat.LODGE_CARDS)
    assert cat.LODGES_BY_ID["L2-01"].requires == (
        "small_mammal",
        "reptile",
        "large_mammal",
        "predator",
    )
    assert len(cat.GOLDEN_LODGE_CARDS) == 15
    assert all(len(set(c.requires)) == 4 for c in cat.GOLDEN_LODGE_CARDS)
    g = cat.GOLDEN_BY_ID["G-01"]
    assert set(g.requires) == {"reptile", "medium_mammal", "large_mammal", "predator"}
    assert g.min_value == 31


def test_community_protection_layout():
    assert len(cat.CP_MARKERS) == 12
    assert Counter(cat.CP_MARKERS.values()) == {1: 6, 2: 6}
    assert all(r in (0, 2) for r, _ in cat.CP_MARKERS)
    assert all(cat.CP_MARKERS[cell] == 1 for cell in cat.INTERMEDIATE_REMOVES)
    assert len(cat.INTERMEDIATE_REMOVES) == 4


def test_card_ids_are_unique_and_distinctive():
    ids = cat.deck_a() + cat.deck_animals("B") + cat.deck_animals("C") + cat.action_cards()
    assert len(ids) == len(set(ids))
    assert all(i.startswith("kav-") for i in ids)
