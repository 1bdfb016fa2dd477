"""The hand outcome is one value from the engine to the history: every win in one tuple
(no first winner on top), a draw with its reason, and one JSON form that also reads the
``hand_scored`` events stored before it (first winner in top fields, later ones in
``more_wins`` 7-tuples)."""

from __future__ import annotations

import json

import pytest

from mahjong_joy.engine.actions import Discard, Ron
from mahjong_joy.engine.events import HandScored
from mahjong_joy.engine.outcome import DrawReason, outcome_from_dict, scored_facts
from mahjong_joy.errors import RecordError
from tests.helpers import h
from tests.test_controller_riichi import rigged

OLD_DOUBLE_RON = {
    "event": "hand_scored", "winner": 1, "from_seat": 0, "yaku": [["yakuhai_haku", 1]], "han": 1, "fu": 40,
    "limit": "", "payments": [["ron", 1300]], "deltas": [-6500, 3300, 3200, 0], "points": [18500, 28300, 28200, 25000],
    "more_wins": [[2, 0, 2, 40, "", [["yakuhai_haku", 1], ["yakuhai_chun", 1]], 2600]], "sticks": 0,
}


def _double_ron() -> HandScored:
    ctl = rigged("mahjong_soul", ("human", "human", "potential", "potential"), honba=0, sticks=0)
    ctl.submit(Discard(0, h("9p")[0]))
    ctl.submit(Ron(1))
    (scored,) = [e for e in ctl.events if isinstance(e, HandScored)]
    return scored


def test_a_double_ron_is_two_wins_each_with_its_own_seat_source_and_deltas() -> None:
    outcome = _double_ron().outcome
    assert outcome.draw is None and outcome.end == "win" and outcome.winners == (1, 2)
    first, second = outcome.wins
    assert (first.from_seat, second.from_seat) == (0, 0) and not first.tsumo and not second.tsumo
    assert [sum(d for d in w.deltas) for w in outcome.wins] == [0, 0]
    assert tuple(a + b for a, b in zip(first.deltas, second.deltas)) == outcome.deltas
    assert outcome.win_of(2) is second and outcome.win_of(3) is None


def test_the_outcome_reads_back_whole_from_its_json_form() -> None:
    scored = _double_ron()
    data = json.loads(json.dumps(scored.to_dict()))
    assert set(data) == {"event", "outcome"}
    assert HandScored.from_dict(data) == scored


def test_an_old_hand_scored_with_more_wins_reads_as_every_win() -> None:
    outcome = outcome_from_dict(OLD_DOUBLE_RON)
    assert outcome.winners == (1, 2) and outcome.draw is None
    assert outcome.wins[1].deltas == (0, 0, 2600, 0) and outcome.wins[1].han == 2
    assert outcome.wins[0].payments == (("ron", 1300),)
    facts = scored_facts(outcome)
    assert facts[0] == ((1, 0, 1, 40, "", (("yakuhai_haku", 1),)), (2, 0, 2, 40, "", (("yakuhai_haku", 1), ("yakuhai_chun", 1))))


@pytest.mark.parametrize("abort, reason", [("", DrawReason.EXHAUSTIVE), ("four_kans", DrawReason.FOUR_KANS),
                                           ("triple_ron", DrawReason.TRIPLE_RON)])
def test_an_old_draw_reads_with_its_reason(abort: str, reason: DrawReason) -> None:
    data = {"event": "hand_scored", "winner": None, "from_seat": None, "yaku": [], "han": 0, "fu": 0, "limit": "",
            "payments": [], "deltas": [0, 0, 0, 0], "points": [25000] * 4, "abort": abort}
    outcome = outcome_from_dict(data)
    assert outcome.wins == () and outcome.draw is reason
    assert outcome.end == ("exhaustive_draw" if reason is DrawReason.EXHAUSTIVE else "abortive_draw")
    assert outcome.abort == (abort or None)


@pytest.mark.parametrize("data", [
    {"event": "hand_scored", "outcome": {"wins": "nope"}},
    {"event": "hand_scored", "winner": 1},
    {"event": "hand_scored", "outcome": {"wins": [], "draw": "bored", "deltas": [0] * 4, "points": [0] * 4}},
    {"event": "hand_scored", "outcome": []},  # not an object: was an AttributeError traceback
])
def test_a_malformed_hand_scored_is_one_record_error(data: dict) -> None:
    with pytest.raises(RecordError, match="hand_scored"):
        outcome_from_dict(data)
