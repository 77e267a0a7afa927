"""Setting up a game: decks, landscapes, Experts, Goals, Lodge cards, the Sanctuary pick."""

from __future__ import annotations

import random

from .. import catalog as cat
from .. import constants as K
from .draft import start_round
from .lodges import CP_DIFFICULTIES


def _cp_grid(difficulty: str) -> list[list]:
    grid = [[None] * K.COLS for _ in range(K.ROWS)]
    if difficulty not in CP_DIFFICULTIES:
        return grid
    for (r, c), level in cat.CP_MARKERS.items():
        if difficulty == "intermediate" and (r, c) in cat.INTERMEDIATE_REMOVES:
            continue
        grid[r][c] = level
    return grid


def _shuffled(ids: list[str], rng: random.Random) -> list[str]:
    ids = list(ids)
    rng.shuffle(ids)
    return ids


def new_player(name: str, landscape: str, difficulty: str, money: int, lodges_on: bool) -> dict:
    return {
        "name": name,
        "landscape": landscape,
        "difficulty": difficulty if lodges_on else "none",
        "money": money,
        "habitat": 0,
        "smuggling": 0,
        "producers": [],
        "grid": [[None] * K.COLS for _ in range(K.ROWS)],
        "sanctuary": [],
        "expert": None,
        "expert_options": [],
        "goals": [],
        "claims": {},
        "research_vp": 0,
        "research_tier3": 0,
        "climate_markers": 0,
        "climate_plus": 0,
        "stage": {"rewilds": 0, "moves": 0},
        "round_flags": {"climate_free": False, "researcher": False, "lodge_discards": 0},
        "relocated": False,
        "carry": None,
        "placing": None,
        "exchange_give": None,
        "lodges": {"dealt": [], "kept": [], "built": [], "discarded": []},
        "cp": _cp_grid(difficulty if lodges_on else "none"),
        "removed": [],
        "golden": None,
    }


def plays_golden_lodge(players: int, options: dict, seat_options: list[dict]) -> bool:
    """Intermediate and Maximum say "play with the Golden Lodge", so one such seat brings it to
    the table; with Lodges only the host chooses. Never in solo, never without the expansion."""
    if players == 1 or not options.get("lodges"):
        return False
    implied = any(so.get("difficulty") in CP_DIFFICULTIES for so in seat_options)
    return implied or bool(options.get("golden_lodge"))


def setup_game(players: int, options: dict, seat_options: list[dict], rng: random.Random) -> dict:
    solo = players == 1
    lodges_on = bool(options.get("lodges"))
    variant = bool(options.get("relocation_variant")) and players <= 2
    landscapes = _shuffled(list(cat.LANDSCAPE_ORDER), rng)
    decks = {
        "A": _shuffled(cat.deck_a(), rng),
        "B": _shuffled(cat.deck_animals("B"), rng),
        "C": _shuffled(cat.deck_animals("C"), rng),
    }
    if variant:
        decks["action"] = _shuffled([c for c in cat.action_cards() if "relocation" not in c], rng)
        decks["relocation"] = _shuffled(cat.action_cards("relocation"), rng)
    else:
        decks["action"] = _shuffled(cat.action_cards(), rng)
        decks["relocation"] = []
    research = {
        str(r): _shuffled([c.id for c in cat.RESEARCH if c.round == r], rng) for r in (1, 2, 3)
    }
    experts = _shuffled([e.id for e in cat.EXPERTS], rng)
    goals = _shuffled([g.id for g in cat.GOALS], rng)
    lodge_decks = {
        str(lv): _shuffled([c.id for c in cat.LODGE_CARDS if c.level == lv], rng)
        for lv in (1, 2, 3)
    }
    golden = _shuffled([c.id for c in cat.GOLDEN_LODGE_CARDS], rng)
    hands = players + (1 if solo else 0)
    state = {
        "players": players,
        "solo": solo,
        "options": {
            "lodges": lodges_on,
            "golden_lodge": plays_golden_lodge(players, options, seat_options),
            "relocation_variant": variant,
            "quick_sanctuary": bool(options.get("quick_sanctuary")),
        },
        "phase": "choose",
        "round": 0,
        "turn": 0,
        "hand_count": hands,
        "decks": decks,
        "discard": [],
        "rewild": dict(K.REWILDING_SUPPLY),
        "research_deck": research,
        "research": [],
        "research_past": [],
        "climate": [],
        "sections": list(K.climate_sections(hands)),
        "hands": [[] for _ in range(hands)],
        "markers": ["" for _ in range(hands)],
        "marker_offset": rng.randrange(hands),
        "picks": [None] * players,
        "act_order": [],
        "act_index": 0,
        "step": None,
        "drafted": [None] * players,
        "golden": {"cards": [], "pending": [], "winners": [], "resume": None},
        "lodge_tray": [],
        "experts_tray": [],
        "goals_tray": [],
        "sanctuary_offer": [],
        "sanctuary_order": [],
        "first_pick": rng.randrange(players),
        "p": [],
        "oppo": None,
        "log": [],
    }
    n_experts = K.EXPERTS_DEALT if options.get("expert_deal", True) else K.KICKSTARTER_EXPERTS_DEALT
    n_goals = K.GOALS_DEALT if options.get("goal_deal", True) else K.KICKSTARTER_GOALS_DEALT
    for seat in range(players):
        so = seat_options[seat] if seat < len(seat_options) else {}
        p = new_player(
            f"Player {seat + 1}",
            landscapes[seat],
            so.get("difficulty", "lodges"),
            so.get("start_money", K.STARTING_MONEY),
            lodges_on,
        )
        p["expert_options"] = [experts.pop() for _ in range(n_experts)]
        p["goals"] = [goals.pop() for _ in range(n_goals)]
        if p["difficulty"] != "none":
            for lv in ("1", "2", "3"):
                p["lodges"]["dealt"] += [
                    lodge_decks[lv].pop() for _ in range(K.LODGE_CARDS_DEALT_PER_LEVEL)
                ]
        state["p"].append(p)
        if len(p["expert_options"]) == 1:
            choose_expert(state, seat, p["expert_options"][0])
    state["experts_tray"] = experts
    state["goals_tray"] = goals
    state["lodge_tray"] = [c for lv in ("1", "2", "3") for c in lodge_decks[lv]]
    if state["options"]["golden_lodge"]:
        state["golden"]["cards"] = [golden.pop() for _ in range(K.GOLDEN_LODGE_REVEALED)]
    state["golden_tray"] = golden
    if solo:
        state["oppo"] = {
            "level": options.get("oppo", "intermediate"),
            "landscape": None,
            "producers": [],
            "reserve": [],
            "habitat": 0,
            "smuggling": 0,
            "climate_markers": 0,
            "climate_plus": 0,
            "research_vp": 0,
            "pick": None,
        }
    state["log"].append(
        "The game is set up: each player chooses an Expert"
        + (" and Lodge cards" if lodges_on else "")
        + " at the same time."
    )
    maybe_finish_choosing(state)
    return state


# ---- the simultaneous choice of Expert and Lodge cards ---------------------------------------
def choosing_done(state: dict, seat: int) -> bool:
    p = state["p"][seat]
    lodges = p["lodges"]
    return p["expert"] is not None and len(lodges["kept"]) == (
        len(lodges["dealt"]) // K.LODGE_CARDS_DEALT_PER_LEVEL * K.LODGE_CARDS_KEPT_PER_LEVEL
        if lodges["dealt"]
        else 0
    )


def choose_expert(state: dict, seat: int, expert: str) -> None:
    p = state["p"][seat]
    p["expert"] = expert
    if expert == "expert-ranger":
        p["smuggling"] = K.EXPERT_START_LEVEL
    elif expert == "expert-ecologist":
        p["habitat"] = K.EXPERT_START_LEVEL
    elif expert == "expert-fundraiser":
        p["money"] += K.FUNDRAISER_BONUS
    state["experts_tray"] = state.get("experts_tray", []) + [
        e for e in p["expert_options"] if e != expert
    ]


def return_lodge(state: dict, seat: int, card: str) -> None:
    """Give back one of the three dealt cards of a level; the other two of it are kept."""
    p = state["p"][seat]
    level = cat.LODGES_BY_ID[card].level
    same = [c for c in p["lodges"]["dealt"] if cat.LODGES_BY_ID[c].level == level]
    p["lodges"]["kept"] += [c for c in same if c != card]
    p["lodges"]["kept"].sort()
    state["lodge_tray"].append(card)


def maybe_finish_choosing(state: dict) -> None:
    if state["phase"] != "choose" or not all(
        choosing_done(state, s) for s in range(state["players"])
    ):
        return
    state["log"].append("Everyone has chosen; the chosen Lodge cards are now shown."
                        if state["options"].get("lodges") else "Everyone has chosen.")
    n = state["players"]
    if state["options"].get("quick_sanctuary"):
        deal_sanctuary(state)
        return
    state["phase"] = "sanctuary"
    reveal = K.sanctuary_reveal(n)
    state["sanctuary_offer"] = [state["decks"]["C"].pop() for _ in range(reveal)]
    first = state["first_pick"]
    order = [(first + i) % n for i in range(n)]
    state["sanctuary_order"] = order + order[::-1]
    state["log"].append(
        f"{state['p'][first]['name']} has the First Sanctuary Pick; "
        f"{reveal} animals from deck C are revealed."
    )


def deal_sanctuary(state: dict) -> None:
    """The quick variant: each player is dealt their Sanctuary animals from deck C, no picking."""
    for seat in range(state["players"]):
        dealt = [state["decks"]["C"].pop() for _ in range(K.STARTING_SANCTUARY_ANIMALS)]
        state["p"][seat]["sanctuary"] += dealt
        names = ", ".join(cat.card_name(c) for c in dealt)
        state["log"].append(f"{state['p'][seat]['name']} is dealt {names} into the Sanctuary.")
    start_round(state, 0)


def pick_sanctuary(state: dict, seat: int, card: str, rng: random.Random) -> None:
    state["sanctuary_offer"].remove(card)
    state["p"][seat]["sanctuary"].append(card)
    state["sanctuary_order"].pop(0)
    state["log"].append(
        f"{state['p'][seat]['name']} takes {cat.card_name(card)} into the Sanctuary."
    )
    if not state["sanctuary_order"]:
        state["decks"]["C"] += state["sanctuary_offer"]
        rng.shuffle(state["decks"]["C"])
        state["sanctuary_offer"] = []
        start_round(state, 0)
