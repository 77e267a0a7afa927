"""Simultaneous picks over real HTTP (issue 13 item 1): two players who pick in the same instant
both get their pick, on the first turn and after a reveal, and a pick made on a turn that is over
is refused with a clear message.

Each player clicks what their own page offers: the test reads the move buttons (``hx-vals``:
the move, the version seen and the seat's decision basis) from the live area and POSTs them
from two threads released together.
"""

from __future__ import annotations

import json
import re
import threading
from html import unescape

import pytest

from tests.services.web import Browser, query

pytestmark = pytest.mark.services

BUTTON = re.compile(r'hx-post="/match/\d+/move/" hx-vals="([^"]*)"')
FORM_TYPE = re.compile(r'<input type="hidden" name="type" value="(\w+)">')
FIRST_OPTION = re.compile(r'<select name="(\w+)"><option value="(\d+)"')


def offered(browser: Browser, match_id: int) -> list[dict]:
    """The move buttons on this player's page: each {"move": "...", "version": n, "seen": "..."}
    (a form's submit button carries only the version and basis: see :func:`form_move`)."""
    page = browser.get(f"/match/{match_id}/live/").body
    return [fields for fields in map(json.loads, map(unescape, BUTTON.findall(page))) if "move" in fields]


def form_move(browser: Browser, match_id: int) -> dict | None:
    """The fields of the page's move form sent as it stands (each list at its first choice, no box
    ticked), as a player who just presses its button sends them."""
    page = browser.get(f"/match/{match_id}/live/").body
    kind = FORM_TYPE.search(page)
    if kind is None:
        return None
    fields = next(json.loads(unescape(v)) for v in BUTTON.findall(page))
    return {**fields, "type": kind.group(1), **dict(FIRST_OPTION.findall(page))}


def click_together(clicks: list[tuple[Browser, int, dict]]) -> list:
    gate = threading.Barrier(len(clicks))
    answers = [None] * len(clicks)

    def click(slot, browser, match_id, fields):
        gate.wait()
        answers[slot] = browser.post(f"/match/{match_id}/move/", {k: str(v) for k, v in fields.items()},
                                     htmx=True)

    threads = [threading.Thread(target=click, args=(n, *c)) for n, c in enumerate(clicks)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers


def moves_stored(backend, match_id: int) -> int:
    return query(backend.database_url, "SELECT COUNT(*) FROM core_move WHERE match_id = %s",
                 (match_id,))[0][0]


@pytest.mark.parametrize("slug", ["lodge_hikers", "kavango"])
def test_two_picks_in_the_same_instant_both_apply(backend, portal, name, slug):
    ann = Browser(portal.url).signup(name("ann"))
    ben = Browser(portal.url).signup(name("ben"))
    match_id = ann.new_table(slug, 3)
    assert ben.join(match_id).status == 302
    cat = Browser(portal.url).signup(name("cat"))
    assert cat.join(match_id).status == 302
    picks = [offered(b, match_id) for b in (ann, ben, cat)]
    assert all(picks), "every player has something to pick at the start"
    assert picks[0][0]["version"] == picks[1][0]["version"]
    before = moves_stored(backend, match_id)
    answers = click_together([(ann, match_id, picks[0][0]), (ben, match_id, picks[1][0])])
    assert [a.status for a in answers] == [200, 200], [a.body[:300] for a in answers]
    assert moves_stored(backend, match_id) == before + 2
    # Cat picks last, on the version all three saw: still accepted, and the picks are revealed.
    assert cat.post(f"/match/{match_id}/move/", {k: str(v) for k, v in picks[2][0].items()},
                    htmx=True).status == 200
    # Ann's old pick (the version and basis of a turn that is over) is refused, readably.
    stale = ann.post(f"/match/{match_id}/move/", {k: str(v) for k, v in picks[0][0].items()},
                     htmx=True)
    assert stale.status in (400, 409), stale.body[:300]
    assert moves_stored(backend, match_id) == before + 3
    # The next turn's picks collide no more than the first's: the reveal marked the cards it
    # showed as the last move, and the first new pick clears those marks for everyone.
    players = (ann, ben, cat)
    for _step in range(30):  # a reveal may leave moves to make one at a time (Lodge hikers)
        again = [offered(b, match_id) for b in players]
        if all(again):
            break
        forms = [form_move(b, match_id) for b in players]
        only = next(n for n in range(len(players)) if again[n] or forms[n])
        fields = again[only][0] if again[only] else forms[only]
        answer = players[only].post(f"/match/{match_id}/move/", {k: str(v) for k, v in fields.items()},
                                    htmx=True)
        assert answer.status == 200, answer.body[:300]
    assert all(again), "every player picks again after the reveal"
    stored = moves_stored(backend, match_id)
    answers = click_together([(ann, match_id, again[0][0]), (ben, match_id, again[1][0])])
    assert [a.status for a in answers] == [200, 200], [a.body[:300] for a in answers]
    assert moves_stored(backend, match_id) == stored + 2
