"""A person in a real browser and a program through the API play each other on a live daphne,
each seeing the other's moves as they are made; the program's token is made on the settings
page like a person makes it."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid

import pytest
from playwright.sync_api import expect

from tests.servers import ROOT

from .test_e2e_boards import wait_for_my_move
from .test_e2e_tictactoe import sign_up

pytestmark = pytest.mark.e2e


ANSWERED = """marks => {
  const count = mark => document.querySelectorAll(`.tictactoe-cell[data-mark='${mark}']`).length;
  const over = document.getElementById('match-live').dataset.status === 'finished';
  return count('X') === marks && (count('O') === marks || over);
}"""


def make_token(page, portal) -> str:
    page.goto(portal.url + "/accounts/tokens/")
    page.fill("#id_name", "random player")
    page.click("#make-token")
    token = page.locator("#new-token-value").input_value()
    page.get_by_text("This is a bot account").click()
    page.click("#save-bot-account")
    expect(page.locator("#id_bot_account")).to_be_checked()
    expect(page.locator("#token-list")).to_contain_text(token[:10])
    return token


def test_a_person_and_an_api_client_play_each_other(portal, browser, shot):
    tag = uuid.uuid4().hex[:6]
    person_ctx, program_ctx = browser.new_context(), browser.new_context()
    program_page = sign_up(program_ctx, portal, f"robo{tag}")
    token = make_token(program_page, portal)
    person = sign_up(person_ctx, portal, f"ann{tag}")
    person.goto(portal.url + "/games/tictactoe/new/")
    person.click("text=Open the table")
    expect(person.locator(".waiting-room")).to_be_visible()
    table = person.url.rstrip("/").rsplit("/", 1)[1]

    program = subprocess.Popen(
        [sys.executable, str(ROOT / "examples" / "random_client.py"), "--url", portal.url, "--token", token,
         "--table", table, "--seed", "3", "--verbose"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        expect(person.locator(".players-bar")).to_contain_text(f"robo{tag} (bot account)")
        marks = 0
        while wait_for_my_move(person):
            free = person.locator(".tictactoe-cell[role=button]")
            free.first.click()
            marks += 1
            # The person's mark, then the program's answer (unless the mark ended the game),
            # arrive on the page without a reload.
            person.wait_for_function(ANSWERED, arg=marks, timeout=15000)
        out, err = program.communicate(timeout=60)
    finally:
        if program.poll() is None:
            program.kill()
    assert program.returncode == 0, err
    last = json.loads(out.strip().splitlines()[-1])
    assert last["status"] == "finished" and last["seat"] == 1
    seen = [json.loads(line) for line in err.splitlines() if line.startswith("{")]
    # The program saw each of the person's marks in its stream before answering it.
    xs_seen = {sum(c["mark"] == "X" for c in line["view"]["cells"]) for line in seen if line.get("view")}
    assert set(range(marks + 1)) <= xs_seen
    expect(person.locator(".result")).to_be_visible()
    assert [c["mark"] for c in last["view"]["cells"]] == [
        person.locator(f"#tictactoe-cell-{cell}").get_attribute("data-mark") or None for cell in range(9)]
    shot(person, "api-client-finished")
