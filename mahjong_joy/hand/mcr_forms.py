"""The winning forms of Chinese Official (MCR) mahjong, for the scorer and the analysis.

MCR knows five forms (RULES.md B4, B6 rows 7, 19, 20, 34, 35):

* ``regular``: four sets and a pair, declared melds included;
* ``seven_pairs``: seven pairs, where four identical tiles may count as two pairs
  (unlike riichi, RULES.md C2 row 11); seven shifted pairs is a seven-pairs hand;
* ``thirteen_orphans``: one of each terminal and honor plus a copy of one of them;
* ``knitted_straight``: 147/258/369 in three different suits (nine "knitted"
  tiles) plus a set and a pair, at most one set declared (B6 row 35);
* ``honors_and_knitted``: fourteen different tiles from one knitted pattern and the
  seven honors (lesser 全不靠; with all seven honors it is greater 七星不靠).

Decompositions are enumerated from per-suit splits that are computed once per
suit pattern and kept in bounded LRU memos (``SUIT_MEMO_SIZE`` entries each, four
memos; a suit has few patterns in practice, so they rarely evict), so the scorer
pays for a split only the first time a suit shape is seen. Shanten per form and the
waits are the slower path the issue allows: the regular form reuses the riichi
tables (the same four-sets-and-a-pair form), the other forms are counted directly.

>>> from mahjong_joy.notation import parse_tiles
>>> [d.form for d in mcr_decompositions(parse_tiles("147m258p369s12345z"))]
['honors_and_knitted']
>>> mcr_shanten(parse_tiles("147m258p369s1234z"))
0
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache, partial
from itertools import permutations, product
from typing import NamedTuple

from mahjong_joy.errors import InvalidHandError
from mahjong_joy.hand.counts import counts_of
from mahjong_joy.hand.shanten import standard_distance
from mahjong_joy.notation import format_tiles
from mahjong_joy.tiles import KIND_COUNT, TERMINALS_AND_HONORS, tile_name

REGULAR = "regular"
SEVEN_PAIRS = "seven_pairs"
THIRTEEN_ORPHANS = "thirteen_orphans"
KNITTED_STRAIGHT = "knitted_straight"
HONORS_AND_KNITTED = "honors_and_knitted"
FORMS = (REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS, KNITTED_STRAIGHT, HONORS_AND_KNITTED)

CHOW, PUNG = "chow", "pung"
HONORS = tuple(range(27, 34))
ORPHANS = TERMINALS_AND_HONORS
# The six knitted patterns: ranks 1-4-7, 2-5-8 and 3-6-9 in three different suits.
KNITTED_PATTERNS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(suit * 9 + rank for suit, ranks in zip(order, ((0, 3, 6), (1, 4, 7), (2, 5, 8)))
                 for rank in ranks))
    for order in permutations(range(3))
)

_PATTERN_ORDERS = tuple(permutations(range(3)))  # suit of 1-4-7, 2-5-8, 3-6-9 for each pattern
Split = tuple[tuple[tuple[str, int], ...], int]  # (sets as (kind, first tile), pair tile or -1)


class McrSet(NamedTuple):
    """A concealed set of a decomposition: ``kind`` is ``chow`` or ``pung``; a chow's
    ``tile`` is its lowest tile."""

    kind: str
    tile: int

    def __str__(self) -> str:
        tiles = (self.tile, self.tile + 1, self.tile + 2) if self.kind == CHOW else (self.tile,) * 3
        return "".join(tile_name(t)[0] for t in tiles) + tile_name(self.tile)[1]


class McrDecomposition(NamedTuple):
    """One reading of the concealed tiles in one form.

    ``sets`` are the concealed sets (regular and knitted-straight forms), ``pair`` the
    pair's kind (the duplicated orphan for thirteen orphans, ``None`` when the form
    has none), ``pairs`` the seven pairs' kinds (a kind held four times is listed
    twice) and ``knitted`` the nine knitted kinds used, or every tile of an
    honors-and-knitted hand.
    """

    form: str
    sets: tuple[McrSet, ...] = ()
    pair: int | None = None
    pairs: tuple[int, ...] = ()
    knitted: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.form == THIRTEEN_ORPHANS:
            return f"thirteen orphans, pair {tile_name(self.pair)}"
        if self.form == HONORS_AND_KNITTED:
            greater = sum(1 for t in self.knitted if t >= 27) == 7
            return f"{format_tiles(self.knitted)} ({'greater' if greater else 'lesser'} honors and knitted)"
        parts = [f"knitted {format_tiles(self.knitted)}"] if self.knitted else []
        parts += [str(s) for s in sorted(self.sets, key=lambda s: (s.tile, s.kind))]
        parts += [tile_name(p)[0] * 2 + tile_name(p)[1] for p in self.pairs]
        if self.pair is not None:
            parts.append(tile_name(self.pair)[0] * 2 + tile_name(self.pair)[1])
        return " ".join(parts)


# Builds a decomposition from its five fields without the Python-level keyword
# handling of a NamedTuple's constructor (the scorer makes one per reading).
_new_decomposition = partial(tuple.__new__, McrDecomposition)


class McrShanten(NamedTuple):
    """MCR shanten of each form (-1 complete, 0 ready); ``None`` where declared melds
    rule the form out."""

    regular: int
    seven_pairs: int | None
    thirteen_orphans: int | None
    knitted_straight: int | None
    honors_and_knitted: int | None


# ---------------------------------------------------------------- per-suit splits

#: Entries kept by each per-suit memo below (least recently used evicted first).
#: Measured (``simulate --rules mcr --ai hard --hands 200``, seed 3): play meets ~22,000
#: suit shapes in 200 hands and keeps meeting new ones (the AI asks about many
#: candidate hands), so an unbounded memo only grows; the run took 18.7 s CPU
#: unbounded, 18.6 s at 32,768 entries, 18.9 s at 4,096. At 16,384 the memos hold
#: ~10 MB when the largest (``_suit_options``) is full (tracemalloc, random hands).
SUIT_MEMO_SIZE = 16384

@lru_cache(maxsize=SUIT_MEMO_SIZE)
def _set_splits(counts: tuple[int, ...], honors: bool) -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every way to split one suit's counts into sets only (sorted, no repeats)."""
    first = next((i for i, n in enumerate(counts) if n), None)
    if first is None:
        return ((),)
    found: list[tuple[tuple[str, int], ...]] = []
    if counts[first] >= 3:
        rest = list(counts)
        rest[first] -= 3
        found.extend(((PUNG, first),) + tail for tail in _set_splits(tuple(rest), honors))
    if not honors and first <= 6 and counts[first + 1] and counts[first + 2]:
        rest = list(counts)
        for i in (first, first + 1, first + 2):
            rest[i] -= 1
        found.extend(((CHOW, first),) + tail for tail in _set_splits(tuple(rest), honors))
    return tuple(dict.fromkeys(found))


@lru_cache(maxsize=SUIT_MEMO_SIZE)
def _pair_splits(counts: tuple[int, ...], honors: bool) -> tuple[Split, ...]:
    """Every way to split one suit's counts into one pair and sets."""
    found: list[Split] = []
    for i, n in enumerate(counts):
        if n >= 2:
            rest = list(counts)
            rest[i] -= 2
            found.extend((sets, i) for sets in _set_splits(tuple(rest), honors))
    return tuple(found)


def _suits(counts: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    return (tuple(counts[0:9]), tuple(counts[9:18]), tuple(counts[18:27]), tuple(counts[27:34]))


@lru_cache(maxsize=SUIT_MEMO_SIZE)
def _suit_options(key: bytes, suit: int) -> tuple[tuple, tuple]:
    """One suit's readings as ready-made sets: (sets-only options, (sets, pair tile)
    options), tiles offset to the suit. Built once per suit shape (``key`` is the
    suit's counts as bytes)."""
    counts = tuple(key)
    base = suit * 9
    honors = suit == 3
    plain = tuple(tuple(McrSet(k, base + t) for k, t in sets) for sets in _set_splits(counts, honors))
    paired = tuple((tuple(McrSet(k, base + t) for k, t in sets), base + pair)
                   for sets, pair in _pair_splits(counts, honors))
    return plain, paired


def regular_splits(counts: Sequence[int]) -> list[tuple[tuple[McrSet, ...], int]]:
    """Every (sets, pair) reading of concealed ``counts`` as sets plus one pair.

    The number of sets is whatever the tiles give; callers check it against the
    declared melds. Counts above four are allowed (the unique-wait test asks about
    shapes, not about the wall).
    """
    key = bytes(counts)
    options = (_suit_options(key[0:9], 0), _suit_options(key[9:18], 1), _suit_options(key[18:27], 2),
               _suit_options(key[27:34], 3))
    blocked = [i for i in range(4) if not options[i][0]]
    if len(blocked) > 1:
        return []
    if blocked:
        j = blocked[0]
        a, b, c = (options[i][0] for i in range(4) if i != j)
        if len(a) == 1 and len(b) == 1 and len(c) == 1:  # the usual case: one way for each other suit
            rest = a[0] + b[0] + c[0]
            return [(rest + sets, pair) for sets, pair in options[j][1]]
    out: list[tuple[tuple[McrSet, ...], int]] = []
    for pair_suit in (blocked or range(4)):
        paired = options[pair_suit][1]
        if not paired:
            continue
        combos: list[tuple[McrSet, ...]] = [()]
        for i in range(4):
            if i != pair_suit:
                plain = options[i][0]
                combos = [c + o for c in combos for o in plain] if len(plain) > 1 else [c + plain[0] for c in combos]
        out.extend((c + sets, pair) for sets, pair in paired for c in combos)
    return out


@lru_cache(maxsize=SUIT_MEMO_SIZE)
def _suit_waits(key: bytes, suit: int) -> tuple[bool, bool, tuple[int, ...], tuple[int, ...]]:
    """For one suit: (sets only?, a pair and sets?, kinds completing it to sets only,
    kinds completing it to a pair and sets). Shapes only: a fifth copy counts. Built
    once per suit shape (``key`` is the suit's counts as bytes)."""
    counts = tuple(key)
    honors = suit == 3
    plain = bool(_set_splits(counts, honors))
    paired = bool(_pair_splits(counts, honors))
    to_plain, to_paired = [], []
    for r in range(len(counts)):
        grown = counts[:r] + (counts[r] + 1,) + counts[r + 1:]
        if _set_splits(grown, honors):
            to_plain.append(suit * 9 + r)
        if _pair_splits(grown, honors):
            to_paired.append(suit * 9 + r)
    return plain, paired, tuple(to_plain), tuple(to_paired)


def regular_wait_groups(counts: Sequence[int]) -> list[tuple[int, ...]]:
    """The kinds completing ``counts`` (one tile short) to sets and a pair, as
    disjoint groups (one per suit that can take the tile); shapes only.

    A kind completes the hand when the suit it joins becomes complete, with the
    pair or without it, and the other suits are complete with the pair exactly
    once. A suit cannot be both complete without a pair and with one (3n against
    3n + 2 tiles), so the groups never overlap.
    """
    key = bytes(counts)
    info = (_suit_waits(key[0:9], 0), _suit_waits(key[9:18], 1), _suit_waits(key[18:27], 2),
            _suit_waits(key[27:34], 3))
    open_suits = [i for i in range(4) if not info[i][0]]
    if not open_suits:  # every suit is sets only: the tile's suit must take the pair
        return [w[3] for w in info if w[3]]
    if len(open_suits) == 1:
        j = open_suits[0]
        groups = [info[j][3]] if info[j][3] else []  # the open suit takes the tile and the pair
        if info[j][1]:  # it holds the pair already: the tile completes a sets-only suit
            groups += [info[i][2] for i in range(4) if i != j and info[i][2]]
        return groups
    if len(open_suits) == 2:  # the tile goes to one open suit, the other holds the pair
        a, b = open_suits
        return [info[x][2] for x, y in ((a, b), (b, a)) if info[y][1] and info[x][2]]
    return []


def regular_waits(counts: Sequence[int]) -> set[int]:
    """Kinds completing ``counts`` (one tile short) to sets and a pair, shapes only."""
    return {t for group in regular_wait_groups(counts) for t in group}


def seven_pairs_waits(counts: Sequence[int]) -> set[int]:
    """The kind completing 13 tiles to seven pairs (four of a kind is two pairs)."""
    key = bytes(counts)
    if key.count(1) + key.count(3) != 1 or sum(counts) != 13:
        return set()
    return {next(t for t, n in enumerate(counts) if n % 2)}


# ---------------------------------------------------------------- whole-hand forms

def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Fourteen tiles in pairs; four of a kind is two pairs (RULES.md B4)."""
    return sum(counts) == 14 and all(n % 2 == 0 for n in counts)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    return sum(counts) == 14 and all(counts[t] for t in ORPHANS) and sum(counts[t] for t in ORPHANS) == 14


def honors_and_knitted_pattern(counts: Sequence[int]) -> tuple[int, ...] | None:
    """The knitted pattern of a 全不靠 / 七星不靠 hand (14 different tiles), else None:
    the first pattern (``KNITTED_PATTERNS`` order) holding every number tile."""
    if sum(counts) != 14 or max(counts) > 1:
        return None
    numbers = int(bytes(counts[26::-1]).translate(PRESENCE_DIGIT), 2)  # number kinds held, bit t for kind t
    return next((pattern for pattern, mask in _PATTERN_MASKS if not numbers & ~mask), None)


def _suit_presence(bits: int) -> bytes:
    """Nine 0/1 bytes: which ranks of one number suit are held (bit ``r`` for rank ``r + 1``)."""
    return bytes((bits >> r) & 1 for r in range(9))


PRESENCE_DIGIT = b"0" + b"1" * 255  # bytes.translate: a count as the binary digit of its kind's presence
_NONZERO = bytes([0] + [1] * 255)  # bytes.translate: a count as 1 when the kind is held
_PATTERN_MASKS = tuple((pattern, sum(1 << t for t in pattern)) for pattern in KNITTED_PATTERNS)
_KNITTED_CLASSES = {_suit_presence(bits): sum(1 << c for c in range(3) if bits >> c & 1 and bits >> (c + 3) & 1
                                              and bits >> (c + 6) & 1) for bits in range(512)}
"""Per number suit's presence: which of 1-4-7, 2-5-8, 3-6-9 (bits 0-2) it holds whole."""
_PATTERNS_BY_CLASSES = {
    classes: tuple(pattern for pattern, order in zip(KNITTED_PATTERNS, _PATTERN_ORDERS)
                   if classes[order[0]] & 1 and classes[order[1]] & 2 and classes[order[2]] & 4)
    for classes in product(range(8), repeat=3)}
"""The knitted patterns (in ``KNITTED_PATTERNS`` order) three suits with these classes hold."""


def knitted_patterns_held(counts: Sequence[int]) -> tuple[tuple[int, ...], ...]:
    """Knitted patterns whose nine tiles are all among ``counts`` (a knitted straight's
    necessary condition): which suits hold which of 1-4-7, 2-5-8, 3-6-9, then the
    patterns those allow, both looked up in complete tables (512 suit presences, 512
    class triples)."""
    present = bytes(counts).translate(_NONZERO)
    return _PATTERNS_BY_CLASSES[_KNITTED_CLASSES[present[0:9]], _KNITTED_CLASSES[present[9:18]],
                                _KNITTED_CLASSES[present[18:27]]]


def mcr_decompositions(tiles: Sequence[int], melds: int = 0) -> list[McrDecomposition]:
    """Every reading of a complete concealed part (14 tiles less 3 per declared meld)
    in every MCR form; empty when the tiles do not win.

    Raises :class:`InvalidHandError` on a fifth copy or a wrong tile count.
    """
    counts = _checked(tiles, melds, complete=True)
    return decompositions_of_counts(counts, melds)


def decompositions_of_counts(counts: list[int], melds: int) -> list[McrDecomposition]:
    """:func:`mcr_decompositions` on validated counts (the scorer's entry).

    The special forms are tried only past a cheap necessary condition on the counts
    (nine different number kinds for a knitted straight; no odd count for seven
    pairs; no kind twice save one for thirteen orphans and none for honors and
    knitted), read from the counts as bytes.
    """
    found = [_new_decomposition((REGULAR, sets, pair, (), ())) for sets, pair in regular_splits(counts)
             if len(sets) == 4 - melds]
    key = bytes(counts)
    if melds <= 1 and 27 - key[:27].count(0) >= 9:
        found.extend(_knitted_straight_readings(counts, melds))
    if melds:
        return found
    odd = key.count(1) + key.count(3)
    if not odd and is_seven_pairs(counts):
        pairs = tuple(t for t in range(KIND_COUNT) for _ in range(counts[t] // 2))
        found.append(McrDecomposition(SEVEN_PAIRS, pairs=pairs))
    singles = key.count(1)
    if singles == 12 and is_thirteen_orphans(counts):
        pair = next(t for t in ORPHANS if counts[t] == 2)
        found.append(McrDecomposition(THIRTEEN_ORPHANS, pair=pair))
    if singles == 14:
        pattern = honors_and_knitted_pattern(counts)
        if pattern is not None:
            held = tuple(t for t in range(KIND_COUNT) if counts[t])
            found.append(McrDecomposition(HONORS_AND_KNITTED, knitted=held))
    return found


def _knitted_straight_readings(counts: list[int], melds: int) -> list[McrDecomposition]:
    out = []
    for pattern in knitted_patterns_held(counts):
        rest = list(counts)
        for t in pattern:
            rest[t] -= 1
        for sets, pair in regular_splits(rest):
            if len(sets) == 1 - melds:
                out.append(McrDecomposition(KNITTED_STRAIGHT, sets, pair, knitted=pattern))
    return out


def is_mcr_winning(tiles: Sequence[int], melds: int = 0) -> bool:
    """True when the concealed tiles complete a hand in some MCR form."""
    return bool(mcr_decompositions(tiles, melds))


# ---------------------------------------------------------------- shanten and waits

def mcr_shanten_by_form(tiles: Sequence[int], melds: int = 0) -> McrShanten:
    """Shanten of each MCR form for 13 or 14 tiles less 3 per declared meld."""
    counts = _checked(tiles, melds, complete=None)
    regular = standard_distance(bytes(counts), melds) - 1
    if melds > 1:
        return McrShanten(regular, None, None, None, None)
    knitted = _knitted_straight_shanten(counts, melds)
    if melds:
        return McrShanten(regular, None, None, knitted, None)
    pairs = sum(n // 2 for n in counts)
    seven = 6 - min(pairs, 7)
    held_orphans = sum(1 for t in ORPHANS if counts[t])
    orphans = 13 - held_orphans - (1 if any(counts[t] >= 2 for t in ORPHANS) else 0)
    return McrShanten(regular, seven, orphans, knitted, _honors_and_knitted_shanten(counts))


def _honors_and_knitted_shanten(counts: Sequence[int]) -> int:
    """13 less the different useful kinds held (14 different tiles are needed)."""
    honors = sum(1 for t in HONORS if counts[t])
    best = max(sum(1 for t in p if counts[t]) for p in KNITTED_PATTERNS)
    return 13 - min(14, honors + best)


def _knitted_straight_shanten(counts: list[int], melds: int) -> int:
    """Per pattern: each held knitted kind gives one tile, and the rest must give
    ``1 - melds`` sets and a pair (the riichi tables' distance, which never uses a
    fifth copy). Keeping a held knitted tile is never worse: moving one tile to the
    rest changes the rest's distance by at most one."""
    best = 99
    for pattern in KNITTED_PATTERNS:
        rest = list(counts)
        missing = 0
        for t in pattern:
            if rest[t]:
                rest[t] -= 1
            else:
                missing += 1
        best = min(best, missing + standard_distance(bytes(rest), 3 + melds) - 1)
    return best


def mcr_shanten(tiles: Sequence[int], melds: int = 0) -> int:
    """Least MCR shanten over the forms (-1 complete)."""
    return min(v for v in mcr_shanten_by_form(tiles, melds) if v is not None)


def mcr_waits(tiles: Sequence[int], melds: int = 0) -> list[int]:
    """Kinds that complete 13 tiles (less 3 per meld) in some MCR form, leaving out a
    kind the hand already holds four of."""
    counts = _checked(tiles, melds, complete=False)
    out = []
    for t in range(KIND_COUNT):
        if counts[t] >= 4:
            continue
        counts[t] += 1
        if decompositions_of_counts(counts, melds):
            out.append(t)
        counts[t] -= 1
    return out


def _checked(tiles: Sequence[int], melds: int, complete: bool | None) -> list[int]:
    """Validated counts for 14 (complete), 13 (not complete) or either (None) tiles
    less three per declared meld."""
    if not isinstance(melds, int) or not 0 <= melds <= 4:
        raise InvalidHandError(f"melds must be 0..4, got {melds!r}")
    counts = counts_of(tiles)
    sizes = {True: (14,), False: (13,), None: (13, 14)}[complete]
    total = sum(counts)
    allowed = [n - 3 * melds for n in sizes]
    if total not in allowed:
        wanted = " or ".join(str(n) for n in allowed)
        raise InvalidHandError(f"{total} tiles with {melds} melds: expected {wanted}")
    return counts
