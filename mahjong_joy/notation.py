"""Reading and writing tile notation.

Two forms are read, each in any order and any length, spaces ignored:

* MPSZ, digits before their suit: ``123m456p789s11z`` (``0`` is a red five);
* the dev log's form, suit before its digits: ``m123 p456 z11``.

A string is read in the form its first letter-or-digit announces; the forms are
not mixed. Every misreading raises :class:`NotationError` naming the character
and its position, never a silent guess.

>>> parse_tiles("123m 11z")
[0, 1, 2, 27, 27]
>>> format_tiles(parse_tiles("z11 m321"))
'123m11z'
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from mahjong_joy.errors import NotationError
from mahjong_joy.tiles import KIND_COUNT, SUITS

_MAX_RANK = {"m": 9, "p": 9, "s": 9, "z": 7}


class ParsedTiles(NamedTuple):
    """Kinds in input order plus which of them were written as red fives (``0``)."""

    tiles: list[int]
    red: list[int]


def parse_tiles(text: str, *, allow_empty: bool = False, max_copies: int = 4) -> list[int]:
    """Kinds (0..33) written in ``text``; a red five reads as a five.

    Raises :class:`NotationError` on an unknown letter, digits with no suit, a rank
    a suit does not have (``0``/``8``/``9`` with ``z``), more than ``max_copies``
    of a kind, or empty input unless ``allow_empty``.
    """
    return parse_tiles_detailed(text, allow_empty=allow_empty, max_copies=max_copies).tiles


def parse_tiles_detailed(
    text: str, *, allow_empty: bool = False, max_copies: int = 4
) -> ParsedTiles:
    """Like :func:`parse_tiles`, also listing the kinds written as red fives."""
    if not isinstance(text, str):
        raise NotationError(f"tile notation must be a string, not {type(text).__name__}")
    symbols = [(pos, ch) for pos, ch in enumerate(text) if not ch.isspace()]
    if not symbols:
        if allow_empty:
            return ParsedTiles([], [])
        raise NotationError("empty tile notation: a hand needs at least one tile")
    for pos, ch in symbols:
        if ch not in "0123456789" and ch.lower() not in SUITS:
            raise NotationError(f"unknown character {ch!r} at position {pos} in {text!r}")
    if symbols[0][1].isdigit():
        groups = _suffix_groups(text, symbols)
    else:
        groups = _prefix_groups(text, symbols)
    parsed = ParsedTiles([], [])
    counts = [0] * KIND_COUNT
    for pos, digit, suit in groups:
        tile = _kind(text, pos, digit, suit)
        counts[tile] += 1
        if counts[tile] > max_copies:
            raise NotationError(
                f"copy {counts[tile]} of {digit}{suit} at position {pos} in {text!r}:"
                f" a kind has only {max_copies} copies"
            )
        parsed.tiles.append(tile)
        if digit == "0":
            parsed.red.append(tile)
    return parsed


def _suffix_groups(text: str, symbols: list[tuple[int, str]]) -> list[tuple[int, str, str]]:
    """MPSZ form: each run of digits takes the suit letter that follows it."""
    groups: list[tuple[int, str, str]] = []
    pending: list[tuple[int, str]] = []
    for pos, ch in symbols:
        if ch.isdigit():
            pending.append((pos, ch))
            continue
        if not pending:
            raise NotationError(
                f"suit letter {ch!r} at position {pos} in {text!r} has no digits before it"
            )
        groups.extend((p, d, ch.lower()) for p, d in pending)
        pending = []
    if pending:
        pos = pending[0][0]
        raise NotationError(f"digits with no suit starting at position {pos} in {text!r}")
    return groups


def _prefix_groups(text: str, symbols: list[tuple[int, str]]) -> list[tuple[int, str, str]]:
    """Dev-log form: each suit letter takes the digits that follow it."""
    groups: list[tuple[int, str, str]] = []
    suit, suit_pos, taken = "", -1, 0
    for pos, ch in symbols:
        if ch.isdigit():
            groups.append((pos, ch, suit))
            taken += 1
            continue
        if suit and not taken:
            raise NotationError(
                f"suit letter {suit!r} at position {suit_pos} in {text!r} has no digits after it"
            )
        suit, suit_pos, taken = ch.lower(), pos, 0
    if not taken:
        raise NotationError(
            f"suit letter {suit!r} at position {suit_pos} in {text!r} has no digits after it"
        )
    return groups


def _kind(text: str, pos: int, digit: str, suit: str) -> int:
    """Kind of one digit in one suit, or a NotationError naming the position."""
    rank = int(digit)
    if suit == "z" and not 1 <= rank <= 7:
        raise NotationError(f"honor rank {digit} at position {pos} in {text!r}: z takes 1-7")
    if rank == 0:
        rank = 5
    return SUITS.index(suit) * 9 + rank - 1


def format_tiles(tiles: Iterable[int], *, red: Iterable[int] = ()) -> str:
    """Canonical sorted MPSZ text of kinds; each kind listed in ``red`` shows one ``0``.

    >>> format_tiles([27, 0, 4, 4], red=[4])
    '105m1z'
    """
    kinds = sorted(_checked_kind(tile) for tile in tiles)
    red_left = list(red)
    parts: list[str] = []
    for suit_index, suit in enumerate(SUITS):
        digits = []
        for tile in kinds:
            if tile // 9 != suit_index:
                continue
            if tile in red_left:
                red_left.remove(tile)
                digits.append("0")
            else:
                digits.append(str(tile % 9 + 1))
        if digits:
            parts.append("".join(digits) + suit)
    return "".join(parts)


def _checked_kind(tile: int) -> int:
    """The tile itself when it is a valid kind; NotationError otherwise."""
    if not isinstance(tile, int) or not 0 <= tile < KIND_COUNT:
        raise NotationError(f"not a tile kind (0..33): {tile!r}")
    return tile


def format_tile(tile: int) -> str:
    """MPSZ name of one kind, e.g. ``format_tile(31) == '5z'``."""
    return format_tiles([tile])
