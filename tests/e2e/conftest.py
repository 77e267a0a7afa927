"""Browser tests: a real daphne server on a throwaway SQLite database, driven by Chromium."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import pytest

from tests.servers import portal_env, prepare_database, running_portal

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parent.parent.parent / "var" / "screenshots"


@pytest.fixture(scope="session")
def portal():
    folder = tempfile.mkdtemp(prefix="meeplehall-e2e-")
    env = portal_env(f"sqlite:///{folder}/e2e.sqlite3", MEEPLEHALL_VAR=folder)
    prepare_database(env)
    with running_portal(env) as server:
        yield server
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def shot():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)

    def take(page, name):
        page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)

    return take
