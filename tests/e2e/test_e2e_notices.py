"""Mail settings in a real browser (issue 42): a player chooses how each kind of notice reaches
them, and the page says whether their address is confirmed."""

from __future__ import annotations

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
    expect(page.locator("h1")).to_have_text("Mail settings")
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
