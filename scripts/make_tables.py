"""Generate the per-suit lookup tables shipped in ``mahjong_joy/hand/data/``.

For every arrangement of one suit (nine counts 0..4, key = base-5 number with the
rank-1 count as the lowest digit; seven counts for honors) and every target of
``m`` sets (0..4) plus ``h`` pairs (0..1) inside that suit, the table holds the
*distance*: how many tiles must be added to the arrangement so that it contains
such a group. Targets never use a fifth copy, so the distance is exact (the
tomohxx formulation of shanten). From it the game reads win checks (distance 0
with nothing left over), shanten (sum of distances minus one), waits and useful
tiles by per-suit lookups.

Only arrangements of at most 14 tiles are stored; each points at one of the few
distinct distance vectors (126 for a number suit, 55 for honors).

Dev-time only (uses numpy). Run: ``python scripts/make_tables.py``.
"""

from __future__ import annotations

import itertools
import sys
import zlib
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "mahjong_joy" / "hand" / "data" / "tables.bin"
MAGIC = b"MJT1"


def targets(kinds: int, with_runs: bool) -> dict[tuple[int, int], set[tuple[int, ...]]]:
    """All count vectors made of m sets and h pairs with no kind above four."""
    shapes = [tuple(3 if i == k else 0 for i in range(kinds)) for k in range(kinds)]
    if with_runs:
        shapes += [tuple(1 if k <= i <= k + 2 else 0 for i in range(kinds)) for k in range(kinds - 2)]
    pairs = [tuple(2 if i == k else 0 for i in range(kinds)) for k in range(kinds)]
    out: dict[tuple[int, int], set[tuple[int, ...]]] = {}
    for m in range(5):
        for combo in itertools.combinations_with_replacement(shapes, m):
            base = [sum(col) for col in zip(*combo)] if combo else [0] * kinds
            for h in range(2):
                for pair in ([None] if h == 0 else pairs):
                    vec = base if pair is None else [a + b for a, b in zip(base, pair)]
                    if max(vec) <= 4:
                        out.setdefault((m, h), set()).add(tuple(vec))
    return out


def distances(kinds: int, with_runs: bool) -> tuple[np.ndarray, np.ndarray]:
    """(distance[config, m*2+h], improve_mask[config, m*2+h]) for every config."""
    size = 5**kinds
    digits = np.array([(np.arange(size) // 5**k) % 5 for k in range(kinds)])  # kinds x size
    totals = digits.sum(axis=0)
    dist = np.zeros((size, 10), dtype=np.int16)
    mask = np.zeros((size, 10), dtype=np.int16)
    for (m, h), vecs in sorted(targets(kinds, with_runs).items()):
        contains = np.zeros(size, dtype=bool)
        idx = [sum(v * 5**k for k, v in enumerate(vec)) for vec in vecs]
        contains[idx] = True
        for total in range(1, 4 * kinds + 1):  # superset closure, layer by layer
            layer = np.nonzero(totals == total)[0]
            for k in range(kinds):
                sel = layer[digits[k, layer] > 0]
                contains[sel] |= contains[sel - 5**k]
        col = m * 2 + h
        d = np.where(contains, 0, 99).astype(np.int16)
        for total in range(4 * kinds - 1, -1, -1):  # distance from the layer above
            layer = np.nonzero((totals == total) & ~contains)[0]
            best = np.full(len(layer), 99, dtype=np.int16)
            for k in range(kinds):
                ok = digits[k, layer] < 4
                cand = np.full(len(layer), 99, dtype=np.int16)
                cand[ok] = d[layer[ok] + 5**k] + 1
                best = np.minimum(best, cand)
            d[layer] = best
        dist[:, col] = d
        for k in range(kinds):
            ok = digits[k] < 4
            better = np.zeros(size, dtype=bool)
            better[ok] = d[np.nonzero(ok)[0] + 5**k] < d[ok]
            mask[:, col] |= better.astype(np.int16) << k
    return dist, mask


def section(kinds: int, with_runs: bool) -> bytes:
    """One table: configs with at most 14 tiles, each pointing at a distance vector."""
    dist, _ = distances(kinds, with_runs)
    size = 5**kinds
    digits = np.array([(np.arange(size) // 5**k) % 5 for k in range(kinds)])
    keep = np.nonzero(digits.sum(axis=0) <= 14)[0]
    vectors, ids = np.unique(dist[keep], axis=0, return_inverse=True)
    assert len(vectors) < 256 and dist.max() < 256
    configs = digits[:, keep].T.astype(np.uint8).tobytes()
    parts = [vectors.astype(np.uint8).tobytes(), configs, ids.astype(np.uint8).tobytes()]
    header = bytes([kinds, len(vectors)]) + len(keep).to_bytes(4, "little")
    return header + b"".join(parts)


def main() -> int:
    payload = section(9, True) + section(7, False)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(MAGIC + zlib.compress(payload, 9))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
