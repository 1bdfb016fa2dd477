"""Joy plays exactly as it did before riichi existed: v1 records replay to the stored
event streams, and ``simulate`` prints the same lines (fixtures made by the Joy-only
engine, commit "Fixtures from today's Joy")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_joy.cli import main
from mahjong_joy.replay.record import read_record, replay_events

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.mark.parametrize("seed", [3, 11])
def test_a_v1_record_replays_to_the_identical_events(seed: int) -> None:
    record = read_record(FIXTURES / f"v1_joy_seed{seed}.json")
    assert record["schema"] == 1
    replayed = [json.dumps(e.to_dict(), separators=(",", ":")) for match in replay_events(record) for e in match]
    stored = (FIXTURES / f"v1_joy_seed{seed}.events.jsonl").read_text(encoding="utf-8").splitlines()
    assert replayed == stored


@pytest.mark.parametrize(
    "args, fixture",
    [
        (["--seed", "5", "--matches", "3"], "simulate_joy_seed5_matches3.txt"),
        (["--seed", "9", "--hands", "12", "--log"], "simulate_joy_seed9_hands12_log.txt"),
    ],
)
def test_simulate_prints_the_same_lines_for_joy(args: list[str], fixture: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", *args]) == 0
    assert capsys.readouterr().out == (FIXTURES / fixture).read_text(encoding="utf-8")
