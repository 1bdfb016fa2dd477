"""The standings chart: its axes are labelled (points on the left, hands along the
bottom) and its highest point and dot stay clear of the title."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.ui import theme  # noqa: E402
from mahjong_joy.ui.points_chart import chart_points, hand_labels, plot_area, point_ticks  # noqa: E402

HISTORY = ((25000,) * 4, (33000, 17000, 25000, 25000), (41000, 13000, 27000, 19000), (28000, 40000, 17000, 15000))


@pytest.fixture(autouse=True)
def _fonts() -> None:
    pygame.font.init()


@pytest.mark.parametrize("history", [HISTORY, HISTORY[:2], ((25000,) * 4,) * 2, ((100000, -20000, 10000, 10000), (25000,) * 4)])
def test_the_point_ticks_are_round_and_cover_every_value(history) -> None:  # noqa: ANN001
    ticks = point_ticks(history)
    values = [v for row in history for v in row]
    assert ticks[0] <= min(values) and ticks[-1] >= max(values) and 2 <= len(ticks) <= 5
    steps = {b - a for a, b in zip(ticks, ticks[1:])}
    assert len(steps) == 1 and all(t % 500 == 0 for t in ticks)


@pytest.mark.parametrize("scale", [1.0, 0.8])
def test_the_top_point_and_its_dot_clear_the_title(scale: float) -> None:
    frame = pygame.Rect(100, 100, round(590 * scale), round(590 * scale))
    plot = plot_area(frame, scale)
    title_bottom = frame.y + round(8 * scale) + theme.font(round(17 * scale)).get_height()
    dot = max(3, round(4 * scale))
    ticks = point_ticks(HISTORY)
    points = [p for seat in range(4) for p in chart_points(HISTORY, seat, plot, (ticks[0], ticks[-1]))]
    assert min(y for _, y in points) - dot > title_bottom
    assert all(plot.collidepoint(x, y) or (x == plot.right or y == plot.bottom) for x, y in points)
    label_w = theme.font(round(13 * scale)).size(f"{ticks[-1]:,}")[0]
    assert plot.x - round(8 * scale) - label_w >= frame.x, "the point labels fit left of the plot"
    assert plot.bottom + 2 * theme.font(round(13 * scale)).get_height() <= frame.bottom, "the hand labels fit below it"


def test_the_hands_axis_starts_at_the_deal() -> None:
    assert hand_labels(len(HISTORY)) == ["start", "1", "2", "3"]


def test_the_match_end_screen_draws_the_labelled_chart() -> None:
    from mahjong_joy.storage.settings import Settings
    from mahjong_joy.ui.app import App
    from mahjong_joy.ui.scenes.match_end import MatchEndScene
    from tests.test_ui_polish import snapshot

    app = App(size=(1280, 800), settings=Settings())
    standings = ((1, 40000, 1), (0, 28000, 2), (2, 17000, 3), (3, 15000, 4))
    scene = MatchEndScene(app, snapshot(history=HISTORY, standings=standings, match_over=True))
    app.replace(scene)
    drawn: list[str] = []
    real = theme.blit_text
    try:
        theme.blit_text = lambda surface, message, *a, **k: drawn.append(message) or real(surface, message, *a, **k)
        app.step(1 / 60)
    finally:
        theme.blit_text = real
    assert {"start", "1", "2", "3", "hand"} | {f"{t:,}" for t in point_ticks(HISTORY)} <= set(drawn)
