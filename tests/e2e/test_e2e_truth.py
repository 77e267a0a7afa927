"""What a table says is true when a person looks (issue 49): the clock after a reload, a match
staff aborted, a resignation. Each is seen in a real browser, as the players see it."""

from __future__ import annotations

import re
import subprocess
import sys
import time
import uuid

import pytest
from playwright.sync_api import expect

from tests.servers import ROOT

from .test_e2e_boards import finished_match
from .test_e2e_tictactoe import sign_up

pytestmark = pytest.mark.e2e


def seconds_left(page) -> int:
    """The countdown the page shows now ("0:57 left"), in seconds."""
    minutes, seconds = re.match(r"(\d+):(\d\d) left", page.locator(".clock").inner_text()).groups()
    return int(minutes) * 60 + int(seconds)


def open_clocked_table(page, portal) -> None:
    """A tic-tac-toe table against a bot, one minute per move, the person to move."""
    page.goto(f"{portal.url}/games/tictactoe/new/")
    page.select_option("#id_seat1_who", index=1)
    page.select_option("#id_time_control", "realtime")
    page.fill("#id_time_per_move", "1")
    page.click("text=Open the table")
    expect(page.locator("#turn-banner")).to_contain_text("Your move!")


def test_a_reload_and_a_spectator_see_the_time_left_now(portal, browser):
    """The frame of a revision is rendered once and served again; the countdown must still be
    the time left when the page is read, for the player after a reload and for a spectator."""
    context = browser.new_context()
    page = sign_up(context, portal, f"clk{uuid.uuid4().hex[:6]}")
    open_clocked_table(page, portal)
    expect(page.locator(".clock")).to_have_text(re.compile(r"[01]:\d\d left"))
    assert 57 <= seconds_left(page) <= 60
    time.sleep(3.5)
    page.reload()
    expect(page.locator(".clock")).to_have_text(re.compile(r"0:\d\d left"))
    assert 53 <= seconds_left(page) <= 57
    watcher = browser.new_context().new_page()
    watcher.goto(page.url)
    expect(watcher.locator("#turn-banner")).to_contain_text("Spectating")
    assert abs(seconds_left(watcher) - seconds_left(page)) <= 1
    context.close()
    watcher.context.close()


def make_staff(portal, name: str) -> None:
    subprocess.run([sys.executable, "manage.py", "shell", "-c",
                    "from django.contrib.auth.models import User; "
                    f"User.objects.filter(username={name!r}).update(is_staff=True, is_superuser=True)"],
                   cwd=ROOT, env=portal.env, check=True, capture_output=True, timeout=120)


def test_an_abort_in_the_admin_shows_on_the_players_open_page(portal, browser):
    player_context, staff_context = browser.new_context(), browser.new_context()
    player = sign_up(player_context, portal, f"ab{uuid.uuid4().hex[:6]}")
    player.goto(f"{portal.url}/games/tictactoe/new/")
    player.select_option("#id_seat1_who", index=1)
    player.click("text=Open the table")
    expect(player.locator("#turn-banner")).to_contain_text("Your move!")
    match_id = re.search(r"/match/(\d+)/", player.url).group(1)

    name = f"st{uuid.uuid4().hex[:6]}"
    staff = sign_up(staff_context, portal, name)
    make_staff(portal, name)
    staff.goto(f"{portal.url}/admin/core/match/")
    staff.check(f"input[name=_selected_action][value='{match_id}']")
    staff.select_option("select[name=action]", "abort_matches")
    staff.click("button[name=index]")
    staff.fill("#abort-reason", "the table was opened by mistake")
    staff.click("text=Yes, abort them")
    expect(staff.locator(".messagelist")).to_contain_text("Aborted 1 match(es).")

    said = "Staff aborted this match: the table was opened by mistake"
    for _ in range(2):  # live, then after a reload
        expect(player.locator("#turn-banner")).to_contain_text(said)
        expect(player.locator("#resign-button")).to_have_count(0)
        expect(player.locator(".players-bar")).not_to_contain_text("to move")
        expect(player.locator("#board [hx-post]")).to_have_count(0)
        player.reload()
    player_context.close()
    staff_context.close()


def test_a_resigned_player_reads_that_they_placed_last(portal, browser):
    context = browser.new_context()
    name = f"rs{uuid.uuid4().hex[:6]}"
    page = sign_up(context, portal, name)
    page.goto(f"{portal.url}/games/tictactoe/new/")
    page.select_option("#id_seat1_who", index=1)
    page.click("text=Open the table")
    expect(page.locator("#turn-banner")).to_contain_text("Your move!")
    page.locator("#tictactoe-cell-4").click()
    expect(page.locator("#turn-banner")).to_contain_text("Your move!")
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("#resign-button")
    expect(page.locator(".result")).to_contain_text("You resigned, so you placed 2nd of 2, whatever the bot scored.")
    expect(page.locator(".result tbody tr", has_text=name)).to_contain_text("resigned, ranked last")
    context.close()


def in_portal(portal, code: str) -> None:
    subprocess.run([sys.executable, "manage.py", "shell", "-c", code],
                   cwd=ROOT, env=portal.env, check=True, capture_output=True, timeout=120)


def test_a_table_whose_game_is_gone_and_a_replay_that_stops_say_so(portal, browser):
    """Issue 49.16: a match whose plugin was uninstalled answered 500 on its pages and closed its
    socket with 1011; a stored log that no longer replays answered 500 on its replay steps."""
    context = browser.new_context()
    page = sign_up(context, portal, f"gn{uuid.uuid4().hex[:6]}")
    page.goto(f"{portal.url}/games/tictactoe/new/")
    page.select_option("#id_seat1_who", index=1)
    page.click("text=Open the table")
    expect(page.locator("#turn-banner")).to_contain_text("Your move!")
    match_id = int(re.search(r"/match/(\d+)/", page.url).group(1))
    # Uninstalling restarts the server, which forgets the frames it rendered; here the slug
    # changes under a running server, so the revision moves on instead.
    in_portal(portal, "from django.db.models import F; from core.models import Match; "
                      f"Match.objects.filter(pk={match_id}).update(game_slug='gone', "
                      "revision=F('revision') + 1)")
    sockets = []
    page.on("websocket", lambda socket: sockets.append(socket))
    page.reload()
    expect(page.locator("#game-missing")).to_have_text(
        "This table's game, gone, is not installed on this site any more; its record is kept.")
    expect(page.locator("#board")).to_have_count(0)
    page.wait_for_timeout(1500)
    assert sockets and not any(socket.is_closed() for socket in sockets)

    finished = finished_match(portal, "tictactoe")
    in_portal(portal, "from core.models import Move; "
                      f"first = Move.objects.get(match_id={finished}, ply=1); "
                      f"Move.objects.filter(match_id={finished}, ply=2).update(payload=first.payload)")
    page.goto(f"{portal.url}/match/{finished}/replay/?ply=1")
    expect(page.locator("#board")).to_be_visible()
    page.click("#replay-forward")
    expect(page.locator("#replay-notice")).to_contain_text(
        "This replay cannot be shown past move 1: move 2 no longer replays")
    expect(page.locator("#replay-ply")).to_have_text(re.compile(r"Move 2 of \d+"))
    expect(page.locator("#board")).to_have_count(0)
    context.close()
