"""Differential test: our MCR calculator against pymahjonggb 1.4.0 (C++, ``MahjongGB``).

6,000 seeded situations (``tests/mcr_gen.py``: patterns cycled so that every one
of the 80 non-flower fan turns up at least 20 times, plus every form, melded and
concealed kongs and every situational flag) are scored by both. Fan lists (id,
points, count) and totals must be equal. The documented differences (RULES.md B7)
are handled by name, never by loosening the comparison:

* ``kong_convention``: the library scores one concealed plus one melded kong as
  its 5-point 明暗杠; we compare under ``McrRules.library()`` and, for the
  official default, map exactly that line to Concealed Kong 2 + Melded Kong 1.
* ``no_minimum``: the library applies no 8-fan minimum; our ``below_minimum``
  results still list their fan, which are compared like any other.
* ``equal_total_tie``: with equal totals any reading is legal (B5 row 5); if the
  two lists differ, the library's must be the fan list of one of our readings
  with the same total (none occurs in this seed; the branch stays strict).
* ``fifth_copy`` and contradictory flags: never generated (every situation is a
  possible win); ``test_documented_differences`` shows each case by name.
* ``seven_pairs_tile_hog``: the library adds Tile Hog to Seven Pairs with All
  Terminals / All Green (our default); the other setting is checked there too.
"""

from __future__ import annotations

from collections import Counter

import MahjongGB  # a test dependency: a missing library fails here, it is never skipped
import pytest

from mahjong_joy.errors import NotationError

from mahjong_joy import McrSituation, score_mcr
from mahjong_joy.rulesets.mcr import FAN_ROWS, McrRules
from mahjong_joy.rulesets.mcr.scorer import scored_readings
from tests.mcr_gen import situations
from tests.mcr_reference import library_arguments, library_fan

SEED = 20261201
COUNT = 6000
LIBRARY = McrRules.library()
_CASES = [McrSituation.from_dict(d) for d in situations(SEED, COUNT)]


def _official_view(fan: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The library's list under the official kong convention (RULES.md B7 row 3)."""
    out = []
    for name, points, count in fan:
        if name == "concealed_kong_and_melded_kong":
            out += [("concealed_kong", 2, 1), ("melded_kong", 1, 1)]
        else:
            out.append((name, points, count))
    return sorted(out)


def _compare(rules: McrRules, view) -> tuple[list[str], Counter]:
    mismatches, seen = [], Counter()
    for s in _CASES:
        ours = score_mcr(s, rules)
        theirs = view(library_fan(s))
        seen[f"error:{ours.error}"] += 1
        if sorted(ours.fan) != theirs:
            without_flowers = [line for line in theirs if line[0] != "flower_tiles"]
            same_total = sum(p * c for _, p, c in theirs) == ours.total
            if same_total and without_flowers in [sorted(f) for _, f, _ in scored_readings(s, rules)]:
                seen["equal_total_tie"] += 1
            else:
                mismatches.append(f"{s.to_dict()}\n  ours: {sorted(ours.fan)}\n  lib:  {theirs}")
            continue
        _count(seen, s, ours)
    return mismatches, seen


def _count(seen: Counter, s: McrSituation, result) -> None:
    seen[f"form:{result.form}"] += 1
    for meld in s.melds:
        seen[f"meld:{meld.kind}"] += 1
    for flag in ("tsumo", "last_tile", "kong_replacement", "robbing_kong", "last_wall_tile"):
        seen[f"flag:{flag}"] += getattr(s, flag)
    seen["flowers"] += s.flowers > 0
    for name, _, _ in result.fan:
        seen[f"fan:{name}"] += 1


def test_agrees_with_library_conventions():
    mismatches, seen = _compare(LIBRARY, sorted)
    assert not mismatches, f"{len(mismatches)} mismatches, first:\n" + "\n".join(mismatches[:3])
    for row in FAN_ROWS:
        if row.id != "flower_tiles":
            assert seen[f"fan:{row.id}"] >= 20, (row.id, seen[f"fan:{row.id}"])
    assert seen["fan:concealed_kong_and_melded_kong"] >= 20
    for key in ("form:regular", "form:seven_pairs", "form:thirteen_orphans", "form:knitted_straight",
                "form:honors_and_knitted", "meld:chow", "meld:pung", "meld:kong", "meld:concealed_kong",
                "flag:tsumo", "flag:last_tile", "flag:kong_replacement", "flag:robbing_kong",
                "flag:last_wall_tile", "flowers", "error:below_minimum", "error:None"):
        assert seen[key] >= 20, (key, seen[key])
    assert sum(v for k, v in seen.items() if k.startswith("form:")) + seen["equal_total_tie"] == COUNT


def test_agrees_under_official_kong_convention():
    mismatches, seen = _compare(McrRules(), _official_view)
    assert not mismatches, f"{len(mismatches)} mismatches, first:\n" + "\n".join(mismatches[:3])
    assert seen["fan:concealed_kong_and_melded_kong"] == 0
    assert seen["fan:concealed_kong"] >= 20 and seen["fan:melded_kong"] >= 20


def _sit(**fields) -> McrSituation:
    return McrSituation.from_dict(fields)


def test_documented_differences():
    """Each named difference, shown on one hand: the library answers, we refuse or differ."""
    # fifth_copy: four 1m standing and a fifth as the winning tile (B7 row 2)
    fifth = MahjongGB.MahjongFanCalculator(
        (), ("W1", "W1", "W1", "W1", "W2", "W3", "W4", "B4", "B5", "B6", "T7", "T8", "T9"), "W1",
        0, False, False, False, False, 0, 0)
    assert fifth  # the library scores it
    with pytest.raises(NotationError, match="copy 5 of 1m"):
        _sit(hand="11111234m456p789s", win_tile="1m")
    s = _sit(hand="11234m456p789s", win_tile="1m", melds=[{"type": "pung", "tiles": "111m"}])
    assert score_mcr(s).error == "invalid_situation" and "5 copies of 1m" in score_mcr(s).message
    # no_minimum: four unrelated chows score 3 for the library, not a win for us (B7 row 1)
    s = _sit(hand="345678m55s", win_tile="6m", melds=[{"type": "chow", "tiles": "123p"},
                                                        {"type": "chow", "tiles": "789s"}])
    ours = score_mcr(s)
    assert ours.error == "below_minimum" and ours.fan_total < 8
    assert sorted(ours.fan) == library_fan(s)
    # robbing_kong_with_own_copy: the library silently drops the flag (B7 row 5); we refuse
    s = _sit(hand="123m456p789s34555m", win_tile="5m", robbing_kong=True)
    assert score_mcr(s).error == "invalid_situation"
    assert "robbing_the_kong" not in {n for n, _, _ in library_fan(s)}
    # replacement_without_kong: the library drops the flag; we refuse
    s = _sit(hand="123m456p789s23455m", win_tile="5m", tsumo=True, kong_replacement=True)
    assert score_mcr(s).error == "invalid_situation"
    assert "out_with_replacement_tile" not in {n for n, _, _ in library_fan(s)}
    # robbing_kong_after_last_tile: the library scores both; no kong is allowed on the last tile (B2)
    s = _sit(hand="123m456p789s23455m", win_tile="4m", robbing_kong=True, last_wall_tile=True)
    assert score_mcr(s).error == "invalid_situation"
    assert {"robbing_the_kong", "last_tile_claim"} <= {n for n, _, _ in library_fan(s)}
    # seven_pairs_tile_hog: library (and our default) adds it; the 2006 ruling does not (B7 row 8)
    s = _sit(hand="11119999m1199p99s", win_tile="9s")
    assert ("tile_hog", 2, 2) in library_fan(s)
    assert ("tile_hog", 2, 2) in score_mcr(s).fan
    assert "tile_hog" not in {n for n, _, _ in score_mcr(s, McrRules(seven_pairs_tile_hog=False)).fan}


def test_adapter_round_trip_keeps_the_tiles():
    """The adapter gives the library 13 tiles less 3 per meld and the winning tile apart."""
    s = _CASES[0]
    packs, standing, win, *_ = library_arguments(s)
    assert len(standing) + 3 * len(packs) == 13 and len(win) == 2
