"""What the last move touched, for the board to mark (view key ``last``).

Worked out by comparing the public parts of the table before and after a move, so every move
type is covered without each handler keeping notes. Only public things are recorded: a secret
draft pick shows as the seat having picked, nothing more.
"""

from __future__ import annotations

TRACKS = ("habitat", "smuggling")


def snapshot(state: dict) -> dict:
    """The public parts of the table a move can change (cheap: a few small lists)."""
    return {
        "players": [
            {
                "grid": [list(row) for row in p["grid"]],
                "cp": [list(row) for row in p["cp"]],
                "sanctuary": tuple(p["sanctuary"]),
                "producers": len(p["producers"]),
                "built": len(p["lodges"]["built"]),
                "golden": p["golden"],
                "claims": dict(p["claims"]),
                "tracks": tuple(p[t] for t in TRACKS),
            }
            for p in state["p"]
        ],
        "climate": len(state["climate"]),
        "phase": state["phase"],
    }


def touched(before: dict, state: dict, seat: int) -> dict:
    """Cells, cards, Lodge points, research and climate markers the move changed."""
    out: dict = {"seat": seat, "cells": [], "cards": [], "points": [], "research": [],
                 "tracks": [], "producers": [], "climate": []}
    for s, (old, p) in enumerate(zip(before["players"], state["p"], strict=True)):
        if p["grid"] != old["grid"] or p["cp"] != old["cp"]:  # most moves change neither
            for r, row in enumerate(p["grid"]):
                for c, card in enumerate(row):
                    if card != old["grid"][r][c] or p["cp"][r][c] != old["cp"][r][c]:
                        out["cells"].append({"seat": s, "row": r, "col": c})
        out["cards"] += [c for c in p["sanctuary"] if c not in old["sanctuary"]]
        if len(p["producers"]) > old["producers"]:
            out["producers"].append(s)
        for b in p["lodges"]["built"][old["built"]:]:
            out["points"].append({"seat": s, "row": b["point"][0], "col": b["point"][1]})
        if p["golden"] and p["golden"] != old["golden"]:
            point = p["golden"]["point"]
            out["points"].append({"seat": s, "row": point[0], "col": point[1]})
        out["research"] += [c for c in p["claims"] if c not in old["claims"]]
        out["tracks"] += [
            {"seat": s, "track": t}
            for t, was, now in zip(TRACKS, old["tracks"], (p[t] for t in TRACKS), strict=True)
            if now != was
        ]
    out["climate"] = list(range(before["climate"], len(state["climate"])))
    if before["phase"] == "draft" and state["phase"] == "act":
        out["cards"] += [c for c in state["drafted"] if c]
    return {k: v for k, v in out.items() if v or k == "seat"}
