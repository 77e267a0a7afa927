"""The guided first game of the ski hotel: three turns of a two-player game in which the learner
builds rooms, checks in a guest from the display and the one waiting on their valet, both on
their preferred floors, and chooses the valet's next guest."""

from core.engine.tutorial import Lesson, Tutorial


def take_room(level: int, slot: int) -> dict:
    return {"type": "take_room", "level": level, "slot": slot}


def place(floor: int, col: int) -> dict:
    return {"type": "place", "floor": floor, "col": col}


def guest(source: str, index: int, floor: int, col: int) -> dict:
    return {"type": "guest", "source": source, "index": index, "floor": floor, "col": col}


DONE = {"type": "done"}

TUTORIAL = Tutorial(
    game="lodge_hotel",
    players=2,
    seed=1,
    intro="You run a small ski hotel beside an elevator. Each turn you build one tile, a room or "
          "an amenity, then may check in guests. A guest wants two empty rooms of its two colours "
          "side by side and moves into one of them: 2 points, plus the floor's number when it "
          "stays on the floor it prefers (the number on the guest).",
    lessons=(
        Lesson(take_room(1, 1), "Take the yellow room from level 1 of the display.",
               "A room from level 1 goes on your 1st floor. The red-and-yellow guest on display "
               "prefers the 1st floor, and your lodge starts with a red room there: a yellow one "
               "beside it makes the pair that guest wants."),
        Lesson(place(1, 2), "Build it on the 1st floor, next to your red room.",
               "A new tile must touch one you already have along an edge; the elevator does not "
               "count. Red and yellow are now side by side."),
        Lesson(guest("display", 3, 1, 1), "Check the red-and-yellow guest in to your red room.",
               "The guest takes one room of its pair and the yellow one stays free for later. "
               "It is on its preferred 1st floor: 2 points plus 1."),
        Lesson(DONE, "End your turn.",
               "Your valet guest wants green and purple, and there is no such pair in your lodge "
               "yet. You may check in one guest from the display and one from your valet per turn."),
        Lesson(take_room(2, 0), "Take the purple room from level 2.",
               "Your valet guest wants green and purple and prefers the 3rd floor. Purple on the "
               "2nd floor now, and a green room above it later, make that pair, with the green "
               "room on the 3rd floor."),
        Lesson(place(2, 1), "Build it on the 2nd floor, above your red room.",
               "From the 2nd floor up, a tile must stand on another tile."),
        Lesson(DONE, "End your turn.", "No guest on display or on your valet fits two free rooms "
               "of yours yet, so there is nothing to check in."),
        Lesson(take_room(3, 0), "Take a green room from level 3.",
               "It goes on your 3rd floor, on top of the purple room: the pair your valet guest "
               "is waiting for."),
        Lesson(place(3, 1), "Build it on the 3rd floor, above the purple room.",
               "Rooms one above the other are side by side too."),
        Lesson(guest("valet", 0, 3, 1), "Check your valet guest in to the green room.",
               "It is on its preferred 3rd floor: 2 points plus 3."),
        Lesson({"type": "valet", "index": 2}, "Choose the green-and-purple guest for your valet.",
               "After your valet's guest moves in, a guest from the display takes its place. This "
               "one wants green and purple too and prefers the 4th floor: a purple room on your "
               "4th floor beside a green one would give it 2 points plus 4."),
        Lesson(DONE, "End your turn.",
               "You placed two guests on their preferred floors in three turns."),
    ),
    replies={1: (
        take_room(1, 0), place(1, 2), guest("display", 0, 1, 1), DONE,
        take_room(1, 2), place(1, 3), guest("display", 3, 1, 2), DONE,
    )},
    outro="That is how the hotel grows. The game ends when someone has twelve guests or the room "
          "bag is empty, once everybody has had the same number of turns. Besides the guests, "
          "the amenities you build score their points when their conditions are met, and a "
          "refresh token clears a level of the room display when nothing there suits you.",
)
