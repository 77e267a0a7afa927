"""Staff tools in the Django admin: match list with filters, read-only move log, actions."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from core.models import ChatMessage, Match, Move, Profile, Rating
from core.services import submit_move
from core.services.replays import verify_match
from core.services.tables import create_table

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client_for, make_user):
    user = make_user("root", staff=True)
    user.is_superuser = True
    user.save()
    return client_for(user)


def test_match_admin_lists_filters_and_searches(staff_client, ttt_match):
    assert staff_client.get("/admin/core/match/").status_code == 200
    assert staff_client.get("/admin/core/match/?game=tictactoe&status=active").status_code == 200
    page = staff_client.get("/admin/core/match/?q=alice")
    assert page.status_code == 200 and f">{ttt_match.pk}<" in page.content.decode()


def test_match_change_page_shows_the_move_log_read_only(staff_client, ttt_match, alice):
    submit_move(ttt_match.pk, alice, {"type": "mark", "cell": 4}, 0)
    page = staff_client.get(f"/admin/core/match/{ttt_match.pk}/change/").content.decode()
    assert "X marks square 5." in page
    assert "moves-0-payload" not in page


def test_verify_and_abort_actions(staff_client, ttt_match, alice):
    submit_move(ttt_match.pk, alice, {"type": "mark", "cell": 4}, 0)
    page = staff_client.post("/admin/core/match/", {"action": "verify_replays", "_selected_action": [ttt_match.pk]}, follow=True)
    assert "replay exactly" in page.content.decode()
    Match.objects.filter(pk=ttt_match.pk).update(version=7)
    page = staff_client.post("/admin/core/match/", {"action": "verify_replays", "_selected_action": [ttt_match.pk]}, follow=True)
    assert "Replay mismatch" in page.content.decode()
    asked = staff_client.post("/admin/core/match/", {"action": "abort_matches", "_selected_action": [ttt_match.pk]})
    assert "Reason the players read" in asked.content.decode()
    assert Match.objects.get(pk=ttt_match.pk).status == Match.Status.ACTIVE  # asked first
    done = staff_client.post("/admin/core/match/", {
        "action": "abort_matches", "_selected_action": [ttt_match.pk], "confirmed": "yes",
        "reason": "  a  broken   seat "}, follow=True)
    assert "Aborted 1 match(es)." in done.content.decode()
    match = Match.objects.get(pk=ttt_match.pk)
    assert match.status == Match.Status.ABORTED and match.end_note == "Staff aborted this match: a broken seat"
    assert match.to_act == [] and match.turn_deadline is None and match.bots_due_at is None


def test_staff_hide_messages_and_mute_authors(staff_client, ttt_match, alice):
    message = ChatMessage.objects.create(match=ttt_match, user=alice, text="rude")
    staff_client.post("/admin/core/chatmessage/", {"action": "hide", "_selected_action": [message.pk],
                                                   "confirmed": "yes"})
    staff_client.post("/admin/core/chatmessage/", {"action": "mute_authors", "_selected_action": [message.pk]})
    assert ChatMessage.objects.get(pk=message.pk).hidden
    assert Profile.objects.get(user=alice).chat_muted


def test_all_bot_demo_match_from_the_admin(staff_client):
    response = staff_client.post("/staff/demo-match/", {"game": "tictactoe", "players": "2"})
    match = Match.objects.get()
    assert response.status_code == 302 and match.status == Match.Status.FINISHED
    assert all(s.is_bot for s in match.seats.all())


# ---- the match record is read-only; the page is readable (issue 12 finding 13, issue 15 item 12)


class _Fields(HTMLParser):
    """Every field the admin's change form would send back, with its current value."""

    def __init__(self):
        super().__init__()
        self.data: dict[str, str] = {}
        self.select = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "input" and attrs.get("name") and attrs.get("type") not in ("submit", "checkbox"):
            self.data[attrs["name"]] = attrs.get("value") or ""
        elif tag == "input" and attrs.get("type") == "checkbox" and "checked" in attrs:
            self.data[attrs["name"]] = "on"
        elif tag == "select":
            self.select = attrs.get("name")
        elif tag == "option" and self.select and "selected" in attrs:
            self.data[self.select] = attrs.get("value") or ""
        elif tag == "textarea" and attrs.get("name"):
            self.data[attrs["name"]] = ""

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None


def _record(match_id: int):
    match = Match.objects.get(pk=match_id)
    seats = list(match.seats.order_by("position").values_list("position", "user_id", "bot", "options", "resigned"))
    moves = list(match.moves.order_by("ply").values_list("ply", "seat", "payload"))
    return (match.status, match.players, match.host_id, match.options, match.version, match.seed,
            match.state, match.result, seats, moves)


def test_staff_cannot_edit_a_match_record(staff_client, ttt_match, alice, bob, carol):
    """The attack: the admin let staff edit status, players, host and options of a finished
    match, which broke "a match equals the replay of its move log". On a match in play, a POST
    of the change form with every record field altered changes none of them (only the spectator
    chat switch, which is outside the replay, is taken), and there is no form to add a match.
    A finished match takes no change at all (test_a_finished_or_aborted_match_is_read_only)."""
    for version, (who, cell) in enumerate([(alice, 0), (bob, 3), (alice, 1), (bob, 4)]):
        submit_move(ttt_match.pk, who, {"type": "mark", "cell": cell}, version)
    url = f"/admin/core/match/{ttt_match.pk}/change/"
    fields = _Fields()
    fields.feed(staff_client.get(url).content.decode())
    assert not {"status", "players", "host", "options", "state", "seed", "version"} & set(fields.data)
    assert not [name for name in fields.data if name.startswith("seats-0-") and not name.endswith(("-id", "-match"))]
    before = _record(ttt_match.pk)
    forged = {**fields.data, "status": "active", "players": "4", "host": str(carol.pk), "options": '{"x": 1}',
              "version": "2", "seed": "7", "state": "{}", "result": "{}", "seats-0-user": str(carol.pk),
              "seats-0-position": "1", "_save": "Save"}
    forged.pop("spectator_chat", None)
    answer = staff_client.post(url, forged)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    assert _record(ttt_match.pk) == before
    assert Match.objects.get(pk=ttt_match.pk).spectator_chat is False
    assert staff_client.get("/admin/core/match/add/").status_code == 403
    assert verify_match(Match.objects.get(pk=ttt_match.pk)) is None


def test_match_page_is_readable(staff_client, ttt_match, alice, bob):
    """Issue 15 item 12: the page was 9,000 px of raw JSON, moves counted seats from 0, no
    replay link, and "rematch of" listed every match ever. Now: the state is folded away, each
    move names its seat (from 1) and says what happened, the replay is linked, and "rematch of"
    (editable while a table is open or in play) is a search box."""
    for version, (who, cell) in enumerate([(alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2)]):
        submit_move(ttt_match.pk, who, {"type": "mark", "cell": cell}, version)
    others = [create_table(alice, "tictactoe", 2) for _ in range(30)]
    page = staff_client.get(f"/admin/core/match/{ttt_match.pk}/change/").content.decode()
    assert re.search(r"<details><summary>The stored state[^<]*</summary><pre>", page)
    assert "Seat 1 · alice" in page and "Seat 2 · bob" in page and "Seat 0" not in page
    assert "X marks square 1." in page and "X has three in a row." in page
    assert f'href="/match/{ttt_match.pk}/replay/"' in page
    assert page.count("&quot;board&quot;") == 1  # the state appears once, inside <details>
    open_table = staff_client.get(f"/admin/core/match/{others[1].pk}/change/").content.decode()
    assert 'class="admin-autocomplete' in open_table and f'<option value="{others[0].pk}"' not in open_table
    found = staff_client.get("/admin/autocomplete/", {"term": str(others[3].pk), "app_label": "core",
                                                      "model_name": "match", "field_name": "rematch_of"}).json()
    assert [r["id"] for r in found["results"]] == [str(others[3].pk)]


def test_a_match_with_odd_stored_data_opens_in_the_admin(staff_client, ttt_match, alice):
    """The attack stored a lone surrogate in a move, after which the match's admin page answered
    500 on every visit. Rows written before today's checks (a lone surrogate, NUL, depth-400
    nesting, a megabyte, in moves, state, options and seats) open on every admin page."""
    submit_move(ttt_match.pk, alice, {"type": "mark", "cell": 4}, 0)
    deep: list = []
    for _ in range(400):
        deep = [deep]
    odd = {"type": "mark", "cell": 4, "s": "\ud800", "nul": "a\x00b", "deep": deep, "big": "m" * 1_000_000}
    ttt_match.moves.update(payload=odd)
    Match.objects.filter(pk=ttt_match.pk).update(state={**ttt_match.state, "odd": "\udfff"},
                                                 options={"o": "\ud800"}, result={"r": "\ud800"})
    ttt_match.seats.filter(position=1).update(options={"handicap": "\udc80"})
    message = ChatMessage.objects.create(match=ttt_match, user=alice, text="hi")
    for path in (f"/admin/core/match/{ttt_match.pk}/change/", f"/admin/core/match/{ttt_match.pk}/history/",
                 "/admin/core/match/", f"/admin/core/chatmessage/{message.pk}/change/", "/admin/core/chatmessage/"):
        answer = staff_client.get(path)
        assert answer.status_code == 200, path
    assert staff_client.get(f"/admin/core/match/{ttt_match.pk}/delete/").status_code == 403  # no match is deleted
    assert "\\ud800" in staff_client.get(f"/admin/core/match/{ttt_match.pk}/change/").content.decode()
    answer = staff_client.post("/admin/core/match/", {"action": "verify_replays", "_selected_action": [ttt_match.pk]},
                               follow=True)
    assert answer.status_code == 200 and "Replay mismatch" in answer.content.decode()


# ---- chat moderation ----------------------------------------------------------------------------


def test_hiding_chat_in_the_admin_asks_for_confirmation(staff_client, ttt_match, alice):
    """Issue 15 item 12: "hide" acted at once. Now it shows the messages and asks; only the
    confirmed POST hides them."""
    rude = ChatMessage.objects.create(match=ttt_match, user=alice, text="something rude")
    asked = staff_client.post("/admin/core/chatmessage/", {"action": "hide", "_selected_action": [rude.pk]})
    assert asked.status_code == 200 and "Hide these messages?" in asked.content.decode()
    assert "something rude" in asked.content.decode() and not ChatMessage.objects.get(pk=rude.pk).hidden
    staff_client.post("/admin/core/chatmessage/", {"action": "hide", "_selected_action": [rude.pk], "confirmed": "yes"})
    assert ChatMessage.objects.get(pk=rude.pk).hidden


def test_staff_hide_chat_lines_from_the_table_page(staff_client, client_for, ttt_match, alice, bob):
    """Staff see a "hide" button on each chat line of the table page (it asks before it acts);
    players do not, and their POST to the staff view hides nothing."""
    rude = ChatMessage.objects.create(match=ttt_match, user=bob, text="something rude")
    ChatMessage.objects.create(match=ttt_match, user=alice, text="good game")
    page = staff_client.get(f"/match/{ttt_match.pk}/").content.decode()
    assert f'id="chat-hide-{rude.pk}"' in page and "hx-confirm=" in page
    player = client_for(alice)
    assert "chat-hide-" not in player.get(f"/match/{ttt_match.pk}/").content.decode()
    refused = player.post(f"/match/{ttt_match.pk}/chat/hide/", {"message": rude.pk})
    assert refused.status_code == 302 and "/admin/login/" in refused["Location"]
    assert not ChatMessage.objects.get(pk=rude.pk).hidden
    answer = staff_client.post(f"/match/{ttt_match.pk}/chat/hide/", {"message": rude.pk}, HTTP_HX_REQUEST="true")
    assert answer.status_code == 200 and "something rude" not in answer.content.decode()
    assert "good game" in answer.content.decode() and ChatMessage.objects.get(pk=rude.pk).hidden
    assert staff_client.post(f"/match/{ttt_match.pk}/chat/hide/", {"message": "99999"}).status_code == 404


# ---- issue 49 item 9: finished records are read-only, ratings readable, bots labelled, favicon


def _finish(match, alice, bob):
    for version, (who, cell) in enumerate([(alice, 0), (bob, 3), (alice, 1), (bob, 4), (alice, 2)]):
        submit_move(match.pk, who, {"type": "mark", "cell": cell}, version)
    return Match.objects.get(pk=match.pk)


def test_a_finished_or_aborted_match_is_read_only_and_no_match_is_deleted(staff_client, ttt_match, alice, bob):
    """The attack: a finished match's "Spectator chat" and "Rematch of" could still be changed
    in the admin and the record deleted. A finished or aborted match's page has no field to send
    back and a POST of it is refused (403) with nothing changed; no match, in any state, can be
    deleted (the move log is append-only: a table that should not go on is aborted instead), and
    the list offers no "delete" action."""
    finished = _finish(ttt_match, alice, bob)
    aborted = create_table(alice, "tictactoe", 2)
    Match.objects.filter(pk=aborted.pk).update(status=Match.Status.ABORTED)
    other = create_table(alice, "tictactoe", 2)
    for match in (finished, aborted):
        url = f"/admin/core/match/{match.pk}/change/"
        fields = _Fields()
        fields.feed(staff_client.get(url).content.decode())
        assert not {"spectator_chat", "rematch_of"} & set(fields.data), match.status
        before = Match.objects.values("spectator_chat", "rematch_of", "status").get(pk=match.pk)
        answer = staff_client.post(url, {**fields.data, "rematch_of": str(other.pk), "_save": "Save"})
        assert answer.status_code == 403, match.status
        assert Match.objects.values("spectator_chat", "rematch_of", "status").get(pk=match.pk) == before
    for match in (finished, aborted, other):
        assert staff_client.get(f"/admin/core/match/{match.pk}/delete/").status_code == 403
        assert staff_client.post(f"/admin/core/match/{match.pk}/delete/", {"post": "yes"}).status_code == 403
    listing = staff_client.get("/admin/core/match/").content.decode()
    assert 'value="delete_selected"' not in listing
    staff_client.post("/admin/core/match/", {"action": "delete_selected", "post": "yes",
                                             "_selected_action": [finished.pk, other.pk]})
    assert Match.objects.filter(pk__in=[finished.pk, aborted.pk, other.pk]).count() == 3
    assert Move.objects.filter(match=finished).count() == 5
    assert verify_match(Match.objects.get(pk=finished.pk)) is None


def test_a_match_in_play_still_takes_the_spectator_chat_switch(staff_client, ttt_match):
    url = f"/admin/core/match/{ttt_match.pk}/change/"
    fields = _Fields()
    fields.feed(staff_client.get(url).content.decode())
    assert "spectator_chat" in fields.data
    fields.data.pop("spectator_chat")
    assert staff_client.post(url, {**fields.data, "_save": "Save"}).status_code == 302
    assert Match.objects.get(pk=ttt_match.pk).spectator_chat is False


def test_ratings_show_rounded_mu_sigma_and_the_ordinal(staff_client, alice):
    """The attack: ratings showed mu and sigma to 15 decimals, and no ordinal (what leaderboards
    sort by). The list and the record show two decimals and the ordinal (mu - 3 sigma); a rating
    is computed from results, so the record is read-only and there is no form to add one."""
    rating = Rating.objects.create(user=alice, game_slug="tictactoe", mu=27.123456789012345,
                                   sigma=7.333333333333333, matches=3)
    listing = staff_client.get("/admin/core/rating/").content.decode()
    assert "27.12" in listing and "7.33" in listing and "5.12" in listing
    assert "27.1234" not in listing and "7.3333" not in listing
    assert "ordinal" in listing
    page = staff_client.get(f"/admin/core/rating/{rating.pk}/change/").content.decode()
    assert "27.12" in page and "7.33" in page and "5.12" in page and "27.1234" not in page
    assert 'name="mu"' not in page and 'name="sigma"' not in page
    assert staff_client.get("/admin/core/rating/add/").status_code == 403


def test_every_bot_move_is_labelled_from_the_seat_not_the_name(staff_client, make_user):
    """The attack: in the move table a bot's move was told by its name ending in " bot", so the
    normal bot ("Blocker bot") was labelled, "Blocker bot (easy)" was called a person's seat
    played by a bot, and a person named "Robo bot" whose seat the bot took over was not
    labelled at all. The label now comes from the seat: a bot's seat, or a person's seat played
    by a bot."""
    response = staff_client.post("/staff/demo-match/", {"game": "tictactoe", "players": "2",
                                                        "seat1_strength": "normal", "seat2_strength": "easy"})
    assert response.status_code == 302
    demo = Match.objects.get(seats__bot="blocker")
    page = staff_client.get(f"/admin/core/match/{demo.pk}/change/").content.decode()
    by = re.findall(r"<tr><td>\d+</td><td>([^<]*)</td>", page)
    assert by and set(by) == {"Seat 1 · Blocker bot (bot seat)", "Seat 2 · Blocker bot (easy) (bot seat)"}

    robo, bob = make_user("robo"), make_user("bob")
    Profile.objects.filter(user=robo).update(display_name="Robo bot")
    match = create_table(robo, "tictactoe", 2)
    from core.services.tables import join_table

    join_table(match.pk, bob)
    submit_move(match.pk, robo, {"type": "mark", "cell": 0}, 0)
    submit_move(match.pk, bob, {"type": "mark", "cell": 4}, 1)
    Move.objects.filter(match=match, ply=1).update(by_bot=True)  # robo's seat after a timeout
    page = staff_client.get(f"/admin/core/match/{match.pk}/change/").content.decode()
    by = re.findall(r"<tr><td>\d+</td><td>([^<]*)</td>", page)
    assert by == ["Seat 1 · Robo bot (played by a bot)", "Seat 2 · bob"]


def test_the_favicon_is_linked_from_every_page_and_answers_at_favicon_ico(staff_client, client):
    """The attack: every admin page made the browser ask for /favicon.ico, a 404. The admin's
    pages link the portal's icon as the site's pages do, and /favicon.ico leads to it."""
    from django.contrib.staticfiles import finders
    from django.templatetags.static import static

    icon = static("img/meeple.svg")
    assert finders.find("img/meeple.svg")
    link = f'<link rel="icon" href="{icon}" type="image/svg+xml">'
    for page in ("/admin/", "/admin/core/match/", "/admin/login/?next=/admin/"):
        assert link in staff_client.get(page, follow=True).content.decode(), page
    assert link in client.get("/").content.decode()
    answer = client.get("/favicon.ico")
    assert (answer.status_code, answer["Location"]) == (302, icon)
