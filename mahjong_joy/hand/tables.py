"""Per-suit lookup tables, loaded once on first use.

``scripts/make_tables.py`` generates ``data/tables.bin``: for every arrangement
of one suit with at most 14 tiles, the *distance* to ``m`` sets plus ``h`` pairs
inside that suit (``m`` 0..4, ``h`` 0..1; index ``m * 2 + h``), never counting a
fifth copy. Keys are the suit's counts as ``bytes`` (nine for m/p/s, seven for
honors), so a lookup is one slice of ``bytes(counts34)`` and one dict probe.

Loading takes about 0.2 s and 30-40 MB; vectors are shared tuples (126 distinct
for a number suit, 55 for honors).
"""

from __future__ import annotations

import zlib
from importlib import resources
from typing import NamedTuple

_MAGIC = b"MJT1"

Vector = tuple[int, ...]


class Tables(NamedTuple):
    """Distance vectors per suit arrangement, and the complete arrangements."""

    suit: dict[bytes, int]  # arrangement -> index into ``vectors``
    honor: dict[bytes, int]
    vectors: list[Vector]
    complete_suit: dict[bytes, int]  # arrangement -> 1 if it holds the pair, else 0
    complete_honor: dict[bytes, int]


def _read_section(
    blob: bytes, offset: int, vectors: list[Vector]
) -> tuple[dict[bytes, int], int]:
    """Read one table, appending its distinct vectors to ``vectors``."""
    kinds, vector_count = blob[offset], blob[offset + 1]
    first = len(vectors)
    config_count = int.from_bytes(blob[offset + 2 : offset + 6], "little")
    pos = offset + 6
    vectors.extend(tuple(blob[pos + i * 10 : pos + i * 10 + 10]) for i in range(vector_count))
    pos += vector_count * 10
    configs = blob[pos : pos + config_count * kinds]
    ids = blob[pos + config_count * kinds : pos + config_count * (kinds + 1)]
    table = {configs[i * kinds : i * kinds + kinds]: first + ids[i] for i in range(config_count)}
    return table, pos + config_count * (kinds + 1)


def _complete(table: dict[bytes, int], vectors: list[Vector]) -> dict[bytes, int]:
    """Arrangements that split exactly into sets (and at most one pair)."""
    out = {}
    for key, index in table.items():
        vector = vectors[index]
        total = sum(key)
        if total % 3 == 1:
            continue
        has_pair = 1 if total % 3 == 2 else 0
        if vector[(total // 3) * 2 + has_pair] == 0:
            out[key] = has_pair
    return out


_loaded: list[Tables] = []


def tables() -> Tables:
    """The loaded tables (built on the first call, then shared)."""
    if _loaded:
        return _loaded[0]
    _loaded.append(_load())
    return _loaded[0]


def _load() -> Tables:
    raw = resources.files("mahjong_joy.hand").joinpath("data/tables.bin").read_bytes()
    if not raw.startswith(_MAGIC):
        raise RuntimeError("mahjong_joy/hand/data/tables.bin is not a Mahjong Joy table file")
    blob = zlib.decompress(raw[len(_MAGIC) :])
    vectors: list[Vector] = []
    suit, offset = _read_section(blob, 0, vectors)
    honor, _ = _read_section(blob, offset, vectors)
    return Tables(suit, honor, vectors, _complete(suit, vectors), _complete(honor, vectors))
