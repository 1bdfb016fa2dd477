"""Stats count only what the player played: Play from here (issue 27, defect 2).

A branched match replays the record's decisions up to the takeover, so its events
hold the AI's hands before it. Those hands, and the hand the player joined midway,
are not the player's: they never count in hands, wins, deal-ins, riichi or the best
hand. A branch quit before its end is not a match played; one played to the end is
one match with the player's placement. The Stats screen, ``stats`` and ``stats --json``
read the same figures. The reference figures are counted here straight from the
controller's events, without the history or the stats code.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from mahjong_joy.ai.potential import PotentialAI
from mahjong_joy.app.archive import archive_match
from mahjong_joy.app.saved import abandon_autosave
from mahjong_joy.cli import main
from mahjong_joy.commands.simulate import simulate
from mahjong_joy.controller import Controller
from mahjong_joy.engine.events import HandScored, RiichiDeclared, Won
from mahjong_joy.replay.cursor import ReplayCursor
from mahjong_joy.replay.record import run_record
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.presets import find_preset
from mahjong_joy.storage.history import History
from mahjong_joy.storage.stats import Stats, compute_stats

# Tenhou, seed 4, five hands of the normal AI: seat 0 wins 19,000 in hand 1 and 11,600 in hand 5.
SEED, HANDS, SEAT = 4, 5, 0
TAKEOVER = (1, 10)  # 0-based hand 1 (the record's hand 2), after 10 of its decisions


@cache
def record() -> dict[str, Any]:
    played = simulate(SEED, ai="normal", hands=HANDS, rules=find_preset("tenhou"))
    return json.loads(json.dumps(run_record(SEED, ("normal",) * 4, played)))


def cursor() -> ReplayCursor:
    return ReplayCursor(record(), name="orig.json")


def _decide(session: Any) -> None:
    """The player's move: the potential AI's choice for the human seat (a test stands in for the player)."""
    ctl = session.ctl
    session.submit(PotentialAI().choose(ctl.view(session.me), list(ctl.pending.actions)))


def _advance(session: Any) -> None:
    if session.ctl.hand.is_finished:
        session.next_hand()
    elif session.needs_human():
        _decide(session)
    else:
        session.step()


@pytest.fixture(autouse=True)
def one_start_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each branch starts in its own second: a record is named after its start and seed, and
    two matches of one seed started in the same second would share a name (archived once)."""
    from mahjong_joy.ui import controller_session

    starts = iter(range(10, 60))
    made = controller_session.new_meta
    monkeypatch.setattr(controller_session, "new_meta", lambda *args: dataclasses.replace(
        made(*args), started_at=f"2026-12-04T12:00:{next(starts)}Z"))


def branch(at: tuple[int, int] = TAKEOVER) -> Any:
    from mahjong_joy.ui.controller_session import branch_session

    session, _ = branch_session(cursor(), *at, SEAT, opponents="normal")
    return session


def play_out(session: Any) -> Any:
    for _ in range(5000):
        if session.ctl.is_over:
            return session
        _advance(session)
    pytest.fail("the match did not end")


def quit_early(session: Any, moves: int = 3) -> Any:
    """Play a few of the player's decisions, then leave: the next game (or another Play from
    here) archives the unfinished match, as :func:`abandon_autosave` does on the real path."""
    made = 0
    while made < moves and not session.ctl.is_over:
        made += session.needs_human()
        _advance(session)
    assert not session.ctl.is_over
    assert abandon_autosave() is None
    return session


def player_figures(ctl: Controller, seat: int, first_hand: int) -> dict[str, Any]:
    """The player's hands from ``first_hand`` (1-based) on, counted from the events."""
    number = 0
    hands = wins = deal_ins = riichi = 0
    points: list[int] = []
    for event in ctl.events:
        if isinstance(event, HandScored):
            number += 1
            if number >= first_hand:
                hands += 1
                if seat in event.outcome.winners:
                    wins += 1
                    points.append(next(w for w in event.outcome.wins if w.seat == seat).deltas[seat]
                                  if event.outcome.winners[0] != seat else event.outcome.deltas[seat])
        elif number + 1 >= first_hand and isinstance(event, Won) and not event.tsumo and event.from_seat == seat:
            deal_ins += 1
        elif number + 1 >= first_hand and isinstance(event, RiichiDeclared) and event.seat == seat:
            riichi += 1
    return {"hands": hands, "wins": wins, "deal_ins": deal_ins, "riichi": riichi, "points": points}


def ai_wins_before_takeover() -> list[int]:
    """Seat 0's wins in the record's hands before the takeover (the AI's, not the player's)."""
    ctl = Controller.resume(record()["matches"][0], record()["seats"], ruleset_for("tenhou"))
    scored = [e for e in ctl.events if isinstance(e, HandScored)]
    return [e.outcome.deltas[SEAT] for e in scored[:TAKEOVER[0] + 1] if SEAT in e.outcome.winners]


def stats() -> Stats:
    with History.open() as history:
        return compute_stats(history)


# -- the reproduction -------------------------------------------------------------------


def test_the_record_has_a_big_ai_win_for_the_seat_before_the_takeover() -> None:
    assert ai_wins_before_takeover() == [19_000]  # the AI's haneman in hand 1


def test_a_branch_quit_early_counts_no_match_and_none_of_the_ais_hands() -> None:
    session = quit_early(branch())
    figures = stats()
    assert figures.matches == 0 and figures.placements == (0, 0, 0, 0) and figures.recent_placements == ()
    assert figures.best_hand is None  # the 19,000 the AI won in hand 1 is not the player's
    assert figures.wins == 0 and figures.hands == 0 and figures.deal_ins == 0  # hand 2 was joined midway
    assert figures.win_rate is None and figures.average_win_points is None
    with History.open() as history:
        (row,) = history.matches()
    assert row.finished is False and row.placement is None  # still listed in Replays, unplaced
    assert row.hands == sum(isinstance(e, HandScored) for e in session.ctl.events)


def test_a_branch_played_to_the_end_counts_one_match_with_the_players_placement() -> None:
    session = play_out(branch())
    ctl = session.ctl
    figures = stats()
    want = player_figures(ctl, SEAT, first_hand=TAKEOVER[0] + 2)  # hands 3.. are the player's from the deal
    placement = next(s.placement for s in ctl.snapshot().standings if s.seat == SEAT)
    assert figures.matches == 1 and figures.recent_placements == (placement,)
    assert figures.placements[placement - 1] == 1 and sum(figures.placements) == 1
    assert figures.hands == want["hands"] == HANDS - TAKEOVER[0] - 1
    assert figures.wins == want["wins"] and figures.deal_ins == want["deal_ins"]
    assert figures.win_rate == pytest.approx(want["wins"] / want["hands"])
    tenhou = figures.by_ruleset["tenhou"]
    assert tenhou.riichi_rate == pytest.approx(want["riichi"] / want["hands"]) and tenhou.game_point_matches == 1
    best = figures.best_hand
    if want["points"]:
        assert best is not None and best.points == max(want["points"]) and best.label != "E1"
    else:
        assert best is None


def test_ai_wins_before_the_takeover_never_move_best_hand_or_rates() -> None:
    """The player's figures before and after adding a branch whose early hands the AI won big."""
    with History.open() as history:
        archive_match(_normal_match(), history=history)
    before = stats()
    quit_early(branch())
    after = stats()
    assert after.best_hand == before.best_hand and after.matches == before.matches
    assert (after.hands, after.wins, after.deal_ins) == (before.hands, before.wins, before.deal_ins)
    assert after.average_win_points == before.average_win_points and after.win_rate == before.win_rate


def test_a_takeover_at_the_deal_counts_that_hand_whole() -> None:
    session = play_out(branch((TAKEOVER[0], 0)))
    want = player_figures(session.ctl, SEAT, first_hand=TAKEOVER[0] + 1)
    figures = stats()
    assert figures.hands == want["hands"] == HANDS - TAKEOVER[0] and figures.wins == want["wins"]
    assert figures.best_hand is None or figures.best_hand.points != 19_000 or figures.best_hand.label != "E1"


def test_a_branch_quit_after_a_whole_hand_counts_that_hand_but_no_match(capsys: pytest.CaptureFixture[str]) -> None:
    session = branch((TAKEOVER[0], 0))
    while sum(isinstance(e, HandScored) for e in session.ctl.events) < TAKEOVER[0] + 1:
        _advance(session)
    assert abandon_autosave() is None
    want = player_figures(session.ctl, SEAT, first_hand=TAKEOVER[0] + 1)
    figures = stats()
    assert figures.matches == 0 and figures.hands == want["hands"] == 1 and not figures.is_empty
    assert figures.wins == want["wins"] and figures.deal_ins == want["deal_ins"]
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Matches played:        0" in out and "Hands played:          1" in out


# -- the three faces agree ----------------------------------------------------------------


def test_the_stats_screen_the_command_and_its_json_agree_on_a_branch(capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_joy.ui.scenes.stats import figures as screen_figures

    with History.open() as history:
        archive_match(_normal_match(), history=history)
    quit_early(branch())
    play_out(branch())
    figures = stats()
    assert figures.matches == 2  # the normal match and the finished branch; the quit one is not a match
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == json.loads(json.dumps(figures.to_dict()))
    assert main(["stats"]) == 0
    text = capsys.readouterr().out
    shown = dict(screen_figures(_stats_scene_figures()))
    assert f"Matches played:        {shown['Matches played']}" in text and shown["Matches played"] == "2"
    assert f"Hands played:          {shown['Hands played']}" in text
    assert f"({figures.wins} of {figures.hands} hands)" in text


def _stats_scene_figures() -> Stats:
    """The figures the Stats screen holds once opened over the data folder's history."""
    pytest.importorskip("pygame")
    from mahjong_joy.storage.settings import Settings
    from mahjong_joy.ui.app import App
    from mahjong_joy.ui.scenes.home import HomeScene
    from mahjong_joy.ui.scenes.stats import StatsScene

    app = App(size=(1024, 640), settings=Settings())
    app.replace(HomeScene(app))
    scene = StatsScene(app)
    app.push(scene)
    app.step(1 / 60)
    assert scene.stats == stats()
    return scene.stats


# -- a normal match: figures as before --------------------------------------------------


@cache
def _normal_ctl(seed: int = 2, max_hands: int = 3) -> Controller:
    ctl = Controller(seats=("potential",) * 4, seed=seed, ruleset=ruleset_for("tenhou"), max_hands=max_hands)
    while not ctl.is_over:
        ctl.step()
    return ctl


def _normal_match() -> Controller:
    return _normal_ctl()


def test_a_normal_match_counts_every_hand_as_before() -> None:
    ctl = _normal_match()
    with History.open() as history:
        archive_match(ctl, 1, history=history)
    want = player_figures(ctl, 1, first_hand=1)
    figures = stats()
    assert figures.matches == 1 and figures.hands == want["hands"] == 3
    assert (figures.wins, figures.deal_ins) == (want["wins"], want["deal_ins"])
    assert figures.by_ruleset["tenhou"].riichi_rate == pytest.approx(want["riichi"] / want["hands"])


def test_an_abandoned_normal_match_still_counts_as_a_match_with_all_its_hands() -> None:
    ctl = Controller(seats=("potential",) * 4, seed=3, ruleset=ruleset_for("tenhou"), max_hands=4)
    while sum(isinstance(e, HandScored) for e in ctl.events) < 2:
        ctl.step()
    with History.open() as history:
        archive_match(ctl, 0, history=history)
    figures = stats()
    assert figures.matches == 1 and figures.hands == 2 and figures.placements == (0, 0, 0, 0)


# -- the history: version 4, older rows, hostile rows -----------------------------------


def _v3_history(ctl: Controller, seat: int, record_path: str = "old.json", *more: tuple[Controller, int, str]) -> None:
    """A history as version 3 wrote it: checked matches, no first_hand column (a branch
    stored by version 3 tallied every hand, the AI's too)."""
    from mahjong_joy.app.archive import summarize
    from mahjong_joy.storage import history as store
    from mahjong_joy.storage.paths import history_path

    history_path().unlink(missing_ok=True)
    db = sqlite3.connect(history_path(), isolation_level=None)
    store.migrate(db, store.MIGRATIONS[:3])
    for day, (match, player, path) in enumerate(((ctl, seat, record_path), *more), 1):
        s = summarize(match, player, "You", f"2026-11-{day:02d}T12:00:00+00:00", path)
        cursor = db.execute(
            f"INSERT INTO matches ({', '.join(store.MATCH_DATA)}) VALUES ({', '.join('?' * len(store.MATCH_DATA))})",
            (s.played_at, "tenhou", s.seed, json.dumps(list(s.seats)), s.player_seat, s.player_name,
             json.dumps(list(s.points)), s.placement, len(s.hands), s.record_path, int(s.finished), s.game_points))
        db.executemany(f"INSERT INTO hands (match_id, {', '.join(store.HAND_DATA)})"
                       f" VALUES (?, {', '.join('?' * len(store.HAND_DATA))})",
                       [(cursor.lastrowid, *store.hand_cells(h)) for h in s.hands])
    store._mark_checked(db, store._check_unmarked(db)[0])
    db.close()


def test_a_version_3_history_migrates_keeping_its_rows_counted_as_before() -> None:
    from mahjong_joy.storage import history as store
    from mahjong_joy.storage.stats import MATCH_TALLY

    ctl = _normal_match()
    _v3_history(ctl, 1)
    with History.open() as history:
        assert history.db.execute("PRAGMA user_version").fetchone()[0] == store.schema_version() == 4
        assert history.db.execute("SELECT checked, first_hand FROM matches").fetchall() == [(1, None)]
        figures = compute_stats(history)
        plan = " ".join(str(row[-1]) for row in history.db.execute("EXPLAIN QUERY PLAN " + MATCH_TALLY))
        assert history.message() is None
    want = player_figures(ctl, 1, first_hand=1)
    assert figures.matches == 1 and figures.hands == want["hands"] and figures.wins == want["wins"]
    assert "COVERING INDEX matches_tally" in plan  # version 4 grew the index: the sums still read it alone


def test_another_program_changing_first_hand_is_checked_and_counted_again() -> None:
    """The trigger takes the mark away, and the re-checked copy keeps first_hand: a match
    another program turned into an unfinished branch from hand 2 counts as one."""
    from mahjong_joy.storage.paths import history_path

    ctl = _normal_match()
    with History.open() as history:
        archive_match(ctl, 1, history=history)
        before = compute_stats(history)
    other = sqlite3.connect(history_path(), isolation_level=None)
    other.execute("UPDATE matches SET first_hand = 2, finished = 0")
    assert other.execute("SELECT checked FROM matches").fetchone() == (0,)
    other.close()
    with History.open() as history:
        after = compute_stats(history)
    assert before.matches == 1 and before.hands == 3
    assert after.matches == 0 and after.hands == 2 == player_figures(ctl, 1, first_hand=2)["hands"]


@pytest.mark.parametrize("value", ["three", 0, -1, 2.5, 10**9])
def test_a_bad_first_hand_skips_its_match_and_names_it(value: object, capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_joy.storage.paths import history_path

    with History.open() as history:
        for seed in (2, 4):
            archive_match(_normal_ctl(seed), 1, history=history)
    other = sqlite3.connect(history_path(), isolation_level=None)
    other.execute("UPDATE matches SET first_hand = ? WHERE id = 2", (value,))
    other.close()
    with History.open() as history:
        figures = compute_stats(history)
        message = history.message() or ""
    assert figures.matches == 1 and "match 2 first_hand" in message and "skipped" in message
    assert main(["stats"]) == 0
    out = capsys.readouterr()
    assert "Matches played:        1" in out.out and "match 2 first_hand" in out.err


# -- branches stored by version 3: their records say so ------------------------------------


def _old_branches() -> tuple[list[tuple[Controller, int, str]], Stats]:
    """A normal match, a branch quit early and one played to the end, archived by this version
    (records with ``branched_from``), then the history rewritten as version 3 stored them; and
    the figures this version gave before the rewrite."""
    with History.open() as history:
        archive_match(_normal_match(), 1, history=history)
    quit_early(branch())
    play_out(branch())
    want = stats()
    with History.open() as history:
        rows = sorted(history.matches(), key=lambda row: row.id)
    ended = [play_out(branch()).ctl]  # the same play again (seeded): the finished branch's controller
    from mahjong_joy.replay.record import read_record

    quit_entry = read_record(rows[1].record_path)
    quit_ctl = Controller.resume(quit_entry["matches"][0], quit_entry["seats"], ruleset_for("tenhou"))
    return [(_normal_match(), 1, rows[0].record_path), (quit_ctl, SEAT, rows[1].record_path),
            (ended[0], SEAT, rows[2].record_path)], want


def _key_figures(f: Any) -> tuple[Any, ...]:
    """The figures, the best hand by its score and hand (its date and match id are the rewrite's)."""
    best = None if f.best_hand is None else (f.best_hand.points, f.best_hand.han, f.best_hand.label)
    return (f.matches, f.hands, f.wins, f.deal_ins, f.placements, f.win_rate, f.deal_in_rate, f.average_win_points,
            f.riichi_rate, f.riichi_hands, f.average_game_points, f.game_point_matches, best)


def test_branches_stored_by_version_3_are_found_in_their_records_once(monkeypatch: pytest.MonkeyPatch,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_joy.app import archive
    from mahjong_joy.app.archive import player_stats

    matches, want = _old_branches()
    _v3_history(*matches[0], *matches[1:])
    old = stats()
    assert old.matches == 3 and old.best_hand is not None and old.best_hand.points == 19_000  # as version 3 counted them
    with History.open() as history:
        repaired = player_stats(history)
        assert history.unknown_branches() == []
        assert history.db.execute("SELECT first_hand FROM matches ORDER BY id").fetchall() == [
            (None,), (TAKEOVER[0] + 2,), (TAKEOVER[0] + 2,)]
    assert _key_figures(repaired) == _key_figures(want)  # as if this version had archived them
    assert _key_figures(repaired.by_ruleset["tenhou"]) == _key_figures(want.by_ruleset["tenhou"])
    assert repaired.matches == 2 and (repaired.best_hand is None or repaired.best_hand.points != 19_000)
    read: list[object] = []
    monkeypatch.setattr(archive, "recorded_branch", lambda path: read.append(path))
    assert main(["stats", "--json"]) == 0 and read == []  # each record is read once, then never again
    assert json.loads(capsys.readouterr().out)["matches"] == 2


def test_an_old_row_whose_record_is_gone_or_elsewhere_counts_as_before(tmp_path: Any) -> None:
    from mahjong_joy.app.archive import player_stats

    matches, _ = _old_branches()
    (normal, quit_, ended) = matches
    Path(quit_[2]).unlink()  # gone
    outside = tmp_path / "elsewhere.json"
    outside.write_bytes(Path(ended[2]).read_bytes())  # a branch's record, but not in the data folder's records/
    _v3_history(*normal, quit_, (ended[0], ended[1], str(outside)))
    before = stats()
    with History.open() as history:
        after = player_stats(history)
        assert history.unknown_branches() == []
    assert after == before and after.matches == 3


def test_a_write_locked_history_still_shows_old_rows_and_sorts_them_out_later() -> None:
    from mahjong_joy.app.archive import player_stats
    from mahjong_joy.storage import history as store
    from mahjong_joy.storage.paths import history_path

    matches, want = _old_branches()
    _v3_history(*matches[0], *matches[1:])
    with History.open():
        pass  # migrated to version 4 first, so the lock below is the only obstacle
    other = sqlite3.connect(history_path(), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        store.BUSY_SECONDS, saved = 0.05, store.BUSY_SECONDS
        with History.open() as history:
            assert player_stats(history).matches == 3 and len(history.unknown_branches()) == 3  # as before, for now
    finally:
        store.BUSY_SECONDS = saved
        other.execute("ROLLBACK")
        other.close()
    with History.open() as history:
        assert player_stats(history).matches == want.matches == 2
