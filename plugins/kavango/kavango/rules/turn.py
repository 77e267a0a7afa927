"""Using the drafted card: producer, Reserve, Sanctuary, action card, or discard for money.

Action cards that need a choice (Relocation, Wildlife Exchange, Rewilding Project) open a small
sub-step with its own move type, so every list of legal moves stays short.
"""

from __future__ import annotations

from core.engine import IllegalMove
from core.engine.fields import get_int, get_str

from .. import catalog as cat
from .. import constants as K
from .lodges import golden_now, uses_lodges
from .reserve import (
    climate_room,
    empty_cells,
    place_climate,
    requirement_gaps,
    sanctuary_spaces,
)

BIRDS = ("bird", "bird_of_prey")


def discard_value(p: dict) -> int:
    return K.LIAISON_VALUE if p.get("expert") == "expert-liaison" else K.DISCARD_VALUE


def placement_cells(state: dict, seat: int) -> list[tuple[int, int]]:
    """Cells offered for a new Reserve animal: all of them when Lodges make the place matter."""
    cells = empty_cells(state["p"][seat])
    return cells if uses_lodges(state, seat) else cells[:1]


def action_usable(state: dict, seat: int, card: str) -> bool:
    p = state["p"][seat]
    kind = cat.kind_of(card)
    if kind == "relocation":
        return p["money"] >= K.RELOCATION_COST and bool(state["discard"])
    if kind == "rewilding_project":
        return any(state["rewild"].values())
    if kind == "anti_poaching_unit":
        return p["smuggling"] < K.MAX_PROTECTION
    if kind == "habitat_restoration":
        return p["habitat"] < K.MAX_PROTECTION
    if kind == "climate_action":
        return climate_room(state, p) > 0
    if kind == "wildlife_exchange":
        return bool(p["sanctuary"]) and any(cat.animal(c) for c in state["discard"])
    return True


def use_moves(state: dict, seat: int) -> list[dict]:
    p = state["p"][seat]
    card = state["drafted"][seat]
    kind = cat.card_kind(card)
    moves = []
    if kind == "producer":
        moves.append({"type": "use", "how": "producer"})
    elif kind == "animal":
        if not requirement_gaps(state, p, card):
            moves += [
                {"type": "use", "how": "reserve", "row": r, "col": c}
                for r, c in placement_cells(state, seat)
            ]
        if len(p["sanctuary"]) < sanctuary_spaces(p):
            moves.append({"type": "use", "how": "sanctuary"})
    elif action_usable(state, seat, card):
        moves.append({"type": "use", "how": "action"})
    moves.append({"type": "use", "how": "discard"})
    return moves


def enter_reserve(state: dict, seat: int, card: str, r: int, c: int) -> None:
    p = state["p"][seat]
    p["grid"][r][c] = card
    if p.get("expert") == "expert-ornithologist" and cat.animal(card).type in BIRDS:
        p["money"] += K.ORNITHOLOGIST_BONUS


def check_cell(state: dict, seat: int, move: dict) -> tuple[int, int]:
    r = get_int(move, "row", 0, K.ROWS - 1)
    c = get_int(move, "col", 0, K.COLS - 1)
    if (r, c) not in empty_cells(state["p"][seat]):
        raise IllegalMove("That space of your Reserve is taken or locked.")
    return r, c


def use(state: dict, seat: int, move: dict) -> None:
    how = get_str(move, "how", ("producer", "reserve", "sanctuary", "action", "discard"))
    p = state["p"][seat]
    card = state["drafted"][seat]
    kind = cat.card_kind(card)
    name = cat.card_name(card)
    if how == "discard":
        state["discard"].append(card)
        if p["relocated"]:
            state["log"].append(f"{p['name']} returns {name} to the discard pile.")
        else:
            p["money"] += discard_value(p)
            state["log"].append(f"{p['name']} discards {name} for ${discard_value(p)}m.")
        state["step"] = "invest"
        return
    if how == "producer":
        if kind != "producer":
            raise IllegalMove("Only a producer card can be tucked as a producer.")
        p["producers"].append(card)
        state["log"].append(f"{p['name']} tucks {name} as a producer.")
        state["step"] = "invest"
        return
    if how == "reserve":
        if kind != "animal":
            raise IllegalMove("Only animals go into the Nature Reserve.")
        gaps = requirement_gaps(state, p, card)
        if gaps:
            raise IllegalMove(f"{name} still needs: {', '.join(gaps)}.")
        r, c = check_cell(state, seat, move)
        enter_reserve(state, seat, card, r, c)
        state["log"].append(f"{p['name']} places {name} in the Nature Reserve.")
        golden_now(state, seat, "invest")
        return
    if how == "sanctuary":
        if kind != "animal":
            raise IllegalMove("Only animals go into the Sanctuary.")
        if len(p["sanctuary"]) >= sanctuary_spaces(p):
            raise IllegalMove("Your Sanctuary is full.")
        p["sanctuary"].append(card)
        state["log"].append(f"{p['name']} puts {name} in the Sanctuary.")
        state["step"] = "invest"
        return
    if kind != "action":
        raise IllegalMove("Only action cards can be played as an action.")
    if not action_usable(state, seat, card):
        raise IllegalMove(f"{name} would do nothing now; discard it for money instead.")
    resolve_action(state, seat, card)


def resolve_action(state: dict, seat: int, card: str) -> None:
    p = state["p"][seat]
    kind = cat.kind_of(card)
    name = cat.card_name(card)
    state["log"].append(f"{p['name']} plays {name}.")
    if kind == "relocation":
        state["step"] = "relocate"
        return
    if kind == "wildlife_exchange":
        state["step"] = "exchange_give"
        return
    if kind == "rewilding_project":
        state["step"] = "rewild_free"
        return
    if kind == "grant":
        p["money"] += K.GRANT_VALUE
    elif kind == "anti_poaching_unit":
        p["smuggling"] = min(K.MAX_PROTECTION, p["smuggling"] + K.PROTECTION_ACTION_STEPS)
    elif kind == "habitat_restoration":
        p["habitat"] = min(K.MAX_PROTECTION, p["habitat"] + K.PROTECTION_ACTION_STEPS)
    elif kind == "climate_action":
        place_climate(state, p, seat, K.CLIMATE_ACTION_MARKERS)
    state["discard"].append(card)
    state["step"] = "invest"


def relocate_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "relocate", "card": c} for c in state["discard"]]


def relocate(state: dict, seat: int, move: dict) -> None:
    card = get_str(move, "card")
    if card not in state["discard"]:
        raise IllegalMove("That card is not in the discard pile.")
    p = state["p"][seat]
    p["money"] -= K.RELOCATION_COST
    state["discard"].remove(card)
    state["discard"].append(state["drafted"][seat])
    state["drafted"][seat] = card
    p["relocated"] = True
    state["log"].append(
        f"{p['name']} pays ${K.RELOCATION_COST}m to relocate {cat.card_name(card)}."
    )
    state["step"] = "use"


def exchange_give_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "exchange_give", "card": c} for c in state["p"][seat]["sanctuary"]]


def exchange_give(state: dict, seat: int, move: dict) -> None:
    card = get_str(move, "card")
    p = state["p"][seat]
    if card not in p["sanctuary"]:
        raise IllegalMove("That animal is not in your Sanctuary.")
    p["exchange_give"] = card
    state["step"] = "exchange_take"


def exchange_take_moves(state: dict, seat: int) -> list[dict]:
    return [{"type": "exchange_take", "card": c} for c in state["discard"] if cat.animal(c)]


def exchange_take(state: dict, seat: int, move: dict) -> None:
    card = get_str(move, "card")
    if card not in state["discard"] or not cat.animal(card):
        raise IllegalMove("Choose an animal card from the discard pile.")
    p = state["p"][seat]
    give = p["exchange_give"]
    p["sanctuary"][p["sanctuary"].index(give)] = card
    state["discard"].remove(card)
    state["discard"] += [give, state["drafted"][seat]]
    p["exchange_give"] = None
    state["log"].append(
        f"{p['name']} swaps {cat.card_name(give)} for {cat.card_name(card)} from the discard pile."
    )
    state["step"] = "invest"


def rewild_kinds(state: dict) -> list[str]:
    return [k for k in cat.PRODUCER_KINDS if state["rewild"].get(k)]


def take_rewilding(state: dict, seat: int, kind: str) -> None:
    p = state["p"][seat]
    number = K.REWILDING_SUPPLY[kind] - state["rewild"][kind] + 1
    state["rewild"][kind] -= 1
    p["producers"].append(f"rewild-{kind}-{number}")


def rewild_free(state: dict, seat: int, move: dict) -> None:
    kind = get_str(move, "kind", rewild_kinds(state))
    take_rewilding(state, seat, kind)
    state["discard"].append(state["drafted"][seat])
    state["log"].append(f"{state['p'][seat]['name']} takes a {kind} Rewilding card for free.")
    state["step"] = "invest"
