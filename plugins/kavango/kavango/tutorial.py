"""The guided first game of Kavango: the base game for two (no Lodges, a Sanctuary dealt, one
Expert and one goal), three turns in which the learner tucks producers, places a climate marker,
brings an animal into the Nature Reserve and claims a research card with their Expert's help."""

from core.engine.tutorial import Lesson, Tutorial


def draft(card: str) -> dict:
    return {"type": "draft", "card": card}


PRODUCER = {"type": "use", "how": "producer"}
DONE = {"type": "done"}

TUTORIAL = Tutorial(
    game="kavango",
    players=2,
    seed=1,
    options={"lodges": False, "quick_sanctuary": True, "expert_deal": False, "goal_deal": False},
    intro="You run a conservation project. Every turn both players pick one card from the hand in "
          "front of them at the same time, use it, and then invest money; then the hands are "
          "swapped. Animals need food symbols, from your landscape and the producers you tuck, "
          "and score their points once they live in your Nature Reserve.",
    lessons=(
        Lesson(draft("kav-grass-2"), "Take a Grasses card from your hand.",
               "The Red Lechwe in your Sanctuary needs 3 grass symbols and your landscape gives "
               "1. A Grasses card tucked as a producer adds another."),
        Lesson(PRODUCER, "Tuck the Grasses as a producer.",
               "A producer adds its food symbol for good. Symbols are never used up: every animal "
               "that needs grass counts the same ones."),
        Lesson({"type": "climate"}, "Place a climate marker on the shared track ($1m).",
               "Your goal card, Climate Champion, pays for your markers on the track: 8 points "
               "for 6, 14 for 10. The Red Lechwe also needs Climate level 1, which comes when the "
               "track's first section is full, and 8 markers of your own earn the Climate Award, "
               "10 points."),
        Lesson(DONE, "Press Done investing.",
               "Investing is done in small steps, as many as your money allows. Your last $1m can "
               "wait for a later turn."),
        Lesson(draft("kav-invert-3"), "Take an Invertebrates card.",
               "The hands were swapped, so these are the cards Player 2 passed you. Many small "
               "animals need invertebrates, and you have none yet."),
        Lesson(PRODUCER, "Tuck it as a producer.",
               "You now have grass and invertebrate symbols, enough for some of the animals going "
               "round the table."),
        Lesson(DONE, "Press Done investing and keep your $1m.",
               "Investing is optional. Next turn a research card will pay you money back."),
        Lesson(draft("kav-crested_francolin-2"), "Take the Crested Francolin.",
               "It needs 1 grass and 1 invertebrate, and you have both: it can go straight into "
               "your Nature Reserve."),
        Lesson({"type": "use", "how": "reserve", "row": 0, "col": 0},
               "Put the Crested Francolin into your Nature Reserve.",
               "Animals in the Reserve score their points at the end (2 for this one) and count "
               "as symbols for other animals and research cards. Animals in the Sanctuary score "
               "nothing until they move into the Reserve."),
        Lesson({"type": "research", "card": "R1-08", "tier": 2}, "Claim Bird Count at tier 2.",
               "Bird Count pays for the birds in your Reserve. Your one bird meets tier 1, but "
               "your Expert, the Research Fellow, claims one tier higher once a round: $2m "
               "instead of $1m."),
        Lesson(DONE, "Press Done investing.",
               "That ends the turn. A round has ten turns and the game three rounds, with new "
               "research cards each round."),
    ),
    replies={1: ({"type": "draft"}, {"type": "use"}, DONE) * 3},
    outro="From here the game goes on for three rounds. At the end you score the animals in your "
          "Reserve, your research points, 10 points for each award (Habitat protection 4, "
          "Smuggling protection 4, 8 climate markers) and your goal card. Money left over scores "
          "nothing.",
)
