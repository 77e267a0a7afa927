"""What each seat may see, and the ids it must not.

Hidden: the hands in front of other players (so the hand you will receive next), every face-down
deck and tray, picks until everyone has committed, other players' Experts and Goals (until the
game ends), Lodge cards others were dealt until the choice is over (then only the kept ones show).
"""

from __future__ import annotations

from .. import catalog as cat
from .. import constants as K
from . import lodges, scoring
from .draft import acting_seat
from .reserve import climate_level, requirement_gaps, requirement_text, sanctuary_spaces, symbols
from .setup import choosing_done

LOG_LINES = 30  # the view shows the latest lines of the public log
DIFFICULTY_NAMES = dict(lodges.DIFFICULTIES)


def card_info(state: dict, card: str, p: dict | None = None) -> dict:
    info = {
        "id": card,
        "name": cat.card_name(card),
        "kind": cat.card_kind(card),
        "deck": cat.deck_of(card),
    }
    a = cat.animal(card)
    if a:
        info.update(
            type=a.type,
            type_name=cat.TYPE_NAMES[a.type],
            vp=a.vp,
            needs=requirement_text(card),
            art=list(a.art),
            iucn=a.iucn,
        )
        if p is not None:
            gaps = requirement_gaps(state, p, card)
            info.update(met=not gaps, missing=gaps)
    elif info["kind"] == "producer":
        info["symbols"] = list(cat.producer_symbols(card))
    else:
        info["text"] = cat.action(card).text
    return info


def _research(state: dict, card: str, viewer: dict | None) -> dict:
    """A research card in words: what it counts, and per tier the count needed and the payout."""
    r = cat.RESEARCH_BY_ID[card]
    tiers = []
    for tier, need in enumerate(r.tiers, start=1):
        money, vp = scoring.research_reward(state["round"], tier)
        tiers.append({"tier": tier, "need": need, "money": money, "vp": vp})
    out = {"id": card, "name": r.name, "counts": cat.metric_words(r.metric), "tiers": tiers}
    out["is_last"] = card in (state.get("last") or {}).get("research", [])
    out["claimed_by"] = [
        {"seat": s, "tier": p["claims"][card]} for s, p in enumerate(state["p"]) if card in p["claims"]
    ]
    if viewer is not None:
        out["you_have"] = scoring.metric(viewer, r.metric)
        out["you_meet"] = scoring.research_tier(viewer, card)
    return out


def _goal(p: dict, goal_id: str) -> dict:
    g = cat.GOALS_BY_ID[goal_id]
    return {
        "id": goal_id,
        "name": g.name,
        "counts": cat.metric_words(g.metric),
        "steps": [{"need": need, "points": vp} for need, vp in g.steps],
        "have": scoring.metric(p, g.metric),
        "points_now": scoring.goal_points(p, goal_id),
    }


def _lodge(card: str) -> dict:
    c = cat.LODGES_BY_ID[card]
    return {
        "id": card,
        "level": c.level,
        "requires": [cat.TYPE_NAMES[t] for t in c.requires],
        "types": list(c.requires),
        "text": cat.type_list(c.requires),
    }


def _score_now(state: dict, seat: int, shown_goal: bool) -> dict:
    """The running score: what would count if the game ended now. Goal cards are secret, so a
    score other players see leaves them out (and says so)."""
    rows = scoring.breakdown(state, seat, with_goal=shown_goal)
    return {"total": sum(rows.values()), "rows": rows, "with_goal": shown_goal}


def _player(state: dict, seat: int, viewer: int | None, over: bool) -> dict:
    p = state["p"][seat]
    mine = viewer == seat
    fixed = lodges.fixed_cells(p)
    touched = state.get("last") or {}
    changed = {(c["row"], c["col"]) for c in touched.get("cells", []) if c["seat"] == seat}
    new_points = {(c["row"], c["col"]) for c in touched.get("points", []) if c["seat"] == seat}
    new_cards = set(touched.get("cards", []))
    grid = [
        [dict(_cell(state, p, r, c, fixed), is_last=(r, c) in changed) for c in range(K.COLS)]
        for r in range(K.ROWS)
    ]
    choosing = state["phase"] == "choose"
    lodge_cards = (
        p["lodges"]["dealt"] if (mine and choosing) else ([] if choosing else p["lodges"]["kept"])
    )
    built = {b["card"] for b in p["lodges"]["built"]}
    out = {
        "seat": seat,
        "name": p["name"],
        "landscape": p["landscape"],
        "landscape_name": cat.LANDSCAPES[p["landscape"]][0],
        "landscape_producers": list(cat.LANDSCAPES[p["landscape"]][1]),
        "money": p["money"],
        "habitat": p["habitat"],
        "smuggling": p["smuggling"],
        "producers": [_brief(c, with_id=False) for c in p["producers"]],
        "symbols": {k: v for k, v in symbols(p).items() if v},
        "grid": grid,
        "sanctuary": [
            dict(card_info(state, c, p if mine else None), is_last=c in new_cards)
            for c in p["sanctuary"]
        ],
        "is_last": touched.get("seat") == seat,
        "new_producer": seat in touched.get("producers", []),
        "new_tracks": [t["track"] for t in touched.get("tracks", []) if t["seat"] == seat],
        # The Vet's extra space would give away a hidden Expert: others see the base size.
        "sanctuary_spaces": sanctuary_spaces(p) if mine or over else K.SANCTUARY_SPACES,
        "claims": dict(p["claims"]),
        "research_vp": p["research_vp"],
        "climate_markers": p["climate_markers"],
        "climate_plus": p["climate_plus"],
        "difficulty": p["difficulty"],
        "difficulty_name": DIFFICULTY_NAMES[p["difficulty"]],
        "score_now": _score_now(state, seat, mine or over),
        "claimed_research": [
            {"name": cat.RESEARCH_BY_ID[c].name, "tier": t} for c, t in p["claims"].items()
        ],
        "lodge_cards": [
            dict(_lodge(c), built=c in built, discarded=c in p["lodges"]["discarded"])
            for c in lodge_cards
        ],
        "lodges_built": [
            dict(b, text=cat.type_list(cat.LODGES_BY_ID[b["card"]].requires),
                 is_last=tuple(b["point"]) in new_points)
            for b in p["lodges"]["built"]
        ],
        "golden": dict(
            p["golden"],
            text=lodges.golden_text(p["golden"]["card"]),
            is_last=tuple(p["golden"]["point"]) in new_points,
        )
        if p["golden"]
        else None,
        "removed_markers": list(p["removed"]),
        "hand_size": len(state["hands"][seat]) if state["phase"] in ("draft", "act") else 0,
        "marker": state["markers"][seat] if state["phase"] in ("draft", "act") else "",
        "has_picked": state["picks"][seat] is not None,
        "drafted": dict(
            card_info(state, state["drafted"][seat], p if mine else None),
            is_last=state["drafted"][seat] in new_cards,
        )
        if state["phase"] == "act" and state["drafted"][seat]
        else None,
        "carry": p["carry"],
        "setup_done": choosing_done(state, seat),
        # Public bookkeeping the table could see: this stage's and round's use of limited
        # actions, the card being moved or swapped, tier-3 claims (a goal counts them).
        "stage": dict(p["stage"]),
        "round_flags": dict(p["round_flags"]),
        "relocated": p["relocated"],
        "placing": p["placing"],
        "exchange_give": p["exchange_give"],
        "research_tier3": p["research_tier3"],
    }
    if mine or over:
        out["expert"] = _expert(p["expert"]) if p["expert"] else None
        out["goals"] = [_goal(p, g) for g in p["goals"]]
    if mine and p["expert"] is None:
        out["expert_options"] = [_expert(e) for e in p["expert_options"]]
    if mine and choosing:
        out["lodge_choice"] = _lodge_choice(p)
    if mine:
        out["lodge_points"] = (
            [{"card": c, "row": pt[0], "col": pt[1]} for c, pt in lodges.buildable(p)]
            if lodges.uses_lodges(state, seat)
            else []
        )
    return out


def _lodge_choice(p: dict) -> list[dict]:
    """Setup: the dealt Lodge cards by level, and whether that level is settled yet."""
    kept = set(p["lodges"]["kept"])
    out = []
    for level in (1, 2, 3):
        cards = [c for c in p["lodges"]["dealt"] if cat.LODGES_BY_ID[c].level == level]
        settled = any(c in kept for c in cards)
        out.append(
            {
                "level": level,
                "settled": settled,
                "cards": [dict(_lodge(c), kept=c in kept) for c in cards],
            }
        )
    return out


def _cell(state: dict, p: dict, r: int, c: int, fixed: set) -> dict:
    cell = {"row": r, "col": c}
    if p["grid"][r][c]:
        cell["animal"] = _brief(p["grid"][r][c], with_id=False)
        cell["fixed"] = (r, c) in fixed
    if p["cp"][r][c] is not None:
        cell["lock"] = p["cp"][r][c]
    return cell


def _brief(card: str, with_id: bool = True) -> dict:
    """Compact card facts for the many cards on boards and in the discard pile (moves name
    Reserve animals by their space, so the board needs no card ids)."""
    a = cat.animal(card)
    out = {"id": card, "name": cat.card_name(card)} if with_id else {"name": cat.card_name(card)}
    if a:
        out.update(type=a.type, vp=a.vp)
    return out


def _climate_spaces(state: dict) -> list[dict]:
    """The track cut into its sections '1', '2', '3' and the open '3+' area, for drawing; each
    space names who holds it (-1 is Oppo) and whether the last move put it there."""
    track, out, start = state["climate"], [], 0
    fresh = set((state.get("last") or {}).get("climate", []))
    sizes = list(state["sections"]) + [max(0, len(track) - sum(state["sections"]))]
    for i, size in enumerate(sizes):
        cells = [
            {"who": track[j] if j < len(track) else None, "is_last": j in fresh}
            for j in range(start, start + size)
        ]
        out.append({"section": str(i + 1) if i < 3 else "3+", "cells": cells})
        start += size
    return out


def _discard_summary(state: dict) -> list[dict]:
    """The open discard pile by kind (the moves that take from it carry the card ids)."""
    counts: dict[str, int] = {}
    first: dict[str, str] = {}  # each kind's first card in pile order (one pass over the pile)
    for c in state["discard"]:
        kind = cat.kind_of(c)
        counts[kind] = counts.get(kind, 0) + 1
        first.setdefault(kind, c)
    return [dict(_brief(first[kind], with_id=False), count=n) for kind, n in sorted(counts.items())]


def _expert(expert: str) -> dict:
    e = cat.EXPERTS_BY_ID[expert]
    return {"id": e.id, "name": e.name, "text": e.text}


def view(state: dict, seat: int | None) -> dict:
    over = state["phase"] == "over"
    out = {
        "phase": state["phase"],
        "step": state["step"],
        "round": state["round"] + 1,
        "turn": state["turn"],
        "solo": state["solo"],
        "options": dict(state["options"]),
        "you": seat,
        "acting": acting_seat(state),
        "act_order": list(state["act_order"]) if state["phase"] == "act" else [],
        "players": [_player(state, s, seat, over) for s in range(state["players"])],
        "research": [
            _research(state, r, state["p"][seat] if seat is not None else None)
            for r in state["research"]
        ],
        "climate": {
            "track": list(state["climate"]),
            "sections": list(state["sections"]),
            "level": climate_level(state),
            "spaces": _climate_spaces(state),
        },
        "discard": _discard_summary(state),
        "discard_cards": list(state["discard"]),  # open to everyone, in pile order
        "table": {
            "markers": list(state["markers"]),
            "marker_offset": state["marker_offset"],
            "first_pick": state["first_pick"],
            "sanctuary_order": list(state["sanctuary_order"]),
            "golden_resume": state["golden"]["resume"],
            "experts_dealt": len(state["p"][0]["expert_options"]),
            "goals_dealt": len(state["p"][0]["goals"]),
        },
        "discard_size": len(state["discard"]),
        "rewild": dict(state["rewild"]),
        "deck_counts": {k: len(v) for k, v in state["decks"].items()},
        "golden": {
            "in_play": bool(state["options"].get("golden_lodge")),
            "implied": any(p["difficulty"] in lodges.CP_DIFFICULTIES for p in state["p"])
            and not state["solo"],
            "cards": [
                {
                    "id": g,
                    "requires": [cat.TYPE_NAMES[t] for t in cat.GOLDEN_BY_ID[g].requires],
                    "types": list(cat.GOLDEN_BY_ID[g].requires),
                    "text": cat.type_list(cat.GOLDEN_BY_ID[g].requires),
                    "min_value": cat.GOLDEN_BY_ID[g].min_value,
                }
                for g in state["golden"]["cards"]
            ],
            "winners": list(state["golden"]["winners"]),
            "claims_this_turn": list(state["golden"]["pending"]),
        },
        "sanctuary_offer": [card_info(state, c) for c in state["sanctuary_offer"]],
        "sanctuary_next": state["sanctuary_order"][0] if state["sanctuary_order"] else None,
        "hand": [],
        "log": state["log"][-LOG_LINES:],
    }
    if seat is not None and state["phase"] in ("draft", "act"):
        p = state["p"][seat]
        out["hand"] = [card_info(state, c, p) for c in state["hands"][seat]]
        pick = state["picks"][seat]
        out["my_pick"] = card_info(state, pick, p) if pick else None
    if state["solo"]:
        o = state["oppo"]
        rows = scoring.oppo_breakdown(state)
        out["oppo"] = {
            "level": o["level"],
            "level_name": o["level"].title(),
            "animal_percent": K.OPPO_ANIMAL_PERCENT[o["level"]],
            "reserve": [_brief(c, with_id=False) for c in o["reserve"]],
            "producers": [_brief(c, with_id=False) for c in o["producers"]],
            "symbols": {k: v for k, v in symbols(o).items() if v},
            "climate_markers": o["climate_markers"],
            "research_vp": o["research_vp"],
            "climate_plus": o["climate_plus"],
            "hand_size": len(state["hands"][1]),
            "score_now": {"total": sum(rows.values()), "rows": rows},
        }
    out["last"] = state.get("last") or {}
    if over:
        out["standing"] = _standing(state)
    return out


def _standing(state: dict) -> dict:
    """The final standing in one sentence's worth of facts (core draws the score table)."""
    totals = [sum(scoring.breakdown(state, s).values()) for s in range(state["players"])]
    if state["solo"]:
        oppo = sum(scoring.oppo_breakdown(state).values())
        return {"totals": totals, "oppo": oppo, "winners": [0] if totals[0] >= oppo else []}
    best = max(totals)
    return {"totals": totals, "winners": [s for s, t in enumerate(totals) if t == best]}


def secrets(state: dict, seat: int | None) -> set[str]:
    hidden: set[str] = set()
    for cards in state["decks"].values():
        hidden.update(cards)
    for _rnd, cards in state["research_deck"].items():
        hidden.update(cards)
    hidden.update(state["golden_tray"])
    for h, hand in enumerate(state["hands"]):
        if h != seat:
            hidden.update(hand)
    if state["solo"] and state["oppo"]["pick"]:
        hidden.add(state["oppo"]["pick"])
    for s, pick in enumerate(state["picks"]):
        if pick and s != seat:
            hidden.add(pick)
    over = state["phase"] == "over"
    mine = state["p"][seat] if seat is not None else None
    all_kept = (
        set()
        if state["phase"] == "choose"
        else {c for p in state["p"] for c in p["lodges"]["kept"]}
    )
    lodge_ids = {c.id for c in cat.LODGE_CARDS}
    hidden |= lodge_ids - all_kept - set(mine["lodges"]["dealt"] if mine else ())
    if not over:
        visible_experts = set(mine["expert_options"]) if mine else set()
        hidden |= {e.id for e in cat.EXPERTS} - visible_experts
        hidden |= {g.id for g in cat.GOALS} - set(mine["goals"] if mine else ())
    else:
        hidden |= set(state["experts_tray"]) - {p["expert"] for p in state["p"]}
        hidden |= set(state["goals_tray"])
    return hidden
