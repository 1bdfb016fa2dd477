"""The coach (issue 26): hand-written positions whose grade is clear, each with the reason
it gives; the JSON contract; reviews of an imported tenhou.net/6 log and of an mjai log;
a record reviewed twice; a bad log. Grades and units: mahjong_joy/app/coach.py and
mahjong_joy/ai/judge.py (expected points of the hand, Hard's own measures)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mahjong_joy.ai.judge import judge, same_choice
from mahjong_joy.ai.levels import LevelAI
from mahjong_joy.app.coach import GRADE_NAMES, GRADES, Reviewer, assess, grade_of, legend, review_match
from mahjong_joy.cli import main
from mahjong_joy.commands.simulate import simulate
from mahjong_joy.engine.actions import Chi, Discard, Pass, Riichi, Ron
from mahjong_joy.replay.mjai_import import import_mjai
from mahjong_joy.replay.record import run_record, write_record
from mahjong_joy.replay.tenhou6 import export_tenhou6
from mahjong_joy.rulesets.presets import TENHOU
from tests.helpers import h
from tests.test_ai_levels import SEAT, view

FIXTURES = Path(__file__).parent / "fixtures"
MJAI_LOG = FIXTURES / "riichienv" / "tenhou_seed1.mjson"
SORA_RIICHI = (None, None, 4, None)
ACTION_TYPES = {"dahai", "reach", "chi", "pon", "daiminkan", "ankan", "kakan", "hora", "none", "ryukyoku"}


def discard(name: str) -> Discard:
    return Discard(SEAT, h(name)[0])


# ---------------------------------------------------------------- positions


def test_dealing_into_a_riichi_with_a_genbutsu_in_hand_is_a_blunder() -> None:
    # far from ready, Sora (the dealer) in riichi, 5p in Sora's river: 4p has no suji, no wall
    v = view("139m2458p3478s567z", rivers=("", "", "1z9s5p2m3z", ""), riichi=SORA_RIICHI, dealer=2)
    found = assess(v, discard("4p"))
    assert same_choice(found.best.action, discard("5p"))
    assert found.grade == "blunder"
    assert found.reason.startswith("5 of Dots is safe (in Sora's own river) against Sora's riichi; your 4 of Dots deals in about ")
    assert found.reason.endswith("% of the time")
    # the AI's own choice is good, with the AI's own reason
    mine = assess(v, discard("5p"))
    assert (mine.grade, mine.loss, mine.reason) == ("good", 0.0, "fold: Sora is in riichi; 5 of Dots is safe (in Sora's own river)")


def test_a_discard_the_ai_rates_equal_is_good() -> None:
    # South and West are equally useless (neither a value tile for this seat, neither dora)
    v = view("123m456p78s11s9m2z3z9p", dora="5s")
    found = assess(v, discard("3z"))
    assert same_choice(found.best.action, discard("2z"))
    assert (found.grade, found.loss) == ("good", 0.0)
    assert found.reason.startswith("discard West wind is as good as discard South wind within the AI's margin: ")


def test_skipping_a_mangan_ron_is_a_blunder() -> None:
    # all simples, pinfu, three-colour straight and two dora (5m, indicator 4m): a haneman on 8s
    v = view("234m234p234s55m67s", offer="8s", dora="4m", legal=[Pass(SEAT), Ron(SEAT)])
    found = assess(v, Pass(SEAT))
    assert found.best.action == Ron(SEAT)
    assert found.best.facts.points >= 8000
    assert found.grade == "blunder"
    assert found.reason.startswith(f"ron for {found.best.facts.points} points; passing it keeps a hand worth about ")


def test_a_tsumogiri_in_a_ready_hand_is_good() -> None:
    # ready on 5-8s with all simples, pinfu and the three-colour straight: the drawn North goes
    v = view("234m234p234s55m67s4z", riichi_ok=True)._replace(drawn=h("4z")[0])
    found = assess(v, discard("4z"))
    assert (found.grade, found.loss, found.agreed) == ("good", 0.0, True)
    assert found.reason == "dama: discard North wind, the hand has a yaku; two-sided wait on 5-8 of Bamboo, 8 tiles left"


def test_dama_on_a_cheap_narrow_wait_loses_the_riichi_value() -> None:
    v = view("234m456p678s55s46m4z", riichi_ok=True)._replace(drawn=h("4z")[0])
    found = assess(v, discard("4z"))
    assert found.best.action == Riichi(SEAT, h("4z")[0])
    assert found.grade != "good"
    assert found.reason.startswith("riichi here: single wait on 5 of Characters, 4 tiles left; dama is worth about ")


def test_a_call_that_leaves_no_yaku_is_worth_nothing() -> None:
    chi = Chi(SEAT, tuple(h("789m")))
    v = view("1289m456p789s133z", offer="7m", discarder=3, legal=[Pass(SEAT), chi])
    found = assess(v, chi)
    assert found.best.action == Pass(SEAT) and found.option.value == 0
    assert found.grade != "good" and found.loss == found.best.value
    assert found.reason == "pass: chi 789m leaves no yaku"


def test_the_hard_ai_pick_is_first_and_every_legal_option_is_valued() -> None:
    v = view("139m2458p3478s567z", rivers=("", "", "1z9s5p2m3z", ""), riichi=SORA_RIICHI)
    found = judge(v, v.legal_actions)
    assert found.best.action == LevelAI("hard").choose(v, v.legal_actions)
    assert len(found.options) == len(v.legal_actions)
    assert all(found.best.value >= o.value for o in found.options)
    assert [o.value for o in found.options[1:]] == sorted((o.value for o in found.options[1:]), reverse=True)


def test_grades_follow_the_thresholds_and_near_ties_are_good() -> None:
    assert [name for name, _ in GRADES] == list(GRADE_NAMES)
    for (name, least), (_, upper) in zip(GRADES[1:], [*GRADES[2:], (None, 10**6)]):
        assert grade_of(least, 0) == grade_of(upper - 1, 0) == name
    assert grade_of(GRADES[1][1] - 1, 0) == "good"
    assert grade_of(700, 10000) == "good"  # within a tenth of an 10,000-point option: the AI's own noise
    assert len(legend()) == len(GRADES)


# ---------------------------------------------------------------- whole records


@pytest.fixture(scope="module")
def record() -> dict:
    seats = ["easy", "hard", "normal", "hard"]
    return run_record(4, seats, simulate(4, seats, hands=3, rules=TENHOU), TENHOU)


def test_the_hard_ai_agrees_with_itself_on_a_whole_record(record: dict) -> None:
    review = review_match(record, 1)
    assert review.summary.reviewed > 20
    assert review.summary.agreement == 1.0 and review.summary.total_loss == 0


def test_a_record_reviewed_twice_gives_identical_results_and_pieces_match_one_run(record: dict) -> None:
    first = review_match(record, 0).to_json()
    reviewer = Reviewer(record, 0)
    shares = []
    while not reviewer.advance(0.0):
        shares.append(reviewer.progress)
    assert shares == sorted(shares) and 0 < len(shares)
    assert reviewer.review is not None and reviewer.review.to_json() == first
    assert first["summary"]["reviewed"] == len(first["decisions"]) > 20


def test_each_decision_is_at_the_step_the_viewer_opens(record: dict) -> None:
    from mahjong_joy.replay.cursor import ReplayCursor

    cursor = ReplayCursor(record)
    review = review_match(record, 0)
    for d in review.decisions[::7]:
        cursor.seek(d.hand, d.step)
        assert cursor.position == (d.hand, d.step)
        assert cursor.actions[cursor.spans[d.hand].first + d.step] == d.chosen  # the decision comes next
        assert cursor.match.hand.current == 0 or d.kind in ("call", "pass", "win")


def test_the_json_contract(record: dict, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.json"
    write_record(record, path)
    assert main(["review", str(path), "--seat", "0", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert "reviewing [" in err and "100%" in err
    assert data["seat"] == 0 and data["rules"] == "tenhou"
    for d in data["decisions"]:
        assert set(d) >= {"hand", "step", "kind", "chosen", "best", "options", "loss", "grade", "reason"}
        assert d["hand"][0] in "ESWN" and d["hand"][1] in "1234" and "-" in d["hand"]
        assert d["kind"] in ("discard", "riichi", "call", "pass", "kan", "win")
        assert d["grade"] == grade_of(d["loss"], d["options"][0]["value"])
        assert d["best"] == d["options"][0]["action"]
        chosen = next(o for o in d["options"] if _same_mjai(o["action"], d["chosen"]))
        assert d["loss"] == max(0, d["options"][0]["value"] - chosen["value"])
        for option in d["options"]:
            assert option["action"]["type"] in ACTION_TYPES and isinstance(option["value"], int)
        assert isinstance(d["reason"], str) and d["reason"]
    summary = data["summary"]
    assert set(summary) >= {"reviewed", "agreement", "total_loss", "worst", "luck"}
    losses = [w["loss"] for w in summary["worst"]]
    assert losses == sorted(losses, reverse=True) and len(losses) <= 5
    assert summary["total_loss"] == sum(d["loss"] for d in data["decisions"])


def _same_mjai(a: dict, b: dict) -> bool:
    return a["type"] == b["type"] and a.get("pai") == b.get("pai") and a.get("consumed") == b.get("consumed")


def test_review_text_lists_the_summary_and_every_mistake(record: dict, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "run.json"
    write_record(record, path)
    assert main(["review", str(path), "--seat", "0"]) == 0
    out = capsys.readouterr().out
    review = review_match(record, 0)
    assert f"Decisions reviewed: {review.summary.reviewed}" in out
    assert "Legend:" in out
    for d in review.mistakes():
        assert f"{d.label} hand {d.hand + 1} step {d.step} [{d.grade}" in out
        assert d.reason in out


# ---------------------------------------------------------------- imported logs


def test_review_of_an_mjai_log(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(MJAI_LOG), "--seat", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 2 and data["summary"]["reviewed"] == len(data["decisions"]) > 10
    assert {d["kind"] for d in data["decisions"]} >= {"discard", "pass"}


def test_review_of_a_tenhou6_log_matches_the_mjai_log_it_came_from(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = export_tenhou6(import_mjai(MJAI_LOG.read_text(encoding="utf-8")).record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    assert main(["review", str(path), "--seat", "2", "--json"]) == 0
    from_tenhou = json.loads(capsys.readouterr().out)
    assert main(["review", str(MJAI_LOG), "--seat", "2", "--json"]) == 0
    from_mjai = json.loads(capsys.readouterr().out)
    assert from_tenhou["decisions"] and from_tenhou["summary"]["reviewed"] == from_mjai["summary"]["reviewed"]
    assert [d["grade"] for d in from_tenhou["decisions"]] == [d["grade"] for d in from_mjai["decisions"]]


@pytest.mark.parametrize("text", ['{"type":"start_game"}\n', '{"log": [[1, 2]]}', "not json at all"])
def test_a_bad_log_gives_the_clear_error_and_no_traceback(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("mahjong-joy review: ") and "Traceback" not in err


def test_a_seat_outside_the_table_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(MJAI_LOG), "--seat", "4"]) == 2
    assert "seat 4 is not a seat" in capsys.readouterr().err


def test_a_chinese_official_record_is_refused_in_words() -> None:
    from mahjong_joy.errors import RecordError
    from mahjong_joy.rulesets.presets import MCR

    seats = ["easy"] * 4
    mcr = run_record(3, seats, simulate(3, seats, hands=1, rules=MCR), MCR)
    with pytest.raises(RecordError, match=r"no AI ranks Chinese Official decisions yet \(rules: mcr\)"):
        Reviewer(mcr, 0)


def test_luck_lines_are_facts_of_the_record() -> None:
    from mahjong_joy.engine.events import HandScored
    from mahjong_joy.melds import CLOSED_KAN
    from mahjong_joy.replay.formats import load
    from mahjong_joy.replay.record import record_ruleset, replay_match

    record = load(MJAI_LOG).record
    match = replay_match(record["matches"][0], record_ruleset(record))
    wins = [w for e in match.events if isinstance(e, HandScored) for w in e.outcome.wins]
    found = 0
    for seat in range(4):
        dama = [w for w in wins if w.seat != seat and w.deltas[seat] < 0 and all(m.type == CLOSED_KAN for m in w.melds)
                and not {"riichi", "double_riichi"} & {name for name, _ in w.yaku}]
        luck = review_match(record, seat).summary.luck
        assert sum("with a dama hand" in line for line in luck) == len(dama)
        found += len(dama)
    assert found  # the fixture has one: Momo's dama yakuman in E3-0
