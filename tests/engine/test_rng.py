"""The generator of a ply seeds itself on its first draw: the numbers must be exactly those of
``random.Random`` with the same seed, however the first draw is made, or every recorded match
would replay differently."""

from __future__ import annotations

import copy
import gc
import hashlib
import pickle
import random
import weakref

import pytest

from core.engine.rng import PlyRandom, rng_for, seed_of


def draws(r: random.Random) -> list:
    shuffled = list(range(20))
    r.shuffle(shuffled)
    return [r.random(), r.randrange(10), r.choice("abcdef"), r.sample(range(50), 5),
            r.getrandbits(70), r.randint(1, 6), r.uniform(0, 1), r.gauss(0, 1), r.gauss(0, 1),
            shuffled, r.choices("abc", k=4), r.randrange(1000003)]


FIRST_DRAWS = {
    "randrange": lambda r: r.randrange(7),
    "shuffle": lambda r: r.shuffle(list(range(9))),
    "choice": lambda r: r.choice("xyz"),
    "getstate": lambda r: r.getstate(),
    "gauss": lambda r: r.gauss(0, 1),
    "getrandbits": lambda r: r.getrandbits(33),
}


@pytest.mark.parametrize("seed", [0, 1, 5, 2**64 - 1, 123456789012345678])
@pytest.mark.parametrize("first", sorted(FIRST_DRAWS))
def test_a_ply_generator_draws_what_random_random_draws(seed, first):
    plain, lazy = random.Random(seed), PlyRandom(seed)
    assert FIRST_DRAWS[first](plain) == FIRST_DRAWS[first](lazy)
    assert draws(plain) == draws(lazy)


def test_a_ply_generator_survives_copy_pickle_and_reseeding():
    assert pickle.loads(pickle.dumps(rng_for(3, 4))).random() == rng_for(3, 4).random()
    drawn = rng_for(3, 4)
    assert copy.deepcopy(drawn).random() == drawn.random()
    reseeded = PlyRandom(9)
    reseeded.seed(11)
    assert reseeded.random() == random.Random(11).random()


def test_the_generator_of_a_ply_is_fixed_by_seed_and_ply():
    """rng_for's numbers are part of every stored match: they must never change."""
    seed = int.from_bytes(hashlib.sha256(b"5:3").digest()[:8], "big")
    assert draws(rng_for(5, 3)) == draws(random.Random(seed))


def test_a_ply_generator_is_freed_as_soon_as_it_is_dropped():
    """A playout makes two generators a ply; one in a reference cycle (say, holding its own bound
    methods) lives on until the cycle collector finds it, and the collector then runs every few
    plies. With collection off, a drawn-from generator must still go when its last name does."""
    gc.disable()
    try:
        drawn = rng_for(7, 1)
        drawn.choice([1, 2, 3])
        drawn.shuffle([1, 2, 3])
        gone, seeded_gone = weakref.ref(drawn), weakref.ref(drawn._drawn)
        del drawn
        assert gone() is None and seeded_gone() is None
    finally:
        gc.enable()


def test_a_generator_named_by_text_hashes_it_only_when_drawn_from():
    lazy = PlyRandom(text="5:3")
    assert lazy._seed is None
    assert lazy.random() == random.Random(seed_of("5:3")).random()
    assert lazy._seed == seed_of("5:3")


def test_a_ply_generator_makes_its_random_random_only_when_drawn_from():
    """Most moves never draw: their generator must stay a few words, not 2.5 KB of seeded state."""
    lazy = rng_for(5, 3)
    assert lazy._drawn is None and lazy._seed is None
    lazy.choice("abc")
    assert type(lazy._drawn) is random.Random and lazy._seed == seed_of("5:3")


@pytest.mark.parametrize("seed", [7, -7, 2**70, "text", b"bytes", 1.5])
def test_a_ply_generator_of_any_seed_random_random_takes_draws_the_same(seed):
    assert draws(PlyRandom(seed)) == draws(random.Random(seed))


def test_every_method_of_random_random_is_reached():
    lazy, plain = rng_for(8, 2), random.Random(seed_of("8:2"))
    assert lazy.betavariate(2, 3) == plain.betavariate(2, 3)
    assert lazy.getstate() == plain.getstate()
    with pytest.raises(AttributeError):
        lazy.no_such_method  # noqa: B018
