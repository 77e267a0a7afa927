"""Core's board vocabulary (core/templatetags/meeple.py): parts every game draws the same way."""

from types import SimpleNamespace

from django.template import Context, Template


def render(source, **context):
    context.setdefault("match", SimpleNamespace(pk=3, version=5))
    return Template("{% load meeple %}" + source).render(Context(context))


def test_find_move_picks_the_legal_move_of_that_cell():
    moves = [{"type": "place", "x": 1, "y": 2}, {"type": "place", "x": 2, "y": 2}]
    html = render('{% find_move moves "place" x=2 y=2 as m %}{{ m.x }}|'
                  '{% find_move moves "place" x=9 as none %}{{ none|default:"no" }}', moves=moves)
    assert html == "2|no"


def test_a_card_with_a_move_is_a_button_that_posts_it():
    html = render('{% card "Zebra" value=3 detail="Savanna" kind="animal" move=m last=True '
                  'classes="kavango-card" %}', m={"type": "draft", "card": "kav-zebra-1"})
    assert html.startswith('<button type="button" hx-post="/match/3/move/"')
    assert 'class="mh-card mh-card--animal is-last kavango-card"' in html
    assert '<span class="mh-card-value">3</span>' in html and "Savanna" in html


def test_a_face_down_card_shows_no_face():
    html = render('{% card "Zebra" value=3 face_down=True back="Deck A" %}')
    assert html.startswith("<div") and "mh-card--back" in html
    assert "Zebra" not in html and ">3<" not in html and "Deck A" in html


def test_a_token_shows_its_count_and_says_its_name():
    html = render('{% token "Squirrel" count=3 kind="squirrel" %}')
    assert 'class="mh-token mh-token--squirrel"' in html
    assert '<span class="mh-token-count">3</span>' in html and "Squirrel: 3" in html


def test_a_player_panel_marks_the_viewer_and_the_seat_to_play():
    html = render('{% player_panel p stats=row active=True %}', seat=1,
                  p={"seat": 1, "name": "alice"}, row={"Money": 4, "Points": 12})
    assert 'class="mh-player is-active is-you"' in html
    assert "<dt>Money</dt><dd>4</dd>" in html and "(you)" in html
    other = render('{% player_panel p %}', seat=0, p={"seat": 1, "name": "alice"})
    assert "is-you" not in other and "<dl" not in other


def test_is_last_reads_what_the_view_says_the_last_move_touched():
    view = {"last": {"cells": [4], "seat": 0}}
    assert render("{% is_last view 'cells' 4 %}|{% is_last view 'cells' 5 %}", view=view) == "is-last|"
    assert render("{% is_last view 'cells' 4 %}", view={"last": None}) == ""


def test_the_parts_stylesheet_is_linked():
    assert 'href="/static/meeple/parts.css"' in render("{% meeple_css %}")
