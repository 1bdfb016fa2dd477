"""The MCR opponents' planning on hands written by hand (issue 25 section 3).

Plans and distances (RULES.md B6 rows 28, 39, 41, 48, 49, 50), a ready hand's
waits scored against the 8-fan minimum (RULES.md B2 "8-fan minimum"), the
discard and call choices of the three levels, and their reasons in words.
"""

from __future__ import annotations

import pytest

from mahjong_joy.ai.mcr.plans import FAR, PLAN_BY_ID, Winds, expected_fan, plan_distance, pungs_distance, ALL_KINDS
from mahjong_joy.ai.mcr.seat import McrLevelAI, plan_words
from mahjong_joy.ai.mcr.wins import ready_hand
from mahjong_joy.engine.actions import Chi, Discard, Pass, Pon, Ron, Tsumo
from mahjong_joy.engine.state import Phase
from mahjong_joy.engine.view import SeatView
from mahjong_joy.hand.counts import counts_of
from mahjong_joy.melds import CHI, PON, Meld
from mahjong_joy.notation import parse_tiles

EAST_WINDS = Winds(27, 27)


def counts(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


def view_of(hand: str, *, melds: tuple[Meld, ...] = (), last_discard: int | None = None, wall: int = 60,
            other_melds: dict[int, tuple[Meld, ...]] | None = None, rivers: dict[int, str] | None = None) -> SeatView:
    """Seat 0's view (East, dealer, East round) holding ``hand``; unlisted fields empty."""
    table = [melds, (), (), ()]
    for seat, sets in (other_melds or {}).items():
        table[seat] = sets
    river_rows: list[tuple] = [(), (), (), ()]
    for seat, text in (rivers or {}).items():
        from mahjong_joy.engine.state import RiverEntry
        river_rows[seat] = tuple(RiverEntry(t) for t in parse_tiles(text))
    fields = dict(
        seat=0, hand=tuple(parse_tiles(hand)), drawn=None, opportunity=None, legal_actions=(), waits=(), furiten=False,
        pons=(), phase=Phase.AWAITING_DISCARD, current=0, dealer=0, round_wind="E", melds=tuple(table),
        rivers=tuple(river_rows), hand_sizes=(13, 13, 13, 13), riichi=(None,) * 4, points=(0,) * 4, sticks=0,
        wall_count=wall, dora_indicators=(), last_discard=last_discard, needs_yaku=True,
    )
    defaults = SeatView._field_defaults
    return SeatView._make(fields.get(name, defaults.get(name, ())) for name in SeatView._fields)


def discards(hand: str) -> list[Discard]:
    return [Discard(0, t) for t in sorted(set(parse_tiles(hand)))]


# ---------------------------------------------------------------- plans


def test_pure_straight_distance_counts_missing_template_tiles_and_the_free_part():
    hand = counts("123m456m78m11p2399s")  # 9m missing; 11p 99s and 23s leave a pair and a partial
    assert plan_distance(PLAN_BY_ID["pure_straight:m"], hand, ()) == 2
    assert plan_distance(PLAN_BY_ID["pure_straight:p"], hand, ()) > 4


def test_a_template_is_dead_when_its_missing_tile_is_all_in_sight():
    hand = counts("123m456m78m11p234s")
    unseen = [4] * 34
    assert plan_distance(PLAN_BY_ID["pure_straight:m"], hand, (), unseen) == 1
    unseen[8] = 0  # every 9 of Characters visible elsewhere
    assert plan_distance(PLAN_BY_ID["pure_straight:m"], hand, (), unseen) == FAR


def test_a_called_chow_fills_the_template_chow_it_matches():
    melds = (Meld(CHI, (6, 7, 8), 8, 3),)  # 789m called
    hand = counts("123m456m1p234s")
    assert plan_distance(PLAN_BY_ID["pure_straight:m"], hand, melds) == 1
    # a chow outside the template takes the only free set: Mixed Triple Chow 123 can no longer take another
    other = (Meld(CHI, (3, 4, 5), 5, 3), Meld(CHI, (12, 13, 14), 14, 3))
    assert plan_distance(PLAN_BY_ID["mixed_triple_chow:1"], counts("123m11p234s"), other) == FAR


def test_special_forms_refuse_a_declared_meld():
    melds = (Meld(PON, (31, 31, 31), 31, 2),)
    assert plan_distance(PLAN_BY_ID["seven_pairs"], counts("1122m3344p5s"), melds) == FAR
    assert plan_distance(PLAN_BY_ID["seven_pairs"], counts("1122m3344p5566s7z"), ()) == 1


def test_pungs_distance_takes_the_cheapest_pair():
    assert pungs_distance(counts("111m222p33s4455z6z"), ALL_KINDS, 4) == 2
    assert pungs_distance(counts("111m222p333s444z5z"), ALL_KINDS, 4) == 1
    # a pair whose other two copies are in sight can only be the pair
    unseen = [4] * 34
    assert pungs_distance(counts("111m222p33s55z66z7z"), ALL_KINDS, 4, unseen) == 2
    unseen[18 + 2] = unseen[31] = 0
    assert pungs_distance(counts("111m222p33s55z66z7z"), ALL_KINDS, 4, unseen) == 3


def test_all_pungs_with_a_dragon_pung_is_expected_to_reach_eight():
    hand = counts("111m22p44s33z")  # West is no value wind for East in the East round
    dragon = (Meld(PON, (32, 32, 32), 32, 2),)
    assert expected_fan(PLAN_BY_ID["all_pungs"], hand, dragon, EAST_WINDS) >= 8
    north = (Meld(PON, (30, 30, 30), 30, 2),)  # not a value wind for East in the East round
    assert expected_fan(PLAN_BY_ID["all_pungs"], hand, north, EAST_WINDS) < 8


# ---------------------------------------------------------------- exact waits


def test_ready_hand_scores_each_wait_against_the_minimum():
    ready = ready_hand(counts("123m456m78m234p55s"), (), EAST_WINDS, [4] * 34)
    fan = {w.kind: w.ron_fan for w in ready.waits}
    assert set(fan) == {2, 5, 8}  # 3m, 6m and 9m
    assert fan[8] >= 16  # Pure Straight
    assert fan[5] < 8  # 123 456 678: too little on a discard
    assert 8 in ready.winning_kinds
    assert all(w.ron_fan >= 8 or w.tsumo_fan >= 8 for w in ready.waits if w.kind in ready.winning_kinds)
    assert all(w.ron_fan < 8 and w.tsumo_fan < 8 for w in ready.waits if w.kind not in ready.winning_kinds)


# ---------------------------------------------------------------- discards


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_one_tile_from_pure_straight_keeps_it(level):
    hand = "123m456m78m23p67s1z"
    ai = McrLevelAI(level)
    view = view_of(hand)
    action = ai.choose(view, discards(hand))
    assert isinstance(action, Discard)
    assert action.tile not in range(0, 9), ai.last_reason


def test_ready_on_a_live_wait_rather_than_a_dead_one():
    # discarding 1z waits on 6m/9m (9m: Pure Straight); discarding 9s leaves 1z single: not 8 fan
    hand = "123m456m78m234p55s"
    ai = McrLevelAI("normal")
    full = hand + "1z"
    action = ai.choose(view_of(full), discards(full))
    assert action.tile == 27
    assert "ready" in ai.last_reason and "9 of Characters" in ai.last_reason


def test_easy_aims_at_cheap_plans_only():
    assert all(p.cheap for p in McrLevelAI("easy").plans)
    assert any(not p.cheap for p in McrLevelAI("normal").plans)


# ---------------------------------------------------------------- claims


def test_easy_refuses_a_pung_that_leaves_no_cheap_plan_reaching_eight():
    hand = "234m678m345p78p44z"  # a North pung (no value for East) breaks chows, flush and All Pungs alike
    ai = McrLevelAI("easy")
    view = view_of(hand, last_discard=30)
    action = ai.choose(view, [Pass(0), Pon(0)])
    assert isinstance(action, Pass)
    assert "8 fan" in ai.last_reason or "closer" in ai.last_reason


def test_normal_pungs_a_dragon_that_brings_its_half_flush_closer():
    hand = "1234568m11z55z66z"  # Characters and honors; a Green pung adds two fan to the flush
    ai = McrLevelAI("normal")
    view = view_of(hand, last_discard=32)
    action = ai.choose(view, [Pass(0), Pon(0)])
    assert isinstance(action, Pon), ai.last_reason
    assert "pung" in ai.last_reason


def test_normal_chows_toward_its_straight():
    hand = "12m456m789m11p239s"  # 3m completes 123m
    ai = McrLevelAI("normal")
    view = view_of(hand, last_discard=2)
    action = ai.choose(view, [Pass(0), Chi(0, (0, 1, 2))])
    assert isinstance(action, Chi), ai.last_reason


def test_every_level_takes_a_hu():
    for level in ("easy", "normal", "hard"):
        ai = McrLevelAI(level)
        assert isinstance(ai.choose(view_of("123m456m789m234p5s", last_discard=22), [Pass(0), Ron(0)]), Ron)
        assert isinstance(ai.choose(view_of("123m456m789m234p55s"), [Tsumo(0), *discards("123m456m789m234p55s")]), Tsumo)


# ---------------------------------------------------------------- defence


def test_hard_keeps_back_the_suit_a_late_flush_collects():
    # seat 1 shows three Bamboo sets late in the wall; our hand is far from any plan
    flush = (Meld(PON, (19, 19, 19), 19, 2), Meld(CHI, (21, 22, 23), 21, 0), Meld(PON, (25, 25, 25), 25, 3))
    hand = "159m37p1468s1357z"
    ai = McrLevelAI("hard")
    view = view_of(hand, wall=12, other_melds={1: flush})
    action = ai.choose(view, discards(hand))
    assert action.tile < 18 or action.tile >= 27 and action.tile != 27, ai.last_reason
    assert action.tile // 9 != 2 or action.tile >= 27


# ---------------------------------------------------------------- words


def test_reasons_are_catalog_messages_kept_in_english_and_told_in_the_players_language():
    """A record keeps English reasons whatever language the table speaks; the screens tell
    them in the player's language by reading them back against the same catalog messages."""
    from mahjong_joy.i18n import current_language, set_language
    from mahjong_joy.reason_words import parses_whole, translate_reason

    def reasons() -> list[str]:
        said = []
        hand = "123m456m78m23p67s1z"
        for level in ("easy", "normal", "hard"):
            ai = McrLevelAI(level)
            ai.choose(view_of(hand), discards(hand))
            said.append(ai.last_reason)
        ai = McrLevelAI("easy")
        ai.choose(view_of("234m678m345p78p44z", last_discard=30), [Pass(0), Pon(0)])
        return said + [ai.last_reason]

    before = current_language()
    try:
        set_language("en")
        english = reasons()
        set_language("ja")
        assert reasons() == english  # the language spoken does not reach the record
        for reason in english:
            assert parses_whole(reason, "ja")
            assert translate_reason(reason) != reason
    finally:
        set_language(before)


def test_plan_words_name_the_fan_and_its_sets():
    assert plan_words(PLAN_BY_ID["pure_straight:p"]) == "Pure Straight in Dots"
    assert plan_words(PLAN_BY_ID["mixed_triple_chow:3"]) == "Mixed Triple Chow (345m 345p 345s)"


def test_a_decision_is_a_function_of_the_view():
    hand = "123m456m78m23p67s1z"
    first = [McrLevelAI(level, seed=1).choose(view_of(hand), discards(hand)) for level in ("easy", "normal", "hard")]
    again = [McrLevelAI(level, seed=2).choose(view_of(hand), discards(hand)) for level in ("easy", "normal", "hard")]
    assert first == again


# ---------------------------------------------------------------- at the table


def test_every_level_declares_a_flower_first():
    from mahjong_joy.engine.actions import DeclareFlower

    hand = "123m456m78m23p67s"
    for level in ("easy", "normal", "hard"):
        ai = McrLevelAI(level)
        action = ai.choose(view_of(hand), [*discards(hand), DeclareFlower(0, 37)])
        assert isinstance(action, DeclareFlower)
        assert "flower" in ai.last_reason


def test_chinese_official_tables_seat_the_chinese_official_levels():
    from mahjong_joy.ai import LevelAI
    from mahjong_joy.controller import Controller
    from mahjong_joy.rulesets.joy import ruleset_for

    ctl = Controller(seats=["easy", "normal", "hard", "random"], seed=1, ruleset=ruleset_for("mcr"))
    assert [type(d).__name__ for d in ctl.deciders[:3]] == ["McrLevelAI"] * 3
    riichi = Controller(seats=["easy", "normal", "hard", "random"], seed=1, ruleset=ruleset_for("tenhou"))
    assert all(isinstance(d, LevelAI) for d in riichi.deciders[:3])


def test_a_seeded_mcr_hand_plays_the_same_twice():
    """Determinism per seed: the same seats on the same seed take the same decisions
    with the same reasons, each among the legal actions."""
    from mahjong_joy.controller import Controller
    from mahjong_joy.rulesets.joy import ruleset_for

    def play() -> tuple[list, list]:
        ctl = Controller(seats=["hard", "easy", "normal", "hard"], seed=7, ruleset=ruleset_for("mcr"), max_hands=1)
        while not ctl.is_over:
            ctl.step()
        return ctl.decisions, ctl.reasons

    first, again = play(), play()
    assert first == again
    assert len(first[0]) > 20
    assert all(reason for action, reason in zip(*first) if action.name in ("discard", "flower"))


# ---------------------------------------------------------------- chances


def test_win_chance_grows_with_useful_tiles_and_wall_and_falls_with_distance_and_pace():
    from mahjong_joy.ai.mcr.think import win_chance

    base = win_chance(2, 12, 60, 100)
    assert 0 < base < 1
    assert win_chance(2, 24, 60, 100) > base
    assert win_chance(3, 12, 60, 100) < base
    assert win_chance(2, 12, 20, 100) < base
    assert win_chance(2, 12, 60, 100, others_win=0.1) < base
    assert win_chance(2, 0, 60, 100) == 0.0
    # a template missing two fixed tiles of few copies is slower than one whose free part is wide
    assert win_chance(2, 40, 60, 100, missing=2, missing_copies=4) < win_chance(2, 40, 60, 100)


def test_normal_names_its_target_plan():
    hand = "123m456m78m23p67s1z"
    ai = McrLevelAI("normal")
    ai.choose(view_of(hand), discards(hand))
    assert "Pure Straight in Characters" in ai.last_reason
