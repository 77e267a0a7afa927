"""Staff tools in the Django admin: match list with filters, read-only move log, actions."""

from __future__ import annotations

import pytest

from core.models import ChatMessage, Match, Profile
from core.services import submit_move

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
    assert "&quot;cell&quot;: 4" in page or '"cell": 4' in page
    assert "moves-0-payload" not in page


def test_verify_and_abort_actions(staff_client, ttt_match, alice):
    submit_move(ttt_match.pk, alice, {"type": "mark", "cell": 4}, 0)
    page = staff_client.post("/admin/core/match/", {"action": "verify_replays", "_selected_action": [ttt_match.pk]}, follow=True)
    assert "replay exactly" in page.content.decode()
    Match.objects.filter(pk=ttt_match.pk).update(version=7)
    page = staff_client.post("/admin/core/match/", {"action": "verify_replays", "_selected_action": [ttt_match.pk]}, follow=True)
    assert "Replay mismatch" in page.content.decode()
    staff_client.post("/admin/core/match/", {"action": "abort_matches", "_selected_action": [ttt_match.pk]})
    assert Match.objects.get(pk=ttt_match.pk).status == Match.Status.ABORTED


def test_staff_hide_messages_and_mute_authors(staff_client, ttt_match, alice):
    message = ChatMessage.objects.create(match=ttt_match, user=alice, text="rude")
    staff_client.post("/admin/core/chatmessage/", {"action": "hide", "_selected_action": [message.pk]})
    staff_client.post("/admin/core/chatmessage/", {"action": "mute_authors", "_selected_action": [message.pk]})
    assert ChatMessage.objects.get(pk=message.pk).hidden
    assert Profile.objects.get(user=alice).chat_muted


def test_all_bot_demo_match_from_the_admin(staff_client):
    response = staff_client.post("/staff/demo-match/", {"game": "tictactoe", "players": "2"})
    match = Match.objects.get()
    assert response.status_code == 302 and match.status == Match.Status.FINISHED
    assert all(s.is_bot for s in match.seats.all())
