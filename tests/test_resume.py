"""Resume equals uninterrupted play: a match rebuilt from any prefix of its decisions plays on identically."""

from __future__ import annotations

import json

import pytest

from mahjong_joy.ai.random_legal import RandomLegalAI
from mahjong_joy.controller import Controller
from mahjong_joy.engine.actions import Pass, action_from_dict
from mahjong_joy.engine.view import observe
from mahjong_joy.errors import RecordError
from mahjong_joy.replay.record import run_record

MIXED = ("potential", "random", "potential", "random")


def play_out(ctl: Controller) -> Controller:
    """Let the AI seats finish the match (dealing each next hand as the table does)."""
    while not ctl.is_over:
        if ctl.hand.is_finished and not ctl.auto_deal:
            ctl.next_hand()
        ctl.step(1)
    return ctl


def final_record(ctl: Controller) -> dict:
    return json.loads(json.dumps(run_record(ctl.seed, ctl.seat_kinds, [ctl])))


def prefix_counts_at_hand_ends(seats: tuple[str, ...], seed: int) -> list[int]:
    """Replay decision by decision and note where each hand finished."""
    full = play_out(Controller(seats, seed))
    entry = final_record(full)["matches"][0]
    probe = Controller(seats, seed)
    ends = []
    for n, data in enumerate(entry["decisions"], start=1):
        if probe.hand.is_finished:
            probe.next_hand()
        probe.match.apply(action_from_dict(data))
        if probe.hand.is_finished:
            ends.append(n)
    return ends


@pytest.mark.parametrize("seats, seed", [(("potential",) * 4, 1), (("random",) * 4, 2), (MIXED, 3), (MIXED, 8)])
def test_resume_from_any_prefix_ends_with_the_uninterrupted_record(seats: tuple[str, ...], seed: int) -> None:
    uninterrupted = play_out(Controller(seats, seed))
    record = final_record(uninterrupted)
    entry = record["matches"][0]
    total = len(entry["decisions"])
    ends = prefix_counts_at_hand_ends(seats, seed)
    assert ends[-1] == total and len(ends) >= 2
    cuts = sorted({0, 1, 2, 7, total // 3, total // 2, total - 1, *ends[:-1]})
    for cut in cuts:
        for auto_deal in (True, False):
            partial = {**entry, "decisions": entry["decisions"][:cut]}
            resumed = Controller.resume(partial, seats, auto_deal=auto_deal)
            assert len(resumed.decisions) == cut
            assert [e.to_dict() for e in resumed.events] == [e.to_dict() for e in uninterrupted.events[: len(resumed.events)]]
            assert final_record(play_out(resumed)) == record, (seed, cut, auto_deal)


def test_resume_after_a_finished_hand_waits_for_the_next_deal() -> None:
    seats = ("potential",) * 4
    full = play_out(Controller(seats, 4))
    entry = final_record(full)["matches"][0]
    first_end = prefix_counts_at_hand_ends(seats, 4)[0]
    resumed = Controller.resume({**entry, "decisions": entry["decisions"][:first_end]}, seats, auto_deal=False)
    assert resumed.hand.is_finished and not resumed.is_over
    assert resumed.hand_result is not None and resumed.snapshot().phase == "finished"
    assert resumed.step() == []  # the score screen shows; nothing moves until next_hand
    opening = resumed.next_hand()
    assert opening[0].name == "hand_started" and opening[0].hand_number + opening[0].honba >= 1
    assert final_record(play_out(resumed)) == final_record(full)


def test_resume_of_a_finished_match_has_nothing_left_to_play() -> None:
    seats = ("random",) * 4
    full = play_out(Controller(seats, 6))
    resumed = Controller.resume(final_record(full)["matches"][0], seats)
    assert resumed.is_over and resumed.pending is None
    assert resumed.step() == [] and len(resumed.decisions) == len(full.decisions)
    assert resumed.snapshot().standings == full.snapshot().standings


def test_a_decision_that_does_not_apply_is_named() -> None:
    seats = ("potential",) * 4
    entry = final_record(play_out(Controller(seats, 5)))["matches"][0]
    bad = {**entry, "decisions": entry["decisions"][:3] + [{"type": "tsumo", "seat": 2}]}
    with pytest.raises(RecordError, match="decision 4 does not apply"):
        Controller.resume(bad, seats)
    late = {**entry, "decisions": entry["decisions"] + [{"type": "pass", "seat": 1}]}
    with pytest.raises(RecordError, match=f"decision {len(entry['decisions']) + 1} comes after the match ended"):
        Controller.resume(late, seats)
    with pytest.raises(RecordError, match="not an action"):
        Controller.resume({**entry, "decisions": [{"type": "shout"}]}, seats)


def test_the_random_ai_picks_by_seed_and_position_only() -> None:
    ctl = Controller(("random",) * 4, 9)
    used = RandomLegalAI("9:0")
    picks = []
    for _ in range(40):
        ctl.step(1)
        hand = ctl.hand
        if hand.is_finished:
            break
        for seat in range(4):
            legal = hand.legal_actions(seat)
            if legal:
                view = observe(hand, seat)
                first = used.choose(view, legal)
                assert RandomLegalAI("9:0").choose(view, legal) == first  # a fresh AI agrees
                picks.append(first)
    assert len(picks) >= 20
    other = Controller(("random",) * 4, 9, deciders=[RandomLegalAI("other")] * 4)
    play_out(other)
    assert [a.to_dict() for a in other.decisions] != [a.to_dict() for a in play_out(Controller(("random",) * 4, 9)).decisions]
    assert any(not isinstance(p, Pass) for p in picks)
