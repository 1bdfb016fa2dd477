"""``mahjong-joy score``: text, --json, --jsonl, exit codes."""

from __future__ import annotations

import io
import json
import re

import pytest

from mahjong_joy.cli import main

WIN = {"hand": "123m406p789s22s777z", "win_tile": "2s", "seat_wind": "S", "round_wind": "E",
       "dora_indicators": "3p", "honba": 1, "riichi_sticks": 1}


def run(monkeypatch, capsys, stdin: str, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["score", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_breakdown(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, json.dumps(WIN))
    assert code == 0
    for text in ("hand: 123m406p22789s777z", "yakuhai_chun", "aka_dora", "closed triplet 777z: 8",
                 "3 han 40 fu", "discarder pays 5500", "winner receives: 6500"):
        assert text in out


def test_json_result(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, json.dumps(WIN), "--json")
    result = json.loads(out)
    assert code == 0
    assert result["valid"] is True and result["error"] is None
    assert result["yaku"] == [["yakuhai_chun", 1], ["dora", 1], ["aka_dora", 1]]
    assert (result["han"], result["fu"], result["yakuman"], result["limit"]) == (3, 40, 0, None)
    assert result["payments"] == {"ron": 5500} and result["total"] == 6500
    assert {"reason": "tanki_wait", "fu": 2} in result["fu_details"]


def test_file_argument_and_rules(tmp_path, monkeypatch, capsys):
    path = tmp_path / "win.json"
    path.write_text(json.dumps(dict(WIN, tsumo=True, rules={"red_fives": False})))
    code, out, _ = run(monkeypatch, capsys, "", str(path), "--json")
    result = json.loads(out)
    assert code == 0 and result["payments"] == {"tsumo_dealer": 2700, "tsumo_non_dealer": 1400}
    assert ["aka_dora", 1] not in result["yaku"]


@pytest.mark.parametrize("stdin", ["not json", '{"hand": "8z", "win_tile": "1m"}', '{"hand": "123m", "win": "1m"}',
                                   '{"hand": "12m", "win_tile": "1m"}', '{"hand": "123m456p789s234s22z",'
                                   ' "win_tile": "3s", "rules": {"kiriage": true}}'])
def test_bad_input_exits_2(monkeypatch, capsys, stdin):
    code, _, err = run(monkeypatch, capsys, stdin)
    assert code == 2 and err.startswith("mahjong-joy score:")


def test_missing_file_exits_2(monkeypatch, capsys):
    code, _, err = run(monkeypatch, capsys, "", "/no/such/file.json")
    assert code == 2 and "cannot read" in err


def test_jsonl_goes_on_after_bad_lines(monkeypatch, capsys):
    lines = [json.dumps(WIN), "nope", '{"hand": "9z", "win_tile": "1m"}',
             '{"hand": "123m456p789s234s22z", "win_tile": "3s"}', "", json.dumps(dict(WIN, tsumo=True))]
    code, out, _ = run(monkeypatch, capsys, "\n".join(lines), "--jsonl")
    results = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and len(results) == 5
    assert [r["valid"] for r in results] == [True, False, False, False, True]
    assert [r["error"] for r in results[1:4]] == ["invalid_situation", "invalid_situation", "no_yaku"]
    assert "line 2" in results[1]["message"] and "line 3" in results[2]["message"]


def test_not_winning_is_an_answer(monkeypatch, capsys):
    code, out, _ = run(monkeypatch, capsys, '{"hand": "123m456p789s234s27z", "win_tile": "3s"}', "--json")
    assert code == 0 and json.loads(out)["error"] == "not_winning"


@pytest.mark.parametrize("rules, yakuman, option_wins", [("mahjong_soul", 2, 1), ("tenhou", 1, 2), ("joy", 2, 1)])
def test_rules_picks_the_preset_options_and_the_situation_may_still_change_one(
    monkeypatch, capsys, rules: str, yakuman: int, option_wins: int
) -> None:
    """Thirteen orphans on a thirteen-sided wait: double on Mahjong Soul, single on
    Tenhou (RULES.md C1-16); Joy keeps the scorer's double yakuman. A situation's
    own ``rules`` key overrides the preset field by field."""
    kokushi = {"hand": "19m19p19s12345677z", "win_tile": "7z", "tsumo": True}
    code, out, _ = run(monkeypatch, capsys, json.dumps(kokushi), "--json", "--rules", rules)
    assert code == 0 and json.loads(out)["yakuman"] == yakuman
    flipped = dict(kokushi, rules={"double_yakuman": yakuman == 1})
    code, out, _ = run(monkeypatch, capsys, json.dumps(flipped), "--json", "--rules", rules)
    assert code == 0 and json.loads(out)["yakuman"] == option_wins


def test_score_help_names_every_field_of_both_situation_formats(capsys: pytest.CaptureFixture[str]) -> None:
    """``score --help`` spells out the JSON situation (play test: it said nothing of it)."""
    from mahjong_joy.rulesets.mcr import situation as mcr_situation
    from mahjong_joy.rulesets.riichi import situation as riichi_situation

    with pytest.raises(SystemExit):
        main(["score", "--help"])
    text = capsys.readouterr().out
    for key in riichi_situation._KNOWN_KEYS | mcr_situation._KNOWN_KEYS:
        assert re.search(rf"\b{key}\b", text), key
