"""The match under the riichi presets (issue 10 section 4): renchan, honba, all-last
yame, the West-round sudden death, bust, leftover sticks, ties and final game
points. Pure functions of ``flow.py`` on small tables, and seeded whole matches
checked step by step. Rows cite RULES.md A1 "Hand end, dealer, honba, payments"
and "Game length, end of game, settlement", and C1-15.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from mahjong_joy.engine import Phase
from mahjong_joy.engine.match import Match
from mahjong_joy.engine.actions import Ron, Tsumo
from mahjong_joy.rulesets.base import TableState
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.presets import MAHJONG_SOUL, TENHOU
from mahjong_joy.rulesets.riichi.flow import final_standings, game_points, next_table, order_of
from mahjong_joy.rulesets.riichi.settle import settle, tenpai_deltas
from tests.invariants import check_hand

BOTH = pytest.mark.parametrize("rules", [MAHJONG_SOUL, TENHOU], ids=["mahjong_soul", "tenhou"])
EVEN = (25_000,) * 4


def at(round_wind, number, dealer=None, honba=0, points=EVEN, sticks=0):
    dealer = (number - 1) % 4 if dealer is None else dealer
    return TableState(round_wind, number, honba, dealer, points, sticks)


def after(table, points, keeps, rules, aborted=False, honba=None):
    honba = table.honba + 1 if honba is None else honba
    return next_table(table, points, table.sticks, keeps, honba, aborted, rules)


# ---------------------------------------------------------------- renchan and honba


@BOTH
def test_renchan_on_a_dealer_win(rules):
    """A1 "Renchan on dealer win": same dealer, same hand, honba +1."""
    nxt = after(at("E", 2), (20_000, 33_000, 24_000, 23_000), True, rules)
    assert (nxt.round_wind, nxt.hand_number, nxt.dealer, nxt.honba) == ("E", 2, 1, 1)


class _End:
    """A HandEnd-shaped draw for ``settle``."""

    def __init__(self, ready=(), abort=None, nagashi=(), sticks=0):
        self.wins, self.ready, self.abort, self.nagashi, self.sticks = (), ready, abort, nagashi, sticks


@BOTH
def test_dealer_tenpai_keeps_the_deal_and_noten_passes_it(rules):
    """A1 "Renchan on exhaustive draw" and "Honba counter": +1 on every draw."""
    table = at("E", 1, honba=2)
    kept = settle(_End(ready=((0, (5,)),)), table, rules, None)
    passed = settle(_End(ready=((1, (5,)),)), table, rules, None)
    assert kept.dealer_keeps and kept.honba_after == 3
    assert not passed.dealer_keeps and passed.honba_after == 3
    points = tuple(25_000 + d for d in passed.deltas)
    nxt = after(table, points, False, rules, honba=passed.honba_after)
    assert (nxt.hand_number, nxt.dealer, nxt.honba) == (2, 1, 3)


@BOTH
def test_an_abortive_draw_always_keeps_the_deal(rules):
    """A1 "Renchan on abortive draw": always; no points move; sticks stay."""
    s = settle(_End(abort="four_winds", sticks=3), at("S", 3, honba=1, sticks=3), rules, None)
    assert s.dealer_keeps and s.deltas == (0, 0, 0, 0) and s.honba_after == 2 and s.sticks_after == 3


@pytest.mark.parametrize("tenpai, deltas", [
    ((), (0, 0, 0, 0)),
    ((2,), (-1000, -1000, 3000, -1000)),
    ((0, 3), (1500, -1500, -1500, 1500)),
    ((0, 1, 2), (1000, 1000, 1000, -3000)),
    ((0, 1, 2, 3), (0, 0, 0, 0)),
])
def test_noten_payments_split_3000(tenpai, deltas):
    """A1 "Noten payments": 1000x3, 1500x2, 3000 from the one noten seat."""
    assert tenpai_deltas(tenpai, TENHOU.hand.tenpai_payment) == deltas


# ---------------------------------------------------------------- all-last yame (C1-15)


@BOTH
def test_agari_yame_in_all_last_with_the_dealer_first_and_30000(rules):
    """A1 "Agari-yame": South 4 dealer repeat, dealer first with >= 30,000 -> the end."""
    assert after(at("S", 4), (20_000, 20_000, 28_000, 32_000), True, rules) is None


@BOTH
@pytest.mark.parametrize("points", [
    (20_000, 20_000, 30_100, 29_900),  # dealer below 30,000
    (20_000, 20_000, 30_000, 30_000),  # tied for first: the earlier seat (2) is first
])
def test_no_agari_yame_unless_the_dealer_is_first_with_30000(rules, points):
    """C1-15: yame needs the dealer 1st (ties to the earlier seat) and >= 30,000."""
    nxt = after(at("S", 4), points, True, rules)
    assert nxt is not None and (nxt.round_wind, nxt.hand_number, nxt.dealer) == ("S", 4, 3)


@BOTH
def test_no_yame_on_an_abortive_draw(rules):
    """A1 "Abortive draws": no agari/tenpai-yame check."""
    assert after(at("S", 4), (20_000, 20_000, 28_000, 32_000), True, rules, aborted=True) is not None


@BOTH
def test_the_30000_check_ignores_sticks_on_the_table(rules):
    """A1 "'>= 30,000' counts table sticks?": no."""
    table = at("S", 4, sticks=2)
    nxt = next_table(table, (20_000, 22_000, 29_000, 27_000), 2, False, 1, False, rules)
    assert nxt is not None and nxt.round_wind == "W"


# ---------------------------------------------------------------- West round sudden death


@BOTH
def test_south_4_ends_when_someone_has_30000(rules):
    """A1 "West-round extension": the game ends after S4 if anyone has >= 30,000."""
    assert after(at("S", 4), (30_000, 25_000, 25_000, 20_000), False, rules) is None


@BOTH
def test_west_round_when_nobody_has_30000_after_south_4(rules):
    """A1 "West-round extension": nobody at 30,000 -> West 1, dealer seat 0."""
    nxt = after(at("S", 4), (29_900, 25_100, 25_000, 20_000), False, rules)
    assert (nxt.round_wind, nxt.hand_number, nxt.dealer) == ("W", 1, 0)


@BOTH
def test_sudden_death_ends_at_30000_when_the_dealer_does_not_repeat(rules):
    """A1 "West-round extension": the game ends after a hand at whose end someone has 30,000."""
    assert after(at("W", 2), (31_000, 25_000, 24_000, 20_000), False, rules) is None


@BOTH
def test_a_dealer_repeat_takes_priority_in_the_west_round(rules):
    """C1-15 / HT: a dealer renchan continues although a non-dealer has 30,000."""
    nxt = after(at("W", 2), (31_000, 25_000, 24_000, 20_000), True, rules)
    assert nxt is not None and (nxt.round_wind, nxt.hand_number, nxt.dealer) == ("W", 2, 1)


@BOTH
def test_the_dealer_himself_qualifying_ends_the_west_round(rules):
    """A1 "West-round extension": unless the dealer himself qualifies for yame."""
    assert after(at("W", 2), (21_000, 35_000, 24_000, 20_000), True, rules) is None


@BOTH
def test_west_4_is_final(rules):
    """C1-15: W4 is final (no North); a W4 dealer repeat still goes on."""
    points = (26_000, 25_000, 25_000, 24_000)
    assert after(at("W", 4), points, False, rules) is None
    nxt = after(at("W", 4), points, True, rules)
    assert (nxt.round_wind, nxt.hand_number, nxt.honba) == ("W", 4, 1)


@BOTH
def test_an_east_only_game_extends_into_south_and_ends_at_south_4(rules):
    """Issue 10 s4 "an East-only option": the sudden death is the next round, South,
    and South 4 is final, as West 4 is for a hanchan (HT; TW)."""
    east = replace(rules, table=replace(rules.table, length="east"))
    points = (26_000, 25_000, 25_000, 24_000)
    assert after(at("E", 4), (30_000, 25_000, 25_000, 20_000), False, east) is None
    nxt = after(at("E", 4), points, False, east)
    assert (nxt.round_wind, nxt.hand_number) == ("S", 1)
    assert after(at("S", 4), points, False, east) is None


# ---------------------------------------------------------------- bust, sticks, ties, game points


@BOTH
def test_the_match_ends_below_zero_not_at_zero(rules):
    """A1 "Bust (tobi)": below 0 ends the game; exactly 0 plays on."""
    assert after(at("E", 2), (-100, 35_100, 35_000, 30_000), False, rules) is None
    assert after(at("E", 2), (0, 35_000, 35_000, 30_000), False, rules) is not None


@BOTH
def test_leftover_sticks_go_to_first_place_after_the_tie_break(rules):
    """A1 "Leftover riichi sticks" and "Tie-break": seat order breaks ties, then first
    place takes the sticks."""
    standings = final_standings((30_000, 23_000, 30_000, 15_000), 2, rules)
    assert [(s.seat, s.points, s.placement) for s in standings] == [
        (0, 32_000, 1), (2, 30_000, 2), (1, 23_000, 3), (3, 15_000, 4)]
    assert order_of((25_000,) * 4) == [0, 1, 2, 3]


def test_mahjong_soul_game_points():
    """A1 "Uma / oka" (MS): base 25,000, no oka, uma +15/+5/-5/-15."""
    points = (35_000, 30_000, 20_000, 15_000)
    assert game_points(points, [0, 1, 2, 3], MAHJONG_SOUL) == [25.0, 10.0, -10.0, -25.0]


def test_tenhou_game_points():
    """A1 "Uma / oka" (TH): return 30,000, oka 20 to first, uma +20/+10/-10/-20, rounded."""
    assert game_points((42_100, 27_600, 18_300, 12_000), [0, 1, 2, 3], TENHOU) == [52.0, 8.0, -22.0, -38.0]
    even = game_points(EVEN, [0, 1, 2, 3], TENHOU)
    assert even == [35.0, 5.0, -15.0, -25.0] and sum(even) == 0


# ---------------------------------------------------------------- whole matches


def play(match: Match, seed: int, limit: int = 40_000) -> None:
    """Seeded random legal actions, winning whenever a win is legal; checks the hand
    and that points plus 1,000 per stick stay 100,000 after every step."""
    rng = random.Random(seed)
    for _ in range(limit):
        if match.is_over:
            return
        hand = match.hand
        if hand.is_finished:
            assert sum(match.points) + 1000 * match.sticks == 100_000
            match.next_hand()
            continue
        seat = hand.seats_to_act()[0]
        legal = hand.legal_actions(seat)
        wins = [a for a in legal if isinstance(a, (Tsumo, Ron))]
        match.apply(wins[0] if wins else rng.choice(legal))
        if not hand.is_finished:
            check_hand(hand)
            assert sum(hand.points) + 1000 * hand.sticks == 100_000
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("name", ["mahjong_soul", "tenhou"])
@pytest.mark.parametrize("seed", [1, 2])
def test_seeded_matches_keep_points_and_end_by_the_rules(name, seed):
    """Issue 10 s4: points plus sticks constant through every hand; the match ends by
    one of the rules; final points include the leftover sticks; game points sum to 0."""
    match = Match(seed, ruleset_for(name))
    play(match, seed)
    final = match.final
    assert sum(s.points for s in final) == 100_000
    assert abs(sum(s.score for s in final)) < 1e-6
    last = match.results[-1].start
    ended_by = (min(match.points) < 0 or last.round_wind in "SW" or max(match.points) >= 30_000)
    assert ended_by and match.hand.phase is Phase.FINISHED


def test_tenhou_rounds_the_raw_points_five_down_six_up() -> None:
    """Tenhou's game points round each table score to thousands before the 30,000
    return is taken off (五捨六入: 29,500 counts 29, 29,600 counts 30; MJS "rounded
    to the nearest 1000"), and first place takes the remainder so they sum to zero."""
    from mahjong_joy.rulesets.presets import TENHOU
    from mahjong_joy.rulesets.riichi.flow import game_points

    scores = game_points([41_400, 29_600, 29_500, -500], [0, 1, 2, 3], TENHOU)
    assert scores[1:] == [0.0 + 10, -1.0 - 10, -30.0 - 20]
    assert sum(scores) == 0
