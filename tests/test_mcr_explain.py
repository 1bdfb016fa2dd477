"""What a scored MCR hand shows but does not count (``McrScore.excluded``), for the
score screen: each left-out fan with its counting principle (RULES.md B5) and the
counted fan responsible (B6's "does not count" columns, C2). Hand-written hands;
the expectations come from the rule text cited, not from running the code."""

from __future__ import annotations

from mahjong_joy.rulesets.mcr import (
    ACCOUNT_ONCE,
    NON_IDENTICAL,
    NON_REPEAT,
    NON_SEPARATION,
    Excluded,
    McrSituation,
    fan_name,
    principle_name,
    score_mcr,
)


def _score(hand: str, win: str, **fields):
    data = {"hand": hand, "win_tile": win, "seat_wind": "S", "round_wind": "W"}
    data.update(fields)
    return score_mcr(McrSituation.from_dict(data))


def _left(result) -> dict[tuple[str, str], tuple[int, str]]:
    """{(fan, principle): (count, by)}."""
    return {(e.fan, e.principle): (e.count, e.by) for e in result.excluded}


def test_big_three_dragons_includes_its_pungs():
    """B6 row 2 / B5 row 1: no Dragon Pung, Two Dragons Pungs or Pung of Terminals or
    Honors for the three dragon pungs: each is named with Big Three Dragons."""
    r = _score("555666777z123m99p", "9p")
    assert dict(((n, c) for n, _, c in r.fan))["big_three_dragons"] == 1
    left = _left(r)
    assert left[("dragon_pung", NON_REPEAT)] == (3, "big_three_dragons")
    assert left[("pung_of_terminals_or_honors", NON_REPEAT)] == (3, "big_three_dragons")
    assert left[("two_dragons_pungs", NON_REPEAT)][1] == "big_three_dragons"
    sentence = next(e for e in r.excluded if e.fan == "pung_of_terminals_or_honors").describe()
    assert "Pung of Terminals or Honors" in sentence and "Big Three Dragons includes" in sentence


def test_pure_straight_with_an_extra_chow():
    """B5 rows 2-4: 123m 456m 789m + 123m is one Pure Straight; the second straight
    through the extra chow is the same fan again (non-identical); the Short
    Straights inside the straight are its own sets (non-separation)."""
    r = _score("123456789123m55p", "5p")
    assert dict(((n, c) for n, _, c in r.fan))["pure_straight"] == 1
    left = _left(r)
    assert left[("pure_straight", NON_IDENTICAL)] == (1, "pure_straight")
    assert left[("short_straight", NON_SEPARATION)] == (2, "pure_straight")
    assert left[("two_terminal_chows", NON_SEPARATION)] == (1, "pure_straight")


def test_two_shifted_double_chows_account_once():
    """C2 row 2: 234567s + 234567p is Mixed Double Chow x2 + Short Straight x1 (3 fan),
    the fourth pair fan left out by account-once."""
    r = _score("234567s234567p11z", "1z")
    counted = {n: c for n, _, c in r.fan}
    assert counted["mixed_double_chow"] + counted["short_straight"] == 3
    assert [(e.fan, e.count) for e in r.excluded if e.principle == ACCOUNT_ONCE] == [("short_straight", 1)]
    assert all(e.by in ("mixed_double_chow", "short_straight") for e in r.excluded if e.principle == ACCOUNT_ONCE)


def test_seven_pairs_includes_concealed_hand():
    """B6 row 19: Seven Pairs does not count Concealed Hand (its form never asks it,
    yet the hand shows it on a discard win)."""
    r = _score("1155m2277p3399s11z", "1z")
    assert "seven_pairs" in {n for n, _, _ in r.fan}
    assert _left(r)[("concealed_hand", NON_REPEAT)] == (1, "seven_pairs")
    tsumo = _score("1155m2277p3399s11z", "1z", tsumo=True)
    assert ("concealed_hand", NON_REPEAT) not in _left(tsumo)  # a self-drawn hand is not Concealed Hand


def test_nine_gates_takes_one_terminal_pung():
    """B6 row 4, C2 row 9: Nine Gates includes Full Flush, Concealed Hand, No Honors
    and exactly one Pung of Terminals or Honors; the other terminal pung counts."""
    r = _score("11123455678999m", "5m")
    assert ("pung_of_terminals_or_honors", 1, 1) in r.fan
    left = _left(r)
    for fan in ("full_flush", "concealed_hand", "no_honors"):
        assert left[(fan, NON_REPEAT)] == (1, "nine_gates")
    assert left[("pung_of_terminals_or_honors", NON_REPEAT)] == (1, "nine_gates")


def test_wind_pungs_name_their_wind_fan():
    """C2 row 7: a seat-wind pung scores Seat Wind and not Pung of Terminals or Honors."""
    r = _score("222z123m456p789s11s", "1s")
    assert _left(r)[("pung_of_terminals_or_honors", NON_REPEAT)] == (1, "seat_wind")


def test_all_chows_includes_no_honors_and_a_non_win_explains_nothing():
    """B6 row 63: All Chows does not count No Honors; a hand that does not win has no reading."""
    plain = _score("123m456p789s234s55s", "5s")
    assert plain.excluded == (Excluded("no_honors", 1, NON_REPEAT, "all_chows"),)
    assert _score("123m456p789s234s5s6s", "5s").excluded == ()


def test_words_go_through_the_catalog():
    e = Excluded("pung_of_terminals_or_honors", 3, NON_REPEAT, "big_three_dragons")
    assert e.describe() == "Pung of Terminals or Honors (3 times): not counted, Big Three Dragons includes them"
    assert fan_name("big_three_dragons") == "Big Three Dragons"
    assert [principle_name(p) for p in (NON_REPEAT, NON_SEPARATION, NON_IDENTICAL, ACCOUNT_ONCE)] == \
        ["non-repeat", "non-separation", "non-identical", "account-once"]
