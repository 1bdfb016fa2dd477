"""Statistics from the history agree with figures counted straight from the matches' events."""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime, timezone
from functools import cache
from pathlib import Path

import pytest

from mahjong_joy.cli import main
from mahjong_joy.controller import Controller
from mahjong_joy.engine.events import HandScored, Won
from mahjong_joy.storage import paths
from mahjong_joy.storage.archive import summarize
from mahjong_joy.storage.history import History
from mahjong_joy.storage.stats import Stats, compute_stats

SEEDS = range(1, 9)


@cache
def played(seed: int) -> Controller:
    ctl = Controller(seats=("potential",) * 4, seed=seed, max_hands=2)
    while not ctl.is_over:
        ctl.step()
    return ctl


def seat_of(seed: int) -> int:
    return seed % 4


def ruleset_of(seed: int) -> str:
    return "riichi" if seed % 3 == 0 else "joy"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    with History.open() as history:
        for seed in SEEDS:
            when = datetime(2026, 4, seed, 12, 0, tzinfo=timezone.utc).isoformat(timespec="seconds")
            summary = summarize(played(seed), seat_of(seed), "You", when, f"r{seed}.json")
            history.add_match(dataclasses.replace(summary, ruleset=ruleset_of(seed)))
    return tmp_path


def expected() -> dict:
    """The figures counted from the controllers' events, without the history or stats code."""
    hands = wins = deal_ins = 0
    win_points: list[int] = []
    by_ruleset: dict[str, list[int]] = {}
    placements = []
    best = None
    for seed in SEEDS:
        ctl, me = played(seed), seat_of(seed)
        placements.append(next(s.placement for s in ctl.snapshot().standings if s.seat == me))
        tally = by_ruleset.setdefault(ruleset_of(seed), [0, 0])
        for event in ctl.events:
            if isinstance(event, HandScored):
                hands += 1
                tally[1] += 1
                if event.winner == me:
                    wins += 1
                    tally[0] += 1
                    win_points.append(event.deltas[me])
                    if best is None or event.deltas[me] > best[0]:
                        best = (event.deltas[me], event.han, event.fu, seed)
            elif isinstance(event, Won) and not event.tsumo and event.from_seat == me:
                deal_ins += 1
    return {"hands": hands, "wins": wins, "deal_ins": deal_ins, "placements": placements, "win_points": win_points,
            "by_ruleset": {k: w / n for k, (w, n) in by_ruleset.items()}, "best": best}


def test_the_figures_match_the_events(home: Path) -> None:
    want = expected()
    with History.open() as history:
        stats = compute_stats(history)
    assert stats.matches == len(SEEDS) and stats.hands == want["hands"] == 2 * len(SEEDS)
    assert stats.wins == want["wins"] > 0 and stats.deal_ins == want["deal_ins"] > 0
    assert stats.win_rate == pytest.approx(want["wins"] / want["hands"])
    assert stats.deal_in_rate == pytest.approx(want["deal_ins"] / want["hands"])
    assert stats.average_placement == pytest.approx(sum(want["placements"]) / len(SEEDS))
    assert stats.average_win_points == pytest.approx(sum(want["win_points"]) / len(want["win_points"]))
    assert stats.recent_placements == tuple(want["placements"])  # oldest first
    assert stats.win_rate_by_ruleset == pytest.approx(want["by_ruleset"]) and set(stats.win_rate_by_ruleset) == {"joy", "riichi"}
    points, han, fu, seed = want["best"]
    best = stats.best_hand
    assert best is not None and (best.points, best.han, best.fu) == (points, han, fu)
    assert best.played_at.startswith(f"2026-04-0{seed}") and best.yaku


def test_no_matches_gives_empty_figures(tmp_path: Path) -> None:
    with History.open(tmp_path / "h.sqlite3") as history:
        stats = compute_stats(history)
    assert stats == Stats() and stats.is_empty and stats.win_rate is None and stats.best_hand is None


def test_the_stats_command_prints_the_figures(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    want = expected()
    assert main(["stats"]) == 0
    text = capsys.readouterr().out
    assert f"Matches played:        {len(SEEDS)}" in text
    assert f"Win rate:              {want['wins'] / want['hands'] * 100:.1f}% ({want['wins']} of {want['hands']} hands)" in text
    assert f"{want['best'][0]:,} points" in text and "riichi" in text
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["matches"] == len(SEEDS) and data["deal_ins"] == want["deal_ins"]
    assert data["recent_placements"] == want["placements"] and data["best_hand"]["points"] == want["best"][0]


def test_the_stats_command_survives_a_corrupt_history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    (tmp_path / "history.sqlite3").write_bytes(b"\x00garbage" * 100)
    assert main(["stats", "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["matches"] == 0 and "could not be read" in out.err
    assert any(p.name.startswith("history.sqlite3.corrupt-") for p in tmp_path.iterdir())
    assert main(["stats"]) == 0
    assert "No matches yet" in capsys.readouterr().out
