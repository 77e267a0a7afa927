"""The Game base class, declared options and the final Result.

One object per game with a fixed API (the OpenSpiel shape). Subclasses set the metadata and
implement the rule functions; the base class supplies move dispatch (one ``move_<type>`` method
per move type, so each type has exactly one handler that validates its own payload).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, replace
from typing import Any, ClassVar

from .errors import MalformedMove

State = dict[str, Any]
Move = dict[str, Any]


class OptionError(ValueError):
    """A table's options do not fit the game; the message is shown on the create-table form."""


@dataclass(frozen=True)
class Option:
    """A setting chosen when a table is created.

    ``kind`` is ``"bool"``, ``"int"`` or ``"choice"``. With ``per_seat=True`` every seat gets its
    own value (a handicap difficulty, say); the game then reads it from ``seat_options[seat]``.
    ``players`` limits the option to tables with that many players (e.g. ``(1, 1)`` for solo only).
    """

    name: str
    label: str
    kind: str = "choice"
    default: Any = None
    choices: tuple[tuple[Any, str], ...] = ()
    min: int | None = None
    max: int | None = None
    help: str = ""
    per_seat: bool = False
    players: tuple[int, int] | None = None

    def applies_to(self, players: int) -> bool:
        return self.players is None or self.players[0] <= players <= self.players[1]

    def clean(self, raw: Any) -> Any:
        """Convert a submitted value (often a string from a form) or raise OptionError."""
        if raw is None or raw == "":
            return self.default
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            if str(raw).lower() in ("1", "true", "on", "yes"):
                return True
            if str(raw).lower() in ("0", "false", "off", "no"):
                return False
            raise OptionError(f"{self.label}: expected yes or no.")
        if self.kind == "int":
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise OptionError(f"{self.label}: expected a whole number.") from None
            if self.min is not None and value < self.min or self.max is not None and value > self.max:
                raise OptionError(f"{self.label}: must be between {self.min} and {self.max}.")
            return value
        for value, _label in self.choices:
            if raw == value or str(raw) == str(value):
                return value
        allowed = ", ".join(str(label) for _v, label in self.choices)
        raise OptionError(f"{self.label}: choose one of {allowed}.")


@dataclass
class Result:
    """How a finished game ended.

    ``ranks`` are 1-based per seat, equal ranks meaning a shared place after every tie-break.
    ``tiebreak`` explains in words how ties were settled (shown under the final scores).
    ``won`` is set for solo and cooperative games, where a seat wins or loses against the game.
    ``breakdown`` gives per seat the points by category for the score table.
    ``resigned`` lists the seats whose players resigned (set by the portal, not the rules; see
    :meth:`after_resignations`).
    """

    scores: list[float]
    ranks: list[int]
    tiebreak: str = ""
    won: list[bool] | None = None
    breakdown: list[dict[str, float]] | None = None
    details: dict[str, Any] = field(default_factory=dict)
    resigned: list[int] = field(default_factory=list)

    def after_resignations(self, seats: list[int]) -> Result:
        """The result with ``seats`` resigned: they share the last place, whatever the bot that
        finished their game scored, and lose a game won against the game (solo, co-op).

        A bot plays a resigned seat to the end so the others can play on; without this, a player
        who resigned early could be ranked, and rated, by how well the bot then played. The
        seats that stayed keep their order (and their ties) among themselves.
        """
        gone = set(seats)
        stayed = [r for s, r in enumerate(self.ranks) if s not in gone]
        ranks = [len(stayed) + 1 if s in gone else 1 + sum(other < r for other in stayed)
                 for s, r in enumerate(self.ranks)]
        won = None if self.won is None else [w and s not in gone for s, w in enumerate(self.won)]
        return replace(self, ranks=ranks, won=won, resigned=sorted(gone))

    def to_json(self) -> dict[str, Any]:
        """The result as stored; ``resigned`` only when someone resigned, so the results (and
        golden transcripts) of the games nobody resigned from read as they always did."""
        data = asdict(self)
        if not data["resigned"]:
            del data["resigned"]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Result:
        return cls(**data)


def ranks_by(keys: list[tuple]) -> list[int]:
    """1-based competition ranks from per-seat sort keys, higher key = better; equal keys share."""
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    ranks = [0] * len(keys)
    for position, seat in enumerate(order):
        if position and keys[seat] == keys[order[position - 1]]:
            ranks[seat] = ranks[order[position - 1]]
        else:
            ranks[seat] = position + 1
    return ranks


def strings_in(value: Any) -> Iterator[str]:
    """Every string held anywhere in a JSON-like ``value`` (dict values and list items, nested):
    the piece ids a conservation count looks at."""
    stack: list[Any] = [value]
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
        elif isinstance(value, str):
            yield value


def without_marks(value: Any) -> Any:
    """A JSON-like view part without its ``is_last`` flags (at any depth): the boards' marks of
    what the last move touched, which say nothing about what a seat's own move means."""
    if isinstance(value, dict):
        return {k: without_marks(v) for k, v in value.items() if k != "is_last"}
    if isinstance(value, list):
        return [without_marks(v) for v in value]
    return value


class Game:
    """Base class for a game's rules. Everything here is pure: no I/O, no globals, no Django.

    The framework always hands ``apply`` a private deep copy of the state (see
    :func:`core.engine.play`), so handlers may mutate ``state`` freely and a refused move provably
    changes nothing.
    """

    slug: ClassVar[str]
    name: ClassVar[str]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    playing_time: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    options: ClassVar[tuple[Option, ...]] = ()
    #: Whether some seat may not know part of the state (hands, decks, secret picks). A game
    #: with hidden information implements :meth:`determinize` so bots can decide fairly; a game
    #: without sets this to False and bots may sample the true state, which hides nothing.
    hidden_information: ClassVar[bool] = True
    #: Move types a player may take back while it is still their turn (see
    #: :mod:`core.engine.undo`): steps of a turn such as placing a tile or buying something,
    #: never the move that ends the turn. The framework refuses any such move that drew on
    #: chance or showed anyone something they could not see before, so declaring a type only
    #: says the game's rules allow it.
    undoable: ClassVar[frozenset[str]] = frozenset()

    # ---- the contract ---------------------------------------------------------------------
    def setup(
        self,
        players: int,
        options: dict[str, Any],
        seat_options: list[dict[str, Any]],
        rng: random.Random,
    ) -> State:
        raise NotImplementedError

    def to_act(self, state: State) -> set[int]:
        """Seats that may move now: one for a sequential turn, several for simultaneous picks,
        none once the game is over."""
        raise NotImplementedError

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every move ``seat`` may make now (empty if it is not to act). Must be complete: bots,
        UI hints and fuzz tests are driven by it."""
        raise NotImplementedError

    def apply(self, state: State, seat: int, move: Move, rng: random.Random) -> State:
        """Dispatch ``move`` to ``move_<type>(state, seat, move, rng)`` and return the new state.

        Moves from outside reach the handler already checked (plain JSON, small, shallow, valid
        Unicode: :func:`core.engine.fields.check_payload`) and as a
        :class:`core.engine.play.ReadMove`: the move log stores only the fields the handler
        read (``move["x"]``, ``move.get("x")``, ``"x" in move``, or the ``get_*`` readers of
        :mod:`core.engine.fields`). So a handler reads each field it needs through the mapping
        and nothing else is needed to normalise a move; extra fields a client sends are dropped.
        """
        if not isinstance(move, dict):
            raise MalformedMove("A move must be an object with a 'type'.")
        kind = move.get("type")
        handler = getattr(self, f"move_{kind}", None) if isinstance(kind, str) else None
        if handler is None or not kind.isidentifier():
            known = ", ".join(sorted(self.known_move_types())) or "none"
            raise MalformedMove(f"Unknown move type {kind!r}; this game knows: {known}.")
        result = handler(state, seat, move, rng)
        return state if result is None else result

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None`` = a spectator). Must hide everything in secrets()."""
        raise NotImplementedError

    def secrets(self, state: State, seat: int | None) -> set[str]:
        """Identifiers ``seat`` must not see: cards in other hands, face-down stacks, picks not
        yet revealed. The test-kit scans every view, page and frame for them."""
        raise NotImplementedError

    def result(self, state: State) -> Result | None:
        """``None`` while the game goes on, then the final Result."""
        raise NotImplementedError

    # ---- bots: deciding from what a seat may know -----------------------------------------
    def determinize(self, view: dict[str, Any], seat: int, rng: random.Random) -> State:
        """A full state that ``seat`` cannot tell apart from the real one, given only its view.

        Bots never receive the real state; a search bot imagines the unknown part by calling this
        many times and playing each sample out. A sample must:

        - give back the seat's own view exactly: ``view(determinize(view(s, seat), seat, rng),
          seat) == view(s, seat)`` (so everything the seat sees, its own hand, the public
          board, scores, counts of cards in other hands and in decks, stays as it is);
        - conserve the game's material: every card or tile that is hidden from the seat (other
          hands, face-down decks, unrevealed picks) is dealt from the same pool the real state
          could hold, each exactly once, with the sizes the view shows; nothing is invented or
          duplicated (the kit compares :meth:`material` of the sample and the real state);
        - be a legal, playable state: ``legal_moves(sample, seat)`` equals the seat's real legal
          moves, every other seat's legal moves work, and play can go on from it to a result;
        - depend only on ``view``, ``seat`` and ``rng`` (same three in, same sample out), never on
          anything the game cached elsewhere.

        Unknown order (a shuffled deck) is drawn with ``rng``; what the rules let the seat infer
        (cards it saw passed on, for instance) may be kept but need not be. Games without hidden
        information set ``hidden_information = False`` and need not implement this.
        """
        raise NotImplementedError

    def material(self, state: State) -> Counter:
        """The pieces in ``state``, counted, for the kit's conservation check on samples: by
        default every string in it (card and tile ids, mostly). A game whose state also names a
        piece a second time (a secret pick that refers to a card in hand, say) counts only the
        places a piece really is, so moving hidden pieces around keeps the count."""
        return Counter(strings_in(state))

    def implements_determinize(self) -> bool:
        """True when this game can sample states for a seat (or has nothing to hide)."""
        return not self.hidden_information or type(self).determinize is not Game.determinize

    def rollout_bot(self) -> Any:
        """A :class:`core.engine.Bot` for the search bot's rollouts, if the game has one that is
        cheaper or better suited than its heuristic bot; ``None`` = use the heuristic bot."""
        return None

    def interim_scores(self, state: State) -> list[float] | None:
        """Each seat's points as if the game ended now (or a fair estimate of its final points),
        so the search bot can stop a rollout after a few dozen plies instead of playing a long
        game to its end; ``None`` (the default) = rollouts always play to the end."""
        return None

    # ---- optional refinements ------------------------------------------------------------
    def validate_options(
        self, players: int, options: dict[str, Any], seat_options: list[dict[str, Any]]
    ) -> None:
        """Raise OptionError for combinations the rules forbid (after each value is cleaned)."""

    def decision_basis(self, state: State, seat: int) -> Any:
        """What a move by ``seat`` is decided on: per-seat staleness compares it, nothing else.

        A move carries the version of the board its player saw. When other moves were made since,
        the move is still accepted if this basis, taken when the player looked, equals the basis
        now: nothing that matters to this seat changed (BGA's multiactive states work this way).
        The default is the seat's view without its log and last-move marks (``last`` and every
        ``is_last`` flag, at any depth: the first pick of a turn clears the marks of the reveal
        before it), plus its legal moves, which is right for sequential games. A game with
        simultaneous secret picks overrides it to leave out what other seats' commits change (a
        "has picked" flag, a count of picks), and keeps what changes the meaning of this seat's
        move (a new round's cards). Must be JSON data and must hold nothing the seat may not see.
        """
        view = self.view(state, seat)
        shown = {k: without_marks(v) for k, v in view.items() if k not in ("log", "last")}
        return {"view": shown, "moves": self.legal_moves(state, seat)}

    def progress(self, state: State) -> float:
        """A rough 0..1 measure of how far the game is, for lobby lists."""
        return 0.0

    def known_move_types(self) -> list[str]:
        """The move types this game handles: one per ``move_<type>`` method."""
        return [n[len("move_"):] for n in dir(self) if n.startswith("move_")]

    def __repr__(self) -> str:
        return f"<Game {self.slug}>"


def players_wanted(game: Game) -> str:
    """How many play ``game``, as the site says it wherever a count is refused (no full stop)."""
    if game.min_players == game.max_players:
        return f"{game.name} is played by exactly {game.min_players} players"
    return f"{game.name} is played by {game.min_players} to {game.max_players} players"
