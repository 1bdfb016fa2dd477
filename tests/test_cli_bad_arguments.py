"""No command prints a traceback: each is run as a player would (a subprocess) with a few
bad inputs, and must answer with a message and exit code 2 (or 1 where the command
says so), never a Python traceback. Closed pipes (``| head -1``) exit quietly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(args: list[str], tmp: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MAHJONG_JOY_HOME": str(tmp / "home"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-m", "mahjong_joy", *args], input=stdin, capture_output=True,
                          text=True, env=env, cwd=tmp, timeout=120)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """A good record, a damaged one, a folder and a plain file, for the commands to be given."""
    tmp = tmp_path_factory.mktemp("bad_args")
    record = tmp / "run.json"
    done = run(["simulate", "--seed", "3", "--hands", "2", "--record", str(record)], tmp)
    assert done.returncode == 0, done.stderr
    corrupt = tmp / "corrupt.json"
    corrupt.write_text('{"schema": 2, "matches": [', encoding="utf-8")
    (tmp / "folder").mkdir()
    plain = tmp / "plain.txt"
    plain.write_text("not a folder\n", encoding="utf-8")
    return {"tmp": tmp, "record": record, "corrupt": corrupt, "folder": tmp / "folder", "plain": plain}


THIRTY_FOUR_SEEN = "44445555666677778888m1111222233s3333z"  # 34 tiles, none of the hand's

START_KYOKU = {  # seat 0's deal: no pon of anything, so a kakan by it cannot happen
    "type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, "dora_marker": "1m",
    "scores": [25000] * 4, "tehais": [["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "1p", "2p", "3p", "4p"]]
    + [["?"] * 13] * 3,
}
BAD = [  # (arguments with {record} {corrupt} {folder} {plain} {missing} filled in, stdin)
    (["analyze", "xyz"], ""),
    (["analyze", "123m456p789s1122z11z"], ""),
    (["analyze", "--visible", "1111m", "123m456p789s1122z"], ""),
    (["analyze", "--rules", "mcr", "8z"], ""),
    (["analyze"], ""),
    (["score", "{missing}"], ""),
    (["score"], "{not json"),
    (["score"], json.dumps({"hand": "123m", "win_tile": "1m"})),
    (["score", "--rules", "mcr"], "[1, 2]"),
    (["simulate", "--seed", "1", "--matches", "0"], ""),
    (["simulate", "--seed", "1", "--hands", "1", "--ai", "nobody"], ""),
    (["simulate", "--seed", "1", "--hands", "1", "--record", "{missing}/x.json"], ""),
    (["simulate", "--seed", "x"], ""),
    (["replay", "{missing}"], ""),
    (["replay", "{corrupt}", "--text"], ""),
    (["replay", "{folder}", "--summary"], ""),
    (["replay", "{plain}", "--text"], ""),
    (["replay", "{record}", "--hand", "99", "--frames", "1"], ""),
    (["replay", "{record}", "--match", "0", "--frames", "1"], ""),
    (["replay", "{record}", "--export", "mjai", "{missing}/out.jsonl"], ""),
    (["replay", "{record}", "--export", "bogus", "out"], ""),
    (["replay", "{record}", "--screenshot", "shot.png", "--size", "200x100"], ""),
    (["replay", "{record}", "--screenshot", "shot.png", "--size", "wide"], ""),
    (["replay", "{record}", "--save", "{missing}/x.json"], ""),
    (["demo", "--hands", "0"], ""),
    (["demo", "--hands", "-1", "--speed", "fast"], ""),
    (["demo", "--hands", "1", "--speed", "fast", "--screenshots", "{plain}/shots"], ""),
    (["mjai-bot", "--level", "nobody"], ""),
    (["mjai-bot", "--level", "easy"], "not json\n"),
    (["mjai-bot", "--level", "easy"], '{"type": "start_kyoku"}\n'),
    (["mjai-bot", "--level", "easy"], json.dumps([{"type": "start_game", "id": 0}, START_KYOKU]) + "\n"
     + json.dumps([{"type": "kakan", "actor": 0, "pai": "E", "consumed": ["E", "E", "E"]}]) + "\n"),
    (["stats", "--bogus"], ""),
    (["nonsense"], ""),
    (["--rules", "nobody"], ""),
]


@pytest.mark.parametrize("args, stdin", BAD, ids=[" ".join(a) for a, _ in BAD])
def test_a_bad_input_is_a_message_not_a_traceback(args: list[str], stdin: str, files: dict[str, Path]) -> None:
    names = {key: str(path) for key, path in files.items()} | {"missing": str(files["tmp"] / "no" / "such")}
    done = run([a.format(**names) for a in args], files["tmp"], stdin)
    assert "Traceback" not in done.stderr and "Traceback" not in done.stdout, done.stderr
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert done.stderr.strip() or done.stdout.strip(), "a refusal says something"


def test_analyze_reads_thirty_four_seen_tiles_as_tiles(files: dict[str, Path]) -> None:
    done = run(["analyze", "--json", "--visible", THIRTY_FOUR_SEEN, "123m456p789s1122z"], files["tmp"])
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["ukeire"] == {"1z": 2, "2z": 2}  # none of the 34 is a 1z or 2z
    seen_a_waited_tile = THIRTY_FOUR_SEEN.replace("3333z", "1333z")
    done = run(["analyze", "--json", "--visible", seen_a_waited_tile, "123m456p789s1122z"], files["tmp"])
    assert json.loads(done.stdout)["ukeire"] == {"1z": 1, "2z": 2}


@pytest.mark.parametrize("args", [["simulate", "--seed", "3", "--log"], ["replay", "{record}", "--text"]])
def test_a_closed_pipe_ends_the_output_quietly(args: list[str], files: dict[str, Path]) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "MAHJONG_JOY_HOME": str(files["tmp"] / "home")}
    command = [sys.executable, "-m", "mahjong_joy", *(a.format(record=files["record"]) for a in args)]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=files["tmp"])
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()  # ``| head -1``: one line read, then the pipe closes
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert first.startswith(b"== match 1")
    assert proc.wait(timeout=120) == 0 and err == ""
