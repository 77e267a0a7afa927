"""Every tunable number of Kavango in one place.

The base rulebook is not public; most numbers below are the project's reconstruction (tagged R in
the comments, "sourced" where a public source or the Lodges rulebook gives them). Correct a number
here and the whole game follows.
"""

from __future__ import annotations

# ---- rounds and hands ---------------------------------------------------------------------
ROUNDS = 3  # sourced
TURNS_PER_ROUND = 10  # sourced
HAND_SIZE_SMALL = 15  # 1-2 players, sourced (15), split by count R
HAND_SIZE_LARGE = 12  # 3-5 players, sourced (12 at 3-4), 5 players R

# Per hand: (action, deck A, deck B, deck C) by round, for hands of 12 and of 15.  R
HAND_COMPOSITION = {
    12: ((2, 6, 4, 0), (2, 2, 4, 4), (2, 0, 0, 10)),
    15: ((2, 8, 5, 0), (2, 3, 5, 5), (2, 0, 0, 13)),
}
# Two-player Relocation variant: Relocation cards per hand by round (sourced: Lodges).
RELOCATION_VARIANT = (0, 1, 2)
# Pass direction by round: +1 = left (clockwise), -1 = right.  R (alternating)
PASS_DIRECTION = (1, -1, 1)
HAND_LETTERS = "ABCDE"  # sourced; A acts first (R)

# ---- setup -------------------------------------------------------------------------------
STARTING_MONEY = 2  # $m, weakly sourced
SANCTUARY_SPACES = 3  # sourced
STARTING_SANCTUARY_ANIMALS = 2  # sourced (deck C)
EXPERTS_DEALT = 2  # sourced (updated rule)
GOALS_DEALT = 2  # sourced (updated rule; keep both, score one)
KICKSTARTER_EXPERTS_DEALT = 1  # R: the original printing's dealing is not public
KICKSTARTER_GOALS_DEALT = 1  # R


def sanctuary_reveal(players: int) -> int:
    """Cards of deck C revealed for the snake pick of Sanctuary animals: 2N + 2.  R"""
    return 2 * players + 2


# ---- reserve -----------------------------------------------------------------------------
ROWS = 3  # sourced
COLS = 8  # sourced

# ---- money -------------------------------------------------------------------------------
DISCARD_VALUE = 1  # $m for discarding a drafted card.  R
SANCTUARY_SALE_VALUE = 1  # $m.  R
LIAISON_VALUE = 2  # Community Liaison's discard and sale value.  R
RELOCATION_COST = 1  # sourced
REWILDING_COST = 3  # R
BOTANIST_REWILDING_COST = 2  # R
REWILDING_PER_STAGE = 1  # R
REWILDING_SUPPLY = {"grass": 3, "tree": 3, "invertebrate": 3, "fish": 3}  # R
GRANT_VALUE = 3  # Conservation Grant.  R
FUNDRAISER_BONUS = 3  # R
CLIMATE_ACTION_MARKERS = 2  # Community Climate Action.  R
PROTECTION_ACTION_STEPS = 1  # Anti-Poaching Unit / Habitat Restoration.  R
EXPERT_START_LEVEL = 1  # Ranger's Smuggling, Ecologist's Habitat.  R
VET_EXTRA_SPACES = 1  # R
CARNIVORE_DISCOUNT = 1  # animal symbols a Carnivore Biologist may lack.  R
ORNITHOLOGIST_BONUS = 1  # R

REARRANGE_PER_STAGE = 4  # animals lifted in one Investment stage: a digital limit.  R

# ---- protection --------------------------------------------------------------------------
MAX_PROTECTION = 4  # R


def protection_step_cost(level: int) -> int:
    """Cost of raising Habitat or Smuggling protection from ``level`` to ``level + 1``.  R"""
    return level + 1


CLIMATE_MARKER_COST = 1  # $m per marker.  R (from "invest $8m")


def climate_sections(players: int) -> tuple[int, int, int]:
    """Spaces in climate sections 1, 2, 3 for N players (solo counts as 2).  R"""
    n = max(players, 2)
    return (n + 1, 2 * n, 2 * n - 1)


CLIMATE_AWARD_MARKERS = 8  # sourced
LODGES_CLIMATE_PLUS_CAP = 3  # markers per player in '3+' (Lodges rule, sourced)
AWARD_VALUE = 10  # sourced

# ---- research ----------------------------------------------------------------------------
RESEARCH_PER_ROUND = 4  # sourced
# (money, VP) for tiers 1, 2, 3 by round.  R  (Round I reads "$1m / $2m / $3m + 2 VP": the 2 VP
# go with the top tier.)
RESEARCH_REWARDS = (
    ((1, 0), (2, 0), (3, 2)),
    ((1, 1), (2, 3), (3, 5)),
    ((1, 2), (2, 4), (2, 8)),
)

# ---- solo: Oppo ----------------------------------------------------------------------------
OPPO_CLIMATE = {"easy": (0, 1), "intermediate": (1, 1), "expert": (2, 2)}  # at turns 5 and 10. R
OPPO_CLIMATE_TURNS = (5, 10)  # R
OPPO_ANIMAL_PERCENT = {"easy": 60, "intermediate": 80, "expert": 100}  # R
# Oppo's Lodges bonus follows the solo player's own difficulty (sourced: Lodges solo rules, whose
# Easy / Intermediate / Expert are the difficulties Lodges only / Intermediate / Maximum).
OPPO_LODGES_BONUS = {"lodges": 32, "intermediate": 40, "maximum": 48}

# ---- Lodges expansion (sourced from its rulebook unless marked R) ---------------------------
LODGE_PIECES_PER_LEVEL = 2
LODGE_CARDS_DEALT_PER_LEVEL = 3
LODGE_CARDS_KEPT_PER_LEVEL = 2
LODGE_POINTS = 8
GOLDEN_LODGE_POINTS = 10
GOLDEN_LODGE_REVEALED = 3
NO_LODGES_BONUS = 48
LODGE_MONEY = {1: 1, 2: 2, 3: 3}  # with Community Protection, on building or discarding
LODGE_DISCARDS_PER_ROUND = (1, 1, None)  # None = any number
SOLAR_MAX_PER_SPACE = 2
