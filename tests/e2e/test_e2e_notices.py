"""Mail settings in a real browser (issue 42): a player chooses how each kind of notice reaches
them, and the page says whether their address is confirmed."""

from __future__ import annotations

import re
import uuid

import pytest
from playwright.sync_api import expect

from .test_e2e_tictactoe import sign_up

pytestmark = pytest.mark.e2e


def test_the_mail_settings_page_changes_preferences(portal, browser, shot):
    context = browser.new_context()
    name = f"ms{uuid.uuid4().hex[:6]}"
    page = sign_up(context, portal, name)
    page.goto(f"{portal.url}/u/{name}/")
    page.click("#mail-settings-link")
    expect(page.locator("h1")).to_have_text("Mail and vacation")
    expect(page.locator("article")).to_contain_text("no e-mail address")
    page.select_option("#id_your_turn", "daily")
    page.select_option("#id_game_over", "never")
    page.click("#save-notices")
    expect(page.locator(".flash")).to_contain_text("Your mail settings are saved.")
    page.reload()
    expect(page.locator("#id_your_turn")).to_have_value("daily")
    expect(page.locator("#id_game_over")).to_have_value("never")
    expect(page.locator("#id_clock_day")).to_have_value("at_once")
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        shot(page, f"mail-settings-{width}")
    context.close()


def test_your_games_page_updates_live_when_an_opponent_moves(portal, browser, shot):
    tag = uuid.uuid4().hex[:6]
    host_context, guest_context = browser.new_context(), browser.new_context()
    host = sign_up(host_context, portal, f"yg{tag}")
    guest = sign_up(guest_context, portal, f"yh{tag}")
    host.goto(f"{portal.url}/games/tictactoe/new/")
    host.select_option("#id_time_control", "correspondence")
    host.fill("#id_time_per_move", "2")
    host.click("text=Open the table")
    expect(host.locator(".waiting-room")).to_be_visible()
    match_url = host.url
    guest.goto(match_url)
    guest.click("#join-button")
    expect(guest.locator("#turn-banner")).to_contain_text("Waiting for")
    expect(host.locator("#turn-banner")).to_contain_text("Your move!")
    match_id = match_url.rstrip("/").rsplit("/", 1)[1]

    guest = guest_context.new_page()  # beside the table's page, which may still be reloading
    guest.goto(f"{portal.url}/games/mine/")
    card = f"[data-match='{match_id}']"
    expect(guest.locator(f"#your-games section[aria-labelledby=yg-others] {card}")).to_be_visible()
    guest.wait_for_function("() => document.body.querySelector('#portal-socket') && "
                            "document.getElementById('portal-socket')['htmx-internal-data'].webSocket"
                            ".socket.readyState === 1")
    host.locator("#tictactoe-cell-4").click()
    expect(guest.locator(f"#your-games section[aria-labelledby=yg-yours] {card}")).to_be_visible()
    expect(guest.locator(f"#your-games section[aria-labelledby=yg-yours] {card} .clock")).to_have_text(
        re.compile(r"1d 23h left|2d 0h left"))
    expect(guest.locator("#turn-badge")).to_have_text("Your turn: 1")
    for width in (1280, 390):
        guest.set_viewport_size({"width": width, "height": 900})
        shot(guest, f"your-games-{width}")
    host_context.close()
    guest_context.close()
