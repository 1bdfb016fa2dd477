"""Per-suit lookup tables, loaded once on first use.

``scripts/make_tables.py`` generates ``data/tables.bin``: for every arrangement
of one suit with at most 14 tiles, the *distance* to ``m`` sets plus ``h`` pairs
inside that suit (``m`` 0..4, ``h`` 0..1; index ``m * 2 + h``), never counting a
fifth copy. Keys are the suit's counts as ``bytes`` (nine for m/p/s, seven for
honors), so a lookup is one slice of ``bytes(counts34)`` and one dict probe.

Each arrangement maps to a *packed* int: the id of its distance vector in the low
8 bits, then small counts that add up over a hand's four groups (so the sum of
four probes validates a hand and scores its special forms in one addition):

======== ===== ===========================================================
bits     name  meaning
======== ===== ===========================================================
0-9      id    distance-vector id (< 256 per group; 10 bits hold a sum of 4)
10-15    tiles tiles in the group
16-21    ...   0 = splits into sets, 1 = sets and the pair, 8 = neither
22-26    pairs kinds held two or more times
27-32    kinds kinds held at all
33-36    orph  orphan kinds (terminals, honors) held
37-40    opair orphan kinds held two or more times
41-49    win0  kinds whose addition completes the group without a pair
50-58    win1  kinds whose addition completes the group with the pair
======== ===== ===========================================================

The last two are per group (read from one probe, not from the sum).

Only arrangements with no fifth copy are keys, so a missed probe means the hand
is invalid (or a list of kinds): callers then take the slow path, which raises
the precise error. Loading takes about 0.3 s (in steps of a few ms, see
:func:`load_steps`) and under 50 MB; packed values and
vectors are shared objects.
"""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Iterator
from importlib import resources
from typing import NamedTuple

_MAGIC = b"MJT2"

Vector = tuple[int, ...]

ID_MASK = 0xFF
TILES_SHIFT, TILES_MASK = 10, 0x3F
COMPLETE_SHIFT, COMPLETE_MASK = 16, 0x3F
INCOMPLETE = 8
SPECIAL_SHIFT = 22  # then, relative to it: pairs (5 bits), kinds (6), orphan kinds (4), orphan pairs (4)
PAIRS_MASK = 0x1F
KINDS_SHIFT, KINDS_MASK = 5, 0x3F
ORPHANS_SHIFT, ORPHANS_MASK = 11, 0xF
ORPHAN_PAIRS_SHIFT, ORPHAN_PAIRS_MASK = 15, 0xF
WINS_WITHOUT_PAIR_SHIFT, WINS_WITH_PAIR_SHIFT, WINS_MASK = 41, 50, 0x1FF


class Tables(NamedTuple):
    """Packed values per suit arrangement, the distance vectors, the complete arrangements."""

    suit: dict[bytes, int]  # arrangement -> packed value (vector id in the low 8 bits)
    honor: dict[bytes, int]
    vectors: list[Vector]
    complete_suit: dict[bytes, int]  # arrangement -> 1 if it holds the pair, else 0
    complete_honor: dict[bytes, int]


STEP_ENTRIES = 5_000
"""Arrangements read per load step (a few ms), so the game can load between frames."""
STEP_BYTES = 1 << 19  # decompressed bytes per load step


def _read_section(blob: bytes, offset: int, vectors: list[Vector], out: list[tuple[dict[bytes, int], dict[bytes, int], int]]) -> Iterator[int]:
    """Read one table in steps (each yields the arrangements it read), appending its
    distinct vectors to ``vectors`` and, at the end, (arrangement -> packed value,
    complete arrangement -> pair flag, next offset) to ``out``."""
    kinds, vector_count = blob[offset], blob[offset + 1]
    config_count, complete_count, value_count = (
        int.from_bytes(blob[offset + 2 + 4 * i : offset + 6 + 4 * i], "little") for i in range(3)
    )
    first = len(vectors)
    pos = offset + 14
    vectors.extend(tuple(blob[pos + i * 10 : pos + i * 10 + 10]) for i in range(vector_count))
    pos += vector_count * 10
    packed = array("Q", blob[pos : pos + 8 * value_count])
    values = [value + first for value in packed.tolist()]  # local vector ids become global
    pos += 8 * value_count
    keys_at, picks_at = pos, pos + config_count * kinds
    picks = array("H", blob[picks_at : picks_at + 2 * config_count])
    table: dict[bytes, int] = {}
    for start in range(0, config_count, STEP_ENTRIES):
        end = min(config_count, start + STEP_ENTRIES)
        keys = [blob[keys_at + i * kinds : keys_at + i * kinds + kinds] for i in range(start, end)]
        table.update(zip(keys, map(values.__getitem__, picks[start:end])))
        yield end - start
    complete = {
        key: table[key] >> COMPLETE_SHIFT & COMPLETE_MASK
        for key in (blob[keys_at + i * kinds : keys_at + i * kinds + kinds] for i in range(complete_count))
    }
    out.append((table, complete, picks_at + 2 * config_count))


_loaded: list[Tables] = []
_loader: Iterator[int] | None = None


def tables() -> Tables:
    """The loaded tables (built on the first call, then shared)."""
    if not _loaded:
        for _ in load_steps():
            pass
    return _loaded[0]


def load_steps() -> Iterator[int]:
    """The load as small steps, each yielding the work it did (arrangements read or
    kilobytes decompressed), so a game loop can run one between frames.

    There is one shared run: :func:`tables` called mid-way finishes that same run,
    so the tables are built once whoever gets there first (a run that failed
    starts again)."""
    global _loader
    if _loader is None or (not _loaded and _loader.gi_frame is None):
        _loader = _load_steps()
    return _loader


def _load_steps() -> Iterator[int]:
    raw = resources.files("mahjong_joy.hand").joinpath("data/tables.bin").read_bytes()
    if not raw.startswith(_MAGIC):
        raise RuntimeError("mahjong_joy/hand/data/tables.bin is not a Mahjong Joy table file")
    inflate, parts = zlib.decompressobj(), []
    data = raw[len(_MAGIC) :]
    while data:
        parts.append(inflate.decompress(data, STEP_BYTES))
        data = inflate.unconsumed_tail
        yield len(parts[-1]) >> 10
    parts.append(inflate.flush())
    blob = b"".join(parts)
    vectors: list[Vector] = []
    sections: list[tuple[dict[bytes, int], dict[bytes, int], int]] = []
    yield from _read_section(blob, 0, vectors, sections)
    yield from _read_section(blob, sections[0][2], vectors, sections)
    (suit, complete_suit, _), (honor, complete_honor, _) = sections
    if not _loaded:
        _loaded.append(Tables(suit, honor, vectors, complete_suit, complete_honor))
