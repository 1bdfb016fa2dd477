"""Win check, decompositions, shanten, waits, ukeire, discards and claims.

Cases from the dev log (its trap hands), the C++ article (input validation, seven
pairs with a quad, the 13-orphans count check) and the pattern-library design.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_joy import (
    InvalidHandError,
    claimable_sets,
    decompositions,
    discard_candidates,
    format_tiles,
    is_winning_hand,
    shanten,
    shanten_by_form,
    ukeire,
    waiting_tiles,
)
from mahjong_joy.hand.counts import counts_of, counts_of_kinds
from mahjong_joy.hand.samples import random_hand, random_tenpai_hand, random_winning_hand
from mahjong_joy.tiles import to_counts34
from tests.helpers import h


# --- the win check ---------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "wins"),
    [
        ("z123 m456 m789 p111 s99", 0, False),  # honors never make a run (dev log)
        ("m1112345678999 m9", 0, True),  # must backtrack over the pair (dev log)
        ("m223344 m556677 s88", 0, True),  # consecutive pairs read as runs (dev log)
        ("123m456p789s11122z", 0, True),
        ("11122233344455m", 0, True),
        ("1122m3344p5566s77z", 0, True),  # seven pairs
        ("1111m2233p5566s77z", 0, False),  # a quad is not two pairs (riichi)
        ("19m19p19s12345677z", 0, True),  # thirteen orphans
        ("19m19p19s11234567z", 0, True),
        ("199m19p19s1235677z", 0, False),  # no North
        ("123m456p11z", 2, True),  # two melds declared, 8 tiles in hand
        ("11z", 4, True),
        ("1122m3344p", 3 - 1, False),  # pairs, no sets, melds declared
        ("12m", 4, False),
    ],
)
def test_is_winning_hand(hand: str, melds: int, wins: bool) -> None:
    assert is_winning_hand(h(hand), melds) is wins
    assert is_winning_hand(to_counts34(h(hand)), melds) is wins


def test_quad_as_two_pairs_when_asked() -> None:
    assert is_winning_hand(h("1111m2233p5566s77z"), quad_as_two_pairs=True)


def test_special_forms_can_be_turned_off() -> None:
    assert not is_winning_hand(h("1122m3344p5566s77z"), seven_pairs=False)
    assert not is_winning_hand(h("19m19p19s12345677z"), thirteen_orphans=False)


@pytest.mark.parametrize(
    ("tiles", "melds", "fragment"),
    [
        ("123m456p789s11122z", 0, None),  # 14: fine
        ("123m456p789s111223z", 0, "15 tiles with 0 melds: expected 14"),  # the C++ hang
        ("1111222333444m", 0, "13 tiles with 0 melds: expected 14"),  # the C++ 13-tile misread
        ("123m456p789s11z", 2, "11 tiles with 2 melds: expected 8"),
    ],
)
def test_wrong_tile_count_raises(tiles: str, melds: int, fragment: str | None) -> None:
    if fragment is None:
        assert is_winning_hand(h(tiles), melds)
        return
    assert len(h(tiles)) + 3 * melds != 14
    with pytest.raises(InvalidHandError, match=fragment):
        is_winning_hand(h(tiles), melds)


def test_fifth_copy_raises_for_counts() -> None:
    counts = to_counts34(h("123m456p789s1112z"))
    counts[27] = 5
    counts[28] = 0
    counts[0] = 0
    with pytest.raises(InvalidHandError, match="5 copies of 1z"):
        is_winning_hand(counts)


def test_fifth_copy_raises_for_kind_lists() -> None:
    with pytest.raises(InvalidHandError, match="5 copies of 1m"):
        shanten([0] * 5 + h("23456789m"))


@pytest.mark.parametrize("bad", [[-1] + [0] * 33, [0.5] + [0] * 33, [99], ["1m"]])
def test_garbage_input_raises(bad: list) -> None:
    with pytest.raises(InvalidHandError):
        is_winning_hand(bad)


def test_bad_meld_count_raises() -> None:
    with pytest.raises(InvalidHandError, match="melds must be 0..4"):
        shanten(h("11z"), 5)


def test_every_function_rejects_a_wrong_size() -> None:
    twelve = h("123m456p789s123z")
    for call in (
        lambda: shanten(twelve),
        lambda: shanten_by_form(twelve),
        lambda: waiting_tiles(twelve),
        lambda: ukeire(twelve),
        lambda: discard_candidates(twelve),
        lambda: decompositions(twelve),
    ):
        with pytest.raises(InvalidHandError):
            call()


# --- decompositions --------------------------------------------------------


def readings(hand: str, melds: int = 0) -> set[str]:
    return {str(d) for d in decompositions(h(hand), melds)}


def test_decompositions_list_every_reading() -> None:
    assert readings("111222333m11p789s") == {
        "11p 789s 111m 222m 333m",
        "11p 123m 123m 123m 789s",
    }
    assert readings("11223344556677m") == {
        "11m 234m 234m 567m 567m",
        "44m 123m 123m 567m 567m",
        "77m 123m 123m 456m 456m",
        "11m 22m 33m 44m 55m 66m 77m",
    }


def test_nine_gates_plus_each_tile_reads_as_a_win() -> None:
    for extra in "123456789":
        found = decompositions(h("1112345678999m" + extra + "m"))
        assert found and all(d.form == "standard" for d in found)


def test_special_readings() -> None:
    (orphans,) = decompositions(h("19m19p19s12345677z"))
    assert orphans.form == "thirteen_orphans" and orphans.pair == 33
    (pairs,) = decompositions(h("1122m3344p5566s77z"))
    assert pairs.form == "seven_pairs" and len(pairs.groups) == 7


def test_decompositions_of_a_losing_hand_are_empty() -> None:
    assert decompositions(h("123m456p789s12345z")) == []


def test_decompositions_use_remaining_sets_only() -> None:
    assert readings("123m456p11z", melds=2) == {"11z 123m 456p"}


def test_decompositions_agree_with_the_win_check_over_seeded_hands() -> None:
    rng = random.Random(20261129)
    for i in range(3000):
        counts = random_winning_hand(rng) if i % 2 else random_hand(rng, 14)
        found = decompositions(counts)
        assert bool(found) == is_winning_hand(counts)
        for reading in found:
            assert sorted(t for g in reading.groups for t in g.tiles) == [
                t for t in range(34) for _ in range(counts[t])
            ]


# --- shanten ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "melds", "expected"),
    [
        ("123m456p789s1122z", 0, 0),
        ("123m456p789s1123z", 0, 1),
        ("123m456p789s11122z", 0, -1),
        ("19m19p19s1234567z", 0, 0),  # thirteen-sided wait
        ("1122m3344p5566s7z", 0, 0),
        ("159m159p159s1234z", 0, 3),  # ten orphans: kokushi is closest
        ("1111m234p567s789s", 0, 1),  # only wait would be a fifth 1m
        ("123m45p66z", 2, 0),
        ("1z", 4, 0),
    ],
)
def test_shanten(hand: str, melds: int, expected: int) -> None:
    assert shanten(h(hand), melds) == expected


def test_shanten_by_form() -> None:
    forms = shanten_by_form(h("19m19p19s1234567z"))
    assert forms == (8, 6, 0)
    assert forms.thirteen_orphans == 0
    melded = shanten_by_form(h("123m45p66z"), 2)
    assert melded.standard == 0 and melded.seven_pairs is None and melded.thirteen_orphans is None


@st.composite
def seeded_hands(draw: st.DrawFn, sizes: tuple[int, ...] = (13, 14)) -> tuple[list[int], int]:
    """A hand from a seeded wall, sometimes with melds, sometimes built to be close."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    melds = draw(st.sampled_from([0, 0, 0, 1, 2, 4]))
    size = draw(st.sampled_from(sizes)) - 3 * melds
    kind = draw(st.sampled_from(["random", "tenpai", "winning"]))
    if kind == "random":
        return random_hand(rng, size), melds
    counts = random_winning_hand(rng, melds)
    if size % 3 == 1:
        counts = random_tenpai_hand(rng, melds)
    return counts, melds


@given(seeded_hands(sizes=(14,)))
def test_shanten_is_minus_one_exactly_when_the_hand_wins(case: tuple[list[int], int]) -> None:
    counts, melds = case
    assert (shanten(counts, melds) == -1) == is_winning_hand(counts, melds)


# --- waits, ukeire, discards -----------------------------------------------


@pytest.mark.parametrize(
    ("hand", "waits"),
    [
        ("1112345678999m", "123456789m"),  # nine gates
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # thirteen-sided
        ("19m19p19s1234566z", "7z"),
        ("1122m3344p5566s7z", "7z"),
        ("123m456p789s1122z", "12z"),
        ("2345m", "25m"),
        ("1111m234p567s789s", ""),  # a fifth 1m does not exist
    ],
)
def test_waiting_tiles(hand: str, waits: str) -> None:
    tiles = h(hand)
    melds = (13 - len(tiles)) // 3
    found = waiting_tiles(tiles, melds)
    assert format_tiles(found) == waits


@given(seeded_hands(sizes=(13,)))
def test_every_wait_completes_the_hand(case: tuple[list[int], int]) -> None:
    counts, melds = case
    for tile in waiting_tiles(counts, melds):
        grown = list(counts)
        grown[tile] += 1
        assert is_winning_hand(grown, melds)
    if shanten(counts, melds) != 0:
        assert waiting_tiles(counts, melds) == []


def test_ukeire_counts_unseen_copies() -> None:
    hand = h("123m456p789s1122z")
    assert ukeire(hand) == {27: 2, 28: 2}
    assert ukeire(hand, visible=counts_of_kinds(h("1z"))) == {27: 1, 28: 2}
    with pytest.raises(InvalidHandError, match="5 copies of 1z|copies of 1z"):
        ukeire(hand, visible=counts_of_kinds(h("111z")))


def test_seen_tiles_are_counted_as_kinds_whatever_their_number() -> None:
    """34 seen tiles are 34 tiles, not a count array (the length rule is for hands only)."""
    seen = h("44445555666677778888m1111222233s3333z")
    assert len(seen) == 34
    counts = counts_of_kinds(seen)
    assert sum(counts) == 34 and counts[h("3z")[0]] == 4 and counts[h("1m")[0]] == 0
    hand = h("123m456p789s1122z")
    assert ukeire(hand, visible=counts) == {27: 2, 28: 2}
    with pytest.raises(InvalidHandError, match="34 counts"):
        ukeire(hand, visible=seen[:5])  # a kinds list where counts belong is refused, not misread
    with pytest.raises(InvalidHandError, match="at most 18"):
        counts_of(seen[:20])  # longer than any hand: kinds that must not be guessed at


@given(seeded_hands(sizes=(13,)))
def test_ukeire_is_exactly_the_kinds_that_lower_shanten(case: tuple[list[int], int]) -> None:
    counts, melds = case
    base = shanten(counts, melds)
    expected = {}
    for tile in range(34):
        if counts[tile] < 4:
            grown = list(counts)
            grown[tile] += 1
            if shanten(grown, melds) < base:
                expected[tile] = 4 - counts[tile]
    assert ukeire(counts, melds) == expected


@given(seeded_hands(sizes=(14,)))
def test_each_discard_candidate_matches_the_rest_of_the_hand(case: tuple[list[int], int]) -> None:
    counts, melds = case
    found = discard_candidates(counts, melds)
    assert sorted(c.tile for c in found) == [t for t in range(34) if counts[t]]
    for candidate in found:
        rest = list(counts)
        rest[candidate.tile] -= 1
        assert candidate.shanten == shanten(rest, melds)
        assert candidate.ukeire == ukeire(rest, melds, counts_of_kinds([candidate.tile]))  # the discarded copy is in sight
    keys = [(c.shanten, -c.ukeire_total) for c in found]
    assert keys == sorted(keys)


def test_discard_candidates_put_the_stray_honor_first() -> None:
    best = discard_candidates(h("123m456p789s11z23m5z"))[0]
    assert best.tile == 31 and best.shanten == 0


# --- claims ----------------------------------------------------------------


def kinds_of(options) -> list[tuple[str, str]]:
    return [(o.kind, format_tiles(o.tiles)) for o in options]


def test_chi_only_from_the_left_and_never_honors() -> None:
    hand = h("1245m6m77z")
    assert kinds_of(claimable_sets(hand, 2, from_left=True)) == [
        ("chi", "123m"),
        ("chi", "234m"),
        ("chi", "345m"),
    ]
    assert claimable_sets(hand, 2, from_left=False) == []
    assert kinds_of(claimable_sets(hand, 33, from_left=True)) == [("pon", "777z")]


def test_chi_positions_at_the_edges() -> None:
    assert kinds_of(claimable_sets(h("89m"), 6, from_left=True)) == [("chi", "789m")]
    assert kinds_of(claimable_sets(h("12m"), 2, from_left=True)) == [("chi", "123m")]
    assert claimable_sets(h("89m"), 9, from_left=True) == []  # 1p does not follow 9m


def test_pon_and_open_kan() -> None:
    options = claimable_sets(h("555p"), 13)
    assert kinds_of(options) == [("pon", "555p"), ("kan", "5555p")]
    assert options[0].from_hand == (13, 13)


def test_own_turn_kans() -> None:
    options = claimable_sets(h("5555p123m"), None, pons=[27, 3])
    assert kinds_of(options) == [("closed_kan", "5555p"), ("added_kan", "4444m")] or kinds_of(options) == [
        ("closed_kan", "5555p")
    ]
    assert kinds_of(claimable_sets(h("5555p4m"), None, pons=[3])) == [
        ("closed_kan", "5555p"),
        ("added_kan", "4444m"),
    ]


def test_claim_on_a_fifth_copy_raises() -> None:
    with pytest.raises(InvalidHandError, match="fifth copy"):
        claimable_sets(h("5555p"), 13)
