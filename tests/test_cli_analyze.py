"""``mahjong-joy analyze``: text, JSON and JSON-lines output, and bad input."""

from __future__ import annotations

import io
import json

import pytest

from mahjong_joy.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_ready_hand_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "123m456p789s1122z")
    assert code == 0
    assert "hand: 123m456p789s1122z" in out
    assert "shanten: 0 (ready)" in out
    assert "waits: 1z(2) 2z(2)" in out


def test_json_keys_for_13_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "analyze", "m123 p456 s789 z1122", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["tiles"] == "123m456p789s1122z"
    assert data["shanten"] == 0
    assert data["shanten_by_form"] == {"standard": 0, "seven_pairs": 4, "thirteen_orphans": 8}
    assert data["winning"] is False
    assert data["waits"] == ["1z", "2z"]
    assert data["ukeire"] == {"1z": 2, "2z": 2}


def test_json_for_a_complete_hand(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "analyze", "1112345678999m9m", "--json")
    data = json.loads(out)
    assert data["winning"] is True and data["shanten"] == -1
    assert data["decompositions"] == [["11m", "123m", "456m", "789m", "999m"]]
    assert data["discards"][0]["tile"] == "9m"
    assert data["discards"][0]["shanten"] == 0
    assert sum(data["discards"][0]["ukeire"].values()) == 22  # no 9m unseen: four held, one of them discarded


def test_melds_option(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "analyze", "123m45p66z", "--melds", "2", "--json")
    data = json.loads(out)
    assert data["waits"] == ["3p", "6p"]
    assert data["shanten_by_form"]["seven_pairs"] is None


def test_bad_hand_exits_2_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "analyze", "123m8z")
    assert code == 2 and out == ""
    assert "honor rank 8 at position 4" in err


def test_wrong_size_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "analyze", "1234m")
    assert code == 2 and "4 tiles with 0 melds" in err


def test_jsonl_keeps_going_after_a_bad_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("123m456p789s1122z\n11111m\n\n19m19p19s12345677z\n"))
    code, out, _ = run(capsys, "analyze", "--jsonl")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 0
    assert [("error" in line) for line in lines] == [False, True, False]
    assert "copy 5 of 1m" in lines[1]["error"]
    assert lines[2]["winning"] is True
