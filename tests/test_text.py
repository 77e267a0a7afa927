"""Plural and list wording (issue 15: "1 cards", "Place 2 · -1 points · points", "Waiting for alice, .")."""

from __future__ import annotations

import pytest
from django.template import Context, Template

from core.text import and_list, counted, ordinal, plural, standing


@pytest.mark.parametrize(
    ("count", "noun", "expected"),
    [
        (1, "card", "1 card"),
        (2, "card", "2 cards"),
        (0, "card", "0 cards"),
        (-1, "point", "-1 points"),
        (1, "fox,foxes", "1 fox"),
        (3, "fox,foxes", "3 foxes"),
        (2, "person,people", "2 people"),
    ],
)
def test_counted_agrees_the_noun_with_the_number(count, noun, expected):
    """Only exactly one thing takes the singular; irregular plurals are given as "one,many"."""
    assert counted(count, noun) == expected


def test_plural_gives_only_the_noun():
    """For pages that style the number apart from its noun."""
    assert plural(1, "point") == "point"
    assert plural(7, "point") == "points"


@pytest.mark.parametrize(
    ("items", "expected"),
    [
        ([], ""),
        (["a"], "a"),
        (["a", "b"], "a and b"),
        (["a", "b", "c"], "a, b and c"),
        (["alice", "", None], "alice"),
    ],
)
def test_and_list_joins_like_a_sentence(items, expected):
    """Blank names are dropped, so "Waiting for alice, ." cannot come back."""
    assert and_list(items) == expected


@pytest.mark.parametrize(
    ("number", "expected"),
    [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"), (13, "13th"),
     (21, "21st"), (22, "22nd"), (101, "101st"), (111, "111th")],
)
def test_ordinal(number, expected):
    assert ordinal(number) == expected


def test_template_filters_render_the_same_words():
    """Boards use the filters by these names (preamble's board conventions)."""
    template = Template(
        '{% load meeple_text %}{{ one|counted:"card" }}|{{ two|counted:"card" }}|'
        '{{ two|counted:"fox,foxes" }}|{{ names|and_list }}|{{ empty|and_list }}|{{ two|ordinal }}'
    )
    rendered = template.render(
        Context({"one": 1, "two": 2, "names": ["alice", "bob", "carol"], "empty": []})
    )
    assert rendered == "1 card|2 cards|2 foxes|alice, bob and carol||2nd"


def test_and_list_filter_escapes_names():
    """Names are user input: the joined text is still escaped by the template."""
    rendered = Template("{% load meeple_text %}{{ names|and_list }}").render(
        Context({"names": ["<b>x</b>", "y"]})
    )
    assert rendered == "&lt;b&gt;x&lt;/b&gt; and y"


NAMES = ["alice", "bob", "carol", "dora"]


@pytest.mark.parametrize(
    ("result", "seat", "expected"),
    [
        ({"ranks": [2, 1, 3, 4]}, 1, "You won."),
        ({"ranks": [2, 1, 3, 4]}, 0, "You placed 2nd of 4."),
        ({"ranks": [1, 1, 3, 4]}, 0, "You tied for 1st place."),
        ({"ranks": [1, 2, 2, 4]}, 2, "You tied for 2nd of 4."),
        ({"ranks": [2, 1, 3, 4]}, None, "bob won."),
        ({"ranks": [1, 1, 3, 4]}, None, "alice and bob tied for 1st place."),
        ({"ranks": [1, 1, 1, 1], "won": [True] * 4}, 3, "You won."),
        ({"ranks": [1, 1, 1, 1], "won": [False] * 4}, None, "Nobody won."),
    ],
)
def test_standing_speaks_to_the_viewer(result, seat, expected):
    """Issue 15.7: no "you won/lost" sentence, only a table."""
    assert standing(result, NAMES, seat) == expected


def test_standing_of_a_solo_game():
    """Solo: won or lost against the game, or only a score when no target was set."""
    assert standing({"ranks": [1], "won": [False]}, ["ann"], 0) == "You lost."
    assert standing({"ranks": [1], "won": [True]}, ["ann"], None) == "ann won."
    assert standing({"ranks": [1], "scores": [54.0]}, ["ann"], 0) == "You scored 54 points."
    assert standing({"ranks": [1], "scores": [1]}, ["ann"], None) == "ann scored 1 point."
