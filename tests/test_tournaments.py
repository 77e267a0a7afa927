"""Tournaments played out (issue 44 part 1): rounds that start by themselves as the last table of
the one before finishes, byes, standings and tie-breaks, withdrawals, and every refusal."""

import pytest
from django.contrib.auth import get_user_model

from core.models import Block, Match, Profile, Tournament, TournamentTable
from core.plugins import registry
from core.services import submit_move, tournaments
from core.services.errors import NotAllowed, Refused

pytestmark = pytest.mark.django_db


def people(n, prefix="p"):
    made = []
    for i in range(n):
        user = get_user_model().objects.create_user(f"{prefix}{i}")
        Profile.objects.create(user=user)
        made.append(user)
    return made


def play_out(match: Match) -> None:
    """Play a match to its end, each seat's person making its first legal move."""
    game = registry().game(match.game_slug)
    users = {s.position: s.user for s in match.seats.all()}
    while True:
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE:
            return
        seat = min(game.to_act(match.state))
        submit_move(match.pk, users[seat], game.legal_moves(match.state, seat)[0], None)


def play_round(t: Tournament) -> None:
    for table in t.tables.filter(round=Tournament.objects.get(pk=t.pk).current_round, match__isnull=False):
        play_out(table.match)


def test_a_swiss_tournament_of_five_plays_its_rounds_by_itself(alice):
    players = people(5)
    t = tournaments.create(alice, name="Thursday Swiss", game_slug="tictactoe", format="swiss", rounds=3)
    for user in players:
        tournaments.join(t.pk, user)
    tournaments.start(t.pk)
    for number in (1, 2, 3):
        t.refresh_from_db()
        assert t.current_round == number and t.status == Tournament.Status.RUNNING
        tables = list(t.tables.filter(round=number))
        assert sum(1 for x in tables if x.match_id is None) == 1, "one bye a round for five"
        assert sorted(p for x in tables for p in x.players) == sorted(u.pk for u in players)
        play_round(t)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    byes = [x.players[0] for x in t.tables.filter(match__isnull=True)]
    assert len(set(byes)) == 3, "no player gets a second bye"
    pairs = [frozenset(x.players) for x in t.tables.filter(match__isnull=False)]
    assert len(pairs) == len(set(pairs)), "no pairing repeats"
    rows = tournaments.standings(t)
    assert [place for place, *_ in rows][0] == 1
    assert sum(r.points for _place, r, _b, _e in rows) == 3 * 2 + 3, "a point a game and a point a bye"


def test_rounds_of_tables_seat_eight_at_two_tables_of_four(alice):
    players = people(8)
    t = tournaments.create(alice, name="Hikers cup", game_slug="lodge_hikers", format="tables",
                           table_size=4, rounds=2)
    for user in players:
        tournaments.join(t.pk, user)
    tournaments.start(t.pk)
    play_round(t)
    t.refresh_from_db()
    assert t.current_round == 2
    first, second = ([set(x.players) for x in t.tables.filter(round=r)] for r in (1, 2))
    assert len(first) == len(second) == 2 and all(len(x) == 4 for x in first + second)
    play_round(t)
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    points = sorted(r.points for _p, r, _b, _e in tournaments.standings(t))
    assert sum(points) == 2 * 2 * 6, "six points a table of four (3+2+1+0)"


def test_a_round_robin_meets_everyone_once(alice):
    players = people(4)
    t = tournaments.create(alice, name="League", game_slug="tictactoe", format="round_robin")
    for user in players:
        tournaments.join(t.pk, user)
    tournaments.start(t.pk)
    for _ in range(3):
        play_round(t)
    t.refresh_from_db()
    assert t.rounds == 3 and t.status == Tournament.Status.FINISHED
    pairs = [frozenset(x.players) for x in t.tables.all()]
    assert len(pairs) == 6 == len(set(pairs))


def test_players_who_blocked_each_other_are_kept_apart_where_possible(alice):
    a, b, c, d = people(4)
    Block.objects.create(blocker=a, blocked=b)
    t = tournaments.create(alice, name="Apart", game_slug="tictactoe", format="swiss", rounds=1)
    for user in (a, b, c, d):
        tournaments.join(t.pk, user)
    tournaments.start(t.pk)
    assert all({a.pk, b.pk} != set(x.players) for x in t.tables.all())


def test_an_aborted_table_does_not_stall_the_round(alice):
    players = people(2)
    t = tournaments.create(alice, name="Short", game_slug="tictactoe", format="swiss", rounds=2)
    for user in players:
        tournaments.join(t.pk, user)
    tournaments.start(t.pk)
    from core.services.matches import abort_match

    abort_match(TournamentTable.objects.get().match_id, "staff stopped it")
    t.refresh_from_db()
    assert t.current_round == 2


def test_a_withdrawn_player_is_paired_no_more(alice):
    players = people(4)
    t = tournaments.create(alice, name="W", game_slug="tictactoe", format="swiss", rounds=2)
    for user in players:
        tournaments.join(t.pk, user)
    tournaments.start(t.pk)
    tournaments.withdraw(t.pk, players[0])
    with pytest.raises(Refused):
        tournaments.withdraw(t.pk, players[0])
    play_round(t)
    second = [p for x in t.tables.filter(round=2) for p in x.players]
    assert players[0].pk not in second and len(second) == 3


@pytest.mark.parametrize("fields, words", [
    ({"format": "tables", "game_slug": "lodge_hikers", "table_size": 9}, "not 9 at a table"),
    ({"format": "tables", "game_slug": "tictactoe", "table_size": 2}, "three or more at a table"),
    ({"format": "swiss", "game_slug": "nothing"}, "not installed"),
    ({"format": "swiss", "game_slug": "tictactoe", "rounds": 0}, "1 to 20 rounds"),
    ({"format": "swiss", "game_slug": "tictactoe", "time_control": "none"}, "needs a clock"),
    ({"format": "knockout", "game_slug": "tictactoe"}, "Unknown tournament format"),
    ({"format": "swiss", "game_slug": "tictactoe", "name": "   "}, "Give the tournament a name"),
])
def test_a_tournament_that_cannot_be_is_refused_in_words(alice, fields, words):
    with pytest.raises(Refused, match=words):
        tournaments.create(alice, **{"name": "T", **fields})
    assert not Tournament.objects.exists()


def test_joining_a_full_closed_or_invite_only_tournament_is_refused(alice, bob, carol):
    t = tournaments.create(alice, name="Small", game_slug="tictactoe", format="swiss", max_players=2)
    tournaments.join(t.pk, alice)
    with pytest.raises(Refused, match="already registered"):
        tournaments.join(t.pk, alice)
    tournaments.join(t.pk, bob)
    with pytest.raises(Refused, match="full"):
        tournaments.join(t.pk, carol)
    tournaments.start(t.pk)
    with pytest.raises(Refused, match="closed"):
        tournaments.join(t.pk, carol)
    secret = tournaments.create(alice, name="Friends", game_slug="tictactoe", format="swiss", invite_only=True)
    with pytest.raises(NotAllowed):
        tournaments.join(secret.pk, carol, "forged")
    tournaments.join(secret.pk, carol, secret.invite_token)


def test_too_few_players_cannot_start_and_a_due_start_waits_for_them(alice):
    from django.utils import timezone

    t = tournaments.create(alice, name="Soon", game_slug="tictactoe", format="swiss",
                           starts_at=timezone.now())
    tournaments.join(t.pk, alice)
    with pytest.raises(Refused, match="Not enough players"):
        tournaments.start(t.pk)
    assert tournaments.start_due() == []
    tournaments.join(t.pk, people(1)[0])
    assert tournaments.start_due() == [t.pk]


def test_the_pages_open_register_start_and_show_standings(client_for, alice, bob):
    client = client_for(alice)
    assert 'href="/tournaments/new/kavango/"' in client.get("/tournaments/").content.decode()
    assert 'name="opt_lodges"' in client.get("/tournaments/new/kavango/").content.decode(), "game options"
    answer = client.post("/tournaments/new/tictactoe/", {
        "name": "Club night", "format": "swiss", "table_size": "2", "rounds": "2", "opt_first": "o",
        "time_control": "realtime", "time_per_move": "5", "max_players": "8", "rated": "on"})
    t = Tournament.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/tournaments/{t.pk}/"
    assert t.options["first"] == "o", "the game's options are the tournament's"
    client.post(f"/tournaments/{t.pk}/join/")
    client_for(bob).post(f"/tournaments/{t.pk}/join/")
    assert "organiser or staff start it" in client_for(bob).post(
        f"/tournaments/{t.pk}/start/", follow=True).content.decode()
    client.post(f"/tournaments/{t.pk}/start/")
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Round 1" in page and "Buchholz" in page and f"/match/{t.tables.get().match_id}/" in page
    assert 'hx-trigger="every 5s"' in page
    assert "Club night" in client.get("/tournaments/").content.decode()


def test_an_invite_only_tournament_is_not_found_without_its_link(client_for, alice, carol):
    t = tournaments.create(alice, name="Private", game_slug="tictactoe", format="swiss", invite_only=True)
    assert client_for(carol).get(f"/tournaments/{t.pk}/").status_code == 404
    assert client_for(carol).get(f"/tournaments/{t.pk}/?token={t.invite_token}").status_code == 200
    assert client_for(carol).post(f"/tournaments/{t.pk}/join/", {"token": "forged"}).status_code == 404
    assert client_for(carol).get("/tournaments/999999/").status_code == 404


def test_staff_pair_a_round_again_before_any_move_and_not_after(make_user, alice):
    from django.test import Client

    staff = make_user("mod", staff=True)
    staff.is_superuser = True
    staff.save()
    players = people(4)
    t = tournaments.create(alice, name="Again", game_slug="tictactoe", format="swiss", rounds=2)
    for user in players:
        tournaments.join(t.pk, user)
    tournaments.start(t.pk)
    admin = Client()
    admin.force_login(staff)
    admin.post("/admin/core/tournament/", {"action": "pair_again", "_selected_action": [t.pk]})
    tables = list(t.tables.all())
    assert len(tables) == 2 and Match.objects.count() == 2
    play_out(tables[0].match)
    with pytest.raises(Refused, match="Moves have been made"):
        tournaments.pair_again(t.pk)
    admin.post("/admin/core/tournament/", {"action": "pause", "_selected_action": [t.pk]})
    t.refresh_from_db()
    assert t.status == Tournament.Status.PAUSED
    play_out(t.tables.filter(round=1).exclude(pk=tables[0].pk).get().match)
    t.refresh_from_db()
    assert t.current_round == 1, "a paused tournament waits"
    admin.post("/admin/core/tournament/", {"action": "start", "_selected_action": [t.pk]})
    t.refresh_from_db()
    assert t.status == Tournament.Status.RUNNING and t.current_round == 2


def test_tournament_tables_are_marked_in_the_lobby_and_on_your_games(client_for, alice, bob):
    t = tournaments.create(alice, name="Marked", game_slug="tictactoe", format="swiss", rounds=1)
    for user in (alice, bob):
        tournaments.join(t.pk, user)
    tournaments.start(t.pk)
    assert "Marked, round 1" in client_for(bob).get("/").content.decode()
    assert "Marked, round 1" in client_for(bob).get("/games/mine/").content.decode()
