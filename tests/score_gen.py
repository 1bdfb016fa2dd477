"""Seeded winning situations for the scorer's differential tests and benchmark.

Every situation comes from ``random.Random(seed)`` (never the global RNG). Hands are
built set by set from tile pools chosen to reach every yaku and yakuman: all
suits, one suit (+/- honors), terminals and honors, greens, winds, dragons; seven
pairs, thirteen orphans and nine gates have their own builders. Flags are drawn
only where they are possible, so every situation is valid.
"""

from __future__ import annotations

import random
from typing import Any

from mahjong_joy.notation import format_tiles

CHI, PON, KAN, CLOSED_KAN, ADDED_KAN = "chi", "pon", "kan", "closed_kan", "added_kan"
WINDS = "ESWN"
YAOCHUU = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
GREENS = [19, 20, 21, 23, 25, 32]
POOLS = {
    "all": list(range(34)),
    "simples": [t for t in range(27) if t % 9 not in (0, 8)],
    "one_suit": None,  # filled per hand
    "one_suit_honors": None,
    "yaochuu": YAOCHUU,
    "terminals": [0, 8, 9, 17, 18, 26],
    "honors": list(range(27, 34)),
    "greens": GREENS,
    "winds": [27, 28, 29, 30],
    "dragons": [31, 32, 33],
}


def _pool(rng: random.Random, name: str) -> list[int]:
    if name in ("one_suit", "one_suit_honors"):
        suit = rng.randrange(3)
        base = list(range(9 * suit, 9 * suit + 9))
        return base + (list(range(27, 34)) if name == "one_suit_honors" else [])
    return list(POOLS[name])


def _take_set(rng: random.Random, counts: list[int], pool: list[int], run_bias: float) -> tuple[str, int] | None:
    """A run or triplet (or quad, as kan material) from ``pool`` that fits in ``counts``."""
    for _ in range(40):
        tile = rng.choice(pool)
        if rng.random() < run_bias and tile < 27 and tile % 9 <= 6 and tile + 1 in pool and tile + 2 in pool:
            if all(counts[t] < 4 for t in (tile, tile + 1, tile + 2)):
                for t in (tile, tile + 1, tile + 2):
                    counts[t] += 1
                return ("run", tile)
        elif counts[tile] <= 1:
            counts[tile] += 3
            return ("triplet", tile)
    return None


def _template(rng: random.Random) -> tuple[list[tuple[str, int]], list[int], float]:
    """Sets placed first (to reach ittsu, sanshoku, chanta/junchan, pinfu shapes),
    the pool the rest come from, and the run bias."""
    kind = rng.choice(["ittsu", "sanshoku", "doukou", "outside", "outside", "runs", "runs"])
    if kind == "ittsu":
        s = 9 * rng.randrange(3)
        return [("run", s), ("run", s + 3), ("run", s + 6)], list(range(34)), 0.6
    if kind == "sanshoku":
        k = rng.randrange(7)
        return [("run", k), ("run", k + 9), ("run", k + 18)], list(range(34)), 0.6
    if kind == "doukou":
        k = rng.randrange(9)
        return [("triplet", k), ("triplet", k + 9), ("triplet", k + 18)], list(range(34)), 0.5
    if kind == "outside":  # every set holds a terminal or honor
        starts = [0, 6, 9, 15, 18, 24]
        sets = [("run", rng.choice(starts)) for _ in range(rng.randint(1, 3))]
        return sets, YAOCHUU if rng.random() < 0.5 else [0, 8, 9, 17, 18, 26], 0.0
    return [], [t for t in range(34) if rng.random() < 0.8], 1.0


def random_standard(rng: random.Random, patterned: bool = False) -> dict[str, Any] | None:
    """A standard-form win: four sets and a pair, some of the sets declared."""
    pool = _pool(rng, rng.choice(["all"] * 8 + list(POOLS)))
    run_bias = rng.choice([0.0, 0.3, 0.6, 0.85, 1.0])
    counts = [0] * 34
    sets: list[tuple[str, int]] = []
    if patterned:
        sets, pool, run_bias = _template(rng)
        for shape, tile in sets:
            for t in ([tile, tile + 1, tile + 2] if shape == "run" else [tile] * 3):
                counts[t] += 1
        if max(counts) > 4:
            return None
    while len(sets) < 4:
        found = _take_set(rng, counts, pool, run_bias)
        if found is None:
            return None
        sets.append(found)
    pair_choices = [t for t in pool if counts[t] <= 2]
    if not pair_choices:
        return None
    pair = rng.choice(pair_choices)
    counts[pair] += 2
    n_melds = rng.choice([0, 0, 0, 1, 1, 2, 3, 4])
    melds, concealed = [], [pair, pair]
    order = list(range(4))
    rng.shuffle(order)
    declared = set(order[:n_melds])
    for i, (shape, tile) in enumerate(sets):
        if i in declared:
            melds.append(_declare(rng, shape, tile, counts))
        else:
            concealed.extend([tile, tile + 1, tile + 2] if shape == "run" else [tile] * 3)
    return _finish(rng, concealed, melds)


def _declare(rng: random.Random, shape: str, tile: int, counts: list[int]) -> dict[str, Any]:
    if shape == "run":
        return {"type": CHI, "tiles": [tile, tile + 1, tile + 2]}
    kind = rng.choice([PON, PON, KAN, CLOSED_KAN, ADDED_KAN]) if counts[tile] == 3 else PON
    if kind == PON:
        return {"type": PON, "tiles": [tile] * 3}
    counts[tile] += 1
    return {"type": kind, "tiles": [tile] * 4}


def random_chiitoitsu(rng: random.Random) -> dict[str, Any]:
    pool = _pool(rng, rng.choice(["all", "all", "simples", "one_suit", "one_suit_honors", "yaochuu", "honors", "greens"]))
    if len(pool) < 7:
        pool = list(range(34))
    pairs = rng.sample(pool, 7)
    return _finish(rng, [t for t in pairs for _ in range(2)], [])


def random_kokushi(rng: random.Random) -> dict[str, Any]:
    return _finish(rng, YAOCHUU + [rng.choice(YAOCHUU)], [])


def random_chuuren(rng: random.Random) -> dict[str, Any]:
    base = 9 * rng.randrange(3)
    tiles = [base] * 3 + [base + r for r in range(1, 8)] + [base + 8] * 3 + [base + rng.randrange(9)]
    return _finish(rng, tiles, [])


def _finish(rng: random.Random, concealed: list[int], melds: list[dict[str, Any]]) -> dict[str, Any]:
    """Add the winning tile, flags, winds, dora and red fives to a complete hand."""
    win = rng.choice(concealed)
    closed = all(m["type"] == CLOSED_KAN for m in melds)
    has_kan = any(m["type"] in (KAN, CLOSED_KAN, ADDED_KAN) for m in melds)
    tsumo = rng.random() < 0.5
    seat, round_ = rng.choice(WINDS), rng.choice("EESSW")
    sit: dict[str, Any] = {"tsumo": tsumo, "seat_wind": seat, "round_wind": round_}
    if closed and rng.random() < 0.45:
        sit["double_riichi" if rng.random() < 0.15 else "riichi"] = True
        sit["ippatsu"] = rng.random() < 0.25
    if tsumo:
        if has_kan and rng.random() < 0.2:
            sit["rinshan"] = True
        elif rng.random() < 0.08:
            sit["haitei"] = True
        elif not melds and not sit.get("riichi") and not sit.get("double_riichi") and rng.random() < 0.04:
            sit["tenhou" if seat == "E" else "chiihou"] = True
    else:
        roll = rng.random()
        if roll < 0.08:
            sit["houtei"] = True
        elif roll < 0.14:
            sit["chankan"] = True
    counts = [0] * 34
    for t in concealed + [t for m in melds for t in m["tiles"]]:
        counts[t] += 1
    # all four fives of a suit in hand and melds means one of them is the red one
    red = {s: rng.random() < 0.5 or counts[9 * s + 4] == 4 for s in range(3)}
    n_dora = rng.choice([1, 1, 1, 2, 3, 5])
    sit["dora_indicators"] = _indicators(rng, counts, n_dora)
    if sit.get("riichi") or sit.get("double_riichi"):
        sit["ura_indicators"] = _indicators(rng, counts, n_dora)
    sit["honba"] = rng.choice([0, 0, 0, 1, 2, 5])
    sit["riichi_sticks"] = rng.choice([0, 0, 0, 1, 2])
    sit["hand"] = _mpsz(concealed, red)
    sit["win_tile"] = format_tiles([win])
    sit["melds"] = [{"type": m["type"], "tiles": _mpsz(m["tiles"], red)} for m in melds]
    return sit


def _mpsz(tiles: list[int], red: dict[int, bool]) -> str:
    """MPSZ text, marking one five of a suit red (consuming the suit's red)."""
    reds = []
    for suit in range(3):
        five = 9 * suit + 4
        if red[suit] and five in tiles:
            reds.append(five)
            red[suit] = False
    return format_tiles(tiles, red=reds)


def _indicators(rng: random.Random, counts: list[int], n: int) -> str:
    found = []
    for _ in range(n):
        free = [t for t in range(34) if counts[t] < 4]
        tile = rng.choice(free)
        counts[tile] += 1
        found.append(tile)
    return format_tiles(found)


def random_patterned(rng: random.Random) -> dict[str, Any] | None:
    return random_standard(rng, patterned=True)


BUILDERS = (
    (random_standard, 60),
    (random_patterned, 25),
    (random_chiitoitsu, 8),
    (random_kokushi, 3),
    (random_chuuren, 3),
)


def situations(seed: int, n: int) -> list[dict[str, Any]]:
    """``n`` seeded situation dicts (the JSON form)."""
    rng = random.Random(seed)
    builders = [b for b, w in BUILDERS for _ in range(w)]
    out: list[dict[str, Any]] = []
    while len(out) < n:
        sit = rng.choice(builders)(rng)
        if sit is not None:
            out.append(sit)
    return out
