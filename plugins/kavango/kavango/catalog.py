"""Kavango's cards as data: the single source of truth for every card in the game.

The printed cards are not public. This catalogue is the project's reconstruction (see the how-to
page): deck sizes per animal type and deck letter and the highest requirement per food symbol
match the corrected table of the Kavango companion app; species, weights and IUCN statuses are
real; requirements, values, Experts, research and goals are reconstructed. The Lodge and Golden
Lodge cards and the Community Protection layout come from the Lodges components file.

Card ids are distinctive strings: ``kav-zebra-2`` (2nd copy of the Plains Zebra), ``kav-grass-7``,
``kav-relocation-3``, ``expert-vet``, ``goal-05``, ``R2-10``, ``L2-01``, ``G-01``.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

ANIMAL_TYPES = (
    "small_mammal",
    "bird",
    "reptile",
    "medium_mammal",
    "large_mammal",
    "bird_of_prey",
    "predator",
)
TYPE_NAMES = {
    "small_mammal": "small mammal",
    "bird": "bird",
    "reptile": "reptile/amphibian",
    "medium_mammal": "medium mammal",
    "large_mammal": "large mammal",
    "bird_of_prey": "bird of prey",
    "predator": "predator",
}
PRODUCER_SYMBOLS = ("grass", "tree", "invertebrate", "termite", "bee", "fish")
PRODUCER_KINDS = ("grass", "tree", "invertebrate", "fish")
SYMBOL_NAMES = {
    "grass": "grass",
    "tree": "tree",
    "invertebrate": "invertebrate",
    "termite": "termite",
    "bee": "bee",
    "fish": "fish",
    **TYPE_NAMES,
}
PROTECTION_NAMES = {"H": "Habitat", "S": "Smuggling", "C": "Climate"}


class Producer(NamedTuple):
    id: str
    name: str
    symbols: tuple[str, ...]
    copies: int


class Animal(NamedTuple):
    id: str
    name: str
    type: str
    deck: str
    copies: int
    vp: int
    food: dict
    protection: dict
    weight_kg: float
    iucn: str
    art: tuple[str, ...]


class Action(NamedTuple):
    id: str
    name: str
    copies: int
    text: str


class Expert(NamedTuple):
    id: str
    name: str
    text: str


class Research(NamedTuple):
    id: str
    round: int
    name: str
    metric: str
    tiers: tuple[int, int, int]


class Goal(NamedTuple):
    id: str
    name: str
    metric: str
    steps: tuple[tuple[int, int], ...]


class LodgeCard(NamedTuple):
    id: str
    level: int
    requires: tuple[str, ...]


class GoldenCard(NamedTuple):
    id: str
    requires: tuple[str, ...]
    min_value: int


# fmt: off
PRODUCERS = (
    Producer("grass", "Grasses", ("grass",), 11),
    Producer("tree", "Trees", ("tree",), 11),
    Producer("invert", "Invertebrates", ("invertebrate",), 5),
    Producer("termite", "Termite mound", ("termite", "invertebrate"), 4),
    Producer("bee", "Wild bees", ("bee", "invertebrate"), 2),
    Producer("fish", "Fish", ("fish",), 7),
)

# Rewilding cards are producers bought in the Investment stage (one kind per producer kind).
REWILDING = {
    "grass": ("grass",), "tree": ("tree",), "invertebrate": ("invertebrate",), "fish": ("fish",),
}

LANDSCAPES = {
    "blue": ("Okavango Delta", ("fish", "grass")),
    "green": ("Miombo Woodland", ("tree", "invertebrate")),
    "yellow": ("Savanna", ("grass", "tree")),
    "orange": ("Kalahari", ("grass", "termite")),
    "purple": ("Chobe Floodplain", ("fish", "tree")),
}
LANDSCAPE_ORDER = ("orange", "yellow", "green", "blue", "purple")
# Termites and bees are invertebrates too: their symbol counts for both.
KIND_SYMBOLS = {"termite": ("termite", "invertebrate"), "bee": ("bee", "invertebrate")}


@cache
def landscape_symbols(colour: str) -> tuple[str, ...]:
    return tuple(s for kind in LANDSCAPES[colour][1] for s in KIND_SYMBOLS.get(kind, (kind,)))

ANIMALS = (
    Animal('scrub_hare', 'Scrub Hare', 'small_mammal', 'B', 2, 1, {'grass': 1}, {}, 2, 'LC', ()),
    Animal('grass_mouse', 'Four-striped Grass Mouse', 'small_mammal', 'B', 2, 1, {'grass': 1}, {}, 0.05, 'LC', ()),
    Animal('ground_squirrel', 'Cape Ground Squirrel', 'small_mammal', 'B', 2, 2, {'grass': 1, 'invertebrate': 1}, {}, 0.6, 'LC', ('pair',)),
    Animal('meerkat', 'Meerkat', 'small_mammal', 'B', 2, 2, {'invertebrate': 2}, {}, 0.7, 'LC', ('rock',)),
    Animal('bushbaby', 'Southern Lesser Galago', 'small_mammal', 'B', 2, 2, {'tree': 1, 'invertebrate': 1}, {}, 0.2, 'LC', ('tree',)),
    Animal('slender_mongoose', 'Slender Mongoose', 'small_mammal', 'B', 2, 3, {'invertebrate': 1, 'reptile': 1}, {}, 0.6, 'LC', ()),
    Animal('rock_hyrax', 'Rock Hyrax', 'small_mammal', 'B', 1, 2, {'grass': 1, 'tree': 1}, {'H': 1}, 3.5, 'LC', ('rock',)),
    Animal('springhare', 'Springhare', 'small_mammal', 'C', 2, 3, {'grass': 2}, {'H': 1}, 3, 'LC', ()),
    Animal('bat_eared_fox', 'Bat-eared Fox', 'small_mammal', 'C', 2, 4, {'termite': 1, 'invertebrate': 2}, {}, 4, 'LC', ('pair',)),
    Animal('hedgehog', 'Southern African Hedgehog', 'small_mammal', 'C', 2, 4, {'invertebrate': 3}, {'H': 1}, 0.4, 'LC', ()),
    Animal('lilac_roller', 'Lilac-breasted Roller', 'bird', 'B', 2, 2, {'invertebrate': 1}, {}, 0.1, 'LC', ('tree',)),
    Animal('quelea', 'Red-billed Quelea', 'bird', 'B', 2, 1, {'grass': 1}, {}, 0.02, 'LC', ()),
    Animal('carmine_bee_eater', 'Southern Carmine Bee-eater', 'bird', 'B', 2, 3, {'invertebrate': 1, 'bee': 1}, {}, 0.06, 'LC', ('sunset',)),
    Animal('crested_francolin', 'Crested Francolin', 'bird', 'B', 2, 2, {'grass': 1, 'invertebrate': 1}, {}, 0.4, 'LC', ()),
    Animal('jacana', 'African Jacana', 'bird', 'B', 1, 2, {'invertebrate': 1, 'fish': 1}, {}, 0.25, 'LC', ('water',)),
    Animal('saddle_billed_stork', 'Saddle-billed Stork', 'bird', 'C', 2, 5, {'fish': 2}, {'H': 1}, 6, 'LC', ('water',)),
    Animal('ground_hornbill', 'Southern Ground Hornbill', 'bird', 'C', 2, 7, {'invertebrate': 2, 'reptile': 1}, {'H': 2}, 4, 'VU', ()),
    Animal('wattled_crane', 'Wattled Crane', 'bird', 'C', 2, 6, {'grass': 2, 'invertebrate': 1}, {'C': 1}, 8, 'VU', ('pair', 'water')),
    Animal('kori_bustard', 'Kori Bustard', 'bird', 'C', 2, 5, {'grass': 2, 'invertebrate': 1, 'reptile': 1}, {}, 12, 'NT', ()),
    Animal('slaty_egret', 'Slaty Egret', 'bird', 'C', 2, 6, {'fish': 2}, {'C': 1}, 0.4, 'VU', ('water',)),
    Animal('bullfrog', 'African Bullfrog', 'reptile', 'B', 2, 2, {'invertebrate': 2}, {}, 1.4, 'LC', ('water',)),
    Animal('reed_frog', 'Painted Reed Frog', 'reptile', 'B', 2, 1, {'invertebrate': 1}, {}, 0.003, 'LC', ()),
    Animal('leopard_tortoise', 'Leopard Tortoise', 'reptile', 'B', 2, 3, {'grass': 2}, {'S': 1}, 18, 'LC', ('rock',)),
    Animal('chameleon', 'Flap-necked Chameleon', 'reptile', 'B', 2, 3, {'tree': 1, 'invertebrate': 1}, {'S': 1}, 0.1, 'LC', ('tree',)),
    Animal('tree_agama', 'Southern Tree Agama', 'reptile', 'B', 2, 2, {'tree': 1, 'invertebrate': 1}, {}, 0.1, 'LC', ()),
    Animal('nile_crocodile', 'Nile Crocodile', 'reptile', 'C', 2, 8, {'fish': 3, 'medium_mammal': 1}, {'H': 2}, 400, 'LC', ('water',)),
    Animal('rock_monitor', 'Rock Monitor', 'reptile', 'C', 2, 6, {'small_mammal': 1, 'invertebrate': 2}, {'H': 1}, 10, 'LC', ('rock',)),
    Animal('rock_python', 'Southern African Python', 'reptile', 'C', 2, 8, {'small_mammal': 2, 'medium_mammal': 1}, {'H': 2, 'S': 1}, 30, 'LC', ()),
    Animal('black_mamba', 'Black Mamba', 'reptile', 'C', 2, 5, {'small_mammal': 2, 'bird': 1}, {}, 1.6, 'LC', ()),
    Animal('impala', 'Impala', 'medium_mammal', 'B', 2, 3, {'grass': 2, 'tree': 1}, {}, 50, 'LC', ('pair',)),
    Animal('warthog', 'Common Warthog', 'medium_mammal', 'B', 2, 2, {'grass': 2}, {}, 80, 'LC', ()),
    Animal('steenbok', 'Steenbok', 'medium_mammal', 'B', 2, 2, {'grass': 1, 'tree': 1}, {}, 11, 'LC', ()),
    Animal('baboon', 'Chacma Baboon', 'medium_mammal', 'B', 2, 3, {'tree': 2, 'invertebrate': 1}, {}, 25, 'LC', ('rock',)),
    Animal('pangolin', "Temminck's Ground Pangolin", 'medium_mammal', 'C', 2, 10, {'termite': 2}, {'S': 3}, 10, 'VU', ()),
    Animal('red_lechwe', 'Red Lechwe', 'medium_mammal', 'C', 2, 5, {'grass': 3}, {'C': 1}, 100, 'LC', ('water',)),
    Animal('sitatunga', 'Sitatunga', 'medium_mammal', 'C', 2, 6, {'grass': 2}, {'H': 2, 'C': 2}, 80, 'LC', ('water',)),
    Animal('aardvark', 'Aardvark', 'medium_mammal', 'C', 2, 6, {'termite': 1, 'invertebrate': 2}, {'H': 1}, 60, 'LC', ()),
    Animal('honey_badger', 'Honey Badger', 'medium_mammal', 'C', 2, 5, {'bee': 1, 'small_mammal': 1, 'reptile': 1}, {}, 10, 'LC', ()),
    Animal('tsessebe', 'Tsessebe', 'medium_mammal', 'C', 1, 6, {'grass': 3}, {'H': 2}, 130, 'LC', ()),
    Animal('buffalo', 'African Buffalo', 'large_mammal', 'C', 2, 6, {'grass': 3}, {'H': 1}, 600, 'NT', ()),
    Animal('elephant', 'African Savanna Elephant', 'large_mammal', 'C', 2, 12, {'grass': 2, 'tree': 3}, {'H': 3, 'S': 3, 'C': 2}, 5000, 'EN', ('sunset',)),
    Animal('hippo', 'Hippopotamus', 'large_mammal', 'C', 2, 8, {'grass': 4, 'fish': 1}, {'H': 2}, 1500, 'VU', ('water',)),
    Animal('giraffe', 'Southern Giraffe', 'large_mammal', 'C', 2, 8, {'tree': 4}, {'H': 2}, 1000, 'VU', ('sunset',)),
    Animal('zebra', 'Plains Zebra', 'large_mammal', 'C', 2, 5, {'grass': 3}, {}, 300, 'NT', ('pair',)),
    Animal('wildebeest', 'Blue Wildebeest', 'large_mammal', 'C', 2, 5, {'grass': 3}, {'C': 1}, 230, 'LC', ()),
    Animal('sable', 'Sable Antelope', 'large_mammal', 'C', 2, 7, {'grass': 3, 'tree': 1}, {'H': 2, 'S': 1}, 230, 'LC', ()),
    Animal('roan', 'Roan Antelope', 'large_mammal', 'C', 2, 8, {'grass': 4}, {'H': 3, 'C': 1}, 270, 'LC', ()),
    Animal('kudu', 'Greater Kudu', 'large_mammal', 'C', 2, 6, {'tree': 3, 'grass': 1}, {}, 250, 'LC', ()),
    Animal('white_rhino', 'Southern White Rhinoceros', 'large_mammal', 'C', 1, 12, {'grass': 4}, {'H': 3, 'S': 4}, 2000, 'NT', ()),
    Animal('fish_eagle', 'African Fish Eagle', 'bird_of_prey', 'C', 2, 5, {'fish': 3}, {}, 3, 'LC', ('water', 'tree')),
    Animal('pels_owl', "Pel's Fishing Owl", 'bird_of_prey', 'C', 2, 7, {'fish': 3, 'tree': 1}, {'H': 2}, 2, 'LC', ('water',)),
    Animal('martial_eagle', 'Martial Eagle', 'bird_of_prey', 'C', 2, 9, {'medium_mammal': 1, 'bird': 2}, {'H': 2, 'S': 1}, 5, 'EN', ()),
    Animal('bateleur', 'Bateleur', 'bird_of_prey', 'C', 2, 7, {'reptile': 1, 'small_mammal': 1, 'bird': 1}, {'C': 1}, 2.5, 'EN', ('sunset',)),
    Animal('secretarybird', 'Secretarybird', 'bird_of_prey', 'C', 2, 7, {'reptile': 2, 'small_mammal': 1}, {'H': 1}, 4, 'EN', ()),
    Animal('snake_eagle', 'Brown Snake Eagle', 'bird_of_prey', 'C', 2, 6, {'reptile': 3}, {}, 2, 'LC', ()),
    Animal('wb_vulture', 'White-backed Vulture', 'bird_of_prey', 'C', 2, 9, {'large_mammal': 2, 'medium_mammal': 1}, {'S': 2, 'C': 1}, 6, 'CR', ()),
    Animal('eagle_owl', "Verreaux's Eagle-Owl", 'bird_of_prey', 'C', 1, 5, {'small_mammal': 2, 'bird': 1}, {}, 2.5, 'LC', ()),
    Animal('lion', 'Lion', 'predator', 'C', 2, 12, {'large_mammal': 4}, {'H': 3}, 190, 'VU', ('sunset',)),
    Animal('leopard', 'Leopard', 'predator', 'C', 2, 10, {'medium_mammal': 2, 'small_mammal': 1, 'tree': 2}, {'S': 2}, 60, 'VU', ('tree',)),
    Animal('cheetah', 'Cheetah', 'predator', 'C', 2, 10, {'medium_mammal': 2}, {'H': 3, 'C': 1}, 50, 'VU', ()),
    Animal('wild_dog', 'African Wild Dog', 'predator', 'C', 2, 12, {'medium_mammal': 4}, {'H': 3, 'C': 2}, 25, 'EN', ()),
    Animal('spotted_hyena', 'Spotted Hyena', 'predator', 'C', 2, 7, {'medium_mammal': 2, 'large_mammal': 1}, {}, 60, 'LC', ()),
    Animal('brown_hyena', 'Brown Hyena', 'predator', 'C', 2, 6, {'medium_mammal': 1, 'small_mammal': 1, 'bird': 1}, {}, 40, 'NT', ()),
    Animal('caracal', 'Caracal', 'predator', 'C', 2, 6, {'small_mammal': 1, 'bird': 3}, {}, 12, 'LC', ()),
    Animal('serval', 'Serval', 'predator', 'C', 2, 6, {'small_mammal': 3, 'bird': 1}, {}, 12, 'LC', ()),
    Animal('jackal', 'Black-backed Jackal', 'predator', 'C', 2, 4, {'small_mammal': 2, 'invertebrate': 1}, {}, 8, 'LC', ()),
    Animal('wildcat', 'African Wildcat', 'predator', 'C', 1, 5, {'small_mammal': 2, 'bird': 1, 'reptile': 1}, {}, 4, 'LC', ()),
)

ACTIONS = (
    Action("relocation", "Relocation", 8,
           "Pay $1m: take any card from the discard pile and use it now (not for money)."),
    Action("grant", "Conservation Grant", 6, "Gain $3m."),
    Action("rewilding_project", "Rewilding Project", 4, "Take a Rewilding card of your choice for free."),
    Action("anti_poaching_unit", "Anti-Poaching Unit", 3, "Raise Smuggling protection one level for free."),
    Action("habitat_restoration", "Habitat Restoration", 3, "Raise Habitat protection one level for free."),
    Action("climate_action", "Community Climate Action", 3, "Place 2 climate markers for free."),
    Action("wildlife_exchange", "Wildlife Exchange", 3,
           "Swap an animal in your Sanctuary with an animal card in the discard pile."),
)

EXPERTS = (
    Expert("expert-vet", "Wildlife Veterinarian", "Your Sanctuary has 4 spaces."),
    Expert("expert-ranger", "Anti-Poaching Ranger", "Start with Smuggling protection at level 1."),
    Expert("expert-ecologist", "Habitat Ecologist", "Start with Habitat protection at level 1."),
    Expert("expert-climate", "Climate Scientist",
           "Once per round, in an Investment stage, place 1 climate marker for free."),
    Expert("expert-botanist", "Restoration Botanist", "Rewilding cards cost you $2m."),
    Expert("expert-researcher", "Research Fellow",
           "Once per round, claim a research card one tier higher than the one you meet."),
    Expert("expert-ornithologist", "Ornithologist",
           "Gain $1m each time a bird or bird of prey enters your Reserve."),
    Expert("expert-carnivore", "Carnivore Biologist",
           "Predators and birds of prey need 1 fewer animal symbol in their food requirement."),
    Expert("expert-fundraiser", "Fundraiser", "Start with $3m more."),
    Expert("expert-liaison", "Community Liaison",
           "Discarding a drafted card or selling a Sanctuary animal gives $2m instead of $1m."),
)

RESEARCH = (
    Research("R1-01", 1, "Grassland Survey", "sym:grass", (2, 3, 4)),
    Research("R1-02", 1, "Woodland Survey", "sym:tree", (2, 3, 4)),
    Research("R1-03", 1, "Wetland Survey", "sym:fish", (1, 2, 3)),
    Research("R1-04", 1, "Insect Survey", "sym:invertebrate", (2, 3, 4)),
    Research("R1-05", 1, "Food Web Baseline", "producers", (4, 6, 8)),
    Research("R1-06", 1, "Habitat Mosaic", "producer_kinds", (2, 3, 4)),
    Research("R1-07", 1, "Small Mammal Census", "type:small_mammal", (1, 2, 3)),
    Research("R1-08", 1, "Bird Count", "birds", (1, 2, 3)),
    Research("R1-09", 1, "Herpetology Survey", "type:reptile", (1, 2, 3)),
    Research("R1-10", 1, "Browsers & Grazers", "type:medium_mammal", (1, 2, 3)),
    Research("R1-11", 1, "First Diversity Index", "types", (1, 2, 3)),
    Research("R1-12", 1, "Population Count", "animals", (2, 3, 4)),
    Research("R1-13", 1, "Habitat Management Plan", "habitat", (1, 2, 3)),
    Research("R1-14", 1, "Ranger Patrols", "smuggling", (1, 2, 3)),
    Research("R1-15", 1, "Little Things", "under_1kg", (1, 2, 3)),
    Research("R2-01", 2, "Grazing Capacity", "sym:grass", (3, 4, 5)),
    Research("R2-02", 2, "Canopy Cover", "sym:tree", (3, 4, 5)),
    Research("R2-03", 2, "Food Web", "producers", (7, 9, 11)),
    Research("R2-04", 2, "Rodent Monitoring", "type:small_mammal", (2, 3, 4)),
    Research("R2-05", 2, "Ringing Station", "birds", (2, 3, 4)),
    Research("R2-06", 2, "Reptile Transects", "type:reptile", (2, 3, 4)),
    Research("R2-07", 2, "Antelope Count", "type:medium_mammal", (2, 3, 4)),
    Research("R2-08", 2, "Diversity Index", "types", (3, 4, 5)),
    Research("R2-09", 2, "Growing Populations", "animals", (5, 7, 9)),
    Research("R2-10", 2, "Ecotourism Value", "animal_vp", (15, 22, 30)),
    Research("R2-11", 2, "Protected Habitat", "habitat", (2, 3, 4)),
    Research("R2-12", 2, "Trafficking Intelligence", "smuggling", (2, 3, 4)),
    Research("R2-13", 2, "Carbon Pledge", "climate", (2, 3, 4)),
    Research("R2-14", 2, "Breeding Pairs", "art:pair", (1, 2, 3)),
    Research("R2-15", 2, "Heavyweights", "min_kg:100", (1, 2, 3)),
    Research("R3-01", 3, "Apex Predators", "type:predator", (1, 2, 3)),
    Research("R3-02", 3, "Raptor Survey", "type:bird_of_prey", (1, 2, 3)),
    Research("R3-03", 3, "Big Game", "type:large_mammal", (2, 3, 4)),
    Research("R3-04", 3, "Red List Refuge", "threatened", (2, 4, 6)),
    Research("R3-05", 3, "Iconic Species", "min_vp:8", (1, 2, 3)),
    Research("R3-06", 3, "Thriving Reserve", "animals", (10, 13, 16)),
    Research("R3-07", 3, "Flagship Value", "animal_vp", (35, 50, 65)),
    Research("R3-08", 3, "Complete Ecosystem", "types", (5, 6, 7)),
    Research("R3-09", 3, "Fortress Conservation", "protection_sum", (5, 6, 8)),
    Research("R3-10", 3, "Climate Leadership", "climate", (4, 6, 8)),
    Research("R3-11", 3, "Wetland Web", "eats_fish", (2, 3, 4)),
    Research("R3-12", 3, "Golden Hour", "art:sunset", (1, 2, 3)),
    Research("R3-13", 3, "Water's Edge", "art:water", (2, 3, 4)),
    Research("R3-14", 3, "Kopjes", "art:rock", (1, 2, 3)),
    Research("R3-15", 3, "Giants", "min_kg:500", (1, 2, 3)),
)

GOALS = (
    Goal("goal-01", "Wetland Haven", "eats_fish", ((3, 8), (5, 14))),
    Goal("goal-02", "Birdwatcher's Paradise", "birds", ((4, 8), (6, 14))),
    Goal("goal-03", "Apex Predators", "type:predator", ((2, 8), (4, 16))),
    Goal("goal-04", "Great Herds", "type:large_mammal", ((3, 8), (5, 15))),
    Goal("goal-05", "Full Food Chain", "types", ((7, 15),)),
    Goal("goal-06", "Endangered Refuge", "threatened", ((3, 8), (5, 15))),
    Goal("goal-07", "Small Wonders", "small_wonders", ((5, 8), (8, 14))),
    Goal("goal-08", "Fortress Reserve", "protection_min", ((3, 10),)),
    Goal("goal-09", "Climate Champion", "climate", ((6, 8), (10, 14))),
    Goal("goal-10", "Packed Reserve", "animals", ((16, 8), (20, 14))),
    Goal("goal-11", "Research Leader", "research_tier3", ((3, 8), (5, 14))),
    Goal("goal-12", "Rich Soils", "producers", ((12, 8), (15, 14))),
    Goal("goal-13", "Golden Hour", "art:sunset", ((2, 8), (3, 12))),
    Goal("goal-14", "Pairs for Life", "art:pair", ((3, 8), (5, 14))),
    Goal("goal-15", "Kopje Country", "art:rock", ((3, 8), (5, 14))),
    Goal("goal-16", "Megafauna", "min_kg:500", ((2, 8), (4, 15))),
    Goal("goal-17", "Tiny Titans", "under_1kg", ((5, 8), (8, 14))),
    Goal("goal-18", "Flagship Species", "min_vp:10", ((2, 8), (4, 16))),
    Goal("goal-19", "Balanced Ecosystem", "balanced", ((2, 12),)),
    Goal("goal-20", "Endowment Fund", "money", ((5, 6),)),
)

LODGE_CARDS = (
    LodgeCard('L1-01', 1, ('bird', 'bird', 'reptile', 'large_mammal')),
    LodgeCard('L1-02', 1, ('small_mammal', 'bird', 'reptile', 'bird_of_prey')),
    LodgeCard('L1-03', 1, ('small_mammal', 'reptile', 'reptile', 'large_mammal')),
    LodgeCard('L1-04', 1, ('small_mammal', 'bird', 'medium_mammal', 'predator')),
    LodgeCard('L1-05', 1, ('small_mammal', 'small_mammal', 'reptile', 'predator')),
    LodgeCard('L1-06', 1, ('bird', 'bird', 'reptile', 'medium_mammal')),
    LodgeCard('L1-07', 1, ('bird', 'reptile', 'medium_mammal', 'bird_of_prey')),
    LodgeCard('L1-08', 1, ('bird', 'reptile', 'reptile', 'medium_mammal')),
    LodgeCard('L1-09', 1, ('small_mammal', 'bird', 'bird', 'reptile')),
    LodgeCard('L1-10', 1, ('small_mammal', 'bird', 'reptile', 'medium_mammal')),
    LodgeCard('L1-11', 1, ('small_mammal', 'small_mammal', 'reptile', 'large_mammal')),
    LodgeCard('L1-12', 1, ('small_mammal', 'bird', 'bird', 'large_mammal')),
    LodgeCard('L1-13', 1, ('bird', 'reptile', 'reptile', 'bird_of_prey')),
    LodgeCard('L1-14', 1, ('small_mammal', 'small_mammal', 'bird', 'bird_of_prey')),
    LodgeCard('L1-15', 1, ('small_mammal', 'reptile', 'reptile', 'medium_mammal')),
    LodgeCard('L2-01', 2, ('small_mammal', 'reptile', 'large_mammal', 'predator')),
    LodgeCard('L2-02', 2, ('reptile', 'medium_mammal', 'large_mammal', 'bird_of_prey')),
    LodgeCard('L2-03', 2, ('bird', 'bird', 'bird_of_prey', 'predator')),
    LodgeCard('L2-04', 2, ('small_mammal', 'medium_mammal', 'large_mammal', 'predator')),
    LodgeCard('L2-05', 2, ('reptile', 'reptile', 'large_mammal', 'predator')),
    LodgeCard('L2-06', 2, ('small_mammal', 'reptile', 'large_mammal', 'large_mammal')),
    LodgeCard('L2-07', 2, ('small_mammal', 'medium_mammal', 'medium_mammal', 'large_mammal')),
    LodgeCard('L2-08', 2, ('small_mammal', 'small_mammal', 'large_mammal', 'predator')),
    LodgeCard('L2-09', 2, ('small_mammal', 'reptile', 'bird_of_prey', 'predator')),
    LodgeCard('L2-10', 2, ('bird', 'medium_mammal', 'large_mammal', 'large_mammal')),
    LodgeCard('L2-11', 2, ('bird', 'reptile', 'bird_of_prey', 'bird_of_prey')),
    LodgeCard('L2-12', 2, ('small_mammal', 'medium_mammal', 'medium_mammal', 'bird_of_prey')),
    LodgeCard('L2-13', 2, ('bird', 'bird', 'large_mammal', 'bird_of_prey')),
    LodgeCard('L2-14', 2, ('small_mammal', 'medium_mammal', 'predator', 'predator')),
    LodgeCard('L2-15', 2, ('reptile', 'medium_mammal', 'large_mammal', 'predator')),
    LodgeCard('L3-01', 3, ('reptile', 'large_mammal', 'bird_of_prey', 'bird_of_prey')),
    LodgeCard('L3-02', 3, ('medium_mammal', 'large_mammal', 'predator', 'predator')),
    LodgeCard('L3-03', 3, ('small_mammal', 'large_mammal', 'predator', 'predator')),
    LodgeCard('L3-04', 3, ('medium_mammal', 'medium_mammal', 'large_mammal', 'bird_of_prey')),
    LodgeCard('L3-05', 3, ('bird', 'large_mammal', 'bird_of_prey', 'bird_of_prey')),
    LodgeCard('L3-06', 3, ('small_mammal', 'large_mammal', 'large_mammal', 'predator')),
    LodgeCard('L3-07', 3, ('large_mammal', 'bird_of_prey', 'predator', 'predator')),
    LodgeCard('L3-08', 3, ('reptile', 'bird_of_prey', 'predator', 'predator')),
    LodgeCard('L3-09', 3, ('bird', 'large_mammal', 'large_mammal', 'predator')),
    LodgeCard('L3-10', 3, ('medium_mammal', 'bird_of_prey', 'bird_of_prey', 'predator')),
    LodgeCard('L3-11', 3, ('small_mammal', 'large_mammal', 'bird_of_prey', 'bird_of_prey')),
    LodgeCard('L3-12', 3, ('medium_mammal', 'large_mammal', 'large_mammal', 'predator')),
    LodgeCard('L3-13', 3, ('large_mammal', 'bird_of_prey', 'bird_of_prey', 'predator')),
    LodgeCard('L3-14', 3, ('medium_mammal', 'large_mammal', 'large_mammal', 'bird_of_prey')),
    LodgeCard('L3-15', 3, ('large_mammal', 'large_mammal', 'bird_of_prey', 'predator')),
)
GOLDEN_LODGE_CARDS = (
    GoldenCard('G-01', ('reptile', 'medium_mammal', 'large_mammal', 'predator'), 31),
    GoldenCard('G-02', ('reptile', 'medium_mammal', 'bird_of_prey', 'predator'), 33),
    GoldenCard('G-03', ('small_mammal', 'medium_mammal', 'large_mammal', 'predator'), 32),
    GoldenCard('G-04', ('small_mammal', 'reptile', 'bird_of_prey', 'predator'), 30),
    GoldenCard('G-05', ('small_mammal', 'bird', 'reptile', 'predator'), 26),
    GoldenCard('G-06', ('small_mammal', 'bird', 'medium_mammal', 'predator'), 29),
    GoldenCard('G-07', ('bird', 'reptile', 'bird_of_prey', 'predator'), 30),
    GoldenCard('G-08', ('small_mammal', 'reptile', 'medium_mammal', 'bird_of_prey'), 26),
    GoldenCard('G-09', ('bird', 'reptile', 'medium_mammal', 'large_mammal'), 25),
    GoldenCard('G-10', ('small_mammal', 'bird', 'medium_mammal', 'bird_of_prey'), 29),
    GoldenCard('G-11', ('small_mammal', 'bird', 'large_mammal', 'bird_of_prey'), 28),
    GoldenCard('G-12', ('reptile', 'large_mammal', 'bird_of_prey', 'predator'), 32),
    GoldenCard('G-13', ('small_mammal', 'bird', 'reptile', 'bird_of_prey'), 25),
    GoldenCard('G-14', ('small_mammal', 'reptile', 'medium_mammal', 'predator'), 25),
    GoldenCard('G-15', ('bird', 'reptile', 'medium_mammal', 'predator'), 28),
)
COMMUNITY_PROTECTION_MARKERS = (
    (0, 2, 1),
    (0, 3, 1),
    (0, 4, 1),
    (0, 5, 2),
    (0, 6, 2),
    (0, 7, 2),
    (2, 2, 1),
    (2, 3, 1),
    (2, 4, 1),
    (2, 5, 2),
    (2, 6, 2),
    (2, 7, 2),
)
INTERMEDIATE_REMOVES = ((0, 2), (0, 3), (2, 2), (2, 3))

# fmt: on


# ---- lookups and deck building ------------------------------------------------------------
ANIMALS_BY_ID = {a.id: a for a in ANIMALS}
PRODUCERS_BY_ID = {p.id: p for p in PRODUCERS}
ACTIONS_BY_ID = {a.id: a for a in ACTIONS}
EXPERTS_BY_ID = {e.id: e for e in EXPERTS}
RESEARCH_BY_ID = {r.id: r for r in RESEARCH}
GOALS_BY_ID = {g.id: g for g in GOALS}
LODGES_BY_ID = {c.id: c for c in LODGE_CARDS}
GOLDEN_BY_ID = {c.id: c for c in GOLDEN_LODGE_CARDS}
CP_MARKERS = {(r, c): level for r, c, level in COMMUNITY_PROTECTION_MARKERS}


# What a research card or goal counts, in words (the cards name a metric key above).
METRIC_WORDS = {
    "producers": "producer symbols in all",
    "producer_kinds": "different producer kinds (grass, tree, invertebrate, fish)",
    "birds": "birds and birds of prey",
    "types": "different animal types",
    "animals": "animals in your Reserve",
    "animal_vp": "points of your Reserve animals",
    "habitat": "your Habitat protection level",
    "smuggling": "your Smuggling protection level",
    "protection_sum": "your Habitat plus Smuggling levels",
    "protection_min": "your Habitat and Smuggling levels (the lower one counts)",
    "climate": "your climate markers",
    "under_1kg": "animals under 1 kg",
    "threatened": "threatened animals (vulnerable, endangered or critical)",
    "eats_fish": "animals that eat fish",
    "small_wonders": "small mammals and reptiles/amphibians",
    "balanced": "each of small mammals, birds, reptiles/amphibians and medium mammals",
    "research_tier3": "research cards claimed at tier 3",
    "money": "millions left unspent at the end",
}
ART_WORDS = {
    "pair": "animals shown in pairs",
    "sunset": "animals shown at sunset",
    "water": "animals shown by water",
    "rock": "animals shown on rocks",
    "tree": "animals shown in trees",
}
TYPE_PLURALS = {
    "small_mammal": "small mammals",
    "bird": "birds",
    "reptile": "reptiles/amphibians",
    "medium_mammal": "medium mammals",
    "large_mammal": "large mammals",
    "bird_of_prey": "birds of prey",
    "predator": "predators",
}


@cache
def metric_words(metric: str) -> str:
    """``sym:grass`` -> "grass symbols", ``min_kg:500`` -> "animals of 500 kg or more"."""
    kind, _, arg = metric.partition(":")
    if kind == "sym":
        return f"{SYMBOL_NAMES[arg]} symbols"
    if kind == "type":
        return TYPE_PLURALS[arg]
    if kind == "art":
        return ART_WORDS[arg]
    if kind == "min_kg":
        return f"animals of {arg} kg or more"
    if kind == "min_vp":
        return f"animals worth {arg} points or more"
    return METRIC_WORDS[kind]


def type_list(types) -> str:
    """Animal types as a phrase: "small mammal, reptile/amphibian and predator"."""
    names = [TYPE_NAMES[t] for t in types]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _copies(kind_id: str, copies: int) -> list[str]:
    return [f"kav-{kind_id}-{i}" for i in range(1, copies + 1)]


def deck_a() -> list[str]:
    return [cid for p in PRODUCERS for cid in _copies(p.id, p.copies)]


def deck_animals(letter: str) -> list[str]:
    return [cid for a in ANIMALS if a.deck == letter for cid in _copies(a.id, a.copies)]


def action_cards(kind: str | None = None) -> list[str]:
    return [cid for a in ACTIONS if kind in (None, a.id) for cid in _copies(a.id, a.copies)]


@cache
def kind_of(card_id: str) -> str:
    """``kav-zebra-2`` -> ``zebra``; Rewilding cards ``rewild-grass-1`` -> ``rewild-grass``."""
    return (
        card_id[4:].rsplit("-", 1)[0] if card_id.startswith("kav-") else card_id.rsplit("-", 1)[0]
    )


@cache
def animal(card_id: str) -> Animal | None:
    return ANIMALS_BY_ID.get(kind_of(card_id))


@cache
def producer_symbols(card_id: str) -> tuple[str, ...]:
    kind = kind_of(card_id)
    if kind in PRODUCERS_BY_ID:
        return PRODUCERS_BY_ID[kind].symbols
    if kind.startswith("rewild-"):
        return REWILDING[kind[len("rewild-") :]]
    return ()


@cache
def action(card_id: str) -> Action | None:
    return ACTIONS_BY_ID.get(kind_of(card_id))


@cache
def card_kind(card_id: str) -> str:
    """``producer``, ``animal`` or ``action``."""
    if animal(card_id):
        return "animal"
    if action(card_id):
        return "action"
    return "producer"


@cache
def card_name(card_id: str) -> str:
    kind = kind_of(card_id)
    for table in (ANIMALS_BY_ID, PRODUCERS_BY_ID, ACTIONS_BY_ID):
        if kind in table:
            return table[kind].name
    if kind.startswith("rewild-"):
        return f"Rewilding ({kind[len('rewild-') :]})"
    return card_id


@cache
def deck_of(card_id: str) -> str:
    a = animal(card_id)
    if a:
        return a.deck
    return "action" if action(card_id) else "A"
