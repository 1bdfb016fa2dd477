"""One replay loop: the controller's resume, the record check, the viewer's cursor and
``replay --text`` all re-apply a record's decisions through ``replay_decisions``, from
the entry's own start (an imported game's decks and first table included)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_joy.cli import main
from mahjong_joy.commands.simulate import simulate
from mahjong_joy.controller import Controller
from mahjong_joy.errors import RecordError
from mahjong_joy.replay import record as record_module
from mahjong_joy.replay.cursor import ReplayCursor
from mahjong_joy.replay.mjai_import import import_mjai
from mahjong_joy.replay.record import record_ruleset, replay_match, run_record, write_record

RIICHIENV = Path(__file__).parent / "fixtures" / "riichienv"


def imported_record() -> dict:
    """A riichienv game imported through our engine: its match entry carries ``deals`` and ``start``."""
    record = import_mjai((RIICHIENV / "tenhou_seed3.mjson").read_text(encoding="utf-8"), "tenhou").record
    entry = record["matches"][0]
    assert entry.get("deals") and entry.get("start") is not None
    return json.loads(json.dumps(record))


def text_of(capsys: pytest.CaptureFixture[str], path: Path) -> list[str]:
    assert main(["replay", str(path), "--text"]) == 0
    return capsys.readouterr().out.splitlines()


def test_replay_text_with_reasons_replays_an_imported_games_own_decks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``replay --text`` on a record with AI reasons re-ran the match from its seed alone
    (``Match(seed, ruleset, max_hands)``), dealing an imported game's hands anew; it must
    print the same lines as without reasons, plus each reason under its decision."""
    record = imported_record()
    plain, reasoned = tmp_path / "plain.json", tmp_path / "reasoned.json"
    write_record(record, plain)
    entry = record["matches"][0]
    count = len(entry["decisions"])
    entry["reasons"] = [f"why {n}" if n % 7 == 0 else None for n in range(count)]
    write_record(record, reasoned)
    lines = text_of(capsys, plain)
    with_reasons = text_of(capsys, reasoned)
    thinks = [line for line in with_reasons if " thinks: why " in line]
    assert len(thinks) == len(range(0, count, 7))
    assert [line for line in with_reasons if line not in thinks] == lines


def test_every_replayer_uses_replay_decisions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The controller, the record check and the cursor all call the one loop."""
    record = json.loads(json.dumps(run_record(3, ("potential",) * 4, simulate(3, hands=1))))
    calls: list[str] = []
    real = record_module.replay_decisions

    def spy(decisions, match, where, **kwargs):  # type: ignore[no-untyped-def]
        calls.append(where)
        return real(decisions, match, where, **kwargs)

    monkeypatch.setattr(record_module, "replay_decisions", spy)
    import mahjong_joy.controller as controller_module

    monkeypatch.setattr(controller_module, "replay_decisions", spy)
    ruleset = record_ruleset(record)
    replay_match(record["matches"][0], ruleset, "run.json")
    ReplayCursor(record, 0, "run.json")
    Controller.resume(record["matches"][0], record["seats"], ruleset, name="run.json")
    assert calls == ["run.json: match 1", "run.json: match 1", "run.json:"]


def test_the_same_refusals_from_the_record_check_and_the_controller() -> None:
    record = json.loads(json.dumps(run_record(5, ("potential",) * 4, simulate(5, hands=1))))
    entry = record["matches"][0]
    ruleset = record_ruleset(record)
    late = {**entry, "decisions": entry["decisions"] + [{"type": "pass", "seat": 1}]}
    number = len(late["decisions"])
    with pytest.raises(RecordError, match=f"^run.json: match 1 decision {number} comes after the match ended$"):
        replay_match(late, ruleset, "run.json")
    with pytest.raises(RecordError, match=f"^run.json: decision {number} comes after the match ended$"):
        Controller.resume(late, record["seats"], ruleset, name="run.json")
    bad = {**entry, "decisions": entry["decisions"][:2] + [{"type": "tsumo", "seat": 3}]}
    with pytest.raises(RecordError, match="^run.json: match 1 decision 3 does not apply: seat 3 cannot tsumo"):
        replay_match(bad, ruleset, "run.json")
    with pytest.raises(RecordError, match="^run.json: decision 3 does not apply: seat 3 cannot tsumo"):
        Controller.resume(bad, record["seats"], ruleset, name="run.json")
    with pytest.raises(RecordError, match="decision 3 does not apply: seat 3 cannot tsumo"):
        ReplayCursor({**record, "matches": [bad]}, 0, "run.json")


def test_the_controller_resumes_an_imported_game_from_its_own_decks() -> None:
    """Controller.resume starts from the entry's decks and first table, as the record check does."""
    record = imported_record()
    entry = record["matches"][0]
    ruleset = record_ruleset(record)
    cut = {**entry, "decisions": entry["decisions"][:40]}
    replayed = replay_match(cut, ruleset)
    ctl = Controller.resume(cut, ("random",) * 4, ruleset, auto_deal=False)
    assert ctl.events == replayed.events
    assert ctl.match.points == replayed.points
