"""Two people and a spectator in real browsers: sign up, invite, play to the end, replay."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.e2e


#: Counts the live frames (``#match-live`` swaps) a page received since its match socket last
#: opened. The server sends the whole board on every connect, so a page that has just loaded gets
#: its board drawn again a moment later, the same position; a click whose press and release that
#: redraw falls between makes no move at all (the button pressed is gone, and the browser fires no
#: click), and nothing answers it. Helpers that click wait for that first frame
#: (test_e2e_boards.wait_for_my_move).
FRAME_TRACKER = """(() => {
  if (window.e2eFrames) return;
  const seen = window.e2eFrames = {open: false, sinceOpen: 0};
  document.addEventListener("htmx:wsOpen", e => {
    if (e.target.id === "match-socket") { seen.open = true; seen.sinceOpen = 0; }
  });
  document.addEventListener("htmx:wsClose", e => {
    if (e.target.id === "match-socket") seen.open = false;
  });
  document.addEventListener("htmx:oobAfterSwap", e => {
    if (e.target.id === "match-live") seen.sinceOpen += 1;
  });
})()"""


def sign_up(context, portal, name):
    context.add_init_script(FRAME_TRACKER)
    page = context.new_page()
    page.goto(portal.url + "/accounts/signup/")
    page.fill("#id_username", name)
    page.fill("#id_password1", "board-games-4-all")
    page.fill("#id_password2", "board-games-4-all")
    page.click("button[type=submit]")
    expect(page.locator(".site-header")).to_contain_text(name)
    return page


def click_cell(page, cell):
    page.locator(f"#tictactoe-cell-{cell}").click()


def test_two_players_and_a_spectator(portal, browser, shot):
    tag = uuid.uuid4().hex[:6]
    host_ctx, guest_ctx, watch_ctx = (browser.new_context() for _ in range(3))
    host = sign_up(host_ctx, portal, f"ann{tag}")
    guest = sign_up(guest_ctx, portal, f"ben{tag}")

    host.goto(portal.url + "/games/tictactoe/new/")
    host.check("#id_private")
    host.click("text=Open the table")
    expect(host.locator(".waiting-room")).to_be_visible()
    invite = host.locator("input[aria-label='Invite link']").input_value()
    match_url = host.url
    shot(host, "tictactoe-waiting-room")

    guest.goto(invite)
    guest.click("#join-button")
    expect(guest.locator("#turn-banner")).to_contain_text("Waiting for")
    expect(host.locator("#turn-banner")).to_contain_text("Your move!")
    # The whole page is live: at the start the host's open page loses the invite link and
    # gains Resign, without a reload.
    expect(host.locator("input[aria-label='Invite link']")).to_have_count(0)
    expect(host.locator("#resign-button")).to_be_visible()
    expect(guest.locator("#resign-button")).to_be_visible()

    watcher = sign_up(watch_ctx, portal, f"cy{tag}")
    watcher.goto(invite)
    expect(watcher.locator("#turn-banner")).to_contain_text("Spectating")
    expect(host.locator("#watchers")).to_have_text("1")

    # With the match socket open, a click sends the move over it: no POST per move.
    posts = []
    for page in (host, guest):
        page.on("request", lambda r: posts.append(r.url) if r.method == "POST" and "/move/" in r.url else None)
    click_cell(host, 0)
    expect(guest.locator("#tictactoe-cell-0")).to_have_attribute("data-mark", "X")
    expect(watcher.locator("#tictactoe-cell-0")).to_have_attribute("data-mark", "X")

    click_cell(guest, 3)
    expect(host.locator("#tictactoe-cell-3")).to_have_attribute("data-mark", "O")

    # The guest's socket drops; the host moves while it is away; it reconnects and catches up.
    guest.evaluate("() => document.querySelector('#match-socket')['htmx-internal-data'].webSocket.socket.close(4000)")
    expect(guest.locator("body")).to_have_class(re.compile("socket-down"))
    click_cell(host, 1)
    expect(guest.locator("#tictactoe-cell-1")).to_have_attribute("data-mark", "X", timeout=15000)
    assert guest.evaluate("() => window.mhReconnects") >= 1

    click_cell(guest, 4)
    expect(host.locator("#tictactoe-cell-4")).to_have_attribute("data-mark", "O")
    click_cell(host, 2)
    expect(guest.locator(".result")).to_contain_text("Final scores")
    expect(watcher.locator(".result")).to_contain_text("Final scores")
    assert posts == []
    # No stale action is left on any open page once the game is over.
    for page in (host, guest, watcher):
        expect(page.locator("#resign-button")).to_have_count(0)
        expect(page.locator("#replay-link")).to_be_visible()
    expect(guest.locator("#rematch-button")).to_be_visible()
    expect(watcher.locator("#rematch-button")).to_have_count(0)
    shot(host, "tictactoe-finished")

    host.goto(match_url + "replay/")
    expect(host.locator("#replay-ply")).to_have_text("Move 0 of 5")
    host.click("#replay-forward")
    expect(host.locator("#replay-ply")).to_have_text("Move 1 of 5")
    expect(host.locator("#tictactoe-cell-0")).to_have_attribute("data-mark", "X")
    host.click("#replay-last")
    expect(host.locator("#replay-ply")).to_have_text("Move 5 of 5")
    host.click("#replay-back")
    expect(host.locator("#replay-ply")).to_have_text(re.compile("Move 4 of 5"))
    shot(host, "tictactoe-replay")
