"""Hypothesis: random action sequences, legal and illegal, against the engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_joy.engine import AddedKan, Chi, ClosedKan, Discard, HandState, Kan, Pass, Pon, Ron, Tsumo
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.rulesets.joy import ruleset_for
from tests.invariants import check_hand, fingerprint

JOY = ruleset_for("joy")
seats = st.integers(-1, 4)
kinds = st.integers(-1, 34)
any_action = st.one_of(
    st.builds(Discard, seats, kinds),
    st.builds(Tsumo, seats),
    st.builds(Ron, seats),
    st.builds(Pon, seats),
    st.builds(Kan, seats),
    st.builds(Pass, seats),
    st.builds(ClosedKan, seats, kinds),
    st.builds(AddedKan, seats, kinds),
    st.builds(Chi, seats, st.tuples(kinds, kinds, kinds)),
)


@pytest.mark.soak("engine:random_actions")
def test_random_actions_raise_and_change_nothing_or_keep_the_invariants() -> None:
    """Hypothesis' 150 derandomized runs below, as a soak (``tests/background.py``): they
    may run in a background worker beside the rest of the suite."""
    from tests import background

    background.result("engine:random_actions")


@settings(max_examples=150)
@given(seed=st.integers(0, 10_000), data=st.data())
def random_actions_raise_and_change_nothing_or_keep_the_invariants(seed: int, data: st.DataObject) -> None:
    hand = HandState.from_key(f"prop:{seed}", seed % 4, JOY)
    for _ in range(120):
        if hand.is_finished:
            break
        if data.draw(st.booleans()):
            seat = hand.seats_to_act()[0]
            legal = hand.legal_actions(seat)
            action = legal[data.draw(st.integers(0, len(legal) - 1))]
        else:
            action = data.draw(any_action)
        legal_now = action.seat in range(4) and action in hand.legal_actions(action.seat)
        before = None if legal_now else fingerprint(hand)  # only a refusal is compared with it
        try:
            hand.apply(action)
        except IllegalActionError as exc:
            assert not legal_now, f"legal {action} raised {exc}"
            assert f"seat {action.seat} cannot" in str(exc)
            assert fingerprint(hand) == before
        else:
            assert legal_now, f"illegal {action} was accepted"
            check_hand(hand)
