"""Each move is said once to a screen reader: the other player's page announces it in a polite
live region, in the game log's words, without the log being read again."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from .test_e2e_boards import wait_for_my_move
from .test_e2e_tictactoe import sign_up

pytestmark = pytest.mark.e2e


def test_the_other_players_move_is_announced_once(portal, browser):
    tag = uuid.uuid4().hex[:6]
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    host, guest = sign_up(host_ctx, portal, f"ava{tag}"), sign_up(guest_ctx, portal, f"bo{tag}")
    host.goto(f"{portal.url}/games/tictactoe/new/")
    host.click("text=Open the table")
    guest.goto(host.locator("input[aria-label='Invite link']").input_value())
    guest.click("#join-button")
    announcer = guest.locator("#move-announcer")
    expect(announcer).to_have_attribute("aria-live", "polite")
    assert wait_for_my_move(host)
    host.locator("#tictactoe-cell-4").click()
    expect(announcer).to_have_text("X marks square 5.")
    assert wait_for_my_move(guest)
    guest.locator("#tictactoe-cell-0").click()
    expect(host.locator("#move-announcer")).to_have_text("O marks square 1.")
    host_ctx.close()
    guest_ctx.close()
