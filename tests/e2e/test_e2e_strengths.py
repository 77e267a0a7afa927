"""Each bot strength, chosen by its name on the create-table form in a real browser, sits at the
table under that strength's name and plays a whole game against the person who chose it (issue
17, "Done means")."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from core.engine.strengths import EASY, HARD, NORMAL, at_strength
from core.models import bot_label
from core.plugins import build_registry, discover_apps

from .test_e2e_boards import play_clicks
from .test_e2e_tictactoe import sign_up

pytestmark = pytest.mark.e2e
PHONE = {"width": 390, "height": 844}
BOTS = build_registry(discover_apps()).bots_for("tictactoe")


@pytest.mark.parametrize("level", [EASY, NORMAL, HARD])
def test_a_strength_chosen_on_the_form_plays_a_whole_game(portal, browser, shot, level):
    bot = at_strength(BOTS, level)
    context = browser.new_context()
    page = sign_up(context, portal, f"s{uuid.uuid4().hex[:8]}")
    page.goto(f"{portal.url}/games/tictactoe/new/")
    page.select_option("#id_seat1_who", label=bot.label)
    page.click("text=Open the table")
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator(".players-bar .name").nth(1)).to_have_text(bot_label(bot.name))
    # X moves first, so the person's five marks at most end the game; each waits for the bot's.
    assert play_clicks(page, 5) >= 3
    expect(page.locator("#match-live")).to_have_attribute("data-status", "finished", timeout=20000)
    expect(page.locator(".result")).to_contain_text("Final scores")
    shot(page, f"tictactoe-against-{level}")
    page.set_viewport_size(PHONE)
    shot(page, f"tictactoe-against-{level}-phone")
    context.close()
