"""Calls and wins as moments (issue 15 §1) and "Show AI thinking" (issue 13 §2), headless
on rigged walls: callouts with their own sounds, the win reveal (yaku one by one, the
count, a limit's title, skipping, a double ron), every seat's hand on the score
screen, the standings' confetti and the AI's reason in a bubble by its seat."""

from __future__ import annotations

import array
import os
import subprocess
import sys

import pygame
import pytest

from mahjong_joy.ai.table_words import decision_words, table_words
from mahjong_joy.engine.actions import Pon
from mahjong_joy.engine.outcome import DrawReason, HandOutcome
from mahjong_joy.rulesets.presets import find_preset
from mahjong_joy.storage.settings import Settings
from mahjong_joy.ui import sound, theme
from mahjong_joy.ui.app import App
from mahjong_joy.ui.callouts import BY_EVENT, RON, TSUMO, anchor
from mahjong_joy.ui.controller_session import ControllerSession
from mahjong_joy.ui.hand_rows import seat_hands
from mahjong_joy.ui.scenes.match_end import MatchEndScene
from mahjong_joy.ui.scenes.score import ScoreScene, score_lines
from mahjong_joy.ui.scenes.table import TableScene
from mahjong_joy.ui.thinking import FADE_SECONDS, HOLD_SECONDS, bubble_anchor
from mahjong_joy.ui.win_reveal import AUTO_ADVANCE_GUARD, WinRevealScene, win_gain
from tests.helpers import h, play_one_move
from tests.test_ui_riichi import READY, RonOrTsumogiri, Tsumogiri, _draw_snapshot, index_of, riichi_table, until

# Seat 1 holds a pair of White dragons (5z) for a pon of my discard; seat 3 is ready on 3m/4m.
PON_HANDS = ["111z222z333z99p7p5z", "55z147p258s369m14s", "258p369s147m258m3p", "123p456p789p3344m"]
JOY_RON = ["111z222z333z444z7z", "123s456s78s99m555z", "258p369s147m258m3p", "123p456p789p3344m"]  # seat 1 rons my 9s
DOUBLE_RON = ["111z222z333z444z7z", "123s456s78s99m555z", "1133557799m77p9s", "2233445566778p"]
DEAD_WAIT = [READY, "6699p147s258s369m", "258p369s147m258m3p", "2233445566778p"]  # every 6p and 9p is held


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))


class Explains(Tsumogiri):
    """Throws what it drew and says so, as the AI levels do in ``last_reason``."""

    def choose(self, view, legal):  # noqa: ANN001, ANN201
        action = super().choose(view, legal)
        self.last_reason = f"{action.name}: seat {action.seat} keeps its shape"
        return action


class PonOrTsumogiri(Explains):
    """Pons whenever it can (and says why), else as :class:`Explains`."""

    def choose(self, view, legal):  # noqa: ANN001, ANN201
        pon = next((a for a in legal if isinstance(a, Pon)), None)
        if pon is None:
            return super().choose(view, legal)
        self.last_reason = f"pon: seat {pon.seat} takes the White dragons for a value triplet"
        return pon


def heard(app: App) -> list[str]:
    """Record every sound id the app plays from now on."""
    played: list[str] = []
    app.sounds.play = played.append  # type: ignore[method-assign]
    return played


def enter(app: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    app.step(1 / 60)


# -- callouts -------------------------------------------------------------------------------
def test_an_ai_pon_pops_a_pon_banner_at_its_seat_with_its_own_sound_and_play_goes_on() -> None:
    app, table = riichi_table(PON_HANDS, "8p", preset="joy", deciders=(PonOrTsumogiri(), Tsumogiri(), Tsumogiri()), anim_speed="normal")
    played = heard(app)
    until(app, table.can_act)
    table.discard(index_of(table, "5z"))
    until(app, lambda: "Pon!" in table.callouts.words())
    banner = table.callouts.shown[0]
    assert banner.rel == 1 and banner.call.sound == "pon" and "pon" in played
    assert table.snap.melds[1][0].type == "pon"
    until(app, lambda: banner.elapsed > 0.2)
    assert tuple(app.screen.get_at(anchor(table.layout, 1)))[:3] != theme.FELT  # drawn over the felt by the river
    discards = len(table.snap.rivers[1])
    until(app, lambda: len(table.snap.rivers[1]) > discards)  # the caller's discard follows while the banner still shows
    assert not banner.done and "Pon!" in table.callouts.words()
    until(app, lambda: not table.callouts.shown)
    assert banner.elapsed >= 0.6  # about 0.75 s at the normal speed


def test_declaring_riichi_calls_riichi_and_a_ron_calls_ron() -> None:
    app, table = riichi_table(["111z222z333z99p7p5z", *PON_HANDS[1:3], "2233445566778p"], "8p6z7z4z1s")
    played = heard(app)
    until(app, table.can_act)
    table.press("riichi")
    table.discard(index_of(table, "5z"))
    assert "Riichi!" in table.callouts.words() and "riichi" in played and "chime" not in played
    app, table = riichi_table(DOUBLE_RON, "9s", deciders=(RonOrTsumogiri(), RonOrTsumogiri(), Tsumogiri()))
    played = heard(app)
    until(app, table.can_act)
    table.discard(len(table.my_tiles()) - 1)
    until(app, lambda: table.snap.result is not None)
    assert table.callouts.words().count("Ron!") == 2 and played.count("ron") == 2  # both winners call it at their seats
    assert sorted(c.rel for c in table.callouts.shown) == [1, 2]


def test_the_replay_viewer_shows_the_calls_banners_and_lets_them_fade() -> None:
    import json

    from mahjong_joy.commands.simulate import simulate
    from mahjong_joy.replay.record import run_record
    from mahjong_joy.ui.replay_session import ReplaySession
    from mahjong_joy.ui.scenes.base import Scene
    from mahjong_joy.ui.scenes.replay import ReplayViewerScene

    record = json.loads(json.dumps(run_record(3, ("potential",) * 4, simulate(3, hands=1))))
    app = App(size=(1280, 800), settings=Settings(anim_speed="fast"))
    app.replace(Scene(app))
    viewer = ReplayViewerScene(app, ReplaySession(record), "Replay · test")
    app.push(viewer)
    for _ in range(300):  # step on until a call pops its banner
        if viewer.callouts.shown or not viewer.step_forward():
            break
    assert viewer.callouts.shown, "no call in the recorded hand"
    for _ in range(60):
        app.step(1 / 60)
    assert viewer.callouts.shown == []


def test_every_call_has_its_own_word_and_a_distinct_synthesised_voice() -> None:
    calls = {c.word: c.sound for c in (*BY_EVENT.values(), RON, TSUMO)}
    assert sorted(calls) == ["Chi!", "Kan!", "Pon!", "Riichi!", "Ron!", "Tsumo!"]
    voices = {name: sound.LATER[name]() for name in calls.values()}
    assert all(isinstance(v, array.array) and 0.1 < len(v) / sound.RATE < 1.0 and max(v) > 3000 for v in voices.values())
    assert len({bytes(v) for v in voices.values()}) == 6


def test_at_the_instant_speed_a_call_still_sounds_but_no_banner_waits() -> None:
    app, table = riichi_table(PON_HANDS, "8p", preset="joy", deciders=(PonOrTsumogiri(), Tsumogiri(), Tsumogiri()), anim_speed="instant")
    played = heard(app)
    until(app, table.can_act)
    table.discard(index_of(table, "5z"))
    until(app, lambda: table.snap.melds[1])
    assert "pon" in played and table.callouts.words() == []


# -- the win reveal ---------------------------------------------------------------------------
def joy_ron(**settings: object) -> tuple[App, TableScene, list[str]]:
    app, table = riichi_table(JOY_RON, "9s", preset="joy", deciders=(RonOrTsumogiri(), Tsumogiri(), Tsumogiri()), **settings)
    played = heard(app)
    until(app, table.can_act)
    table.discard(len(table.my_tiles()) - 1)
    return app, table, played


def test_the_win_reveal_shows_the_yaku_one_by_one_counts_the_points_then_hands_over_to_the_score() -> None:
    app, table, played = joy_ron(anim_speed="normal")
    until(app, lambda: isinstance(app.top, WinRevealScene))
    reveal = app.top
    lines = score_lines(table.snap, reveal.win)
    assert reveal.lines == lines and len(lines) >= 2
    seen, counts = [], []
    for _ in range(900):
        if not isinstance(app.top, WinRevealScene):
            break
        shown = len(reveal.shown_lines())
        if not seen or seen[-1] != shown:
            seen.append(shown)
        counts.append(reveal.points_now())
        app.step(1 / 60)
    assert seen == list(range(len(lines) + 1))  # none, then one more line at a time
    assert counts == sorted(counts) and counts[0] == 0 and counts[-1] == win_gain(table.snap, reveal.win) > 0
    assert "ron" in played and "flourish" in played and "fanfare" not in played and reveal.title == ""  # a small hand: no limit title
    assert isinstance(app.top, ScoreScene) and app.top.snap is table.snap


def test_a_click_or_enter_skips_the_reveal_to_its_end_and_another_goes_on() -> None:
    app, table, _ = joy_ron(anim_speed="gentle")
    until(app, lambda: isinstance(app.top, WinRevealScene))
    reveal = app.top
    assert reveal.shown_lines() == []
    enter(app)
    assert reveal.shown_lines() == reveal.lines and reveal.points_now() == win_gain(table.snap, reveal.win)
    assert isinstance(app.top, WinRevealScene)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(10, 10), button=1))
    app.step(1 / 60)
    assert isinstance(app.top, ScoreScene)


def test_an_enter_just_after_the_reveal_moves_on_by_itself_does_not_skip_the_score_screen() -> None:
    """One key press moves one screen: the player pressed Enter for "go on" as the reveal
    handed over by itself, and the score screen, fu lines and payments, was skipped
    (play test, issue 27 #5)."""
    app, table, _ = joy_ron(anim_speed="fast")
    until(app, lambda: isinstance(app.top, WinRevealScene))
    until(app, lambda: isinstance(app.top, ScoreScene), frames=2000)  # the reveal moved on by itself
    score = app.top
    enter(app)
    assert app.top is score  # the press was meant for the reveal
    for _ in range(round(60 * AUTO_ADVANCE_GUARD) + 2):
        app.step(1 / 60)
    enter(app)
    assert app.top is not score  # a later press moves on


def test_a_limit_hand_gets_its_title_and_the_fanfare() -> None:
    app, table = riichi_table(["111z222z333z99p7p5z", *PON_HANDS[1:3], "2233445566778p"], "8p6z7z4z1s2s3s9s9p", anim_speed="fast")
    played = heard(app)
    until(app, table.can_act)
    table.press("riichi")
    table.discard(index_of(table, "5z"))
    until(app, lambda: table.can_act() and table.snap.drawn == h("9p")[0], frames=3000)
    table.press("tsumo:")
    until(app, lambda: isinstance(app.top, WinRevealScene))
    reveal = app.top
    assert reveal.win.limit and reveal.title == ""
    until(app, lambda: reveal.elapsed >= reveal.beats.end)
    assert reveal.title.endswith("!") and reveal.title.lower().rstrip("!") in reveal.win.limit.replace("_", " ") + " yakuman"
    assert "tsumo" in played and "fanfare" in played


def test_a_double_ron_reveals_each_winner_then_the_two_cards() -> None:
    app, table = riichi_table(DOUBLE_RON, "9s", deciders=(RonOrTsumogiri(), RonOrTsumogiri(), Tsumogiri()))
    until(app, table.can_act)
    table.discard(len(table.my_tiles()) - 1)
    until(app, lambda: isinstance(app.top, WinRevealScene))
    reveal = app.top
    until(app, lambda: reveal.opaque)  # the lift is over: the veiled table is kept as one backdrop
    app.set_size((1024, 640))  # a resize lays the card out again over the table
    assert not reveal.opaque
    winners = []
    until(app, lambda: winners.append(reveal.win.seat) or not isinstance(app.top, WinRevealScene), frames=2000)
    assert sorted(set(winners)) == [1, 2] and winners.index(2) > winners.index(1)
    assert isinstance(app.top, ScoreScene) and len(app.top.wins) == 2 and app.top.page == 0


def test_at_the_instant_speed_the_score_screen_follows_a_win_at_once() -> None:
    app, table, _ = joy_ron(anim_speed="instant")
    seen = []
    until(app, lambda: seen.append(type(app.top)) or isinstance(app.top, ScoreScene))
    assert WinRevealScene not in seen


# -- every hand on the score screen -------------------------------------------------------------
def face_up(surface: pygame.Surface, area: pygame.Rect) -> bool:
    """True when the tiles in ``area`` show more face than back (a face-up tile shows
    a strip of its back's colour along its base; a face-down one, little face)."""
    seen = [tuple(surface.get_at((x, y)))[:3] for x in range(area.x, area.right, 2) for y in range(area.y, area.bottom, 2)]
    faces, backs = seen.count(theme.TILE_FACE), seen.count(theme.TILE_BACK)
    assert faces + backs > 400, "no tiles there"
    return faces > backs


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_score_screen_lists_the_other_hands_face_down_until_show_hands_then_with_their_waits(size: tuple[int, int]) -> None:
    app, table, _ = joy_ron(anim_speed="instant", size=size)
    until(app, lambda: isinstance(app.top, ScoreScene))
    score = app.top
    rows = {row.seat: row for row in seat_hands(score.snap, (0, 2, 3))}
    ctl = table.session.ctl
    for seat, row in rows.items():
        assert sorted(row.tiles) == sorted(ctl.hand.code(t) for t in ctl.hand.concealed[seat])
    assert rows[3].waits == tuple(h("3m4m")) and rows[3].state() == "Ready"
    assert rows[2].waits == () and rows[2].shanten > 0 and rows[2].state().endswith("from ready")
    app.step(1 / 60)
    assert score.rows_area is not None and score.rows_area.bottom <= score._card.bottom - round(80 * score.scale)
    assert not face_up(app.screen, score.rows_area)  # three concealed hands face down
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0))
    app.step(1 / 60)
    assert score.show_hands and face_up(app.screen, score.rows_area)


def test_a_riichi_win_with_a_long_breakdown_swaps_in_the_hands_on_request() -> None:
    app, table = riichi_table(["111z222z333z99p7p5z", *PON_HANDS[1:3], "2233445566778p"], "8p6z7z4z1s2s3s9s9p", anim_speed="instant",
                              size=(1024, 640))
    until(app, table.can_act)
    table.press("riichi")
    table.discard(index_of(table, "5z"))
    until(app, lambda: table.can_act() and table.snap.drawn == h("9p")[0], frames=3000)
    table.press("tsumo:")
    until(app, lambda: isinstance(app.top, ScoreScene))
    score = app.top
    score.toggle_hands()
    app.step(1 / 60)
    assert score.rows_area is not None and score.rows_area.h >= 3 * round(40 * score.scale)
    assert face_up(app.screen, score.rows_area) and score.hands_button.label == "Hide hands"


def joy_draw_table(size: tuple[int, int] = (1280, 800)) -> App:
    """A Joy hand played out to an exhaustive draw (my wait is dead; nobody calls)."""
    app, table = riichi_table(DEAD_WAIT, "5z", preset="joy", size=size, anim_speed="instant", no_calls=True)
    for _ in range(20_000):
        if isinstance(app.top, ScoreScene):
            return app
        if table.can_act():
            table.discard(len(table.my_tiles()) - 1)
        app.step(1 / 60)
    raise AssertionError("the hand never ended")


def played_to_score(size: tuple[int, int] = (1280, 800)) -> App:
    """A riichi hand on a dead wait played out to an exhaustive draw."""
    app, table = riichi_table(DEAD_WAIT, "5z", size=size, anim_speed="instant")
    until(app, table.can_act)
    table.press("riichi")
    table.discard(index_of(table, "5z"))
    for _ in range(20_000):
        if isinstance(app.top, ScoreScene):
            return app
        if table.can_act() and table.auto_action() is None:
            table.discard(len(table.my_tiles()) - 1)
        app.step(1 / 60)
    raise AssertionError("the hand never ended")


@pytest.mark.parametrize("played", [joy_draw_table, played_to_score])
def test_an_exhaustive_draw_shows_every_hand_with_the_ready_ones_waits(played) -> None:  # noqa: ANN001
    app = played()
    score = app.top
    assert score.snap.result.end == "exhaustive_draw"
    rows = seat_hands(score.snap)
    assert [len(r.tiles) + 3 * len(r.melds) for r in rows] == [13, 13, 13, 13]
    assert rows[0].waits == tuple(h("6p9p")) and all(r.waits == () for r in rows[1:] if r.shanten)
    app.step(1 / 60)
    assert score.rows_area is not None and face_up(app.screen, score.rows_area)


# -- the standings' confetti ---------------------------------------------------------------------
def standings_scene(size: tuple[int, int] = (1280, 800), speed: str = "normal", first: int = 0) -> tuple[App, MatchEndScene]:
    """The standings of a match that ``first`` (the player is seat 0) won."""
    order = [first] + [seat for seat in range(4) if seat != first]
    standings = tuple((seat, points, place + 1) for place, (seat, points) in enumerate(zip(order, (42100, 27600, 18300, 12000))))
    final = tuple(next(p for seat_, p, _ in standings if seat_ == seat) for seat in range(4))
    snap = _draw_snapshot(None, rules=find_preset("joy"), match_over=True, standings=standings, history=((25000,) * 4, final))
    app = App(size=size, settings=Settings(anim_speed=speed))
    scene = MatchEndScene(app, snap)
    app.replace(scene)
    return app, scene


def test_first_place_gets_confetti_that_falls_by_frame_time_and_ends() -> None:
    app, scene = standings_scene()
    app.step(1 / 60)
    first = [(p.share, p.y) for p in scene.celebration.pieces]
    assert first and scene._first.y < scene._first.bottom
    for _ in range(30):
        app.step(1 / 60)
    assert [p.y for p in scene.celebration.pieces[: len(first)]] != [y for _, y in first]
    for _ in range(60 * 6):
        scene.celebration.update(1 / 60)
    assert scene.celebration.done
    app, scene = standings_scene(speed="instant")
    app.step(1 / 60)
    assert scene.celebration.pieces == [] and scene.celebration.done


@pytest.mark.parametrize("first", [1, 2, 3])
def test_no_confetti_when_the_player_did_not_finish_first(first: int) -> None:
    """Confetti fell on Match over when the player finished 4th (play test)."""
    app, scene = standings_scene(first=first)
    for _ in range(30):
        app.step(1 / 60)
    assert scene.celebration is None


# -- Show AI thinking -----------------------------------------------------------------------------
@pytest.mark.parametrize("on", [True, False])
def test_the_thinking_bubble_shows_the_ais_reason_only_when_the_setting_is_on(on: bool) -> None:
    app, table = riichi_table(PON_HANDS, "8p1s", preset="joy", deciders=(Explains(), Explains(), Explains()), anim_speed="normal",
                              show_ai_thinking=on, no_calls=True)
    until(app, table.can_act)
    table.discard(index_of(table, "5z"))
    until(app, lambda: len(table.snap.rivers[2]) >= 1 and not table.anim.busy)
    ctl = table.session.ctl
    last, acted = {}, {}
    for action, reason in zip(ctl.decisions, ctl.reasons):
        last[action.seat], acted[action.seat] = reason, action
    point = bubble_anchor(table.layout, 2)[1]
    inside = (point[0] - round(40 * table.layout.scale), point[1] + round(20 * table.layout.scale))
    if on:
        assert last[2] == "discard: seat 2 keeps its shape"  # its full reason, kept for the replay viewer
        assert table.thinking.texts()[2] == decision_words(acted[2]) != last[2]  # the table's words: the decision only
        assert 0 not in table.thinking.texts()
        assert tuple(app.screen.get_at(inside))[:3] != theme.FELT
        for _ in range(round(60 * (HOLD_SECONDS + FADE_SECONDS)) + 5):
            table.thinking.update(1 / 60)
        assert 2 not in table.thinking.texts()  # faded after a few seconds
    else:
        assert table.thinking.texts() == {} and tuple(app.screen.get_at(inside))[:3] == theme.FELT


def test_a_table_opened_on_a_hand_under_way_shows_that_hands_thoughts() -> None:
    """After Continue the bubbles of the hand under way come back (play test, issue 27 #7)."""
    session = ControllerSession(seed=4, max_hands=1, ai="normal")
    while not any(session.ai_reasons()):
        play_one_move(session)
    app = App(size=(1280, 800), settings=Settings(ai_pace="instant", show_ai_thinking=True))
    table = TableScene(app, session)
    app.push(table, {})
    spoken = {seat: found[1] for seat, found in enumerate(session.ai_reasons()) if found}
    assert table.thinking.texts() == spoken


def test_the_session_reports_each_seats_newest_reason() -> None:
    session = ControllerSession(seed=4, max_hands=1, ai="normal")
    for _ in range(40):
        play_one_move(session)
    reasons = session.ai_reasons()
    ctl = session.ctl
    assert reasons[0] is None  # the player leaves no reason
    for seat in (1, 2, 3):
        number = max(i for i, a in enumerate(ctl.decisions) if a.seat == seat)
        assert reasons[seat] == (number, table_words(ctl.reasons[number], ctl.decisions[number])) and reasons[seat][1]


def test_a_result_without_final_hands_still_lists_the_hands_it_shows() -> None:
    result = HandOutcome((), DrawReason.EXHAUSTIVE, (0,) * 4, (25000,) * 4, ((1, tuple(h("7p"))),))
    snap = _draw_snapshot(result)
    rows = seat_hands(snap)
    assert rows[0].tiles == snap.hand and rows[1].waits == tuple(h("7p")) and rows[2].tiles == ()


def test_starting_the_sounds_without_a_sound_card_says_nothing_on_stderr() -> None:
    """No "ALSA lib ... cannot find card" noise at start (play test): the game runs silent
    where there is no device, and quietly."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}  # SDL picks the system's audio, as a player's does
    code = "from mahjong_joy.ui.sound import Sounds, audio_device_likely; s = Sounds(); print(audio_device_likely(), s.ready)"
    run = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0
    assert "ALSA lib" not in run.stderr and "Warning" not in run.stderr, run.stderr
    likely, ready = run.stdout.split()[-2:]
    assert likely == "True" or ready == "False"  # no device: silent, and no attempt made


def test_the_reveal_says_who_paid_under_the_total() -> None:
    """The reveal's panel was mostly blank (play test): under the total it says who paid."""
    app, table, _ = joy_ron(anim_speed="fast")
    until(app, lambda: isinstance(app.top, WinRevealScene))
    reveal = app.top
    lines = reveal.outcome_lines()
    loser = table.snap.names[reveal.win.from_seat]
    assert lines[0].startswith(f"Paid: {loser} ") and f"{table.snap.names[reveal.win.seat]} +" in lines[0]
