"""Our MCR scorer against pymahjonggb 1.4.0 on wins as a table produces them, and the
bound on what the scorer keeps.

``tests/test_mcr_differential.py`` covers every fan on pattern-built hands; these
are the other kind the scorer meets in play (``tests.mcr_gen.played_situations``:
a shuffled wall, draws, discards, calls, self-draws and discard wins, most under
8 fan). Fan lists must be equal under the library's kong convention (RULES.md B7).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from mahjong_joy.rulesets.mcr import McrRules, McrSituation, score_mcr
from mahjong_joy.rulesets.mcr import scorer, tables
from mahjong_joy.rulesets.mcr.scorer import scored_readings
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
    memos stay under their bounds."""
    score_mcr(McrSituation.from_dict({"hand": "123m456m789m234p55s", "win_tile": "5s"}))
    sizes = tables.table_sizes()
    combinations = len(scorer._combination_tables()[("chows", "all")])
    for data in situations(SEED + 1, 1500):
        score_mcr(McrSituation.from_dict(data))
    assert tables.table_sizes() == sizes
    assert len(scorer._combination_tables()[("chows", "all")]) == combinations
    assert 0 < scorer.open_rows_kept()
    assert all(len(table[1]) <= scorer._OPEN_ROWS_LIMIT for table in scorer._KEPT)
    assert scorer._form_rows.cache_info().currsize <= 10  # five forms, two kong conventions
    assert scorer._set_fan.cache_info().currsize <= 5 * 16  # five forms, sixteen wind pairs


def test_rows_decided_by_their_gates_match_their_predicates():
    """A row marked ``exact`` is counted from the gates alone (fan.py ``_EXACT``): on
    every reading of a few thousand hands its predicate must say the same."""
    from mahjong_joy.rulesets.mcr.fan import FAN_ROWS, HAND, SITUATION
    from mahjong_joy.rulesets.mcr.reading import gate_bits

    exact = [row for row in FAN_ROWS if row.exact]
    assert len(exact) >= 15
    asked = Counter()
    for s, hand, internal in _readings(SEED + 2):
        reading = scorer._reading(hand, internal)
        for row in exact:
            if internal[0] not in row.forms:
                continue
            opened = not gate_bits(row.needs) & ~reading.gates
            held = bool(row.test(hand) if row.scope in (HAND, SITUATION) else row.test(reading))
            assert opened == held, (row.id, s.to_dict())
            asked[row.id, held] += 1
    for row in exact:  # a row of no gates holds on every reading of its forms (Seven Pairs is its form)
        assert asked[row.id, True] >= 5 and (asked[row.id, False] >= 5 or not row.needs), row.id


def test_scoring_leaves_no_cyclic_garbage():
    """A scored hand is freed as soon as it is dropped: nothing the scorer makes per
    hand refers to itself, so the collector never has to find it (a per-hand cycle
    once made every scoring feed the collector)."""
    import gc

    cases = [McrSituation.from_dict(d) for d in played_situations(SEED + 4, 200)]
    cases += [McrSituation.from_dict(d) for d in situations(SEED + 5, 200)]
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        totals = [score_mcr(s, McrRules.library()).total + score_mcr(s).total for s in cases]
        left = gc.collect()
    finally:
        if was_enabled:
            gc.enable()
    assert len(totals) == 400 and left == 0


def test_row_runs_answer_as_a_scan_of_the_rows():
    """The rows a gate set opens, looked up in the runs' complete tables (and the memo),
    are exactly the rows whose needs the gate set holds, on seeded gate sets for every
    form's row tables."""
    import random

    from mahjong_joy.hand.mcr_forms import HONORS_AND_KNITTED, KNITTED_STRAIGHT, REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS
    from mahjong_joy.rulesets.mcr.fan import READING
    from mahjong_joy.rulesets.mcr.reading import GATES

    rng = random.Random(SEED + 6)
    scorer.clear_memos()  # so that the runs answer, not the memo
    checked = opened = 0
    for form in (REGULAR, SEVEN_PAIRS, THIRTEEN_ORPHANS, KNITTED_STRAIGHT, HONORS_AND_KNITTED):
        for library in (False, True):
            rows = scorer._form_rows(form, library)
            for table in (rows["facts"], rows[READING]):
                for _ in range(300):
                    gates = rng.getrandbits(len(GATES)) & rng.getrandbits(len(GATES))
                    decided, asked = scorer._open_rows(table, gates)
                    expected = _scan(table, gates)
                    assert (sorted(decided), sorted(map(repr, asked))) == expected
                    checked += 1
                    opened += len(decided) + len(asked)
    assert checked == 6000 and opened > 1000


def _scan(table, gates):
    """The open rows of a row table, by asking every row's needs (``table[-1]``: all its rows)."""
    decided, asked = [], []
    for needs, is_decided, payload in table[-1]:
        if not needs & ~gates:
            (decided if is_decided else asked).append(payload)
    return sorted(decided), sorted(map(repr, asked))


def test_tile_hog_counted_from_the_hand_matches_its_predicate():
    """Outside seven pairs the scorer counts Tile Hog from the hand's fours not declared
    as kongs, with no Reading (``scorer._form_rows`` leaves its predicate out): on every
    such reading of a few thousand hands, the row's predicate must give that count,
    and the scorer's instances must hold it that many times."""
    from mahjong_joy.hand.mcr_forms import SEVEN_PAIRS
    from mahjong_joy.rulesets.mcr.fan import ROW_BY_ID

    row = ROW_BY_ID["tile_hog"]
    position = scorer._POSITION["tile_hog"]
    held = Counter()
    for s, hand, internal in _readings(SEED + 7):
        if internal[0] == SEVEN_PAIRS or internal[0] not in row.forms:
            continue
        expected = row.test(scorer._reading(hand, internal))
        found = sum(1 for x in scorer._instances(hand, internal) if scorer.instance_parts(x)[0] == position)
        assert found == expected == hand.fours - hand.kongs, s.to_dict()
        held[expected > 0] += 1
    assert held[True] >= 20 and held[False] >= 20


def _readings(seed: int) -> Iterator[tuple[McrSituation, scorer._Hand, tuple]]:
    """Every internal reading of 1,500 generated and 200 played hands (seeds ``seed`` and
    ``seed + 1``), with its situation and the scorer's picture of its hand: what the
    row tests compare."""
    cases = [McrSituation.from_dict(d) for d in situations(seed, 1500)]
    cases += [McrSituation.from_dict(d) for d in played_situations(seed + 1, 200)]
    for s in cases:
        if scorer.situation_problem(s):
            continue
        hand = scorer._Hand(s, s.rules)
        for internal in scorer._internal_readings(hand.concealed, len(s.melds)):
            yield s, hand, internal


def test_seven_shifted_pairs_outscores_every_regular_reading_of_its_tiles():
    """The scorer skips the regular readings of seven consecutive pairs in one suit
    (``scorer._seven_shifted_pairs``): on every such hand (3 suits x 3 runs x 7 winning
    tiles, self-drawn or not, with and without the last tile flags) the seven pairs
    reading is the one best reading of the full search, by more than the tie rule."""
    checked = 0
    for base in (0, 9, 18):
        for start in range(3):
            kinds = [base + start + k for k in range(7)]
            hand = "".join(str(t % 9 + 1) * 2 + "mps"[t // 9] for t in kinds)
            for win in kinds:
                for tsumo, last_wall_tile in ((False, False), (True, False), (True, True), (False, True)):
                    s = McrSituation.from_dict({"hand": hand, "win_tile": f"{win % 9 + 1}{'mps'[win // 9]}",
                                                "tsumo": tsumo, "last_wall_tile": last_wall_tile})
                    every = scored_readings(s, s.rules)
                    shifted = [total for total, _, d in every if d.form == "seven_pairs"]
                    others = [total for total, _, d in every if d.form != "seven_pairs"]
                    assert len(shifted) == 1 and len(others) >= 1
                    assert shifted[0] > max(others)
                    result = score_mcr(s)
                    assert result.form == "seven_pairs" and result.fan_total == shifted[0]
                    assert ("seven_shifted_pairs", 88, 1) in result.fan
                    checked += 1
    assert checked == 3 * 3 * 7 * 4


def test_memos_answer_as_a_cold_scorer_and_stay_bounded(monkeypatch):
    """A hand scored with warm memos (the rows open per gate set) scores as with every
    memo emptied first, also when a tiny bound makes them empty themselves again and
    again."""
    cases = [McrSituation.from_dict(data) for data in situations(SEED + 7, 600)]
    cold = []
    for s in cases:
        scorer.clear_memos()
        cold.append(score_mcr(s).to_dict())
    monkeypatch.setattr(scorer, "_OPEN_ROWS_LIMIT", 4)
    scorer.clear_memos()
    warm = [score_mcr(s).to_dict() for s in cases]
    assert warm == cold
    assert all(len(table[1]) <= 4 for table in scorer._KEPT)
    assert sum(1 for result in cold if result["valid"]) > 300
