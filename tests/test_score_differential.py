"""Differential tests: our scorer against ``mahjong`` 2.1.0's ``HandCalculator``.

6,000 seeded situations (``random.Random``, see ``tests/score_gen.py``) are scored
by both under two configurations, and han, fu, the yaku set with each yaku's han,
the payments and the total must agree exactly:

* LIBRARY_DEFAULTS: the library's ``OptionalRules()`` mapped onto our options
  (open tanyao off, red fives off, double yakuman on, kazoe yakuman on, kiriage off);
* OUR_DEFAULTS: our defaults (open tanyao on, red fives on), which the library
  expresses with ``has_open_tanyao=True, has_aka_dora=True``;

plus a smaller third run with the other switches flipped (kiriage on, double
yakuman off, kazoe capped at sanbaiman) to prove the option mapping.

Deliberate differences, each with its rule source, are kept out of the
comparison by name (never by loosening a field). None of them arises in the
seeded situations, which are all possible wins, so no compared case is skipped:

* ``impossible_situation``: we answer ``invalid_situation`` where the library
  scores anyway: rinshan without a kan, tenhou/chiihou together with haitei,
  rinshan or ippatsu (riichi.wiki "Rinshan kaihou", "Tenhou"). The
  generator never draws these; ``test_documented_differences`` shows each.
* ``double_wind_pair_2_fu`` and the Joy preset: the library cannot express them
  (it always gives a double-wind pair 4 fu and always requires a yaku), so they
  are tested by hand in ``test_score_fu.py`` and ``test_score_joy.py``.
"""

from __future__ import annotations

from collections import Counter

import pytest

from mahjong_joy import RiichiRules, WinSituation, score_hand
from tests.score_gen import situations
from tests.score_reference import LIBRARY_DEFAULT_RULES, library_score, our_score

SEED = 20240603
COUNT = 6000

CONFIGS = {
    "library_defaults": LIBRARY_DEFAULT_RULES,
    "our_defaults": RiichiRules(),
}
FLIPPED = RiichiRules(kiriage_mangan=True, double_yakuman=False, kazoe_yakuman=False)

_CASES = [WinSituation.from_dict(d) for d in situations(SEED, COUNT)]


def _compare(rules: RiichiRules, cases: list[WinSituation]) -> tuple[list[str], Counter]:
    mismatches: list[str] = []
    seen: Counter = Counter()
    for situation in cases:
        ours, theirs = our_score(situation, rules), library_score(situation, rules)
        if ours != theirs:
            mismatches.append(f"{situation.to_dict()}\n  ours: {ours}\n  lib:  {theirs}")
            continue
        _count_coverage(seen, situation, ours)
    return mismatches, seen


def _count_coverage(seen: Counter, s: WinSituation, result: dict) -> None:
    seen["tsumo" if s.tsumo else "ron"] += 1
    seen["open" if not s.is_closed else "closed"] += 1
    for meld in s.melds:
        seen[f"meld:{meld.type}"] += 1
    for flag in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan"):
        seen[f"flag:{flag}"] += getattr(s, flag)
    if result["valid"]:
        for name, _ in result["yaku"]:
            seen[f"yaku:{name}"] += 1
        seen[f"han_fu:{result['han']}/{result['fu']}"] += 1
        if result["han"] >= 13 and not any(h >= 13 for _, h in result["yaku"]):
            seen["kazoe"] += 1
    else:
        seen[f"error:{result['error']}"] += 1


@pytest.mark.parametrize("config", sorted(CONFIGS))
def test_agrees_with_reference(config):
    mismatches, seen = _compare(CONFIGS[config], _CASES)
    assert not mismatches, f"{len(mismatches)} mismatches, first:\n" + "\n".join(mismatches[:3])
    # the suite covers what the issue asks for
    assert sum(seen[k] for k in ("tsumo", "ron")) == COUNT
    for key in ("open", "closed", "meld:chi", "meld:pon", "meld:kan", "meld:closed_kan", "meld:added_kan",
                "flag:riichi", "flag:double_riichi", "flag:ippatsu", "flag:haitei", "flag:houtei",
                "flag:rinshan", "flag:chankan", "han_fu:4/30", "han_fu:3/60", "kazoe", "error:no_yaku"):
        assert seen[key] >= 10, (key, seen[key])
    from mahjong_joy.rulesets.riichi import YAKU_ROWS

    for row in YAKU_ROWS:
        assert seen[f"yaku:{row.id}"] >= 2, row.id
    for name in ("dora", "ura_dora"):
        assert seen[f"yaku:{name}"] >= 10
    if config == "our_defaults":
        assert seen["yaku:aka_dora"] >= 10


def test_agrees_with_flipped_options():
    mismatches, seen = _compare(FLIPPED, _CASES[:2000])
    assert not mismatches, f"{len(mismatches)} mismatches, first:\n" + "\n".join(mismatches[:3])
    assert seen["han_fu:4/30"] + seen["han_fu:3/60"] >= 10


def _sit(**fields) -> WinSituation:
    data = {"hand": "123m456p789s234s22z", "win_tile": "3s", "seat_wind": "W"}
    data.update(fields)
    return WinSituation.from_dict(data)


DOCUMENTED = [
    ("rinshan_without_kan", _sit(tsumo=True, rinshan=True)),
    ("tenhou_with_haitei", _sit(tsumo=True, tenhou=True, haitei=True, seat_wind="E")),
    ("chiihou_after_riichi", _sit(tsumo=True, chiihou=True, riichi=True, seat_wind="S")),
]


@pytest.mark.parametrize("name, situation", DOCUMENTED, ids=[d[0] for d in DOCUMENTED])
def test_documented_differences(name, situation):
    """impossible_situation: the library scores these; we refuse them."""
    assert score_hand(situation).error == "invalid_situation"
    assert library_score(situation, RiichiRules())["valid"] is True
