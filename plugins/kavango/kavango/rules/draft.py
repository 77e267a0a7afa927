"""Rounds and turns: dealing hands, the simultaneous draft, passing, end of turn and of round."""

from __future__ import annotations

from core.engine.seats import pass_along

from .. import catalog as cat
from .. import constants as K
from . import lodges, oppo


def hand_size(state: dict) -> int:
    return K.HAND_SIZE_SMALL if state["hand_count"] <= 2 else K.HAND_SIZE_LARGE


def start_round(state: dict, round_index: int) -> None:
    """Deal each hand (with its marker letter), reveal research, discard leftover decks."""
    state["round"] = round_index
    state["turn"] = 1
    size = hand_size(state)
    actions, a, b, c = K.HAND_COMPOSITION[size][round_index]
    decks = state["decks"]
    n = state["hand_count"]
    for i in range(n):
        hand = []
        relocations = (
            K.RELOCATION_VARIANT[round_index] if state["options"]["relocation_variant"] else 0
        )
        hand += [
            decks["relocation"].pop() for _ in range(min(relocations, len(decks["relocation"])))
        ]
        hand += [
            decks["action"].pop() for _ in range(min(actions - relocations, len(decks["action"])))
        ]
        for letter, count in (("A", a), ("B", b), ("C", c)):
            hand += [decks[letter].pop() for _ in range(min(count, len(decks[letter])))]
        state["hands"][i] = hand
        state["markers"][i] = K.HAND_LETTERS[(i + state["marker_offset"] + round_index) % n]
    if round_index == 1:
        state["discard"] += decks["A"] + decks["B"]
        decks["A"], decks["B"] = [], []
    if round_index == 2:
        state["discard"] += decks["C"] + decks["action"] + decks["relocation"]
        decks["C"], decks["action"], decks["relocation"] = [], [], []
    deck = state["research_deck"][str(round_index + 1)]
    state["research"] = [deck.pop() for _ in range(K.RESEARCH_PER_ROUND)]
    for p in state["p"]:
        p["claims"] = {}
        p["round_flags"] = {"climate_free": False, "researcher": False, "lodge_discards": 0}
    state["phase"] = "draft"
    names = ", ".join(cat.RESEARCH_BY_ID[r].name for r in state["research"])
    state["log"].append(
        f"Round {round_index + 1} begins: hands of {size} are dealt. Research: {names}."
    )


def pass_direction(state: dict) -> int:
    return K.PASS_DIRECTION[state["round"]]


def commit_pick(state: dict, seat: int, card: str) -> None:
    state["picks"][seat] = card
    state["log"].append(f"{state['p'][seat]['name']} has picked a card.")
    if all(pick is not None for pick in state["picks"]):
        reveal(state)


def reveal(state: dict) -> None:
    """Everyone has committed: show the picks, pass the hands on, start acting in marker order."""
    n = state["players"]
    if state["solo"]:
        oppo.draft(state)
    for seat in range(n):
        card = state["picks"][seat]
        state["hands"][seat].remove(card)
        state["drafted"][seat] = card
        state["log"].append(f"{state['p'][seat]['name']} drafted {cat.card_name(card)}.")
    order = sorted(range(n), key=lambda s: state["markers"][s])
    state["act_order"] = order
    state["act_index"] = 0
    state["picks"] = [None] * n
    step = pass_direction(state)
    state["hands"] = pass_along(state["hands"], step)
    state["markers"] = pass_along(state["markers"], step)
    state["phase"] = "act"
    begin_acting(state)


def acting_seat(state: dict) -> int | None:
    if state["phase"] != "act":
        return None
    return state["act_order"][state["act_index"]]


def begin_acting(state: dict) -> None:
    seat = acting_seat(state)
    p = state["p"][seat]
    p["stage"] = {"rewilds": 0, "moves": 0}
    p["relocated"] = False
    state["step"] = "use"


def finish_acting(state: dict) -> None:
    """The acting seat said done: next seat in marker order, or the end of the turn."""
    state["act_index"] += 1
    if state["act_index"] < len(state["act_order"]):
        begin_acting(state)
        return
    end_turn(state)


def end_turn(state: dict) -> None:
    lodges.resolve_golden(state)
    if state["solo"]:
        oppo.end_turn(state)
    state["drafted"] = [None] * state["players"]
    state["step"] = None
    if state["turn"] < K.TURNS_PER_ROUND:
        state["turn"] += 1
        state["phase"] = "draft"
        return
    end_round(state)


def end_round(state: dict) -> None:
    for i, hand in enumerate(state["hands"]):
        state["discard"] += hand
        state["hands"][i] = []
    if state["solo"]:
        oppo.score_research(state)
    state["research_past"] += state["research"]
    state["research"] = []
    state["log"].append(f"Round {state['round'] + 1} ends; leftover cards go to the discard pile.")
    if state["round"] + 1 < K.ROUNDS:
        start_round(state, state["round"] + 1)
    else:
        state["phase"] = "over"
        state["log"].append("The game is over.")
