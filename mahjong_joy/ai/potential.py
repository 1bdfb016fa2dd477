"""The dev log's AI: one "potential score" decides discards and claims.

A complete set counts 100, a partial set (pair, two adjacent tiles, two tiles
one apart) 20; partials count only up to the sets still needed plus one pair,
and the best grouping over all readings wins. Declared melds count as complete
sets, so a claim compares like with like.

- Discard the tile whose removal leaves the highest potential; ties go to an
  isolated honor, then a terminal, then the lowest kind (deterministic).
- Claim (chi, pon, kan) only when the potential after claiming and the best
  following discard beats the potential now; under rules that need a yaku, only
  when the called hand still has one in sight (a value-tile set, all simples, a
  flush), so it never calls into a hand that cannot win.
- Declare riichi whenever it is legal, with the best of the discards that allow it.
- Always win when a win is legal.

Speed: the readings of each suit are independent, so each suit's best
(sets, partials) pairs are cached by its nine counts and only the frontiers are
combined per candidate.

>>> potential([0] * 27 + [3, 0, 0, 0, 0, 0, 0], melds=3)
400
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from mahjong_joy.engine.actions import Action, AddedKan, Chi, ClosedKan, Discard, Kan, Pass, Pon, Riichi, Ron, Tsumo
from mahjong_joy.engine.view import SeatView
from mahjong_joy.names import wind_index
from mahjong_joy.tiles import DRAGONS, EAST, FIRST_FLOWER_CODE, KIND_COUNT, is_terminal_or_honor, kind_of_code

SET_SCORE = 100
PARTIAL_SCORE = 20
_SUITS = ((0, 9), (9, 18), (18, 27))

Frontier = tuple[tuple[int, int], ...]


def _walk(counts: list[int], i: int, sets: int, partials: int, found: set[tuple[int, int]]) -> None:
    """Every (sets, partials) reachable in one suit from kind index ``i`` on."""
    while i < 9 and counts[i] == 0:
        i += 1
    if i == 9:
        found.add((sets, partials))
        return
    c = counts
    if c[i] >= 3:
        c[i] -= 3
        _walk(c, i, sets + 1, partials, found)
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1  # noqa: E702
        _walk(c, i, sets + 1, partials, found)
        c[i] += 1; c[i + 1] += 1; c[i + 2] += 1  # noqa: E702
    if c[i] >= 2:
        c[i] -= 2
        _walk(c, i, sets, partials + 1, found)
        c[i] += 2
    for gap in (1, 2):
        if i + gap <= 8 and c[i + gap]:
            c[i] -= 1; c[i + gap] -= 1  # noqa: E702
            _walk(c, i, sets, partials + 1, found)
            c[i] += 1; c[i + gap] += 1  # noqa: E702
    c[i] -= 1
    _walk(c, i, sets, partials, found)
    c[i] += 1


def _pareto(points: set[tuple[int, int]] | list[tuple[int, int]]) -> Frontier:
    """Keep the pairs no other pair beats in both sets and partials."""
    best: list[tuple[int, int]] = []
    for s, p in sorted(points, reverse=True):
        if not best or p > best[-1][1]:
            best.append((s, p))
    return tuple(best)


@lru_cache(maxsize=1 << 16)
def suit_frontier(key: bytes) -> Frontier:
    """The best (sets, partials) trade-offs of one number suit's nine counts."""
    found: set[tuple[int, int]] = set()
    _walk(list(key), 0, 0, 0, found)
    return _pareto(found)


def _honor_totals(counts: Sequence[int]) -> tuple[int, int]:
    """Honors only make triplets and pairs, each kind on its own."""
    sets = partials = 0
    for n in counts[27:34]:
        if n >= 3:
            sets += 1
        elif n == 2:
            partials += 1
    return sets, partials


def _score(frontiers: Sequence[Frontier], honors: tuple[int, int], melds: int) -> int:
    """Best 100 x sets + 20 x capped partials over one choice per suit."""
    best = 0
    hs, hp = honors
    for s0, p0 in frontiers[0]:
        for s1, p1 in frontiers[1]:
            for s2, p2 in frontiers[2]:
                sets = s0 + s1 + s2 + hs + melds
                partials = p0 + p1 + p2 + hp
                cap = max(0, 4 - sets) + 1
                value = SET_SCORE * sets + PARTIAL_SCORE * (partials if partials < cap else cap)
                if value > best:
                    best = value
    return best


def _frontiers(counts: Sequence[int]) -> list[Frontier]:
    return [suit_frontier(bytes(counts[a:b])) for a, b in _SUITS]


def potential(counts34: Sequence[int], melds: int = 0) -> int:
    """The potential score of concealed counts plus ``melds`` declared sets."""
    return _score(_frontiers(counts34), _honor_totals(counts34), melds)


def tie_rank(counts: Sequence[int], tile: int) -> tuple[int, int]:
    """Lower discards first among equals: isolated honor, terminal, then the rest by kind."""
    if tile >= 27 and counts[tile] == 1:
        return (0, tile)
    if tile < 27 and tile % 9 in (0, 8):
        return (1, tile)
    return (2, tile)


def best_discard(counts34: Sequence[int], melds: int = 0, allowed: int = -1) -> tuple[int, int]:
    """(potential after, kind) of the best discard from a hand holding one extra tile;
    ``allowed`` is a mask of the kinds that may be discarded (kuikae, riichi)."""
    counts = list(counts34)
    base = _frontiers(counts)
    honors = _honor_totals(counts)
    best: tuple[int, tuple[int, int]] | None = None
    chosen = -1
    for tile in range(KIND_COUNT):
        if not counts[tile] or not allowed >> tile & 1:
            continue
        counts[tile] -= 1
        if tile < 27:
            suit = tile // 9
            frontiers = list(base)
            frontiers[suit] = suit_frontier(bytes(counts[suit * 9 : suit * 9 + 9]))
            value = _score(frontiers, honors, melds)
        else:
            value = _score(base, _honor_totals(counts), melds)
        counts[tile] += 1
        rank = tie_rank(counts, tile)
        if best is None or value > best[0] or (value == best[0] and rank < best[1]):
            best = (value, rank)
            chosen = tile
    assert best is not None, "no tile to discard"
    return best[0], chosen


class PotentialAI:
    """Discards and claims by the potential score; wins whenever it can."""

    kind = "potential"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of ``legal`` for the seat behind ``view``."""
        for action in legal:
            if isinstance(action, (Tsumo, Ron)):
                return action
        if isinstance(legal[0], Pass):
            return self._choose_claim(view, legal)
        riichi = [a for a in legal if isinstance(a, Riichi)]
        if riichi:
            return _pick_code(view, riichi, discard_mask(riichi))
        return self._choose_turn(view, legal)

    def _choose_turn(self, view: SeatView, legal: Sequence[Action]) -> Action:
        counts = list(view.counts34())
        melds = view.meld_count
        discards = [a for a in legal if isinstance(a, Discard)]
        value, tile = best_discard(counts, melds, discard_mask(discards))
        for action in legal:
            if isinstance(action, ClosedKan):
                counts[action.tile] -= 4
                after = potential(counts, melds + 1)
                counts[action.tile] += 4
                if after >= value:
                    return action
            elif isinstance(action, AddedKan):
                counts[action.tile] -= 1
                after = potential(counts, melds)
                counts[action.tile] += 1
                if after >= value:
                    return action
        return discard_of_kind(discards, tile)

    def _choose_claim(self, view: SeatView, legal: Sequence[Action]) -> Action:
        counts = list(view.counts34())
        melds = view.meld_count
        tile = view.last_discard
        assert tile is not None
        now = potential(counts, melds)
        best_value, best_action = now, legal[0]
        for action in legal[1:]:
            used = tiles_used(action, tile)
            if view.needs_yaku and not keeps_a_yaku(view, counts, used, tile):
                continue
            for t in used:
                counts[t] -= 1
            if isinstance(action, Kan):
                after = potential(counts, melds + 1)
            else:
                after = best_discard(counts, melds + 1)[0]
            for t in used:
                counts[t] += 1
            if after > best_value:
                best_value, best_action = after, action
        return best_action


def discard_mask(actions: Sequence[Action]) -> int:
    """Mask of the kinds these discard (or riichi) actions let go; a kept flower's
    discard (Chinese Official, RULES.md B1) has no kind and is left out."""
    mask = 0
    for action in actions:
        if action.tile < FIRST_FLOWER_CODE:  # type: ignore[attr-defined]
            mask |= 1 << kind_of_code(action.tile)  # type: ignore[attr-defined]
    return mask


def discard_of_kind(actions: Sequence[Action], kind: int) -> Action:
    """The action discarding ``kind``: a plain five before the red one (it is dora)."""
    matching = [a for a in actions if a.tile < FIRST_FLOWER_CODE and kind_of_code(a.tile) == kind]  # type: ignore[attr-defined]
    return min(matching, key=lambda a: a.tile)  # type: ignore[attr-defined]


def _pick_code(view: SeatView, actions: Sequence[Action], allowed: int) -> Action:
    _, kind = best_discard(list(view.counts34()), view.meld_count, allowed)
    return discard_of_kind(actions, kind)


def value_kinds(view: SeatView) -> tuple[int, ...]:
    """Kinds whose set is a yaku for this seat: dragons, its seat wind, the round wind."""
    seat_wind = EAST + (view.seat - view.dealer) % 4
    return DRAGONS + (seat_wind, EAST + wind_index(view.round_wind))


def keeps_a_yaku(view: SeatView, counts: Sequence[int], used: Sequence[int], tile: int) -> bool:
    """Whether the hand after calling ``tile`` with ``used`` still has a yaku in sight:
    a value-tile set (called or held), all simples, or a one-suit hand (with honors)."""
    values = value_kinds(view)
    melded = [m.kinds for m in view.melds[view.seat]] + [tuple(sorted([*used, tile]))]
    rest = list(counts)
    for t in used:
        rest[t] -= 1
    if any(kinds[0] == kinds[-1] and kinds[0] in values for kinds in melded):
        return True
    if any(rest[k] >= 3 for k in values):
        return True
    tiles = [k for kinds in melded for k in kinds] + [k for k in range(KIND_COUNT) for _ in range(rest[k])]
    if not any(map(is_terminal_or_honor, tiles)):
        return True
    suits = {k // 9 for kinds in melded for k in kinds if k < 27}
    if len(suits) == 1:
        suit = suits.pop()
        stray = sum(rest[k] for k in range(27) if k // 9 != suit)
        return stray <= 2
    return False


def tiles_used(action: Action, tile: int) -> list[int]:
    """The held kinds a claim of ``tile`` takes out of the hand."""
    if isinstance(action, Chi):
        rest = list(action.tiles)
        rest.remove(tile)
        return rest
    if isinstance(action, Pon):
        return [tile, tile]
    if isinstance(action, Kan):
        return [tile, tile, tile]
    return []
