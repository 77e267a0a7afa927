"""Pages that fit the screen (issue 46, part 3), per game, mid-game, at 390 and 1280 px.

A person opens a table against bots and makes a few moves by clicking; then, at each width:

- no board part that makes a legal move is covered by another element (a sticky bar, a panel):
  neither those in the window as the page opens, nor each one scrolled into view the way the
  browser does for a focused control (`nearest`, which honours scroll-padding), once from above
  and once from below; the element at its centre must be the part itself or inside it;
- nothing overflows horizontally (the page is never wider than the window);
- every interactive element seen on the page (links, buttons, summaries, fields, board parts) is
  at least 44 x 44 px, the header and the table's actions included;
- at 1280 px the page is no taller than three screens;
- Komodo's map, a picture larger than a phone, starts scaled to show the whole of it (the
  player's pieces are on it, so in view), and may be zoomed after.

Screenshots of each look are kept in var/screenshots/fit-<game>-<width>.png for a person, with
what was measured in fit-<game>.json.
"""

from __future__ import annotations

import functools
import json
import uuid

import pytest
from playwright.sync_api import expect

from .test_e2e_boards import (
    ARTIFACTS,
    CLICKABLE,
    GAMES,
    MIN_TAP,
    SLUGS,
    open_table_against_bots,
    play_clicks,
    wait_for_my_move,
)
from .test_e2e_tictactoe import sign_up

pytestmark = pytest.mark.e2e

WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
SCREENS = 3
MIDDLE_CLICKS = 3
#: Fewer clicks where three can end the game (a bot may have three in a row by then), more
#: where the first clicks only set the game up (Kavango's Experts and Lodge cards).
CLICKS = {"tictactoe": 1, "kavango": 12}
INTERACTIVE = ("a[href], button, summary, input:not([type=hidden]), select, textarea, "
               "[role=button], [tabindex]:not([tabindex='-1']), [hx-post]")

#: Runs in the page: returns what does not fit. An element narrower than 2 px is one kept for
#: screen readers only (the visually hidden pattern), and a transparent one is a radio button
#: whose label is the target (Komodo's tile picker): neither is a target a finger can miss.
MEASURE = """() => {
  const name = el => (el.getAttribute('aria-label') || el.textContent.trim().replace(/\\s+/g, ' ')
    .slice(0, 30) || el.id || el.tagName.toLowerCase());
  const shown = el => {
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width > 1.5 && r.height > 1.5 && style.visibility !== 'hidden' && style.opacity !== '0';
  };
  const small = [];
  for (const el of document.querySelectorAll(INTERACTIVE)) {
    if (!shown(el) || el.closest('[inert]')) continue;
    if (el.parentElement.closest(INTERACTIVE)) continue;
    const r = el.getBoundingClientRect();
    if (r.width < MIN_TAP - 0.5 || r.height < MIN_TAP - 0.5)
      small.push(`${name(el)} (${Math.round(r.width)}x${Math.round(r.height)})`);
  }
  const covered = [];
  const moves = [...document.querySelectorAll(CLICKABLE)].filter(shown);
  const hidden = el => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit && !(el === hit || el.contains(hit)) ? (hit.id || hit.className || hit.tagName) : '';
  };
  window.scrollTo(0, 0);
  for (const el of moves) {
    const r = el.getBoundingClientRect(), y = r.top + r.height / 2;
    if (y < 0 || y > window.innerHeight) continue;
    const by = hidden(el);
    if (by) covered.push(`${name(el)} as the page opens: covered by ${by}`);
  }
  for (const from of ['top', 'bottom']) {
    for (const el of moves) {
      window.scrollTo(0, from === 'top' ? 0 : document.scrollingElement.scrollHeight);
      el.scrollIntoView({block: 'nearest', inline: 'nearest'});
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2, y = r.top + r.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (!hit || !(el === hit || el.contains(hit))) {
        const by = hit ? (hit.id || hit.className || hit.tagName) : 'nothing (off screen)';
        covered.push(`${name(el)} from the ${from}: covered by ${by}`);
      }
    }
  }
  window.scrollTo(0, 0);
  return {
    overflow: document.scrollingElement.scrollWidth - window.innerWidth,
    small: [...new Set(small)], covered: [...new Set(covered)], moves: moves.length,
    height: document.scrollingElement.scrollHeight, screen: window.innerHeight,
  };
}""".replace("INTERACTIVE", json.dumps(INTERACTIVE)).replace(
    "CLICKABLE", json.dumps(CLICKABLE)).replace("MIN_TAP", str(MIN_TAP))

#: Komodo's map: how much of it the phone shows at first, and whether the player's own pieces
#: are inside what is shown.
KOMODO_MAP = """() => {
  const box = document.querySelector('#board .komodo-map');
  const map = box.querySelector('svg') || box;
  const b = box.getBoundingClientRect(), m = map.getBoundingClientRect();
  const inside = r => r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1
    && r.bottom <= b.bottom + 1;
  return {whole: inside(m), box: [b.width, b.height], map: [m.width, m.height],
          pageWide: m.width <= window.innerWidth};
}"""


@pytest.fixture(scope="module")
def fit(portal, browser):
    """One mid-game table per game, measured at both widths."""

    @functools.cache
    def of(slug: str) -> dict:
        game = next(g for g in GAMES if g.slug == slug)
        context = browser.new_context()
        page = sign_up(context, portal, f"f{uuid.uuid4().hex[:8]}")
        open_table_against_bots(page, portal, game)
        play_clicks(page, CLICKS.get(slug, MIDDLE_CLICKS))
        seen = {}
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for width, size in WIDTHS.items():
            page.set_viewport_size(size)
            page.reload()
            wait_for_my_move(page)
            page.wait_for_load_state("networkidle")
            page.screenshot(path=str(ARTIFACTS / f"fit-{slug}-{size['width']}.png"), full_page=True)
            seen[width] = page.evaluate(MEASURE)
            if slug == "komodo":
                seen[width]["map"] = page.evaluate(KOMODO_MAP)
        context.close()
        (ARTIFACTS / f"fit-{slug}.json").write_text(json.dumps(seen, indent=1))
        return seen

    return of


@pytest.mark.parametrize("slug", SLUGS)
def test_the_page_fits(fit, slug):
    """One test per game, so each game's table is set up and measured once per run; every
    width's every shortfall is listed together."""
    problems = []
    for width, seen in fit(slug).items():
        if seen["moves"] == 0:
            problems.append(f"{width}: mid-game, the board offers the person no move")
        problems += [f"{width}: {c}" for c in seen["covered"]]
        if seen["overflow"] > 0:
            problems.append(f"{width}: {seen['overflow']} px wider than the window")
        problems += [f"{width}: under {MIN_TAP} x {MIN_TAP} px: {s}" for s in seen["small"]]
        if width == "desktop" and seen["height"] > SCREENS * seen["screen"]:
            problems.append(f"{width}: {seen['height']} px high, over {SCREENS} screens")
        if slug == "komodo" and not (seen["map"]["whole"] and seen["map"]["pageWide"]):
            problems.append(f"{width}: the map does not open whole: {seen['map']}")
    assert problems == []


SMALL_TARGETS = """() => {
  const small = [];
  for (const el of document.querySelectorAll(INTERACTIVE)) {
    const r = el.getBoundingClientRect(), style = getComputedStyle(el);
    if (r.width <= 1.5 || r.height <= 1.5 || style.visibility === 'hidden' || style.opacity === '0') continue;
    if (el.parentElement.closest(INTERACTIVE)) continue;
    if (r.width < MIN_TAP - 0.5 || r.height < MIN_TAP - 0.5)
      small.push(`${el.textContent.trim().slice(0, 30) || el.tagName} (${Math.round(r.width)}x${Math.round(r.height)})`);
  }
  return small;
}""".replace("INTERACTIVE", json.dumps(INTERACTIVE)).replace("MIN_TAP", str(MIN_TAP))


@pytest.mark.parametrize("width", WIDTHS)
def test_home_and_game_pages_have_44_px_targets(portal, browser, width):
    """The header (turn badge, name, Log out), the game cards' How to play and New table, and a
    game's page: every target a finger may tap is at least 44 x 44 px."""
    context = browser.new_context(viewport=WIDTHS[width])
    page = sign_up(context, portal, f"h{uuid.uuid4().hex[:8]}")
    problems = {}
    for path in ["/", "/games/kavango/", "/games/mine/"]:
        page.goto(portal.url + path)
        problems[path] = page.evaluate(SMALL_TARGETS)
        if path == "/":
            page.screenshot(path=str(ARTIFACTS / f"fit-home-{WIDTHS[width]['width']}.png"), full_page=True)
    context.close()
    assert {path: small for path, small in problems.items() if small} == {}


def test_the_invite_link_copies_with_one_tap(portal, browser):
    """The host of a private table taps "Copy link": the link is on the clipboard and the page
    says so."""
    context = browser.new_context()
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=portal.url)
    page = sign_up(context, portal, f"c{uuid.uuid4().hex[:8]}")
    page.goto(f"{portal.url}/games/tictactoe/new/")
    page.check("#id_private")
    page.click("text=Open the table")
    # the table's socket redraws the live area once on connect; a tap that lands as it does is
    # lost with the button it pressed (see test_e2e_tictactoe.FRAME_TRACKER)
    page.wait_for_function("() => window.e2eFrames && window.e2eFrames.open && window.e2eFrames.sinceOpen >= 1")
    copy = page.get_by_role("button", name="Copy link")
    expect(copy).to_be_visible()
    link = page.locator("#invite-link").input_value()
    copy.click()
    expect(page.locator(".copy-said")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == link
    context.close()


def test_a_board_part_explains_itself_on_hover(portal, browser):
    """Pointing at a ski hotel guest chip, then at a floor of the elevator, shows each one's
    words beside it."""
    game = next(g for g in GAMES if g.slug == "lodge_hotel")
    context = browser.new_context()
    page = sign_up(context, portal, f"e{uuid.uuid4().hex[:8]}")
    open_table_against_bots(page, portal, game)
    wait_for_my_move(page)
    bubble = page.locator("#explain-bubble")
    page.locator("#board .lodge_hotel-part").first.hover()
    expect(bubble).to_be_visible()
    expect(bubble).to_contain_text("preferred floor")
    page.locator("#board .lodge_hotel-elevator").first.hover()
    expect(bubble).to_contain_text("The elevator")
    context.close()
