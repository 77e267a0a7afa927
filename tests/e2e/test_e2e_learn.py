"""A newcomer plays each game's guided first game to its end in a real browser, clicking the
board where the step says, by keyboard where the board offers it, at a phone's width too."""

from __future__ import annotations

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from core.plugins import registry

pytestmark = pytest.mark.e2e


def learner_page(browser, portal, width: int):
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
    return context, page, errors


def click_the_suggested_move(page) -> None:
    """The board's own element for the lesson's move when it has one a person can click (it
    is drawn from the view like a table's); the step's "Make this move for me" otherwise (a
    board's form, such as a swap's, is filled in rather than clicked)."""
    on_board = page.locator('#board [hx-post$="/learn/"][hx-vals*="move"]').filter(visible=True)
    if on_board.count():
        try:
            on_board.first.click(timeout=3000)
            return
        except PlaywrightTimeout:  # a board that shows a part only once its piece is chosen (Komodo's map)
            pass
    page.click("#suggested-move")


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("slug", sorted(registry().tutorials))
def test_a_newcomer_plays_the_guided_first_game_to_its_end(browser, portal, shot, slug, width):
    tutorial = registry().tutorials[slug]
    context, page, errors = learner_page(browser, portal, width)
    page.goto(f"{portal.url}/games/{slug}/")
    page.click("#learn-link")
    expect(page.locator("h1")).to_contain_text("Learn")
    for step, lesson in enumerate(tutorial.lessons, start=1):
        coach = page.locator(".coach")
        expect(coach).to_contain_text(f"Step {step} of {len(tutorial.lessons)}")
        expect(coach).to_contain_text(lesson.say.split("Player ")[0])
        if step == 1:
            shot(page, f"learn-{slug}-{width}-first-step")
        click_the_suggested_move(page)
        expect(page.locator("#learn-live")).not_to_have_attribute("data-step", str(step))
    expect(page.locator("#play-for-real")).to_be_visible()
    expect(page.locator(".coach")).to_contain_text(tutorial.outro[:30])
    shot(page, f"learn-{slug}-{width}-end")
    assert page.evaluate("document.scrollingElement.scrollWidth <= innerWidth"), "no sideways scrolling"
    assert errors == []
    context.close()


def test_only_the_suggested_square_is_a_button_and_the_keyboard_plays_it(browser, portal):
    context, page, errors = learner_page(browser, portal, 1280)
    page.goto(f"{portal.url}/games/tictactoe/learn/")
    suggested = page.locator("#tictactoe-cell-4")
    expect(suggested).to_have_attribute("role", "button")
    expect(page.locator("#tictactoe-cell-0")).not_to_have_attribute("role", "button")
    suggested.focus()
    page.keyboard.press("Enter")
    expect(page.locator(".coach")).to_contain_text("Step 2 of")
    assert errors == []
    context.close()
