"""Taking back your latest moves at a table (core.services.takeback): allowed while it is still
your turn and nothing was left to chance or shown, refused in words otherwise, the log
append-only and every replay exact."""

import pytest

from core.engine.undo import UNDO
from core.models import Match
from core.services import submit_move
from core.services.errors import NotAllowed, NotAMember, StaleVersion
from core.services.replays import replay_match, state_at, states_by_ply, verify_match
from core.services.tables import create_table, join_table
from core.services.takeback import NOTHING, take_back

pytestmark = pytest.mark.django_db


@pytest.fixture
def hotel(alice, bob):
    """A ski hotel table for two; alice (seat 0) is to act."""
    match = join_table(create_table(alice, "lodge_hotel", 2, rated=False).pk, bob)
    match.refresh_from_db()
    assert match.to_act == [0]
    return match


def play(match, user, move):
    return submit_move(match.pk, user, move, Match.objects.get(pk=match.pk).version)


def first(match, kind):
    from core.plugins import registry

    match = Match.objects.get(pk=match.pk)
    game = registry().game("lodge_hotel")
    return next(m for m in game.legal_moves(match.state, 0) if m["type"] == kind)


def test_a_room_taken_by_mistake_is_put_back_and_the_log_says_so(hotel, alice):
    opening = Match.objects.get(pk=hotel.pk).state
    done = play(hotel, alice, first(hotel, "take_room"))
    assert done.takeback == {"seat": 0, "depth": 1}
    take_back(hotel.pk, alice, done.version)
    match = Match.objects.get(pk=hotel.pk)
    assert match.state == opening and match.version == 2
    assert list(match.moves.values_list("payload", flat=True))[-1] == UNDO
    assert match.takeback == {"seat": 0, "depth": 0, "undone": True}
    assert verify_match(match) is None and replay_match(match) == opening
    assert [ply for ply, _state in states_by_ply(match)] == [0, 1, 2]
    assert state_at(match, 2) == opening


def test_each_step_of_the_turn_comes_back_in_turn_then_nothing_more(hotel, alice):
    opening = Match.objects.get(pk=hotel.pk).state
    play(hotel, alice, first(hotel, "take_room"))
    taken = Match.objects.get(pk=hotel.pk).state
    done = play(hotel, alice, first(hotel, "place"))
    assert done.takeback == {"seat": 0, "depth": 2}
    take_back(hotel.pk, alice, done.version)
    assert Match.objects.get(pk=hotel.pk).state == taken
    take_back(hotel.pk, alice, done.version + 1)
    assert Match.objects.get(pk=hotel.pk).state == opening
    with pytest.raises(NotAllowed, match=NOTHING):
        take_back(hotel.pk, alice, done.version + 2)
    assert Match.objects.get(pk=hotel.pk).version == 4


def test_only_the_player_who_moved_may_take_it_back(hotel, alice, bob, carol):
    done = play(hotel, alice, first(hotel, "take_room"))
    with pytest.raises(NotAllowed, match=NOTHING):
        take_back(hotel.pk, bob, done.version)
    with pytest.raises(NotAMember):
        take_back(hotel.pk, carol, done.version)
    assert Match.objects.get(pk=hotel.pk).version == done.version


def test_a_take_back_of_a_board_that_changed_is_refused_and_changes_nothing(hotel, alice):
    done = play(hotel, alice, first(hotel, "take_room"))
    with pytest.raises(StaleVersion):
        take_back(hotel.pk, alice, done.version - 1)
    match = Match.objects.get(pk=hotel.pk)
    assert match.version == done.version and match.takeback == {"seat": 0, "depth": 1}


def test_once_the_turn_is_over_or_the_bag_was_drawn_from_the_moves_stand(hotel, alice):
    play(hotel, alice, first(hotel, "refresh"))
    assert Match.objects.get(pk=hotel.pk).takeback is None, "a refresh draws rooms from the bag"
    play(hotel, alice, first(hotel, "take_room"))
    play(hotel, alice, first(hotel, "place"))
    done = play(hotel, alice, first(hotel, "done"))
    assert done.to_act == [1] and done.takeback is None
    with pytest.raises(NotAllowed, match=NOTHING):
        take_back(hotel.pk, alice, done.version)


def test_the_page_takes_back_and_answers_with_the_frame(hotel, alice, client_for):
    done = play(hotel, alice, first(hotel, "take_room"))
    client = client_for(alice)
    answer = client.post(f"/match/{hotel.pk}/take-back/", {"version": done.version})
    assert answer.status_code == 200 and 'id="match-live"' in answer.content.decode()
    again = client.post(f"/match/{hotel.pk}/take-back/", {"version": done.version + 1})
    assert again.status_code == 403 and NOTHING in again.content.decode()
    assert client.post(f"/match/{hotel.pk}/take-back/", {"version": "x"}).status_code == 400


def test_the_mover_sees_take_back_and_everyone_sees_that_it_was_used(hotel, alice, bob, client_for):
    from core.rendering import render_live

    done = play(hotel, alice, first(hotel, "take_room"))
    match = Match.objects.get(pk=hotel.pk)
    assert 'id="take-back-button"' in render_live(match, 0)
    assert 'id="take-back-button"' not in render_live(match, 1)
    assert 'id="take-back-button"' not in render_live(match, None)
    take_back(hotel.pk, alice, done.version)
    match = Match.objects.get(pk=hotel.pk)
    for audience in (0, 1, None):
        frame = render_live(match, audience)
        assert "alice took back a move." in frame and 'id="take-back-button"' not in frame
    play(hotel, alice, first(hotel, "take_room"))
    assert "took back a move" not in render_live(Match.objects.get(pk=hotel.pk), 1)


@pytest.mark.parametrize("slug", ["tictactoe", "lodge_hikers", "lodge_hotel", "kavango", "komodo"])
def test_in_every_game_what_may_be_taken_back_comes_back_exactly(slug, alice, bob):
    """Two people play the first 60 moves of a game through the service, each choosing its
    first legal move of a type the game declares undoable, else its first legal move; every time the mover may take back, they do, and the state is the one
    before the move; then they make the move again. Games that declare nothing offer nothing."""
    from core.plugins import registry

    game = registry().game(slug)
    match = join_table(create_table(alice, slug, 2, rated=False).pk, bob)
    people = {0: alice, 1: bob}
    taken_back = 0
    for _ in range(60):
        match = Match.objects.get(pk=match.pk)
        if match.status != Match.Status.ACTIVE:
            break
        seat = min(game.to_act(match.state))
        before = match.state
        legal = game.legal_moves(before, seat)
        move = next((m for m in legal if m["type"] in game.undoable), legal[0])
        done = submit_move(match.pk, people[seat], move, None)
        if done.may_take_back(seat):
            take_back(match.pk, people[seat], done.version)
            assert Match.objects.get(pk=match.pk).state == before
            submit_move(match.pk, people[seat], move, None)
            taken_back += 1
    assert bool(taken_back) == bool(game.undoable), taken_back
    assert verify_match(Match.objects.get(pk=match.pk)) is None
