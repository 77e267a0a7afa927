"""Counting what research cards and goals ask about, and the final scoring."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable
from functools import cache

from .. import catalog as cat
from .. import constants as K
from .reserve import reserve_animals, symbols

THREATENED = ("VU", "EN", "CR")


def _balanced(animals: list) -> int:
    return min(sum(a.type == t for a in animals)
               for t in ("small_mammal", "bird", "reptile", "medium_mammal"))


class Tally:
    """One player's food symbols and Reserve animals, each counted when first asked for and
    kept: the legal moves of an Investment step ask the metrics of every research card in play
    about the same unchanged player."""

    __slots__ = ("p", "_symbols", "_animals")

    def __init__(self, p: dict) -> None:
        self.p, self._symbols, self._animals = p, None, None

    def symbols(self) -> dict[str, int]:
        if self._symbols is None:
            self._symbols = symbols(self.p)
        return self._symbols

    def animals(self) -> list:
        if self._animals is None:
            self._animals = [cat.animal(cid) for cid in reserve_animals(self.p)]
        return self._animals


#: Metrics read off the player's dict alone (its food symbols or its counters).
_OF_PLAYER = {
    "producers": lambda t: sum(t.symbols()[k] for k in cat.PRODUCER_KINDS),
    "producer_kinds": lambda t: sum(n > 0 for k, n in t.symbols().items() if k in cat.PRODUCER_KINDS),
    "habitat": lambda t: t.p.get("habitat", 0),
    "smuggling": lambda t: t.p.get("smuggling", 0),
    "protection_sum": lambda t: t.p.get("habitat", 0) + t.p.get("smuggling", 0),
    "protection_min": lambda t: min(t.p.get("habitat", 0), t.p.get("smuggling", 0)),
    "climate": lambda t: t.p.get("climate_markers", 0),
    "research_tier3": lambda t: t.p.get("research_tier3", 0),
    "money": lambda t: t.p.get("money", 0),
}

#: Metrics counted over the animals in the Reserve; a ``kind:arg`` metric gets the argument.
_OF_ANIMALS = {
    "type": lambda animals, arg: sum(a.type == arg for a in animals),
    "art": lambda animals, arg: sum(arg in a.art for a in animals),
    "min_kg": lambda animals, arg: sum(a.weight_kg >= int(arg) for a in animals),
    "min_vp": lambda animals, arg: sum(a.vp >= int(arg) for a in animals),
    "birds": lambda animals, _: sum(a.type in ("bird", "bird_of_prey") for a in animals),
    "types": lambda animals, _: len({a.type for a in animals}),
    "animals": lambda animals, _: len(animals),
    "animal_vp": lambda animals, _: sum(a.vp for a in animals),
    "under_1kg": lambda animals, _: sum(a.weight_kg < 1 for a in animals),
    "threatened": lambda animals, _: sum(a.iucn in THREATENED for a in animals),
    "eats_fish": lambda animals, _: sum("fish" in a.food for a in animals),
    "small_wonders": lambda animals, _: sum(a.type in ("small_mammal", "reptile") for a in animals),
    "balanced": lambda animals, _: _balanced(animals),
}


@cache
def _counter(name: str) -> Callable[[Tally], int]:
    """How to count the metric ``name`` (``sym:grass``, ``animals``, ``min_kg:100``) from a
    :class:`Tally`: the name is read once per session, not at every Investment step."""
    kind, _, arg = name.partition(":")
    if kind == "sym":
        return lambda tally: tally.symbols()[arg]
    if kind in _OF_PLAYER:
        return _OF_PLAYER[kind]
    count = _OF_ANIMALS[kind]
    return lambda tally: count(tally.animals(), arg)


def metric(p: dict, name: str, tally: Tally | None = None) -> int:
    """The number a research card or goal counts for one player (Oppo included); ``tally`` is
    the player's :class:`Tally`, for a caller asking several metrics at once.

    Legal moves ask this for every research card in play, every Investment step, so the
    counting rules are built once (the tables above) and only the metric asked for is counted.
    """
    return _counter(name)(tally or Tally(p))


def research_tier(p: dict, card_id: str, tally: Tally | None = None) -> int:
    """Highest tier (0-3) of a research card this player meets now (``tally`` as for
    :func:`metric`): how many of its rising tiers the count reaches."""
    card = cat.RESEARCH_BY_ID[card_id]
    return bisect_right(card.tiers, metric(p, card.metric, tally))


def research_reward(round_index: int, tier: int) -> tuple[int, int]:
    return K.RESEARCH_REWARDS[round_index][tier - 1]


def goal_points(p: dict, goal_id: str) -> int:
    goal = cat.GOALS_BY_ID[goal_id]
    value = metric(p, goal.metric)
    return max([vp for need, vp in goal.steps if value >= need], default=0)


def animal_points(p: dict) -> int:
    return sum(cat.animal(cid).vp for cid in reserve_animals(p))


def awards(p: dict) -> list[str]:
    won = []
    if p.get("habitat", 0) >= K.MAX_PROTECTION:
        won.append("Habitat")
    if p.get("smuggling", 0) >= K.MAX_PROTECTION:
        won.append("Anti-Smuggling")
    if p.get("climate_markers", 0) >= K.CLIMATE_AWARD_MARKERS:
        won.append("Climate")
    return won


# Score categories as players read them (the final table shows these words).
ANIMALS = "Animals"
RESEARCH = "Research"
AWARDS = "Conservation awards"
GOAL = "Goal card"
LODGES = "Lodges"
GOLDEN = "Golden Lodge"
NO_LODGES = "No-Lodges bonus"
OPPO_LODGES = "Lodges bonus"


def no_lodges_bonus(state: dict, seat: int) -> int:
    """The mixed-experience bonus for a seat playing without Lodges against Lodge players.

    The rulebook gives it to players new to Kavango facing players who build Lodges, so a table
    where nobody plays with Lodges is the base game: no bonus. Solo, Oppo never builds Lodges,
    so a solo player without Lodges plays the base game too.
    """
    players = state["p"]
    against = any(p["difficulty"] != "none" for p in players) and not state["solo"]
    uses = state["options"].get("lodges") and against
    return K.NO_LODGES_BONUS if uses and players[seat]["difficulty"] == "none" else 0


def breakdown(state: dict, seat: int, with_goal: bool = True) -> dict[str, int]:
    """Points by category for one seat. ``with_goal=False`` leaves out the secret goal cards,
    for the running score other players see during the game."""
    p = state["p"][seat]
    row = {
        ANIMALS: animal_points(p),
        RESEARCH: p["research_vp"],
        AWARDS: K.AWARD_VALUE * len(awards(p)),
    }
    if with_goal:
        row[GOAL] = max([goal_points(p, g) for g in p["goals"]], default=0)
    if state["options"].get("lodges"):
        row[LODGES] = K.LODGE_POINTS * len(p["lodges"]["built"])
        row[GOLDEN] = K.GOLDEN_LODGE_POINTS if p.get("golden") else 0
        row[NO_LODGES] = no_lodges_bonus(state, seat)
    return row


def oppo_lodges_bonus(state: dict) -> int:
    """Solo with Lodges: Oppo builds none but scores by the solo player's difficulty."""
    if not state["options"].get("lodges"):
        return 0
    return K.OPPO_LODGES_BONUS.get(state["p"][0]["difficulty"], 0)


def oppo_breakdown(state: dict) -> dict[str, int]:
    o = state["oppo"]
    row = {
        ANIMALS: animal_points(o) * K.OPPO_ANIMAL_PERCENT[o["level"]] // 100,
        RESEARCH: o["research_vp"],
        AWARDS: K.AWARD_VALUE if o["climate_markers"] >= K.CLIMATE_AWARD_MARKERS else 0,
    }
    if state["options"].get("lodges"):
        row[OPPO_LODGES] = oppo_lodges_bonus(state)
    return row
