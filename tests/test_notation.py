"""Tile notation: both forms, red fives, canonical output, and every error."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mahjong_joy import NotationError, format_tiles, parse_tiles
from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.notation import parse_tiles_detailed
from mahjong_joy.tiles import deal, shuffled_deck, tile_name


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("123m456p789s11z", [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27]),
        ("m123 p456 s789 z11", [0, 1, 2, 12, 13, 14, 24, 25, 26, 27, 27]),
        ("11z 321m", [27, 27, 2, 1, 0]),
        ("z7 m9", [33, 8]),
        ("1 2 3 m", [0, 1, 2]),
        ("0m0p0s", [4, 13, 22]),
        ("1234567z", list(range(27, 34))),
    ],
)
def test_parse_reads_both_forms(text: str, expected: list[int]) -> None:
    assert parse_tiles(text) == expected


def test_red_five_reads_as_five_and_is_reported() -> None:
    parsed = parse_tiles_detailed("0555m")
    assert parsed.tiles == [4, 4, 4, 4]
    assert parsed.red == [4]


def test_format_is_canonical_and_sorted() -> None:
    assert format_tiles(parse_tiles("z11 p9 m321")) == "123m9p11z"
    assert format_tiles([4, 4, 13], red=[4]) == "05m5p"


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("123x", "unknown character 'x' at position 3"),
        ("123", "digits with no suit starting at position 0"),
        ("123m45", "digits with no suit starting at position 4"),
        ("8z", "honor rank 8 at position 0"),
        ("0z", "honor rank 0 at position 0"),
        ("19z", "honor rank 9 at position 1"),
        ("11111m", "copy 5 of 1m at position 4"),
        ("m", "suit letter 'm' at position 0 .* has no digits after it"),
        ("m12 p", "suit letter 'p' at position 4 .* has no digits after it"),
        ("12mp", "suit letter 'p' at position 3 .* has no digits before it"),
        ("", "empty tile notation"),
        ("   ", "empty tile notation"),
    ],
)
def test_bad_notation_names_the_character_and_position(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        parse_tiles(text)


def test_notation_error_is_a_value_error_of_the_family() -> None:
    assert issubclass(NotationError, MahjongJoyError)
    assert issubclass(NotationError, ValueError)


def test_empty_allowed_when_asked() -> None:
    assert parse_tiles("", allow_empty=True) == []


def test_non_string_is_rejected() -> None:
    with pytest.raises(NotationError):
        parse_tiles(123)  # type: ignore[arg-type]


def test_format_rejects_non_kinds() -> None:
    with pytest.raises(NotationError):
        format_tiles([34])


hands = st.lists(st.integers(0, 33), min_size=1, max_size=18).filter(
    lambda tiles: all(tiles.count(t) <= 4 for t in set(tiles))
)


@given(hands)
def test_format_parse_round_trip(tiles: list[int]) -> None:
    text = format_tiles(tiles)
    assert parse_tiles(text) == sorted(tiles)
    assert format_tiles(parse_tiles(text)) == text


@given(hands)
def test_dev_log_form_reads_the_same(tiles: list[int]) -> None:
    by_suit: dict[str, str] = {}
    for tile in sorted(tiles):
        name = tile_name(tile)
        by_suit[name[1]] = by_suit.get(name[1], "") + name[0]
    dev_log = " ".join(suit + digits for suit, digits in by_suit.items())
    assert parse_tiles(dev_log) == sorted(tiles)


def test_seeded_deal_is_reproducible_and_uses_every_tile() -> None:
    first, again, other = shuffled_deck(7), shuffled_deck(7), shuffled_deck(8)
    assert first == again and first != other
    assert sorted(first) == list(range(136))
    hands = deal(first)
    assert [len(hand) for hand in hands] == [13, 13, 13, 13]
    assert len({tile for hand in hands for tile in hand}) == 52
