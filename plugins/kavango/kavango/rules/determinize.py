"""Imagining a full table from one seat's view, for bots that must not peek.

Everything on the table is copied from the view. Cards the view names without an id (Reserve
animals, tucked producers, Oppo's cards) get copies of the right kind. What the seat cannot see
is dealt at random from what is left: other hands and their secret picks, Oppo's pick, the decks
(each from its own kind of card), other players' Experts, Goal cards and returned or undecided
Lodge cards, and the research and Golden Lodge cards still in their trays.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache

from core.engine.game import strings_in

from .. import catalog as cat
from .. import constants as K

SKIPPED = ("log", "last")
BEFORE_USE = ("use", "relocate", "exchange_give", "exchange_take", "rewild_free")


@cache
def _kind_of_name() -> dict[str, str]:
    return {x.name: x.id for table in (cat.ANIMALS, cat.PRODUCERS, cat.ACTIONS) for x in table}


@cache
def all_cards() -> frozenset[str]:
    """Every card id of the game: the material a sample must conserve."""
    ids = set(cat.deck_a()) | set(cat.deck_animals("B")) | set(cat.deck_animals("C"))
    ids |= set(cat.action_cards()) | {e.id for e in cat.EXPERTS} | {g.id for g in cat.GOALS}
    ids |= {c.id for c in cat.LODGE_CARDS} | {c.id for c in cat.GOLDEN_LODGE_CARDS}
    ids |= {r.id for r in cat.RESEARCH}
    return frozenset(ids)


def material(state: dict) -> Counter:
    """The card ids the table holds, each once: the state also names a card a second time where
    it is referred to (a kept Lodge card among the dealt ones, a chosen Expert among its options,
    a secret pick among the hand), and log lines and last-move marks are words, not pieces."""
    pieces = strings_in({k: v for k, v in state.items() if k not in SKIPPED})
    return Counter({s: 1 for s in pieces if s in all_cards() or s.startswith("rewild-")})


def _category(card: str, variant: bool) -> str:
    if cat.action(card):
        return "relocation" if variant and cat.kind_of(card) == "relocation" else "action"
    return cat.deck_of(card)


class _Pool:
    """The copies of each card kind not yet placed in the sample."""

    def __init__(self, known: set[str], rng: random.Random):
        free = sorted(c for c in all_cards() if c.startswith("kav-") and c not in known)
        rng.shuffle(free)
        self.free = free

    def take_kind(self, name: str) -> str:
        kind = _kind_of_name()[name]
        card = next(c for c in self.free if cat.kind_of(c) == kind)
        self.free.remove(card)
        return card


def _rewild(name: str, taken: dict[str, int]) -> str:
    kind = name[len("Rewilding (") : -1]
    taken[kind] = taken.get(kind, 0) + 1
    return f"rewild-{kind}-{taken[kind]}"


def determinize(view: dict, seat: int, rng: random.Random) -> dict:
    players = len(view["players"])
    solo = view["solo"]
    phase = view["phase"]
    table = view["table"]
    variant = view["options"]["relocation_variant"]
    hand_count = players + (1 if solo else 0)

    known = {c["id"] for c in view["hand"]} | {c["id"] for c in view["sanctuary_offer"]}
    known |= set(view["discard_cards"])
    for p in view["players"]:
        known |= {c["id"] for c in p["sanctuary"]}
        if p["drafted"]:
            known.add(p["drafted"]["id"])
        for key in ("placing", "exchange_give"):
            if p[key]:
                known.add(p[key])
    if view.get("my_pick"):
        known.add(view["my_pick"]["id"])
    pool = _Pool(known, rng)
    rewilds: dict[str, int] = {}

    def card_for(name: str) -> str:
        return _rewild(name, rewilds) if name.startswith("Rewilding (") else pool.take_kind(name)

    acting = view["acting"]
    act_order = list(view["act_order"])
    done_acting = act_order[: act_order.index(acting)] if acting is not None else []

    # A drafted producer or animal already used lies in a Reserve or under a board with the
    # same id the view shows as drafted: that copy is the one there. Usually it is the drafter's
    # own; a card discarded this turn may have moved on (Wildlife Exchange then a release), so
    # a copy the drafter's board cannot hold is kept for whichever board shows its name.
    lying = set(view["discard_cards"])
    for pv in view["players"]:
        lying |= {c["id"] for c in pv["sanctuary"]} | {pv["placing"], pv["exchange_give"]}
    used = {pv["seat"] for pv in view["players"] if pv["drafted"]} & (
        set(done_acting) | ({acting} if view["step"] not in BEFORE_USE else set())
    )
    held = {pv["drafted"]["id"] for pv in view["players"] if pv["drafted"] and pv["seat"] not in used}
    own, moved = {}, []
    for pv in view["players"]:
        drafted = pv["drafted"]["id"] if pv["seat"] in used else None
        if drafted is None or drafted in lying | held | set(own.values()) | set(moved):
            continue
        names = [cell["animal"]["name"] for row in pv["grid"] for cell in row if "animal" in cell]
        if cat.card_name(drafted) in names + [c["name"] for c in pv["producers"]]:
            own[pv["seat"]] = drafted
        else:
            moved.append(drafted)

    ps = []
    for pv in view["players"]:
        spare = [own[pv["seat"]]] if pv["seat"] in own else []

        def placed(name: str, spare=spare) -> str:
            for pile in (spare, moved):
                found = next((c for c in pile if cat.card_name(c) == name), None)
                if found:
                    pile.remove(found)
                    return found
            return card_for(name)

        grid = [
            [placed(cell["animal"]["name"]) if "animal" in cell else None for cell in row]
            for row in pv["grid"]
        ]
        cp = [[cell.get("lock") for cell in row] for row in pv["grid"]]
        golden = {"card": pv["golden"]["card"], "point": list(pv["golden"]["point"])} if pv[
            "golden"
        ] else None
        ps.append(
            {
                "name": pv["name"],
                "landscape": pv["landscape"],
                "difficulty": pv["difficulty"],
                "money": pv["money"],
                "habitat": pv["habitat"],
                "smuggling": pv["smuggling"],
                "producers": [placed(c["name"]) for c in pv["producers"]],
                "grid": grid,
                "sanctuary": [c["id"] for c in pv["sanctuary"]],
                "expert": pv["expert"]["id"] if pv.get("expert") else None,
                "expert_options": [e["id"] for e in pv.get("expert_options", [])],
                "goals": [g["id"] for g in pv.get("goals", [])],
                "claims": dict(pv["claims"]),
                "research_vp": pv["research_vp"],
                "research_tier3": pv["research_tier3"],
                "climate_markers": pv["climate_markers"],
                "climate_plus": pv["climate_plus"],
                "stage": dict(pv["stage"]),
                "round_flags": dict(pv["round_flags"]),
                "relocated": pv["relocated"],
                "carry": list(pv["carry"]) if pv["carry"] else None,
                "placing": pv["placing"],
                "exchange_give": pv["exchange_give"],
                "lodges": {
                    "dealt": [],
                    "kept": [],
                    "built": [
                        {"card": b["card"], "point": list(b["point"]), "level": b["level"]}
                        for b in pv["lodges_built"]
                    ],
                    "discarded": [c["id"] for c in pv["lodge_cards"] if c["discarded"]],
                },
                "cp": cp,
                "removed": list(pv["removed_markers"]),
                "golden": golden,
            }
        )
    oppo = None
    if solo:
        ov = view["oppo"]
        oppo = {
            "level": ov["level"],
            "landscape": None,
            "producers": [card_for(c["name"]) for c in ov["producers"]],
            "reserve": [card_for(c["name"]) for c in ov["reserve"]],
            "habitat": 0,
            "smuggling": 0,
            "climate_markers": ov["climate_markers"],
            "climate_plus": ov["climate_plus"],
            "research_vp": ov["research_vp"],
            "pick": None,
        }

    # ---- hidden cards: decks first (each from its own kind), then hands and picks ----------
    hidden = list(pool.free)
    decks = {}
    for key, size in view["deck_counts"].items():
        fitting = [c for c in hidden if _category(c, variant) == key][:size]
        decks[key] = fitting
        hidden = [c for c in hidden if c not in set(fitting)]
    hands = [[] for _ in range(hand_count)]
    if phase in ("draft", "act"):
        hands[seat] = [c["id"] for c in view["hand"]]
        for pv in view["players"]:
            if pv["seat"] != seat:
                hands[pv["seat"]] = [hidden.pop() for _ in range(pv["hand_size"])]
        if solo:
            hands[1] = [hidden.pop() for _ in range(view["oppo"]["hand_size"])]
            if phase == "act" and hidden:
                oppo["pick"] = hidden.pop()
    assert not hidden, f"kavango determinize: {len(hidden)} cards left over: {hidden}"
    picks = [None] * players
    if phase == "draft":
        for pv in view["players"]:
            if pv["seat"] == seat:
                picks[seat] = view["my_pick"]["id"] if view.get("my_pick") else None
            elif pv["has_picked"]:
                picks[pv["seat"]] = rng.choice(hands[pv["seat"]])

    # ---- Experts, Goals, Lodge cards --------------------------------------------------------
    experts = [e.id for e in cat.EXPERTS]
    seen_experts = {x for p in ps for x in p["expert_options"]} | {
        p["expert"] for p in ps if p["expert"]
    }
    free_experts = [e for e in experts if e not in seen_experts]
    rng.shuffle(free_experts)
    tray = []
    for s, p in enumerate(ps):
        done = view["players"][s]["setup_done"] or phase != "choose"
        if p["expert"] is None and done:
            p["expert"] = free_experts.pop()
        options = list(p["expert_options"]) or ([p["expert"]] if p["expert"] else [])
        while len(options) < table["experts_dealt"]:
            options.append(free_experts.pop())
        p["expert_options"] = options
        if p["expert"]:
            tray += [e for e in options if e != p["expert"]]
    experts_tray = free_experts + tray

    free_goals = [g.id for g in cat.GOALS if g.id not in {x for p in ps for x in p["goals"]}]
    rng.shuffle(free_goals)
    for p in ps:
        while len(p["goals"]) < table["goals_dealt"]:
            p["goals"].append(free_goals.pop())

    lodge_tray = []
    shown_lodges = set()
    for pv in view["players"]:
        shown_lodges |= {c["id"] for c in pv["lodge_cards"]}
        for level in pv.get("lodge_choice", []):
            shown_lodges |= {c["id"] for c in level["cards"]}
    free_lodges = {
        lv: [c.id for c in cat.LODGE_CARDS if c.level == lv and c.id not in shown_lodges]
        for lv in (1, 2, 3)
    }
    for cards in free_lodges.values():
        rng.shuffle(cards)
    for p, pv in zip(ps, view["players"], strict=True):
        if p["difficulty"] == "none" or not view["options"]["lodges"]:
            continue
        lodges = p["lodges"]
        if pv.get("lodge_choice"):
            for level in pv["lodge_choice"]:
                lodges["dealt"] += [c["id"] for c in level["cards"]]
                lodges["kept"] += [c["id"] for c in level["cards"] if c["kept"]]
                if level["settled"]:
                    lodge_tray += [c["id"] for c in level["cards"] if not c["kept"]]
            lodges["kept"].sort()
            continue
        kept = [c["id"] for c in pv["lodge_cards"]]
        settle = phase != "choose" or pv["setup_done"]
        for lv in (1, 2, 3):
            mine = [c for c in kept if cat.LODGES_BY_ID[c].level == lv]
            if settle and not mine:
                mine = [free_lodges[lv].pop() for _ in range(K.LODGE_CARDS_KEPT_PER_LEVEL)]
            extra = [
                free_lodges[lv].pop()
                for _ in range(K.LODGE_CARDS_DEALT_PER_LEVEL - len(mine))
            ]
            lodges["dealt"] += mine + extra
            if settle:
                lodges["kept"] += mine
                lodge_tray += extra
        lodges["kept"].sort()
    lodge_tray += [c for cards in free_lodges.values() for c in cards]

    golden_cards = [g["id"] for g in view["golden"]["cards"]]
    golden_tray = [c.id for c in cat.GOLDEN_LODGE_CARDS if c.id not in golden_cards]
    rng.shuffle(golden_tray)

    current = [r["id"] for r in view["research"]]
    research_deck, research_past = {}, []
    for rnd in (1, 2, 3):
        cards = [r.id for r in cat.RESEARCH if r.round == rnd and r.id not in current]
        rng.shuffle(cards)
        if rnd < view["round"] or (rnd == view["round"] and not current and phase == "over"):
            research_past += cards[: K.RESEARCH_PER_ROUND]
            cards = cards[K.RESEARCH_PER_ROUND :]
        research_deck[str(rnd)] = cards

    return {
        "players": players,
        "solo": solo,
        "options": dict(view["options"]),
        "phase": phase,
        "round": view["round"] - 1,
        "turn": view["turn"],
        "hand_count": hand_count,
        "decks": decks,
        "discard": list(view["discard_cards"]),
        "rewild": dict(view["rewild"]),
        "research_deck": research_deck,
        "research": current,
        "research_past": research_past,
        "climate": list(view["climate"]["track"]),
        "sections": list(view["climate"]["sections"]),
        "hands": hands,
        "markers": list(table["markers"]),
        "marker_offset": table["marker_offset"],
        "picks": picks,
        "act_order": act_order,
        "act_index": act_order.index(acting) if acting is not None else 0,
        "step": view["step"],
        "drafted": [pv["drafted"]["id"] if pv["drafted"] else None for pv in view["players"]],
        "golden": {
            "cards": golden_cards,
            "pending": list(view["golden"]["claims_this_turn"]),
            "winners": list(view["golden"]["winners"]),
            "resume": table["golden_resume"],
        },
        "lodge_tray": lodge_tray,
        "experts_tray": experts_tray,
        "goals_tray": free_goals,
        "sanctuary_offer": [c["id"] for c in view["sanctuary_offer"]],
        "sanctuary_order": list(table["sanctuary_order"]),
        "first_pick": table["first_pick"],
        "p": ps,
        "oppo": oppo,
        "log": list(view["log"]),
        "last": dict(view["last"]),
        "golden_tray": golden_tray,
    }

