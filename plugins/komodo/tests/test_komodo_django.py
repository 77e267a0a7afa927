"""The Django side: hooks, the board template in every phase, the how-to-play page."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from komodo import hooks
from komodo.bots import Keeper
from komodo.rules import Komodo
from komodo.testing import act, begin, give, wild

from core.engine import find_leaks, resolve_options
from core.engine.play import play, start
from core.engine.rng import rng_for
from core.models import Match
from core.text import ordinal

GAME = Komodo()


def players(n):
    return [{"seat": s, "name": f"P{s + 1}", "is_bot": False} for s in range(n)]


def render(state, seat, match):
    moves = GAME.legal_moves(state, seat) if seat is not None else []
    html = render_to_string(
        "komodo/board.html",
        {
            "view": GAME.view(state, seat),
            "seat": seat,
            "moves": moves,
            "match": match,
            "game": GAME,
            "players": players(state["players"]),
        },
    )
    assert "komodo-board" in html
    assert not find_leaks(html, GAME.secrets(state, seat)), state["phase"]
    return html, moves


def test_hooks_register_the_game_and_bot():
    assert hooks.register_games()[0].slug == "komodo"
    assert hooks.register_bots()[0].game == "komodo"


@pytest.mark.django_db
@pytest.mark.parametrize("variant", ["basic", "tame", "coop"])
def test_board_renders_in_every_phase_met_without_secrets(variant):
    match = Match.objects.create(game_slug="komodo", players=3, options={"variant": variant})
    options, seats = resolve_options(GAME, 3, {"variant": variant})
    state = start(GAME, 4, 3, options, seats)
    seen = set()
    ply = 0
    bot = Keeper()
    while GAME.to_act(state) and ply < 400:
        if state["phase"] not in seen or ply % 25 == 0:
            seen.add(state["phase"])
            for seat in (None, 0, 1, 2):
                html, moves = render(state, seat, match)
                if moves:
                    assert "hx-post" in html
        seat = min(GAME.to_act(state))
        ply += 1
        state = play(GAME, state, seat, bot.choose(GAME, state, seat, rng_for(4, ply)), ply, 4)
    render(state, 0, match)


@pytest.mark.django_db
def test_board_draws_a_spot_for_every_tile_placement_and_the_wild_card_interactions():
    match = Match.objects.create(game_slug="komodo", players=3, options={})
    options, seats = resolve_options(GAME, 3, {})
    state = start(GAME, 8, 3, options, seats)
    for s in range(3):
        state = play(
            GAME,
            state,
            s,
            {"type": "return_animal", "animal": state["hands"][s]["animals"][0]},
            s + 1,
            8,
        )
    html, moves = render(state, 0, match)
    places = [m for m in moves if m["type"] == "place_tile"]
    assert html.count('class="komodo-spot ') == len(places) and "Replenish and end turn" in html
    assert "<style" not in html  # the site's content security policy refuses style elements
    first = state["hands"][0]["tiles"][0]
    assert html.count("komodo-spot--0-") == sum(1 for m in places if m["tile"] == first)
    state["hands"][0]["wilds"] = ["komodo-wild-09"]
    state["wilds"]["draw"] = [w for w in state["wilds"]["draw"] if w != "komodo-wild-09"]
    for h in state["hands"][1:]:
        h["wilds"] = [w for w in h["wilds"] if w != "komodo-wild-09"]
    html, _ = render(state, 0, match)
    assert "Land Barter" in html
    state = play(
        GAME,
        state,
        0,
        {
            "type": "barter",
            "card": "komodo-wild-09",
            "tiles": state["hands"][0]["tiles"][:2],
            "terrain": "W",
        },
        9,
        8,
    )
    html, _ = render(state, 1, match)
    assert "Make this offer" in html and "Offer nothing" in html
    state = play(
        GAME, state, 1, {"type": "barter_offer", "tiles": state["hands"][1]["tiles"][:1]}, 10, 8
    )
    state = play(GAME, state, 2, {"type": "barter_offer", "tiles": []}, 11, 8)
    html, _ = render(state, 0, match)
    offered = state["pending"]["offers"]["1"][0]
    assert "P2 offers" in html and f"to P2 for tile {offered[-2:]}</button>" in html


def test_how_to_play_explains_the_rulings_and_variants():
    html = render_to_string("komodo/how_to_play.html", {})
    for words in (
        "Tame the Wildness",
        "Collaborate to Save the Animals",
        "Land Thief",
        "Remodeling",
        "Recycling",
        "Relocation",
        "Extreme",
        "stays with the player who housed it",
        "any player holds fewer than three tiles",
        "pass one of the new cards",
        "see only the points you have housed",
    ):
        assert words in html


@pytest.mark.django_db
def test_own_tiles_show_while_waiting_and_house_buttons_name_a_lit_enclosure():
    """You plan while others play: your tiles are drawn with their numbers even off-turn; a
    house button carries the number of the enclosure it means, and the map's blocks of that
    enclosure carry it too (the style sheet lights them up while the button is pointed at)."""
    match = Match.objects.create(game_slug="komodo", players=2, options={})
    options, seats = resolve_options(GAME, 2, {})
    state = start(GAME, 3, 2, options, seats)
    for s in range(2):
        animal = state["hands"][s]["animals"][0]
        state = play(GAME, state, s, {"type": "return_animal", "animal": animal}, s + 1, 3)
    html, moves = render(state, 1, match)
    assert not moves and "Your tiles" in html
    for tile in state["hands"][1]["tiles"]:
        assert f'aria-label="Tile {tile[-2:]}:' in html
    for pile in [state["tiles"]] + [h["tiles"] for h in state["hands"]]:
        if "komodo-tile-01" in pile:
            pile.remove("komodo-tile-01")
    state["map"]["0,-1"] = ["komodo-tile-01", 0]
    state["hands"][0]["animals"] = ["komodo-animal-01"]
    html, moves = render(state, 0, match)
    button = re.search(r'komodo-home-(\d+)"[^>]*>House Taipan', html)
    assert button and f"komodo-enc-{button.group(1)}" in html
    assert "the 11-block desert at tile 01" in html


def _dealt(seed, players, variant="basic"):
    options, seats = resolve_options(GAME, players, {"variant": variant})
    return start(GAME, seed, players, options, seats)


@pytest.mark.django_db
def test_the_map_scrolls_as_a_named_region_the_keyboard_can_reach():
    """On a phone the map scrolls inside its frame, so the frame takes the focus (arrow keys
    scroll it) and says what it is; the squares to lay a tile on are buttons named in words."""
    match = Match.objects.create(game_slug="komodo", players=2, options={})
    state = _dealt(2, 2)
    for s in range(2):
        animal = state["hands"][s]["animals"][0]
        state = play(GAME, state, s, {"type": "return_animal", "animal": animal}, s + 1, 2)
    html, moves = render(state, 0, match)
    assert '<div class="komodo-map" tabindex="0" role="region" aria-label="The shared map">' in html
    first = next(m for m in moves if m["type"] == "place_tile")
    words = (f'aria-label="Lay tile {first["tile"][-2:]} turned {90 * first["rotation"]} degrees '
             f'on the square at column {first["x"]}, row {first["y"]}"')
    assert words in html


@pytest.mark.django_db
def test_each_animal_card_to_give_back_is_a_card_button_posting_that_card():
    """"Each player keeps two of their three animal cards": in that phase the cards in hand are
    core's cards, each a button that gives back exactly that card, and no other button does."""
    match = Match.objects.create(game_slug="komodo", players=2, options={})
    state = _dealt(6, 2)
    html, moves = render(state, 0, match)
    buttons = re.findall(r'<button type="button" hx-post="[^"]+" hx-vals="([^"]+)"[^>]*'
                         r'class="mh-card mh-card--animal komodo-card[^"]*">(.*?)</button>', html)
    assert len(buttons) == len(state["hands"][0]["animals"]) == 3
    for animal, (values, body) in zip(state["hands"][0]["animals"], buttons, strict=True):
        assert animal in values and "Give back" in body
    assert html.count("Give back") == 3


@pytest.mark.django_db
def test_the_opening_pick_is_marked_on_the_board_once_resolved():
    """Once everyone has given back an animal card, every player's panel and the animal pile
    are marked as the last move (as Lodge and Kavango mark a revealed secret pick), and the
    board shows no card anyone gave back; while picks are still secret nothing is marked."""
    match = Match.objects.create(game_slug="komodo", players=2, options={})
    state = _dealt(6, 2)
    state = play(GAME, state, 0, GAME.legal_moves(state, 0)[0], 1, 6)
    html, _ = render(state, 1, match)
    assert "is-last" not in html and "gave back an animal card" not in html
    state = play(GAME, state, 1, GAME.legal_moves(state, 1)[0], 2, 6)
    for seat in (None, 0, 1):
        html, _ = render(state, seat, match)
        for s in range(2):
            assert re.search(rf'<section class="mh-player[^"]* is-last komodo-player '
                             rf'komodo-owner-{s}"', html)
        assert html.count("gave back an animal card") == 2 and "played last" not in html
        assert '<span class="is-last">Animal cards left 28</span>' in html


def _panel(seat, html, marked=True):
    """Whether player ``seat``'s panel carries the last-move mark (``marked``) or not."""
    return bool(re.search(rf'<section class="mh-player[^"]* is-last komodo-player '
                          rf'komodo-owner-{seat}"', html)) == marked


@pytest.mark.django_db
def test_a_resolved_animal_exchange_is_marked_on_the_board():
    """Once every card of an Animal Exchange is passed, the panel of each player who passed a
    card and received one is marked and says so, with the player of the Exchange card as the
    one who played last; a player holding no animal card took no part and is not marked; no
    passed card shows to anyone who may not see it (render's leak check, every seat)."""
    match = Match.objects.create(game_slug="komodo", players=3, options={})
    state = begin(players=3)
    state["animals"] += state["hands"][2]["animals"]
    state["hands"][2]["animals"] = []
    give(state, 0, wild("Animal Exchange"))
    state = act(state, 0, {"type": "animal_exchange", "card": wild("Animal Exchange")})
    for s in (0, 1):
        state = act(state, s, {"type": "pass_animal", "animal": state["hands"][s]["animals"][0]})
    for seat in (None, 0, 1, 2):
        html, _ = render(state, seat, match)
        assert _panel(0, html) and _panel(1, html) and _panel(2, html, marked=False)
        assert html.count("passed an animal card and received one") == 2
        assert html.count("played last") == 1 and "gave back an animal card" not in html


@pytest.mark.django_db
def test_a_turn_spent_exchanging_is_marked_instead_of_the_turn_before():
    """A turn that exchanges animal cards changes no map square, yet it is the last move: the
    tile the previous turn laid is no longer marked; the exchanging player's panel says how many
    cards they exchanged, and the animal pile they went under is marked."""
    match = Match.objects.create(game_slug="komodo", players=2, options={})
    state = begin(players=2)
    tile = next(m for m in GAME.legal_moves(state, 0) if m["type"] == "place_tile")
    state = act(state, 0, tile)
    state = act(state, 0, {"type": "replenish"})
    html, _ = render(state, None, match)
    assert "komodo-tile is-last" in html
    state = act(state, 1, {"type": "exchange_animals", "animals": state["hands"][1]["animals"]})
    for seat in (None, 0, 1):
        html, _ = render(state, seat, match)
        assert "komodo-tile is-last" not in html and "komodo-tileno is-last" not in html
        assert _panel(1, html) and _panel(0, html, marked=False)
        assert html.count("played last") == 1 and "exchanged 2 animal cards" in html
        assert f'<span class="is-last">Animal cards left {len(state["animals"])}</span>' in html
        assert f'<span>Tiles left {len(state["tiles"])}</span>' in html


@pytest.mark.django_db
def test_tame_display_cards_take_their_kind():
    """Tame the Wildness: each player takes one wild card from the open display; the display's
    cards are buttons, each taking its own kind (found with core's find_move by ``kind``)."""
    match = Match.objects.create(game_slug="komodo", players=2, options={"variant": "tame"})
    state = _dealt(3, 2, "tame")
    while state["phase"] != "tame_pick":
        seat = min(GAME.to_act(state))
        state = play(GAME, state, seat, GAME.legal_moves(state, seat)[0], 1, 3)
    seat = min(GAME.to_act(state))
    html, moves = render(state, seat, match)
    takes = [m for m in moves if m["type"] == "take_wild"]
    assert takes
    for m in takes:
        card = re.search(r'<button type="button"[^>]*class="mh-card mh-card--wild komodo-card '
                         r'komodo-wild"><span class="mh-card-name">' + re.escape(m["kind"]) + "</span>",
                         html)
        assert card and f'\\&quot;kind\\&quot;: \\&quot;{m["kind"]}\\&quot;' in card.group(0)


@pytest.mark.django_db
def test_players_are_core_panels_with_their_markers_and_the_final_place():
    """Every player is core's player panel in the player's colour; housed animals show the
    letters of their marker on the map; once the game is over each panel names the place."""
    match = Match.objects.create(game_slug="komodo", players=2, options={})
    state = _dealt(4, 2)
    ply, bot = 0, Keeper()
    while GAME.to_act(state) and ply < 400:
        seat = min(GAME.to_act(state))
        ply += 1
        state = play(GAME, state, seat, bot.choose(GAME, state, seat, rng_for(4, ply)), ply, 4)
    result = GAME.result(state).to_json()
    view = GAME.view(state, None)
    html = render_to_string("komodo/board.html", {
        "view": view, "seat": None, "moves": [], "match": match, "game": GAME,
        "players": players(2), "result": result})
    for s in range(2):
        panel = rf'<section class="mh-player[^"]* komodo-player komodo-owner-{s}" aria-label="P{s + 1}">'
        assert re.search(panel, html)
        assert f'{ordinal(result["ranks"][s])} place' in html
    housed = [a for h in view["hands"] for a in h["housed"]]
    assert housed
    for a in housed:
        assert f'<span class="mh-token-face" aria-hidden="true">{a["marker"]}</span>' in html


@pytest.mark.django_db
def test_every_square_posts_its_placement_exactly_as_core_move_attrs_would():
    """The map writes its squares' htmx attributes from one sample of core's, for speed; each
    must be what ``{% move_attrs m %}`` gives for that placement (URL, version, move)."""
    from django.template import Context, Template

    match = Match.objects.create(game_slug="komodo", players=2, options={}, version=5)
    state = _dealt(2, 2)
    for s in range(2):
        animal = state["hands"][s]["animals"][0]
        state = play(GAME, state, s, {"type": "return_animal", "animal": animal}, s + 1, 2)
    html, moves = render(state, 0, match)
    core = Template("{% load meeple %}{% move_attrs m %}")
    places = [m for m in moves if m["type"] == "place_tile"]
    for m in places:
        attrs = core.render(Context({"m": m, "match": match, "moves": moves}))
        assert f"{attrs} role=\"button\"" in html, m


@pytest.mark.django_db
def test_threat_remodeling_tiles_are_lifted_by_clicking_them_on_the_map():
    """Threat: Remodeling: the player lifts a tile; each tile that may be lifted is a button on
    the map named by its number, posting that lift. In an ordinary turn no map tile is a button
    (lifting there spends a Remodeling card, which a stray click must not do)."""
    match = Match.objects.create(game_slug="komodo", players=2, options={"variant": "coop"})
    bot = Keeper()
    for seed in range(1, 30):  # the first seeded co-op game of keepers that meets the threat
        state, ply, lifts_in_a_turn = _dealt(seed, 2, "coop"), 0, None
        while state["phase"] not in ("threat_remodel", "over"):
            seat = min(GAME.to_act(state))
            if state["phase"] == "turn" and lifts_in_a_turn is None:
                lifts_in_a_turn = render(state, seat, match)[0].count('class="komodo-lift"')
            ply += 1
            state = play(GAME, state, seat, bot.choose(GAME, state, seat, rng_for(seed, ply)), ply, seed)
        if state["phase"] == "threat_remodel":
            break
    assert state["phase"] == "threat_remodel" and lifts_in_a_turn == 0
    seat = min(GAME.to_act(state))
    html, moves = render(state, seat, match)
    lifts = [m for m in moves if m["type"] == "threat_remodel"]
    assert lifts and html.count('class="komodo-lift"') == len(lifts)
    for m in lifts:
        on_map = re.search(r'<g class="komodo-lift" ([^>]*) role="button" tabindex="0" '
                           rf'aria-label="Lift tile {m["tile"][-2:]}">', html)
        assert on_map and f'\\&quot;tile\\&quot;: \\&quot;{m["tile"]}\\&quot;' in on_map.group(1)
