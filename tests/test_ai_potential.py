"""The potential-score AI: the score itself, discards with tie-breaks, claims, wins, speed."""

from __future__ import annotations

import statistics
import time

from mahjong_joy.ai.potential import PotentialAI, best_discard, potential
from mahjong_joy.ai.random_legal import RandomLegalAI
from mahjong_joy.engine import HandState, Pass, Phase, Pon, observe
from mahjong_joy.engine.actions import Discard
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.tiles import to_counts34
from tests.helpers import h
from tests.invariants import rigged_wall

JOY = ruleset_for("joy")


def c(text: str) -> list[int]:
    return to_counts34(h(text))


def test_sets_count_100_partials_20_capped_by_the_sets_still_needed() -> None:
    assert potential(c("123m456p789s1122z")) == 3 * 100 + 2 * 20
    assert potential(c("123m456p789s111z")) == 400
    assert potential(c("123m456p789s111z55p")) == 420
    assert potential(c("13m57m9m24p68p1s3s5s")) == 20 * 5  # seven partials, only five count
    assert potential(c("111z"), melds=3) == 400


def test_discard_prefers_the_highest_potential_then_isolated_honors_then_terminals() -> None:
    assert best_discard(c("123m456p789s11z22z3z")) == (340, h("3z")[0])
    assert best_discard(c("123m456p789s11z9m1p"))[1] == h("9m")[0]  # terminals before the 1p? lowest kind
    value, tile = best_discard(c("123m456p789s11z5m7z"))
    assert tile == h("7z")[0]


def _claim_state() -> HandState:
    hand = HandState(
        rigged_wall(["19m9p9s2p1s1234567z", "11m234p567p234s68s", "234m567m567s88s89p", "2233445566778m"], "7z"),
        0,
        JOY,
    )
    hand.apply(Discard(0, h("1m")[0]))
    return hand


def test_the_ai_claims_when_the_potential_improves_and_always_wins() -> None:
    hand = _claim_state()
    assert hand.phase is Phase.AWAITING_CLAIMS
    choice = PotentialAI().choose(observe(hand, 1), hand.legal_actions(1))
    assert choice == Pon(1)


def test_the_ai_does_not_claim_when_it_would_not_improve() -> None:
    hand = HandState(
        rigged_wall(["19m9p9s2p1s1234567z", "112233m456p789s5z", "234m567m567s88s89p", "4455667788m334p"], "7z"),
        0,
        JOY,
    )
    hand.apply(Discard(0, h("1m")[0]))
    # 112233m is two runs: ponning 1m breaks them (400 now, 340 after).
    assert PotentialAI().choose(observe(hand, 1), hand.legal_actions(1)) == Pass(1)


def test_median_decision_is_at_most_one_millisecond() -> None:
    ai = PotentialAI()
    timings = []
    for seed in range(20):
        hand = HandState.from_key(f"speed:{seed}", 0, JOY)
        while not hand.is_finished:
            seat = hand.seats_to_act()[0]
            view, legal = observe(hand, seat), hand.legal_actions(seat)
            start = time.perf_counter()
            action = ai.choose(view, legal)
            timings.append(time.perf_counter() - start)
            hand.apply(action)
    assert statistics.median(timings) <= 0.001, statistics.median(timings)


def test_the_random_ai_is_seeded() -> None:
    hand = HandState.from_key("r:1", 0, JOY)
    legal = hand.legal_actions(0)
    picks = [RandomLegalAI(4).choose(observe(hand, 0), legal) for _ in range(2)]
    assert picks[0] == picks[1] and picks[0] in legal
