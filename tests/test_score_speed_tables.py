"""The scorer's speed-ups keep its answers: the per-suit grouping tables list the
core's decompositions in the core's order, and a yaku row's gates never hide a
row whose predicate holds (a gate is a necessary condition, not a second rule)."""

from __future__ import annotations

import pytest

from mahjong_joy.hand.decompose import PAIR, RUN, STANDARD, decompositions
from mahjong_joy.rulesets.riichi import RiichiRules, WinSituation, score_hand
from mahjong_joy.rulesets.riichi.blocks import HAND_TRIPLET, TRIPLET, Block
from mahjong_joy.rulesets.riichi.groupings import NO_PAIR, suit_tables
from mahjong_joy.rulesets.riichi.reading import HandFacts, readings
from mahjong_joy.rulesets.riichi.yaku import HAND, YAKU_ROWS
from tests.score_gen import situations


def _core_groupings(tiles: list[int], melds: int) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    found = []
    for d in decompositions(tiles, melds):
        if d.form != STANDARD:
            continue
        pair = next(g.tile for g in d.groups if g.shape == PAIR)
        runs = tuple(g.tile for g in d.groups if g.shape == RUN)
        triplets = tuple(g.tile for g in d.groups if g.shape not in (RUN, PAIR))
        found.append((pair, runs, triplets))
    return found


@pytest.mark.parametrize("suit", [0, 1, 2, 3])
def test_suit_tables_match_the_core_decompositions_in_order(suit):
    """Every 5th arrangement holding the pair (the rest of the hand as declared
    melds): the same groupings as the core recursion, in the same order."""
    table = suit_tables()[suit]
    start = 9 * suit
    checked = 0
    for i, (key, groupings) in enumerate(sorted(table.items())):
        if sum(key) % 3 != 2 or i % 5:
            continue
        tiles = [start + t for t, n in enumerate(key) for _ in range(n)]
        assert [g[:3] for g in groupings] == _core_groupings(tiles, (14 - len(tiles)) // 3), key
        for _, _, triplets, sets in groupings:  # the triplets again, as concealed blocks
            assert sets == tuple(HAND_TRIPLET[t] for t in triplets)
        checked += 1
    assert checked >= (50 if suit == 3 else 3000)


def test_suit_tables_hold_exactly_the_splittable_arrangements():
    man, pin, _, honor = suit_tables()
    assert len(man) == len(pin) == 21743 and len(honor) == 498
    assert man[bytes([1, 1, 1, 0, 0, 0, 0, 0, 0])] == ((NO_PAIR, (0,), (), ()),)
    assert pin[bytes([3, 1, 1, 0, 0, 0, 0, 0, 0])] == ((9, (9,), (), ()),)  # 11p 123p, in pinzu kinds
    # 111222333m 99m: triplets before runs, as the core's recursion finds them
    assert man[bytes([3, 3, 3, 0, 0, 0, 0, 0, 2])] == (
        (8, (), (0, 1, 2), (HAND_TRIPLET[0], HAND_TRIPLET[1], HAND_TRIPLET[2])), (8, (0, 0, 0), (), ()))
    assert honor[bytes([0, 0, 0, 0, 3, 0, 2])] == ((33, (), (31,), (Block(TRIPLET, 31, False, True),)),)
    assert bytes([1, 1, 0, 0, 0, 0, 0, 0, 0]) not in man  # a lone partial run never splits


_CASES = situations(7, 1500)


def test_gates_never_hide_a_row_that_holds():
    rules = RiichiRules()
    asked = held = 0
    for data in _CASES:
        situation = WinSituation.from_dict(data)
        facts = HandFacts(situation, rules)
        for reading in readings(bytes(facts.concealed), facts, facts.melds):
            for row in YAKU_ROWS:
                if not row.test(reading):
                    continue
                gates = facts.gates if row.scope == HAND else reading.gates
                assert row.needs & gates == row.needs, (row.id, data)
                held += 1
            asked += 1
    assert asked >= 1500 and held >= 3000


def test_yaku_are_listed_in_table_order_when_an_honor_set_yaku_joins_reading_yaku():
    """Rows are asked family by family (honor sets apart), so the resolver sorts
    them back into table order: iipeikou before the seat wind, then chanta."""
    situation = WinSituation.from_dict({"hand": "123m112233p33444z", "win_tile": "2p", "seat_wind": "N"})
    assert [name for name, _ in score_hand(situation).yaku] == ["iipeikou", "yakuhai_seat_wind", "chanta"]


def test_every_result_lists_its_yaku_in_table_order_then_the_dora():
    order = {row.id: i for i, row in enumerate(YAKU_ROWS)}
    checked = 0
    for data in _CASES:
        result = score_hand(WinSituation.from_dict(data))
        names = [name for name, _ in result.yaku]
        rows = [name for name in names if name in order]
        assert names[:len(rows)] == rows and rows == sorted(rows, key=order.__getitem__), data
        checked += len(rows) >= 2
    assert checked >= 500
