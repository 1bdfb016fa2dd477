"""MCR hand forms: decompositions, shanten per form and waits, checked against a
brute-force recogniser (``tests/mcr_brute.py``) and pymahjonggb's per-form shanten."""

from __future__ import annotations

import random

import MahjongGB
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_joy.errors import InvalidHandError
from mahjong_joy.hand.mcr_forms import (
    FORMS,
    KNITTED_PATTERNS,
    is_mcr_winning,
    mcr_decompositions,
    mcr_shanten,
    mcr_shanten_by_form,
    mcr_waits,
)
from mahjong_joy.notation import parse_tiles
from tests import mcr_brute
from tests.mcr_reference import CODES

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _winning_shape(rng: random.Random, melds: int) -> list[int]:
    """A complete concealed part in a random form (the special forms only without melds)."""
    forms = ["regular", "regular", "knitted_straight"] if melds else FORMS
    form = rng.choice([f for f in forms if f != "knitted_straight" or melds <= 1])
    if form == "seven_pairs":
        kinds = [rng.randrange(34) for _ in range(7)]
        return [k for k in kinds for _ in (0, 1)]
    if form == "thirteen_orphans":
        return mcr_brute.ORPHANS + [rng.choice(mcr_brute.ORPHANS)]
    if form == "honors_and_knitted":
        numbers = rng.randrange(7, 10)
        return rng.sample(list(rng.choice(KNITTED_PATTERNS)), numbers) + rng.sample(mcr_brute.HONORS, 14 - numbers)
    tiles = list(rng.choice(KNITTED_PATTERNS)) if form == "knitted_straight" else []
    sets = (1 if form == "knitted_straight" else 4) - melds
    for _ in range(sets):
        t = rng.randrange(34)
        if t < 27 and t % 9 <= 6 and rng.random() < 0.6:
            tiles += [t, t + 1, t + 2]
        else:
            tiles += [t] * 3
    tiles += [rng.randrange(34)] * 2
    return tiles


@st.composite
def hands(draw, size: int, near: bool = True):
    """(tiles, melds): a shape near a win (a few tiles swapped), no fifth copy."""
    melds = draw(st.sampled_from((0, 0, 0, 1, 2)))
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(50):
        tiles = _winning_shape(rng, melds) if near else [rng.randrange(34) for _ in range(14 - 3 * melds)]
        for _ in range(draw(st.integers(0, 3))):
            tiles[rng.randrange(len(tiles))] = rng.randrange(34)
        tiles = tiles[: size - 3 * melds]
        if max(tiles.count(t) for t in tiles) <= 4:
            return sorted(tiles), melds
    return sorted(parse_tiles("123m456p789s11122z")[: size - 3 * melds]), melds


@SETTINGS
@given(hands(14))
def test_winning_forms_match_brute_force(hand):
    tiles, melds = hand
    forms = {d.form for d in mcr_decompositions(tiles, melds)}
    assert forms == mcr_brute.winning_forms(tiles, melds)
    assert is_mcr_winning(tiles, melds) == bool(forms)


@SETTINGS
@given(hands(13))
def test_waits_match_brute_force(hand):
    tiles, melds = hand
    assert mcr_waits(tiles, melds) == mcr_brute.waits(tiles, melds)
    assert (mcr_shanten(tiles, melds) == 0) == bool(mcr_waits(tiles, melds))


@SETTINGS
@given(hands(14))
def test_shanten_is_minus_one_exactly_when_winning(hand):
    tiles, melds = hand
    by_form = mcr_shanten_by_form(tiles, melds)
    forms = mcr_brute.winning_forms(tiles, melds)
    for name, value in by_form._asdict().items():
        if value is not None:
            assert (value == -1) == (name in forms), (name, value, forms)
    assert (mcr_shanten(tiles, melds) == -1) == bool(forms)


@settings(max_examples=40, deadline=None)
@given(hands(13, near=False))
def test_shanten_drops_by_one_with_the_best_draw(hand):
    """The shanten law: a 13-tile hand's best draw is one step nearer (any form)."""
    tiles, melds = hand
    now = mcr_shanten(tiles, melds)
    after = min(mcr_shanten(sorted(tiles + [t]), melds) for t in range(34) if tiles.count(t) < 4)
    assert after == now - 1


@SETTINGS
@given(hands(13))
def test_per_form_shanten_matches_pymahjonggb(hand):
    tiles, melds = hand
    if melds:
        return
    ours = mcr_shanten_by_form(tiles, 0)
    codes = tuple(CODES[t] for t in tiles)
    oracle = {
        "regular": MahjongGB.RegularShanten, "seven_pairs": MahjongGB.SevenPairsShanten,
        "thirteen_orphans": MahjongGB.ThirteenOrphansShanten, "knitted_straight": MahjongGB.KnittedStraightShanten,
        "honors_and_knitted": MahjongGB.HonorsAndKnittedTilesShanten,
    }
    for form, function in oracle.items():
        theirs, useful = function(codes)
        if getattr(ours, form) != theirs:
            # fifth_copy_wait: the library counts a "wait" on a kind the hand already
            # holds four times; our shanten (like the riichi tables) never uses a fifth copy.
            held_four = {CODES[t] for t in set(tiles) if tiles.count(t) == 4}
            assert getattr(ours, form) == theirs + 1 and set(useful) <= held_four, (form, ours, theirs, useful)


@pytest.mark.parametrize("text, melds, form", [
    ("123m456p789s11122z", 0, "regular"),
    ("1111m2233p445566s", 0, "seven_pairs"),            # four of a kind as two pairs (C2 row 11)
    ("19m19p19s12345677z", 0, "thirteen_orphans"),
    ("147m258p369s123s11z", 0, "knitted_straight"),
    ("147m258p369s11z", 1, "knitted_straight"),
    ("147m258p369s12345z", 0, "honors_and_knitted"),
    ("14m25p369s1234567z", 0, "honors_and_knitted"),    # greater: all seven honors
    ("22334455667788s", 0, "seven_pairs"),              # seven shifted pairs read as seven pairs
])
def test_each_form_is_recognised(text, melds, form):
    assert form in {d.form for d in mcr_decompositions(parse_tiles(text), melds)}


def test_bad_input_is_an_error():
    with pytest.raises(InvalidHandError, match="expected 14"):
        mcr_decompositions(parse_tiles("123m456p789s1122z"))
    with pytest.raises(InvalidHandError, match="copies"):
        mcr_waits([0] * 5 + [1] * 8)
    with pytest.raises(InvalidHandError, match="melds must be"):
        mcr_shanten(parse_tiles("123m"), 5)
