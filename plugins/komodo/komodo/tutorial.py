"""The guided first game of Komodo: the first turn of a two-player basic game, in which the
learner keeps two animals, lays three tiles into one rainforest enclosure of 11 blocks and
houses the Tuatara there."""

from core.engine.tutorial import Lesson, Tutorial


def lay(tile: str, x: int, y: int, rotation: int) -> dict:
    return {"type": "place_tile", "tile": f"komodo-tile-{tile}", "x": x, "y": y, "rotation": rotation}


TUTORIAL = Tutorial(
    game="komodo",
    players=2,
    seed=1,
    intro="Keepers share one map. On your turn you lay square terrain tiles on it and house the "
          "animals on your cards in enclosures: patches of one terrain joined edge to edge. A "
          "housed animal scores its points at the end; one still in your hand costs you its "
          "points.",
    lessons=(
        Lesson({"type": "return_animal", "animal": "komodo-animal-07"}, "Give back the Dingo.",
               "You keep two of your three animal cards. The Dingo needs a desert enclosure of "
               "20 blocks, the hardest of the three to build; the Tuatara needs 10 blocks of "
               "rainforest and the Platypus 15 of water."),
        Lesson(lay("45", 0, -1, 1), "Lay tile 45 above the Starter, its rainforest touching the Starter's.",
               "A tile must share a whole edge with the map, and along it at least one block must "
               "match the block it touches. Rainforest joined across the two tiles is one "
               "enclosure: 6 blocks now."),
        Lesson(lay("46", 0, -2, 0), "Lay tile 46 above tile 45.",
               "You may lay up to three tiles in a turn. Its rainforest joins the same enclosure, "
               "which grows to 9 blocks."),
        Lesson(lay("41", -1, -2, 0), "Lay tile 41 to the left of tile 46.",
               "Its two rainforest blocks bring the enclosure to 11, more than the 10 the "
               "Tuatara needs. The number on an enclosure's top-left block is its size."),
        Lesson({"type": "house", "animal": "komodo-animal-12", "x": -1, "y": -6},
               "House the Tuatara in the 11-block rainforest.",
               "An animal moves into an enclosure of its terrain at least as large as its card "
               "says, where no other species lives. Housed, it scores its 10 points at the end."),
        Lesson({"type": "replenish"}, "Replenish and end your turn.",
               "You draw back up to five tiles and two animal cards, and because you housed an "
               "animal from your hand you also draw a wild card. Wild cards bend the rules for a "
               "turn; the game's How to play page says what each one does."),
    ),
    outro="Next turns you would build water for the Platypus. The game ends once somebody holds "
          "fewer than three tiles after refilling: everyone has one last turn, then you score "
          "your housed animals and lose the points of the animal cards still in your hand.",
)
