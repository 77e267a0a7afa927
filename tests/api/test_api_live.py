"""The example client against a real daphne on the loopback: a whole game of every bundled
game against a built-in bot, and two API clients playing each other."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile

import pytest

from tests.servers import ROOT, portal_env, prepare_database, running_portal

CLIENT = ROOT / "examples" / "random_client.py"
GAMES = ["tictactoe", "lodge_hikers", "lodge_hotel", "kavango", "komodo"]
GAME_TIMEOUT = 240  # seconds for a whole game: a failure bound, not a wait

MAKE_PLAYERS = """
import sys
from django.contrib.auth import get_user_model
from core.models import Profile
from core.api.auth import issue
for name in sys.argv[1:]:
    user = get_user_model().objects.create_user(name, password="a-long-test-password-1")
    Profile.objects.create(user=user, bot_account=True)
    print(name, issue(user, "live tests", ["read", "play"])[1])
"""


@pytest.fixture(scope="module")
def portal():
    folder = tempfile.mkdtemp(prefix="meeplehall-api-")
    env = portal_env(f"sqlite:///{folder}/api.sqlite3", MEEPLEHALL_VAR=folder)
    prepare_database(env)
    made = subprocess.run([sys.executable, "-c", "import django, runpy, sys; django.setup(); "
                           "exec(sys.stdin.read())", "robo", "rita"],
                          input=MAKE_PLAYERS, cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    tokens = dict(line.split() for line in made.stdout.splitlines())
    with running_portal(env) as server:
        server.tokens = tokens
        yield server
    shutil.rmtree(folder, ignore_errors=True)


def client(portal, player: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, str(CLIENT), "--url", portal.url, "--token", portal.tokens[player],
                             "--seed", "7", *args], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def finish(process: subprocess.Popen) -> dict:
    out, err = process.communicate(timeout=GAME_TIMEOUT)
    assert process.returncode == 0, err
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.parametrize("slug", GAMES)
def test_the_example_client_plays_a_whole_game_against_a_bot(portal, slug):
    last = finish(client(portal, "robo", "--game", slug))
    assert last["status"] == "finished" and last["game"] == slug
    assert [p["bot"] for p in last["players"]] == [False, True]
    assert last["players"][0]["name"] == "robo (bot account)" and last["players"][0]["botAccount"]
    assert sorted(last["result"]["ranks"]) in ([1, 2], [1, 1])
    assert last["moves"] == [] and not last["yourTurn"]


@pytest.mark.parametrize("slug", ["tictactoe", "lodge_hikers"])
def test_two_api_clients_play_each_other(portal, slug):
    host = client(portal, "robo", "--game", slug, "--open")
    table = json.loads(host.stdout.readline())["table"]
    guest = client(portal, "rita", "--table", str(table))
    hosts_end, guests_end = finish(host), finish(guest)
    assert hosts_end["status"] == guests_end["status"] == "finished"
    assert hosts_end["id"] == guests_end["id"] == table
    assert (hosts_end["seat"], guests_end["seat"]) == (0, 1)
    assert hosts_end["result"] == guests_end["result"] and hosts_end["log"] == guests_end["log"]
    assert not any(p["bot"] for p in hosts_end["players"])


def test_a_client_following_its_events_plays_the_game_it_is_seated_at(portal):
    """``--events``: the client plays every game of its account as it starts."""
    import urllib.request

    follower = client(portal, "rita", "--events")
    try:
        host = client(portal, "robo", "--game", "tictactoe", "--open")
        table = json.loads(host.stdout.readline())["table"]
        join = urllib.request.Request(f"{portal.url}/api/tables/{table}/join", data=b"{}", method="POST", headers={
            "Authorization": f"Bearer {portal.tokens['rita']}", "Content-Type": "application/json"})
        with urllib.request.urlopen(join, timeout=30) as answer:
            assert json.loads(answer.read())["status"] == "active"
        hosts_end = finish(host)
        followers_end = json.loads(follower.stdout.readline())
        assert followers_end["id"] == table and followers_end["status"] == "finished"
        assert followers_end["result"] == hosts_end["result"]
    finally:
        follower.kill()
        follower.communicate()
