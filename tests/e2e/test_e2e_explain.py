"""Board parts explain themselves in a real browser (issue 46, part 1): pointing at a part, or
reaching it with the keyboard, shows its words beside it, for the boards whose words are
written once and pointed at (tic-tac-toe's squares, Lodge hikers' snack cards, Kavango's
Reserve spaces). The words are the ones a screen reader gets (checked without a browser in
tests/test_fit_explain.py); here the bubble that shows them is checked, and kept in
var/screenshots/explain-<game>.png for a person to look at."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from .test_e2e_boards import ARTIFACTS, GAMES, open_table_against_bots, wait_for_my_move
from .test_e2e_tictactoe import sign_up

pytestmark = pytest.mark.e2e

#: Resolves once the page has drawn twice: a scroll made before it has fired its scroll event
#: by then (browsers fire it while drawing), and explain.js hides the bubble on a scroll.
TWO_FRAMES = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def in_view(page, locator):
    """Scrolls the part into the middle of the window and lets the scroll's event pass, so the
    hover or focus that follows needs no scroll of its own that would hide its bubble."""
    locator.evaluate("el => el.scrollIntoView({block: 'center'})")
    page.evaluate(TWO_FRAMES)

#: A part of each board, and words its bubble shows.
PARTS = {
    "tictactoe": ("#board .tictactoe-cell[hx-post]", "A free square"),
    "lodge_hikers": ("#board .lodge_hikers-cards .lodge_hikers-card", "lowest number first"),
    "kavango": ("#board .kavango-cell", "Nature Reserve"),
}


@pytest.mark.parametrize("slug", sorted(PARTS))
def test_pointing_at_a_part_shows_what_it_is(portal, browser, slug):
    game = next(g for g in GAMES if g.slug == slug)
    context = browser.new_context()
    page = sign_up(context, portal, f"x{uuid.uuid4().hex[:8]}")
    open_table_against_bots(page, portal, game)
    wait_for_my_move(page)
    selector, words = PARTS[slug]
    part = page.locator(selector).first
    bubble = page.locator("#explain-bubble")
    for _ in range(10):
        # a late live frame or a panel's own scroll (Kavango's) hides the bubble as any scroll
        # does; pointing again shows it, as it would for a person
        in_view(page, part)
        part.hover()
        if bubble.is_visible():
            break
        page.mouse.move(0, 0)
    expect(bubble).to_be_visible()
    expect(bubble).to_contain_text(words)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"explain-{slug}.png")
    context.close()


def test_a_focused_square_shows_its_words(portal, browser):
    """The keyboard reaches tic-tac-toe's squares; the one focused says what it is."""
    game = next(g for g in GAMES if g.slug == "tictactoe")
    context = browser.new_context()
    page = sign_up(context, portal, f"k{uuid.uuid4().hex[:8]}")
    open_table_against_bots(page, portal, game)
    wait_for_my_move(page)
    square = page.locator("#board .tictactoe-cell[hx-post]").first
    in_view(page, square)
    square.focus()
    expect(page.locator("#explain-bubble")).to_contain_text("put your mark here")
    context.close()
