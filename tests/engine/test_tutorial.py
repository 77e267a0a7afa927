"""A guided first game is data the rules replay: what :func:`problems` finds wrong, and the stops."""

from dataclasses import replace

from tictactoe.rules import TicTacToe
from tictactoe.tutorial import TUTORIAL, mark

from core.engine.tutorial import Lesson, Tutorial, problems, stop_at, walk

GAME = TicTacToe()


def test_the_tictactoe_tutorial_plays_to_a_win_for_the_learner():
    stops = list(walk(GAME, TUTORIAL))
    assert [s.index for s in stops] == [0, 1, 2, 3, 4]
    assert [s.lesson for s in stops[:-1]] == list(TUTORIAL.lessons) and stops[-1].lesson is None
    assert GAME.result(stops[-1].state).ranks == [1, 2]
    assert problems(GAME, TUTORIAL) == []


def test_the_other_seat_plays_its_listed_replies_then_its_first_legal_move():
    short = replace(TUTORIAL, replies={1: (mark(7),)}, lessons=TUTORIAL.lessons[:2])
    _first, second, end = walk(GAME, short)
    assert second.state["board"] == [None, None, None, None, 0, None, None, 1, None]
    assert end.state["board"][0] == 1, "after its list, O takes the lowest free square"


def test_a_lesson_whose_move_is_taken_is_reported_with_its_number():
    broken = replace(TUTORIAL, lessons=(TUTORIAL.lessons[0], Lesson(mark(0), "Mark it.", "Because.")))
    assert problems(GAME, broken) == ["lesson 2: {'type': 'mark', 'cell': 0} is not among the legal moves"]


def test_lessons_after_the_game_is_over_or_without_words_are_reported():
    extra = replace(TUTORIAL, lessons=(*TUTORIAL.lessons, Lesson(mark(3), "More", "More")))
    assert problems(GAME, extra) == ["lesson 5: the game is already over"]
    mute = replace(TUTORIAL, lessons=(Lesson(mark(4), " ", "why"),))
    assert problems(GAME, mute) == ["a lesson without words: {'type': 'mark', 'cell': 4}"]
    other = Tutorial(game="kavango", players=2, lessons=TUTORIAL.lessons)
    assert "the tutorial is for 'kavango', not 'tictactoe'" in problems(GAME, other)


def test_a_stop_is_found_by_the_moves_played_and_only_there():
    assert stop_at(GAME, TUTORIAL, 2).index == 1
    assert stop_at(GAME, TUTORIAL, 3) is None
    assert stop_at(GAME, TUTORIAL, -1) is None


def test_a_reply_names_only_the_fields_it_cares_about_and_one_matching_nothing_is_reported():
    corner = replace(TUTORIAL, replies={1: ({"cell": 8},)}, lessons=TUTORIAL.lessons[:1])
    _first, end = walk(GAME, corner)
    assert end.state["board"][8] == 1, "the first legal move with cell 8"
    nowhere = replace(TUTORIAL, replies={1: ({"type": "pass"},)}, lessons=TUTORIAL.lessons[:2])
    assert problems(GAME, nowhere) == ["move 2, seat 2: no legal move has {'type': 'pass'}"]
