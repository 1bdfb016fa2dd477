"""Hand-written decisions of Hard's efficiency and push/fold, each with the reason it gives.

The expected choices follow from the rules Hard plays by (see mahjong_joy/ai/levels.py):
two or more from ready folds against a riichi; a ready hand with a yaku pushes unless the
tile risks four times its expected gain; one from ready pushes against a single riichi
while the wall lasts when the gain beats the risk; the dora does not steer a discard by itself (only through the value of the ready
hands it is part of); no cheap open hand from far away.
"""

from __future__ import annotations

from mahjong_joy.ai import LevelAI
from mahjong_joy.engine.actions import Chi, Discard, Pass, Pon, Riichi
from tests.helpers import h
from tests.test_ai_levels import SEAT, view

RIICHI_SORA = (None, None, 4, None)


def decide(level: str, v) -> tuple:
    return LevelAI(level).decide(v, v.legal_actions)


def test_hard_pushes_even_a_narrow_ready_hand_but_folds_one_with_no_yaku() -> None:
    # ready on a closed wait (5m, one already seen: 3 left), riichi the only yaku;
    # keeping it ready means 5s, no suji. A ready hand pushes against one riichi when
    # its expected gain is a quarter of what the tile risks: pushing more placed Hard
    # better in the arena (docs/ai-measurements.md, v5).
    v = view("123m456p789s11s46m5s", rivers=("", "", "1s9m2p3z4z", "5m"), riichi=RIICHI_SORA)
    action, reason = decide("hard", v)
    assert action == Discard(SEAT, h("5s")[0])
    assert reason.startswith("push: ready for about ") and reason.endswith("5 of Bamboo is the least dangerous left")
    # the same wait in an open hand with no yaku can never win: it folds
    melds = ((("chi", tuple(h("123m"))),), (), (), ())
    open_hand = view("456p789s11s46m5s", melds=melds, rivers=("", "", "1s9m2p3z4z", "5m"), riichi=RIICHI_SORA)
    action, reason = decide("hard", open_hand)
    assert action == Discard(SEAT, h("1s")[0])  # the only tile of Sora's river in the hand
    assert reason == "fold: Sora is in riichi; 1 of Bamboo is safe (in Sora's own river)"


def test_hard_pushes_a_valuable_two_sided_ready_hand_and_declares_riichi() -> None:
    # 11s is a pair of dora (indicator 9s): riichi + two dora on a two-sided 3-6m wait
    v = view("123m456p789s11s45m5s", dora="9s", rivers=("", "", "1z9m2p8p3z", ""), riichi=RIICHI_SORA, riichi_ok=True)
    action, reason = decide("hard", v)
    assert action == Riichi(SEAT, h("5s")[0])
    assert reason == "riichi: two-sided wait on 3-6 of Characters, 7 tiles left"


def test_hard_folds_a_narrow_hand_one_from_ready() -> None:
    # two closed waits (5m, 8s) and no value: one from ready is not worth a live tile
    v = view("123m456p11s46m79s5s8p", rivers=("", "", "1s9m2p8s3z", ""), riichi=RIICHI_SORA)
    action, reason = decide("hard", v)
    assert action == Discard(SEAT, h("1s")[0])  # the only tile of Sora's river in the hand
    assert reason == "fold: Sora is in riichi; 1 of Bamboo is safe (in Sora's own river)"


def test_hard_pushes_a_wide_hand_one_from_ready_early_with_a_suji_tile_and_folds_late() -> None:
    # two two-sided shapes (3-6p, 5-8s), a loose 4s, and all simples once 9p goes; 9p is suji of Sora's 6p
    early = view("234m678m45p467s22s9p", rivers=("", "", "6p2m1z3z5z", ""), riichi=RIICHI_SORA, wall=50)
    action, reason = decide("hard", early)
    assert action == Discard(SEAT, h("9p")[0])
    assert reason.startswith("push: 1 from ready, ") and reason.endswith("useful tiles left, 9 of Dots is suji")
    late = early._replace(wall_count=6)  # few draws left: no time to get ready and win
    action, reason = decide("hard", late)
    assert action == Discard(SEAT, h("2m")[0])
    assert reason == "fold: Sora is in riichi; 2 of Characters is safe (in Sora's own river)"


def test_normal_folds_the_same_wide_hand_one_from_ready() -> None:
    early = view("234m678m45p467s22s9p", rivers=("", "", "6p2m1z3z5z", ""), riichi=RIICHI_SORA, wall=50)
    action, reason = decide("normal", early)
    assert action == Discard(SEAT, h("2m")[0])
    assert reason == "fold: Sora is in riichi; 2 of Characters is safe (in Sora's own river)"


def test_hard_lets_the_shape_not_the_dora_choose_between_tiles_of_equal_use() -> None:
    # 2z (South) is dora (indicator 1z) and 3z is as useless. Keeping the dora in such
    # ties placed Hard worse in the arena (docs/ai-measurements.md, v4), so Hard now takes
    # the same tile as Normal, by the potential score's order (the lower kind first).
    v = view("123m456p78s35m99p2z3z", dora="1z")
    normal, _ = decide("normal", v)
    assert normal == Discard(SEAT, h("2z")[0])
    action, reason = decide("hard", v)
    assert action == normal
    assert reason.startswith("discard South wind: 1 from ready, ")


def test_hard_calls_all_simples_one_from_ready_but_not_from_far() -> None:
    chi = [Pass(SEAT), Chi(SEAT, tuple(h("345p")))]
    near = view("234m68m45p67s22s88p", offer="3p", discarder=3, legal=chi)
    action, reason = decide("hard", near)  # two sets, three partial sets and a pair left: one from ready
    assert action == Chi(SEAT, tuple(h("345p")))
    assert reason == "chi 345p: all simples, 1 from ready"
    far = view("2568m24457p2667s", offer="3p", discarder=3, legal=chi)
    action, reason = decide("hard", far)  # still three from ready after it, and no dora: not worth opening
    assert action == Pass(SEAT)
    assert reason == "pass: too far from ready for a cheap open hand"


def test_normal_folds_by_rule_order_suji_before_a_live_tile() -> None:
    # nothing in hand is in Sora's river; 9p is suji of her 6p, every other tile is live
    v = view("139m2458p3478s59p7z", rivers=("", "", "6p1z2m3z5z", ""), riichi=RIICHI_SORA)
    action, reason = decide("normal", v)
    assert action == Discard(SEAT, h("9p")[0])
    assert reason == "fold: Sora is in riichi; 9 of Dots is suji"


def test_hard_keeps_a_closed_hand_whose_riichi_is_worth_more_than_the_call() -> None:
    # One from ready, closed, all simples with two-sided shapes: the chi would make it
    # ready, but for a cheap open win instead of a riichi with pinfu chances. Normal,
    # which calls whatever brings the hand closer, takes it.
    chi = [Pass(SEAT), Chi(SEAT, tuple(h("345p")))]
    v = view("33456m45567p568s", offer="3p", discarder=3, legal=chi)
    action, reason = decide("hard", v)
    assert action == Pass(SEAT)
    assert reason == "pass: calling 3 of Dots is worth less than the hand as it is"
    assert decide("normal", v)[0] == Chi(SEAT, tuple(h("345p")))


def test_hard_calls_a_hand_one_discard_short_of_all_simples() -> None:
    # after chi 456p only 9m is not a simple, and it goes at once: all simples, one
    # from ready with 2s-5s and 7s in sight. Normal's rule wants every tile simple
    # already, so Normal passes.
    v = view("234m46p34s68s888s9m", offer="5p", discarder=3, legal=[Pass(SEAT), Chi(SEAT, tuple(h("456p")))])
    assert decide("hard", v) == (Chi(SEAT, tuple(h("456p"))), "chi 456p: all simples once 9 of Characters goes, 1 from ready")
    assert decide("normal", v) == (Pass(SEAT), "pass: calling 5 of Dots leaves no yaku")


def test_hard_passes_the_same_call_when_the_closed_hand_is_already_good() -> None:
    # closed, one from ready on two two-sided shapes: riichi and all simples are worth
    # more than a cheap open ready hand on one of them
    v = view("234m56p34s678s88s9m", offer="7p", discarder=3, legal=[Pass(SEAT), Chi(SEAT, tuple(h("567p")))])
    assert decide("hard", v) == (Pass(SEAT), "pass: calling 7 of Dots is worth less than the hand as it is")


def test_hard_calls_toward_a_held_value_pair_only_when_its_wins_have_a_yaku() -> None:
    # pon 8s keeps the White dragon pair: ready on 3s-6s (no yaku) or on the dragon
    # pair and 4p (a White dragon ron has one). Its wins in reach have a yaku and the
    # open hand is faster; with both other dragons seen no win has a yaku.
    live = view("234m44p34s88s55z1z9m", offer="8s", discarder=2, legal=[Pass(SEAT), Pon(SEAT)])
    assert decide("hard", live) == (Pon(SEAT), "pon 8 of Bamboo: a yaku in reach, 1 from ready")
    dead = view("234m44p34s88s55z1z9m", offer="8s", discarder=2, legal=[Pass(SEAT), Pon(SEAT)], rivers=("", "5z", "5z", ""))
    assert decide("hard", dead) == (Pass(SEAT), "pass: calling 8 of Bamboo leaves no yaku")
