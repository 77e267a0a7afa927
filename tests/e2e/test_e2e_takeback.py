"""Two people at a ski hotel table in real browsers: one takes a room by mistake and takes it
back; the other sees the move come and go, live, and is told it was taken back."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from .test_e2e_boards import wait_for_my_move
from .test_e2e_tictactoe import sign_up

pytestmark = pytest.mark.e2e


def test_a_room_taken_by_mistake_is_taken_back_and_the_other_player_sees_it(portal, browser, shot):
    tag = uuid.uuid4().hex[:6]
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    host = sign_up(host_ctx, portal, f"hana{tag}")
    guest = sign_up(guest_ctx, portal, f"gus{tag}")
    host.goto(f"{portal.url}/games/lodge_hotel/new/")
    host.select_option("#id_players", "2")
    host.click("text=Open the table")
    invite = host.locator("input[aria-label='Invite link']").input_value()
    guest.goto(invite)
    guest.click("#join-button")
    assert wait_for_my_move(host)
    start = int(host.locator("#match-live").get_attribute("data-version"))
    expect(host.locator("#take-back-button")).to_have_count(0)

    host.locator("#board [hx-vals*='take_room']").first.click()
    expect(guest.locator("#match-live")).to_have_attribute("data-version", str(start + 1))
    expect(host.locator("#take-back-button")).to_be_visible()
    expect(guest.locator("#take-back-button")).to_have_count(0)
    shot(host, "take-back-offered")

    host.click("#take-back-button")
    expect(guest.locator("#took-back")).to_have_text(f"hana{tag} took back a move.")
    expect(host.locator("#took-back")).to_be_visible()
    expect(host.locator("#match-live")).to_have_attribute("data-version", str(start + 2))
    expect(host.locator("#take-back-button")).to_have_count(0)
    expect(host.locator("#turn-banner")).to_contain_text("Your move!")
    host_ctx.close()
    guest_ctx.close()
