"""The portal's own pages in a real browser at 1280 and 390 px: no sideways scrolling, no
serious or critical axe-core violation, nothing refused by the Content-Security-Policy, and the
new-table form's behaviour (issue 15 items 2, 10, 11 and "Accessibility")."""

from __future__ import annotations

import re
import subprocess
import sys
import uuid

import pytest
from playwright.sync_api import expect

from core.plugins import build_registry, discover_apps
from tests.servers import ROOT, portal_env, prepare_database, running_portal

from .test_e2e_boards import AXE as AXE_FILE
from .test_e2e_boards import AXE_RUN, WIDTHS, finished_match
from .test_e2e_tictactoe import sign_up

pytestmark = pytest.mark.e2e
SLUGS = sorted(build_registry(discover_apps()).games)

ANONYMOUS_PAGES = ["/", "/accounts/login/", "/accounts/signup/", "/accounts/password_reset/",
                   "/accounts/password_reset/done/",
                   *(f"/games/{slug}/" for slug in SLUGS),
                   *(f"/games/{slug}/leaderboard/" for slug in SLUGS)]
MEMBER_PAGES = ["/", "/accounts/password_change/", "/accounts/profile/",
                *(f"/games/{slug}/new/" for slug in SLUGS)]


AXE_OUTSIDE_BOARDS = AXE_RUN.replace("axe.run(document,", "axe.run({exclude: [['#board']]},")


def check_pages(page, base: str, paths: list[str]) -> list[str]:
    """Every path at both widths; the problems found, one line each. Boards are left to
    test_e2e_boards.py, which names whose work each of them waits for."""
    refused = []
    page.on("console", lambda m: "Content Security Policy" in m.text and refused.append(m.text))
    problems = []
    for width, size in WIDTHS.items():
        page.set_viewport_size(size)
        for path in paths:
            page.goto(base + path)
            page.wait_for_load_state("networkidle")
            overflow = page.evaluate(
                "() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
            if overflow > 0:
                problems.append(f"{path} at {width}: {overflow} px too wide")
            page.evaluate(AXE_FILE.read_text())
            problems += [f"{path} at {width}: {v}" for v in page.evaluate(AXE_OUTSIDE_BOARDS)]
            problems += [f"{path} at {width}: CSP refused {r}" for r in refused]
            refused.clear()
    return problems


def test_pages_for_visitors(portal, browser):
    context = browser.new_context()
    problems = check_pages(context.new_page(), portal.url, ANONYMOUS_PAGES)
    assert problems == [], "\n".join(problems)
    context.close()


def test_pages_for_members(portal, browser):
    context = browser.new_context()
    name = f"m{uuid.uuid4().hex[:8]}"
    page = sign_up(context, portal, name)
    assert check_pages(page, portal.url, [*MEMBER_PAGES, f"/u/{name}/"]) == []
    context.close()


def test_replay_page(portal, browser):
    finished = finished_match(portal, "tictactoe")
    context = browser.new_context()
    problems = check_pages(context.new_page(), portal.url,
                           [f"/match/{finished}/replay/", f"/match/{finished}/replay/?ply=3"])
    assert problems == [], "\n".join(problems)
    context.close()


def test_new_table_form_offers_only_what_applies(portal, browser):
    """Issue 15.11: minutes hidden with "No clock", solo difficulty only for one player, the seat
    menu readable, and a message (not just a red border) when something is wrong."""
    context = browser.new_context()
    page = sign_up(context, portal, f"f{uuid.uuid4().hex[:8]}")
    page.set_viewport_size(WIDTHS["phone"])
    page.goto(portal.url + "/games/lodge_hotel/new/")
    minutes = page.locator("#id_time_per_move")
    expect(minutes).to_be_hidden()
    page.select_option("#id_time_control", "realtime")
    expect(minutes).to_be_visible()
    expect(page.locator(".clock-length")).to_contain_text("Minutes per move")
    page.select_option("#id_time_control", "correspondence")
    expect(page.locator(".clock-length")).to_contain_text("Days per move")
    page.select_option("#id_players", "1")
    expect(page.locator("#id_opt_level")).to_be_visible()
    page.select_option("#id_players", "2")
    expect(page.locator("#id_opt_level")).to_be_hidden()
    expect(page.locator("#id_opt_level")).to_be_disabled()
    seat_menu = page.locator("#id_seat1_who")
    needed = seat_menu.evaluate("""el => {
        const style = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d');
        ctx.font = style.font;
        const text = Math.max(...[...el.options].map(o => ctx.measureText(o.text).width));
        return text + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) - el.clientWidth;
    }""")
    assert needed <= 0, f"the seat menu cuts its longest choice by {needed:.0f} px"
    minutes.fill("")
    page.click("text=Open the table")
    expect(page.locator(".field-error")).to_contain_text("Say how long each move may take")
    context.close()


def test_make_run_defaults_serve_safely_over_plain_http(browser, tmp_path):
    """Issue 15.10: `make run` serves with DEBUG off, a secret key generated once into var/, and
    hashed static files from WhiteNoise, while log-in still works over plain HTTP on the loopback
    (the Makefile passes SECURE_COOKIES=0). The same environment as the Makefile's run target."""
    env = portal_env(f"sqlite:///{tmp_path}/run.sqlite3", MEEPLEHALL_VAR=str(tmp_path))
    env.update(DEBUG="0", SECURE_COOKIES="0")
    env.pop("SECRET_KEY", None)
    env.pop("STATIC_ROOT", None)
    prepare_database(env)
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--no-input", "-v0"], cwd=ROOT,
                   env=env, check=True, timeout=120)
    key = (tmp_path / "secret_key").read_text()
    with running_portal(env) as server:
        context = browser.new_context()
        page = sign_up(context, server, f"r{uuid.uuid4().hex[:8]}")
        stylesheet = page.locator("link[rel=stylesheet][href*='meeplehall']").get_attribute("href")
        assert re.fullmatch(r"/static/css/meeplehall\.[0-9a-f]{12}\.css", stylesheet)
        response = page.request.get(server.url + stylesheet)
        assert response.ok and "max-age=315360000" in response.headers.get("cache-control", "")
        missing = page.goto(server.url + "/match/999999/")
        assert missing.status == 404
        expect(page.locator("h1")).to_have_text("Nothing here")
        expect(page.locator(".site-header")).to_contain_text("Log out")  # still logged in
        context.close()
    assert (tmp_path / "secret_key").read_text() == key, "the key is kept, not made anew"


def test_staff_start_a_demo_match_with_a_strength_per_seat(portal, browser, shot):
    """The admin's demo form in a browser: it passes the page checks at both widths, and a seat
    given its own strength under "A different strength for some seats" sits at that strength."""
    context = browser.new_context()
    name = f"staff{uuid.uuid4().hex[:6]}"
    page = sign_up(context, portal, name)
    subprocess.run([sys.executable, "manage.py", "shell", "-c",
                    "from django.contrib.auth.models import User; "
                    f"User.objects.filter(username={name!r}).update(is_staff=True)"],
                   cwd=ROOT, env=portal.env, check=True, capture_output=True, timeout=120)
    assert check_pages(page, portal.url, ["/staff/demo-match/"]) == []
    page.goto(f"{portal.url}/staff/demo-match/")
    shot(page, "demo-match-phone")
    page.set_viewport_size(WIDTHS["desktop"])
    page.select_option("select[name=game]", "tictactoe")
    page.fill("input[name=players]", "2")
    page.locator("summary", has_text="A different strength for some seats").click()
    page.select_option("select[name=seat2_strength]", "easy")
    shot(page, "demo-match-seats")
    page.click("text=Start")
    expect(page.locator("#board")).to_be_visible()
    expect(page.locator(".players-bar .name")).to_have_text(["Blocker bot", "Blocker bot (easy)"])
    context.close()
