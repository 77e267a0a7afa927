"""A plugin author's path, outside this checkout: wheels only, a fresh virtual environment.

Builds the meeplehall wheel from the files git knows, scaffolds a game with ``startgame`` in a
temporary folder and builds its wheel there, installs both into a new venv (no checkout on its
path), runs the scaffold's own tests with the kit, migrates, serves it with daphne and fetches a
match page of the new game. Dependencies come from a local wheel cache (var/wheel-cache,
downloaded from PyPI once per set of requirements), so later runs need no network.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest

from tests.servers import free_port

ROOT = Path(__file__).resolve().parent.parent
CACHE = Path(os.environ.get("MEEPLEHALL_WHEEL_CACHE", ROOT / "var" / "wheel-cache"))
BUILD_TOOLS = ["setuptools>=69", "wheel", "pytest>=8"]
SLUG = "race_to_ten"
SET_UP_A_MATCH = f"""
from io import StringIO
from django.core.management import call_command
checked = StringIO()
call_command("check", stdout=checked)
print(checked.getvalue())
call_command("migrate", interactive=False, verbosity=0)
call_command("createcachetable")
from django.contrib.auth import get_user_model
from core.models import Profile
from core.services.tables import create_table, join_table
users = [get_user_model().objects.create_user(n, password="pw-for-wheel-1") for n in ("ann", "ben")]
for user in users:
    Profile.objects.create(user=user)
match = join_table(create_table(users[0], "{SLUG}", 2).pk, users[1])
print("match", match.pk, match.status)
"""


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


def missing_from(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as packed:
        inside = set(packed.namelist())
    return sorted(files_a_portal_reads() - inside)


def test_the_wheel_carries_every_file_the_portal_reads(tmp_path):
    """Issue 49 item 6: only ``*.html`` of templates/ was packaged, so an installed portal's
    reset mail had Django's own subject (templates/registration/password_reset_subject.txt was
    left out). The wheel, built from the files git knows with this environment's setuptools,
    holds every file of core/, config/, templates/ and static/ at the same path."""
    fill_cache(BUILD_TOOLS[:2])
    offline = ["--no-index", "--find-links", CACHE]
    venv = tmp_path / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    pip(python, "install", "--no-compile", *offline, *BUILD_TOOLS[:2])
    source = checkout_copy(tmp_path / "src")
    pip(python, "wheel", "--no-deps", "--no-build-isolation", *offline, "-w", tmp_path / "wheels", source)
    (wheel,) = (tmp_path / "wheels").glob("meeplehall-*.whl")
    assert "templates/registration/password_reset_subject.txt" in files_a_portal_reads()
    assert missing_from(wheel) == []


def requirements() -> list[str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [*project["dependencies"], *BUILD_TOOLS]


def fill_cache(wanted: list[str] | None = None) -> None:
    """Download the wheels of ``wanted`` (default: the dependencies and build tools) once per
    set of requirements."""
    wanted = wanted or requirements()
    stamp = CACHE / f"ready-{hashlib.sha256(' '.join(wanted).encode()).hexdigest()[:12]}"
    if stamp.exists():
        return
    CACHE.mkdir(parents=True, exist_ok=True)
    pip(sys.executable, "download", "--dest", CACHE, "--only-binary=:all:", *wanted, timeout=600)
    stamp.touch()


def test_a_scaffolded_plugin_installs_tests_and_serves_from_wheels(tmp_path):
    fill_cache()
    offline = ["--no-index", "--find-links", CACHE]
    author = tmp_path / "author"
    author.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO", "PYTHON", "VIRTUAL"))}
    env.update(MEEPLEHALL_VAR=str(author / "var"), DEBUG="1", CLOCK_INTERVAL="0",
               PYTHONDONTWRITEBYTECODE="1")
    venv = author / "venv"
    run(sys.executable, "-m", "venv", "--without-pip", venv)
    python = venv / "bin" / "python"
    install = ["install", "--no-compile", *offline]
    pip(python, *install, *BUILD_TOOLS, env=env)

    # Wheels are built by the new environment's own setuptools, as a release would be.
    source = checkout_copy(tmp_path / "meeplehall-src")
    wheels = tmp_path / "wheels"
    build = ["wheel", "--no-deps", "--no-build-isolation", *offline, "-w", wheels]
    pip(python, *build, source, env=env)
    (wheel,) = wheels.glob("meeplehall-*.whl")
    assert missing_from(wheel) == []
    pip(python, *install, wheel, env=env)

    run(venv / "bin" / "meeplehall", "startgame", SLUG, cwd=author, env=env)
    game = author / SLUG
    pip(python, *build, game, env=env)
    (plugin,) = wheels.glob("meeplehall_race_to_ten-*.whl")
    pip(python, *install, plugin, env=env)

    where = run(python, "-c", "import core, race_to_ten; print(core.__file__, race_to_ten.__file__)",
                cwd=author, env=env)
    assert str(ROOT) not in where and str(venv) in where
    tests = run(python, "-m", "pytest", "-v", "-p", "no:cacheprovider", game / "tests",
                cwd=game, env=env)
    assert "TestContract::test_random_playout" in tests and "TestContract::test_junk" in tests
    assert re.search(r"\b\d+ passed", tests) and " failed" not in tests

    # One Django start-up: system checks, migrate, the cache table, two players at a table.
    made = run(venv / "bin" / "meeplehall", "shell", "-c", SET_UP_A_MATCH, cwd=author, env=env)
    assert "System check identified no issues" in made
    pk = int(re.search(r"match (\d+)", made).group(1))

    port = free_port()
    server = subprocess.Popen(
        [venv / "bin" / "daphne", "-b", "127.0.0.1", "-p", str(port), "config.asgi:application"],
        cwd=author, env={**env, "DJANGO_SETTINGS_MODULE": "config.settings"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        page = fetch(f"http://127.0.0.1:{port}/match/{pk}/", server)
    finally:
        server.terminate()
        server.wait(timeout=10)
        shutil.rmtree(venv, ignore_errors=True)
    assert f'class="{SLUG}-board"' in page and "0 <span>of 10</span>" in page
    assert "/static/meeple/parts.css" in page and "/static/css/meeplehall.css" in page


def fetch(url: str, server: subprocess.Popen) -> str:
    deadline = time.time() + 30
    while time.time() < deadline:
        if server.poll() is not None:
            pytest.fail(f"daphne exited: {server.stdout.read().decode()[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=5) as answer:
                assert answer.status == 200
                return answer.read().decode()
        except OSError:
            time.sleep(0.3)
    pytest.fail("daphne did not answer within 30 seconds")
