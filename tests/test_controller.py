"""The controller: claim priority, human decisions, pacing, snapshots."""

from __future__ import annotations

import random

import pytest

from mahjong_joy.rulesets.claims import claim_rank, resolve_claims

from mahjong_joy.controller import CLAIM, TURN, Controller
from mahjong_joy.engine.actions import Chi, Discard, Kan, Pass, Pon, Ron
from mahjong_joy.errors import IllegalActionError


def play_with_random_human(seed: int) -> Controller:
    rng = random.Random(seed)
    ctl = Controller(seed=seed)
    while not ctl.is_over:
        ctl.step()
        decision = ctl.pending
        if decision is not None:
            ctl.submit(decision.actions[rng.randrange(len(decision.actions))])
    return ctl


def test_a_human_match_runs_to_the_end_without_waiting() -> None:
    ctl = play_with_random_human(3)
    snap = ctl.snapshot()
    assert snap.is_over and [s.placement for s in snap.standings] == [1, 2, 3, 4]
    assert sum(s.points for s in snap.standings) == 100_000


def test_pending_turn_lists_exactly_the_legal_actions() -> None:
    ctl = Controller(seats=("human", "potential", "potential", "potential"), seed=1)
    ctl.step()
    decision = ctl.pending
    assert decision is not None and decision.seat == 0 and decision.kind == TURN
    assert list(decision.actions) == list(ctl.hand.legal_actions(0))
    assert all(isinstance(a, Discard) for a in decision.actions if a.seat == 0 and a.name == "discard")


def test_submit_rejects_an_action_not_pending_and_changes_nothing() -> None:
    ctl = Controller(seed=1)
    ctl.step()
    before = len(ctl.events)
    with pytest.raises(IllegalActionError, match="seat 1 cannot discard"):
        ctl.submit(Discard(1, 0))
    assert len(ctl.events) == before


def test_step_with_limit_makes_one_move() -> None:
    ctl = Controller(seats=("potential",) * 4, seed=5)
    first = ctl.step(1)
    assert len(ctl.decisions) == 1 and first
    ctl.step(1)
    assert len(ctl.decisions) in (2, 3, 4)  # a move may apply several passes at once


@pytest.mark.parametrize(
    "answers, max_rons, expected",
    [
        ({3: Ron(3), 1: Pon(1)}, 1, (Ron(3),)),  # ron beats pon, whoever is nearer
        ({1: Ron(1), 2: Ron(2)}, 1, (Ron(1),)),  # head bump: the nearest ron only
        ({2: Ron(2), 1: Ron(1)}, 3, (Ron(1), Ron(2))),  # double ron: both, nearest first (C1-9)
        ({1: Ron(1), 2: Ron(2), 3: Ron(3)}, 3, (Ron(1), Ron(2), Ron(3))),
        ({2: Pon(2), 1: Pass(1)}, 3, (Pon(2),)),
        ({1: Chi(1, (0, 1, 2)), 3: Kan(3)}, 3, (Kan(3),)),  # kan beats chi
        ({1: Pass(1), 2: Pass(2)}, 3, ()),
    ],
)
def test_claim_resolution_table(answers: dict, max_rons: int, expected: tuple) -> None:
    assert resolve_claims(answers, 0, max_rons) == expected


def test_the_score_screen_waits_with_auto_deal_off() -> None:
    ctl = Controller(seats=("potential",) * 4, seed=2, auto_deal=False)
    ctl.step()
    assert ctl.hand.is_finished and ctl.hand_result is not None
    assert ctl.step() == []
    assert ctl.snapshot().hand_result is not None
    ctl.next_hand()
    assert not ctl.hand.is_finished and ctl.hand_result is None


def test_snapshot_hides_ai_hands_and_shows_the_human_hand() -> None:
    ctl = Controller(seed=4)
    ctl.step()
    snap = ctl.snapshot()
    assert snap.seats[0].hand is not None and len(snap.seats[0].hand) == snap.seats[0].hand_size
    assert all(s.hand is None for s in snap.seats[1:])
    assert snap.pending is not None and snap.pending.kind in (TURN, CLAIM)
    assert snap.wall_count == ctl.hand.wall.live_count
    assert snap.dora_indicators == () and ctl.hand.wall.dora_indicators, "Joy scores no dora: none is shown"


class GreedyClaimer:
    """Takes the strongest claim it is offered (ron, then pon/kan, then chi); else the first action."""

    ORDER = {"ron": 0, "pon": 1, "kan": 1, "chi": 2}

    def choose(self, view, legal):  # noqa: ANN001, ANN201 - the Decider protocol
        claims = [a for a in legal if a.name in self.ORDER]
        return min(claims, key=lambda a: self.ORDER[a.name]) if claims else legal[0]


def _paced_claim_conflicts(seeds: range) -> list[tuple[Controller, object]]:
    """Positions, paced one move at a time as the table does, where the human is asked
    about a discard that an AI seat also claims."""
    found = []
    for seed in seeds:
        ctl = Controller(seats=("human", "potential", "potential", "potential"), seed=seed,
                         deciders=(None, GreedyClaimer(), GreedyClaimer(), GreedyClaimer()))
        while not ctl.hand.is_finished:
            decision = ctl.pending
            if decision is None:
                ctl.step(1)
                continue
            if decision.kind == CLAIM:
                ai_claims = [a for s, a in ctl._answers.items() if s != 0 and not isinstance(a, Pass)]
                if ai_claims:
                    found.append((ctl, ai_claims[0]))
                    break
            ctl.submit(decision.actions[0] if decision.kind == TURN else next(a for a in decision.actions if isinstance(a, Pass)))
    return found


def test_a_paced_human_pass_never_drops_an_ai_claim() -> None:
    conflicts = _paced_claim_conflicts(range(40))
    assert conflicts, "no seed in range gives a human prompt that an AI also claims"
    for ctl, ai_claim in conflicts:
        before = len(ctl.decisions)
        ctl.submit(next(a for a in ctl.pending.actions if isinstance(a, Pass)))
        applied = ctl.decisions[before:]
        assert ai_claim in applied and not any(isinstance(a, Pass) and a.seat == ai_claim.seat for a in applied)


def test_a_human_is_not_asked_when_an_ai_claim_beats_every_option() -> None:
    for seed in range(40):
        ctl = Controller(seats=("human", "potential", "potential", "potential"), seed=seed,
                         deciders=(None, GreedyClaimer(), GreedyClaimer(), GreedyClaimer()))
        while not ctl.hand.is_finished:
            decision = ctl.pending
            if decision is not None and decision.kind == CLAIM:
                strongest_ai = min((claim_rank(a, ctl.hand.current) for s, a in ctl._answers.items() if s != 0), default=(9, 9))
                assert min(claim_rank(a, ctl.hand.current) for a in decision.actions) < strongest_ai
            if decision is None:
                ctl.step(1)
            else:
                ctl.submit(decision.actions[0])
