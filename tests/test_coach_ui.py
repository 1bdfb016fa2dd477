"""The coach in the window (issue 26 §2): review mode in the replay viewer, the match summary
the standings open, the score screen's "Coach after each hand" line, and the worker thread
that keeps the frame loop free while a review is made.

Every expectation is read from the coach's own review of the same seeded record (its
decisions, grades and mistakes), so these tests check that the screens show and reach
what the coach found, not what it found. The work runs in steps between frames (``App.idle``,
as the window's loop calls it); here the tests call it themselves. No timing here: frames
per second while a review runs are measured by ``scripts/bench_coach_ui.py``.
"""

from __future__ import annotations

import json
from collections.abc import Generator
from typing import Any

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.ai.levels import LevelAI  # noqa: E402
from mahjong_joy.app.background import BackgroundJob  # noqa: E402
from mahjong_joy.app.coach import review_match  # noqa: E402
from mahjong_joy.commands.simulate import simulate  # noqa: E402
from mahjong_joy.errors import RecordError  # noqa: E402
from mahjong_joy.replay.record import run_record  # noqa: E402
from mahjong_joy.rulesets.presets import find_preset  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.grades import COLOURS, SHAPES  # noqa: E402
from mahjong_joy.ui.replay_session import ReplaySession  # noqa: E402
from mahjong_joy.ui.review_state import ReviewState, playing_session  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.match_end import MatchEndScene  # noqa: E402
from mahjong_joy.ui.scenes.play_here import SeatChooser  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplayViewerScene  # noqa: E402
from mahjong_joy.ui.scenes.review_summary import ReviewSummaryScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.scenes.settings import SettingsScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402

SEED = 7  # Tenhou, the player's seat played by Easy: the coach finds mistakes in the first two hands
SEATS = ("easy", "normal", "normal", "normal")


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    played = simulate(SEED, ai=SEATS, hands=2, rules=find_preset("tenhou"))
    made = json.loads(json.dumps(run_record(SEED, SEATS, played)))
    made["seats"][0] = "human"
    return made


@pytest.fixture(scope="module")
def reviewed(record: dict[str, Any]) -> ReviewState:
    state = ReviewState(record, 0, name="run.json")
    state.compute_here()
    assert state.ready and state.mistakes, "the seeded record must hold mistakes to jump between"
    return state


def finish(app: App, review: ReviewState) -> None:
    """Run the window's between-frames steps until the review is made, then a frame."""
    for _ in range(100_000):
        if review.job is None or review.job.done:
            break
        app.idle()
    app.step(1 / 60)
    assert review.ready, review.error


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(1 / 60)


def viewer(record: dict[str, Any], review: ReviewState | None = None, size: tuple[int, int] = (1280, 800)) -> tuple[App, ReplayViewerScene]:
    app = App(size=size, settings=Settings())
    app.background = None  # no warm-up running: a review may start at once
    scene = ReplayViewerScene(app, ReplaySession(record, name="run.json"), "Replay", review=review)
    app.replace(scene)
    app.step(1 / 60)
    return app, scene


# -- review mode -----------------------------------------------------------------------------------
def test_r_turns_review_mode_on_and_off_and_says_so_in_the_key_help(record: dict[str, Any]) -> None:
    app, scene = viewer(record)
    bar = scene.bar.copy()
    assert not scene.reviewing and "R  review" in scene.review_keys()
    key(app, pygame.K_r)
    assert scene.reviewing and scene.review is not None and scene.review.seat == 0
    assert scene.bar.h > bar.h and scene.bar.bottom == bar.bottom  # room for the marks, the hand row untouched
    assert any("mistake" in line for line in scene.review_keys())
    assert "review" in scene.layout_rects()
    key(app, pygame.K_r)
    assert not scene.reviewing and scene.bar == bar
    scene.review.cancel()


def test_the_review_is_made_in_steps_between_frames_with_a_progress_bar_meanwhile(
        record: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("mahjong_joy.ui.app.JOB_LEAST", 0.0)  # a frame with no spare time runs one step: no clock in the test
    app, scene = viewer(record)
    key(app, pygame.K_r)
    job = scene.review.job
    assert job is not None and job in app.jobs and not job.done
    for _ in range(5):
        app.step(1 / 60)  # frames alone do none of the work: it waits for the loop's idle time
    assert job.progress == 0.0 and not scene.review.ready
    app.idle(spare=0.0)
    app.idle(spare=0.0)
    assert 0.0 <= job.progress < 1.0 and not job.done  # one step a frame: far from done yet
    steps = 0
    while not job.done:
        app.idle(spare=0.0)
        steps += 1
    assert steps > 5 and job not in app.jobs  # many frames' worth, then the App lets it go
    app.step(1 / 60)
    assert scene.review.ready and scene.review.error is None


def grade_pixels(surface: pygame.Surface, area: pygame.Rect, grade: str) -> int:
    """Pixels of ``area`` in the grade's own colour."""
    colour = COLOURS[grade]
    return sum(1 for x in range(area.x, area.right) for y in range(area.y, area.bottom) if surface.get_at((x, y))[:3] == colour)


def test_each_graded_decision_of_the_hand_is_marked_on_the_step_track_in_its_colour(record: dict[str, Any], reviewed: ReviewState) -> None:
    hand, step = reviewed.mistakes[0]
    app, scene = viewer(record)
    scene.seek(hand, step)
    app.step(1 / 60)
    band = scene.strip.inflate(0, round(16 * scene.layout.scale))
    assert all(grade_pixels(app.screen, band, g) == 0 for g in COLOURS)  # review off: no marks
    app, scene = viewer(record, reviewed)
    scene.seek(hand, step)
    app.step(1 / 60)
    band = scene.strip.inflate(0, round(16 * scene.layout.scale))
    total = scene.session.cursor.steps_in_hand(hand)
    for mark_step, grade in reviewed.marks(hand):
        x = scene.strip.x + round(scene.strip.w * mark_step / total)
        spot = pygame.Rect(x - 2, band.y, 5, band.h)
        worse_nearby = any(abs(other - mark_step) * scene.strip.w < total * 16 for other, g in reviewed.marks(hand) if g != grade)
        if not worse_nearby:  # a neighbour's mark may cover a good dot
            assert grade_pixels(app.screen, spot, grade) > 0, f"no {grade} mark at step {mark_step}"
    assert len({SHAPES[g] for g in COLOURS}) == len(COLOURS)  # a shape per grade, not a colour alone


def test_the_panel_shows_the_decision_at_the_cursor_with_the_ais_top_three(record: dict[str, Any], reviewed: ReviewState) -> None:
    hand, step = reviewed.mistakes[0]
    app, scene = viewer(record, reviewed)
    scene.seek(hand, step)
    app.step(1 / 60)
    card = scene._review_card()
    decision = next(d for d in reviewed.review.decisions if (d.hand, d.step) == (hand, step))
    assert card is not None and card.grade == decision.grade in ("mistake", "blunder")
    assert [o.value for o in card.options[:3]] == [o.value for o in decision.options[:3]]
    assert sum(o.chosen for o in card.options) == 1 and card.reason == decision.reason
    panel = scene.review_rect()
    assert not panel.colliderect(scene.bar) and not panel.colliderect(scene._info_card()[0])
    reviewed_steps = {(d.hand, d.step) for d in reviewed.review.decisions}
    if (hand, step + 1) not in reviewed_steps:
        scene.seek(hand, step + 1)  # just past it: the same decision, noted as just played
        app.step(1 / 60)
        assert scene._review_card() is card
    free = next(s for s in range(1, scene.session.cursor.steps_in_hand(hand))
                if (hand, s) not in reviewed_steps and (hand, s - 1) not in reviewed_steps)
    scene.seek(hand, free)  # no decision of the seat here nor just before: the hand's tally instead
    app.step(1 / 60)
    assert scene._review_card() is None and reviewed.hand_tally(hand)[0] == len(reviewed.review.in_hand(hand))


def test_the_mistake_keys_move_the_cursor_from_mistake_to_mistake_both_ways(record: dict[str, Any], reviewed: ReviewState) -> None:
    app, scene = viewer(record, reviewed)
    scene.seek(0, 0)
    visited = []
    for _ in reviewed.mistakes:
        key(app, pygame.K_RIGHTBRACKET)
        visited.append(scene.session.cursor.position)
    assert visited == reviewed.mistakes
    key(app, pygame.K_RIGHTBRACKET)  # none further: the cursor stays, a note says so
    assert scene.session.cursor.position == reviewed.mistakes[-1] and scene.message
    back = []
    for _ in reviewed.mistakes[:-1]:
        key(app, pygame.K_LEFTBRACKET)
        back.append(scene.session.cursor.position)
    assert back == list(reversed(reviewed.mistakes[:-1]))


def test_play_from_here_still_works_from_a_reviewed_step(record: dict[str, Any], reviewed: ReviewState) -> None:
    hand, step = reviewed.mistakes[0]
    app, scene = viewer(record, reviewed)
    scene.seek(hand, step)
    key(app, pygame.K_p)
    chooser = app.top
    assert isinstance(chooser, SeatChooser) and chooser.position == (hand, step) and not chooser.refusal
    key(app, pygame.K_1)
    assert isinstance(app.top, TableScene) and app.top.session.ctl.match.hand is not None


def test_a_click_on_the_track_goes_to_the_nearest_mark(record: dict[str, Any], reviewed: ReviewState) -> None:
    hand, step = reviewed.mistakes[0]
    app, scene = viewer(record, reviewed)
    scene.seek(hand, 0)
    app.step(1 / 60)
    total = scene.session.cursor.steps_in_hand(hand)
    x = scene.strip.x + round(scene.strip.w * step / total)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x + 1, scene.strip.centery)))
    app.step(1 / 60)
    assert scene.session.cursor.position == (hand, step)


def test_v_reviews_another_seat(record: dict[str, Any], reviewed: ReviewState) -> None:
    app, scene = viewer(record, reviewed)
    key(app, pygame.K_v)
    assert scene.review_seat == 1 and scene.review is not None and scene.review is not reviewed
    assert scene.reviews[0] is reviewed  # the first seat's review is kept
    scene.review.cancel()


# -- the match summary from the standings --------------------------------------------------------
def play_as_easy(session: ControllerSession, until_match_end: bool) -> None:
    """The player's seat played by the Easy AI, to the first hand's end or the match's."""
    easy, ctl = LevelAI("easy"), session.ctl
    while not ctl.is_over:
        if ctl.hand.is_finished:
            if not until_match_end:
                return
            session.next_hand()
        elif ctl.awaits_human:
            pending = ctl.pending
            session.submit(easy.decide(ctl.view(pending.seat), pending.actions)[0])
        else:
            session.step()


def live_app(coach: bool, until_match_end: bool, ruleset: str = "tenhou") -> tuple[App, ControllerSession]:
    app = App(size=(1280, 800), settings=Settings(coach_after_hand=coach, anim_speed="instant", ai_pace="instant"))
    app.background = None
    session = ControllerSession(seed=SEED, ruleset=ruleset, length="east", ai=("normal",) * 3, max_hands=2, autosave=False)
    play_as_easy(session, until_match_end)
    app.replace(HomeScene(app))
    app.push(TableScene(app, session), {})
    return app, session


def test_review_this_match_opens_the_summary_whose_links_open_the_viewer_there() -> None:
    app, session = live_app(coach=False, until_match_end=True)
    end = MatchEndScene(app, session.snapshot())
    app.replace(end)
    app.step(1 / 60)
    assert end.review_button.enabled and [b.action for b in end.buttons] == ["new", "again", "home"]
    key(app, pygame.K_r)
    summary = app.top
    assert isinstance(summary, ReviewSummaryScene) and summary.seat == session.me
    finish(app, summary.review)
    expected = review_match(session.record(), session.me)
    assert [(d.hand, d.step, d.loss) for d in summary.worst()] == [(d.hand, d.step, d.loss) for d in expected.summary.worst]
    assert len(summary.rows) == len(expected.summary.worst) > 0
    assert summary.rows[0].focused  # the costliest decision holds the keyboard focus first
    key(app, pygame.K_TAB)
    assert summary.rows[1].focused if len(summary.rows) > 1 else summary.open_button.focused
    key(app, pygame.K_1)
    shown = app.top
    assert isinstance(shown, ReplayViewerScene) and shown.reviewing and shown.review is summary.review
    first = expected.summary.worst[0]
    assert shown.session.cursor.position == (first.hand, first.step)
    key(app, pygame.K_ESCAPE)
    assert app.top is summary
    key(app, pygame.K_ESCAPE)
    assert app.top is end


def test_leaving_the_summary_early_stops_the_review_and_coming_back_starts_it_again() -> None:
    app, session = live_app(coach=False, until_match_end=True)
    end = MatchEndScene(app, session.snapshot())
    app.replace(end)
    app.step(1 / 60)
    key(app, pygame.K_r)
    summary = app.top
    job = summary.review.job
    key(app, pygame.K_ESCAPE)  # at once, before the review can have finished
    assert app.top is end and summary.review.job is None and job.done and job.result is None
    app.idle()
    assert job not in app.jobs  # the window drops the stopped work
    key(app, pygame.K_r)
    again = app.top
    assert isinstance(again, ReviewSummaryScene) and again.review is summary.review
    finish(app, again.review)


def test_the_standings_offer_no_review_without_a_match_behind_them() -> None:
    app, session = live_app(coach=False, until_match_end=True)
    snap = session.snapshot()
    bare = App(size=(1280, 800), settings=Settings())
    end = MatchEndScene(bare, snap)
    bare.replace(end)
    bare.step(1 / 60)
    assert not end.review_button.enabled and "review" not in end.layout_rects()


def test_a_bad_record_says_why_on_the_summary_and_never_crashes() -> None:
    app = App(size=(1280, 800), settings=Settings())
    app.background = None
    summary = ReviewSummaryScene(app, {"schema": 1, "matches": []}, 0, "bad")
    app.replace(summary)
    app.step(1 / 60)
    app.idle()
    app.step(1 / 60)
    assert summary.review.error and not summary.review.ready and not summary.open_button.enabled


# -- Coach after each hand ----------------------------------------------------------------------------
def test_the_score_screen_line_appears_only_with_the_setting_on() -> None:
    app, session = live_app(coach=False, until_match_end=False)
    score = ScoreScene(app, session.snapshot())
    app.push(score)
    app.step(1 / 60)
    assert score.coach is None and score.coach_line() == "" and "coach" not in score.layout_rects()
    app, session = live_app(coach=True, until_match_end=False)
    score = ScoreScene(app, session.snapshot())
    app.push(score)
    app.step(1 / 60)
    assert score.coach is not None and score.coach_line() and "coach" in score.layout_rects()
    finish(app, score.coach)
    hand = len(session.ctl.match.results) - 1
    expected = [d for d in review_match(session.record(), session.me).mistakes() if d.hand == hand]
    line = score.coach_line()
    assert (str(len(expected)) in line and "see" in line) if expected else line == "No mistakes this hand"


def test_the_coach_line_opens_the_review_at_the_hands_first_mistake_with_no_play_from_here() -> None:
    app, session = live_app(coach=True, until_match_end=False)
    score = ScoreScene(app, session.snapshot())
    app.push(score)
    app.step(1 / 60)
    finish(app, score.coach)
    mistakes = score.coach.hand_mistakes(score.coach_hand)
    if not mistakes:
        pytest.skip("this seed's first hand holds no mistake to open")  # pragma: no cover - the seed is chosen to hold one
    key(app, pygame.K_c)
    shown = app.top
    assert isinstance(shown, ReplayViewerScene) and shown.reviewing and shown.live_match
    assert shown.session.cursor.position == mistakes[0]
    key(app, pygame.K_p)  # the match is still in play: a note, no seat chooser
    assert app.top is shown and shown.message
    key(app, pygame.K_ESCAPE)
    assert app.top is score


def test_a_ruleset_the_coach_cannot_rank_gets_a_line_saying_why_and_nothing_to_open() -> None:
    app, session = live_app(coach=True, until_match_end=False, ruleset="mcr")
    score = ScoreScene(app, session.snapshot())
    app.push(score)
    app.step(1 / 60)
    assert score.coach is not None
    app.idle()
    app.step(1 / 60)
    assert score.coach.error and score.coach_line().startswith("Coach: ") and "mcr" in score.coach_line()
    key(app, pygame.K_c)
    assert app.top is score


def test_the_guided_first_hand_is_not_coached() -> None:
    from mahjong_joy.tutorial import tutorial_controller

    app = App(size=(1280, 800), settings=Settings(coach_after_hand=True))
    app.background = None
    session = ControllerSession.for_controller(tutorial_controller(), "Mei")
    app.replace(HomeScene(app))
    app.push(TableScene(app, session), {})
    assert playing_session(app) is None and not session.reviewable  # its rigged wall is not in its record
    score = ScoreScene(app, session.snapshot())
    assert score.coach is None and score.coach_line() == ""


def test_settings_has_the_coach_row_and_it_applies_at_once() -> None:
    app = App(size=(1280, 800), settings=Settings())
    settings = SettingsScene(app)
    app.push(settings)
    app.step(1 / 60)
    row = settings.row("coach_after_hand")
    assert row.label == "Coach after each hand" and app.settings.coach_after_hand is False
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=row.pills[1].center))
    app.step(1 / 60)
    assert app.settings.coach_after_hand is True
    assert Settings.from_dict(app.settings.to_dict()).coach_after_hand is True
    assert Settings.from_dict({"coach_after_hand": "yes"}).coach_after_hand is False


# -- the job ---------------------------------------------------------------------------------------
def test_a_cancelled_job_stops_where_it_was_and_keeps_no_result() -> None:
    pieces: list[int] = []

    def steps() -> Generator[float, None, str]:
        for i in range(10):
            pieces.append(i)
            yield i / 10
        return "done"

    job = BackgroundJob(steps, "test").start()
    job.step()
    job.step()
    job.cancel()
    assert job.done and job.result is None and job.error is None and pieces == [0, 1] and job.progress == 0.1
    assert BackgroundJob(steps, "again").run_here().result == "done"


def test_a_failing_job_reports_its_error_instead_of_raising() -> None:
    def steps() -> Generator[float, None, None]:
        yield 0.5
        raise RecordError("run.json: not a record")

    job = BackgroundJob(steps, "test").run_here()
    assert job.done and job.result is None and job.error == "run.json: not a record" and job.progress == 0.5


def test_the_summarys_keyboard_focus_keeps_its_place_and_follows_the_pointer(record: dict[str, Any], reviewed: ReviewState) -> None:
    """The summary's controls take the shared keyboard focus (``widgets.keyboard_focus``):
    Tab and Shift-Tab wrap over the links and the buttons, a re-layout keeps the focused
    control, the pointer moves the focus, Enter presses what holds it."""
    app = App(size=(1280, 800), settings=Settings())
    app.replace(HomeScene(app))
    summary = ReviewSummaryScene(app, record, 0, review=reviewed)
    app.push(summary)
    app.step(1 / 60)
    controls = [*summary.rows, summary.open_button, summary.back]
    assert len(summary.rows) >= 2 and [c.focused for c in controls].count(True) == 1 and summary.rows[0].focused
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode=""))
    app.step(1 / 60)
    assert summary.back.focused  # from the first control back round to the last
    key(app, pygame.K_UP)
    assert summary.open_button.focused
    app.switch_language("ja")  # the rows are laid out again: the focus stays where it was
    assert summary.open_button.focused and not any(row.focused for row in summary.rows)
    app.switch_language("en")
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    assert summary.rows[0].focused
    summary.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=summary.rows[1].rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    assert summary.rows[1].focused and not summary.rows[0].focused
    summary.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0), buttons=(0, 0, 0)))
    assert summary.rows[1].focused  # off every control the focus stays
    for _ in range(len(summary.rows)):  # on through the other links and Step through it to Back
        key(app, pygame.K_TAB)
    assert summary.back.focused
    key(app, pygame.K_RETURN)
    assert app.top is not summary  # Back pressed


def test_the_viewer_measures_its_result_and_review_panel_lines_once(record: dict[str, Any], reviewed: ReviewState,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The review panel's place depends on its height and the result card's, so a frame
    lays both out and then draws them: each text is wrapped once (kept per text, size,
    width and language), not once for the layout and again for the drawing."""
    from mahjong_joy.ui import theme

    app, scene = viewer(record, reviewed)
    scene.seek(0, scene.session.cursor.steps_in_hand(0))  # the hand's end: its result card, the panel under it
    assert scene.snap.result is not None
    theme.wrapped.cache_clear()
    measured: list[tuple[str, int, int]] = []
    lines = theme._wrap_lines  # noqa: SLF001

    def counting(message: str, size: int, width: int) -> list[str]:
        measured.append((message, size, width))
        return lines(message, size, width)

    monkeypatch.setattr(theme, "_wrap_lines", counting)
    app.step(1 / 60)
    from mahjong_joy.ui.review_panel import legend_lines
    from mahjong_joy.ui.scenes.score import headline

    texts = {text for text, _, _ in measured}
    assert headline(scene.snap) in texts and legend_lines()[0][1] in texts  # the result card's and the panel's words
    assert len(measured) == len(set(measured))  # each once
    first = len(measured)
    app.step(1 / 60)
    assert len(measured) == first  # the next frame of the same step measures nothing again
    app.switch_language("ja")
    app.step(1 / 60)
    assert len(measured) > first  # another language, another font: measured anew
    app.switch_language("en")


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_the_viewers_bar_is_the_one_the_layouts_keep_their_ponds_clear_of(record: dict[str, Any], size: tuple[int, int],
                                                                          scale: float) -> None:
    """One geometry (``layout.replay_bar``): the bar the viewer shows is the bar the layouts
    and their clash check measure. Review mode makes it taller upward (the grade marks), and
    the table is laid out clear of that taller bar: my pond's third row, 21 discards long,
    stays in sight (it lay under the bar); out of review mode the table is the game's own."""
    from mahjong_joy.ui.layout import LONGEST_RIVER, REVIEW_STRIP, layout_clashes, replay_bar, table_layout

    app = App(size=size, settings=Settings(ui_scale=scale))
    scene = ReplayViewerScene(app, ReplaySession(record, name="run.json"), "Replay")
    app.replace(scene)
    app.step(1 / 60)
    L = scene.layout
    assert L == table_layout(size, scale)
    checked = replay_bar(size, L.line_area(0).h)
    assert (scene.bar.x, scene.bar.y, scene.bar.h) == (checked.x, checked.y, checked.h) and scene.bar.bottom == L.line_area(0).top - round(6 * L.scale)
    plain = scene.bar.copy()
    key(app, pygame.K_r)
    R = scene.layout
    assert R.reviewing and scene.bar.bottom == plain.bottom and scene.bar.h == plain.h + round(REVIEW_STRIP * R.scale)
    assert scene.bar == replay_bar(size, R.line_area(0).h, reviewing=True, right=scene.bar.right)
    assert [i for i in range(LONGEST_RIVER) if R.river_slot(0, i).colliderect(scene.bar)] == []
    assert R.zoom == 1.0 or layout_clashes(R) == []
    key(app, pygame.K_r)
    assert scene.layout == L and scene.bar == plain
    scene.reviews[0].cancel()
