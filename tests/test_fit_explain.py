"""Board parts explain themselves (issue 46, part 1), for the boards that have their words so far
(Komodo's map and end-turn buttons, the ski hotel, Lodge hikers, Kavango, tic-tac-toe).

Boards are drawn the way the match page draws them at points of a seeded random game; then:

- every part marked ``data-explain`` has words a screen reader gets: its own
  ``aria-description``, or an ``aria-describedby`` pointing at words written in the same board;
- every part of the kinds a player sees on that board (the classes below, named as the game's
  own parts) sits inside a part with words, so a new kind drawn without them fails here;
- every kind of words a board declares is drawn somewhere in the game (no words for parts that
  do not exist).
"""

from __future__ import annotations

import random
from html.parser import HTMLParser

import pytest

from core.engine.play import play, resolve_options, start
from core.plugins import registry
from core.pytest_plugin import draw_board

#: The kinds of parts each explained board draws, by class: what a person sees and may wonder
#: about (the issue's list: Komodo's numbers, padlocks and "S" and its end-turn buttons; the ski
#: hotel's guest pills, rooms, floors and floor bonus; Lodge hikers' customers, snack cards,
#: reveal and squirrels; Kavango's cards, tracks, Reserve and Sanctuary; tic-tac-toe's squares).
SEEN_KINDS = {
    "komodo": {"komodo-tile", "komodo-tileno", "komodo-marker", "komodo-size", "komodo-lock",
               "komodo-end", "komodo-card"},
    "lodge_hotel": {"lodge_hotel-guest", "lodge_hotel-room", "lodge_hotel-icon",
                    "lodge_hotel-elevator"},
    "lodge_hikers": {"lodge_hikers-tokens", "lodge_hikers-customer", "lodge_hikers-card",
                     "lodge_hikers-need", "lodge_hikers-mini", "lodge_hikers-reveal",
                     "lodge_hikers-squirrel", "lodge_hikers-collected"},
    "kavango": {"kavango-cell", "kavango-grid", "kavango-k-animal", "kavango-k-producer",
                "kavango-k-action", "kavango-research", "kavango-climate", "kavango-track-habitat",
                "kavango-track-smuggling", "kavango-track-climate", "kavango-rows",
                "kavango-symbols", "kavango-sanctuary", "kavango-lodges", "kavango-goals"},
    "tictactoe": {"tictactoe-cell", "tictactoe-strike"},
}
PLAYERS = {"komodo": 2, "lodge_hotel": 2, "lodge_hikers": 2, "kavango": 2, "tictactoe": 2}
SNAPSHOTS = 6
SEED = 46
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Parts(HTMLParser):
    """Walks a board's HTML, noting for each element of a seen kind whether it or an ancestor
    has words, and collecting every ``data-explain`` part and every id's text."""

    def __init__(self, kinds: set[str]):
        super().__init__()
        self.kinds = kinds
        self.stack: list[tuple[str, bool]] = []
        self.unexplained: set[str] = set()
        self.seen: set[str] = set()
        self.explained_parts: list[dict] = []
        self.ids: dict[str, list[str]] = {}
        self._texts: list[tuple[str, list[str]]] = []

    def handle_starttag(self, tag, attrs):
        self._element(tag, dict(attrs), closes=tag in VOID)

    def handle_startendtag(self, tag, attrs):
        self._element(tag, dict(attrs), closes=True)

    def _element(self, tag, attrs, closes):
        inherited = bool(self.stack and self.stack[-1][1])
        has_words = "data-explain" in attrs
        if has_words:
            self.explained_parts.append(attrs)
        for kind in self.kinds & set((attrs.get("class") or "").split()):
            self.seen.add(kind)
            if not (inherited or has_words):
                self.unexplained.add(kind)
        if attrs.get("id"):
            self.ids[attrs["id"]] = []
            self._texts.append((attrs["id"], self.ids[attrs["id"]]))
        if not closes:
            self.stack.append((tag, inherited or has_words))

    def handle_endtag(self, tag):
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data):
        for _id, text in self._texts:
            text.append(data)

    def words_of(self, attrs: dict) -> str:
        own = (attrs.get("aria-description") or "").strip()
        if own:
            return own
        return " ".join("".join(self.ids.get(i, [])).strip()
                        for i in (attrs.get("aria-describedby") or "").split()).strip()


def boards(slug: str):
    """The board of seat 0 at a few points of one seeded random game (start to near the end)."""
    game = registry().games[slug]
    options, seat_options = resolve_options(game, PLAYERS[slug])
    state = start(game, SEED, PLAYERS[slug], options, seat_options)
    rng = random.Random(SEED)
    states, ply = [state], 0
    while game.result(state) is None and ply < 400:
        seat = min(game.to_act(state))
        ply += 1
        state = play(game, state, seat, rng.choice(game.legal_moves(state, seat)), ply, SEED)
        states.append(state)
    picks = [states[i * (len(states) - 1) // (SNAPSHOTS - 1)] for i in range(SNAPSHOTS)]
    return game, [draw_board(game, s, 0) for s in picks]


@pytest.mark.parametrize("slug", sorted(SEEN_KINDS))
def test_every_part_a_player_sees_has_words(settings, slug):
    seen, unexplained, wordless = set(), set(), []
    for html in boards(slug)[1]:
        parts = Parts(SEEN_KINDS[slug])
        parts.feed(html)
        seen |= parts.seen
        unexplained |= parts.unexplained
        wordless += [a.get("class") for a in parts.explained_parts if not parts.words_of(a)]
    assert seen == SEEN_KINDS[slug], f"kinds never drawn in this game: {SEEN_KINDS[slug] - seen}"
    assert unexplained == set(), "parts drawn without words"
    assert wordless == [], "parts marked data-explain whose words are missing"


@pytest.mark.parametrize("slug", sorted(SEEN_KINDS))
def test_every_kind_of_words_belongs_to_a_part_drawn(settings, slug):
    """The words a board writes once (aria-describedby targets) are each pointed at by a part
    somewhere in the game: words for a part that no longer exists would be dead text."""
    pointed, written = set(), set()
    for html in boards(slug)[1]:
        parts = Parts(set())
        parts.feed(html)
        pointed |= {i for a in parts.explained_parts for i in (a.get("aria-describedby") or "").split()}
        written |= {i for i in parts.ids if i.startswith("explain-")}
    assert written <= pointed, f"words never used: {written - pointed}"


#: Each game's folded note on how the game is scored or won, and the element saying the current
#: step in a sentence (issue 46: both on the board before the end, not only in the final table).
SCORING_NOTES = {"kavango": "How scoring works", "komodo": "How scoring works",
                 "lodge_hikers": "How scoring works", "tictactoe": "How a game is won"}


class Steps(HTMLParser):
    """Collects the text of ``role="status"`` elements and of ``<summary>`` elements."""

    def __init__(self):
        super().__init__()
        self.open: list[tuple[str, list[str]]] = []
        self.status: list[str] = []
        self.summaries: list[str] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("role") == "status" or tag == "summary":
            self.open.append((tag, []))
            (self.status if tag != "summary" else self.summaries).append("")

    def handle_endtag(self, tag):
        if self.open and self.open[-1][0] == tag:
            _tag, text = self.open.pop()
            target = self.summaries if tag == "summary" else self.status
            target[-1] = " ".join("".join(text).split())

    def handle_data(self, data):
        for _tag, text in self.open:
            text.append(data)


@pytest.mark.parametrize("slug", sorted(SCORING_NOTES))
def test_each_step_is_said_and_scoring_explained_before_the_end(settings, slug):
    """At every point of the game but the last, the board says the current step in a sentence a
    screen reader announces, and carries the game's note on scoring, folded."""
    game, drawn = boards(slug)
    for html in drawn[:-1]:
        steps = Steps()
        steps.feed(html)
        assert SCORING_NOTES[slug] in steps.summaries
        assert any(len(said.split()) >= 4 for said in steps.status), steps.status


def _choose_animal_cards(moves) -> bool:
    return any(m["type"] == "replenish" and "animals" in m for m in moves)


def test_komodo_says_what_taking_fewer_animal_cards_means(settings):
    """Once the tiles run out, the end-turn buttons offer to take 0, 1 or 2 animal cards: each
    says what that means on the button (issue 46: it was explained nowhere)."""
    game = registry().games["komodo"]
    options, seat_options = resolve_options(game, 2)
    state = start(game, SEED, 2, options, seat_options)
    rng = random.Random(SEED)
    for ply in range(1, 2000):
        if game.result(state) is not None:
            break
        seat = min(game.to_act(state))
        if seat == 0 and _choose_animal_cards(game.legal_moves(state, 0)):
            break
        state = play(game, state, seat, rng.choice(game.legal_moves(state, seat)), ply, SEED)
    else:
        pytest.fail("the seeded game never reached the end of the tiles")
    parts = Parts({"komodo-end"})
    parts.feed(draw_board(game, state, 0))
    words = [parts.words_of(a) for a in parts.explained_parts if "komodo-end" in a.get("class", "")]
    assert words and all("costs you its points" in w for w in words), words
