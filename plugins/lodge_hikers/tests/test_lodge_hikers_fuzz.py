"""Arbitrary payloads at every kind of decision are refused with IllegalMove and change nothing."""

import copy

from hypothesis import given, settings
from hypothesis import strategies as st
from lodge_hikers.rules import LodgeHikers
from lodge_hikers.testing import arrange, new, pick_all

from core.engine import IllegalMove
from core.engine.play import play

GAME = LodgeHikers()

VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 70) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner,
                                                               max_size=2),
    max_leaves=5,
)
PAYLOADS = st.fixed_dictionaries(
    {"type": st.sampled_from(["pick", "place", "swap", "redraw", "nope", 3])},
    optional={"card": VALUES, "slot": VALUES, "target": VALUES, "cards": VALUES},
)


def moments():
    picking = new(4, seed=8)
    placing = pick_all(arrange(new(4), hands=[[18, 35], [22, 37], [32, 39], [34, 41]],
                               row=[("H03", []), ("H09", []), ("H27", [4])]),
                       {0: 18, 1: 22, 2: 32, 3: 34})
    swapping = pick_all(arrange(new(4), hands=[[2, 35], [22, 37], [32, 39], [34, 41]],
                                row=[("H04", [3]), ("H10", []), ("H09", [])]),
                        {0: 2, 1: 22, 2: 32, 3: 34})
    redrawing = pick_all(arrange(new(4), hands=[[4, 35], [22, 37], [32, 39], [34, 41]],
                                 row=[("H10", [5]), ("H09", []), ("H08", [])]),
                         {0: 4, 1: 22, 2: 32, 3: 34})
    assert placing["pending"]["kind"] == "place"
    assert swapping["pending"]["kind"] == "swap"
    assert redrawing["pending"]["kind"] == "redraw"
    return [picking, placing, swapping, redrawing]


MOMENTS = moments()


@settings(max_examples=150, deadline=None)
@given(payload=PAYLOADS, which=st.integers(0, 3))
def test_any_payload_is_applied_or_refused_cleanly(payload, which):
    state = MOMENTS[which]
    seat = min(GAME.to_act(state))
    before = copy.deepcopy(state)
    try:
        after = play(GAME, state, seat, payload, 1, "fuzz")
    except IllegalMove:
        assert state == before
    else:
        assert payload in GAME.legal_moves(before, seat) or payload.get("type") == "redraw"
        assert after is not state
