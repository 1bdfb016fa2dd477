"""Issue 28 §2: large tiles and a visible keyboard focus.

The tile size (Settings' 100/125/150%) lays the table out so nothing leaves a
1280x800 window and no pond, hand or meld meets another panel, even with a full
river and four melds; a smaller window gets the largest size that fits and
Settings says so. Every scene shows its keyboard focus with the one ring of
``widgets.draw_focus_ring``; Tab moves it and Enter presses what it is on.
"""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.rulesets.presets import find_preset  # noqa: E402
from mahjong_joy.storage.settings import UI_SCALES, Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.layout import HAND_ZOOM, LONGEST_RIVER, layout_clashes, table_layout  # noqa: E402
from mahjong_joy.ui.scenes.base import Scene  # noqa: E402
from mahjong_joy.ui.scenes.help_book import HelpBookScene  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.match_end import MatchEndScene  # noqa: E402
from mahjong_joy.ui.scenes.menu import MenuOverlay  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplaysScene, ReplayViewerScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.scenes.settings import SettingsScene, scale_note  # noqa: E402
from mahjong_joy.ui.scenes.stats import StatsScene  # noqa: E402
from mahjong_joy.ui.scenes.tutorial import TutorialOffer  # noqa: E402
from mahjong_joy.ui.replay_session import ReplaySession  # noqa: E402
from mahjong_joy.engine.actions import Pass, Pon  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.ui.session import ClaimOffer, HandOutcome, Meld, StaticSession, WinResult  # noqa: E402
from mahjong_joy.ui.theme import scale_for  # noqa: E402
from mahjong_joy.ui.win_reveal import WinRevealScene  # noqa: E402
from mahjong_joy.ui.widgets import FOCUS_RING, ChoiceRow, TextField, draw_focus_ring, focused_item  # noqa: E402
from tests.helpers import h  # noqa: E402
from tests.test_replay_viewer import _record  # noqa: E402
from tests.test_ui_polish import snapshot, table_at  # noqa: E402

FULL_RIVER = tuple(h("19m28p37s1234567z19m28p37s456m"))[:LONGEST_RIVER]
FOUR_MELDS = (Meld("pon", (27,) * 3, 27, 2), Meld("chi", (2, 3, 4), 3, 3), Meld("pon", (31,) * 3, 31, 1),
              Meld("added_kan", (33,) * 4, 33, 3))


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))


def full_table(size: tuple[int, int], scale: float):  # noqa: ANN201
    """A table with a 21-tile river at every seat (one riichi tile sideways) and four melds each."""
    pons = tuple(Meld("pon", (k,) * 3, k, 0) for k in (27, 28, 29, 30))  # an opponent's added kan stacks toward the centre
    snap = snapshot(melds0=FOUR_MELDS, rivers=(FULL_RIVER,) * 4, melds=(FOUR_MELDS, pons, pons, pons), hand_sizes=(2, 1, 1, 1),
                    river_sideways=(4, 8, 13, 19))
    return table_at(size, snap, Settings(ui_scale=scale))


# -- 1. the tile size -----------------------------------------------------------------
@pytest.mark.parametrize("scale", [1.25, 1.5])
def test_at_1280x800_the_chosen_tile_size_is_reached_and_everything_stays_apart(scale: float) -> None:
    app, table = full_table((1280, 800), scale)
    L = table.layout
    assert L.zoom == scale and L.river_w == round(40 * scale), "1280x800 holds the size chosen"
    window = app.screen.get_rect()
    areas = L.rects()
    assert all(window.contains(rect) for rect in areas.values()), areas
    rivers = {seat: [table.river_rect(seat, i) for i in range(LONGEST_RIVER)] for seat in range(4)}
    hands = {seat: [rect for rect, *_ in table._concealed(seat)] + [rect for rect, _, _ in table.meld_slots(seat)] for seat in range(4)}  # noqa: SLF001
    panels = [L.center, L.guide, L.actions]
    for seat in range(4):
        rel = table.snap.seat_from_me(seat)
        for rect in rivers[seat] + hands[seat]:
            assert window.contains(rect), (seat, rect)
        for rect in rivers[seat]:
            assert rect.collidelist(panels) < 0, (seat, rect)
            assert not any(rect.colliderect(r) for other in range(4) if other != seat for r in rivers[other] + hands[other])
            assert not any(rect.colliderect(r) for r in hands[seat])
        for rect in hands[seat]:
            assert rect.collidelist([L.center, L.actions]) < 0 and L.line_area(rel).contains(rect) or rel == 0 and rect.collidelist(panels[:1]) < 0
    assert not any(r.colliderect(L.guide) for r in rivers[0] + hands[0][:2])  # my pond and my concealed tiles clear the guide
    assert layout_clashes(L) == []


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
@pytest.mark.parametrize("scale", UI_SCALES)
def test_the_guides_words_stay_in_its_panel_clear_of_my_melds(size: tuple[int, int], scale: float) -> None:
    """With full ponds and four melds (an added kan's stacked tile rising into the guide's row)
    the panel ends short of my first meld, and its caption, tiles and counts stay inside it."""
    app, table = full_table(size, scale)
    panel, melds = table.guide_rect(), [rect for rect, _, _ in table.meld_slots(table.snap.me)]
    assert table.guide.advice(table).caption and table.guide.drawn, "the guide has something to say here"
    assert panel.collidelist(melds) < 0
    for rect in table.guide.drawn:
        assert panel.contains(rect) and rect.collidelist(melds) < 0, (rect, panel)


def _won_with_melds():  # noqa: ANN202
    """The player's win with an added kan, a closed kan and a pon (a long row of tiles)."""
    melds = (Meld("added_kan", (4,) * 4, 4, 3), Meld("closed_kan", (20,) * 4, None, None), Meld("pon", (27,) * 3, 27, 2))
    win = WinResult(0, 2, False, 25, tuple(h("99s")) + (25,), melds, (("toitoi", 2),), 2, 40, 0, "",
                    (("ron", 2600),), (), None, (), (2600, 0, -2600, 0))
    return snapshot(result=HandOutcome((win,), None, win.deltas, (27600, 25000, 22400, 25000)), phase="finished")


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_the_winners_hand_on_the_score_card_and_the_reveal_grows_with_the_tile_size(size: tuple[int, int]) -> None:
    """Settings' tile size reaches the won hand too, as far as the table's own hand grows
    (HAND_ZOOM), inside the score card and the reveal's card; 100% is the card as it was."""
    widths, reveals = [], []
    for scale in UI_SCALES:
        app = App(size=size, settings=Settings(ui_scale=scale, anim_speed="normal"))
        score = ScoreScene(app, _won_with_melds())
        app.replace(score)
        app.step(1 / 60)
        upright, melds, _ = score.hand_places(score._card.x + round(28 * score.scale), score._card.y, score.scale)  # noqa: SLF001
        rects = [r for r, _, _ in upright] + [r for group in melds for r, _, _ in group]
        assert all(score._card.contains(rect) for rect in rects)  # noqa: SLF001
        widths.append(upright[0][0].w)
        zoom = min(table_layout(size, scale).zoom, HAND_ZOOM)
        assert upright[0][0].w == round(44 * zoom * score.scale)
        reveal = WinRevealScene(app, _won_with_melds())
        card = reveal.card_rect(size)
        assert card.contains(reveal.hand_rect(card, score.scale))
        reveals.append(reveal.hand_image(score.scale, card.w - round(48 * score.scale)).get_width())
    assert widths[0] == round(44 * scale_for(size)) and widths == sorted(widths) and widths[-1] > widths[0]
    assert reveals == sorted(reveals) and reveals[-1] > reveals[0]


def test_the_ponds_grow_with_the_tile_size_and_100_percent_is_todays_table() -> None:
    widths = [table_layout((1280, 800), scale).river_w for scale in UI_SCALES]
    assert widths == [40, 50, 60]
    assert table_layout((1280, 800), 1.0) == table_layout((1280, 800))


@pytest.mark.parametrize("size", [(960, 600), (1024, 640), (1920, 1080)])
@pytest.mark.parametrize("scale", [1.25, 1.5])
def test_any_window_gets_the_largest_size_that_fits(size: tuple[int, int], scale: float) -> None:
    layout = table_layout(size, scale)
    assert 1.0 < layout.zoom <= scale and layout_clashes(layout) == []
    note = scale_note(scale, size)
    assert (note == "") == (layout.zoom == scale)
    if note:
        assert note == f"{round(scale * 100)}% (limited to {round(layout.zoom * 100)}% in this window)"


def test_the_settings_row_changes_the_table_at_once_and_is_kept() -> None:
    app, table = table_at((1280, 800), snapshot())
    before = table.layout.river_w
    settings = SettingsScene(app)
    app.push(settings)
    settings.set("ui_scale", 1.5)
    assert table.layout.zoom == 1.5 and table.layout.river_w > before
    assert Settings.from_dict(app.settings.to_dict()).ui_scale == 1.5
    assert Settings.from_dict({"ui_scale": 1.3}).ui_scale == 1.0 and Settings.from_dict({"ui_scale": True}).ui_scale == 1.0


def test_the_colour_safe_tiles_keep_working_at_a_larger_size() -> None:
    app, table = full_table((1280, 800), 1.5)
    plain = app.art.image(34, table.layout.river_w).copy()  # the red 5 of Characters
    app.settings.colour_safe_tiles = True
    app.apply_settings()
    safe = app.art.image(34, table.layout.river_w)
    assert safe.get_size() == plain.get_size() and table.layout.river_w == 60
    assert pygame.image.tobytes(safe, "RGBA") != pygame.image.tobytes(plain, "RGBA")


# -- 2. the focus ring ------------------------------------------------------------------
def _press(app: App, key: int, mod: int = 0) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))


def ring_drawn(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> bool:
    """Whether the focus ring's colour lies on the left edge of the ring around ``rect``."""
    probe = pygame.Surface(surface.get_size())
    ring = draw_focus_ring(probe, rect, scale)  # where the one helper draws it
    column = [surface.get_at((x, ring.centery))[:3] for x in range(ring.x, ring.x + max(2, round(3 * scale)))]
    return tuple(FOCUS_RING) in column


def _draw(app: App) -> pygame.Surface:
    app.step(1 / 60)
    return app.screen


def _focused_rect(items) -> pygame.Rect:  # noqa: ANN001
    item = focused_item(items)
    assert item is not None, "a scene always shows where Enter goes"
    return item.rect


def test_tab_moves_the_menus_focus_and_enter_presses_it() -> None:
    app, _ = table_at((1280, 800), snapshot())
    menu = MenuOverlay(app)
    app.push(menu)
    assert focused_item(menu.buttons).action == "resume"
    assert ring_drawn(_draw(app), _focused_rect(menu.buttons), app.stack[-1].scale)
    _press(app, pygame.K_TAB)
    assert focused_item(menu.buttons).action == "settings"
    _press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    _press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert focused_item(menu.buttons).action == "home"
    _press(app, pygame.K_RETURN)
    assert isinstance(app.top, HomeScene)


def test_the_tables_focus_runs_from_my_tile_to_its_switches_and_enter_presses_the_focused_one() -> None:
    app, table = table_at((1280, 800), snapshot(rules=find_preset("mahjong_soul")))
    surface = _draw(app)
    tile = table.hand_slot(table.selected).move(0, -round(10 * table.layout.scale))
    assert ring_drawn(surface, tile, table.layout.scale * 0.6)
    _press(app, pygame.K_SPACE)
    assert table.message == "", "Space never discards (it is Pass at a claim); a still table would have refused"
    _press(app, pygame.K_RETURN)
    assert "still picture" in table.message  # Enter does discard the focused tile (this table refuses it)
    _press(app, pygame.K_TAB)
    assert table.button_focus == table.toggles[0].action == "auto_pass" and table.toggles[0].focused
    assert ring_drawn(_draw(app), table.toggles[0].rect, table.layout.scale * 0.62)
    _press(app, pygame.K_RETURN)
    assert app.settings.auto_pass is True
    _press(app, pygame.K_LEFT)
    assert table.button_focus is None and not any(b.focused for b in table.toggles)


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_every_scene_draws_its_focus_ring(size: tuple[int, int]) -> None:
    seen = []
    app = App(size=size, settings=Settings())
    for make, items in (
        (HomeScene, lambda s: s._focusables()),  # noqa: SLF001
        (SettingsScene, lambda s: [s.name_field, *s.rows, s.back]),
        (StatsScene, lambda s: s.focusables()),
        (lambda a: HelpBookScene(a, "joy"), lambda s: s.page_buttons + s.buttons),
        (TutorialOffer, lambda s: s.buttons),
        (ReplaysScene, lambda s: s.buttons),  # no match played yet: Back holds the focus
    ):
        scene = make(app)
        app.replace(scene)
        surface = _draw(app)
        item, s = focused_item(items(scene)), scene.scale
        rect, size = (item.rect.inflate(int(12 * s), int(8 * s)), s * 0.6) if isinstance(item, ChoiceRow) else (item.rect, s * 0.6 if isinstance(item, TextField) else s)
        assert ring_drawn(surface, rect, size), type(scene).__name__
        seen.append(type(scene).__name__)
    won = snapshot(result=HandOutcome((), None, (0,) * 4, (25000,) * 4), phase="finished", match_over=True,
                   standings=((0, 25000, 1), (1, 25000, 2), (2, 25000, 3), (3, 25000, 4)))
    for scene in (ScoreScene(app, won), MatchEndScene(app, won)):
        app.replace(scene)
        buttons = scene.focusables() if isinstance(scene, ScoreScene) else scene.buttons
        assert ring_drawn(_draw(app), _focused_rect(buttons), scene.scale), type(scene).__name__
        seen.append(type(scene).__name__)
    app.replace(Scene(app))
    viewer = ReplayViewerScene(app, ReplaySession(_record(4, hands=1)), "Replay")
    app.push(viewer)
    bar = viewer.controls + [viewer.play_here, viewer.close]
    assert ring_drawn(_draw(app), _focused_rect(bar), viewer.layout.scale)
    _press(app, pygame.K_TAB)
    assert focused_item(bar).action == "forward"
    start = viewer.session.cursor.position
    _press(app, pygame.K_RETURN)
    assert viewer.session.cursor.position == (start[0], start[1] + 1)  # Enter pressed the focused step-forward control
    assert len(seen) == 8


def test_tab_and_enter_at_the_match_end_and_the_score_card() -> None:
    app = App(size=(1280, 800), settings=Settings())
    app.replace(HomeScene(app))
    won = snapshot(result=HandOutcome((), None, (0,) * 4, (25000,) * 4), phase="finished", match_over=True,
                   standings=((0, 25000, 1), (1, 25000, 2), (2, 25000, 3), (3, 25000, 4)))
    end = MatchEndScene(app, won)
    app.push(end)
    assert focused_item(end.buttons).action == "new"
    _press(app, pygame.K_TAB)  # "Play this deal again" is off without a seed: Tab skips it
    assert focused_item(end.buttons).action == "home"
    _press(app, pygame.K_RETURN)
    assert isinstance(app.top, HomeScene) and len(app.stack) == 1


class _Answers(StaticSession):
    """A still table that keeps the answers sent to it."""

    def __init__(self, snap) -> None:  # noqa: ANN001
        super().__init__(snap)
        self.sent: list = []

    def submit(self, action) -> None:  # noqa: ANN001
        self.sent.append(action)


def test_the_claim_prompt_starts_on_pass_and_tab_then_enter_claims() -> None:
    offer = ClaimOffer(27, 3, (Pon(0), Pass(0)))
    app = App(size=(1280, 800), settings=Settings(ui_scale=1.5))
    app.replace(HomeScene(app))
    session = _Answers(snapshot(claim=offer, turn=3, drawn=None, hand=tuple(h("11z234m567p")), own_actions=()))
    table = TableScene(app, session)
    app.push(table, {})
    prompt = ClaimOverlay(app, table)
    app.push(prompt)
    assert isinstance(prompt.actions[focused_item(prompt.buttons).action], Pass)
    assert ring_drawn(_draw(app), _focused_rect(prompt.buttons), table.layout.scale)
    _press(app, pygame.K_TAB)
    assert prompt.auto.focused  # past Pass: the Auto-pass switch
    _press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    _press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert isinstance(prompt.actions[focused_item(prompt.buttons).action], Pon)
    _press(app, pygame.K_RETURN)
    assert session.sent == [Pon(0)]


def test_tab_and_enter_on_the_score_card_the_help_book_and_stats() -> None:
    app = App(size=(1280, 800), settings=Settings())
    won = snapshot(result=HandOutcome((), None, (0,) * 4, (25000,) * 4), phase="finished")
    score = ScoreScene(app, won)
    app.replace(score)
    _press(app, pygame.K_TAB)  # a draw's card has only its Next button: the focus stays there
    assert focused_item(score.focusables()) is score.button
    book = HelpBookScene(app, "joy")
    app.replace(book)
    _press(app, pygame.K_TAB)
    assert book.bar_focus == "next" and focused_item(book.buttons).action == "next"
    _press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    _press(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert book.bar_focus == "back"
    _press(app, pygame.K_TAB)
    _press(app, pygame.K_TAB)
    _press(app, pygame.K_SPACE)
    assert book.index == 1  # Space pressed Next
    stats = StatsScene(app)
    app.replace(Scene(app))
    app.push(stats)
    assert focused_item(stats.focusables()).action == "back"
    _press(app, pygame.K_RETURN)
    assert app.top is not stats
