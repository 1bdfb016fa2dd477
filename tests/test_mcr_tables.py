"""The complete tables behind the MCR scorer (``rulesets/mcr/tables.py``) against
plain searches: the waits and fifth-copy waits the unique-wait rule reads (RULES.md B4), and
the combination fans of every two, three and four pungs (B5 rows 2-4)."""

from __future__ import annotations

import random
from itertools import combinations

from mahjong_joy.rulesets.mcr import scorer, tables
from mahjong_joy.rulesets.mcr.fan import PUNGS
from mahjong_joy.rulesets.mcr.reading import PUNG_BIT_SHIFT


def _splits(counts: list[int], pair: bool, honors: bool) -> bool:
    """Can ``counts`` (one suit, any number of copies) be split into sets, and one
    pair when ``pair``? A plain search, the oracle."""
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return not pair
    options = []
    if pair and counts[first] >= 2:
        options.append(((first, 2),))
    if counts[first] >= 3:
        options.append(((first, 3),))
    if not honors and first <= 6 and counts[first + 1] and counts[first + 2]:
        options.append(((first, 1), (first + 1, 1), (first + 2, 1)))
    for taken in options:
        rest = list(counts)
        for i, n in taken:
            rest[i] -= n
        if _splits(rest, pair and taken != ((first, 2),), honors):
            return True
    return False


def _searched(part: bytes, honors: bool) -> int:
    pair = (sum(part) + 1) % 3 == 2
    waits = 0
    for r, n in enumerate(part):
        if n == 4:
            grown = list(part)
            grown[r] += 1
            if _splits(grown, pair, honors):
                waits |= 1 << r
    return waits


def _short_shapes(table: dict[bytes, object]) -> set[bytes]:
    """Every shape one tile short of a complete one that holds four of a kind."""
    found = set()
    for key in table:
        for r, n in enumerate(key):
            if n:
                short = key[:r] + bytes([n - 1]) + key[r + 1:]
                if 4 in short:
                    found.add(short)
    return found


def test_fifth_copy_waits_match_a_search():
    """A fifth copy completes a shape exactly where the search says so, on every
    honor shape one tile short of complete and on seeded number-suit shapes (those
    one short of complete and random ones, four of a kind in each)."""
    rng = random.Random(20261205)
    honors = _short_shapes(tables.honor_table())
    suits = sorted(_short_shapes(tables.suit_table()))
    picked = rng.sample(suits, 1500)
    for _ in range(1500):
        counts = [0] * 9
        counts[rng.randrange(9)] = 4
        for _ in range(rng.randrange(0, 10)):
            k = rng.randrange(9)
            counts[k] = min(4, counts[k] + 1)
        picked.append(bytes(counts))
    completing = 0
    for part, is_honor in [(p, True) for p in sorted(honors)] + [(p, False) for p in picked]:
        expected = _searched(part, is_honor)
        assert tables.fifth_copy_waits(part, is_honor) == expected, (part, is_honor)
        completing += expected != 0
    assert completing >= 100  # both answers occur often


def _completing(short: list[int], honors: bool) -> int:
    """The ranks whose one more copy (a fifth included) makes ``short`` complete, by search."""
    pair = (sum(short) + 1) % 3 == 2
    waits = 0
    for r in range(len(short)):
        grown = list(short)
        grown[r] += 1
        if _splits(grown, pair, honors):
            waits |= 1 << r
    return waits


def test_waits_without_each_place_match_a_search():
    """For every honor shape and seeded complete number-suit shapes, each place: the
    table says -1 exactly where the shape stays complete without that tile, else the
    ranks that complete the shorter shape (fifth copies flagged, answered by
    ``fifth_copy_waits``), as a plain search finds them (RULES.md B4)."""
    rng = random.Random(20261206)
    suits, honors = tables.waits_without_tables()
    picked = [(key, True) for key in sorted(honors)] + [(key, False) for key in rng.sample(sorted(suits), 3000)]
    stays, flagged = 0, 0
    for key, is_honor in picked:
        places = (honors if is_honor else suits)[key]
        assert len(places) == len(key)
        for r, n in enumerate(key):
            if not n:
                assert places[r] == 0
                continue
            short = list(key)
            short[r] -= 1
            if _splits(short, sum(short) % 3 == 2, is_honor):
                assert places[r] == -1, (key, r)
                stays += 1
                continue
            waits = places[r]
            if waits & tables.FIFTH_COPY:
                flagged += 1
                waits = waits & ~tables.FIFTH_COPY | tables.fifth_copy_waits(bytes(short), is_honor)
            assert waits == _completing(short, is_honor), (key, r)
    assert stays > 100 and flagged > 100  # both special answers occur


def test_pung_combination_table_holds_every_two_three_and_four_pungs():
    """The table the scorer reads for the combination fans of a reading's pungs has,
    for every 2, 3 and 4 distinct pung tiles, exactly what the combination
    principles work out over the rows (``_combinations``); a tuple it lacks makes no
    fan. Four pungs are built only from those holding a pair or three with a fan,
    so this also checks that no fan over four pungs exists without one over three."""
    found = scorer._combination_tables()
    table = found[PUNGS, "all"]
    for n in (2, 3, 4):
        for pungs in combinations(range(34), n):
            expected = tuple(scorer._combinations(found, PUNGS, pungs, PUNG_BIT_SHIFT))
            assert table.get(pungs, ()) == expected, pungs
    assert sum(len(pungs) == 4 for pungs in table) > 10_000


def _patterns_held(counts: list[int]) -> tuple[tuple[int, ...], ...]:
    """The oracle: the knitted patterns whose nine tiles are all held, tried one by one."""
    from mahjong_joy.hand.mcr_forms import KNITTED_PATTERNS
    return tuple(p for p in KNITTED_PATTERNS if all(counts[t] for t in p))


def _honors_and_knitted(counts: list[int]) -> tuple[int, ...] | None:
    """The oracle: 14 single kinds whose numbers lie in one pattern, the first such pattern."""
    from mahjong_joy.hand.mcr_forms import KNITTED_PATTERNS
    if sum(counts) != 14 or max(counts) > 1:
        return None
    numbers = {t for t in range(27) if counts[t]}
    return next((p for p in KNITTED_PATTERNS if numbers <= set(p)), None)


def test_knitted_lookups_agree_with_plain_searches():
    """The hand analysis' table lookups for knitted hands (``mcr_forms``, which the
    scorer reads too) say what plain searches say: which knitted patterns the tiles
    hold (a knitted straight's nine tiles), and the pattern 14 single kinds' numbers
    lie within (honors and knitted tiles, RULES.md B6 20, 34). Seeded hands biased
    toward knitted shapes, so every answer turns up often."""
    from mahjong_joy.hand.mcr_forms import KNITTED_PATTERNS, honors_and_knitted_pattern, knitted_patterns_held
    rng = random.Random(25)
    held_some = knitted_yes = knitted_no = 0
    for _ in range(4000):
        pattern = rng.choice(KNITTED_PATTERNS)
        kinds = rng.sample(pattern, rng.randint(5, 9)) + rng.sample(range(34), rng.randint(0, 9))
        counts = [0] * 34
        for t in kinds:
            counts[t] = min(4, counts[t] + rng.choice((1, 1, 2)))
        assert knitted_patterns_held(counts) == _patterns_held(counts), counts
        assert knitted_patterns_held(bytes(counts)) == _patterns_held(counts), counts
        held_some += bool(_patterns_held(counts))
        chosen = rng.sample(list(pattern) + list(range(27, 34)), 14)  # honors and knitted tiles, or ...
        if rng.random() < 0.5:  # ... one number swapped for another kind not held
            chosen[rng.randrange(14)] = rng.choice([t for t in range(34) if t not in chosen])
        singles = [1 if t in chosen else 0 for t in range(34)]
        expected = _honors_and_knitted(singles)
        assert honors_and_knitted_pattern(singles) == expected, singles
        assert honors_and_knitted_pattern(bytes(singles)) == expected, singles
        knitted_yes += expected is not None
        knitted_no += expected is None
    assert held_some > 400 and knitted_yes > 200 and knitted_no > 200
