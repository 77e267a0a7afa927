"""Every installed game in a real browser: a table with bots, the board, no script errors.

Screenshots of each page at desktop and phone width land in var/screenshots/ for a person to look at.
"""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from core.plugins import build_registry, discover_apps

from .test_e2e_boards import CLICKABLE, open_table_against_bots, play_clicks, wait_for_my_move
from .test_e2e_tictactoe import sign_up

pytestmark = pytest.mark.e2e
GAMES = sorted(build_registry(discover_apps()).games.values(), key=lambda g: g.slug)
PHONE = {"width": 390, "height": 844}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_game_pages_render_without_errors(portal, browser, shot, game):
    context = browser.new_context()
    page = sign_up(context, portal, f"p{uuid.uuid4().hex[:8]}")
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))

    page.goto(f"{portal.url}/games/{game.slug}/")
    expect(page.locator(".how-to-play")).to_be_visible()
    shot(page, f"{game.slug}-how-to-play")

    page.goto(f"{portal.url}/games/{game.slug}/new/")
    players = max(game.min_players, min(3, game.max_players))
    page.select_option("#id_players", str(players))
    for n in range(1, players):
        page.select_option(f"#id_seat{n}_who", index=1)
    shot(page, f"{game.slug}-new-table")
    page.click("text=Open the table")
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator("#turn-banner")).to_be_visible()
    shot(page, f"{game.slug}-board")
    page.set_viewport_size(PHONE)
    page.reload()
    expect(page.locator("#board")).to_be_visible()
    shot(page, f"{game.slug}-board-phone")
    assert not errors, errors
    context.close()


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.slug)
def test_clicking_the_board_plays_moves(portal, browser, game):
    """A person against bots: clicking the board's first offered move, a few times, is accepted."""
    context = browser.new_context()
    page = sign_up(context, portal, f"c{uuid.uuid4().hex[:8]}")
    open_table_against_bots(page, portal, game)
    assert play_clicks(page, 4) >= 1, "the board offered no clickable move"
    context.close()


RESEND_AND_WAIT = """() => new Promise((done, fail) => {
  document.addEventListener("htmx:oobAfterSwap", e => e.target.id === "match-live" && done());
  setTimeout(() => fail(new Error("no frame came back")), 10000);
  const socket = document.getElementById("match-socket")["htmx-internal-data"].webSocket.socket;
  socket.send(JSON.stringify({revision: 0}));
})"""


def test_a_frame_of_the_same_position_keeps_the_tile_and_turn_picked(portal, browser):
    """A Komodo player who picked their second tile and a quarter turn keeps both when a frame of
    the same position arrives (here the server re-sends the frame a lagging page asks for)."""
    game = next(g for g in GAMES if g.slug == "komodo")
    context = browser.new_context()
    page = sign_up(context, portal, f"k{uuid.uuid4().hex[:8]}")
    open_table_against_bots(page, portal, game)
    assert play_clicks(page, 1) == 1  # the opening: one animal card given back
    expect(page.locator("label[for=komodo-t-1]")).to_be_visible(timeout=20000)
    expect(page.locator("#turn-banner")).to_contain_text("Your move!", timeout=20000)
    version = page.locator("#match-live").get_attribute("data-version")
    page.locator("label[for=komodo-t-1]").click()
    page.locator("label[for=komodo-r-1]").click()
    page.evaluate(RESEND_AND_WAIT)
    assert page.locator("#match-live").get_attribute("data-version") == version
    assert page.locator("#komodo-t-1").is_checked() and page.locator("#komodo-r-1").is_checked()
    expect(page.locator("#board .komodo-spot--1-1").first).to_be_visible()
    context.close()


def open_table_with_scripts_held(page, portal, game) -> list:
    """Open a table against a bot while the browser holds back htmx and its ws extension (a slow
    connection): the board is drawn and can be tapped, but nothing has wired it up yet. Returns
    the held requests, to be let through with ``continue_()``."""
    held = []
    open_table_against_bots(page, portal, game, hold=held)
    expect(page.locator("#turn-banner")).to_contain_text("Your move!", timeout=20000)
    assert held, "the test meant to hold htmx back, but the page has not asked for it"
    return held


@pytest.mark.parametrize("by", ["tap", "keyboard"])
def test_a_move_made_before_the_scripts_arrive_is_made_once_they_do(portal, browser, by):
    """On a slow connection the board shows before htmx has loaded; a tap on a move then would do
    nothing (CI once saw exactly this: a click, then no answer), and so would Enter on a board
    part. The page keeps the move and makes it when htmx is ready."""
    game = next(g for g in GAMES if g.slug == "tictactoe")
    context = browser.new_context()
    page = sign_up(context, portal, f"e{uuid.uuid4().hex[:8]}")
    held = open_table_with_scripts_held(page, portal, game)
    before = int(page.locator("#match-live").get_attribute("data-version"))
    if by == "tap":
        page.locator("#tictactoe-cell-4").click()
    else:
        page.locator("#tictactoe-cell-4").focus()
        page.keyboard.press("Enter")
    for request in held:
        request.continue_()
    page.wait_for_function(
        "v => Number(document.getElementById('match-live').dataset.version) > v", arg=before,
        timeout=20000)
    expect(page.locator("#tictactoe-cell-4")).to_have_attribute("data-mark", re.compile("^[XO]$"))
    context.close()


def test_two_taps_before_the_scripts_arrive_make_one_move(portal, browser):
    """Impatient taps on two squares before htmx is ready make one move, the last one tapped:
    not two moves, and not the first square."""
    game = next(g for g in GAMES if g.slug == "tictactoe")
    context = browser.new_context()
    page = sign_up(context, portal, f"d{uuid.uuid4().hex[:8]}")
    held = open_table_with_scripts_held(page, portal, game)
    page.locator("#tictactoe-cell-4").click()
    page.locator("#tictactoe-cell-0").click()
    for request in held:
        request.continue_()
    expect(page.locator("#tictactoe-cell-0")).to_have_attribute("data-mark", re.compile("^[XO]$"))
    mine = page.locator("#tictactoe-cell-0").get_attribute("data-mark")
    expect(page.locator("#turn-banner")).to_contain_text("Your move!", timeout=20000)
    assert page.locator(f"#board [data-mark='{mine}']").count() == 1
    context.close()


def test_a_chat_line_sent_before_the_scripts_arrive_is_posted_once_they_do(portal, browser):
    """A form with hx-post sent before htmx has loaded would be submitted by the browser as a GET
    of the page (the chat line in the address bar, the page reloaded); it is held and posted by
    htmx instead."""
    game = next(g for g in GAMES if g.slug == "tictactoe")
    context = browser.new_context()
    page = sign_up(context, portal, f"c{uuid.uuid4().hex[:8]}")
    held = open_table_with_scripts_held(page, portal, game)
    address = page.url
    page.fill(".chat-form input[name=text]", "good luck")
    page.locator(".chat-form button[type=submit]").click()
    for request in held:
        request.continue_()
    expect(page.locator("#chat-messages")).to_contain_text("good luck", timeout=20000)
    assert page.url == address
    context.close()


#: htmx's ws extension attaches its socket to the element a moment after the page loads.
SOCKET_OPEN = """() => {
  const data = document.getElementById("match-socket")["htmx-internal-data"];
  return data && data.webSocket && data.webSocket.socket && data.webSocket.socket.readyState === 1;
}"""
CLOSE_THE_SOCKET = """() => new Promise(done => {
  const socket = document.getElementById("match-socket")["htmx-internal-data"].webSocket.socket;
  socket.addEventListener("close", () => done());
  socket.close();
})"""


def test_a_move_posted_without_the_socket_leaves_no_trouble_box(portal, browser):
    """With the match socket closed (the page reopens it 1.5 s later) the page POSTs its move; the accepted answer clears the
    server-trouble box, and clearing a box that was never shown must not leave one behind (an
    empty, hidden box on the page once passed for a refusal in CI)."""
    game = next(g for g in GAMES if g.slug == "tictactoe")
    context = browser.new_context()
    page = sign_up(context, portal, f"s{uuid.uuid4().hex[:8]}")
    open_table_against_bots(page, portal, game)
    expect(page.locator("#turn-banner")).to_contain_text("Your move!", timeout=20000)
    page.wait_for_function(SOCKET_OPEN, timeout=20000)
    page.evaluate(CLOSE_THE_SOCKET)
    with page.expect_response(lambda r: r.url.endswith("/move/")) as answer:
        page.locator(CLICKABLE).filter(visible=True).first.click()
    assert answer.value.status == 200
    assert page.locator("#move-feedback .error").count() == 0
    assert page.locator("#server-trouble").count() == 0
    context.close()


CARD_TOPS = """() => new Promise(done => {
  const card = document.querySelector("button.lodge_hikers-card"), tops = [];
  (function frame() {
    tops.push(card.getBoundingClientRect().top);
    if (tops.length < 10) requestAnimationFrame(frame); else done({tops, hovered: card.matches(":hover")});
  })();
})"""


def test_a_card_hovered_at_its_bottom_edge_stays_still(portal, browser):
    """A Lodge hikers card lifts 3 px when hovered. A pointer resting in its bottom 3 px used to
    lose the hover as the card rose, the card fell back under it and rose again, every frame:
    a jittering card, and Playwright's click waited 30 s for it to be stable (once in 80 runs)."""
    game = next(g for g in GAMES if g.slug == "lodge_hikers")
    context = browser.new_context()
    page = sign_up(context, portal, f"h{uuid.uuid4().hex[:8]}")
    open_table_against_bots(page, portal, game)
    assert wait_for_my_move(page)  # no redraw of the board comes while the card is watched
    box = page.locator("button.lodge_hikers-card").first.bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] - 1)
    seen = page.evaluate(CARD_TOPS)
    assert seen["hovered"] and len(set(seen["tops"][1:])) == 1, seen
    context.close()
