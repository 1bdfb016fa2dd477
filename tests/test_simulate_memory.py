"""``simulate`` runs in flat memory: a finished match's controller is dropped once
its outputs have what they need (issue 24: it kept every one, about 21 KB a hand).

Counted, not timed: every controller the command makes is tracked by a weak
reference, and the most alive at once must not grow with the number of matches.
"""

from __future__ import annotations

import gc
import json
import weakref
from pathlib import Path

import pytest

from mahjong_joy.cli import main
from mahjong_joy.commands import simulate as simulate_command
from mahjong_joy.commands.simulate import add_seats, simulate
from mahjong_joy.controller import Controller
from mahjong_joy.replay.record import read_record, run_record
from mahjong_joy.replay.summary import match_json, seats_json
from mahjong_joy.rulesets.presets import find_preset


class _Census:
    """The controllers made so far, by weak reference, and the most alive when one was made."""

    def __init__(self) -> None:
        self.made: list[weakref.ref[Controller]] = []
        self.most_alive = 0

    def alive(self) -> int:
        return sum(ref() is not None for ref in self.made)

    def seen(self, ctl: Controller) -> None:
        gc.collect()  # only references still held count, not garbage waiting for a cycle collection
        self.most_alive = max(self.most_alive, self.alive() + 1)
        self.made.append(weakref.ref(ctl))


@pytest.fixture
def census(monkeypatch: pytest.MonkeyPatch) -> _Census:
    counted = _Census()

    class CountedController(Controller):
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)  # type: ignore[arg-type]
            counted.seen(self)

    monkeypatch.setattr(simulate_command, "Controller", CountedController)
    return counted


def test_simulate_keeps_no_finished_controller(census: _Census, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Printing the log and the JSON summary and writing the record (everything a run
    may keep), it holds at most the match in play and the one just finished (the old
    run held all of them: 6 of 6 here)."""
    record = tmp_path / "run.json"
    argv = ["simulate", "--seed", "4", "--matches", "6", "--ai", "random", "--log", "--json", "--record", str(record)]
    assert main(argv) == 0
    capsys.readouterr()
    assert len(census.made) == 6
    assert census.most_alive <= 3
    gc.collect()
    assert census.alive() == 0


def test_streamed_json_and_record_equal_those_of_the_whole_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``--json``'s seats totals, added match by match, and the record written from
    the kept entries are what the whole list of controllers gives."""
    seats = ("random", "easy", "random", "potential")
    rules = find_preset("mahjong_soul")
    path = tmp_path / "run.json"
    argv = ["simulate", "--seed", "21", "--hands", "20", "--rules", "mahjong_soul", "--ai", ",".join(seats)]
    assert main([*argv, "--json", "--record", str(path)]) == 0
    printed = json.loads(capsys.readouterr().out)
    played = simulate(21, seats, hands=20, rules=rules)
    assert len(played) >= 2  # the totals really add over several matches (the last one cut short)
    assert printed == json.loads(json.dumps({
        "matches": [match_json(c.match) for c in played],
        "seats": seats_json([c.events for c in played], seats),
    }))
    assert read_record(path) == json.loads(json.dumps(run_record(21, seats, played)))


def test_add_seats_adds_counts_and_placements_and_keeps_names() -> None:
    one = [{"seat": 1, "ai": "hard", "hands": 4, "points_delta": -300, "placements": [0, 0, 1, 0]}]
    two = [{"seat": 1, "ai": "hard", "hands": 5, "points_delta": 1200, "placements": [1, 0, 0, 0]}]
    assert add_seats(None, two) is two
    assert add_seats(one, two) == [{"seat": 1, "ai": "hard", "hands": 9, "points_delta": 900, "placements": [1, 0, 1, 0]}]
