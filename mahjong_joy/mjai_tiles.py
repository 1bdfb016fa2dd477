"""The one mjai tile codec: a tile code (see :mod:`mahjong_joy.tiles`) and its mjai name.

mjai writes ``1m``..``9s``, ``E S W N P F C`` for the honors and ``5mr 5pr 5sr`` for
the red fives. The log importer, the exporter and the mjai bot all read and write
tiles through these functions, so a name means one code everywhere.
"""

from __future__ import annotations

from mahjong_joy.errors import RecordError
from mahjong_joy.tiles import CODE_COUNT, kind_of_code

_HONORS = ("E", "S", "W", "N", "P", "F", "C")


def mjai_tile(code: int) -> str:
    """A tile code (kinds 0..33, red fives 34..36) in mjai notation.

    >>> [mjai_tile(k) for k in (0, 13, 26, 27, 31, 33, 34, 36)]
    ['1m', '5p', '9s', 'E', 'P', 'C', '5mr', '5sr']
    """
    if type(code) is not int or not 0 <= code < CODE_COUNT:
        raise RecordError(f"tile code {code!r} is not 0..36")
    if code >= 34:
        return f"5{'mps'[code - 34]}r"
    if code >= 27:
        return _HONORS[code - 27]
    return f"{code % 9 + 1}{'mps'[code // 9]}"


TILE_CODES: dict[str, int] = {mjai_tile(code): code for code in range(CODE_COUNT)}
"""Every mjai tile name and its code."""


def code_of_mjai(name: str) -> int:
    """The code of an mjai tile name; ``KeyError`` for a name that is not one.

    >>> code_of_mjai("5pr"), code_of_mjai("E"), code_of_mjai("3s")
    (35, 27, 20)
    """
    return TILE_CODES[name]


def tile_order(code: int) -> tuple[int, int]:
    """Sort key of a code in an mjai hand: by kind, a red five just before its plain fives
    (as riichienv and Mortal's logs list them).

    >>> [mjai_tile(c) for c in sorted([13, 35, 12, 14], key=tile_order)]
    ['4p', '5pr', '5p', '6p']
    """
    return (kind_of_code(code), 0 if code >= 34 else 1)
