"""Headless checks of the table's finishing touches: the score screen lays melds as the
table does, a closed kan flies in, the player's stacked kan tiles keep clear of the
guide, the centre panel's words stay apart, the turn band stays on the felt, and the
player's name from Settings reaches the table, the score screen and the standings.
"""

from __future__ import annotations

import dataclasses

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.controller import Controller  # noqa: E402
from mahjong_joy.engine.actions import Discard  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.melds import meld_tiles  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.ui.session import HandOutcome, Meld, StaticSession, TableSnapshot, WinResult  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.tiles_art import BACK  # noqa: E402
from tests.helpers import h  # noqa: E402
from tests.test_ui_kans_flip import KAN_DRAWS, KAN_HANDS, button, click, rigged_table, until  # noqa: E402

SIZES = [(1280, 800), (1024, 640)]
PON_EAST = Meld("pon", (27,) * 3, 27, 2)
CHI = Meld("chi", (2, 3, 4), 3, 3)
ADDED_LEFT = Meld("added_kan", (33,) * 4, 33, 3)  # claimed from the left: sideways first, toward the hand
ADDED_ACROSS = Meld("added_kan", (13,) * 4, 13, 2)


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))


def snapshot(melds0: tuple[Meld, ...] = (), **changes: object) -> TableSnapshot:
    """The player (seat 0) to discard from two tiles, or from a full hand without melds."""
    hand = (22,) if melds0 else tuple(h("123m456p789s1122z"))
    base = dict(me=0, names=("You", "Momo", "Sora", "Kiri"), points=(25000,) * 4, round_wind=27, hand_number=1,
                honba=0, dealer=0, turn=0, phase="play", hand=hand, drawn=24, hand_sizes=(len(hand) + 1, 13, 13, 13),
                melds=(melds0, (), (), ()), rivers=tuple(tuple(h("19m28p37s1234567z")[: 8 + s]) for s in range(4)),
                wall_count=40, dora_indicators=(7,), own_actions=tuple(Discard(0, t) for t in (*hand, 24)),
                claim=None, visible34=(0,) * 34, version=1)
    return TableSnapshot(**{**base, **changes})


def table_at(size: tuple[int, int], snap: TableSnapshot, settings: Settings | None = None) -> tuple[App, TableScene]:
    app = App(size=size, settings=settings or Settings())
    app.replace(HomeScene(app))
    table = TableScene(app, StaticSession(snap))
    app.push(table, {})
    table.hover = 0
    app.step(1 / 60)
    return app, table


# -- 1. the score screen's melds -------------------------------------------------------
def test_a_won_hands_result_carries_each_melds_claimed_tile_and_source_seat() -> None:
    ctl = Controller(seats=("potential",) * 4, seed=0, max_hands=1, auto_deal=False)
    ctl.step(100_000)
    r = ctl.hand_result
    assert r is not None and r.wins and r.wins[0].melds  # seed 0: the winner called two pons
    (win,) = r.wins
    engine = [(None if m.claimed is None else ctl.hand.code(m.claimed), m.from_seat) for m in ctl.hand.melds[win.seat]]
    assert [(m.claimed, m.from_seat) for m in win.melds] == engine and all(src not in (None, win.seat) for _, src in engine)
    assert win.melds == ctl.hand.seats[win.seat].shown_melds  # the table's melds, as they are


def test_a_meld_without_a_source_seat_is_drawn_flat() -> None:
    ctl = Controller(seats=("potential",) * 4, seed=0, max_hands=1, auto_deal=False)
    ctl.step(100_000)
    (win,) = ctl.hand_result.wins
    for meld in win.melds:
        bare = dataclasses.replace(meld, from_seat=None)
        assert not any(t.lying for t in meld_tiles(bare, win.seat, 30)[0])
        assert any(t.lying for t in meld_tiles(meld, win.seat, 30)[0])


@pytest.mark.parametrize("size", SIZES)
def test_score_screen_turns_the_claimed_tile_and_stacks_the_added_kan_as_the_table_does(size: tuple[int, int]) -> None:
    melds = (ADDED_LEFT, Meld("closed_kan", (20,) * 4, None, None), PON_EAST)  # the player wins; pon from across
    win = WinResult(0, 2, False, 25, tuple(h("99s")) + (25,), melds, (("toitoi", 2),), 2, 40, 0, "",
                    (("ron", 2600),), (), None, (), (2600, 0, -2600, 0))
    result = HandOutcome((win,), None, (2600, 0, -2600, 0), (27600, 25000, 22400, 25000))
    app = App(size=size, settings=Settings())
    score = ScoreScene(app, snapshot(result=result, phase="finished"))
    app.replace(score)
    app.step(1 / 60)
    upright, groups, bottom = score.hand_places(100, 120, score.scale)
    added, closed, pon = groups
    for group, meld in zip(groups, melds):  # the same tiles and turns the table's shared helper decides
        want = meld_tiles(meld, 0, group[0][0].w if group[0][2] == 0 else group[0][0].h)[0]
        assert [(tile, rot == 90) for _, tile, rot in group] == [(t.tile, t.lying) for t in want]
    assert [rot for _, _, rot in pon] == [0, 90, 0]  # from across: the middle tile lies
    assert [rot for _, _, rot in added] == [90, 90, 0, 0]  # from the left: the first tile lies, the fourth on it
    lying, stacked = added[0][0], added[1][0]
    assert stacked.x == lying.x and stacked.bottom == lying.top and stacked.size == lying.size
    assert [tile for _, tile, _ in closed] == [BACK, 20, 20, BACK]
    upright_bottom = upright[0][0].bottom
    assert all(rect.bottom == upright_bottom for group in groups for rect, _, rot in group if rot == 90 and rect is not stacked)
    assert stacked.top >= 120 and bottom > upright_bottom  # the row moved down: the stacked tile stays below its top
    rects = [r for r, _, _ in upright] + [r for group in groups for r, _, _ in group]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


# -- 2. a closed kan flies in ------------------------------------------------------------
def test_a_closed_kan_slides_its_four_tiles_into_the_meld_area() -> None:
    app, table = rigged_table(KAN_HANDS, KAN_DRAWS, "2z", speed="normal")
    one_m = h("1m")[0]
    until(app, lambda: table.can_act())
    click(button(table, f"closed_kan:{one_m}").rect.center)
    app.step(1 / 60)
    slots = {("meld", 0, 0, j): rect for j, (rect, _, _) in enumerate(table.meld_slots(0))}
    flights = {f.key: f for f in table.anim.flights if f.key in slots}
    assert set(flights) == set(slots) and [flights[k].tile for k in sorted(flights)] == [BACK, one_m, one_m, BACK]
    assert all(flights[k].end == slots[k].topleft for k in slots)
    assert not table.can_act()  # the player waits for the tiles to land
    frames = until(app, lambda: not any(f.key in slots for f in table.anim.flights), frames=60)
    assert 10 <= frames <= 40


# -- 3. the player's own added kans and the guide -------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("melds", [(PON_EAST, CHI, ADDED_ACROSS, ADDED_LEFT), (ADDED_LEFT, ADDED_ACROSS, CHI, PON_EAST)])
def test_own_stacked_kan_tiles_keep_clear_of_the_guide_and_the_window_edge(size: tuple[int, int], melds: tuple[Meld, ...]) -> None:
    app, table = table_at(size, snapshot(melds))
    caption, _ = table.guide_items()
    guide = table.guide_rect()
    assert caption and guide.w >= table.layout.guide.w // 2  # the guide still shows, a little shorter
    window = app.screen.get_rect()
    tiles = [rect for rect, _, _ in table.meld_slots(0)]
    stacked = [rect for group in table.meld_groups(0) for rect, _, _, role in group if role == "added"]
    assert len(stacked) == 2 and any(r.top < table.layout.line_area(0).top for r in stacked)
    for rect in tiles + [table.hand_slot(i) for i in range(len(table.my_tiles()))]:
        assert window.contains(rect) and not rect.colliderect(guide), rect
    assert table.spotlight_band().contains(pygame.Rect(stacked[0]))  # the turn band covers the raised tile
    pixel = app.screen.get_at((guide.right + 2, guide.centery))  # beyond the shortened guide: no panel drawn there
    assert tuple(pixel)[:3] != tuple(app.screen.get_at((guide.right - 4, guide.centery)))[:3]


# -- 4. the centre panel and the turn band ------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize(("names", "points", "dealer"), [
    (("You", "Momo", "Sora", "Kiri"), (25000, 25000, 25000, 25000), 0),
    (("Abcdefghijklmnopqrstuvwx", "Momo", "Sora", "Kiri"), (25000, 100000, -12300, 25000), 1),
])
def test_centre_panel_words_stay_inside_the_panel_and_apart(size, names, points, dealer) -> None:  # noqa: ANN001
    for turn in range(4):
        _, table = table_at(size, snapshot(names=names, points=points, dealer=dealer, turn=turn, honba=3, wall_count=69))
        panel = table.layout.center
        texts = table.center_texts()
        assert set(texts) == {"round", "wall", "dora", "tag0", "tag1", "tag2", "tag3"}
        for name, (image, rect) in texts.items():
            assert panel.contains(rect), (name, rect, panel)
            assert rect.w >= image.get_width() and rect.h >= image.get_height(), name
        shapes = [(name, rect if name.startswith("tag") else ink(image, rect)) for name, (image, rect) in texts.items()]
        for i, (name, rect) in enumerate(shapes):  # tags with their highlight; the middle lines by their ink
            for other, rect2 in shapes[i + 1:]:
                assert not rect.colliderect(rect2), (size, turn, name, other)


def ink(image: pygame.Surface, rect: pygame.Rect) -> pygame.Rect:
    """Where a text image centred on ``rect`` actually puts pixels."""
    return image.get_bounding_rect().move(image.get_rect(center=rect.center).topleft)


@pytest.mark.parametrize("size", SIZES)
def test_the_turn_band_stays_on_the_felt_for_every_seat(size: tuple[int, int]) -> None:
    for turn in range(4):
        app, table = table_at(size, snapshot((PON_EAST, ADDED_LEFT), turn=turn))
        felt, band = table.felt_rect(), table.spotlight_band()
        assert felt.contains(band), (turn, band, felt)
        line = table.layout.line_area(table.snap.seat_from_me(turn))
        assert band.clip(line).w * band.clip(line).h >= 0.8 * line.w * line.h  # still behind the seat's tiles


# -- 5. the player's name ------------------------------------------------------------------
def key(code: int, char: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=char, scancode=0))


def test_typing_a_name_in_settings_renames_the_player_at_the_table_at_once() -> None:
    from mahjong_joy.ui.scenes.menu import MenuOverlay
    from mahjong_joy.ui.scenes.settings import SettingsScene

    app = App(size=(1024, 640), settings=Settings(ai_pace="relaxed", anim_speed="instant"))
    app.replace(HomeScene(app))
    table = TableScene(app)
    app.push(table, {"seed": 5})
    app.step(1 / 60)
    assert table.snap.names[0] == "You" and " You  " in table.seat_tag_text(0)
    app.push(MenuOverlay(app))
    settings = SettingsScene(app)
    app.push(settings)
    app.step(1 / 60)
    click(settings.name_field.rect.center)
    for _ in range(3):
        key(pygame.K_BACKSPACE)
    app.step(1 / 60)
    assert settings.name_field.value == "" and app.settings.player_name == "Y"  # each valid name applies; empty is not one
    for char in "Mika 2":
        key(pygame.K_SPACE if char == " " else ord(char.lower()), char)
    key(pygame.K_RETURN)  # leaves the field; does not cycle a setting
    app.step(1 / 60)
    assert app.settings.player_name == "Mika 2" and app.settings.ai_pace == "relaxed"
    assert table.snap.names == ("Mika 2", "Momo", "Sora", "Kiri") and " Mika 2  " in table.seat_tag_text(0)
    assert table.session.player_name == "Mika 2"
    key(ord("x"), "x")  # the field has lost focus: nothing typed
    app.step(1 / 60)
    assert settings.name_field.value == "Mika 2" and not settings.name_field.focused
    click(settings.name_field.rect.center)
    for _ in range(30):
        key(ord("x"), "x")
    app.step(1 / 60)
    assert len(app.settings.player_name) == 24 and app.settings.player_name.startswith("Mika 2x")


def test_the_player_name_reaches_a_new_match_the_score_screen_and_the_standings() -> None:
    from mahjong_joy.ui.scenes.match_end import MatchEndScene
    from mahjong_joy.ui.scenes.score import headline

    app = App(size=(1280, 800), settings=Settings(player_name="Mika"))
    app.replace(HomeScene(app))
    table = TableScene(app)
    app.push(table, {"seed": 5})
    assert table.session.player_name == "Mika" and table.snap.names[0] == "Mika"
    deltas = (3000, -1000, -1000, -1000)
    win = WinResult(0, 0, True, 25, (25,), (), (("tsumo", 1),), 1, 30, 0, "", (), (), None, (), deltas)
    result = HandOutcome((win,), None, deltas, (28000, 24000, 24000, 24000))
    won = TableSnapshot(**{**table.snap.__dict__, "result": result, "match_over": True,
                           "standings": ((0, 28000, 1), (1, 24000, 2), (2, 24000, 3), (3, 24000, 4))})
    assert headline(won) == "Mika wins self-drawn (tsumo)"
    ScoreScene(app, won)  # the score screen and the standings read the same names
    assert MatchEndScene(app, won).snap.names[0] == "Mika"
