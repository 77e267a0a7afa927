"""A plugin author's path, outside this checkout: the wheel only, a fresh virtual environment.

The meeplehall wheel is built once per session from the files git knows. One test checks what
it carries; the other follows the tutorial of docs/plugins.md step by step in a temporary
author folder: install the wheel, ``meeplehall startgame``, ``pip install -e './game[test]'``,
``pytest game`` (the kit, the board drawn included), ``meeplehall dev``, then in "the browser"
(HTTP with cookies): sign up, open a table against the game's bot, play a move and see the bot
answer. Dependencies come from a local wheel cache (var/wheel-cache, downloaded from PyPI once
per set of requirements), so later runs need no network.
"""

from __future__ import annotations

import hashlib
import http.cookiejar
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tomllib
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.servers import free_port

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("MEEPLEHALL_WHEEL_CACHE", ROOT / "var" / "wheel-cache"))
BUILD_TOOLS = ["setuptools>=69", "wheel"]
SLUG = "race_to_ten"
#: What the tutorial's shell would not carry: settings of this checkout's own runs.
PORTAL_VARIABLES = ("DJANGO", "DEBUG", "SECURE_COOKIES", "MEEPLEHALL", "DATABASE_URL", "REDIS_URL",
                    "SECRET_KEY", "PYTHON", "VIRTUAL_ENV", "CLOCK_INTERVAL", "BOT_")
#: The contract tests pytest -v must list as passed for the scaffold, the board drawn included.
CONTRACT_TESTS = (
    "test_describes_itself_for_the_lobby", "test_is_installed_under_its_slug",
    "test_random_games_end_with_a_result_and_replay_exactly",
    "test_state_and_views_survive_json_and_show_no_secret",
    "test_a_view_does_not_change_when_only_hidden_things_change",
    "test_listed_legal_moves_are_accepted", "test_junk_payloads_are_refused_and_change_nothing",
    "test_the_board_draws_every_seat_and_shows_no_secret",
)


def run(*args, cwd=None, env=None, timeout=240):
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=timeout)
    assert done.returncode == 0, f"{' '.join(map(str, args))}\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done.stdout


def pip(python, *args, **kwargs):
    """This checkout's pip acting on ``python``'s environment (the new venv needs none of its
    own); no bytecode compiling, which is most of an install's time."""
    return run(sys.executable, "-m", "pip", "--python", python, "--disable-pip-version-check",
               "-q", *args, **kwargs)


def checkout_copy(into: Path) -> Path:
    """The files git tracks (or would track), as they are now: what a release is built from."""
    listed = run("git", "ls-files", "-co", "--exclude-standard", cwd=ROOT).splitlines()
    for name in listed:
        source = ROOT / name
        if source.is_file():
            (into / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, into / name)
    return into


PACKAGED = ("core", "config", "templates", "static")
"""The folders of this checkout an installed portal reads: its code, core's templates, static
files and game app template, and the site-wide templates/ and static/ (settings look for them
beside config/)."""


def files_a_portal_reads() -> set[str]:
    """Every file git tracks (or would track) under PACKAGED, whatever its extension: a
    template is ``.txt`` as well as ``.html`` (the reset mail's subject), a game template ends
    in ``-tpl``."""
    listed = run("git", "ls-files", "-co", "--exclude-standard", "--", *PACKAGED, cwd=ROOT).splitlines()
    return {name for name in listed if (ROOT / name).is_file()}


def scaffold_test_extra() -> list[str]:
    """The ``[test]`` extra a scaffolded plugin declares (the author installs it)."""
    template = (ROOT / "core" / "app_template" / "pyproject.toml-tpl").read_text()
    return json.loads(re.search(r"^test = (\[.*\])$", template, re.M).group(1))


def requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [*project["dependencies"], *BUILD_TOOLS, *scaffold_test_extra()]


def fill_cache(wanted: list[str] | None = None) -> None:
    """Download the wheels of ``wanted`` (default: the dependencies, build tools and the
    scaffold's test extra) once per set of requirements."""
    wanted = wanted or requirements()
    stamp = CACHE / f"ready-{hashlib.sha256(' '.join(wanted).encode()).hexdigest()[:12]}"
    if stamp.exists():
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    # ``pip wheel``, not ``download --only-binary``: a dependency published only as source
    # (http-ece, under pywebpush) is built into a wheel here once, so installs stay offline.
    pip(sys.executable, "wheel", "--wheel-dir", CACHE, "--prefer-binary", *wanted, timeout=600)
    stamp.touch()


OFFLINE = ["--no-index", "--find-links", CACHE]


@pytest.fixture(scope="session")
def release(tmp_path_factory) -> Path:
    """The meeplehall wheel, built once per session from a copy of the files git knows, by a
    virtual environment holding nothing but setuptools (as a release would be built)."""
    fill_cache()
    where = tmp_path_factory.mktemp("release")
    builder = where / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", builder)
    python = builder / "bin" / "python"
    pip(python, "install", "--no-compile", *OFFLINE, *BUILD_TOOLS)
    source = checkout_copy(where / "src")
    pip(python, "wheel", "--no-deps", "--no-build-isolation", *OFFLINE, "-w", where / "dist", source)
    (wheel,) = (where / "dist").glob("meeplehall-*.whl")
    return wheel


def test_the_wheel_carries_every_file_the_portal_reads_the_guide_and_the_example(release):
    """Issue 49 item 6: only ``*.html`` of templates/ was packaged, so an installed portal's
    reset mail had Django's own subject (templates/registration/password_reset_subject.txt was
    left out). The wheel holds every file of core/, config/, templates/ and static/ at the same
    path; and (issue 48) the guide and the example game, which an author with the wheel alone
    reads, without what an install left beside the example."""
    with zipfile.ZipFile(release) as packed:
        inside = set(packed.namelist())
    assert "templates/registration/password_reset_subject.txt" in files_a_portal_reads()
    assert sorted(files_a_portal_reads() - inside) == []
    assert "core/docs/plugins.md" in inside
    example = {name for name in inside if name.startswith("core/examples/tictactoe/")}
    assert {"core/examples/tictactoe/pyproject.toml", "core/examples/tictactoe/tictactoe/bots.py",
            "core/examples/tictactoe/tests/test_tictactoe_board.py"} <= example
    assert not [name for name in example if ".egg-info" in name or "__pycache__" in name]


class Browser:
    """The tutorial's browser: HTTP with cookies, forms posted with their CSRF token."""

    def __init__(self, url: str):
        self.url = url
        self.cookies = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies))

    def get(self, path: str) -> tuple[int, str, str]:
        with self.opener.open(self.url + path, timeout=20) as answer:
            return answer.status, answer.geturl(), answer.read().decode()

    def post(self, path: str, fields: dict) -> tuple[int, str, str]:
        """POST as a page of the site would, with the CSRF cookie's token (a page with a form
        must have been read first, as in a browser)."""
        token = next(c.value for c in self.cookies if c.name == "csrftoken")
        data = urllib.parse.urlencode({**fields, "csrfmiddlewaretoken": token}).encode()
        with self.opener.open(urllib.request.Request(self.url + path, data=data), timeout=20) as answer:
            return answer.status, answer.geturl(), answer.read().decode()


def wait_for_server(url: str, server: subprocess.Popen, log: Path) -> None:
    deadline = time.time() + 60
    while time.time() < deadline:
        if server.poll() is not None:
            pytest.fail(f"meeplehall dev exited:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"meeplehall dev did not answer within 60 seconds:\n{log.read_text()[-3000:]}")


def test_the_tutorial_from_the_wheel_to_a_played_move(release, tmp_path):
    """docs/plugins.md's tutorial, in its own words where a shell would type them (the pip
    install reads the local wheel cache, and dev gets a free port), from a folder outside this
    checkout with nothing of it in the environment."""
    author = tmp_path / "author"
    author.mkdir()
    venv = author / "venv"
    env = {k: v for k, v in os.environ.items() if not k.startswith(PORTAL_VARIABLES)}
    env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env['PATH']}", PYTHONDONTWRITEBYTECODE="1")
    install = ["install", "--no-compile", *OFFLINE]

    # 1. Install Meeple Hall (setuptools too: offline, pip cannot fetch it to build step 3).
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    pip(python, *install, *BUILD_TOOLS, release, env=env)
    where = run(python, "-c", "import core; print(core.__file__)", cwd=author, env=env)
    assert str(ROOT) not in where and str(venv) in where

    # 2. Scaffold a game; 3. install it with its test extra and run its tests.
    scaffolded = run("meeplehall", "startgame", SLUG, cwd=author, env=env)
    guide = Path(re.search(r"The guide: (\S+)", scaffolded).group(1))
    assert guide.is_file() and str(venv) in str(guide) and "## Writing a bot" in guide.read_text()
    pip(python, *install, "--no-build-isolation", "-e", f"./{SLUG}[test]", cwd=author, env=env)
    tests = run("pytest", "-v", "-p", "no:cacheprovider", SLUG, cwd=author, env=env)
    for name in CONTRACT_TESTS:
        assert re.search(rf"TestContract::{name}\[{SLUG}[^\]]*\] PASSED", tests), name
    assert "test_the_board_names_the_players_where_the_rules_say_player_n PASSED" in tests
    assert re.search(r"\b\d+ passed", tests) and " failed" not in tests
    assert "skipped" not in tests.lower()

    # 4. Serve it and play: sign up, open a table against the game's bot, make a move.
    port = free_port()
    log = tmp_path / "dev.log"
    with log.open("wb") as out:
        server = subprocess.Popen(["meeplehall", "dev", f"127.0.0.1:{port}"], cwd=author,
                                  env={**env, "PYTHONUNBUFFERED": "1"}, stdout=out,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    try:
        browser = Browser(f"http://127.0.0.1:{port}")
        wait_for_server(browser.url + "/", server, log)
        status, _url, home = browser.get("/")
        assert status == 200 and "Race to ten" in home
        browser.get("/accounts/signup/")
        browser.post("/accounts/signup/", {"username": "ann", "password1": "a-long-pass-48",
                                           "password2": "a-long-pass-48"})
        status, _url, form = browser.get(f"/games/{SLUG}/new/")
        assert status == 200 and '<option value="counter">Counter bot</option>' in form
        status, url, page = browser.post(f"/games/{SLUG}/new/", {
            "players": "2", "rated": "on", "time_control": "none", "opt_target": "10",
            "seat1_who": "counter"})
        pk = int(re.search(r"/match/(\d+)/$", url).group(1))
        assert status == 200 and f'class="{SLUG}-board"' in page and "Counter bot" in page
        status, _url, said = browser.post(f"/match/{pk}/move/", {
            "move": json.dumps({"type": "add", "amount": 1}), "version": "0"})
        assert status == 200 and "error" not in said
        deadline = time.time() + 30
        while "move 2" not in page and time.time() < deadline:
            time.sleep(0.3)
            page = browser.get(f"/match/{pk}/")[2]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
    served = log.read_text()
    assert "System check identified no issues" in served, served[-3000:]
    # The bot answered, the log and the board's own words name the players.
    assert "move 2" in page, served[-3000:]
    assert "<li>ann adds 1: the count is 1.</li>" in page
    assert f'<p class="{SLUG}-last">Counter bot adds 1: the count is 2.</p>' in page
    # The data went to ./var of the author folder, none into site-packages.
    assert (author / "var" / "db.sqlite3").is_file() and (author / "var" / "secret_key").is_file()
    assert not list(venv.glob("lib/python*/site-packages/var"))

    # 6. Read the finished example.
    run("meeplehall", "startgame", "--example", "tictactoe", cwd=author, env=env)
    assert "needs = \"view\"" in (author / "tictactoe" / "tictactoe" / "bots.py").read_text()
