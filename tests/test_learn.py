"""The guided first game's page: it offers only the lesson's move, refuses any other in words,
stores nothing, and draws the board from the learner's view as a table does."""

import json
import re
from html import unescape

import pytest

from core.models import Match, Move
from core.plugins import registry

pytestmark = pytest.mark.django_db
MOVE = re.compile(r'hx-post="/games/(\w+)/learn/" hx-vals="([^"]*)"')


SUGGESTED = re.compile(r'<button type="button" hx-post="/games/\w+/learn/" hx-vals="([^"]*)"[^>]*id="suggested-move"')


def offered(html: str) -> list[dict]:
    """The moves the page's elements post (a form's own button posts its fields instead)."""
    return [vals for vals in (json.loads(unescape(v)) for _slug, v in MOVE.findall(html)) if "move" in vals]


def test_the_game_page_links_to_its_guided_game(client):
    page = client.get("/games/tictactoe/").content.decode()
    assert 'href="/games/tictactoe/learn/"' in page


@pytest.mark.parametrize("slug", sorted(registry().tutorials))
def test_every_guided_game_is_played_to_its_end_through_the_page(client, slug):
    tutorial = registry().tutorials[slug]
    html = client.get(f"/games/{slug}/learn/").content.decode()
    assert tutorial.intro[:40] in unescape(html)
    for step, lesson in enumerate(tutorial.lessons, start=1):
        assert f"Step {step} of {len(tutorial.lessons)}" in html
        assert lesson.say.split("Player ")[0] in unescape(html), "seats are named as on the board"
        assert {json.dumps(json.loads(m["move"]), sort_keys=True) for m in offered(html)} == {
            json.dumps(lesson.move, sort_keys=True)}, "only the lesson's move is offered"
        suggested = json.loads(unescape(SUGGESTED.search(html).group(1)))
        answer = client.post(f"/games/{slug}/learn/", suggested)
        assert answer.status_code == 200, answer.content
        html = answer.content.decode()
    assert 'id="play-for-real"' in html and not offered(html)
    assert tutorial.outro[:40] in unescape(html)
    assert not Match.objects.exists() and not Move.objects.exists()


def test_the_next_step_is_said_in_the_live_region(client):
    """The new step's panel replaces the old one; #move-feedback, a polite live region, says it."""
    answer = client.post("/games/tictactoe/learn/", {"move": json.dumps({"type": "mark", "cell": 4}),
                                                     "version": "0"})
    said = answer.content.decode().split('<div id="learn-live"')[0]
    assert "Step 2 of 4: Mark the bottom-right corner." in said


def test_another_move_is_refused_in_words_and_the_step_stays(client):
    answer = client.post("/games/tictactoe/learn/", {"move": json.dumps({"type": "mark", "cell": 0}),
                                                     "version": "0"})
    html = answer.content.decode()
    assert answer.status_code == 409
    assert "make the suggested move: Mark the centre square." in html and "Step 1 of 4" in html


@pytest.mark.parametrize("fields, status, words", [
    ({"move": "{not json", "version": "0"}, 400, "could not be read"),
    ({"move": json.dumps({"type": "mark", "cell": 4})}, 400, "did not say which board"),
    ({"move": json.dumps({"type": "mark", "cell": 4}), "version": "1"}, 409, "not part of this guided game"),
    ({"move": json.dumps({"type": "mark", "cell": 4}), "version": "999999999"}, 409, "not part of"),
    ({"move": json.dumps({"type": "mark", "cell": 6}), "version": "7"}, 409, "not part of"),
    ({"move": "x" * 50_000, "version": "0"}, 400, "too large"),
])
def test_forged_or_broken_moves_get_a_clear_answer(client, fields, status, words):
    answer = client.post("/games/tictactoe/learn/", fields)
    assert answer.status_code == status and words in answer.content.decode()


def test_a_game_without_a_guided_game_has_no_page(client):
    assert client.get("/games/nosuch/learn/").status_code == 404
