"""Board helpers: how to say a move in words, what a term means, the action panel's groups, and
the parts drawn in Python.

Finding the move behind a Reserve space or a card is core's ``find_move`` (its render index,
:class:`core.templatetags.meeple.BoardMoves`); cards, tokens and player panels are core's parts.
A player's panel holds a 3 x 8 Reserve that every audience's frame redraws after every move, so
the Reserve is built here as strings (one dictionary look-up per space) rather than as an
included template per space with five move searches each.
"""

from __future__ import annotations

from html import escape

from django import template
from django.utils.safestring import SafeData, mark_safe

from core.templatetags.meeple import (
    board_moves,
    card_html,
    explain_attrs,
    explained_by,
    explanations_html,
    player_panel_html,
    token_html,
)
from core.text import and_list, counted

from .. import catalog as cat
from ..rules.lodges import golden_text
from ..rules.reserve import space_words

register = template.Library()

# Moves made by clicking a Reserve space (or a card) rather than a panel button.
BOARD_MOVES = ("place", "lift", "drop", "unlock", "draft", "sanctuary_pick", "expert",
               "return_lodge", "golden", "build")
USE_LABELS = {
    "producer": "Tuck as a producer",
    "sanctuary": "Put in the Sanctuary",
    "action": "Play the action",
    "discard": "Discard for money",
    "reserve": "Place here",
}
# What each choice means, shown beside its button (the rulebook's terms, in plain words).
HELP = {
    "use:producer": "The card slides under the top edge of your board and adds its food symbol, "
    "which your animals' requirements count from now on.",
    "use:reserve": "Click a highlighted space of your Reserve: the animal scores its points there.",
    "use:sanctuary": "A holding pen of 3 spaces: the animal waits there (scoring nothing) until "
    "you move it into your Reserve in an Investment stage, or sell it.",
    "use:action": "Do what the card says; then it goes to the discard pile.",
    "use:discard": "The card goes to the open discard pile and you take $1m (nothing for a "
    "card taken with Relocation).",
    "relocate": "Pay $1m and use a card from the discard pile as if you had drafted it.",
    "exchange_give": "Choose the Sanctuary animal to swap away.",
    "exchange_take": "Choose the discard-pile animal that takes its Sanctuary space.",
    "rewild_free": "A Rewilding card is a producer bought from the supply; this one is free.",
    "research": "Take the payout of the tier you meet now. Each card once per round; you cannot "
    "upgrade it later.",
    "protect": "Your own tracks, up to level 4; animals may ask for a level, and level 4 earns a "
    "10-point award.",
    "climate": "Markers go on the shared track; full sections raise everyone's Climate level. "
    "8 of your markers earn the 10-point Climate Award.",
    "rewild": "Buy a producer from the Rewilding supply (one per Investment stage).",
    "sell": "Sell a Sanctuary animal for money; it goes to the discard pile.",
    "release": "Move a Sanctuary animal whose requirements you meet into your Reserve.",
    "rearrange": "Pick animals up and put them on other free spaces, or swap two, to form Lodge "
    "blocks. Animals next to a Lodge stay put.",
    "discard_lodge": "An unbuilt Lodge card can be turned in for its level in money (then it "
    "scores nothing).",
    "solar": "Place removed Community Protection markers, solar side up, on a still-locked "
    "space: you earn their value and the space stays locked for good.",
    "done": "End your Investment stage; the next player in hand-marker order goes on.",
}
GROUPS = (
    ("Your card", ("use", "relocate", "exchange_give", "exchange_take", "rewild_free")),
    ("Research", ("research",)),
    ("Protection and climate", ("protect", "climate")),
    ("Rewilding", ("rewild",)),
    ("Sanctuary", ("sell", "release")),
    ("Lodges", ("rearrange", "finish_rearranging", "discard_lodge")),
    ("Community Solar", ("solar",)),
    ("", ("done",)),
)
@register.filter
def move_label(move):
    kind = move.get("type")
    card = move.get("card")
    if kind == "use":
        return USE_LABELS.get(move.get("how"), "Use")
    if kind in ("relocate", "exchange_take"):
        return f"Take {cat.card_name(card)}"
    if kind == "exchange_give":
        return f"Give {cat.card_name(card)}"
    if kind == "rewild_free" or (kind == "rewild" and move.get("kind")):
        return f"{move.get('kind', '').title()} Rewilding card"
    if kind == "sell":
        return f"Sell {cat.card_name(card)}"
    if kind == "release":
        return f"Move {cat.card_name(card)} to the Reserve"
    if kind == "research":
        r = cat.RESEARCH_BY_ID.get(card)
        return f"Claim {r.name if r else card}, tier {move.get('tier')}"
    if kind == "protect":
        return f"Raise {move.get('track', '').title()} protection"
    if kind == "climate":
        return "Place a free climate marker" if move.get("free") else "Place a climate marker ($1m)"
    if kind == "discard_lodge":
        lodge = cat.LODGES_BY_ID.get(card)
        if lodge:
            return f"Turn in the level {lodge.level} Lodge card ({cat.type_list(lodge.requires)})"
    if kind == "solar":
        markers = move.get("markers", [])
        return (
            f"Solar on the {space_words(move['row'], move['col'])} "
            f"({' + '.join(str(m) for m in markers)}): +${sum(markers)}m"
        )
    if kind == "build":
        lodge = cat.LODGES_BY_ID.get(card)
        return f"Build the level {lodge.level} Lodge ({cat.type_list(lodge.requires)}) here"
    if kind == "golden":
        return f"Place the Golden Lodge here ({golden_text(card)})"
    return {
        "done": "Done investing",
        "rearrange": "Rearrange animals",
        "finish_rearranging": "Finish rearranging",
        "lift": "Pick up",
        "drop": "Put here",
        "place": "Place here",
        "unlock": "Unlock",
    }.get(kind, kind)


@register.filter
def move_help(move):
    """What a choice means, in a sentence (empty when the label says it all)."""
    kind = move.get("type")
    return HELP.get(f"use:{move.get('how')}" if kind == "use" else kind, "")


def type_name(animal_type):
    """An animal type or food symbol in words ("reptile/amphibian", "grass")."""
    return cat.SYMBOL_NAMES.get(animal_type, animal_type)


def seat_colour(seat):
    """The colour class of a seat's markers and panel (-1 is Oppo)."""
    return "oppo" if seat == -1 else f"s{seat}"


@register.simple_tag
def grouped_moves(moves):
    """The panel's buttons, grouped under headings in a fixed order (board clicks left out)."""
    shown = [m for m in moves or [] if m.get("type") not in BOARD_MOVES and not (
        m.get("type") == "use" and m.get("how") == "reserve")]
    groups = []
    for title, kinds in GROUPS:
        found = [m for m in shown if m.get("type") in kinds]
        if found:
            groups.append({"title": title, "moves": found, "help": move_help(found[0])
                           if title not in ("Your card",) else ""})
    return groups


# ---- what each part is (issue 46) ------------------------------------------------------------

#: What each kind of part drawn many times is, worth and good for, in the how-to-play page's
#: terms: written once per board (``{% kavango_explanations %}``), pointed at by every part of
#: that kind, shown on hover, focus and a long press and read by screen readers. Keyed by the
#: part's class, so a test can check every kind drawn has its words.
PARTS = {
    "kavango-cell": "A space of a Nature Reserve (3 rows of 8). An animal here scores its points "
    "at the end, and its food symbol counts towards your other animals' needs. Once in the "
    "Reserve an animal never leaves it. A striped space is locked by Community Protection: pay "
    "its value in an Investment stage to unlock it. Four animals in a 2\u00d72 block matching a "
    "kept Lodge card let you build a Lodge on the point between them.",
    "kavango-k-animal": "An animal card. The big number is its points, scored only while it "
    "lives in your Nature Reserve. It goes into the Reserve when you have every food symbol and "
    "level it needs (symbols are never used up), or into the Sanctuary, which needs nothing "
    "and scores nothing until you move it to the Reserve. Deck B holds the easier animals, deck C "
    "the big ones.",
    "kavango-k-producer": "A producer card: tuck it under your board and its food symbol counts "
    "for your animals' needs from then on. It scores no points itself.",
    "kavango-k-action": "An action card: play it for its effect once, then it goes to the "
    "discard pile. Any card can instead be discarded for $1m.",
    "kavango-research": "A research card for this round. It counts something of yours (see "
    "Counts). In your Investment stage, claim it at the tier you meet now: that row's money, "
    "and from tier 3 (or any tier in later rounds) points. Each player claims each card once a "
    "round and cannot upgrade the claim later; new cards come each round.",
    "kavango-track-habitat": "Habitat protection, level 0 to 4. Raising it costs $1m, $2m, $3m, "
    "$4m a step. Some animals need a Habitat level; level 4 earns the Habitat Award, 10 points.",
    "kavango-track-smuggling": "Smuggling protection, level 0 to 4. Raising it costs $1m, $2m, "
    "$3m, $4m a step. Some animals need a Smuggling level; level 4 earns the Anti-Smuggling "
    "Award, 10 points.",
    "kavango-track-climate": "This player's markers on the shared climate track ($1m each). 8 "
    "of them earn the Climate Award, 10 points; with Lodges, at most 3 may sit in \"3+\".",
    "kavango-rows": "The running score, by kind: animals in the Reserve, research points, 10 "
    "points for each conservation award (Habitat 4, Smuggling 4, 8 climate markers), Lodges 8 "
    "each, the Golden Lodge 10. The better goal card is added at the end; money scores nothing.",
    "kavango-symbols": "Food symbols: what your printed and tucked producers and your Reserve "
    "animals give. Animals count them to see if their needs are met; nothing is used up.",
    "kavango-sanctuary": "The Sanctuary: a holding pen of 3 spaces. Any animal may wait here "
    "with no requirements, scoring nothing. In an Investment stage move one whose needs you now "
    "meet into the Reserve, or sell it for $1m.",
    "kavango-lodges": "Lodge cards kept at setup. Build one in an Investment stage when its four "
    "animal types fill a 2\u00d72 block of the Reserve, in any order: 8 points. Animals next to "
    "a Lodge can no longer move. Turned in unbuilt, a card pays its level in money.",
    "kavango-goals": "Goal cards: each counts something of yours and pays the points of the "
    "highest step reached. They are secret; only the better one scores, at the end.",
}


@register.simple_tag
def kavango_explanations() -> str:
    """``{% kavango_explanations %}``: the words of :data:`PARTS`, once per board."""
    return mark_safe(explanations_html(PARTS))


@register.simple_tag
def kavango_part(kind: str) -> str:
    """``<div {% kavango_part "kavango-research" %}>``: a part pointing at its kind's words."""
    return mark_safe(explained_by(kind))


def _card_kind_words(kind: str) -> str:
    """The words a card of ``kind`` points at (Expert and Lodge cards are explained around them)."""
    key = f"kavango-k-{kind}"
    return explained_by(key) if key in PARTS else ""


# ---- parts drawn in Python -----------------------------------------------------------------

# The move a click on one of your Reserve spaces makes, in the order a space is offered them.
SPACE_MOVES = (("use", {"how": "reserve"}), ("place", {}), ("lift", {}), ("drop", {}), ("unlock", {}))


def esc(value) -> str:
    """A value written as a template variable writes it (Django's ``escape`` is ``html.escape``)."""
    return str(value) if isinstance(value, SafeData) else escape(str(value))


def _type_words(animal_type: str) -> str:
    """An animal type for a narrow Reserve space: "reptile/amphibian" may wrap after its slash."""
    return "/<wbr>".join(esc(part) for part in type_name(animal_type).split("/"))


def _space(cell: dict, move, moves, carry) -> str:
    """One Reserve space: a button when it makes ``move``, else a plain box. Its name for a
    screen reader is its words: where it is, what lies there, and what a click does."""
    lock = cell.get("lock")
    classes = ["kavango-cell"]
    if move:
        classes.append("kavango-can")
    if lock in (1, 2):
        classes.append("kavango-locked")
    elif lock == "solar" and not move:
        classes.append("kavango-solar")
    if cell.get("fixed"):
        classes.append("kavango-fixed")
    if cell.get("is_last"):
        classes.append("is-last")
    if carry and carry[0] == cell["row"] and carry[1] == cell["col"]:
        classes.append("kavango-carry")
    animal = cell.get("animal")
    where = space_words(cell["row"], cell["col"])
    words = [f'<span class="mh-visually-hidden">{where[0].upper()}{where[1:]}'
             f'{"" if animal or lock else ", empty"}: </span>']
    if animal:
        words.append(f'<span class="kavango-animal">{esc(animal["name"])}</span><span class='
                     f'"kavango-cell-meta">{_type_words(animal["type"])} &middot; {esc(animal["vp"])}'
                     f'<span class="mh-visually-hidden"> points</span></span>')
    elif lock == "solar":
        words.append('<span class="kavango-cell-meta">community solar</span>')
    elif lock:
        words.append(f'<span class="kavango-cell-meta">locked ${esc(lock)}m</span>')
    css = " ".join(classes)
    said = explained_by("kavango-cell")
    if not move:
        return f'<div class="{css}"{said}>{"".join(words)}</div>'
    words.append(f'<span class="kavango-cell-act">{esc(move_label(move))}</span>')
    return (f'<button type="button" class="{css}" {moves.attrs(move)}{said}>{"".join(words)}'
            "</button>")


#: A built Lodge's and the Golden Lodge's piece on the Reserve (a few a board, so said in place).
EXPERT = explain_attrs("A Conservation Expert, kept at setup: a small power that lasts the "
                       "whole game. It scores nothing itself.")
RESERVE = explain_attrs("A Nature Reserve, 3 rows of 8 spaces: the animals that score. Point at "
                        "a space to hear what it holds and what a click on it does.")
LODGE_PIN = explain_attrs("A built Lodge: 8 points. The four animals around it can no longer move.")
GOLDEN_PIN = explain_attrs("The Golden Lodge: 10 points, no money. The four animals around it "
                           "can no longer move, and this point takes no other Lodge.")


def _pin_at(row: int, col: int) -> str:
    """A pin's place: the corner of the 2 x 2 block whose top-left space is (row, col)."""
    return f'style="--r:{row + 1};--c:{col + 1}"'


def _reserve(context, p: dict, name: str) -> str:
    """A player's Nature Reserve, with the Lodges built on it; on your own, the spaces and Lodge
    points you can click now."""
    mine = p["seat"] == context.get("seat")
    moves = board_moves(context)
    carry = p.get("carry")
    out = [f'<div class="kavango-grid" role="group" aria-label="Nature Reserve of '
           f'{esc(name)}"{RESERVE}>']
    for row in p["grid"]:
        for cell in row:
            move = None
            if mine:
                for kind, fields in SPACE_MOVES:
                    move = moves.find(kind, row=cell["row"], col=cell["col"], **fields)
                    if move:
                        break
            out.append(_space(cell, move, moves, carry))
    for built in p["lodges_built"]:
        level = built["level"]
        out.append(f'<span class="kavango-pin" {_pin_at(*built["point"])}{LODGE_PIN}>' + token_html(
            f"Level {level} Lodge: {built['text']}", symbol=f"L{level}", last=built["is_last"],
            classes=f"kavango-pin-l{level}") + "</span>")
    golden = p.get("golden")
    if golden:
        out.append(f'<span class="kavango-pin" {_pin_at(*golden["point"])}{GOLDEN_PIN}>' + token_html(
            f"Golden Lodge: {golden['text']}", symbol="G", last=golden["is_last"],
            classes="kavango-pin-gold") + "</span>")
    if mine:
        offered = [moves.find("build", card=lp["card"], row=lp["row"], col=lp["col"])
                   for lp in p.get("lodge_points", [])]
        for move, sign, extra in ([(m, "+", "") for m in offered if m]
                                  + [(m, "G", " kavango-pin-gold") for m in moves.of_type("golden")]):
            words = esc(move_label(move))
            out.append(f'<button type="button" class="kavango-pin kavango-pin-can{extra}" '
                       f'{_pin_at(move["row"], move["col"])} title="{words}" {moves.attrs(move)}>'
                       f'<span aria-hidden="true">{sign}</span>'
                       f'<span class="mh-visually-hidden">{words}</span></button>')
    out.append("</div>")
    return "".join(out)


def _card_detail(c: dict) -> str:
    """A hand or Sanctuary card's facts in one line: what it is and what it needs or does."""
    if c["kind"] == "animal":
        kind = c["type_name"]
        words = [f"{kind[:1].upper()}{kind[1:]}, deck {c['deck']}.", f"Needs: {c['needs']}."]
        if c.get("met"):
            words.append("Requirements met.")
        elif c.get("missing"):
            words.append(f"Missing {', '.join(c['missing'])}.")
        return " ".join(words)
    if c["kind"] == "producer":
        return f"Producer: adds {' + '.join(c['symbols'])} to your food symbols."
    return f"Action: {c.get('text', '')}"


@register.simple_tag(takes_context=True)
def kavango_card(context, c, move=None, label="", action="") -> str:
    """``{% kavango_card c move=pick label="Draft" action="Draft this card" %}``: a card of the
    view (hand, drafted card, Sanctuary offer) as core's card, its requirements in words."""
    classes = f"kavango-card kavango-k-{c['kind']}"
    if c["kind"] == "animal" and c.get("met") is not None:
        classes += " kavango-met" if c["met"] else " kavango-unmet"
    return card_html(c["name"], c.get("vp"), _card_detail(c), c["kind"],
                     board_moves(context).attrs(move) if move else "", bool(c.get("is_last")),
                     label=label, action=action, classes=classes,
                     explain=_card_kind_words(c["kind"]))


def _body(context, template_name: str, **values) -> str:
    """A panel's body: the template drawn with the board's context and ``values``."""
    with context.push(**values):
        return mark_safe(context.template.engine.get_template(template_name).render(context))


def _name(players, seat) -> str:
    found = next((pl for pl in players or [] if pl.get("seat") == seat), None)
    return found["name"] if found else f"Player {seat + 1}"


@register.simple_tag(takes_context=True)
def player_board(context, p) -> str:
    """``{% player_board p %}``: one player's panel (core's), its figures in the heading and its
    tracks, Reserve, Sanctuary, Lodge cards, Expert and goals as the body."""
    view = context["view"]
    name = _name(context.get("players"), p["seat"])
    winners = (view.get("standing") or {}).get("winners", [])
    score = counted(p["score_now"]["total"], "point")
    if not p["score_now"]["with_goal"]:
        score += " + secret goal"
    facts = [p["landscape_name"]]
    if view["options"].get("lodges"):
        facts.append(p["difficulty_name"])
    if view["phase"] == "draft":
        facts.append("has picked" if p["has_picked"] else "choosing")
    if view["phase"] in ("act", "draft"):
        facts.append(f"holds hand {p['marker']} ({counted(p['hand_size'], 'card')})")
    return player_panel_html(
        name, you=p["seat"] == context.get("seat"), active=p["seat"] in context.get("to_act", ()),
        last=p["is_last"], stats=[("Score", score), ("Money", f"${p['money']}m")], facts=facts,
        badges=["winner"] if p["seat"] in winners else [],
        body=mark_safe(_player_body(context, p, name)),
        label=f"Board of {name}",
        classes=f"kavango-panel kavango-player kavango-{seat_colour(p['seat'])}"
        + (" kavango-winner" if p["seat"] in winners else ""))


@register.simple_tag(takes_context=True)
def lodge_card(context, lodge, move=None, settled=False) -> str:
    """``{% lodge_card l back level.settled %}``: a Lodge card dealt at setup, as core's card: a
    button giving it back while the level is open, else marked kept or given back."""
    block = f"8 points when built on a 2\u00d72 block of {lodge['text']}."
    classes = f"kavango-card kavango-lodge-card kavango-l{lodge['level']}"
    if move:
        return card_html(f"Level {lodge['level']} Lodge", 8, block, "lodge",
                         board_moves(context).attrs(move), label="Give back",
                         action="Give this one back", classes=classes)
    if settled and not lodge["kept"]:
        classes += " kavango-gone"
    return card_html(f"Level {lodge['level']} Lodge", 8,
                     f"{block} {'Kept.' if lodge['kept'] else 'Given back.'}", "lodge",
                     classes=classes)


@register.filter
def golden_detail(golden) -> str:
    return (f"A 2\u00d72 block of {golden['text']}, worth {golden['min_value']} points or more "
            "together; the first to build it scores 10.")


@register.simple_tag(takes_context=True)
def oppo_board(context, oppo) -> str:
    """``{% oppo_board view.oppo %}``: the solo opponent's panel, like a player's (core's)."""
    view = context["view"]
    won = view["phase"] == "over" and not (view.get("standing") or {}).get("winners")
    return player_panel_html(
        f"Oppo ({oppo['level_name']})", stats=[("Score", counted(oppo["score_now"]["total"], "point"))],
        badges=["winner"] if won else [], body=_body(context, "kavango/oppo.html"),
        label="Oppo, the solo opponent",
        classes="kavango-panel kavango-player kavango-oppo" + (" kavango-winner" if won else ""))


def _last(on) -> str:
    return " is-last" if on else ""


def _marked(on) -> str:
    return ' class="is-last"' if on else ""


def _items(pairs) -> str:
    return ", ".join(f"{esc(k)} {esc(v)}" for k, v in pairs)


def _goals_html(goals) -> str:
    rows = []
    for g in goals:
        steps = "; ".join(f"{esc(st['need'])} or more &rarr; {esc(counted(st['points'], 'point'))}"
                          for st in g["steps"])
        rows.append(f"<li><strong>{esc(g['name'])}</strong>: counts {esc(g['counts'])}: {steps}. You "
                    f"have {esc(g['have'])}, worth {esc(counted(g['points_now'], 'point'))} now.</li>")
    return f'<ul class="kavango-goals"{explained_by("kavango-goals")}>{"".join(rows)}</ul>'


@register.simple_tag
def goals(cards) -> str:
    """``{% goals me.goals %}``: goal cards with their thresholds and what they are worth now."""
    return mark_safe(_goals_html(cards))


def _sanctuary_tag(c: dict) -> str:
    need = (f", needs {esc(and_list(c['missing']))}" if c.get("missing")
            else ", ready for the Reserve" if c.get("met") else "")
    return (f'<span class="kavango-tag{_last(c.get("is_last"))}">{esc(c["name"])} '
            f'({esc(counted(c["vp"], "point"))}){need}</span>')


def _player_body(context, p: dict, name: str) -> str:
    """What a player's panel holds below its heading, from the view's entry ``p``."""
    view = context["view"]
    phase = view["phase"]
    mine = p["seat"] == context.get("seat")
    rows = "".join(f"<span>{esc(k)} {esc(v)}</span>" for k, v in p["score_now"]["rows"].items())
    plus = f" ({esc(p['climate_plus'])} in 3+)" if p["climate_plus"] else ""
    out = [
        f'<p class="kavango-small kavango-rows"{explained_by("kavango-rows")}>{rows}</p>',
        '<div class="kavango-tracks">'
        f'<span class="kavango-track-habitat{_last("habitat" in p["new_tracks"])}"'
        f'{explained_by("kavango-track-habitat")}>Habitat {esc(p["habitat"])}/4</span>'
        f'<span class="kavango-track-smuggling{_last("smuggling" in p["new_tracks"])}"'
        f'{explained_by("kavango-track-smuggling")}>Smuggling {esc(p["smuggling"])}/4</span>'
        f'<span class="kavango-track-climate"{explained_by("kavango-track-climate")}>Climate '
        f'markers {esc(p["climate_markers"])}{plus}</span></div>',
        f'<p class="kavango-small kavango-symbols{_last(p["new_producer"])}"'
        f'{explained_by("kavango-symbols")}>Food symbols (producers and Reserve animals): '
        f'{_items((type_name(k), n) for k, n in p["symbols"].items()) or "none yet"}</p>',
    ]
    if p["claimed_research"]:
        out.append('<p class="kavango-small">Research claimed this round: ' + ", ".join(
            f"{esc(r['name'])} (tier {esc(r['tier'])})" for r in p["claimed_research"]) + "</p>")
    out.append(_reserve(context, p, name))
    spaces = f" of {esc(p['sanctuary_spaces'])}" if mine or phase == "over" else ""
    out.append(f'<p class="kavango-small kavango-sanctuary"{explained_by("kavango-sanctuary")}>Sanctuary ({len(p["sanctuary"])}{spaces} spaces used; '
               "Sanctuary animals score nothing until moved into the Reserve): "
               + ("".join(_sanctuary_tag(c) for c in p["sanctuary"]) or "empty") + "</p>")
    if p["drafted"]:
        out.append(f'<p class="kavango-small">Drafted this turn: <span class="kavango-tag'
                   f'{_last(p["drafted"].get("is_last"))}">{esc(p["drafted"]["name"])}</span></p>')
    if p["lodge_cards"] and phase != "choose":
        cards = []
        for lc in p["lodge_cards"]:
            state = " kavango-built" if lc["built"] else " kavango-gone" if lc["discarded"] else ""
            note = " (built)" if lc["built"] else " (turned in)" if lc["discarded"] else ""
            cards.append(f'<span class="kavango-lodge kavango-l{esc(lc["level"])}{state}">Level '
                         f'{esc(lc["level"])}: {esc(lc["text"])}{note}</span>')
        out.append('<p class="kavango-small">Lodge cards (8 points each when built on a 2&times;2 '
                   f'block of these four types):</p><div class="kavango-lodges"{explained_by("kavango-lodges")}>'
                   f'{"".join(cards)}</div>')
    if p["removed_markers"]:
        out.append('<p class="kavango-small">Removed Community Protection markers, ready for solar: '
                   + " + ".join(esc(m) for m in p["removed_markers"]) + "</p>")
    if p.get("expert"):
        out.append(f'<p class="kavango-small"{EXPERT}>Expert: <strong>{esc(p["expert"]["name"])}</strong>: '
                   f'{esc(p["expert"]["text"])}</p>')
    if p.get("goals") and phase != "choose":
        when = "the better one scored" if phase == "over" else "secret; the better one scores at the end"
        out.append(f'<p class="kavango-small">Goal cards ({when}):</p>{_goals_html(p["goals"])}')
    return "".join(out)


#: The shared climate track, drawn once a board.
CLIMATE = explain_attrs(
    "The shared climate track: sections 1, 2 and 3, then an open 3+ area. Each dot is a space, "
    "in the colour of whoever put a marker there ($1m each in an Investment stage). The global "
    "Climate level is the number of full sections; some animals need a level. 8 markers of one "
    "player earn them the Climate Award, 10 points.")


@register.simple_tag(takes_context=True)
def climate(context, track) -> str:
    """``{% climate view.climate %}``: the shared climate track, section by section, each space
    in the colour of the player (or Oppo) holding it; a screen reader hears each section as a
    sentence ("Section 1: alice 2, bob 1, 3 empty") instead of a row of dots."""
    players = context.get("players")
    out = [f'<div class="kavango-climate"{CLIMATE}>']
    for section in track["spaces"]:
        held: dict = {}
        dots = []
        for space in section["cells"]:
            who = space["who"]
            holder = "Oppo" if who == -1 else _name(players, who) if who is not None else "empty"
            held[holder] = held.get(holder, 0) + 1
            colour = f" kavango-{seat_colour(who)}" if who is not None else ""
            dots.append(f'<span class="kavango-marker{colour}{_last(space["is_last"])}" '
                        f'title="{esc(holder)}"></span>')
        empty = held.pop("empty", 0)
        said = [f"{holder} {n}" for holder, n in held.items()] + ([f"{empty} empty"] if empty else [])
        out.append(f'<div class="kavango-section"><span class="kavango-sec-name">{esc(section["section"])}'
                   f'</span><span class="mh-visually-hidden">: {esc(", ".join(said) or "no spaces")}'
                   f'</span><span class="kavango-dots" aria-hidden="true">{"".join(dots)}</span></div>')
    out.append("</div>")
    return mark_safe("".join(out))
