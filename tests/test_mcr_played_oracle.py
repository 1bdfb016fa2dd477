"""Our MCR scorer against pymahjonggb 1.4.0 on wins as a table produces them, and the
bound on what the scorer keeps.

``tests/test_mcr_differential.py`` covers every fan on pattern-built hands; these
are the other kind the scorer meets in play (``tests.mcr_gen.played_situations``:
a shuffled wall, draws, discards, calls, self-draws and discard wins, most under
8 fan). Fan lists must be equal under the library's kong convention (RULES.md B7).
"""

from __future__ import annotations

from collections import Counter

from mahjong_joy.rulesets.mcr import McrRules, McrSituation, score_mcr
from mahjong_joy.rulesets.mcr import scorer, tables
from tests.mcr_gen import played_situations, situations
from tests.mcr_reference import library_fan

SEED = 20261205
COUNT = 600


def test_played_hands_agree_with_the_library():
    seen: Counter = Counter()
    mismatches = []
    for data in played_situations(SEED, COUNT):
        s = McrSituation.from_dict(data)
        ours = score_mcr(s, McrRules.library())
        if sorted(ours.fan) != library_fan(s):
            mismatches.append(f"{data}\n  ours: {sorted(ours.fan)}\n  lib:  {library_fan(s)}")
        seen[ours.error] += 1
        seen[f"melds:{len(s.melds)}"] += 1
        seen["tsumo"] += s.tsumo
        seen["last_tile"] += s.last_tile
    assert not mismatches, f"{len(mismatches)} mismatches, first:\n" + mismatches[0]
    assert seen[None] >= 60 and seen["below_minimum"] >= 200  # wins and near-wins both
    assert seen["melds:0"] >= 20 and seen["melds:3"] >= 50 and seen["tsumo"] >= 80 and seen["last_tile"] >= 20


def test_nothing_the_scorer_keeps_grows_with_the_hands():
    """The tables are complete when built (fresh hands add nothing to them) and the
    one memo stays under its bound."""
    score_mcr(McrSituation.from_dict({"hand": "123m456m789m234p55s", "win_tile": "5s"}))
    sizes = tables.table_sizes()
    combinations = len(scorer._combination_tables()[("chows", "all")])
    for data in situations(SEED + 1, 1500):
        score_mcr(McrSituation.from_dict(data))
    assert tables.table_sizes() == sizes
    assert len(scorer._combination_tables()[("chows", "all")]) == combinations
    assert 0 < len(scorer._OPEN_ROWS) <= scorer._OPEN_ROWS_LIMIT
    assert scorer._form_rows.cache_info().currsize <= 10  # five forms, two kong conventions
