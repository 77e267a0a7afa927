"""Security on the embedded default: who may do what, CSRF, socket origins, invite tokens, secrets.

- The authorization matrix names every URL route and every websocket route with the answer each
  kind of visitor gets, and whether the request changed anything. A route added without a row
  here fails ``test_every_route_is_in_the_matrix``.
- Every state-changing request needs the CSRF token; every socket needs an allowed Origin.
- Invite tokens are long, random and unique.
- Full bot games of every installed game, with one seated person driving seat 1 through the real
  move endpoint: every page, JSON answer and websocket frame that person receives is scanned for
  the identifiers the game marks secret for that seat at that version. Zero hits.
- Hypothesis throws arbitrary bodies at the move endpoint: a 4xx with a readable reason, never a
  500, and the match unchanged.
"""

from __future__ import annotations

import json
import re
import string
from dataclasses import dataclass, field
from html import unescape

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib import admin
from django.core.cache import cache
from django.db import transaction
from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import HealthCheck, example, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from config.asgi import application
from core.engine import RandomBot, decide, find_leaks, rng_for
from core.models import Match, new_invite_token
from core.plugins import registry
from core.routing import websocket_urlpatterns
from core.services import submit_move
from core.services.replays import states_by_ply
from core.services.tables import create_table, join_table

ORIGIN = (b"origin", b"http://127.0.0.1:8000")
ROLES = ("anon", "anon_private", "nonmember", "no_token", "player", "opponent", "staff")
# Who each role is, and which of the two tables (public, private) it visits.
ROLE_USER = {"anon": None, "anon_private": None, "nonmember": "carol", "no_token": "carol",
             "player": "alice", "opponent": "bob", "staff": "dora"}
ROLE_TABLE = {"anon": "public", "anon_private": "private", "nonmember": "public",
              "no_token": "private", "player": "private", "opponent": "private", "staff": "private"}
WINNING_GAME = [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]


@dataclass
class Route:
    """One route: how to call it, on a table in which state, and the answer for each role.

    ``expect`` lists one cell per role in ROLES order: the status, with ``*`` when the request
    must change the table (seats, moves, chat, status, or create a table) and without it when it
    must change nothing.
    """

    path: str
    expect: str
    method: str = "GET"
    state: str = "active"
    data: dict = field(default_factory=dict)

    def cells(self) -> dict[str, tuple[int, bool]]:
        values = self.expect.split()
        assert len(values) == len(ROLES), self.path
        return {role: (int(v.rstrip("*")), v.endswith("*")) for role, v in zip(ROLES, values, strict=True)}


#            anon  anon_private  nonmember  no_token  player  opponent  staff
MATRIX = {
    "": Route("/", "200 200 200 200 200 200 200"),
    "lobby/tables/": Route("/lobby/tables/", "200 200 200 200 200 200 200"),
    "healthz": Route("/healthz", "200 200 200 200 200 200 200"),
    "games/<slug:slug>/": Route("/games/tictactoe/", "200 200 200 200 200 200 200"),
    "games/<slug:slug>/leaderboard/": Route("/games/tictactoe/leaderboard/", "200 200 200 200 200 200 200"),
    "games/<slug:slug>/new/": Route("/games/tictactoe/new/", "302 302 200 200 200 200 200"),
    "invite/<str:token>/": Route("/invite/{token}/", "302 302 302 302 302 302 302"),
    "match/<int:pk>/": Route("/match/{pk}/", "200 404 200 404 200 200 200"),
    "match/<int:pk>/live/": Route("/match/{pk}/live/", "200 404 200 404 200 200 200"),
    "match/<int:pk>/move/": Route("/match/{pk}/move/", "403 404 403 404 200* 409 403", "POST",
                                  data={"move": '{"type": "mark", "cell": 4}', "version": "0"}),
    "match/<int:pk>/chat/": Route("/match/{pk}/chat/", "403 404 200* 404 200* 200* 200*", "POST",
                                  data={"text": "good luck"}),
    "match/<int:pk>/chat/list/": Route("/match/{pk}/chat/list/", "200 404 200 404 200 200 200"),
    "match/<int:pk>/replay/": Route("/match/{pk}/replay/", "200 404 200 404 200 200 200", state="finished"),
    "match/<int:pk>/join/": Route("/match/{pk}/join/", "302 302 302* 404 302 302* 302*", "POST", "open"),
    "match/<int:pk>/leave/": Route("/match/{pk}/leave/", "302 302 302 404 302* 302 302", "POST", "open"),
    "match/<int:pk>/remove-seat/": Route("/match/{pk}/remove-seat/", "302 302 302 404 302 302 302", "POST",
                                         "open", {"position": "1"}),
    "match/<int:pk>/add-bot/": Route("/match/{pk}/add-bot/", "302 302 302 404 302* 302 302", "POST", "open",
                                     {"position": "1", "bot": "random"}),
    "match/<int:pk>/start/": Route("/match/{pk}/start/", "302 302 302 404 302 302 302", "POST", "open"),
    "match/<int:pk>/resign/": Route("/match/{pk}/resign/", "302 302 302 404 302* 302* 302", "POST"),
    "match/<int:pk>/reclaim/": Route("/match/{pk}/reclaim/", "302 302 302 404 302 302 302", "POST"),
    "match/<int:pk>/rematch/": Route("/match/{pk}/rematch/", "302 302 302 404 302* 302* 302", "POST",
                                     "finished"),
    "staff/demo-match/": Route("/staff/demo-match/", "302 302 302 302 302 302 200"),
    "accounts/signup/": Route("/accounts/signup/", "200 200 200 200 200 200 200"),
    "accounts/login/": Route("/accounts/login/", "200 200 200 200 200 200 200"),
    "accounts/logout/": Route("/accounts/logout/", "302 302 302 302 302 302 302", "POST"),
    "accounts/password_change/": Route("/accounts/password_change/", "302 302 200 200 200 200 200"),
    "accounts/password_change/done/": Route("/accounts/password_change/done/", "302 302 200 200 200 200 200"),
    "accounts/password_reset/": Route("/accounts/password_reset/", "200 200 200 200 200 200 200"),
    "accounts/password_reset/done/": Route("/accounts/password_reset/done/", "200 200 200 200 200 200 200"),
    "accounts/reset/<uidb64>/<token>/": Route("/accounts/reset/MQ/bad-token/", "200 200 200 200 200 200 200"),
    "accounts/reset/done/": Route("/accounts/reset/done/", "200 200 200 200 200 200 200"),
    "accounts/profile/": Route("/accounts/profile/", "302 302 200 200 200 200 200"),
    "u/<str:username>/": Route("/u/alice/", "200 200 200 200 200 200 200"),
}
# Websocket routes: does each role's socket get accepted?
WS_MATRIX = {
    "ws/match/<int:pk>/": ("/ws/match/{pk}/", "yes no yes no yes yes yes"),
    "ws/portal/": ("/ws/portal/", "yes yes yes yes yes yes yes"),
}


def url_routes(patterns=None, prefix=""):
    """Every URL pattern of the project as its full route string, admin included."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            yield from url_routes(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern)


def test_every_route_is_in_the_matrix():
    routes = set(url_routes())
    portal_routes = {r for r in routes if not r.startswith("admin/")}
    assert portal_routes == set(MATRIX), (
        f"routes without a matrix row: {sorted(portal_routes - set(MATRIX))}; "
        f"rows without a route: {sorted(set(MATRIX) - portal_routes)}"
    )
    assert {str(p.pattern) for p in websocket_urlpatterns} == set(WS_MATRIX)


# ---- the world each cell runs in ----------------------------------------------------------------


@pytest.fixture
def world(make_user):
    """alice hosts a public and a private table; bob is her opponent; carol a stranger; dora staff."""
    cache.clear()  # rate limits (chat, log-in) counted by earlier tests for the same user ids
    users = {name: make_user(name) for name in ("alice", "bob", "carol")}
    users["dora"] = make_user("dora", staff=True)
    users["dora"].is_superuser = True
    users["dora"].save()

    def build(state: str, kinds=("public", "private")) -> dict:
        tables = {}
        for kind in kinds:
            match = create_table(users["alice"], "tictactoe", 2, private=kind == "private")
            if state != "open":
                match = join_table(match.pk, users["bob"])
            if state == "finished":
                for version, (seat, cell) in enumerate(WINNING_GAME):
                    submit_move(match.pk, users[("alice", "bob")[seat]], {"type": "mark", "cell": cell}, version)
            tables[kind] = Match.objects.get(pk=match.pk)
        return tables

    return users, build


def client_for(users, role, tables):
    client = Client()
    if ROLE_USER[role]:
        client.force_login(users[ROLE_USER[role]])
    match = tables[ROLE_TABLE[role]]
    if role == "opponent" and match.status == Match.Status.OPEN:
        client.get(f"/invite/{match.invite_token}/")  # invited, not seated yet
    return client


def fingerprint(match: Match):
    match = Match.objects.get(pk=match.pk)
    seats = tuple(match.seats.order_by("position").values_list(
        "position", "user_id", "bot", "resigned", "bot_takeover"))
    return (match.status, match.version, seats, match.chat.count(), Match.objects.count())


@pytest.mark.django_db
@pytest.mark.parametrize("route", sorted(MATRIX))
def test_authorization_matrix(world, route):
    """Each role on a fresh table (rolled back afterwards); every wrong cell is reported."""
    spec = MATRIX[route]
    users, build = world
    wrong = []
    for role, (status, changes) in spec.cells().items():
        with transaction.atomic():
            tables = build(spec.state, [ROLE_TABLE[role]])
            match = tables[ROLE_TABLE[role]]
            client = client_for(users, role, tables)
            path = spec.path.format(pk=match.pk, token=match.invite_token)
            before = fingerprint(match)
            if spec.method == "POST":
                htmx = {"HTTP_HX_REQUEST": "true"} if path.endswith("/move/") else {}
                answer = client.post(path, spec.data, **htmx)
            else:
                answer = client.get(path)
            changed = fingerprint(match) != before
            if (answer.status_code, changed) != (status, changes):
                wrong.append(f"{spec.method} {path} as {role}: {answer.status_code}"
                             f"{'*' if changed else ''}, expected {status}{'*' if changes else ''}")
            transaction.set_rollback(True)
    assert not wrong, "\n".join(wrong)


@pytest.mark.django_db
def test_admin_pages_are_for_staff_only(world, client):
    users, build = world
    tables = build("active")
    object_ids = {"core/match": tables["private"].pk, "auth/user": users["alice"].pk}
    paths = []
    for model in admin.site._registry:
        base = f"/admin/{model._meta.app_label}/{model._meta.model_name}/"
        paths.append(base)
        key = f"{model._meta.app_label}/{model._meta.model_name}"
        if key in object_ids:
            paths.append(f"{base}{object_ids[key]}/change/")
    paths.append("/admin/")
    stranger = Client()
    stranger.force_login(users["carol"])
    staff = Client()
    staff.force_login(users["dora"])
    for path in paths:
        for visitor in (client, stranger):
            answer = visitor.get(path)
            assert answer.status_code == 302 and "/admin/login/" in answer["Location"], path
        assert staff.get(path).status_code == 200, path


# ---- websockets: who is let in, from which origin ----------------------------------------------


async def open_socket(path, user=None, origin=ORIGIN, visit=None):
    headers = [origin] if origin else []
    if user is not None or visit:
        cookie = await database_sync_to_async(_session_cookie)(user, visit)
        headers.append((b"cookie", cookie.encode()))
    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    if connected:
        await communicator.disconnect()
    return connected


def _session_cookie(user, visit):
    client = Client()
    if user is not None:
        client.force_login(user)
    if visit:
        client.get(visit)
    if settings.SESSION_COOKIE_NAME not in client.cookies:
        client.session.save()
    return f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("route", sorted(WS_MATRIX))
async def test_websocket_matrix(world, route):
    users, build = world
    tables = await database_sync_to_async(build)("active")
    template, expect = WS_MATRIX[route]
    for role, allowed in zip(ROLES, expect.split(), strict=True):
        match = tables[ROLE_TABLE[role]]
        user = users[ROLE_USER[role]] if ROLE_USER[role] else None
        connected = await open_socket(template.format(pk=match.pk), user)
        assert connected == (allowed == "yes"), f"{route} as {role}"


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_private_socket_opens_with_the_invite_in_the_session(world):
    users, build = world
    match = (await database_sync_to_async(build)("active"))["private"]
    path = f"/ws/match/{match.pk}/"
    assert not await open_socket(path, users["carol"])
    assert await open_socket(path, users["carol"], visit=f"/invite/{match.invite_token}/")
    assert await open_socket(path, None, visit=f"/invite/{match.invite_token}/")
    assert not await open_socket(path, users["carol"], visit=f"/match/{match.pk}/?token=wrong")


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("origin, allowed", [
    (b"http://127.0.0.1:8000", True),
    (b"http://localhost:9999", True),
    (b"http://evil.example", False),
    (b"http://127.0.0.1.evil.example", False),
    (b"http://localhost.evil.example:8000", False),
    (b"null", False),
    (None, False),
])
async def test_websocket_origin_validation(world, origin, allowed):
    users, build = world
    match = (await database_sync_to_async(build)("active"))["public"]
    header = (b"origin", origin) if origin else None
    for path in (f"/ws/match/{match.pk}/", "/ws/portal/"):
        assert await open_socket(path, users["alice"], origin=header) == allowed, (path, origin)


# ---- CSRF ---------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("route", sorted(MATRIX) + ["admin/", "admin/login/"])
def test_csrf_is_enforced_on_every_post(world, route):
    users, build = world
    spec = MATRIX.get(route, Route(f"/{route}", ""))
    tables = build(spec.state, ["private"])
    match = tables["private"]
    for role in ("player", "opponent", "staff", "anon"):
        client = Client(enforce_csrf_checks=True)
        if ROLE_USER[role]:
            client.force_login(users[ROLE_USER[role]])
        client.get("/accounts/login/")  # the CSRF cookie is set; the token is left out below
        assert settings.CSRF_COOKIE_NAME in client.cookies
        before = fingerprint(match)
        path = spec.path.format(pk=match.pk, token=match.invite_token)
        data = spec.data or {"text": "hi", "position": "1", "username": "alice", "password": "x"}
        answer = client.post(path, data, HTTP_HX_REQUEST="true")
        assert answer.status_code == 403 and b"CSRF" in answer.content, f"POST {path} as {role}"
        assert fingerprint(match) == before


@pytest.mark.django_db
def test_the_csrf_token_lets_the_same_post_through(world):
    users, build = world
    match = build("active")["private"]
    client = Client(enforce_csrf_checks=True)
    client.force_login(users["alice"])
    client.get(f"/match/{match.pk}/")
    token = client.cookies[settings.CSRF_COOKIE_NAME].value
    answer = client.post(f"/match/{match.pk}/move/", {"move": '{"type": "mark", "cell": 4}', "version": "0"},
                         HTTP_X_CSRFTOKEN=token, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and Match.objects.get(pk=match.pk).version == 1


# ---- invite tokens ------------------------------------------------------------------------------


def test_invite_tokens_are_long_random_and_unique():
    tokens = [new_invite_token() for _ in range(5000)]
    alphabet = set(string.ascii_letters + string.digits + "-_")
    assert len(set(tokens)) == len(tokens)
    assert all(len(t) >= 32 and set(t) <= alphabet for t in tokens)
    # 6 bits per url-safe character: at least 128 bits of entropy, and the characters are spread
    # evenly over the alphabet (no fixed prefix, no counter).
    assert min(len(t) for t in tokens) * 6 >= 128
    counts = {c: 0 for c in alphabet}
    for t in tokens:
        for c in t:
            counts[c] += 1
    expected = sum(counts.values()) / len(alphabet)
    assert all(abs(n - expected) < 0.25 * expected for n in counts.values())
    firsts = {t[:4] for t in tokens}
    assert len(firsts) > 4000


@pytest.mark.django_db
def test_tables_get_distinct_tokens_and_a_wrong_token_opens_nothing(world, client):
    users, build = world
    tables = [build("active")["private"] for _ in range(5)]
    assert len({m.invite_token for m in tables}) == 5
    assert not any(str(m.seed) in m.invite_token for m in tables)
    carol = Client()
    carol.force_login(users["carol"])
    first, second = tables[0], tables[1]
    assert carol.get(f"/invite/{first.invite_token[:-1]}x/").status_code == 404
    assert carol.get(f"/match/{first.pk}/?token={second.invite_token}").status_code == 404
    assert carol.get(f"/match/{first.pk}/?token=").status_code == 404
    assert carol.get(f"/match/{first.pk}/?token={first.invite_token}").status_code == 200
    for viewer in (client, carol):  # not shown to people who are not seated
        page = viewer.get(f"/match/{second.pk}/?token={second.invite_token}").content.decode()
        assert second.invite_token not in page.replace(f"?token={second.invite_token}", "")


# ---- secrets never reach a seated player --------------------------------------------------------

VERSION_RE = re.compile(r'data-version="(\d+)"')
PAGES_EVERY = 8


def _players(game) -> int:
    return max(game.min_players, 2) if game.max_players >= 2 else 1


def _collect(seen: list, text: str, version_now: int) -> None:
    versions = [int(v) for v in VERSION_RE.findall(text)]
    seen.append((text, versions or [version_now]))


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
@pytest.mark.parametrize("slug", sorted(registry().games))
async def test_no_secret_reaches_a_seated_player(make_user, slug):
    game = registry().game(slug)
    try:
        get_template(f"{slug}/board.html")
    except TemplateDoesNotExist:
        pytest.skip(f"{slug} has no board template yet: its match page cannot be rendered")
    players = _players(game)
    user = await database_sync_to_async(make_user)("seated")
    match = await database_sync_to_async(create_table)(
        user, slug, players, bots=dict.fromkeys(range(1, players), "random"), rated=False)
    client = Client()
    await database_sync_to_async(client.force_login)(user)
    cookie = f"{settings.SESSION_COOKIE_NAME}={client.cookies[settings.SESSION_COOKIE_NAME].value}"
    socket = WebsocketCommunicator(application, f"/ws/match/{match.pk}/",
                                   headers=[ORIGIN, (b"cookie", cookie.encode())])
    assert (await socket.connect())[0]
    seen: list[tuple[str, list[int]]] = []

    async def drain(wait: float):
        while not await socket.receive_nothing(timeout=wait):
            _collect(seen, await socket.receive_from(), -1)

    bot, moves = RandomBot(), 0
    while True:
        match = await database_sync_to_async(Match.objects.get)(pk=match.pk)
        over = match.status != Match.Status.ACTIVE
        if moves % PAGES_EVERY == 0 or over:  # whole pages are sampled; answers and frames are not
            for path in (f"/match/{match.pk}/", f"/match/{match.pk}/live/", "/", "/healthz"):
                answer = await database_sync_to_async(client.get)(path)
                assert answer.status_code == 200, path
                _collect(seen, answer.content.decode(), match.version)
        await drain(0.01)
        if over:
            break
        assert 0 in game.to_act(match.state), "the bots stopped before the person's turn"
        move = decide(bot, game, match.state, 0, rng_for(f"scan-{slug}", match.version))
        answer = await database_sync_to_async(client.post)(
            f"/match/{match.pk}/move/", {"move": json.dumps(move), "version": match.version},
            HTTP_HX_REQUEST="true")
        assert answer.status_code == 200, answer.content[:500]
        _collect(seen, answer.content.decode(), -1)
        moves += 1
        assert moves < 3000, "the game did not end"
    await drain(0.5)
    await socket.disconnect()

    states = dict(await database_sync_to_async(lambda: list(states_by_ply(match)))())
    assert match.version == len(states) - 1
    by_version: dict[int, list[str]] = {}
    for text, versions in seen:
        for version in versions:
            by_version.setdefault(version if version >= 0 else match.version, []).append(unescape(text))
    hits = {}
    for version, texts_seen in sorted(by_version.items()):
        leaks = find_leaks("\n".join(texts_seen), game.secrets(states[version], 0))
        if leaks:
            hits[version] = leaks[:5]
    assert not hits, f"{slug}: secrets shown to seat 1 (version: ids): {dict(list(hits.items())[:5])}"
    assert len(seen) > moves  # pages, move answers and frames were all scanned


# ---- fuzzing the move endpoint ------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
texts = st.text(st.characters(blacklist_categories=("Cs",)), max_size=30)
field_names = st.sampled_from(["move", "version", "type", "cell", "cell[]", "csrfmiddlewaretoken"]) | texts
form_bodies = st.dictionaries(field_names, texts | st.lists(texts, max_size=3), max_size=6)
json_bodies = st.fixed_dictionaries(
    {"move": json_values.map(json.dumps) | texts},
    optional={"version": texts | st.integers(-5, 12).map(str)},
)
move_like = st.fixed_dictionaries({
    "type": st.sampled_from(["mark", "pass", "", "__class__", "apply"]) | texts,
    "cell": st.integers(-3, 12).map(str) | texts,
    "version": st.sampled_from(["0", "1", "-1", "00", "1e3", "²", "٣", " 0"]) | texts,
})
raw_bodies = st.tuples(
    st.sampled_from(["application/x-www-form-urlencoded", "multipart/form-data; boundary=xx",
                     "multipart/form-data", "application/json", "text/plain"]),
    st.binary(max_size=200),
)
READABLE = re.compile(r'class="feedback error"[^>]*>([^<]{3,})<|<h1>([^<]{3,})</h1>')


@pytest.mark.django_db
@hypothesis_settings(max_examples=120, deadline=None,
                     suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(body=form_bodies | json_bodies | move_like | raw_bodies)
@example(body={"type": "mark", "cell": "4", "version": "²"})  # isdigit() but not int()
@example(body={"type": "mark", "cell": "--5", "version": "0"})
@example(body={"type": "mark", "cell": "²", "version": "0"})
@example(body=("multipart/form-data; boundary=xx", b"--xx\r\nbroken"))
def test_fuzzed_move_posts_are_refused_readably_and_change_nothing(ttt_match, alice, body):
    client = Client()
    client.force_login(alice)
    game = registry().game("tictactoe")
    before = fingerprint(ttt_match), Match.objects.get(pk=ttt_match.pk).state
    with transaction.atomic():
        if isinstance(body, tuple):
            content_type, raw = body
            answer = client.post(f"/match/{ttt_match.pk}/move/", raw, content_type=content_type,
                                 HTTP_HX_REQUEST="true")
        else:
            answer = client.post(f"/match/{ttt_match.pk}/move/", body, HTTP_HX_REQUEST="true")
        after = fingerprint(ttt_match), Match.objects.get(pk=ttt_match.pk).state
        transaction.set_rollback(True)
    if answer.status_code == 200:  # the fuzzer found a legal move: it must have been one
        move = json.loads(body["move"]) if "move" in body else {"type": body.get("type"), "cell": body.get("cell")}
        assert after[0][1] == 1 and before[0][1] == 0
        assert isinstance(move, dict) and move.get("type") == "mark"
        assert int(str(move["cell"]).strip()) in [m["cell"] for m in game.legal_moves(before[1], 0)]
        return
    assert 400 <= answer.status_code < 500, (answer.status_code, body)
    text = answer.content.decode(errors="replace")
    assert READABLE.search(text), (answer.status_code, text[:300])
    assert after == before


def test_readable_pattern_sanity():
    assert READABLE.search('<p class="feedback error" role="alert">That move could not be read.</p>')
    assert not READABLE.search('<p class="feedback error" role="alert"></p>')
