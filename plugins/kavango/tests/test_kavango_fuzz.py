"""Arbitrary payloads at the moments the contract test-kit rarely reaches (Community Protection,
solar, rearranging, sub-steps of action cards) raise IllegalMove only and change nothing."""

import copy
import os
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, os.path.dirname(__file__))

from kavango_helpers import GAME, investing, new_game, place, to_draft, using  # noqa: E402

from core.engine import IllegalMove  # noqa: E402
from core.engine.play import play  # noqa: E402


def moments():
    base = to_draft(
        new_game(2, lodges=True, golden_lodge=True, seats=[{"difficulty": "maximum"}] * 2)
    )
    invest = investing(copy.deepcopy(base))
    invest["p"][0]["removed"] = [1, 1, 2]
    invest["p"][0]["money"] = 9
    invest["p"][0]["lodges"]["kept"] = ["L2-01"]
    place(
        invest, 0, {(1, 0): "scrub_hare", (1, 1): "rock_monitor", (1, 2): "zebra", (1, 3): "lion"}
    )
    invest["p"][0]["sanctuary"] = ["kav-quelea-1"]
    invest["p"][0]["producers"] = ["kav-grass-1"]
    rearrange = copy.deepcopy(invest)
    rearrange["step"] = "rearrange"
    carry = copy.deepcopy(invest)
    carry["step"], carry["p"][0]["carry"] = "carry", [1, 0]
    reloc = using(copy.deepcopy(base), 0, "kav-relocation-1")
    reloc["step"], reloc["discard"] = "relocate", ["kav-zebra-1", "kav-grass-3"]
    return [base, invest, rearrange, carry, reloc]


STATES = moments()
junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 30)
    | st.text(max_size=8)
    | st.sampled_from(["kav-zebra-1", "L2-01", "G-01", "R1-01", "habitat", "reserve"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=250, deadline=None, suppress_health_check=list(HealthCheck), database=None)
@given(
    index=st.integers(0, len(STATES) - 1),
    pick=st.integers(0, 400),
    field=st.integers(0, 5),
    value=junk,
    seat=st.integers(-1, 2),
)
def test_junk_in_any_field_of_any_legal_move(index, pick, field, value, seat):
    state = STATES[index]
    before = copy.deepcopy(state)
    acting = sorted(GAME.to_act(state))
    legal = GAME.legal_moves(state, acting[0])
    move = dict(legal[pick % len(legal)])
    keys = [k for k in move if k != "type"] or ["extra"]
    move[keys[field % len(keys)]] = value
    try:
        play(GAME, state, acting[0] if seat != -1 else 1, move, 9, 1)
    except IllegalMove as exc:
        assert exc.reason
    assert state == before


def test_every_legal_move_at_these_moments_is_accepted():
    for state in STATES:
        for seat in sorted(GAME.to_act(state)):
            for move in GAME.legal_moves(state, seat):
                play(GAME, state, seat, move, 3, 1)
