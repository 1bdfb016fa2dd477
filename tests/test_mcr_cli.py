"""``mahjong-joy score --rules mcr`` and ``analyze --rules mcr``: text, JSON, JSON lines, exit codes;
plus the MCR modules' docstring examples and the Python entry points."""

from __future__ import annotations

import doctest
import importlib
import io
import json

import pytest

from mahjong_joy.cli import main

WIN = {"hand": "456p789s234s55s", "win_tile": "4s", "melds": [{"type": "chow", "tiles": "123m"}],
       "seat_wind": "S", "round_wind": "E", "flowers": 2}


def run(monkeypatch, capsys, stdin: str, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_breakdown_has_both_names(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, json.dumps(WIN), "score", "--rules", "mcr")
    assert code == 0
    for text in ("Mixed Straight", "花龙", "(mixed_straight)", "All Chows", "平和", "Flower Tiles",
                 "fan total: 10 + 2 flowers = 12", "discarder pays 20, the other two 8 each"):
        assert text in out


def test_json_result_is_the_contract(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, json.dumps(WIN), "score", "--rules", "mcr", "--json")
    assert code == 0
    result = json.loads(out)
    assert set(result) == {"valid", "error", "message", "fan", "fan_total", "flowers", "total", "payments"}
    assert result["fan"] == [["mixed_straight", 8, 1], ["all_chows", 2, 1], ["flower_tiles", 1, 2]]
    assert (result["fan_total"], result["flowers"], result["total"]) == (10, 2, 12)
    assert result["payments"] == {"discarder": 20, "others": 8} and result["valid"] is True


def test_below_minimum_still_lists_fan(monkeypatch, capsys):
    low = dict(WIN, hand="456m678p234s55s", flowers=0)
    code, out, _ = run(monkeypatch, capsys, json.dumps(low), "score", "--rules", "mcr", "--json")
    result = json.loads(out)
    assert code == 0 and result["error"] == "below_minimum" and result["valid"] is False
    assert result["fan"] and result["fan_total"] < 8 and result["payments"] == {}


def test_file_argument(tmp_path, monkeypatch, capsys):
    path = tmp_path / "win.json"
    path.write_text(json.dumps(WIN), encoding="utf-8")
    code, out, _ = run(monkeypatch, capsys, "", "score", "--rules", "mcr", str(path), "--json")
    assert code == 0 and json.loads(out)["total"] == 12


@pytest.mark.parametrize("text, needle", [
    ("not json", "not valid JSON"),
    (json.dumps(dict(WIN, seat_wind="X")), "seat_wind"),
    (json.dumps(dict(WIN, flowers=9)), "flowers"),
    (json.dumps(dict(WIN, melds=[{"type": "chow", "tiles": "124m"}])), "meld 0"),
    (json.dumps(dict(WIN, dora_indicators="1m")), "dora_indicators"),
])
def test_bad_input_is_one_line_and_exit_2(monkeypatch, capsys, text, needle):
    code, out, err = run(monkeypatch, capsys, text, "score", "--rules", "mcr")
    assert code == 2 and out == "" and needle in err and err.count("\n") == 1


def test_invalid_situation_exits_2(monkeypatch, capsys):
    bad = dict(WIN, tsumo=True, robbing_kong=True)
    code, out, err = run(monkeypatch, capsys, json.dumps(bad), "score", "--rules", "mcr", "--json")
    assert code == 2 and json.loads(out)["error"] == "invalid_situation" and "robbing the kong" in err


def test_jsonl_gives_an_error_object_per_bad_line(monkeypatch, capsys):
    lines = "\n".join([json.dumps(WIN), "{oops", json.dumps({"hand": "123m", "win_tile": "1m"}),
                       json.dumps(dict(WIN, win_tile="4z")), json.dumps(WIN)]) + "\n"
    code, out, _ = run(monkeypatch, capsys, lines, "score", "--rules", "mcr", "--jsonl")
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(results) == 5
    assert [r["error"] for r in results] == [None, "invalid_situation", "invalid_situation",
                                             "invalid_situation", None]
    assert results[1]["message"].startswith("line 2: the situation is not valid JSON")
    assert all(set(r) == set(results[0]) for r in results)


def test_riichi_is_unchanged_without_rules(monkeypatch, capsys):
    riichi = {"hand": "123m406p789s22s777z", "win_tile": "2s", "seat_wind": "S", "round_wind": "E"}
    code, out, _ = run(monkeypatch, capsys, json.dumps(riichi), "score", "--json")
    assert code == 0 and "yaku" in json.loads(out)


def test_analyze_mcr_text(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "", "analyze", "--rules", "mcr", "147m258p369s1234z")
    assert code == 0
    assert "honors and knitted: 0" in out and "knitted straight: 2" in out
    assert "waits: 5z(4) 6z(4) 7z(4)" in out


def test_analyze_mcr_json_complete_hand(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "", "analyze", "--rules", "mcr", "147m258p369s11z",
                       "--melds", "1", "--json")
    result = json.loads(out)
    assert code == 0 and result["winning"] is True
    assert result["shanten_by_form"]["seven_pairs"] is None
    assert result["decompositions"] == [{"form": "knitted_straight", "reading": "knitted 147m258p369s 11z"}]


def test_analyze_mcr_bad_hand(monkeypatch, capsys):
    code, _, err = run(monkeypatch, capsys, "", "analyze", "--rules", "mcr", "123m")
    assert code == 2 and "tiles" in err


def test_analyze_mcr_jsonl(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, "1122334455667m\n8z\n", "analyze", "--rules", "mcr", "--jsonl")
    first, second = (json.loads(line) for line in out.splitlines())
    assert code == 0 and first["waits"] == ["1m", "4m", "7m"] and "error" in second


def test_python_entry_points():
    from mahjong_joy import McrSituation, score_mcr

    result = score_mcr(McrSituation.from_dict(WIN))
    assert result.to_dict()["total"] == 12
    assert McrSituation.from_dict(McrSituation.from_dict(WIN).to_dict()) == McrSituation.from_dict(WIN)


@pytest.mark.parametrize("name", ["mahjong_joy.hand.mcr_forms", "mahjong_joy.rulesets.mcr",
                                  "mahjong_joy.rulesets.mcr.scorer"])
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0 and result.attempted > 0
