"""Hard's exact look one draw ahead (issue 25 section 3: Hard weighs plans by their
chance to complete and their value): a hand one tile from ready is counted draw by
draw, each ready hand's waits scored by the real scorer against the 8-fan minimum
(RULES.md B2 "8-fan minimum")."""

from __future__ import annotations

from mahjong_joy.ai.mcr.ahead import one_step_value, ready_draws, scored_waits
from mahjong_joy.ai.mcr.plans import Winds
from mahjong_joy.ai.mcr.seat import McrLevelAI, hand_of
from mahjong_joy.ai.mcr.wins import ready_hand
from mahjong_joy.engine.actions import Pass, Pon
from mahjong_joy.hand.counts import counts_of
from mahjong_joy.notation import parse_tiles
from mahjong_joy.tiles import kind_of_code
from tests.test_mcr_ai import discards, view_of

EAST = Winds(27, 27)


def counts(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


def kind(text: str) -> int:
    return parse_tiles(text)[0]


def test_scored_waits_keep_only_the_waits_that_reach_eight_as_the_scorer_counts():
    hand = counts("123m456m78m234p55s")
    kept = {k for k, _, _ in scored_waits(tuple(hand), (), EAST)}
    exact = ready_hand(hand, (), EAST, [4] * 34)
    assert kept == {w.kind for w in exact.waits if w.ron_fan >= 8 or w.tsumo_fan >= 8}
    assert kept == {kind("9m")}  # 3m and 6m complete the shape but score below 8


def test_ready_draws_are_the_draws_that_leave_a_live_eight_fan_wait():
    hand = counts("123m456m79m1p234s5z")  # Pure Straight in Characters one tile from ready
    draws = {k: live for k, _, live, _ in ready_draws(hand, (), EAST, [4] * 34)}
    assert {kind("8m"), kind("1p"), kind("5z")} <= set(draws)
    assert kind("3s") not in draws  # no discard after it leaves the hand ready
    assert all(live > 0 for live in draws.values())
    unseen = [4] * 34
    unseen[kind("8m")] = unseen[kind("1p")] = 0  # both in sight: fewer draws, and the 8m wait is dead
    fewer = {k for k, _, _, _ in ready_draws(hand, (), EAST, unseen)}
    assert kind("8m") not in fewer and kind("1p") not in fewer


def test_one_step_value_grows_with_ready_draws_and_the_wall():
    draws = [(kind("8m"), 4, 3.0, 20.0)]
    wide = [*draws, (kind("1p"), 4, 3.0, 20.0)]
    assert 0 < one_step_value(draws, 60, 100, 0.05, 1.3, 2.5) < one_step_value(wide, 60, 100, 0.05, 1.3, 2.5)
    assert one_step_value(wide, 8, 100, 0.05, 1.3, 2.5) < one_step_value(wide, 60, 100, 0.05, 1.3, 2.5)
    assert one_step_value([], 60, 100, 0.05, 1.3, 2.5) == 0.0


def ready_copies(hand: str, discarded: int) -> int:
    view = view_of(hand)
    held = hand_of(view)
    after = list(held.counts)
    after[discarded] -= 1
    return sum(u for _, u, _, _ in ready_draws(after, (), held.winds, held.unseen))


def test_hard_keeps_the_hand_one_tile_from_an_eight_fan_ready_hand():
    # Normal heads for Mixed Triple Chow three tiles away; the hand is one tile from
    # ready hands that score 8 (a concealed hand of pungs), which Hard counts exactly
    hand = "445666888m268p45s"
    hard, normal = McrLevelAI("hard"), McrLevelAI("normal")
    chosen = kind_of_code(hard.choose(view_of(hand), discards(hand)).tile)
    other = kind_of_code(normal.choose(view_of(hand), discards(hand)).tile)
    assert ready_copies(hand, chosen) > ready_copies(hand, other)
    assert "one tile from ready" in hard.last_reason


def test_hards_look_ahead_reason_is_a_catalog_message_told_in_each_language():
    from mahjong_joy.i18n import current_language, set_language
    from mahjong_joy.reason_words import parses_whole, translate_reason

    hand = "445666888m268p45s"
    ai = McrLevelAI("hard")
    ai.choose(view_of(hand), discards(hand))
    reasons = [ai.last_reason]
    # a pung of the West wind leaves the hand one tile from ready: the call's reason says so
    action = ai.choose(view_of("2335567m44p13s33z", last_discard=kind("3z")), [Pass(0), Pon(0)])
    assert isinstance(action, Pon) and "one tile from ready after discarding" in ai.last_reason
    reasons.append(ai.last_reason)
    before = current_language()
    try:
        for language in ("ja", "ko", "zh"):
            set_language(language)
            for reason in reasons:
                assert parses_whole(reason, language)
                assert translate_reason(reason) != reason
    finally:
        set_language(before)
