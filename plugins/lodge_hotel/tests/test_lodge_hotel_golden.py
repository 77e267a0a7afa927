"""Golden playthroughs: readable transcripts of seeded bot games, checked in.

A rule change shows up as a diff of these files. To accept a deliberate change, run
``LODGE_HOTEL_GOLDEN=write pytest plugins/lodge_hotel -k golden`` and review the diff.
"""

import json
import os
from pathlib import Path

import pytest
from lodge_hotel.bots import Innkeeper
from lodge_hotel.rules import Lodge

from core.engine import playout
from core.engine.play import play, start

GOLDEN = Path(__file__).parent / "golden"
CASES = {
    "two_players_seed_1": (2, {}, 1),
    "solo_level_5_seed_2": (1, {"level": 5}, 2),
}


def new_lines(before, after):
    """The log lines a move added (the state keeps only the latest lines, so the two logs
    overlap rather than one extending the other once the log is full)."""
    for shared in range(min(len(before), len(after)), -1, -1):
        if before[len(before) - shared:] == after[:shared]:
            return after[shared:]
    return after


def transcript(players, options, seed):
    """Each move, followed by the log lines it wrote (indented), then the result."""
    game = Lodge()
    run = playout(game, players, seed=seed, options=options, bots=[Innkeeper()] * players)
    state = start(game, seed, players, run.options, run.seat_options)
    lines = [f"# {players} player(s), options {json.dumps(run.options, sort_keys=True)}, seed {seed}"]
    lines += [f"    {line}" for line in state["log"]]
    for ply, (seat, move) in enumerate(run.moves, start=1):
        after = play(game, state, seat, move, ply, seed)
        lines.append(f"{seat + 1}: {json.dumps(move, sort_keys=True)}")
        lines += [f"    {line}" for line in new_lines(state["log"], after["log"])]
        state = after
    assert state == run.state
    lines += ["# result", json.dumps(run.result.to_json(), sort_keys=True)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_golden_playthrough(name):
    text = transcript(*CASES[name])
    path = GOLDEN / f"{name}.txt"
    if os.environ.get("LODGE_HOTEL_GOLDEN") == "write" or not path.exists():
        path.write_text(text)
    assert path.read_text() == text
