"""Records replay to the identical event stream; bad records give clear errors."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from mahjong_joy.cli import main
from mahjong_joy.commands.simulate import simulate
from mahjong_joy.controller import Controller
from mahjong_joy.errors import RecordError
from mahjong_joy.replay.record import SCHEMA, read_record, replay_events, run_record, write_record


def _dicts(events: list) -> list[dict]:
    return [e.to_dict() for e in events]


def test_every_simulated_record_replays_to_the_same_events() -> None:
    for ai in ("potential", "random"):
        played = simulate(11, ai, matches=3)
        record = json.loads(json.dumps(run_record(11, (ai,) * 4, played)))
        streams = replay_events(record)
        assert [_dicts(s) for s in streams] == [_dicts(c.events) for c in played]


def test_a_match_with_a_human_seat_replays_to_the_same_events() -> None:
    rng = random.Random(5)
    ctl = Controller(seats=("human", "random", "potential", "human"), seed=5)
    while not ctl.is_over:
        ctl.step()
        if ctl.pending is not None:
            ctl.submit(rng.choice(ctl.pending.actions))
    record = run_record(5, ctl.seat_kinds, [ctl])
    assert _dicts(replay_events(record)[0]) == _dicts(ctl.events)


def test_an_all_ai_run_is_reproducible_from_the_seed() -> None:
    a, b = simulate(3, matches=2), simulate(3, matches=2)
    assert [_dicts(c.events) for c in a] == [_dicts(c.events) for c in b]


def test_write_then_read_round_trips_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    record = run_record(2, ("potential",) * 4, simulate(2, hands=2))
    path = tmp_path / "run.json"
    write_record(record, path)
    assert read_record(path) == json.loads(json.dumps(record))
    assert [p.name for p in tmp_path.iterdir()] == ["run.json"]


def test_bad_records_raise_record_errors(tmp_path: Path) -> None:
    with pytest.raises(RecordError, match="not found"):
        read_record(tmp_path / "missing.json")
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"schema": 1, "matches": [', encoding="utf-8")
    with pytest.raises(RecordError, match="not valid JSON"):
        read_record(corrupt)
    record = run_record(2, ("potential",) * 4, simulate(2, hands=1))
    newer = tmp_path / "newer.json"
    newer.write_text(json.dumps({**record, "schema": SCHEMA + 1}), encoding="utf-8")
    with pytest.raises(RecordError, match="newer than this version"):
        read_record(newer)
    record["matches"][0]["decisions"][0] = {"type": "tsumo", "seat": 3}
    with pytest.raises(RecordError, match="decision 1 does not apply: seat 3 cannot tsumo"):
        replay_events(record)


def test_replay_text_prints_exactly_the_simulate_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.json"
    assert main(["simulate", "--seed", "4", "--matches", "2", "--log", "--record", str(path)]) == 0
    simulated = capsys.readouterr().out.splitlines()
    assert main(["replay", str(path), "--text"]) == 0
    replayed = capsys.readouterr().out.splitlines()
    assert replayed == simulated[: len(replayed)] and simulated[len(replayed)] == "matches: 2"
    assert any(line.startswith("hands: ") and "  wins: " in line and "  draws: " in line for line in simulated)


def test_replay_exits_2_on_a_bad_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("not json", encoding="utf-8")
    assert main(["replay", str(bad), "--text"]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
