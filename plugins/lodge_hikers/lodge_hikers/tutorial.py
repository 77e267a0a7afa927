"""The guided first game of Lodge hikers: two players (and the automatic card a two-player game
adds) over the first turns of round 1, in which the learner wins two customers, sees the
squirrels eat a card nobody could use, swaps a card and keeps a useless one out of play."""

from core.engine.tutorial import Lesson, Tutorial


def pick(card: int) -> dict:
    return {"type": "pick", "card": card}


def place(slot: int) -> dict:
    return {"type": "place", "slot": slot}


TUTORIAL = Tutorial(
    game="lodge_hikers",
    players=2,
    seed=3,
    intro="Hikers in the row each order a few snacks. Every turn, everybody picks one snack card "
          "in secret; the cards are then turned over and placed on the customers, lowest number "
          "first. Whoever places the card that completes an order takes that customer and its "
          "points. With two players an automatic card from the deck joins every turn.",
    lessons=(
        Lesson(pick(15), "Pick your 15 sandwich.",
               "All three customers want a sandwich, so this card is sure to find a place. A card "
               "no customer can take is eaten by the squirrels, and you take a Squirrel token for "
               "it."),
        Lesson(place(0), "Put the sandwich on the Expedition Team.",
               "The apple and one sandwich went there before yours, because lower numbers are "
               "placed first. With your sandwich they have both of theirs: they still want a "
               "smoothie and an energy bar, worth 4 points to whoever completes the order."),
        Lesson(pick(14), "Pick your 14 smoothie.",
               "The Expedition Team needs one smoothie and one energy bar. If a lower card brings "
               "the energy bar first, your smoothie completes the order; a low number also gets "
               "your card down before the high cards that are likely to come."),
        Lesson(place(0), "Put the smoothie on the Expedition Team and complete the order.",
               "Player 2's 13 brought the energy bar, so your 14 is the last snack they want: "
               "you take the Expedition Team, 4 points. Choose where a card goes whenever more "
               "than one customer can take it."),
        Lesson(pick(26), "Pick your 26 sandwich.",
               "The Botanist who walked in wants a sandwich and a smoothie, and already has the "
               "smoothie. Your sandwich completes it unless a lower sandwich comes first."),
        Lesson(place(0), "Give the sandwich to the Botanist.",
               "Look at the reveal: Player 2's 20 energy bar fitted nobody, so the squirrels ate "
               "it and Player 2 took a Squirrel token. Your sandwich completes the Botanist: "
               "1 point, and its ability lets you swap a card."),
        Lesson({"type": "swap", "card": 21, "target": 1}, "Give your 21 energy bar to Player 2.",
               "The Mountain Guides already have their energy bar and the Stargazer wants none, "
               "so it is the card you can least use. In return you take one of Player 2's cards "
               "at random, without choosing."),
        Lesson(pick(35), "Pick your 35 smoothie.",
               "The 45 energy bar you drew fits nobody now, so keep it for later rather than "
               "feed the squirrels. The Mountain Guides want two smoothies and the Stargazer one: "
               "your smoothie will find a place."),
    ),
    outro="That is the heart of the game. It goes on for three rounds with two to four players. "
          "At the end you score your customers' points minus one point per Squirrel token, but "
          "exactly 5 tokens are worth +5, exactly 10 win the game outright and more than 10 lose "
          "it.",
)
