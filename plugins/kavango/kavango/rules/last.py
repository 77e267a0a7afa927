"""What the last move touched, for the board to mark (view key ``last``).

Worked out by comparing the public parts of the table before and after a move, so every move
type is covered without each handler keeping notes. Only public things are recorded: a secret
draft pick shows as the seat having picked, nothing more.
"""

from __future__ import annotations

#: The protection tracks, in the order :func:`_public` lists them.
TRACKS = ("habitat", "smuggling")


def _public(p: dict) -> tuple:
    """One player's public parts a move can change: Reserve and Community Protection grids,
    Sanctuary, research claims, producer and Lodge counts, Golden Lodge, protection tracks
    (the parts themselves, not copies)."""
    return (p["grid"], p["cp"], p["sanctuary"], p["claims"], len(p["producers"]),
            len(p["lodges"]["built"]), p["golden"], p["habitat"], p["smuggling"])


def _copied(p: dict) -> tuple:
    """:func:`_public`'s parts, in its order, copied so that the move, applied in place, cannot
    change them. The Golden Lodge is kept as it is: a claim or a loss replaces it, nothing
    edits it."""
    return ([row[:] for row in p["grid"]], [row[:] for row in p["cp"]], p["sanctuary"][:],
            dict(p["claims"]), len(p["producers"]), len(p["lodges"]["built"]), p["golden"],
            p["habitat"], p["smuggling"])


#: The opening phases (a few plies a game), where every player's parts are compared: the last
#: choice of Expert and Lodge cards deals every Sanctuary in the quick variant.
SETUP_PHASES = ("choose", "sanctuary")


def watched(state: dict, seat: int) -> list[int]:
    """The seats whose parts a move by ``seat`` may add to, for the marks to compare.

    From the draft on a move adds only to the mover's parts: a draft pick adds to nobody's,
    and what a turn's or a round's end does to other players (taking a Golden Lodge back,
    clearing the round's research claims) takes away, which nothing marks. So only the mover's
    parts are copied and compared, not every player's at every ply; in the opening phases all.
    A seat that is not at the table has no parts (the rules refuse its move).
    """
    seats = range(len(state["p"]))
    if state["phase"] in SETUP_PHASES:
        return list(seats)
    return [seat] if seat in seats else []


def snapshot(state: dict, seat: int) -> dict:
    """The public parts a move by ``seat`` can add to, copied (a few short lists a player).

    :func:`touched` compares each watched player's parts with their copy as a whole first
    (lists and dicts compare in C), so only a player the move changed (the mover, nearly
    always) is gone through part by part.
    """
    players = state["p"]
    return {
        "players": [(s, _copied(players[s])) for s in watched(state, seat)],
        "climate": len(state["climate"]),
        "phase": state["phase"],
    }


def touched(before: dict, state: dict, seat: int) -> dict:
    """Cells, cards, Lodge points, research and climate markers the move changed.

    Most moves (a draft pick, lifting an animal, ending the Investment stage) change nothing
    public: they are marked by the seat alone, without laying out the lists to fill.
    """
    players = state["p"]
    changed = [(s, players[s], was) for s, was in before["players"] if _public(players[s]) != was]
    climate = len(state["climate"])
    revealed = before["phase"] == "draft" and state["phase"] == "act"
    if not changed and climate == before["climate"] and not revealed:
        return {"seat": seat}
    out: dict = {"seat": seat, "cells": [], "cards": [], "points": [], "research": [],
                 "tracks": [], "producers": [], "climate": []}
    for s, p, was in changed:
        _note_player(out, s, p, was)
    out["climate"] = list(range(before["climate"], climate))
    if revealed:
        out["cards"] += [c for c in state["drafted"] if c]
    return {k: v for k, v in out.items() if v or k == "seat"}


def _note_player(out: dict, s: int, p: dict, was: tuple) -> None:
    """Add to ``out`` what changed in seat ``s``'s public parts since they were ``was``."""
    grid, cp, sanctuary, claims, producers, built, golden, *tracks = was
    if p["grid"] != grid or p["cp"] != cp:
        for r, row in enumerate(p["grid"]):
            for c, card in enumerate(row):
                if card != grid[r][c] or p["cp"][r][c] != cp[r][c]:
                    out["cells"].append({"seat": s, "row": r, "col": c})
    out["cards"] += [c for c in p["sanctuary"] if c not in sanctuary]
    if len(p["producers"]) > producers:
        out["producers"].append(s)
    for b in p["lodges"]["built"][built:]:
        out["points"].append({"seat": s, "row": b["point"][0], "col": b["point"][1]})
    if p["golden"] and p["golden"] != golden:
        point = p["golden"]["point"]
        out["points"].append({"seat": s, "row": point[0], "col": point[1]})
    out["research"] += [c for c in p["claims"] if c not in claims]
    out["tracks"] += [
        {"seat": s, "track": t}
        for t, old in zip(TRACKS, tracks, strict=True)
        if p[t] != old
    ]
