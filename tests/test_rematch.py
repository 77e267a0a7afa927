"""Rematch: the previous players are invited, each accepts, and hears of it live (issue 15.9:
"Rematch opens a new empty table and the other players are never told or seated")."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from core.models import Match, RematchInvite
from core.services import rematch, submit_move
from core.services.errors import Refused
from core.services.tables import create_table, join_table
from tests.test_consumers import connect, receive_until, session_cookie

X_WINS = [(0, 0), (1, 3), (0, 1), (1, 4), (0, 2)]


def finish(match, players):
    for version, (seat, cell) in enumerate(X_WINS):
        submit_move(match.pk, players[seat], {"type": "mark", "cell": cell}, version)
    return Match.objects.get(pk=match.pk)


@pytest.fixture
def finished(ttt_match, alice, bob):
    return finish(ttt_match, [alice, bob])


def seated(table):
    return list(table.seats.order_by("position").values_list("user__username", "bot"))


@pytest.mark.django_db
class TestRematch:
    def test_the_asker_hosts_and_the_others_are_invited_not_seated(self, finished, alice, bob):
        table = rematch.offer(finished.pk, bob)
        assert table.host == bob and table.rematch_of_id == finished.pk
        assert seated(table) == [("bob", ""), (None, "")]
        invite = RematchInvite.objects.get(table=table)
        assert (invite.user, invite.position, invite.answer) == (alice, 1, "pending")
        assert rematch.pending_for(alice) == [invite] and rematch.pending_for(bob) == []

    def test_held_seats_are_private_until_everyone_answered(self, finished, alice, bob, carol):
        """A stranger cannot take the seat held for alice while she has not answered."""
        table = rematch.offer(finished.pk, bob)
        assert table.private
        page = Client()
        page.force_login(carol)
        assert page.get(f"/match/{table.pk}/").status_code == 404

    def test_accepting_seats_the_player_and_a_full_table_starts(self, finished, alice, bob):
        table = rematch.offer(finished.pk, bob)
        started = rematch.accept(table.pk, alice)
        assert seated(started) == [("bob", ""), ("alice", "")]
        assert started.status == Match.Status.ACTIVE and not started.private
        assert RematchInvite.objects.get(table=table).answer == "accepted"

    def test_declining_leaves_an_open_seat_for_the_host(self, finished, alice, bob):
        table = rematch.offer(finished.pk, bob)
        after = rematch.decline(table.pk, alice)
        assert after.status == Match.Status.OPEN and seated(after) == [("bob", ""), (None, "")]
        assert not after.private, "a public match's rematch is public once nobody is waited for"
        with pytest.raises(Refused):
            rematch.accept(table.pk, alice)

    def test_both_asking_meet_at_one_table(self, finished, alice, bob):
        """The second player to press Rematch joins the first one's table: that is an accept."""
        first = rematch.offer(finished.pk, bob)
        second = rematch.offer(finished.pk, alice)
        assert second.pk == first.pk and second.status == Match.Status.ACTIVE
        assert Match.objects.filter(rematch_of=finished).count() == 1

    def test_bots_keep_their_seats(self, alice, django_capture_on_commit_callbacks):
        with django_capture_on_commit_callbacks(execute=True):  # bots move after commit
            match = create_table(alice, "tictactoe", 2, bots={1: "random"})
        match.refresh_from_db()
        while match.status != Match.Status.FINISHED:
            assert match.state["turn"] == 0, "bots move at once (BOTS_INLINE)"
            cell = next(i for i, c in enumerate(match.state["board"]) if c is None)
            with django_capture_on_commit_callbacks(execute=True):
                submit_move(match.pk, alice, {"type": "mark", "cell": cell}, match.version)
            match.refresh_from_db()
        table = rematch.offer(match.pk, alice)
        assert table.status == Match.Status.ACTIVE and seated(table)[1][1] == "random"
        assert not RematchInvite.objects.filter(table=table).exists()

    def test_only_players_ask_and_only_after_the_end(self, ttt_match, finished, carol):
        with pytest.raises(Refused):
            rematch.offer(finished.pk, carol)
        other = create_table(carol, "tictactoe", 2)
        with pytest.raises(Refused):
            rematch.offer(other.pk, carol)

    def test_invitee_answers_from_the_home_page(self, finished, client_for, alice, bob):
        """The invite shows on alice's home page with Accept and Decline, and Accept seats her."""
        table = rematch.offer(finished.pk, bob)
        page = client_for(alice).get("/").content.decode()
        assert "Invitations" in page and "asks for a rematch" in page and f"/match/{table.pk}/rematch/accept/" in page
        assert "Rematch: bob invites you" in page
        response = client_for(alice).post(f"/match/{table.pk}/rematch/accept/")
        assert response.status_code == 302 and response["Location"] == f"/match/{table.pk}/"
        assert Match.objects.get(pk=table.pk).status == Match.Status.ACTIVE

    def test_rematch_button_goes_through_the_invites(self, finished, client_for, alice, bob):
        response = client_for(bob).post(f"/match/{finished.pk}/rematch/")
        table = Match.objects.get(rematch_of=finished)
        assert response["Location"] == f"/match/{table.pk}/"
        assert RematchInvite.objects.filter(table=table, user=alice).exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.asyncio
async def test_invited_player_is_told_live_on_their_portal_socket():
    """alice's open page (any page: the portal socket) shows the invite the moment bob asks."""
    alice, alice_cookie = await session_cookie("alice")
    bob, _ = await session_cookie("bob")

    def finished_match():
        match = join_table(create_table(alice, "tictactoe", 2).pk, bob)
        return finish(match, [alice, bob])

    match = await database_sync_to_async(finished_match)()
    portal, ok, _ = await connect("/ws/portal/", alice_cookie)
    assert ok
    assert "No moves due" in await portal.receive_from(timeout=3)
    await database_sync_to_async(rematch.offer)(match.pk, bob)
    frame = await receive_until(portal, "Rematch")
    assert "Rematch: bob invites you" in frame and 'hx-swap-oob="true"' in frame
    await portal.disconnect()
