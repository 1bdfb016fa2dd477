"""A brute-force MCR win recogniser, written independently of ``hand/mcr_forms.py``.

Slow and plain on purpose: it removes groups from the first remaining tile by
recursion, builds the knitted patterns from their definition (1-4-7, 2-5-8, 3-6-9
in three different suits, RULES.md B6 row 35), and checks each form by its
definition. The property tests compare the fast analysis against it, so a form
the analysis forgets shows up as a failing test.
"""

from __future__ import annotations

from itertools import permutations

ORPHANS = [0, 8, 9, 17, 18, 26] + list(range(27, 34))
HONORS = list(range(27, 34))
PATTERNS = [sorted(s * 9 + r - 1 for s, ranks in zip(order, ([1, 4, 7], [2, 5, 8], [3, 6, 9])) for r in ranks)
            for order in permutations(range(3))]


def _sets_and_pair(counts: list[int], sets: int, pair: bool) -> bool:
    """Can ``counts`` be exactly ``sets`` sets plus a pair (if ``pair``)?"""
    first = next((t for t in range(34) if counts[t]), None)
    if first is None:
        return sets == 0 and not pair
    if pair and counts[first] >= 2:
        counts[first] -= 2
        ok = _sets_and_pair(counts, sets, False)
        counts[first] += 2
        if ok:
            return True
    if sets and counts[first] >= 3:
        counts[first] -= 3
        ok = _sets_and_pair(counts, sets - 1, pair)
        counts[first] += 3
        if ok:
            return True
    if sets and first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        for t in (first, first + 1, first + 2):
            counts[t] -= 1
        ok = _sets_and_pair(counts, sets - 1, pair)
        for t in (first, first + 1, first + 2):
            counts[t] += 1
        return ok
    return False


def winning_forms(tiles: list[int], melds: int) -> set[str]:
    """The forms in which the concealed ``tiles`` (with ``melds`` declared sets) win."""
    counts = [tiles.count(t) for t in range(34)]
    forms = set()
    if len(tiles) != 14 - 3 * melds:
        return forms
    if _sets_and_pair(list(counts), 4 - melds, True):
        forms.add("regular")
    if melds <= 1:
        for p in PATTERNS:
            if all(counts[t] for t in p):
                rest = list(counts)
                for t in p:
                    rest[t] -= 1
                if _sets_and_pair(rest, 1 - melds, True):
                    forms.add("knitted_straight")
    if melds:
        return forms
    if all(n in (0, 2, 4) for n in counts):
        forms.add("seven_pairs")
    if any(sorted(tiles) == sorted(ORPHANS + [x]) for x in ORPHANS):
        forms.add("thirteen_orphans")
    if len(set(tiles)) == 14 and any(set(tiles) <= set(p + HONORS) for p in PATTERNS):
        forms.add("honors_and_knitted")
    return forms


def waits(tiles: list[int], melds: int) -> list[int]:
    """Kinds (not already held four times) that make ``tiles`` win."""
    return [t for t in range(34) if tiles.count(t) < 4 and winning_forms(tiles + [t], melds)]
