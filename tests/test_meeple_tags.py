"""Core's board vocabulary (core/templatetags/meeple.py): parts every game draws the same way."""

from types import SimpleNamespace

from django.template import Context, Template
from django.utils.safestring import mark_safe

from core.templatetags.meeple import card_html, player_panel_html, token_html


def render(source, **context):
    context.setdefault("match", SimpleNamespace(pk=3, version=5))
    return Template("{% load meeple %}" + source).render(Context(context))


def test_find_move_picks_the_legal_move_of_that_cell():
    moves = [{"type": "place", "x": 1, "y": 2}, {"type": "place", "x": 2, "y": 2}]
    html = render('{% find_move moves "place" x=2 y=2 as m %}{{ m.x }}|'
                  '{% find_move moves "place" x=9 as none %}{{ none|default:"no" }}', moves=moves)
    assert html == "2|no"


def test_find_move_on_the_boards_moves_answers_as_a_scan_would():
    """The render's index gives the first matching move, like a scan: a list-valued field and
    a field the moves lack still compare by equality."""
    moves = [{"type": "place", "x": 1, "y": 2}, {"type": "place", "x": 1, "y": 2, "n": 2},
             {"type": "swap", "cards": [1, 2]}, {"type": "pass"}]
    html = render('{% find_move moves "place" x=1 y=2 as a %}{{ a.n|default:"first" }}|'
                  '{% find_move moves "place" y=2 x=1 as b %}{{ b.n|default:"first" }}|'
                  '{% find_move moves "swap" cards=pair as c %}{{ c.type }}|'
                  '{% find_move moves "pass" as d %}{{ d.type }}|'
                  '{% find_move moves "place" x=3 as e %}{{ e|default:"none" }}|'
                  '{% find_move others "place" x=1 as f %}{{ f.n }}',
                  moves=moves, pair=[1, 2], others=moves[1:])
    assert html == "first|first|swap|pass|none|2"



def test_find_move_asks_about_a_field_named_like_its_own_parameters():
    """Komodo's wild cards are taken by their ``kind``: the tag's own parameters are positional
    only, so a move field may be called ``kind`` (or ``moves``)."""
    moves = [{"type": "take_wild", "kind": "Land Thief"}, {"type": "take_wild", "kind": "Recycling"}]
    html = render('{% find_move moves "take_wild" kind="Recycling" as m %}{{ m.kind }}|'
                  '{% find_move listed "take_wild" kind="Recycling" as n %}{{ n.kind }}',
                  moves=moves, listed=list(moves))
    assert html == "Recycling|Recycling"

def test_a_card_with_a_move_is_a_button_that_posts_it():
    html = render('{% card "Zebra" value=3 detail="Savanna" kind="animal" move=m last=True '
                  'classes="kavango-card" %}', m={"type": "draft", "card": "kav-zebra-1"})
    assert html.startswith('<button type="button" hx-post="/match/3/move/"')
    assert 'class="mh-card mh-card--animal is-last kavango-card"' in html
    assert '<span class="mh-card-value">3</span>' in html and "Savanna" in html
    assert "aria-label" not in html, "a button is named by its words, not by a label that could differ"


def test_a_clickable_card_says_its_verb_and_shows_its_action():
    """The words on a button are its name (axe: label-content-name-mismatch): the verb for a
    screen reader is hidden text inside it, the action shown is text too."""
    html = str(card_html("Gym", value="3 points", attrs=mark_safe('hx-post="/m/"'),
                         label="Build the", action="Build this", symbol="*"))
    assert '<span class="mh-visually-hidden">Build the </span>' in html
    assert '<span class="mh-card-action">Build this</span>' in html
    assert '<span class="mh-card-symbol" aria-hidden="true">*</span>' in html
    quiet = str(card_html("Gym", label="Build the", action="Build this"))
    assert quiet.startswith("<div") and "Build" not in quiet


def test_a_face_down_card_shows_no_face():
    html = render('{% card "Zebra" value=3 face_down=True back="Deck A" %}')
    assert html.startswith("<div") and "mh-card--back" in html
    assert "Zebra" not in html and ">3<" not in html and "Deck A" in html


def test_a_token_shows_its_count_and_says_its_name():
    html = render('{% token "Squirrel" count=3 kind="squirrel" %}')
    assert 'class="mh-token mh-token--squirrel"' in html
    assert '<span class="mh-token-count" aria-hidden="true">3</span>' in html
    assert '<span class="mh-visually-hidden">Squirrel: 3</span>' in html


def test_a_token_drawn_by_the_game_is_still_named_in_words():
    html = str(token_html("Guest: red and blue", count=2, face=mark_safe("<i>r</i><i>b</i>"),
                          classes="lodge_hotel-guest"))
    assert '<span class="mh-token-face" aria-hidden="true"><i>r</i><i>b</i></span>' in html
    assert "Guest: red and blue: 2" in html and "lodge_hotel-guest" in html
    assert "&lt;script" in str(token_html("<script>", face=""))


def test_a_player_panel_marks_the_viewer_and_the_seat_to_play():
    html = render('{% player_panel p stats=row active=True %}', seat=1,
                  p={"seat": 1, "name": "alice"}, row={"Money": 4, "Points": 12})
    assert 'class="mh-player is-active is-you"' in html
    assert "<dt>Money</dt><dd>4</dd>" in html and "(you)" in html
    other = render('{% player_panel p %}', seat=0, p={"seat": 1, "name": "alice"})
    assert "is-you" not in other and "<dl" not in other


def test_a_player_panel_carries_badges_facts_and_the_games_own_markup():
    html = str(player_panel_html("bob <b>", badges=["1st place", ""], facts=["3 cards in hand"],
                                 body=mark_safe('<table class="g"></table>'), label="Lodge of bob"))
    assert html.startswith('<section class="mh-player" aria-label="Lodge of bob">')
    assert "bob &lt;b&gt;" in html and html.count("mh-player-badge") == 1
    assert '<ul class="mh-player-facts"><li>3 cards in hand</li></ul>' in html
    assert html.endswith('<table class="g"></table></section>')


def test_is_last_reads_what_the_view_says_the_last_move_touched():
    view = {"last": {"cells": [4], "seat": 0}}
    assert render("{% is_last view 'cells' 4 %}|{% is_last view 'cells' 5 %}", view=view) == "is-last|"
    assert render("{% is_last view 'cells' 4 %}", view={"last": None}) == ""


def test_the_parts_stylesheet_is_linked():
    assert 'href="/static/meeple/parts.css"' in render("{% meeple_css %}")
