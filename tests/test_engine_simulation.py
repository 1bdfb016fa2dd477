"""1,000 seeded all-AI hands with the invariants checked after every step."""

from __future__ import annotations

import pytest

from mahjong_joy.controller import Controller
from mahjong_joy.engine.match import Match
from tests import background
from tests.invariants import check_hand

HANDS = 1000


def play_potential_hands() -> tuple[int, int, int]:
    """:data:`HANDS` potential-AI hands, checked after every step: (hands, wins, draws).
    A soak (``tests/background.py``): it may run in a background worker."""
    hands = wins = draws = 0
    seed = 0
    while hands < HANDS:
        ctl = Controller(seats=("potential",) * 4, seed=seed, max_hands=HANDS - hands)
        check_hand(ctl.hand)
        while not ctl.is_over:
            ctl.step(1)
            check_hand(ctl.hand)
            result = ctl.hand_result
            if result is not None and ctl.hand.is_finished and ctl.last_events:
                assert sum(result.deltas) == 0, f"seed={seed}: deltas {result.deltas}"
        for result in ctl.match.results:
            wins += bool(result.wins)
            draws += not result.wins
        hands += ctl.match.hands_played
        assert sum(ctl.match.points) == 100_000, f"seed={seed}"
        seed += 1
    return hands, wins, draws


@pytest.mark.soak("engine:potential")
def test_one_thousand_potential_ai_hands_keep_every_invariant() -> None:
    hands, wins, draws = background.result("engine:potential")
    rate = wins / hands
    print(f"\npotential AI: {hands} hands, {wins} wins ({100 * rate:.1f}%), {draws} draws")
    assert hands == HANDS and wins + draws == hands
    assert rate >= 0.5, f"win rate {rate:.3f} below the dev log's bar"


def test_random_legal_ai_hands_keep_every_invariant() -> None:
    for seed in range(40):
        ctl = Controller(seats=("random",) * 4, seed=seed, max_hands=2)
        while not ctl.is_over:
            ctl.step(1)
            check_hand(ctl.hand)


def test_every_match_ends_by_east_four_or_a_seat_below_zero() -> None:
    for seed in range(30):
        ctl = Controller(seats=("potential",) * 4, seed=seed)
        while not ctl.is_over:
            ctl.step()
        match: Match = ctl.match
        last = [e for e in match.events if e.name == "hand_started"][-1]
        assert min(match.points) < 0 or last.hand_number == 4  # type: ignore[attr-defined]
        assert [s.placement for s in match.standings()] == [1, 2, 3, 4]
