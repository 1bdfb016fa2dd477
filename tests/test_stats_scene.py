"""The Stats screen renders headless at both window sizes, its cards never overlap, and it closes."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.controller import Controller  # noqa: E402
from mahjong_joy.rulesets.joy import ruleset_for  # noqa: E402
from mahjong_joy.storage import paths  # noqa: E402
from mahjong_joy.app.archive import summarize  # noqa: E402
from mahjong_joy.storage.history import HandSummary, History, MatchSummary, WinScore  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.stats import PLACE_COLORS, StatsScene, figures, placement_points  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402

SIZES = ((1280, 800), (1024, 640))


@pytest.fixture(scope="module")
def summaries() -> list[MatchSummary]:
    out = []
    for seed in range(1, 7):
        ctl = Controller(seats=("potential",) * 4, seed=seed, max_hands=2)
        while not ctl.is_over:
            ctl.step()
        when = (datetime(2026, 5, 1, tzinfo=timezone.utc) + timedelta(days=seed)).isoformat(timespec="seconds")
        out.append(summarize(ctl, seed % 4, "You", when, f"r{seed}.json"))
    return out


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(paths.HOME_VARIABLE, str(tmp_path))
    return tmp_path


def big_win(day: int) -> MatchSummary:
    """A made-up match whose player won a limit hand with many yaku (the longest best-hand card)."""
    yaku = tuple((name, 1) for name in ("riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "dora", "ura_dora"))
    hand = HandSummary(1, "E1", 0, (WinScore(0, 24000, 11, 30, "baiman", yaku),), None, True, (24000, -8000, -8000, -8000))
    return MatchSummary(f"2026-06-{day:02d}T10:00:00+00:00", "joy", "77", ("human",) + ("potential",) * 3, 0, "You",
                        (49000, 17000, 17000, 17000), 1, (hand,), "big.json", True)


def shown(size: tuple[int, int]) -> tuple[App, StatsScene]:
    app = App(size=size, settings=Settings())
    app.replace(HomeScene(app))
    scene = StatsScene(app)
    app.push(scene)
    app.step(0.0)
    return app, scene


def assert_clean_layout(scene: StatsScene, size: tuple[int, int]) -> None:
    rects = list(scene.layout_rects().items())
    window = pygame.Rect(0, 0, *size)
    for i, (a, ra) in enumerate(rects):
        assert window.contains(ra), f"{a} {ra} leaves the {size} window"
        for b, rb in rects[i + 1:]:
            assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {size}"


@pytest.mark.parametrize("size", SIZES)
def test_the_screen_shows_the_history_without_overlaps(home: Path, summaries: list[MatchSummary], size: tuple[int, int]) -> None:
    with History.open() as history:
        for summary in summaries:
            history.add_match(summary)
        history.add_match(big_win(20))
    app, scene = shown(size)
    assert scene.stats.matches == len(summaries) + 1 and scene.stats.best_hand is not None
    assert scene.stats.best_hand.points == 24000
    assert {"figure0", "figure5", "best", "placements", "rulesets", "back"} <= set(scene.layout_rects())
    assert_clean_layout(scene, size)
    for place_point, place in zip(placement_points(scene.stats.recent_placements, scene.plot), scene.stats.recent_placements):
        assert app.screen.get_at(place_point)[:3] == PLACE_COLORS[place - 1]  # each dot drawn where the chart says
    pygame.image.save(app.screen, str(home / f"stats_{size[0]}.png"))


@pytest.mark.parametrize("size", SIZES)
def test_an_empty_history_says_no_matches_yet(home: Path, size: tuple[int, int]) -> None:
    app, scene = shown(size)
    assert scene.stats.is_empty and set(scene.layout_rects()) == {"back", "empty"}
    assert_clean_layout(scene, size)
    assert app.screen.get_at(scene.empty.center)[:3] != app.screen.get_at((5, 5))[:3]  # the card is drawn


def test_escape_and_back_return_to_home(home: Path) -> None:
    app, scene = shown((1280, 800))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(0.0)
    assert isinstance(app.top, HomeScene)
    app.push(StatsScene(app))
    back = app.top.buttons[0].rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=back, button=1))
    app.step(0.0)
    assert isinstance(app.top, HomeScene)


def test_a_corrupt_history_is_set_aside_and_the_screen_says_so(home: Path) -> None:
    (home / "history.sqlite3").write_bytes(b"not a database" * 50)
    app, scene = shown((1024, 640))
    assert scene.stats.is_empty and scene.notice and "could not be read" in scene.notice
    assert any(p.name.startswith("history.sqlite3.corrupt-") for p in home.iterdir())


# -- ruleset tabs -----------------------------------------------------------------------

RIICHI = (("tenhou", 1, 0), ("tenhou", 2, 0), ("tenhou", 3, 2), ("tenhou", 4, 3), ("mahjong_soul", 1, 2))


@pytest.fixture(scope="module")
def riichi_summaries() -> list[MatchSummary]:
    out = []
    for day, (preset, seed, seat) in enumerate(RIICHI, 10):
        ctl = Controller(seats=("potential",) * 4, seed=seed, ruleset=ruleset_for(preset), max_hands=3)
        while not ctl.is_over:
            ctl.step()
        out.append(summarize(ctl, seat, "You", f"2026-05-{day:02d}T12:00:00+00:00", f"t{day}.json"))
    return out


def _key(app: App, key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step(0.0)


@pytest.mark.parametrize("size", SIZES)
def test_a_riichi_tab_shows_its_own_figures_without_overlaps(home: Path, summaries: list[MatchSummary],
                                                           riichi_summaries: list[MatchSummary], size: tuple[int, int]) -> None:
    with History.open() as history:
        for summary in summaries + riichi_summaries:
            history.add_match(summary)
    app, scene = shown(size)
    assert [tab.label for tab in scene.tabs] == ["All", "Joy", "Mahjong Soul", "Tenhou", "Chinese Official"] and scene.tabs[0].primary
    tenhou = next(tab for tab in scene.tabs if tab.label == "Tenhou")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tenhou.rect.center, button=1))
    app.step(0.0)
    want = scene.stats.by_ruleset["tenhou"]
    assert scene.choice == "tenhou" and scene.shown is want and want.matches == 4
    labels = dict(figures(scene.shown))
    assert labels["Riichi rate"] == f"{want.riichi_rate * 100:.1f}%" and want.riichi_rate > 0
    assert labels["Average game points"] == f"{want.average_game_points:+.1f}"
    assert len(scene.cards) == 8 and "counts" in scene.layout_rects() and "rulesets" not in scene.layout_rects()
    assert_clean_layout(scene, size)
    for place_point, place in zip(placement_points(want.recent_placements, scene.plot), want.recent_placements):
        assert app.screen.get_at(place_point)[:3] == PLACE_COLORS[place - 1]  # the chart is tenhou's own
    assert len(want.recent_placements) == 4
    pygame.image.save(app.screen, str(home / f"stats_tenhou_{size[0]}.png"))
    _key(app, pygame.K_RIGHT)
    assert scene.choice == "mcr"
    _key(app, pygame.K_RIGHT)  # wraps around to All
    assert scene.choice == "" and len(scene.cards) == 6 and "rulesets" in scene.layout_rects()
    _key(app, pygame.K_LEFT)
    assert scene.choice == "mcr"


def test_joy_has_no_riichi_figures_and_an_unplayed_preset_says_so(home: Path, summaries: list[MatchSummary]) -> None:
    with History.open() as history:
        for summary in summaries:
            history.add_match(summary)
    app, scene = shown((1024, 640))
    scene.choose("joy")
    app.step(0.0)
    assert [label for label, _ in figures(scene.shown)] == ["Matches played", "Average placement", "Win rate",
                                                            "Deal-in rate", "Points per win", "Hands played"]
    scene.choose("mahjong_soul")
    app.step(0.0)
    assert scene.shown.is_empty and "empty" in scene.layout_rects() and "figure0" not in scene.layout_rects()
    assert_clean_layout(scene, (1024, 640))


def test_long_recorded_ruleset_names_keep_the_tabs_inside_the_window(home: Path, summaries: list[MatchSummary]) -> None:
    import dataclasses

    with History.open() as history:
        for i, summary in enumerate(summaries):
            history.add_match(dataclasses.replace(summary, ruleset=f"house_rules_{i}_" + "x" * 40))
    app, scene = shown((1024, 640))
    assert scene.tabs[0].label == "All" and [t.label for t in scene.tabs[1:4]] == ["Joy", "Mahjong Soul", "Tenhou"]
    assert 4 < len(scene.tabs) <= 6 and all(len(t.label) <= 16 for t in scene.tabs)
    assert_clean_layout(scene, (1024, 640))
    _key(app, pygame.K_LEFT)  # from All back to the last tab shown
    assert scene.choice == scene.tabs[-1].action[4:] and scene.shown.matches == 1
    assert_clean_layout(scene, (1024, 640))
    pygame.image.save(app.screen, str(home / "stats_long_names.png"))


def test_yaku_chips_that_do_not_fit_are_counted_on_a_last_plus_chip() -> None:
    """The best-hand card dropped a chip without a word (play test): the last pill says +N."""
    from mahjong_joy.ui.scenes.stats import chip_places

    labels = [f"yaku {i}" for i in range(9)]
    area = pygame.Rect(10, 10, 300, 70)  # two rows of 30 with a gap of 10
    placed = chip_places(labels, lambda label: 90, area, 30, 10)
    shown = [label for label, _ in placed]
    assert shown[-1] == f"+{len(labels) - (len(shown) - 1)}" and shown[:-1] == labels[: len(shown) - 1]
    assert all(area.contains(rect) for _, rect in placed)
    everything = chip_places(labels[:3], lambda label: 90, area, 30, 10)
    assert [label for label, _ in everything] == labels[:3]  # all fit: no +N
