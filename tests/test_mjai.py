"""mjai export: a seeded match becomes JSON lines other tools read, and its tiles add up per kyoku."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from mahjong_joy.controller import Controller
from mahjong_joy.engine.actions import action_from_dict
from mahjong_joy.engine.match import Match
from mahjong_joy.errors import RecordError
from mahjong_joy.mjai_tiles import mjai_tile
from mahjong_joy.replay.record import record_ruleset
from mahjong_joy.replay.mjai import MJAI_TYPES, export_mjai, write_mjai
from mahjong_joy.replay.record import run_record

CONSUMED_FROM_HAND = {"chi": 2, "pon": 2, "daiminkan": 3, "ankan": 4, "kakan": 1}
TILE_NAMES = {f"{n}{s}" for s in "mps" for n in range(1, 10)} | set("ESWNPFC")


def seeded_record(seed: int, seats: tuple[str, ...] = ("potential",) * 4) -> dict:
    ctl = Controller(seats, seed)
    while not ctl.is_over:
        ctl.step()
    return json.loads(json.dumps(run_record(seed, seats, [ctl])))


def kyoku_of(lines: list[dict]) -> list[list[dict]]:
    """The lines from each start_kyoku to its end_kyoku."""
    out: list[list[dict]] = []
    for line in lines:
        if line["type"] == "start_kyoku":
            out.append([])
        if out and (not out[-1] or out[-1][-1]["type"] != "end_kyoku"):
            out[-1].append(line)
    return out


def engine_hands_at_each_end(record: dict) -> list[tuple[int, list[list[int]]]]:
    """Per finished hand, from the engine itself: concealed tile count and each seat's concealed kinds."""
    entry = record["matches"][0]
    match = Match(entry["seed"], record_ruleset(record), max_hands=entry["max_hands"])
    ends = []
    for data in entry["decisions"]:
        if match.hand.is_finished:
            match.next_hand()
        match.apply(action_from_dict(data))
        if match.hand.is_finished:
            hands = [sorted(t // 4 for t in tiles) for tiles in match.hand.concealed]
            ends.append((sum(len(h) for h in hands), hands))
    return ends


@pytest.fixture(scope="module")
def calls_record() -> dict:
    """A seeded multi-hand match with chi, pon and added kans (seed 2, potential AIs)."""
    return seeded_record(2)


def test_mjai_tiles_use_the_protocol_names() -> None:
    assert [mjai_tile(k) for k in range(34)] == [f"{n}{s}" for s in "mps" for n in range(1, 10)] + list("ESWNPFC")
    assert [mjai_tile(k) for k in (34, 35, 36)] == ["5mr", "5pr", "5sr"]
    for bad in (37, -1, True, 4.0):
        with pytest.raises(RecordError):
            mjai_tile(bad)


def test_every_line_parses_and_has_a_protocol_type(tmp_path: Path, calls_record: dict) -> None:
    path = tmp_path / "game.mjson"
    write_mjai(calls_record, path)
    raw = path.read_text(encoding="utf-8").splitlines()
    lines = [json.loads(text) for text in raw]
    assert lines == export_mjai(calls_record) and all("\n" not in text for text in raw)
    assert all(line["type"] in MJAI_TYPES for line in lines)
    kinds = Counter(line["type"] for line in lines)
    assert kinds["start_game"] == kinds["end_game"] == 1 and lines[0]["type"] == "start_game" and lines[-1]["type"] == "end_game"
    assert kinds["start_kyoku"] == kinds["end_kyoku"] >= 3
    assert kinds["chi"] and kinds["pon"] and kinds["kakan"]
    assert kinds["dora"] == 0, "Joy scores no dora, so its kans turn over no exported indicator"
    assert all("dora_marker" in line for line in lines if line["type"] == "start_kyoku"), "mjai needs one per kyoku"
    assert kinds["hora"] + kinds["ryukyoku"] == kinds["start_kyoku"]
    assert [p for p in path.parent.iterdir()] == [path]


def test_each_kyoku_deals_four_hands_of_thirteen_and_its_tiles_add_up(calls_record: dict) -> None:
    lines = export_mjai(calls_record)
    kyokus = kyoku_of(lines)
    ends = engine_hands_at_each_end(calls_record)
    assert len(kyokus) == len(ends)
    for kyoku, (left_in_hands, engine_hands) in zip(kyokus, ends):
        start, outcome = kyoku[0], kyoku[-2]
        assert start["kyotaku"] == 0 and start["bakaze"] == "E" and len(start["scores"]) == 4
        assert [len(hand) for hand in start["tehais"]] == [13] * 4
        drawn = [line["pai"] for line in kyoku if line["type"] == "tsumo"]
        discarded = sum(line["type"] == "dahai" for line in kyoku)
        calls = [line for line in kyoku if line["type"] in CONSUMED_FROM_HAND]
        consumed = sum(CONSUMED_FROM_HAND[line["type"]] for line in calls)  # a kakan lists its pon, takes one tile
        assert all(len(line["consumed"]) == (3 if line["type"] == "kakan" else CONSUMED_FROM_HAND[line["type"]]) for line in calls)
        won_on_other = outcome["type"] == "hora" and outcome["target"] != outcome["actor"]  # the ron tile joins the hand
        assert 52 + len(drawn) + won_on_other == discarded + consumed + left_in_hands
        seen = Counter(tile for hand in start["tehais"] for tile in hand) + Counter(drawn)
        seen += Counter([start["dora_marker"]] + [line["dora_marker"] for line in kyoku if line["type"] == "dora"])
        assert set(seen) <= TILE_NAMES and max(seen.values()) <= 4
        if outcome["type"] == "ryukyoku":
            assert outcome["tehais"] == [[mjai_tile(k) for k in hand] for hand in engine_hands]
        else:
            assert sorted(outcome["hora_tehais"]) == sorted(mjai_tile(k) for k in engine_hands[outcome["actor"]])
            assert sum(outcome["deltas"]) >= 0 and outcome["deltas"][outcome["actor"]] == outcome["hora_points"] > 0


def test_calls_name_actor_target_and_the_tiles_taken(calls_record: dict) -> None:
    for line in export_mjai(calls_record):
        if line["type"] in ("chi", "pon", "daiminkan"):
            assert line["actor"] != line["target"] and line["pai"] in TILE_NAMES
        if line["type"] == "chi":
            assert line["target"] == (line["actor"] - 1) % 4
            suit = {t[1] for t in line["consumed"] + [line["pai"]]}
            ranks = sorted(int(t[0]) for t in line["consumed"] + [line["pai"]])
            assert len(suit) == 1 and ranks == list(range(ranks[0], ranks[0] + 3))
        if line["type"] in ("pon", "kakan"):
            assert set(line["consumed"]) == {line["pai"]}


def test_scores_carry_from_kyoku_to_kyoku_and_end_the_game(calls_record: dict) -> None:
    lines = export_mjai(calls_record)
    starts = [line for line in lines if line["type"] == "start_kyoku"]
    outcomes = [line for line in lines if line["type"] in ("hora", "ryukyoku")]
    for before, after, outcome in zip(starts, starts[1:], outcomes):
        assert [a + d for a, d in zip(before["scores"], outcome["deltas"])] == outcome["scores"] == after["scores"]
    assert lines[-1]["scores"] == outcomes[-1]["scores"]


def test_a_draw_and_a_multi_match_record_export_too() -> None:
    random = seeded_record(3, ("random",) * 4)  # random AIs draw every hand
    lines = export_mjai(random)
    assert {"ryukyoku"} == {line["type"] for line in lines} & {"hora", "ryukyoku"}
    for line in lines:
        if line["type"] == "ryukyoku":
            assert line["reason"] == "fanpai" and len(line["tenpais"]) == 4 and all(isinstance(t, bool) for t in line["tenpais"])
    double = {**random, "matches": random["matches"] * 2}
    assert export_mjai(double) == lines * 2


def test_a_record_that_does_not_replay_is_refused(calls_record: dict) -> None:
    entry = calls_record["matches"][0]
    bad = {**calls_record, "matches": [{**entry, "decisions": [{"type": "pon", "seat": 2}]}]}
    with pytest.raises(RecordError, match="decision 1 does not apply"):
        export_mjai(bad)
    with pytest.raises(RecordError, match="newer than this version"):
        export_mjai({**calls_record, "schema": 99})


def riichi_record(rules: str, seed: int) -> dict:
    from mahjong_joy.rulesets.joy import ruleset_for

    ctl = Controller(("potential",) * 4, seed, ruleset_for(rules))
    while not ctl.is_over:
        ctl.step()
    return json.loads(json.dumps(run_record(seed, ("potential",) * 4, [ctl])))


@pytest.mark.parametrize("rules, seed", [("tenhou", 1), ("tenhou", 8), ("mahjong_soul", 3), ("mahjong_soul", 6)])
def test_a_riichi_export_carries_reach_red_fives_and_scores_that_add_up(rules: str, seed: int) -> None:
    lines = export_mjai(riichi_record(rules, seed))
    names = TILE_NAMES | {"5mr", "5pr", "5sr"}
    scores: list[int] = []
    kinds = Counter(line["type"] for line in lines)
    assert kinds["reach"] >= 1 and kinds["reach_accepted"] <= kinds["reach"]
    for i, line in enumerate(lines):
        for key in ("pai", "dora_marker"):
            if key in line:
                assert line[key] in names
        if line["type"] == "start_kyoku":
            if scores:
                assert line["scores"] == scores, "each hand starts from the last one's scores"
            scores = list(line["scores"])
            reds = Counter(t for hand in line["tehais"] for t in hand if t.endswith("r"))
            assert all(n == 1 for n in reds.values())
        elif line["type"] == "reach":
            assert lines[i + 1]["type"] == "dahai" and lines[i + 1]["actor"] == line["actor"]
        elif line["type"] in ("reach_accepted", "hora", "ryukyoku"):
            scores = [a + b for a, b in zip(scores, line["deltas"])]
            assert line["scores"] == scores
        elif line["type"] == "end_game":
            total = sum(line["scores"])
            assert total == 100_000
    assert any("5mr" in str(line) or "5pr" in str(line) or "5sr" in str(line) for line in lines)


def test_a_riichi_export_turns_a_dora_over_for_every_kan() -> None:
    """Riichi scores dora, so each kan's indicator is exported (a seed whose hands hold kans)."""
    for seed in range(1, 30):
        kinds = Counter(line["type"] for line in export_mjai(riichi_record("mahjong_soul", seed)))
        kans = kinds["kakan"] + kinds["ankan"] + kinds["daiminkan"]
        if kans:
            assert kinds["dora"] == kans
            return
    pytest.fail("no seeded riichi match with a kan")


def test_the_export_names_the_seats_as_the_table_does_not_their_ai(calls_record: dict) -> None:
    from mahjong_joy.replay.seats import SEAT_NAMES

    names = export_mjai(calls_record)[0]["names"]
    assert names[1:] == list(SEAT_NAMES[1:]) and "potential" not in names
    mine = {**calls_record, "seats": ["potential", "human", "potential", "potential"], "player_seat": 1, "player_name": "Ada"}
    assert export_mjai(mine)[0]["names"] == [SEAT_NAMES[3], "Ada", SEAT_NAMES[1], SEAT_NAMES[2]]
