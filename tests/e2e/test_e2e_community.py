"""Friends, challenges, blocking and reports, as people do them in real browsers (issue 44)."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from .test_e2e_tictactoe import sign_up
from .test_e2e_truth import make_staff

pytestmark = pytest.mark.e2e


def test_two_friends_follow_each_other_and_a_challenge_starts_a_table(portal, browser, shot):
    tag = uuid.uuid4().hex[:6]
    ann_ctx, ben_ctx = browser.new_context(), browser.new_context()
    ann, ben = sign_up(ann_ctx, portal, f"ann{tag}"), sign_up(ben_ctx, portal, f"ben{tag}")
    ann.goto(f"{portal.url}/u/ben{tag}/")
    ann.click("#follow-button")
    expect(ann.locator("#unfollow-button")).to_be_visible()
    ben.goto(f"{portal.url}/u/ann{tag}/")
    ben.click("#follow-button")
    ann.goto(f"{portal.url}/friends/")
    expect(ann.locator("#following")).to_contain_text(f"ben{tag}")
    # ben's page opens its portal socket a moment after it loads: then he is online
    for _ in range(40):
        if "online" in ann.locator("#following").inner_text():
            break
        ben.wait_for_timeout(250)
        ann.reload()
    expect(ann.locator("#following")).to_contain_text("online")

    ann.goto(f"{portal.url}/u/ben{tag}/")
    ann.click("#challenge-link")
    ann.click("#challenge-games >> text=Tic-tac-toe")
    expect(ann.locator("#id_challenge")).to_have_value(f"ben{tag}")
    ann.click("text=Open the table")
    expect(ann.locator(".waiting-room")).to_be_visible()
    shot(ann, "challenge-waiting")

    expect(ben.locator("#turn-badge")).to_contain_text(f"Challenge: ann{tag} invites you")
    ben.goto(portal.url + "/")
    expect(ben.locator("#rematch-invites")).to_contain_text(f"ann{tag} challenges you to")
    ben.locator("#rematch-invites button:has-text('Accept')").click()
    expect(ben.locator("#turn-banner")).to_contain_text("Waiting for")
    expect(ann.locator("#turn-banner")).to_contain_text("Your move!")
    ann_ctx.close()
    ben_ctx.close()


def test_a_blocked_player_can_neither_join_nor_challenge_and_a_report_reaches_staff(portal, browser):
    tag = uuid.uuid4().hex[:6]
    ann_ctx, bob_ctx, mod_ctx = browser.new_context(), browser.new_context(), browser.new_context()
    ann, bob = sign_up(ann_ctx, portal, f"ann{tag}"), sign_up(bob_ctx, portal, f"bob{tag}")
    ann.goto(f"{portal.url}/u/bob{tag}/")
    ann.click("#block-button")
    expect(ann.locator("#unblock-button")).to_be_visible()

    ann.goto(f"{portal.url}/games/tictactoe/new/")
    ann.click("text=Open the table")
    expect(ann.locator(".waiting-room")).to_be_visible()
    bob.goto(ann.url)
    bob.click("#join-button")
    expect(bob.locator(".flash")).to_contain_text("You cannot join this table.")
    bob.goto(f"{portal.url}/u/ann{tag}/challenge/")
    expect(bob.locator(".flash")).to_contain_text("You cannot challenge this player.")

    ann.goto(f"{portal.url}/u/bob{tag}/")
    ann.click("#report-link")
    ann.fill("#report-reason", f"bob{tag} kept insulting people")
    ann.click("#report-send")
    expect(ann.locator(".flash")).to_contain_text("staff will look into it")

    mod = sign_up(mod_ctx, portal, f"mod{tag}")
    make_staff(portal, f"mod{tag}")
    mod.goto(f"{portal.url}/admin/core/report/")
    expect(mod.locator("#result_list")).to_contain_text(f"bob{tag} kept insulting people")
    for context in (ann_ctx, bob_ctx, mod_ctx):
        context.close()
