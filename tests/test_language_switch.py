"""A language switch reaches every label on the stack (issue 28 #1): a scene built in one
language and switched draws the same words as the same scene built in the new language.

Labels are kept as English keys (``N_``) and translated as they are drawn; a label
translated when its scene was built (``tr`` in ``__init__``) kept the old language after
a switch (the review summary's buttons; the name field's default name in Settings).
The words drawn are read where every screen renders text (``theme.text``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy import i18n  # noqa: E402
from mahjong_joy.commands.simulate import simulate  # noqa: E402
from mahjong_joy.engine.actions import Pass, Pon, Ron  # noqa: E402
from mahjong_joy.i18n import N_, set_language, tr  # noqa: E402
from mahjong_joy.replay.record import run_record  # noqa: E402
from mahjong_joy.rulesets.presets import find_preset  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui import theme  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.replay_session import ReplaySession  # noqa: E402
from mahjong_joy.ui.review_state import ReviewState  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.help_book import HelpBookScene  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.match_end import MatchEndScene  # noqa: E402
from mahjong_joy.ui.scenes.menu import MenuOverlay  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplayViewerScene  # noqa: E402
from mahjong_joy.ui.scenes.review_summary import ReviewSummaryScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.scenes.settings import SettingsScene  # noqa: E402
from mahjong_joy.ui.scenes.stats import StatsScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.ui.session import ClaimOffer, HandOutcome, StaticSession  # noqa: E402
from tests.helpers import h  # noqa: E402
from tests.test_replay_viewer import _record  # noqa: E402
from tests.test_ui_polish import snapshot  # noqa: E402

SEATS = ("easy", "normal", "normal", "normal")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text rendered from now on (each screen renders through ``theme.text``)."""
    seen: list[str] = []
    render = theme.text

    def recording(message: str, size: int, color: Any = theme.INK) -> pygame.Surface:
        seen.append(message)
        return render(message, size, color)

    monkeypatch.setattr(theme, "text", recording)
    return seen


@pytest.fixture(scope="module")
def reviewed() -> ReviewState:
    """One seeded Tenhou hand, the player's seat played by Easy, reviewed."""
    made = json.loads(json.dumps(run_record(7, SEATS, simulate(7, ai=SEATS, hands=1, rules=find_preset("tenhou")))))
    made["seats"][0] = "human"
    state = ReviewState(made, 0, name="run.json")
    state.compute_here()
    assert state.ready, state.error
    return state


def frame(app: App, drawn: list[str]) -> list[str]:
    """The words of one frame."""
    drawn.clear()
    app.step(1 / 60)
    return list(drawn)


def shows(words: list[str], label: str) -> bool:
    """Whether ``label`` was drawn, whole or cut behind an ellipsis to fit its button."""
    return any(text == label or (text.endswith("…") and len(text) > 3 and label.startswith(text[:-1])) for text in words)


def app_in(language: str) -> App:
    set_language(language)
    return App(size=(1280, 800), settings=Settings(ai_pace="instant", anim_speed="instant", language=language))


# -- every scene a player can have on the stack, and the coach's -----------------------
def _home(app: App) -> Any:
    app.replace(HomeScene(app))


def _settings(app: App) -> Any:
    _home(app)
    app.push(SettingsScene(app))


def _menu(app: App) -> Any:
    _home(app)
    app.push(MenuOverlay(app))


def _claim(rules: str) -> Callable[[App], Any]:
    def build(app: App) -> Any:
        _home(app)
        offer = ClaimOffer(27, 3, (Ron(0), Pon(0), Pass(0)))
        snap = snapshot(claim=offer, turn=3, drawn=None, hand=tuple(h("11z234m567p")), own_actions=(), rules=find_preset(rules))
        table = TableScene(app, StaticSession(snap))
        app.push(table, {})
        app.push(ClaimOverlay(app, table))
    return build


def _viewer_reviewing(app: App) -> Any:
    viewer = ReplayViewerScene(app, ReplaySession(_record(4, hands=1)), N_("Replay"))
    app.replace(viewer)
    viewer.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_r, mod=0, unicode="r"))  # review mode: "Review off"


def _won() -> Any:
    return snapshot(result=HandOutcome((), None, (0,) * 4, (25000,) * 4), phase="finished", match_over=True,
                    standings=((0, 25000, 1), (1, 25000, 2), (2, 25000, 3), (3, 25000, 4)))


SCENES: dict[str, Callable[[App], Any]] = {
    "home": _home,
    "settings": _settings,
    "menu": _menu,
    "claim (riichi)": _claim("tenhou"),
    "claim (Chinese Official)": _claim("mcr"),
    "replay viewer in review mode": _viewer_reviewing,
    "score": lambda app: app.replace(ScoreScene(app, _won())),
    "standings": lambda app: app.replace(MatchEndScene(app, _won())),
    "stats": lambda app: app.replace(StatsScene(app)),
    "help book": lambda app: app.replace(HelpBookScene(app, "mcr")),
}


@pytest.mark.parametrize(("before", "after"), [("ja", "en"), ("en", "ko"), ("zh", "ja")])
@pytest.mark.parametrize("name", list(SCENES) + ["review summary"])
def test_a_switched_scene_draws_what_the_same_scene_built_in_that_language_draws(
        name: str, before: str, after: str, drawn: list[str], reviewed: ReviewState) -> None:
    def build(app: App) -> None:
        if name == "review summary":
            app.replace(ReviewSummaryScene(app, reviewed.record, 0, "seed 7", review=reviewed))
        else:
            SCENES[name](app)

    switched = app_in(before)
    build(switched)
    old = frame(switched, drawn)
    switched.switch_language(after)
    now = frame(switched, drawn)
    fresh = app_in(after)
    drawn.clear()
    build(fresh)
    expected = set(drawn) | set(frame(fresh, drawn)) | set(frame(fresh, drawn))  # a cached picture renders once
    assert [text for text in now if text not in expected] == []
    assert set(now) != set(old)  # the switch showed (the test could fail)


def test_the_review_summarys_buttons_follow_a_switch(drawn: list[str], reviewed: ReviewState) -> None:
    app = app_in("ja")
    summary = ReviewSummaryScene(app, reviewed.record, 0, "", review=reviewed)
    app.replace(summary)
    assert {tr("Step through it"), tr("Back")} <= set(frame(app, drawn))
    app.switch_language("en")
    words = frame(app, drawn)
    assert shows(words, "Step through it") and shows(words, "Back")
    set_language("ja")
    assert tr("Step through it") not in words and tr("Back") not in words  # no Japanese left on them


def test_the_settings_name_field_tells_the_default_name_in_the_new_language(drawn: list[str]) -> None:
    app = app_in("ja")
    scene = SettingsScene(app)
    app.replace(scene)
    assert scene.name_field.value == tr("You") != "You"
    row = scene.row("language")
    english = next(i for i, (code, _) in enumerate(row.options) if code == "en")
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.pills[english].center, button=1))
    assert i18n.current_language() == "en"
    assert scene.name_field.value == "You" and "You" in frame(app, drawn)
    assert app.settings.player_name in ("", "You")  # a switch renames nobody


def test_a_name_the_player_typed_stays_through_a_switch() -> None:
    app = app_in("ja")
    scene = SettingsScene(app)
    app.replace(scene)
    scene.focus = 0
    scene._mark()  # noqa: SLF001
    for key in (pygame.K_BACKSPACE,) * 8:
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    for letter in "Ada":
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode=letter))
    assert app.settings.player_name == "Ada"
    app.switch_language("ko")
    assert scene.name_field.value == "Ada"


@pytest.mark.parametrize(("rules", "words"), [("tenhou", ("Auto-pass: off", "Ron!", "Pon", "Pass")),
                                              ("mcr", ("Hu!", "Pung", "Pass"))])
def test_the_claim_prompts_labels_follow_a_switch(rules: str, words: tuple[str, ...], drawn: list[str]) -> None:
    app = app_in("zh")
    _claim(rules)(app)
    app.switch_language("en")
    shown = frame(app, drawn)
    assert all(shows(shown, word) for word in words)


def test_the_viewers_review_button_and_the_settings_rows_follow_a_switch(drawn: list[str]) -> None:
    app = app_in("ko")
    _viewer_reviewing(app)
    app.switch_language("ja")
    assert shows(frame(app, drawn), tr("Review off"))
    app = app_in("ko")
    _settings(app)
    app.switch_language("ja")
    shown = frame(app, drawn)
    assert shows(shown, tr("AI pace")) and shows(shown, tr("Animation"))
