"""``simulate --ai`` per seat with the ``--json`` seat block, and reasons in records and ``replay --text``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_joy.cli import main


def test_simulate_seats_one_level_per_seat_and_reports_each(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rules", "tenhou", "--seed", "3", "--hands", "4", "--ai", "hard,easy,normal,random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    seats = data["seats"]
    assert [s["ai"] for s in seats] == ["hard", "easy", "normal", "random"]
    assert set(seats[0]) == {"seat", "ai", "hands", "wins", "tsumo", "deal_ins", "riichi", "calls", "points_delta", "placements"}
    hands = [h for m in data["matches"] for h in m["hands"]]
    assert all(s["hands"] == len(hands) for s in seats)
    assert sum(s["wins"] for s in seats) == sum(len(h["wins"]) for h in hands)
    assert sum(s["riichi"] for s in seats) >= sum(len(h["riichi"]) for h in hands)  # declarations; a ronned one is not accepted
    start = data["matches"][0]["hands"][0]["start_points"]
    final = [sum(m["final_points"][i] for m in data["matches"]) for i in range(4)]
    assert [s["points_delta"] for s in seats] == [final[i] - start[i] * len(data["matches"]) for i in range(4)]
    assert [sum(s["placements"]) for s in seats] == [len(data["matches"])] * 4


def test_one_name_seats_it_everywhere_and_a_bad_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--seed", "1", "--hands", "1", "--ai", "easy", "--json"]) == 0
    assert [s["ai"] for s in json.loads(capsys.readouterr().out)["seats"]] == ["easy"] * 4
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--ai", "hard,expert"])
    assert exit_info.value.code == 2
    assert "unknown AI 'expert'" in capsys.readouterr().err


def test_records_keep_the_reasons_and_replay_text_prints_them(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.json"
    assert main(["simulate", "--rules", "tenhou", "--seed", "5", "--hands", "2", "--ai", "hard", "--record", str(path)]) == 0
    capsys.readouterr()
    record = json.loads(path.read_text())
    entry = record["matches"][0]
    assert len(entry["reasons"]) == len(entry["decisions"])
    assert main(["replay", str(path), "--text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    thinks = [line for line in lines if " thinks: " in line]
    assert len(thinks) >= len(entry["decisions"]) // 2
    first = next(i for i, line in enumerate(lines) if " thinks: " in line)
    assert lines[first + 1].startswith(lines[first].split()[0])  # the reason sits just above its seat's move


def test_the_potential_ai_leaves_records_as_they_were(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.json"
    assert main(["simulate", "--seed", "5", "--hands", "1", "--record", str(path)]) == 0
    assert "reasons" not in json.loads(path.read_text())["matches"][0]
