"""A person's whole evening, by keyboard only: type a seed on Home, play a full Joy
match (discard with Enter, pass claims with Space, next hand with Enter), reach the
standings, go Home, and find the match in Stats and in Replays, whose viewer opens
it and steps through it. Each test has its own data folder (conftest)."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.replay.autosave import autosave_exists  # noqa: E402
from mahjong_joy.storage.history import History  # noqa: E402
from mahjong_joy.storage.stats import compute_stats  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.match_end import MatchEndScene  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplaysScene, ReplayViewerScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.scenes.stats import StatsScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402

FRAME = 1 / 60
MAX_FRAMES = 60_000


def key(app: App, code: int, text: str = "") -> None:
    """Press and handle one key."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, unicode=text, mod=0))
    app.step(FRAME)


def play_whole_match(app: App) -> tuple[int, int]:
    """Answer every prompt by keyboard until the standings; returns (hands seen, claims passed)."""
    hands = passes = 0
    for _ in range(MAX_FRAMES):
        app.step(FRAME)
        top = app.top
        if isinstance(top, MatchEndScene):
            return hands, passes
        if isinstance(top, ScoreScene):
            hands += 1
            key(app, pygame.K_RETURN)
        elif isinstance(top, ClaimOverlay):
            passes += 1
            key(app, pygame.K_SPACE)
        elif isinstance(top, TableScene) and top.can_act():
            key(app, pygame.K_RETURN)
    raise AssertionError("the match did not reach the standings")


def test_a_whole_match_by_keyboard_lands_in_stats_and_replays() -> None:
    app = App(size=(1024, 640), settings=Settings(ai_pace="instant", anim_speed="instant"))
    home = HomeScene(app)
    app.replace(home)
    app.step(FRAME)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=home.seed_field.rect.center, button=1))
    app.step(FRAME)
    for digit in "2026":
        key(app, getattr(pygame, f"K_{digit}"), digit)
    assert home.seed_field.value == "2026"
    key(app, pygame.K_n)  # New game
    table = app.top
    assert isinstance(table, TableScene) and table.session.seed == 2026

    hands, _ = play_whole_match(app)
    standings = app.top
    assert hands >= 4 and standings.snap.match_over  # East 1..4 at least (repeats add hands)
    assert not autosave_exists()  # the finished match was archived, not left to continue

    with History.open() as history:
        rows = history.matches()
        stats = compute_stats(history)
    assert len(rows) == 1 and rows[0].finished and rows[0].seed == "2026"
    assert rows[0].hands == hands and rows[0].placement in (1, 2, 3, 4)
    assert stats.matches == 1 and stats.hands == hands

    key(app, pygame.K_h)  # Home
    home = app.top
    assert isinstance(home, HomeScene) and "continue" not in {b.action for b in home.buttons}
    key(app, pygame.K_t)  # Stats
    assert isinstance(app.top, StatsScene)
    key(app, pygame.K_ESCAPE)
    assert app.top is home
    key(app, pygame.K_p)  # Replays
    assert isinstance(app.top, ReplaysScene)
    key(app, pygame.K_RETURN)  # open the newest (only) match
    viewer = app.top
    assert isinstance(viewer, ReplayViewerScene)
    start = viewer.session.cursor.position
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    assert viewer.session.cursor.position == (start[0], start[1] + 5)
    key(app, pygame.K_LEFT)
    assert viewer.session.cursor.position == (start[0], start[1] + 4)
