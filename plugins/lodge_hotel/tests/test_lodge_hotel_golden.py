"""Golden playthroughs: readable transcripts of seeded bot games, checked in.

A rule change shows up as a diff of these files, compared by the kit's ``golden`` fixture; to
accept a deliberate change, run ``pytest plugins/lodge_hotel -k golden --meeplehall-golden`` and
review the diff. The transcript is the hotel's own rather than the kit's ``transcript``: the state
keeps only the latest log lines, so each move is followed by the lines it wrote, which reads as
the game did instead of ending on a truncated log.
"""

import json
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
def test_golden_playthrough_is_unchanged(golden, name):
    golden(GOLDEN / f"{name}.txt", transcript(*CASES[name]))
