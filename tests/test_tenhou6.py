"""tenhou.net/6 logs: our export, and its import through the same checked path as mjai."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from mahjong_joy.cli import main
from mahjong_joy.replay.mjai_import import ImportMismatch, LogFormatError, import_mjai
from mahjong_joy.replay.tenhou6 import export_tenhou6, import_tenhou6, t6_tile
from tests.test_mjai_import import riichienv_log, simulated_record, summary_of


@pytest.fixture(scope="module")
def riichienv_t6() -> dict:
    """riichienv's seed-6 hanchan (calls, kans, riichi) as tenhou.net/6, via our mjai import."""
    return json.loads(json.dumps(export_tenhou6(import_mjai(riichienv_log(6)).record)))


def test_tiles_use_tenhou_numbers() -> None:
    assert [t6_tile(t) for t in ("1m", "9m", "1p", "5s", "E", "N", "P", "F", "C")] == [11, 19, 21, 35, 41, 44, 45, 46, 47]
    assert [t6_tile(t) for t in ("5mr", "5pr", "5sr")] == [51, 52, 53]


def test_a_hand_has_the_tenhou_shape(riichienv_t6: dict) -> None:
    assert set(riichienv_t6) >= {"title", "name", "rule", "log", "sc"} and riichienv_t6["rule"]["aka"] == 1
    for hand in riichienv_t6["log"]:
        assert len(hand) == 17 and len(hand[0]) == 3 and len(hand[1]) == 4 and 1 <= len(hand[2]) <= 5
        assert all(len(hand[4 + 3 * s]) == 13 for s in range(4))
        assert hand[16][0] in ("和了", "流局", "流し満貫", "九種九牌", "四風連打", "四開槓", "四家立直", "三家和了")
    texts = [x for hand in riichienv_t6["log"] for s in range(4) for x in hand[5 + 3 * s] + hand[6 + 3 * s] if isinstance(x, str)]
    for letter in "cpmakr":
        assert any(letter in text for text in texts), letter


def test_riichienv_games_import_through_tenhou6_with_the_same_summary(riichienv_t6: dict) -> None:
    through_t6 = import_tenhou6(riichienv_t6, "tenhou", "t6")
    assert not through_t6.errors
    assert summary_of(through_t6.record) == summary_of(import_mjai(riichienv_log(6)).record)


@pytest.mark.parametrize("rules, seed", [("tenhou", 4), ("mahjong_soul", 5)])
def test_our_simulations_round_trip_through_tenhou6(rules: str, seed: int) -> None:
    record = simulated_record(rules, seed)
    log = json.loads(json.dumps(export_tenhou6(record)))
    imported = import_tenhou6(log, rules, "t6")
    assert summary_of(imported.record) == summary_of(record)
    assert export_tenhou6(imported.record) == log


def test_replay_opens_and_writes_tenhou6(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.mjson"
    log.write_text(riichienv_log(2), encoding="utf-8")
    out = tmp_path / "game.t6.json"
    assert main(["replay", str(log), "--export", "tenhou6", str(out)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log), "--summary", "--json"]) == 0
    from_mjai = capsys.readouterr().out
    assert main(["replay", str(out), "--summary", "--json"]) == 0
    assert capsys.readouterr().out == from_mjai


def test_a_wrong_payment_in_tenhou6_names_the_hand_and_event(riichienv_t6: dict) -> None:
    broken = copy.deepcopy(riichienv_t6)
    hand = next(h for h in broken["log"] if h[16][0] == "和了")
    hand[16][1][0] += 100
    with pytest.raises(ImportMismatch, match=r"^E\d-\d event \d+: the log says hora deltas"):
        import_tenhou6(broken, "tenhou", "t6")


def test_malformed_tenhou6_is_named_by_hand(riichienv_t6: dict) -> None:
    broken = copy.deepcopy(riichienv_t6)
    broken["log"][1][5][0] = 99
    with pytest.raises(LogFormatError, match="t6 hand 2 takes 0: 99 is not a tenhou.net/6 tile"):
        import_tenhou6(broken, "tenhou", "t6")
    with pytest.raises(LogFormatError, match="no log list"):
        import_tenhou6({"name": []}, "tenhou", "t6")


def test_a_pao_win_names_the_responsible_seat() -> None:
    """The result's third field is the responsible seat (the winner when there is none)."""
    fixture = Path(__file__).parent / "fixtures" / "rules" / "pao_ron_tenhou.mjson"
    log = export_tenhou6(import_mjai(fixture.read_text(encoding="utf-8")).record)
    assert log["log"][0][16] == ["和了", [-16000, 32000, 0, -16000], [1, 0, 3, "役満32000点", "daisangen(役満)"]]
    assert not import_tenhou6(json.loads(json.dumps(log))).errors


def test_an_imported_log_names_its_seats_as_the_log_does(riichienv_t6: dict) -> None:
    """The viewer showed seat 0 of an imported tenhou.net/6 log as "Nana" although the log
    names it (play test, issue 27 #6); a log without names keeps the game's names."""
    from mahjong_joy.ui.replay_session import ReplaySession

    named = copy.deepcopy(riichienv_t6)
    named["name"] = ["Asa", "Ben", "Cho", "Dee"]
    session = ReplaySession(import_tenhou6(named).record)
    assert session.names == ("Asa", "Ben", "Cho", "Dee")
    assert session.action_label() == "Asa deals and draws"
    unnamed = copy.deepcopy(riichienv_t6)
    unnamed.pop("name", None)
    assert ReplaySession(import_tenhou6(unnamed).record).names == ("Nana", "Momo", "Sora", "Kiri")
