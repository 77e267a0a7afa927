"""Template helpers for game boards: turning a legal move into something a player can click,
and the shared parts every board draws the same way (a card, a token, a player panel, who plays
which colour).

``{% move_attrs move %}`` gives any element the htmx attributes that POST that move with the
version the player is looking at; ``{% move_form_attrs %}`` does the same for a small form whose
fields make up the move. Both target the match page's feedback box for refusals.

The parts are built in Python, not from included templates: a board draws dozens of them for
every audience after every move, and a game's own Python tag (see the ski hotel's lodge grid)
calls the same builders (:func:`card_html`, :func:`token_html`, :func:`player_panel_html`) so a
part is written in one place whichever way a board draws it. Every part is named for a screen
reader by its visible words (no ``aria-label`` that could differ from what is shown), and a part
that makes a move is a real ``<button>`` at least 44 px each way (parts.css).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from django import template
from django.urls import reverse
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


def _seen(context) -> dict:
    """The version the player looks at, and their decision basis (per-seat staleness)."""
    return {"version": context["match"].version, "seen": context.get("seen", "")}


class BoardMoves:
    """The viewer's legal moves (``moves`` in the context), as a board looks them up.

    A board asks "is there a move for this cell?" once per cell, and the ski hotel's finished
    lodges have some fifty cells each; scanning the whole list each time made the lookups the
    largest cost of a frame. Each (type, fields) question is indexed on first use, so the next
    ones are dictionary look-ups, and the match's move URL is reversed once per board.
    """

    def __init__(self, context):
        self.context = context
        self.source = context.get("moves")
        self.moves = self.source or []
        self._index: dict[tuple, dict] = {}
        self._url = ""

    def find(self, kind: str, /, **fields):
        """The first legal move of type ``kind`` whose fields equal ``fields``, or None."""
        names = tuple(sorted(fields))
        if (kind, names) not in self._index:
            self._index[kind, names] = self._build(kind, names)
        index = self._index[kind, names]
        try:
            return _scan(self.moves, kind, fields) if index is None else index.get(
                tuple(fields[n] for n in names))
        except TypeError:  # a list asked for: compare by equality
            return _scan(self.moves, kind, fields)

    def _build(self, kind: str, names: tuple) -> dict | None:
        """Moves of ``kind`` by their values of ``names`` (the first one wins, as in a scan);
        None when a value is a list, which only a scan can compare."""
        index: dict = {}
        for move in self.moves:
            if move.get("type") == kind:
                try:
                    index.setdefault(tuple(move.get(n) for n in names), move)
                except TypeError:
                    return None
        return index

    def of_type(self, kind: str) -> list:
        return [m for m in self.moves if m.get("type") == kind]

    def attrs(self, move) -> SafeString:
        """The htmx attributes of an element that POSTs ``move``."""
        return self.post_attrs({"move": json.dumps(move), **_seen(self.context)})

    def post_attrs(self, values: dict) -> SafeString:
        if not self._url:
            # a guided first game posts to its own page (core.views.learn), a table to its match
            self._url = self.context.get("move_url") or reverse("match_move", args=[self.context["match"].pk])
        return format_html('hx-post="{}" hx-vals="{}" hx-target="#move-feedback" hx-swap="innerHTML"',
                           self._url, json.dumps(values))


def _scan(moves, kind, fields):
    for move in moves or []:
        if move.get("type") == kind and all(move.get(k) == v for k, v in fields.items()):
            return move
    return None


def board_moves(context) -> BoardMoves:
    """The render's :class:`BoardMoves`, built once and kept where Django keeps a render's own
    state (a new one when the context's moves are another list)."""
    found = context.render_context.get("meeple_moves")
    if found is None or found.source is not context.get("moves"):
        found = context.render_context["meeple_moves"] = BoardMoves(context)
    return found


@register.simple_tag(takes_context=True)
def move_attrs(context, move) -> str:
    return board_moves(context).attrs(move)


def post_attrs_with(context, url: str, move) -> str:
    """``move_attrs`` with the match's move URL already reversed, for a board drawing many
    buttons in Python without a :class:`BoardMoves` (``board_moves(context).attrs`` does the
    same and reverses the URL itself, once)."""
    return format_html('hx-post="{}" hx-vals="{}" hx-target="#move-feedback" hx-swap="innerHTML"',
                       url, json.dumps({"move": json.dumps(move), **_seen(context)}))


@register.simple_tag(takes_context=True)
def move_form_attrs(context) -> str:
    return board_moves(context).post_attrs(_seen(context))


@register.simple_tag(takes_context=True)
def find_move(context, moves, kind, /, **fields):
    """``{% find_move moves "place" floor=1 col=2 as m %}``: the first legal move of that type
    with those fields, or None, so a board can make exactly the matching cell clickable. Asking
    about the context's ``moves`` uses the render's index (:class:`BoardMoves`)."""
    if moves is not None and moves is context.get("moves"):
        return board_moves(context).find(kind, **fields)
    return _scan(moves, kind, fields)


@register.filter
def get(mapping, key):
    """``{{ view.hands|get:seat }}``: look up a dict key or list index held in a variable."""
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        try:
            return mapping[str(key)]
        except (KeyError, IndexError, TypeError):
            return None


@register.filter
def by_rank(players, result):
    """``{% for p in players|by_rank:result %}``: the final table reads from first place down
    (seat order among shared places), the way people read a result, not in seat order."""
    ranks = get(result, "ranks") or []
    last = len(ranks) + 1
    return sorted(players or [], key=lambda p: (get(ranks, p["seat"]) or last, p["seat"]))


@register.filter
def plus1(value):
    """Seats are 0-based in the rules and 1-based for people."""
    try:
        return int(value) + 1
    except (TypeError, ValueError):
        return value


@register.filter
def moves_of_type(moves, kind):
    return [m for m in moves or [] if m.get("type") == kind]


@register.filter
def game_name(slug):
    from core.plugins import registry

    game = registry().games.get(slug)
    return game.name if game else slug


# ---- the shared board vocabulary: parts drawn the same way in every game -------------------
# Core's parts carry classes starting with ``mh-``; a game's own classes start with its slug
# and a dash (``tictactoe-cell``); states are ``is-*`` (``is-last``, ``is-active``).


@register.simple_tag
def meeple_css() -> str:
    """``{% meeple_css %}``: the stylesheet of the shared parts, for a board that uses them."""
    from django.templatetags.static import static

    return format_html('<link rel="stylesheet" href="{}">', static("meeple/parts.css"))


@register.simple_tag
def is_last(view, kind, item) -> str:
    """``class="kavango-card {% is_last view 'cards' card.id %}"``: ``is-last`` when the view's
    ``last`` entry (what the last move touched) lists ``item`` under ``kind``."""
    last = view.get("last") if isinstance(view, dict) else None
    touched = last.get(kind) if isinstance(last, dict) else None
    return "is-last" if isinstance(touched, list) and item in touched else ""


def _e(value) -> str:
    return str(conditional_escape(value))


def _classes(base: str, *states: tuple[bool, str], extra: str = "") -> str:
    return " ".join([base, *(name for on, name in states if on), *([extra] if extra else [])])


def card_html(name, value=None, detail="", kind="", attrs="", last=False, face_down=False,
              back="", label="", action="", symbol="", classes="", explain="") -> SafeString:
    """A card: its name, an optional value and detail line, and a decorative ``symbol`` (hidden
    from screen readers, which read the words). With ``attrs`` (from :meth:`BoardMoves.attrs`)
    it is a button making that move: ``label`` is said before the face ("Draft") and ``action``
    is shown on it ("Build this"), so its name for a screen reader is the words on it plus the
    verb. Face down, only the ``back`` is drawn: nothing of the face reaches the page. ``explain``
    (from :func:`explain_attrs` or :func:`explained_by`, defined below) makes the card explain
    itself, button or not; it is written before ``class``, which stays last."""
    tag = "button" if attrs else "div"
    css = _classes("mh-card", (bool(kind), f"mh-card--{kind}"), (face_down, "mh-card--back"),
                   (last, "is-last"), extra=classes)
    if face_down:
        body = f'<span class="mh-card-name">{_e(back or "Face down")}</span>'
    else:
        body = "".join([
            f'<span class="mh-visually-hidden">{_e(label)} </span>' if label and attrs else "",
            f'<span class="mh-card-symbol" aria-hidden="true">{_e(symbol)}</span>' if symbol else "",
            f'<span class="mh-card-name">{_e(name)}</span>',
            f'<span class="mh-card-value">{_e(value)}</span>' if value is not None and value != "" else "",
            f'<span class="mh-card-detail">{_e(detail)}</span>' if detail else "",
            f'<span class="mh-card-action">{_e(action)}</span>' if action and attrs else "",
        ])
    opening = (f'<button type="button" {attrs}{explain} class="{_e(css)}">' if attrs
               else f'<div{explain} class="{_e(css)}">')
    return mark_safe(f"{opening}{body}</{tag}>")


@register.simple_tag(takes_context=True)
def card(context, name, value=None, detail="", kind="", move=None, last=False, face_down=False,
         back="", label="", action="", symbol="", classes="", explain=""):
    """``{% card "Zebra" value=3 detail="savanna" kind="animal" move=m label="Draft" %}``: a card
    face (see :func:`card_html`); with ``move`` it is a button playing that move. ``explain``
    takes the attributes a game's tag built with :func:`explained_by` or :func:`explain_attrs`."""
    attrs = board_moves(context).attrs(move) if move else ""
    return card_html(name, value, detail, kind, attrs, last, face_down, back, label, action,
                     symbol, classes, explain)


def token_html(label, count=None, kind="", symbol="", face="", last=False, classes="") -> SafeString:
    """A round token with an optional count. The drawing (``face``: safe markup from the game,
    or else the ``symbol`` or the label's first letter) and the count are hidden from screen
    readers, which read ``label`` and the count in words instead ("Squirrel: 3")."""
    said = f"{label}: {count}" if count is not None else str(label)
    drawn = face if face else _e(symbol or str(label)[:1])
    css = _classes("mh-token", (bool(kind), f"mh-token--{kind}"), (last, "is-last"), extra=classes)
    return mark_safe(
        f'<span class="{_e(css)}" title="{_e(said)}"><span class="mh-token-face" aria-hidden="true">'
        f"{drawn}</span>"
        + (f'<span class="mh-token-count" aria-hidden="true">{_e(count)}</span>' if count is not None else "")
        + f'<span class="mh-visually-hidden">{_e(said)}</span></span>')


@register.simple_tag
def token(label, count=None, kind="", symbol="", last=False, classes=""):
    """``{% token "Squirrel" count=3 kind="squirrel" symbol="S" %}``: a token (see
    :func:`token_html`); ``label`` is what a screen reader says."""
    return token_html(label, count, kind, symbol, "", last, classes)


def player_panel_html(name, you=False, active=False, last=False, stats: Iterable = (),
                      facts: Iterable = (), badges: Iterable = (), body="", label="",
                      classes="") -> SafeString:
    """One player's panel: a heading with the name, "(you)" for the viewer and "to play" for
    the seat to act, then ``badges`` (short safe or plain phrases beside the name: "1st place"),
    ``stats`` as label/value pairs, ``facts`` as phrases ("3 cards in hand"), and ``body``: the
    game's own markup (a lodge grid). The panel is a region named by ``label`` (default: the
    name), so a screen reader can jump from player to player."""
    css = _classes("mh-player", (active, "is-active"), (you, "is-you"), (last, "is-last"), extra=classes)
    out = [f'<section class="{_e(css)}" aria-label="{_e(label or name)}">',
           f'<h3 class="mh-player-name">{_e(name)}',
           ' <span class="mh-player-you">(you)</span>' if you else "",
           ' <span class="mh-player-turn">to play</span>' if active else "",
           "".join(f' <span class="mh-player-badge">{_e(b)}</span>' for b in badges if b),
           "</h3>"]
    pairs = list(stats.items()) if isinstance(stats, dict) else list(stats or [])
    if pairs:
        out.append('<dl class="mh-player-stats">' + "".join(
            f"<div><dt>{_e(k)}</dt><dd>{_e(v)}</dd></div>" for k, v in pairs) + "</dl>")
    phrases = [f for f in facts or () if f]
    if phrases:
        out.append('<ul class="mh-player-facts">' + "".join(f"<li>{_e(f)}</li>" for f in phrases) + "</ul>")
    out.append(f"{_e(body)}</section>" if body else "</section>")
    return mark_safe("".join(out))


@register.simple_tag(takes_context=True)
def player_panel(context, player, stats=None, active=False, last=False, facts=None, badges=None,
                 classes=""):
    """``{% player_panel p stats=row active=True %}``: one player's panel (see
    :func:`player_panel_html`), where ``p`` is an entry of ``players`` and ``stats`` a dict (or
    pairs) of label -> value from the view; the viewer's own panel is marked ``is-you``."""
    seat = player.get("seat") if isinstance(player, dict) else None
    name = player.get("name", "") if isinstance(player, dict) else str(player)
    return player_panel_html(name, you=seat is not None and seat == context.get("seat"),
                             active=active, last=last, stats=stats or (), facts=facts or (),
                             badges=badges or (), classes=classes)


def colour_key_html(players: Iterable, colours, viewer=None, classes="") -> SafeString:
    """Who plays which colour (or mark, or side): one line per seat that has one, "Ann plays
    Red", the viewer's own marked "(you)" and ``is-you``. ``colours`` holds one word per seat, as
    a view's ``colours`` key does (the players bar shows the same words). Each line carries
    ``data-seat`` so a game's stylesheet can paint the colour (``.connect4-board
    .mh-colour[data-seat="0"] .mh-colour-name``)."""
    colours = colours if isinstance(colours, (list, tuple)) else []
    lines = []
    for player in players or ():
        seat = player.get("seat") if isinstance(player, dict) else None
        if not isinstance(seat, int) or not 0 <= seat < len(colours) or not colours[seat]:
            continue
        you = viewer is not None and seat == viewer
        lines.append(
            f'<li class="{_classes("mh-colour", (you, "is-you"))}" data-seat="{seat}">'
            f'<span class="mh-colour-player">{_e(player.get("name", ""))}'
            f'{" (you)" if you else ""}</span> plays '
            f'<span class="mh-colour-name">{_e(colours[seat])}</span></li>')
    if not lines:
        return mark_safe("")
    return mark_safe(f'<ul class="{_e(_classes("mh-colours", extra=classes))}">{"".join(lines)}</ul>')


@register.simple_tag(takes_context=True)
def colour_key(context, players, colours, classes=""):
    """``{% colour_key players view.colours %}``: who plays which colour, mark or side (see
    :func:`colour_key_html`), the viewer's own line marked."""
    return colour_key_html(players, colours, context.get("seat"), classes)


@register.filter
def seat_option_labels(options, game):
    """A seat's options as people read them: the option's label and the chosen value's label
    ("Lodges difficulty: Maximum"), never the raw keys ("difficulty: maximum")."""
    declared = {o.name: o for o in getattr(game, "options", ())}
    labels = []
    for name, value in (options or {}).items():
        option = declared.get(name)
        if option is None:
            labels.append(f"{name}: {value}")
        elif option.kind == "bool":
            labels.append(f"{option.label}: {'yes' if value else 'no'}")
        else:
            shown = dict(option.choices).get(value, value)
            labels.append(f"{option.label}: {shown}")
    return labels


@register.filter
def shared_seat_options(players, game) -> list[str]:
    """The seat options every seat shares, as :func:`seat_option_labels` reads them: the players
    bar says them once for the table instead of on every seat's chip."""
    labelled = [seat_option_labels(p.get("options"), game) for p in players or []]
    if not labelled:
        return []
    return [label for label in labelled[0] if all(label in others for others in labelled[1:])]


@register.filter
def without(items, dropped) -> list:
    """``{{ labels|without:shared }}``: the items not in ``dropped``, in their order."""
    return [item for item in items or [] if item not in (dropped or [])]


def explain_attrs(words: str) -> str:
    """The attributes that make a board part explain itself: its words as ``aria-description``
    (read by screen readers after the part's name) and ``data-explain``, which
    static/js/explain.js shows beside the part on hover, focus and a long press."""
    return f' data-explain aria-description="{_e(words)}"'


def explained_by(key: str) -> str:
    """For a kind of part drawn many times (a map's tiles, markers): the attributes pointing at
    its words, written once in the board by :func:`explanations_html`, so a frame carries each
    explanation once however many parts share it."""
    return f' data-explain aria-describedby="explain-{_e(key)}"'


def explanations_html(parts: dict[str, str]) -> str:
    """The words of each kind of part, once, hidden (screen readers and static/js/explain.js
    read them through ``aria-describedby``)."""
    words = "".join(f'<span id="explain-{_e(key)}">{_e(text)}</span>' for key, text in parts.items())
    return f'<div class="explanations" hidden>{words}</div>'


@register.simple_tag
def explain(words) -> SafeString:
    """``<span {% explain "A padlock: ..." %}>``: :func:`explain_attrs` in a template."""
    return mark_safe(explain_attrs(str(words)))
