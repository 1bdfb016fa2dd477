"""The replay cursor shows the engine's exact state at every step; the viewer, the list and the CLI.

The reference in the cursor tests is a separate :class:`Match` fed the same
decisions one at a time: the cursor (and the table snapshot built from it) must
equal that engine's state after every decision, forward and back.
"""

from __future__ import annotations

import doctest
import json
import re
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from mahjong_joy.cli import main
from mahjong_joy.commands.simulate import simulate
from mahjong_joy.engine.match import Match
from mahjong_joy.errors import IllegalActionError, RecordError
from mahjong_joy.replay import cursor as cursor_module
from mahjong_joy.replay.cursor import ReplayCursor
from mahjong_joy.replay.record import run_record, write_record
from mahjong_joy.ui.replay_session import ReplaySession

pygame = pytest.importorskip("pygame")

from mahjong_joy.ui import theme  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.base import Scene  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplaysScene, ReplayViewerScene  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.tiles_art import BACK  # noqa: E402

# Seeds whose first hand has chi, pon, passes and a kan (closed / added), ending by ron / tsumo.
CLAIM_SEEDS = {8: {"chi", "pon", "pass", "closed_kan", "ron"}, 32: {"chi", "pon", "pass", "added_kan", "tsumo"}}


def _record(seed: int, hands: int) -> dict[str, Any]:
    return json.loads(json.dumps(run_record(seed, ("potential",) * 4, simulate(seed, hands=hands))))


def engine_state(match: Match) -> tuple[Any, ...]:
    """Everything the table shows, as the engine holds it (tile ids, so copies are told apart)."""
    hand = match.hand
    return (
        tuple(tuple(sorted(hand.concealed[s])) for s in range(4)),
        tuple(tuple(hand.rivers[s]) for s in range(4)),
        tuple(tuple(hand.melds[s]) for s in range(4)),
        hand.wall.live_count,
        tuple(hand.wall.dora_indicators),
        tuple(match.points),
        hand.phase,
        hand.current,
        hand.drawn,
        len(match.results),
    )


def table_state(match: Match) -> tuple[Any, ...]:
    """The same state in the table's terms (kinds), to check the snapshot against the engine."""
    hand = match.hand
    return (
        tuple(tuple(sorted(t // 4 for t in hand.concealed[s])) for s in range(4)),
        tuple(tuple(r.tile // 4 for r in hand.rivers[s] if r.claimed_by is None) for s in range(4)),
        tuple(tuple((m.type, m.kinds) for m in hand.melds[s]) for s in range(4)),
        hand.wall.live_count,
        tuple(t // 4 for t in hand.wall.dora_indicators) if match.rules.scores_dora else (),  # Joy shows none
        tuple(match.points),
        hand.current,
    )


def snapshot_state(session: ReplaySession) -> tuple[Any, ...]:
    """The table snapshot read back into :func:`table_state`'s shape (every hand face up)."""
    snap = session.snapshot()
    hands = []
    for seat in range(4):
        if seat == snap.me:
            hands.append(tuple(sorted(snap.hand + ((snap.drawn,) if snap.drawn is not None else ()))))
        else:
            hands.append(tuple(sorted(snap.revealed[seat])))
            assert len(snap.revealed[seat]) == snap.hand_sizes[seat]
    return (
        tuple(hands),
        snap.rivers,
        tuple(tuple((m.type, m.tiles) for m in snap.melds[s]) for s in range(4)),
        snap.wall_count,
        snap.dora_indicators,
        snap.points,
        snap.turn,
    )


# -- the cursor ----------------------------------------------------------------------


@pytest.mark.parametrize("seed", sorted(CLAIM_SEEDS))
def test_cursor_and_snapshot_equal_the_engine_at_every_step_forward_and_back(seed: int) -> None:
    record = _record(seed, hands=1)
    session = ReplaySession(record)
    cursor = session.cursor
    assert CLAIM_SEEDS[seed] <= {a.name for a in cursor.actions}  # the hand exercises claims, passes and a kan
    reference = Match(record["matches"][0]["seed"], cursor.ruleset, record["matches"][0]["max_hands"])
    states = [engine_state(reference)]
    assert engine_state(cursor.match) == states[0] and snapshot_state(session) == table_state(reference)
    for step, action in enumerate(cursor.actions, start=1):
        reference.apply(action)
        assert session.forward()
        assert cursor.position == (0, step)
        assert engine_state(cursor.match) == engine_state(reference), f"step {step}: {action}"
        assert snapshot_state(session) == table_state(reference), f"step {step}: {action}"
        states.append(engine_state(reference))
    assert cursor.at_end and not session.forward()
    assert session.snapshot().result is not None and session.snapshot().result.deltas == reference.results[-1].deltas
    for step in range(len(cursor.actions) - 1, -1, -1):
        assert session.back()
        assert cursor.position == (0, step)
        assert engine_state(cursor.match) == states[step], f"back to step {step}"
    assert cursor.at_start and not session.back()


def test_seek_next_and_previous_hand_cross_hand_boundaries() -> None:
    cursor = ReplayCursor(_record(4, hands=3))
    assert cursor.hand_count == 3
    counts = [cursor.steps_in_hand(h) for h in range(3)]
    assert sum(counts) == len(cursor.actions) and all(n > 0 for n in counts)
    assert cursor.next_hand() and cursor.position == (1, 0)
    assert cursor.hand_position.hand_number == 2 and cursor.match.hands_played == 1
    assert cursor.back() and cursor.position == (0, counts[0]) and cursor.hand.is_finished
    assert cursor.forward() and cursor.position == (1, 0) and not cursor.hand.is_finished
    assert cursor.seek(2, 10) == (2, 10)
    assert cursor.prev_hand() and cursor.position == (1, 0)
    assert cursor.seek(9, 999) == (2, counts[2]) and cursor.at_end and not cursor.next_hand()
    assert cursor.seek(-3, -1) == (0, 0) and not cursor.prev_hand()
    # jumping into a hand shows the same state as walking there
    walked = ReplayCursor(_record(4, hands=3))
    for _ in range(counts[0] + 1 + 7):
        walked.forward()
    assert walked.position == (1, 7)
    jumped = ReplayCursor(_record(4, hands=3))
    jumped.seek(1, 7)
    assert engine_state(jumped.match) == engine_state(walked.match)


def test_positions_outside_the_record_are_clear_errors() -> None:
    cursor = ReplayCursor(_record(4, hands=2), name="run.json")
    cursor.check_position(1, cursor.steps_in_hand(1))
    with pytest.raises(RecordError, match="run.json: match 1 has 2 hand\\(s\\); there is no hand 3"):
        cursor.check_position(2, 0)
    with pytest.raises(RecordError, match="hand 1 has steps 0..[0-9]+; there is no step 500"):
        cursor.check_position(0, 500)
    with pytest.raises(RecordError, match="there is no match 2"):
        ReplayCursor(_record(4, hands=1), match_index=1)


def test_a_record_whose_decision_does_not_apply_is_refused() -> None:
    record = _record(4, hands=1)
    record["matches"][0]["decisions"][3] = {"type": "tsumo", "seat": 2}
    with pytest.raises(RecordError, match="decision 4 does not apply"):
        ReplayCursor(record)


def test_replay_session_is_read_only_and_names_positions() -> None:
    record = _record(8, hands=1)
    record.update(player_seat=2, player_name="Ana", seats=["potential", "potential", "human", "potential"])
    session = ReplaySession(record)
    snap = session.snapshot()
    assert snap.me == 2 and snap.names[2] == "Ana" and set(snap.revealed) == {0, 1, 3}
    assert not session.needs_human() and snap.own_actions == () and snap.claim is None
    with pytest.raises(IllegalActionError, match="read-only"):
        session.submit(session.cursor.actions[0])
    session.seek(0, 17)
    assert session.position_label() == f"Hand 1 · step 17/{session.cursor.steps_in_hand(0)}"
    action = session.cursor.last_action
    label = session.action_label()
    assert label.startswith(f"{session.names[action.seat]}: {action.name.replace('_', ' ')}")
    assert not re.search(r"\b[0-9][mpsz]\b", label)  # tiles by name, never a code such as 5p
    version = snap.version
    session.forward()
    assert session.snapshot().version > version and session.drain_events() and session.drain_events() == []


def test_cursor_docstring_example() -> None:
    result = doctest.testmod(cursor_module)
    assert result.attempted > 0 and result.failed == 0


# -- the viewer ----------------------------------------------------------------------


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def _viewer(record: dict[str, Any], size: tuple[int, int] = (1280, 800)) -> tuple[App, ReplayViewerScene]:
    app = App(size=size, settings=Settings(anim_speed="fast"))
    app.replace(Scene(app))  # something to go back to
    viewer = ReplayViewerScene(app, ReplaySession(record), "Replay · test")
    app.push(viewer)
    return app, viewer


def test_viewer_renders_every_step_of_a_hand_with_all_hands_face_up() -> None:
    record = _record(32, hands=1)
    app, viewer = _viewer(record)
    cursor = viewer.session.cursor
    steps = cursor.steps_in_hand(0)
    for step in range(1, steps + 1):
        _key(pygame.K_RIGHT)
        app.step(1 / 60)
        assert cursor.position == (0, step)
        assert viewer.snap is not None and viewer.snap.version == viewer.session.snapshot().version
    for _ in range(30):
        app.step(1 / 60)
    # the top seat's hand is drawn face up: its first tile is a face, not a tile back
    rect = viewer.line_tile_rect(2, 0)
    face = viewer.app.art.image(viewer.snap.revealed[2][0], viewer.layout.opp_w, 180)
    back = viewer.app.art.image(BACK, viewer.layout.opp_w, 180)
    shown = app.screen.subsurface(pygame.Rect(rect.topleft, face.get_size()))
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(back.convert(), "RGB")
    # the end of the hand: no score screen pushed, the result card instead
    assert app.top is viewer and viewer.snap.result is not None
    assert tuple(app.screen.get_at(viewer._side_card(left=True).move(6, 30).topleft))[:3] == theme.lighter(theme.BUTTER, 0.45)


def test_viewer_keys_step_jump_and_close() -> None:
    app, viewer = _viewer(_record(4, hands=3))
    cursor = viewer.session.cursor
    viewer.seek(0, 10)
    for key, want in (
        (pygame.K_RIGHT, (0, 11)),
        (pygame.K_LEFT, (0, 10)),
        (pygame.K_PAGEDOWN, (1, 0)),
        (pygame.K_DOWN, (2, 0)),
        (pygame.K_LEFT, (1, cursor.steps_in_hand(1))),
        (pygame.K_PAGEUP, (0, 0)),
        (pygame.K_UP, (0, 0)),
    ):
        _key(key)
        app.step(1 / 60)
        assert cursor.position == want, pygame.key.name(key)
    button = next(b for b in viewer.controls if b.action == "forward")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button.rect.center, button=1))
    app.step(1 / 60)
    assert cursor.position == (0, 1)
    _key(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.top is not viewer and app.running


def test_play_advances_by_frame_time_at_the_chosen_speed() -> None:
    app, viewer = _viewer(_record(4, hands=1))
    cursor = viewer.session.cursor
    for _ in range(50):
        app.step(1 / 60)
    assert cursor.position == (0, 0)  # paused: time alone moves nothing
    _key(pygame.K_SPACE)
    for _ in range(80):  # 1.33 s at 1x: 0.6 s a step
        app.step(1 / 60)
    assert viewer.playing and cursor.position == (0, 2)
    _key(pygame.K_s)  # 2x
    app.step(1 / 60)
    start = cursor.position[1]
    for _ in range(60):  # 1 s at 2x: 0.3 s a step
        app.step(1 / 60)
    assert viewer.speed == 2.0 and cursor.position[1] - start in (3, 4)
    _key(pygame.K_SPACE)
    app.step(1 / 60)
    paused = cursor.position
    for _ in range(60):
        app.step(1 / 60)
    assert not viewer.playing and cursor.position == paused
    viewer.seek(0, cursor.steps_in_hand(0) - 1)
    _key(pygame.K_SPACE)
    for _ in range(120):
        app.step(1 / 60)
    assert cursor.at_end and not viewer.playing  # play stops at the end of the record


@pytest.mark.parametrize("size", [(1024, 640), (1280, 800)])
def test_viewer_layout_has_no_overlaps(size: tuple[int, int]) -> None:
    app, viewer = _viewer(_record(4, hands=1), size)
    viewer.seek(0, 40)
    app.step(1 / 60)
    rects = list(viewer.layout_rects().items())
    rects += [(f"control {b.action}", b.rect) for b in viewer.controls]
    for i, (a, ra) in enumerate(rects):
        assert app.screen.get_rect().contains(ra), f"{a} {ra} leaves the window"
        for b, rb in rects[i + 1 :]:
            if a.startswith("control") and b == "bar" or b.startswith("control") and a == "bar":
                assert viewer.bar.contains(ra if b == "bar" else rb)
                continue
            assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}"
    for left in (True, False):
        card = viewer._side_card(left)
        for name, rect in viewer.layout_rects().items():
            assert not card.colliderect(rect), f"side card overlaps {name} at {size}"


# -- the Replays list ----------------------------------------------------------------


def _history(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, matches: int) -> list[Path]:
    from mahjong_joy.app.archive import archive_match
    from mahjong_joy.storage.history import History

    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))
    paths = []
    with History.open() as history:
        for i in range(matches):
            ctl = simulate(20 + i, hands=1)[0]
            paths.append(archive_match(ctl, 0, player_name="Ana", history=history, now=datetime(2025, 3, 1) + timedelta(days=i)))
    return paths


def test_replays_list_opens_a_match_and_notes_an_unreadable_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    paths = _history(tmp_path, monkeypatch, 3)
    paths[1].write_text('{"schema": 1, "format": "mahjong-joy-record", "matc', encoding="utf-8")  # truncated
    app = App(size=(1280, 800), settings=Settings(anim_speed="fast"))
    app.replace(Scene(app))
    scene = ReplaysScene(app)
    app.push(scene)
    app.step(1 / 60)
    assert [row.seed for row in scene.rows] == ["22", "21", "20"]  # newest first
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.row_rect(1).center, button=1))
    app.step(1 / 60)
    assert app.top is scene and scene.problems[1] == "its record file is damaged"
    _key(pygame.K_UP)
    _key(pygame.K_RETURN)
    app.step(1 / 60)
    viewer = app.top
    assert isinstance(viewer, ReplayViewerScene) and viewer.session.cursor.seed == 22
    assert viewer.title.startswith("2025-03-03 00:00 · Joy · seed 22")
    _key(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert app.top is scene


def test_replays_list_scrolls_with_wheel_and_keys(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mahjong_joy.storage.history import MatchRow

    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))
    rows = [MatchRow(i, f"2025-03-{1 + i % 28:02d}T10:00:00", "joy", str(i), ("human",) + ("potential",) * 3, 0, "Ana",
                     (25000,) * 4, 1 + i % 4, 4, f"missing-{i}.json") for i in range(40)]
    app = App(size=(1024, 640), settings=Settings())
    scene = ReplaysScene(app, rows)
    app.replace(scene)
    app.step(1 / 60)
    assert scene.visible < 40
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0))
    app.step(1 / 60)
    assert scene.first_shown == 6 and scene.selected == 6
    _key(pygame.K_END)
    app.step(1 / 60)
    assert scene.selected == 39 and scene.first_shown == 40 - scene.visible
    _key(pygame.K_RETURN)  # its record does not exist: a note, no crash
    app.step(1 / 60)
    assert app.top is scene and scene.problems[39] == "its record file is missing"


def test_replays_list_with_no_history_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))
    app = App(size=(1280, 800), settings=Settings())
    scene = ReplaysScene(app)
    app.replace(scene)
    _key(pygame.K_RETURN)
    app.step(1 / 60)
    assert scene.rows == [] and app.top is scene
    assert not next(b for b in scene.buttons if b.action == "open").enabled


# -- the command line ----------------------------------------------------------------


@pytest.fixture
def record_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path / "home"))
    path = tmp_path / "run.json"
    write_record(_record(4, hands=2), path)
    return path


def test_cli_opens_the_viewer_at_a_position_headless(record_file: Path, tmp_path: Path) -> None:
    png = tmp_path / "shot.png"
    assert main(["replay", str(record_file), "--hand", "1", "--step", "5", "--frames", "2"]) == 0
    assert main(["replay", str(record_file), "--hand", "2", "--step", "3", "--screenshot", str(png), "--size", "1024x640"]) == 0
    assert pygame.image.load(str(png)).get_size() == (1024, 640)


@pytest.mark.parametrize("args, message", [
    (["--hand", "3"], "has 2 hand(s); there is no hand 3"),
    (["--hand", "0"], "there is no hand 0"),
    (["--step", "999"], "there is no step 999"),
    (["--match", "2"], "there is no match 2"),
    (["--export", "csv", "out.csv"], "unknown export format 'csv'"),
])
def test_cli_bad_positions_exit_2_with_a_message(record_file: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(["replay", str(record_file), *args, "--frames", "1"]) == 2
    assert message in capsys.readouterr().err


def test_cli_summary_and_export(record_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(record_file), "--summary"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "matches: 1" and any(line.startswith("hands: 2") for line in out)
    target = tmp_path / "run.mjai.jsonl"
    assert main(["replay", str(record_file), "--export", "mjai", str(target)]) == 0
    lines = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert lines[0]["type"] == "start_game" and lines[-1]["type"] == "end_game"


def test_the_deal_caption_speaks_to_the_player_in_the_second_person() -> None:
    """The step caption read "You deals and draws" (play test, issue 27 #9)."""
    record = _record(8, hands=1)
    record.update(player_seat=0, seats=["human", "potential", "potential", "potential"])
    session = ReplaySession(record)
    session.seek(0, 0)
    dealer = session.cursor.hand.dealer
    assert session.action_label() == ("You deal and draw" if dealer == 0 else f"{session.names[dealer]} deals and draws")
    record.update(player_name="Ana")
    assert ReplaySession(record).action_label().endswith("deals and draws")


def test_the_viewer_of_an_imported_log_says_why_there_is_no_play_from_here() -> None:
    """The viewer offered Play from here on an imported log, which then refused (play test #9)."""
    from pathlib import Path

    from mahjong_joy.replay.mjai_import import import_mjai
    from mahjong_joy.ui.scenes.replay import ReplayViewerScene

    log = Path(__file__).parent / "fixtures" / "riichienv" / "tenhou_seed6.mjson"
    record = import_mjai(log.read_text(encoding="utf-8"), "tenhou", log.name).record
    app = App(size=(1280, 800), settings=Settings())
    viewer = ReplayViewerScene(app, ReplaySession(record))
    app.push(viewer, {})
    assert viewer.play_here.label == "Can't play on" and "imported" in viewer.play_here.hint
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p"))
    app.step(1 / 60)
    assert "wall is unknown" in app.top.refusal  # P explains in full, and offers no seat
