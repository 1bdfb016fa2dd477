"""Seeded MCR win situations for the differential test and the benchmark.

Every situation is a possible win: 14 tiles with the melds, no fifth copy, flags
that fit the tiles (so pymahjonggb's own flag normalisation never has to step in).
Hands are built from *patterns*, one per rare fan or form, cycled so that every
one of the 80 non-flower fan turns up many times in a few thousand hands; the
rest of each hand is random. Only ``random.Random(seed)`` is used.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from mahjong_joy.hand.mcr_forms import KNITTED_PATTERNS, ORPHANS, decompositions_of_counts
from mahjong_joy.hand.shanten import seven_pairs_shanten, standard_distance
from mahjong_joy.notation import format_tiles, parse_tiles

Group = tuple[str, int]  # ("chow" | "pung" | "pair", tile); chows by lowest tile
WINDS, DRAGONS, HONORS = (27, 28, 29, 30), (31, 32, 33), tuple(range(27, 34))
GREEN = (19, 20, 21, 23, 25, 32)
REVERSIBLE = (9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31)
TERMINALS = (0, 8, 9, 17, 18, 26)
WIND_LETTERS = "ESWN"


def _tiles_of(group: Group) -> list[int]:
    kind, t = group
    return [t, t + 1, t + 2] if kind == "chow" else [t] * (3 if kind == "pung" else 2)


def _fits(groups: list[Group], extra: Group) -> bool:
    counts: dict[int, int] = {}
    for g in groups + [extra]:
        for t in _tiles_of(g):
            counts[t] = counts.get(t, 0) + 1
    return max(counts.values()) <= 4


def _chow_starts(allowed: tuple[int, ...]) -> list[int]:
    a = set(allowed)
    return [t for t in a if t < 27 and t % 9 <= 6 and t + 1 in a and t + 2 in a]


def _fill(rng: random.Random, groups: list[Group], allowed: tuple[int, ...] = tuple(range(34)),
          chow_weight: float = 0.6) -> list[Group] | None:
    """Add random sets from ``allowed`` tiles up to four sets and a pair."""
    for _ in range(60):
        sets = [g for g in groups if g[0] != "pair"]
        has_pair = any(g[0] == "pair" for g in groups)
        if len(sets) == 4 and has_pair:
            return groups
        if len(sets) == 4:
            option: Group = ("pair", rng.choice(allowed))
        else:
            starts = _chow_starts(allowed)
            if starts and rng.random() < chow_weight:
                option = ("chow", rng.choice(starts))
            else:
                option = ("pung", rng.choice(allowed))
        if _fits(groups, option):
            groups = groups + [option]
    return None


def _suit_tiles(suit: int) -> tuple[int, ...]:
    return tuple(range(suit * 9, suit * 9 + 9))


# ---------------------------------------------------------------- regular patterns (groups)

def _p_random(rng):
    return _fill(rng, [])


def _p_big_four_winds(rng):
    return _fill(rng, [("pung", w) for w in WINDS])


def _p_big_three_dragons(rng):
    return _fill(rng, [("pung", d) for d in DRAGONS])


def _p_all_green(rng):
    return _fill(rng, [], GREEN)


def _p_four_kongs(rng):
    return _fill(rng, [], chow_weight=0.0)


def _p_all_terminals(rng):
    return _fill(rng, [], TERMINALS)


def _p_little_four_winds(rng):
    winds = list(WINDS)
    rng.shuffle(winds)
    return _fill(rng, [("pung", w) for w in winds[:3]] + [("pair", winds[3])])


def _p_little_three_dragons(rng):
    dragons = list(DRAGONS)
    rng.shuffle(dragons)
    return _fill(rng, [("pung", d) for d in dragons[:2]] + [("pair", dragons[2])])


def _p_all_honors(rng):
    return _fill(rng, [], HONORS)


def _p_pungs(rng):
    return _fill(rng, [], chow_weight=0.0)


def _p_pure_terminal_chows(rng):
    s = rng.randrange(3) * 9
    return [("chow", s), ("chow", s), ("chow", s + 6), ("chow", s + 6), ("pair", s + 4)]


def _p_three_suited_terminal_chows(rng):
    suits = [0, 1, 2]
    rng.shuffle(suits)
    a, b, c = (x * 9 for x in suits)
    return [("chow", a), ("chow", a + 6), ("chow", b), ("chow", b + 6), ("pair", c + 4)]


def _p_quadruple_chow(rng):
    t = rng.choice(_chow_starts(tuple(range(27))))
    return _fill(rng, [("chow", t)] * 4)


def _p_four_shifted_pungs(rng):
    s = rng.randrange(3) * 9 + rng.randrange(6)
    return _fill(rng, [("pung", s + k) for k in range(4)])


def _p_four_shifted_chows(rng):
    step = rng.choice((1, 2))
    s = rng.randrange(3) * 9
    first = s + rng.randrange(7 - 3 * step)
    return _fill(rng, [("chow", first + k * step) for k in range(4)])


def _p_terminals_and_honors(rng):
    return _fill(rng, [], ORPHANS)


def _p_even_pungs(rng):
    return _fill(rng, [], tuple(t for t in range(27) if t % 9 in (1, 3, 5, 7)), chow_weight=0.0)


def _p_full_flush(rng):
    return _fill(rng, [], _suit_tiles(rng.randrange(3)))


def _p_half_flush(rng):
    return _fill(rng, [], _suit_tiles(rng.randrange(3)) + HONORS)


def _p_pure_triple_chow(rng):
    t = rng.choice(_chow_starts(tuple(range(27))))
    return _fill(rng, [("chow", t)] * 3)


def _p_pure_shifted_pungs(rng):
    s = rng.randrange(3) * 9 + rng.randrange(7)
    return _fill(rng, [("pung", s + k) for k in range(3)])


def _ranks(ranks: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(s * 9 + r - 1 for s in range(3) for r in ranks)


def _p_upper(rng):
    return _fill(rng, [], _ranks((7, 8, 9) if rng.random() < 0.5 else (6, 7, 8, 9)))


def _p_middle(rng):
    return _fill(rng, [], _ranks((4, 5, 6)))


def _p_lower(rng):
    return _fill(rng, [], _ranks((1, 2, 3) if rng.random() < 0.5 else (1, 2, 3, 4)))


def _p_pure_straight(rng):
    s = rng.randrange(3) * 9
    return _fill(rng, [("chow", s), ("chow", s + 3), ("chow", s + 6)])


def _p_pure_shifted_chows(rng):
    step = rng.choice((1, 2))
    first = rng.randrange(3) * 9 + rng.randrange(7 - 2 * step)
    return _fill(rng, [("chow", first + k * step) for k in range(3)])


def _p_all_five(rng):
    fives = [("chow", s * 9 + r) for s in range(3) for r in (2, 3, 4)] + [("pung", s * 9 + 4) for s in range(3)]
    groups: list[Group] = []
    while len(groups) < 4:
        g = rng.choice(fives)
        if _fits(groups, g):
            groups.append(g)
    pair = ("pair", rng.randrange(3) * 9 + 4)
    return groups + [pair] if _fits(groups, pair) else None


def _three_suits(rng) -> list[int]:
    suits = [0, 1, 2]
    rng.shuffle(suits)
    return suits


def _p_triple_pung(rng):
    r = rng.randrange(9)
    return _fill(rng, [("pung", s * 9 + r) for s in range(3)])


def _p_mixed_shifted_pungs(rng):
    r = rng.randrange(7)
    return _fill(rng, [("pung", s * 9 + r + k) for k, s in enumerate(_three_suits(rng))])


def _p_big_three_winds(rng):
    winds = rng.sample(WINDS, 3)
    return _fill(rng, [("pung", w) for w in winds])


def _p_mixed_straight(rng):
    return _fill(rng, [("chow", s * 9 + 3 * k) for k, s in enumerate(_three_suits(rng))])


def _p_reversible(rng):
    return _fill(rng, [], REVERSIBLE)


def _p_mixed_triple_chow(rng):
    r = rng.randrange(7)
    return _fill(rng, [("chow", s * 9 + r) for s in range(3)])


def _p_mixed_shifted_chows(rng):
    r = rng.randrange(5)
    return _fill(rng, [("chow", s * 9 + r + k) for k, s in enumerate(_three_suits(rng))])


def _p_two_dragons(rng):
    return _fill(rng, [("pung", d) for d in rng.sample(DRAGONS, 2)])


def _p_outside(rng):
    outside = [("chow", s * 9) for s in range(3)] + [("chow", s * 9 + 6) for s in range(3)]
    outside += [("pung", t) for t in ORPHANS]
    groups: list[Group] = []
    while len(groups) < 4:
        g = rng.choice(outside)
        if _fits(groups, g):
            groups.append(g)
    pair = ("pair", rng.choice(ORPHANS))
    return groups + [pair] if _fits(groups, pair) else None


def _p_all_chows(rng):
    return _fill(rng, [], tuple(range(27)), chow_weight=1.0)


def _p_double_pung(rng):
    r = rng.randrange(9)
    a, b = rng.sample(range(3), 2)
    return _fill(rng, [("pung", a * 9 + r), ("pung", b * 9 + r)])


def _p_chow_pairs(rng):
    """Two or three related chows (pure/mixed double, short straight, terminal chows)."""
    s = rng.randrange(3) * 9
    r = rng.randrange(7)
    other = rng.choice([x for x in range(3) if x * 9 != s]) * 9
    options = [[("chow", s + r), ("chow", s + r)], [("chow", s + r), ("chow", other + r)],
               [("chow", s), ("chow", s + 6)], [("chow", s + min(r, 3)), ("chow", s + min(r, 3) + 3)]]
    return _fill(rng, rng.choice(options))


def _p_chicken(rng):
    """Mixed suits, plain sets and an honor pair: often no fan at all."""
    suits = _three_suits(rng)
    groups: list[Group] = [("pair", rng.choice(HONORS))]
    for s in suits + [rng.randrange(3)]:
        g = ("chow", s * 9 + rng.randrange(7)) if rng.random() < 0.7 else ("pung", s * 9 + 1 + rng.randrange(7))
        if _fits(groups, g):
            groups.append(g)
    return _fill(rng, groups, tuple(range(27)))


def _p_all_types(rng):
    suits = _three_suits(rng)
    groups: list[Group] = [("chow" if rng.random() < 0.6 else "pung", s * 9 + rng.randrange(7)) for s in suits]
    honors = [("pung", rng.choice(WINDS)), ("pair", rng.choice(DRAGONS))]
    if rng.random() < 0.5:
        honors = [("pung", rng.choice(DRAGONS)), ("pair", rng.choice(WINDS))]
    return groups + honors


def _p_no_honors(rng):
    return _fill(rng, [], tuple(range(27)))


def _p_two_suits(rng):
    a, b = rng.sample(range(3), 2)
    return _fill(rng, [], _suit_tiles(a) + _suit_tiles(b) + (HONORS if rng.random() < 0.3 else ()))


REGULAR_PATTERNS: dict[str, Callable] = {
    "random": _p_random, "big_four_winds": _p_big_four_winds, "big_three_dragons": _p_big_three_dragons,
    "all_green": _p_all_green, "four_kongs": _p_four_kongs, "all_terminals": _p_all_terminals,
    "little_four_winds": _p_little_four_winds, "little_three_dragons": _p_little_three_dragons,
    "all_honors": _p_all_honors, "pungs": _p_pungs, "pure_terminal_chows": _p_pure_terminal_chows,
    "quadruple_chow": _p_quadruple_chow, "four_shifted_pungs": _p_four_shifted_pungs,
    "four_shifted_chows": _p_four_shifted_chows, "terminals_and_honors": _p_terminals_and_honors,
    "even_pungs": _p_even_pungs, "full_flush": _p_full_flush, "half_flush": _p_half_flush,
    "pure_triple_chow": _p_pure_triple_chow, "pure_shifted_pungs": _p_pure_shifted_pungs,
    "upper": _p_upper, "middle": _p_middle, "lower": _p_lower, "pure_straight": _p_pure_straight,
    "three_suited_terminal_chows": _p_three_suited_terminal_chows, "pure_shifted_chows": _p_pure_shifted_chows,
    "all_five": _p_all_five, "triple_pung": _p_triple_pung, "mixed_shifted_pungs": _p_mixed_shifted_pungs,
    "big_three_winds": _p_big_three_winds, "mixed_straight": _p_mixed_straight, "reversible": _p_reversible,
    "mixed_triple_chow": _p_mixed_triple_chow, "mixed_shifted_chows": _p_mixed_shifted_chows,
    "two_dragons": _p_two_dragons, "outside": _p_outside, "all_chows": _p_all_chows,
    "double_pung": _p_double_pung, "chow_pairs": _p_chow_pairs, "chicken": _p_chicken,
    "no_honors": _p_no_honors, "two_suits": _p_two_suits, "all_types": _p_all_types, "three_kongs": _p_pungs,
}


# ---------------------------------------------------------------- special forms (concealed tiles)

def _f_seven_pairs(rng) -> list[int]:
    pool = list(range(34)) if rng.random() < 0.6 else list(_suit_tiles(rng.randrange(3))) + list(HONORS)
    kinds = rng.sample(pool, 6)
    tiles = [t for k in kinds for t in (k, k)]
    extra = rng.choice(kinds) if rng.random() < 0.25 else rng.choice([k for k in pool if k not in kinds])
    return tiles + [extra, extra]


def _f_seven_pairs_terminal_green(rng) -> list[int]:
    pool = list(TERMINALS if rng.random() < 0.5 else GREEN)
    kinds = rng.sample(pool, min(len(pool), 6))[:5]
    tiles = [t for k in kinds for t in (k, k)]
    doubled = rng.sample(kinds, 2)
    return tiles + [doubled[0]] * 2 + [doubled[1]] * 2


def _f_seven_shifted_pairs(rng) -> list[int]:
    first = rng.randrange(3) * 9 + rng.randrange(3)
    return [first + k for k in range(7) for _ in (0, 1)]


def _f_thirteen_orphans(rng) -> list[int]:
    return list(ORPHANS) + [rng.choice(ORPHANS)]


def _f_honors_knitted(rng) -> list[int]:
    pattern = rng.choice(KNITTED_PATTERNS)
    honors = 7 if rng.random() < 0.4 else rng.randrange(5, 8)
    return sorted(rng.sample(pattern, 14 - honors) + rng.sample(HONORS, honors))


def _f_nine_gates(rng) -> list[int]:
    s = rng.randrange(3) * 9
    return [s] * 3 + [s + r for r in range(1, 8)] + [s + 8] * 3 + [s + rng.randrange(9)]


SPECIAL_FORMS: dict[str, Callable] = {
    "seven_pairs": _f_seven_pairs, "seven_pairs_terminal_green": _f_seven_pairs_terminal_green,
    "seven_shifted_pairs": _f_seven_shifted_pairs, "thirteen_orphans": _f_thirteen_orphans,
    "honors_knitted": _f_honors_knitted, "nine_gates": _f_nine_gates,
}


# ---------------------------------------------------------------- whole situations

def _knitted_groups(rng) -> tuple[list[int], list[Group]] | None:
    pattern = list(rng.choice(KNITTED_PATTERNS))
    groups = _fill(rng, [], chow_weight=0.4)
    if groups is None:
        return None
    kept = [g for g in groups if g[0] == "pair"][:1] + [g for g in groups if g[0] != "pair"][:1]
    counts: dict[int, int] = {}
    for t in pattern + [t for g in kept for t in _tiles_of(g)]:
        counts[t] = counts.get(t, 0) + 1
    if max(counts.values()) > 4:
        return None
    return pattern, kept


def _situation(rng: random.Random, concealed: list[int], melds: list[dict[str, str]]) -> dict[str, Any]:
    win = rng.choice(concealed)
    tsumo = rng.random() < 0.5
    all_tiles = list(concealed)
    for m in melds:
        all_tiles += parse_tiles(m["tiles"])
    copies_in_hand = concealed.count(win)
    has_kong = any(m["type"] in ("kong", "concealed_kong") for m in melds)
    data: dict[str, Any] = {"hand": format_tiles(concealed), "win_tile": format_tiles([win]), "melds": melds,
                            "tsumo": tsumo, "seat_wind": rng.choice(WIND_LETTERS),
                            "round_wind": rng.choice(WIND_LETTERS)}
    if copies_in_hand == 1 and rng.random() < 0.2:
        data["last_tile"] = True
    if tsumo and has_kong and rng.random() < 0.35:
        data["kong_replacement"] = True
    if not tsumo and all_tiles.count(win) == 1 and rng.random() < 0.15:
        data["robbing_kong"] = True
    elif rng.random() < 0.1:
        data["last_wall_tile"] = True
    if rng.random() < 0.25:
        data["flowers"] = rng.randrange(1, 9)
    return data


def _declare(rng: random.Random, groups: list[Group], kong_rate: float, meld_rate: float,
             max_melds: int = 4) -> tuple[list[int], list[dict[str, str]]]:
    concealed: list[int] = []
    melds: list[dict[str, str]] = []
    used = [u for g in groups for u in _tiles_of(g)]
    for kind, t in groups:
        tiles = _tiles_of((kind, t))
        if kind == "pung" and used.count(t) == 3 and rng.random() < kong_rate and len(melds) < max_melds:
            melds.append({"type": rng.choice(("kong", "concealed_kong")), "tiles": format_tiles([t] * 4)})
        elif kind != "pair" and rng.random() < meld_rate and len(melds) < max_melds:
            melds.append({"type": kind, "tiles": format_tiles(tiles)})
        else:
            concealed += tiles
    return concealed, melds


def _regular(rng: random.Random, name: str) -> dict[str, Any] | None:
    groups = REGULAR_PATTERNS[name](rng)
    if groups is None:
        return None
    kong_rate = {"four_kongs": 1.0, "pungs": 0.4, "three_kongs": 0.75}.get(name, 0.12)
    meld_rate = rng.choice((0.0, 0.0, 0.25, 0.5, 1.0))
    if name == "chicken":
        return _chicken(rng, groups)
    concealed, melds = _declare(rng, groups, kong_rate, meld_rate)
    if not any(True for _ in concealed):
        return None
    return _situation(rng, concealed, melds)


def _chicken(rng: random.Random, groups: list[Group]) -> dict[str, Any] | None:
    """Three sets declared, a two-sided chow and an honor pair concealed, won on a
    discard with no flag: the shape of most Chicken Hands."""
    chows = [g for g in groups if g[0] == "chow" and 1 <= g[1] % 9 <= 5]
    pairs = [g for g in groups if g[0] == "pair"]
    if not chows or not pairs:
        return None
    hidden = chows[0]
    others = [g for g in groups if g not in (hidden, pairs[0])] or []
    if len(others) != 3:
        return None
    melds = [{"type": kind, "tiles": format_tiles(_tiles_of((kind, t)))} for kind, t in others]
    concealed = _tiles_of(hidden) + _tiles_of(pairs[0])
    data = _situation(rng, concealed, melds)
    data.update(win_tile=format_tiles([hidden[1]]), tsumo=False)
    for flag in ("last_tile", "kong_replacement", "robbing_kong", "last_wall_tile"):
        data.pop(flag, None)
    return data


def _knitted(rng: random.Random) -> dict[str, Any] | None:
    made = _knitted_groups(rng)
    if made is None:
        return None
    pattern, groups = made
    concealed, melds = _declare(rng, groups, 0.15, 0.3, max_melds=1)
    if any(m["type"].endswith("kong") and parse_tiles(m["tiles"])[0] in pattern for m in melds):
        return None  # the kong's fourth copy would be a fifth with the knitted tile
    return _situation(rng, sorted(pattern + concealed), melds)


def situations(seed: int, count: int) -> Iterator[dict[str, Any]]:
    """``count`` seeded win situations, patterns cycled in a fixed order."""
    rng = random.Random(seed)
    names = (list(REGULAR_PATTERNS) + ["chicken"] * 2 + [f"form:{n}" for n in SPECIAL_FORMS]
             + ["form:nine_gates", "form:knitted_straight", "form:knitted_straight"])
    made = 0
    i = 0
    while made < count:
        name = names[i % len(names)]
        i += 1
        if name == "form:knitted_straight":
            data = _knitted(rng)
        elif name.startswith("form:"):
            data = _situation(rng, sorted(SPECIAL_FORMS[name[5:]](rng)), [])
        else:
            data = _regular(rng, name)
        if data is not None:
            made += 1
            yield data


# ---------------------------------------------------------------- hands as they occur in play

_WIND_KINDS = (27, 28, 29, 30)


def played_situations(seed: int, count: int) -> Iterator[dict[str, Any]]:
    """``count`` seeded wins as a table produces them: a shuffled 136-tile wall, one
    player drawing and discarding toward the nearest complete hand (the regular
    form's distance, seven pairs when closer), the other three discarding wall
    tiles the player may win on, pung, chow (the left player's only) or kong; won
    by self-draw or on a discard, with kong replacements, the last wall tile, Last
    Tile from the visible copies and a plausible number of flowers. Every complete
    hand is yielded, under 8 fan or not (the table asks the scorer about each).
    Only ``random.Random(seed)`` is used.
    """
    rng = random.Random(seed)
    made = 0
    while made < count:
        data = _play_one(rng)
        if data is not None:
            made += 1
            yield data


def _distance(counts: list[int], melds: int) -> int:
    key = bytes(counts)
    best = standard_distance(key, melds) - 1
    if not melds:
        best = min(best, seven_pairs_shanten(key))
    return best


def _complete(counts: list[int], melds: int) -> bool:
    return bool(decompositions_of_counts(counts, melds))


def _best_discard(rng: random.Random, counts: list[int], melds: int) -> int:
    best, options = 99, []
    for t in range(34):
        if counts[t]:
            counts[t] -= 1
            d = _distance(counts, melds)
            counts[t] += 1
            if d < best:
                best, options = d, [t]
            elif d == best:
                options.append(t)
    return rng.choice(options)


def _play_one(rng: random.Random) -> dict[str, Any] | None:
    wall = [t for t in range(34) for _ in range(4)]
    rng.shuffle(wall)
    counts = [0] * 34
    for t in wall[:13]:
        counts[t] += 1
    front, back = 13, len(wall)  # draws from the front, kong replacements from the back
    melds: list[tuple[str, int]] = []  # (type, first tile)
    visible = [0] * 34  # discards and the other players' nothing else (their melds are not simulated)
    seat, prevalent = rng.choice(_WIND_KINDS), rng.choice(_WIND_KINDS)
    replacement = False
    while front < back:
        drawn = wall[back - 1] if replacement else wall[front]
        if replacement:
            back -= 1
        else:
            front += 1
        counts[drawn] += 1
        last = front >= back
        if _complete(counts, len(melds)):
            return _played(rng, counts, melds, drawn, True, replacement, last, visible, seat, prevalent)
        replacement = False
        kong = next((t for t in range(34) if counts[t] == 4), None)
        if kong is not None and not last and rng.random() < 0.6:
            counts[kong] -= 4
            melds.append(("concealed_kong", kong))
            replacement = True
            continue
        gone = _best_discard(rng, counts, len(melds))
        counts[gone] -= 1
        visible[gone] += 1
        for seat_offset in (1, 2, 3):  # right, opposite, left discard in turn
            if front >= back:
                break
            tile = wall[front]
            front += 1
            last = front >= back
            counts[tile] += 1
            if _complete(counts, len(melds)):
                return _played(rng, counts, melds, tile, False, False, last, visible, seat, prevalent)
            counts[tile] -= 1
            visible[tile] += 1
            if last or len(melds) >= 4:
                continue
            claim = _claim(rng, counts, len(melds), tile, seat_offset == 3)
            if claim is not None:
                kind, first, used = claim
                visible[tile] -= 1
                for t in used:
                    counts[t] -= 1
                melds.append((kind, first))
                if kind == "kong":
                    replacement = True
                    break
                gone = _best_discard(rng, counts, len(melds))
                counts[gone] -= 1
                visible[gone] += 1
                break  # play continues from the claimer: the next draw is ours after the others
    return None


def _claim(rng: random.Random, counts: list[int], melds: int, tile: int,
           from_left: bool) -> tuple[str, int, list[int]] | None:
    """A call that brings the hand closer (pung or kong with two or three held, a
    chow only from the left), taken about half the time."""
    before = _distance(counts, melds)
    options: list[tuple[str, int, list[int]]] = []
    if counts[tile] == 3 and rng.random() < 0.3:
        options.append(("kong", tile, [tile] * 3))
    if counts[tile] >= 2:
        options.append(("pung", tile, [tile] * 2))
    if from_left and tile < 27:
        for start in (tile - 2, tile - 1, tile):
            if start >= 0 and start // 9 == tile // 9 and start % 9 <= 6:
                others = [t for t in (start, start + 1, start + 2) if t != tile]
                if all(counts[t] for t in others):
                    options.append(("chow", start, others))
    for kind, first, used in options:
        for t in used:
            counts[t] -= 1
        after = _distance(counts, melds + 1) if kind != "kong" else before
        for t in used:
            counts[t] += 1
        if after <= before and rng.random() < 0.5:
            return kind, first, used
    return None


def _played(rng: random.Random, counts: list[int], melds: list[tuple[str, int]], win: int, tsumo: bool,
            replacement: bool, last: bool, visible: list[int], seat: int, prevalent: int) -> dict[str, Any]:
    shown = list(visible)
    meld_objects = []
    for kind, first in melds:
        tiles = [first, first + 1, first + 2] if kind == "chow" else [first] * (3 if kind == "pung" else 4)
        meld_objects.append({"type": kind, "tiles": format_tiles(tiles)})
        if kind != "concealed_kong":
            for t in tiles:
                shown[t] += 1
    hand = [t for t in range(34) for _ in range(counts[t])]
    data: dict[str, Any] = {"hand": format_tiles(hand), "win_tile": format_tiles([win]), "melds": meld_objects,
                            "tsumo": tsumo, "seat_wind": WIND_LETTERS[seat - 27],
                            "round_wind": WIND_LETTERS[prevalent - 27]}
    if counts[win] == 1 and shown[win] >= 3:
        data["last_tile"] = True
    if replacement and tsumo:
        data["kong_replacement"] = True
    if last:
        data["last_wall_tile"] = True
    flowers = sum(rng.random() < 0.25 for _ in range(8))
    if flowers:
        data["flowers"] = flowers
    return data
