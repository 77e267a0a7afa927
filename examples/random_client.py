#!/usr/bin/env python3
"""Play Meeple Hall through its program API, choosing every move at random.

Standard library only: copy this file anywhere with Python 3.9 or newer. Make a token with the
"read" and "play" scopes on the portal (Account -> Program API tokens), then:

    export MEEPLEHALL_URL=http://127.0.0.1:8000 MEEPLEHALL_TOKEN=mh_...
    python random_client.py --game tictactoe             # a new table against the game's bots
    python random_client.py --game komodo --players 3 --open   # wait for people to join
    python random_client.py --table 42                   # take a seat at table 42 and play
    python random_client.py --play 42                    # play a game you already sit at
    python random_client.py --events                     # play every game of yours that starts

It reads the game's stream (one JSON object per line), and whenever the line says it is its
turn it sends one of the legal moves the line lists, with the line's ``version`` and ``seen``,
exactly as the page would. It prints each finished game's last line (with the result) as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import threading
import urllib.error
import urllib.request

STREAM_TIMEOUT = 60  # seconds without a byte (the server sends a blank line every few seconds)


class ApiError(Exception):
    def __init__(self, status: int, reason: str):
        super().__init__(f"{status}: {reason}")
        self.status, self.reason = status, reason


class Api:
    def __init__(self, url: str, token: str):
        self.url, self.token = url.rstrip("/"), token

    def _request(self, method: str, path: str, body: dict | None = None, timeout: float = 30):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method, headers={
            "Authorization": f"Bearer {self.token}", "Content-Type": "application/json",
            "Accept": "application/json, application/x-ndjson"})
        try:
            return urllib.request.urlopen(request, timeout=timeout)
        except urllib.error.HTTPError as exc:
            try:
                reason = json.loads(exc.read().decode()).get("error", exc.reason)
            except ValueError:
                reason = exc.reason
            raise ApiError(exc.code, reason) from None

    def get(self, path: str) -> dict:
        with self._request("GET", path) as response:
            return json.loads(response.read().decode())

    def post(self, path: str, body: dict | None = None) -> dict:
        with self._request("POST", path, body or {}) as response:
            return json.loads(response.read().decode())

    def stream(self, path: str):
        """Each JSON line of a stream as it arrives; blank keep-alive lines are skipped."""
        with self._request("GET", path, timeout=STREAM_TIMEOUT) as response:
            for raw in response:
                if raw.strip():
                    yield json.loads(raw.decode())


def play(api: Api, game_id: int, rng: random.Random, log=None) -> dict:
    """Play one game to its end; return its last line."""
    moved_at = None
    last = {}
    for line in api.stream(f"/api/games/{game_id}/stream"):
        if log is not None:
            log(line)
        if line["type"] == "gameGone":
            return line
        if line["type"] not in ("gameFull", "gameState"):
            continue
        last = line
        if line["status"] in ("finished", "aborted"):
            return line
        if line["yourTurn"] and line["moves"] and line["version"] != moved_at:
            moved_at = line["version"]
            move = rng.choice(line["moves"])
            try:
                api.post(f"/api/games/{game_id}/move",
                         {"move": move, "version": line["version"], "seen": line["seen"]})
            except ApiError as exc:
                if exc.status != 409:  # 409: the board changed meanwhile; the next line shows it
                    raise
                moved_at = None
    return last


def open_table(api: Api, slug: str, players: int | None, wait_for_people: bool, bot: str | None) -> int:
    games = {g["slug"]: g for g in api.get("/api/games")["games"]}
    if slug not in games:
        raise SystemExit(f"{slug!r} is not installed here; installed: {', '.join(sorted(games))}")
    game = games[slug]
    if players is None:
        players = max(2, game["minPlayers"]) if game["maxPlayers"] >= 2 else 1
    bot = bot or ("random" if "random" in game["bots"] else game["bots"][0])
    bots = {} if wait_for_people else {str(seat): bot for seat in range(2, players + 1)}
    table = api.post("/api/tables", {"game": slug, "players": players, "bots": bots})
    print(json.dumps({"table": table["id"], "url": table["url"]}), flush=True)
    return table["id"]


def follow_events(api: Api, rng: random.Random) -> None:
    """Play every game of this account as it starts, each on a thread of its own."""
    playing: set[int] = set()
    for event in api.stream("/api/stream/events"):
        if event["type"] == "gameStart" and event["game"]["id"] not in playing:
            game_id = event["game"]["id"]
            playing.add(game_id)
            threading.Thread(target=_play_and_print, args=(api, game_id, random.Random(rng.random())),
                             daemon=True).start()


def _play_and_print(api: Api, game_id: int, rng: random.Random) -> None:
    print(json.dumps(play(api, game_id, rng)), flush=True)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default=os.environ.get("MEEPLEHALL_URL", "http://127.0.0.1:8000"))
    parser.add_argument("--token", default=os.environ.get("MEEPLEHALL_TOKEN"),
                        help="a personal access token (default: $MEEPLEHALL_TOKEN)")
    what = parser.add_mutually_exclusive_group(required=True)
    what.add_argument("--game", help="open a table of this game (a slug, see GET /api/games)")
    what.add_argument("--table", type=int, help="take a free seat at this table and play")
    what.add_argument("--play", type=int, help="play this game, where you already sit")
    what.add_argument("--events", action="store_true", help="play every game of yours that starts")
    parser.add_argument("--players", type=int, help="seats at the new table")
    parser.add_argument("--bot", help="the bot for the other seats (default: random)")
    parser.add_argument("--open", action="store_true", help="leave the other seats to people")
    parser.add_argument("--seed", type=int, help="for the random choices")
    parser.add_argument("--verbose", action="store_true", help="print every line of the game stream")
    args = parser.parse_args(argv)
    if not args.token:
        parser.error("give a token with --token or $MEEPLEHALL_TOKEN")
    api, rng = Api(args.url, args.token), random.Random(args.seed)
    log = (lambda line: print(json.dumps(line), file=sys.stderr, flush=True)) if args.verbose else None
    try:
        if args.events:
            follow_events(api, rng)
            return 0
        if args.game:
            game_id = open_table(api, args.game, args.players, args.open, args.bot)
        elif args.table:
            game_id = api.post(f"/api/tables/{args.table}/join")["id"]
        else:
            game_id = args.play
        last = play(api, game_id, rng, log)
    except ApiError as exc:
        print(f"refused: {exc}", file=sys.stderr)
        return 1
    print(json.dumps(last), flush=True)
    return 0 if last.get("status") == "finished" else 1


if __name__ == "__main__":
    sys.exit(main())
