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
from mahjong_joy.engine.events import HandScored, RiichiDeclared, Won
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.storage import paths
from mahjong_joy.app.archive import archive_match, summarize
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
                if event.outcome.winners[:1] == (me,):
                    wins += 1
                    tally[0] += 1
                    win_points.append(event.outcome.deltas[me])
                    first = event.outcome.wins[0]
                    if best is None or event.outcome.deltas[me] > best[0]:
                        best = (event.outcome.deltas[me], first.han, first.fu, seed)
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


# -- per ruleset, from seeded riichi matches --------------------------------------------

RIICHI_MATCHES = (  # (preset, seed, the player's seat); mahjong_soul 11 has a double ron with seat 2 the second winner
    ("mahjong_soul", 1, 2), ("mahjong_soul", 2, 1), ("mahjong_soul", 3, 0), ("mahjong_soul", 11, 2),
    ("tenhou", 1, 0), ("tenhou", 2, 0), ("tenhou", 3, 2), ("tenhou", 4, 3),
)


@cache
def riichi_played(preset: str, seed: int) -> Controller:
    ctl = Controller(seats=("potential",) * 4, seed=seed, ruleset=ruleset_for(preset), max_hands=3)
    while not ctl.is_over:
        ctl.step()
    return ctl


@pytest.fixture
def riichi_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Joy matches (as in ``home``) and the riichi matches, archived through the real path."""
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    with History.open() as history:
        for seed in SEEDS:
            when = datetime(2026, 4, seed, 12, 0, tzinfo=timezone.utc).isoformat(timespec="seconds")
            history.add_match(summarize(played(seed), seat_of(seed), "You", when, f"r{seed}.json"))
        for day, (preset, seed, seat) in enumerate(RIICHI_MATCHES, 10):
            archive_match(riichi_played(preset, seed), seat, history=history, now=datetime(2026, 4, day, 12, 0, tzinfo=timezone.utc))
    return tmp_path


def expected_for(matches: list[tuple[Controller, int]]) -> dict:
    """One ruleset's figures counted from the controllers' events and final standings alone."""
    hands = wins = deal_ins = riichi = 0
    win_points: list[int] = []
    placements, game_points = [0, 0, 0, 0], []
    best = None
    for ctl, me in matches:
        standing = next(s for s in ctl.match.final if s.seat == me)
        placements[standing.placement - 1] += 1
        game_points.append(standing.score)
        won, dealt_in = set(), False
        for event in ctl.events:
            if isinstance(event, RiichiDeclared) and event.seat == me:
                riichi += 1
            elif isinstance(event, Won):
                won.add(event.seat)
                dealt_in |= not event.tsumo and event.from_seat == me
            elif isinstance(event, HandScored):
                hands += 1
                deal_ins += dealt_in
                if me in won:
                    wins += 1
                    win_points.append(event.outcome.deltas[me])
                mine = [(w.han, w.fu) for w in event.outcome.wins if w.seat == me]
                for han, fu in mine:  # the first winner's score, or a later winner's of a double ron
                    if best is None or (event.outcome.deltas[me], han) > best[:2]:
                        best = (event.outcome.deltas[me], han, fu)
                won, dealt_in = set(), False
    return {"matches": len(matches), "hands": hands, "wins": wins, "deal_ins": deal_ins, "riichi": riichi,
            "win_points": win_points, "placements": tuple(placements), "game_points": game_points, "best": best}


def test_every_ruleset_figure_matches_the_events(riichi_home: Path) -> None:
    with History.open() as history:
        stats = compute_stats(history)
    assert list(stats.by_ruleset) == ["joy", "mahjong_soul", "tenhou"]  # the order the game offers them
    second_winner = 0
    for preset in ("mahjong_soul", "tenhou"):
        chosen = [(riichi_played(p, seed), seat) for p, seed, seat in RIICHI_MATCHES if p == preset]
        want, got = expected_for(chosen), stats.by_ruleset[preset]
        assert (got.matches, got.hands, got.wins, got.deal_ins) == (want["matches"], want["hands"], want["wins"], want["deal_ins"])
        assert got.wins > 0 and got.deal_ins > 0 and want["riichi"] > 0
        assert got.win_rate == pytest.approx(want["wins"] / want["hands"])
        assert got.deal_in_rate == pytest.approx(want["deal_ins"] / want["hands"])
        assert got.riichi_rate == pytest.approx(want["riichi"] / want["hands"]) and got.riichi_hands == want["hands"]
        assert got.average_win_points == pytest.approx(sum(want["win_points"]) / len(want["win_points"]))
        assert got.placements == want["placements"]
        assert got.average_placement == pytest.approx(sum(p * n for p, n in enumerate(want["placements"], 1)) / want["matches"])
        assert got.average_game_points == pytest.approx(sum(want["game_points"]) / len(want["game_points"]))
        assert got.game_point_matches == want["matches"]
        assert got.best_hand is not None and (got.best_hand.points, got.best_hand.han, got.best_hand.fu) == want["best"]
        assert got.best_hand.ruleset == preset
        assert len(got.recent_placements) == want["matches"]
        second_winner += sum(1 for ctl, me in chosen for e in ctl.events
                             if isinstance(e, HandScored) and me in e.outcome.winners[1:])
    assert second_winner == 1  # the double ron's second winner is counted as a win


def test_joy_and_all_keep_their_figures_beside_the_riichi_ones(riichi_home: Path) -> None:
    with History.open() as history:
        stats = compute_stats(history)
    joy = stats.by_ruleset["joy"]
    want = expected()
    assert joy.matches == len(SEEDS) and joy.hands == want["hands"] and joy.wins == want["wins"]
    assert joy.riichi_rate is None and joy.average_game_points is None  # Joy has no riichi and pays no uma
    assert stats.matches == len(SEEDS) + len(RIICHI_MATCHES)
    assert stats.hands == sum(f.hands for f in stats.by_ruleset.values())
    assert stats.wins == sum(f.wins for f in stats.by_ruleset.values())
    assert stats.placements == tuple(sum(f.placements[i] for f in stats.by_ruleset.values()) for i in range(4))
    assert stats.riichi_rate is None and stats.average_game_points is None  # "All" mixes rulesets: not shown
    bests = [f.best_hand for f in stats.by_ruleset.values() if f.best_hand is not None]
    assert stats.best_hand == max(bests, key=lambda b: (b.points, b.han))
    assert stats.recent_placements[-1] == stats.by_ruleset["tenhou"].recent_placements[-1]  # the newest match


def test_the_stats_command_prints_and_exports_each_ruleset(riichi_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with History.open() as history:
        stats = compute_stats(history)
    assert main(["stats"]) == 0
    text = capsys.readouterr().out
    header = next(line for line in text.splitlines() if line.startswith("By ruleset:"))
    assert header.split()[2:] == ["Joy", "Mahjong", "Soul", "Tenhou"]
    riichi_line = next(line for line in text.splitlines() if line.strip().startswith("Riichi rate"))
    ms, th = stats.by_ruleset["mahjong_soul"], stats.by_ruleset["tenhou"]
    assert riichi_line.split()[2:] == ["-", f"{ms.riichi_rate * 100:.1f}%", f"{th.riichi_rate * 100:.1f}%"]
    points_line = next(line for line in text.splitlines() if line.strip().startswith("Average game points"))
    assert points_line.split()[3:] == ["-", f"{ms.average_game_points:+.1f}", f"{th.average_game_points:+.1f}"]
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data["by_ruleset"]) == {"joy", "mahjong_soul", "tenhou"}
    tenhou = data["by_ruleset"]["tenhou"]
    assert tenhou["matches"] == 4 and tenhou["placements"] == list(th.placements)
    assert tenhou["riichi_rate"] == pytest.approx(th.riichi_rate) and tenhou["best_hand"]["ruleset"] == "tenhou"


def test_the_best_hand_can_be_a_double_rons_second_win(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 2 wins second on the rigged double ron, with more han than seat 1 (its white
    dragons); as the player, that win is its best hand, with its own han, fu and yaku."""
    from mahjong_joy.engine.actions import Discard, Ron
    from tests.helpers import h
    from tests.test_controller_riichi import rigged

    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    ctl = rigged("mahjong_soul", ("human", "human", "potential", "potential"), honba=0, sticks=0)
    ctl.submit(Discard(0, h("9p")[0]))
    ctl.submit(Ron(1))
    first, second = ctl.hand_result.wins
    assert second.seat == 2 and second.han > first.han
    archive_match(ctl, 2, now=datetime(2026, 5, 1, 12, 0, tzinfo=timezone.utc))
    with History.open() as history:
        best = compute_stats(history).by_ruleset["mahjong_soul"].best_hand
    assert best is not None
    assert (best.points, best.han, best.fu, best.limit) == (second.deltas[2], second.han, second.fu, second.limit)
    assert best.yaku == tuple(name for name, _ in second.yaku) and best.label == "E1"
