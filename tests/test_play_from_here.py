"""Play from here: a recorded position continued as a live match, and the AI's reasons in the viewer.

The reference for "the same table" is the replay cursor at the same step: the live
controller's engine must hold exactly its state (every seat's tiles, river, melds,
riichi and furiten flags, the wall, points and sticks), and its snapshot must be
the viewer's. Seeds are chosen so the hands hold chi, pon, passes, riichi and a ron.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_joy.ai.potential import PotentialAI
from mahjong_joy.cli import main
from mahjong_joy.commands.simulate import simulate
from mahjong_joy.controller import HUMAN, snapshot_of
from tests.helpers import play_one_move
from mahjong_joy.engine.state import Phase
from mahjong_joy.engine.view import observe
from mahjong_joy.errors import RecordError
from mahjong_joy.app.branch import play_from
from mahjong_joy.app.saved import load_autosave
from mahjong_joy.controller import branch_seats
from mahjong_joy.replay.autosave import autosave_exists, autosave_record
from mahjong_joy.replay.branch import Branch, branch_refusal, parse_seat
from mahjong_joy.replay.cursor import ReplayCursor
from mahjong_joy.replay.mjai_import import import_mjai
from mahjong_joy.replay.record import read_record, run_record, write_record
from mahjong_joy.rulesets.presets import find_preset
from mahjong_joy.storage.history import History
from mahjong_joy.storage.paths import autosave_path, records_dir

FIXTURES = Path(__file__).parent / "fixtures"
# (preset, seed): the first hand has chi, pon, passes (and under Tenhou riichi and a ron).
CASES = [("joy", 8), ("tenhou", 7)]


def _record(preset: str, seed: int, hands: int, ai: str = "normal") -> dict[str, Any]:
    played = simulate(seed, ai=ai, hands=hands, rules=find_preset(preset))
    return json.loads(json.dumps(run_record(seed, (ai,) * 4, played)))


def hand_state(ctl_or_match: Any) -> tuple[Any, ...]:
    """Everything the engine keeps about the hand and the table, in comparable form."""
    match = getattr(ctl_or_match, "match", ctl_or_match)
    hand = match.hand
    kept = {k: v for k, v in vars(hand).items() if k not in ("ruleset", "rules", "codes", "events", "_legal", "_view", "_shown_melds", "wall", "outcome")}
    wall = hand.wall
    return (
        sorted(kept.items(), key=lambda kv: kv[0]),
        (wall.deck, wall.live_count, wall.kans, wall.revealed, tuple(wall.dora_indicators)),
        tuple(match.points), match.sticks, match.table, len(match.results), match.is_over,
    )


def steps_of_interest(cursor: ReplayCursor) -> list[int]:
    """Steps of hand 1: the deal, right after a discard with claims open (mid-claim), right
    after a pass, a call or a riichi, and the end."""
    picked = {0, cursor.steps_in_hand(0)}
    probe = ReplayCursor(cursor.record)
    for step in range(1, cursor.steps_in_hand(0) + 1):
        probe.seek(0, step)
        last = probe.last_action.name
        if last == "discard" and probe.hand.phase is not Phase.AWAITING_DISCARD:
            picked.add(step)
        if last in ("pass", "chi", "pon", "riichi"):
            picked.add(step)
    return sorted(picked)


# -- the same table ------------------------------------------------------------------


@pytest.mark.parametrize("preset, seed", [*CASES, ("mahjong_soul", 3)])
def test_play_from_here_takes_over_exactly_the_viewers_table(preset: str, seed: int) -> None:
    record = _record(preset, seed, hands=2)  # so the end of hand 1 is a finished hand, not the match's end
    cursor = ReplayCursor(record, name="run.json")
    steps = steps_of_interest(cursor)
    names = {cursor.actions[s - 1].name for s in steps if s}
    assert {"discard", "pass"} <= names and names & {"chi", "pon"}  # mid-claim positions and calls are covered
    mid_claim = 0
    for step in steps:
        seat = step % 4
        ctl, branch = play_from(cursor, 0, step, seat)
        cursor.seek(0, step)
        assert hand_state(ctl) == hand_state(cursor.match), (preset, step)
        where = cursor.hand_position
        viewer = snapshot_of(cursor.match, ctl.seat_kinds, (where.round_wind, where.hand_number, where.honba), reveal=True)
        live = ctl.snapshot(reveal=True)
        for field in ("phase", "turn", "seats", "wall_count", "dora_indicators", "round_wind", "hand_number", "honba",
                      "dealer", "last_discard", "standings", "sticks", "rules"):
            assert getattr(live, field) == getattr(viewer, field), (preset, step, field)
        for other in range(4):
            assert ctl.view(other).furiten == observe(cursor.hand, other).furiten
        assert ctl.seat_kinds[seat] == HUMAN and ctl.deciders[seat] is None
        assert all(ctl.deciders[s] is not None and ctl.seat_kinds[s] == "normal" for s in range(4) if s != seat)
        assert branch == Branch("run.json", 1, 1, step)
        mid_claim += cursor.hand.phase is Phase.AWAITING_CLAIMS
    assert mid_claim >= 2


def test_a_human_who_may_claim_at_the_position_is_asked() -> None:
    record = _record("joy", 8, hands=1)
    cursor = ReplayCursor(record)
    for step in range(1, cursor.steps_in_hand(0)):
        cursor.seek(0, step)
        hand = cursor.hand
        claimers = [s for s in hand.seats_to_act() if any(a.name in ("chi", "pon") for a in hand.legal_actions(s))] \
            if hand.phase is Phase.AWAITING_CLAIMS else []
        if claimers:
            break
    else:
        pytest.fail("no claim chance in the hand")
    ctl, _ = play_from(cursor, 0, step, claimers[0])
    ctl.step()
    assert ctl.pending is not None and ctl.pending.kind == "claim" and ctl.pending.seat == claimers[0]
    assert {a.name for a in ctl.pending.actions} >= {"pass"} and set(ctl.pending.actions) == set(cursor.hand.legal_actions(claimers[0]))


def test_seats_keep_their_recorded_ai_and_a_former_human_gets_the_default() -> None:
    assert branch_seats(("human", "hard", "easy", "random"), 1, "normal") == ("normal", HUMAN, "easy", "random")
    assert branch_seats(("Alice", "Bob", "Cho", "Dan"), 0, ("easy", "normal", "hard")) == (HUMAN, "easy", "normal", "hard")
    assert [parse_seat(t) for t in ("0", "s3", " S1 ")] == [0, 3, 1]
    for bad in ("4", "-1", "east", ""):
        with pytest.raises(RecordError, match="seat"):
            parse_seat(bad)


def test_positions_outside_the_record_or_after_the_match_are_refused() -> None:
    record = _record("joy", 4, hands=1)
    cursor = ReplayCursor(record)
    last = cursor.steps_in_hand(0)
    with pytest.raises(RecordError, match="no step"):
        play_from(cursor, 0, last + 1, 0)
    with pytest.raises(RecordError, match="no hand 2"):
        play_from(cursor, 1, 0, 0)
    with pytest.raises(RecordError, match="no seat"):
        play_from(cursor, 0, 3, 4)
    with pytest.raises(RecordError, match="match is over"):
        play_from(cursor, 0, last, 0)  # max_hands=1: the match ended with the hand


def test_an_imported_log_cannot_be_played_on_and_says_why() -> None:
    record = import_mjai((FIXTURES / "riichienv" / "tenhou_seed3.mjson").read_text(encoding="utf-8"), "tenhou", "seed3").record
    cursor = ReplayCursor(record, name="seed3.mjson")
    assert "wall is unknown" in branch_refusal(cursor)
    with pytest.raises(RecordError, match="cannot be played on"):
        play_from(cursor, 0, 5, 1)


# -- a normal live match: played to the end, autosaved, archived ---------------------------


def _play_out(session: Any, seat: int) -> None:
    """Drive the table's session: the human seat plays the potential AI's choice."""
    helper = PotentialAI()
    for _ in range(5000):
        ctl = session.ctl
        if ctl.is_over:
            return
        if ctl.hand.is_finished:
            session.next_hand()
        elif session.needs_human():
            pending = ctl.pending
            session.submit(helper.choose(ctl.view(seat), list(pending.actions)))
        else:
            session.step()
    pytest.fail("the match did not end")


@pytest.mark.parametrize("preset, seed", CASES)
def test_the_continued_match_is_autosaved_then_archived_as_a_branch(preset: str, seed: int) -> None:
    from mahjong_joy.ui.controller_session import branch_session

    record = _record(preset, seed, hands=2)
    cursor = ReplayCursor(record, name="orig.json")
    step, seat = 9, 2
    session, notice = branch_session(cursor, 1, step, seat, opponents=("easy", "normal", "hard"), player_name="Mei")
    assert notice is None and autosave_exists()  # saved at once: Continue finds it before the first move
    saved = json.loads(autosave_path().read_text(encoding="utf-8"))
    resumed, meta = load_autosave()
    assert saved == json.loads(json.dumps(autosave_record(session.ctl, meta)))  # the writer's text is the record
    assert meta.player_seat == seat and meta.branched_from == Branch("orig.json", 1, 2, step)
    assert hand_state(resumed) == hand_state(session.ctl)
    assert resumed.reasons == session.ctl.reasons and any(resumed.reasons)  # the AI's reasons survive Continue
    snap = session.snapshot()
    assert snap.me == seat and snap.names == ("Sora", "Kiri", "Mei", "Momo")  # named from the player's seat
    _play_out(session, seat)
    assert not autosave_exists()
    [path] = list(records_dir().glob("*.json"))
    kept = read_record(path)
    assert kept["branched_from"] == {"record": "orig.json", "match": 1, "hand": 2, "step": step}
    assert kept["player_seat"] == seat and kept["seats"][seat] == HUMAN
    first = cursor.spans[1].first + step
    assert kept["matches"][0]["decisions"][:first] == record["matches"][0]["decisions"][:first]
    ReplayCursor(kept)  # the new record replays on its own
    from mahjong_joy.ui.replay_session import ReplaySession as Viewed

    assert Viewed(kept).branch == Branch("orig.json", 1, 2, step) and Viewed(record).branch is None
    assert Viewed(kept).names == snap.names  # its replay names the seats as the live table did
    with History.open() as history:
        [row] = history.matches()
    assert row.player_seat == seat and row.placement is not None


def test_the_branched_records_log_prints_the_ai_reasons_but_none_for_the_player(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from mahjong_joy.ui.controller_session import branch_session

    original = _record("joy", 8, hands=1)
    cut = 12
    cursor = ReplayCursor(original, name="orig.json")
    session, _ = branch_session(cursor, 0, cut, 1, autosave=False)
    _play_out(session, 1)
    ctl = session.ctl
    assert ctl.reasons[:cut] == original["matches"][0]["reasons"][:cut]  # the original AI's words up to the branch
    after = list(zip(ctl.decisions[cut:], ctl.reasons[cut:]))
    assert all(why is None for action, why in after if action.seat == 1)  # the player gives none
    assert all(why for action, why in after if action.seat != 1)
    path = tmp_path / "branched.json"
    write_record(run_record(ctl.seed, ctl.seat_kinds, [ctl]), path)
    assert main(["replay", str(path), "--text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    said = [line.split()[0] for line in lines if " thinks: " in line]
    assert len(said) == sum(why is not None for why in ctl.reasons)
    assert said.count("S1") == sum(why is not None for a, why in zip(ctl.decisions[:cut], ctl.reasons[:cut]) if a.seat == 1)


def test_a_bad_branch_note_in_the_autosave_sets_it_aside() -> None:
    from mahjong_joy.ui.controller_session import branch_session

    branch_session(ReplayCursor(_record("joy", 5, hands=1)), 0, 3, 2)
    data = json.loads(autosave_path().read_text(encoding="utf-8"))
    data["branched_from"] = {"record": "x.json", "match": 1, "hand": "two", "step": 3}
    autosave_path().write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordError, match="bad branched_from"):
        load_autosave()
    assert not autosave_exists()  # set aside, named in the message


def test_play_from_here_keeps_an_unfinished_match_in_replays() -> None:
    from mahjong_joy.ui.controller_session import ControllerSession, branch_session

    waiting = ControllerSession(seed=3, player_name="Mei")
    waiting.step()
    while not waiting.needs_human():
        waiting.step()
    waiting.submit(waiting.ctl.pending.actions[0])
    assert autosave_exists()
    cursor = ReplayCursor(_record("joy", 5, hands=1))
    session, _ = branch_session(cursor, 0, 4, 1)
    with History.open() as history:
        rows = history.matches()
    assert [r.seed for r in rows] == ["3"] and rows[0].placement is None  # archived unfinished, not lost
    assert load_autosave()[1].branched_from is not None and session.me == 1
    again = ControllerSession.resume()  # Continue on Home: the player is back in seat 1
    assert again.me == 1 and again.ctl.seat_kinds[1] == HUMAN and again.snapshot().me == 1


# -- the command line ----------------------------------------------------------------


@pytest.fixture()
def joy_file(tmp_path: Path) -> Path:
    path = tmp_path / "run.json"
    write_record(_record("joy", 8, hands=2), path)
    return path


def test_cli_play_opens_straight_into_the_live_match(joy_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mahjong_joy.ui import app as app_module
    from mahjong_joy.ui.scenes.table import TableScene

    opened: list[Any] = []

    class Watched(app_module.App):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            opened.append(self)

    monkeypatch.setattr(app_module, "App", Watched)
    png = tmp_path / "live.png"
    assert main(["replay", str(joy_file), "--hand", "1", "--step", "13", "--play", "3", "--frames", "2", "--screenshot", str(png), "--size", "1024x640"]) == 0
    assert png.stat().st_size > 1000
    [app] = opened
    table = app.top
    assert isinstance(table, TableScene) and table.session.me == 3 and table.session.ctl.seat_kinds[3] == HUMAN
    cursor = ReplayCursor(read_record(joy_file))
    live = table.session.ctl
    assert len(live.decisions) >= 13 and live.decisions[:13] == cursor.actions[:13]  # the record's play, then the live one
    assert table.session.snapshot().names[3] == Settings().player_name
    assert not autosave_exists()  # a headless run leaves the player's save alone


@pytest.mark.parametrize(
    "args, message",
    [
        (["--hand", "1", "--step", "5", "--play", "5"], "a seat is 0, 1, 2 or 3"),
        (["--hand", "1", "--step", "5", "--play", "north"], "a seat is 0, 1, 2 or 3"),
        (["--hand", "7", "--step", "0", "--play", "1"], "there is no hand 7"),
        (["--hand", "1", "--step", "999", "--play", "1"], "there is no step 999"),
    ],
)
def test_cli_bad_play_arguments_exit_2_with_one_line(joy_file: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(["replay", str(joy_file), *args, "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_cli_refuses_to_play_on_an_imported_log(capsys: pytest.CaptureFixture[str]) -> None:
    log = FIXTURES / "riichienv" / "tenhou_seed3.mjson"
    assert main(["replay", str(log), "--hand", "1", "--step", "4", "--play", "0", "--frames", "1"]) == 2
    err = capsys.readouterr().err
    assert "cannot be played on" in err and "wall is unknown" in err and err.count("\n") == 1


def test_cli_play_at_the_end_of_a_finished_match_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record("joy", 4, hands=1)
    path = tmp_path / "one.json"
    write_record(record, path)
    last = ReplayCursor(record).steps_in_hand(0)
    assert main(["replay", str(path), "--hand", "1", "--step", str(last), "--play", "0", "--frames", "1"]) == 2
    assert "match is over" in capsys.readouterr().err


# -- in the window: the chooser and the reasons ------------------------------------------

pygame = pytest.importorskip("pygame")

from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.replay_session import ReplaySession  # noqa: E402
from mahjong_joy.ui.scenes.play_here import SeatChooser  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplayViewerScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402


def _viewer(record: dict[str, Any], size: tuple[int, int] = (1280, 800)) -> tuple[App, ReplayViewerScene]:
    app = App(size=size, settings=Settings(player_name="Mei", opponents=("hard", "easy", "normal")))
    viewer = ReplayViewerScene(app, ReplaySession(record, name="run.json"), "Replay")
    app.replace(viewer)
    return app, viewer


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(1 / 60)


def test_the_chooser_lists_the_seats_east_first_and_opens_the_live_table() -> None:
    record = _record("tenhou", 7, hands=1)
    record["seats"] = ["human", "normal", "normal", "normal"]
    app, viewer = _viewer(record)
    viewer.seek(0, 20)
    app.step(1 / 60)
    _key(app, pygame.K_p)
    chooser = app.top
    assert isinstance(chooser, SeatChooser) and chooser.refusal == ""
    seats = [b for b in chooser.buttons if b.action.startswith("seat")]
    dealer = viewer.session.cursor.hand.dealer
    assert [b.action for b in seats] == [f"seat{(dealer + i) % 4}" for i in range(4)]
    assert seats[0].label.startswith("East · ") and "was the player" in next(b.hint for b in seats if b.action == "seat0")
    for button in seats:  # every seat button lies inside the card and clear of the others
        assert chooser.card.contains(button.rect)
        assert all(not button.rect.colliderect(o.rect) for o in chooser.buttons if o is not button)
    cursor = viewer.session.cursor
    expected = hand_state(cursor.match)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=seats[2].rect.center))
    app.step(1 / 60)
    table = app.top
    taken = (dealer + 2) % 4
    assert isinstance(table, TableScene) and app.stack == [table]
    ctl = table.session.ctl
    assert table.session.me == taken and ctl.seat_kinds[taken] == HUMAN
    # the seat the player had (seat 0) is an AI now, at the level Settings give that seat
    if taken != 0:
        assert ctl.seat_kinds[0] == ("hard", "easy", "normal")[(0 - taken) % 4 - 1]
    assert hand_state(ctl) == expected  # no AI has moved yet: the table is the viewer's
    assert table.session.snapshot().names[taken] == "Mei"


def test_the_chooser_takes_a_seat_by_arrows_and_enter() -> None:
    app, viewer = _viewer(_record("joy", 8, hands=2))
    viewer.seek(0, 7)
    _key(app, pygame.K_p)
    chooser = app.top
    assert isinstance(chooser, SeatChooser) and chooser.buttons[0].focused
    _key(app, pygame.K_DOWN)
    _key(app, pygame.K_DOWN)
    assert chooser.buttons[2].focused and not chooser.buttons[0].focused
    wanted = int(chooser.buttons[2].action.removeprefix("seat"))
    _key(app, pygame.K_RETURN)
    assert isinstance(app.top, TableScene) and app.top.session.me == wanted


def test_the_chooser_explains_why_an_imported_log_cannot_be_played_on() -> None:
    record = import_mjai((FIXTURES / "riichienv" / "tenhou_seed3.mjson").read_text(encoding="utf-8"), "tenhou", "seed3").record
    app, viewer = _viewer(record, (1024, 640))
    viewer.seek(0, 6)
    _key(app, pygame.K_p)
    chooser = app.top
    assert isinstance(chooser, SeatChooser) and "wall is unknown" in chooser.refusal
    assert [b.action for b in chooser.buttons] == ["cancel"]
    assert chooser.card.contains(chooser.buttons[0].rect)
    _key(app, pygame.K_ESCAPE)
    assert app.top is viewer


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_viewer_shows_each_ai_reason_in_a_bubble_by_its_seat(size: tuple[int, int]) -> None:
    record = _record("joy", 8, hands=1)
    reasons = record["matches"][0]["reasons"]
    app, viewer = _viewer(record, size)
    viewer.seek(0, 0)
    app.step(1 / 60)
    assert viewer.reason_rect() is None  # the deal: nobody decided yet
    seen_sides = set()
    for step in range(1, 12):
        viewer.seek(0, step)
        app.step(1 / 60)
        seat = viewer.session.cursor.last_action.seat
        assert viewer.session.reason() == (seat, reasons[step - 1])
        rect, tail = viewer.reason_rect()
        seen_sides.add(tail)
        screen = pygame.Rect((0, 0), size)
        assert screen.contains(rect) and not rect.colliderect(viewer.bar)
        assert not rect.colliderect(viewer._info_card()[0])
        for river in range(4):
            assert not rect.colliderect(viewer.layout.river_area(river))
        inside = {tuple(app.screen.get_at((x, rect.centery)))[:3] for x in range(rect.x + 4, rect.right - 4, 3)}
        assert len(inside) > 2  # words drawn on the bubble
    assert seen_sides == {"bottom", "right", "top", "left"}  # each seat's bubble sits on its own side
    record["matches"][0].pop("reasons")
    app, viewer = _viewer(record, size)
    viewer.seek(0, 5)
    assert viewer.reason_rect() is None  # an old record without reasons shows none


def test_a_branched_table_never_shows_a_reason_worded_for_the_recorded_table() -> None:
    """Play from here: the record's reasons name the player's seat as the all-AI table did
    ("fold: Nana is in riichi") while the table says "You" (play test, issue 27 #6)."""
    from mahjong_joy.ui.controller_session import branch_session

    original = _record("tenhou", 2, hands=2)
    cursor = ReplayCursor(original, name="orig.json")
    session, _ = branch_session(cursor, 0, 20, 0)
    ctl = session.ctl
    assert any(ctl.reasons[: ctl.spoken_from])  # the record's own words are kept for the record
    assert session.ai_reasons() == (None,) * 4  # but none is shown at the live table
    resumed, _ = load_autosave()  # Continue: the saved branch knows where its own words begin
    assert resumed.spoken_from == ctl.spoken_from and resumed.table_reasons() == (None,) * 4
    for _ in range(200):
        if ctl.is_over or ctl.hand.is_finished:
            break
        play_one_move(session)
        shown = [found[1] for found in session.ai_reasons() if found]
        assert not any("Nana" in words for words in shown), shown
