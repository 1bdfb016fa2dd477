"""Generate the per-suit lookup tables shipped in ``mahjong_joy/hand/data/``.

For every arrangement of one suit (nine counts 0..4, key = base-5 number with the
rank-1 count as the lowest digit; seven counts for honors) and every target of
``m`` sets (0..4) plus ``h`` pairs (0..1) inside that suit, the table holds the
*distance*: how many tiles must be added to the arrangement so that it contains
such a group. Targets never use a fifth copy, so the distance is exact (the
tomohxx formulation of shanten). From it the game reads win checks (distance 0
with nothing left over), shanten (sum of distances minus one), waits and useful
tiles by per-suit lookups.

Only arrangements of at most 14 tiles are stored; each points at a packed value:
the id of one of the few distinct distance vectors (126 for a number suit, 55 for
honors) plus small counts that add up over a hand's four suit groups (tiles, the
complete flag, kinds held, kinds held twice or more, orphan kinds) so the hot
paths validate and score a hand with four dict probes and one addition.

Dev-time only (uses numpy). Run: ``python scripts/make_tables.py``.
"""

from __future__ import annotations

import itertools
import sys
import zlib
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "mahjong_joy" / "hand" / "data" / "tables.bin"
MAGIC = b"MJT2"


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


# Packed per-arrangement value (see mahjong_joy/hand/tables.py, which documents
# the same layout): the distance-vector id in the low bits, then fields that add
# up over the four suit groups of a hand.
ID_BITS = 10  # room for the sum of four ids (< 256 each)
FIELDS = (
    ("tiles", 6),
    ("complete", 6),
    ("pairs", 5),
    ("kinds", 6),
    ("orphans", 4),
    ("orphan_pairs", 4),
    ("wins_without_pair", 9),  # kinds whose addition completes the group without a pair
    ("wins_with_pair", 9),  # ... completes it with the pair
)
INCOMPLETE = 8  # "complete" field: 0 = splits into sets, 1 = sets and the pair, 8 = neither


def packed(vector_id: int, fields: dict[str, int]) -> int:
    """One arrangement's packed value: id, then each field at its offset."""
    value, shift = vector_id, ID_BITS
    for name, width in FIELDS:
        assert 0 <= fields[name] < 1 << width
        value |= fields[name] << shift
        shift += width
    return value


def section(kinds: int, with_runs: bool) -> bytes:
    """One table: configs with at most 14 tiles, each pointing at a packed value.

    Configs are written complete ones first (their count is in the header, so the
    loader builds the complete-arrangement table without a pass over all of them),
    then by tile count, so the arrangements of ordinary hands sit together in memory.
    """
    dist, _ = distances(kinds, with_runs)
    size = 5**kinds
    digits = np.array([(np.arange(size) // 5**k) % 5 for k in range(kinds)])
    totals = digits.sum(axis=0)
    keep = np.nonzero(totals <= 14)[0]
    vectors, ids = np.unique(dist[keep], axis=0, return_inverse=True)
    assert len(vectors) < 256 and dist.max() < 256
    ids = ids.reshape(-1)
    rem_all = totals % 3
    col_all = np.minimum((totals // 3) * 2 + (rem_all == 2), 9)
    complete_all = (rem_all != 1) & (totals <= 14) & (dist[np.arange(size), col_all] == 0)
    rem = rem_all[keep]
    complete = complete_all[keep]
    wins = {0: np.zeros(len(keep), dtype=np.int64), 1: np.zeros(len(keep), dtype=np.int64)}
    for k in range(kinds):
        ok = digits[k, keep] < 4
        grown = np.where(ok, keep + 5**k, 0)
        done = ok & complete_all[grown]
        with_pair = rem_all[grown] == 2
        wins[1] |= (done & with_pair).astype(np.int64) << k
        wins[0] |= (done & ~with_pair).astype(np.int64) << k
    orphan_ranks = [0, 8] if with_runs else list(range(kinds))
    cols = digits[:, keep]
    values = []
    for i in range(len(keep)):
        c = cols[:, i]
        fields = {
            "tiles": int(totals[keep[i]]),
            "complete": (1 if rem[i] == 2 else 0) if complete[i] else INCOMPLETE,
            "pairs": int((c >= 2).sum()),
            "kinds": int((c > 0).sum()),
            "orphans": int((c[orphan_ranks] > 0).sum()),
            "orphan_pairs": int((c[orphan_ranks] >= 2).sum()),
            "wins_without_pair": int(wins[0][i]),
            "wins_with_pair": int(wins[1][i]),
        }
        values.append(packed(int(ids[i]), fields))
    order = np.lexsort((totals[keep], ~complete))  # complete first, then by tile count
    distinct = sorted(set(values))
    index = {v: n for n, v in enumerate(distinct)}
    assert len(distinct) < 65536, len(distinct)
    configs = cols[:, order].T.astype(np.uint8).tobytes()
    value_ids = np.array([index[values[i]] for i in order], dtype="<u2").tobytes()
    parts = [
        vectors.astype(np.uint8).tobytes(),
        np.array(distinct, dtype="<u8").tobytes(),
        configs,
        value_ids,
    ]
    header = bytes([kinds, len(vectors)]) + b"".join(
        int(n).to_bytes(4, "little") for n in (len(keep), int(complete.sum()), len(distinct))
    )
    return header + b"".join(parts)


def main() -> int:
    payload = section(9, True) + section(7, False)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(MAGIC + zlib.compress(payload, 9))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
