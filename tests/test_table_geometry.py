"""The table's geometry as a new player sees it: the seat tags keep one font size as the
turn goes round, opponents' hands sit in the middle of their side, and the ponds fill
the felt between the hands (rendered headless at 1280x800 and 1024x640)."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.ui.layout import RIVER_COLUMNS, RIVER_LARGEST, RIVER_ROWS, pond_size, table_layout  # noqa: E402
from mahjong_joy.ui.session import Meld  # noqa: E402
from mahjong_joy.ui.tiles_art import tile_height  # noqa: E402
from tests.test_ui_polish import SIZES, snapshot, table_at  # noqa: E402

LONG = ("Abcdefghijklmnopqrstuvwx", "Momo", "Sora", "Kiri")


def tag_heights(table) -> set[int]:  # noqa: ANN001
    """The text height of each seat tag (a side tag is turned, so its width)."""
    return {min(image.get_size()) for name, (image, _) in table.center_texts().items() if name.startswith("tag")}


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("names, dealer", [(("You", "Momo", "Sora", "Kiri"), 0), (LONG, 1), (("You", "Momo", "Sora", "Kirikirikiri"), 3)])
def test_the_seat_tags_keep_one_font_size_as_the_turn_moves(size, names, dealer) -> None:  # noqa: ANN001
    heights = set()
    for turn in range(4):
        _, table = table_at(size, snapshot(names=names, dealer=dealer, turn=turn, points=(25000, 100000, -12300, 25000)))
        heights |= tag_heights(table)
    assert len(heights) == 1, heights


def _along(rect: pygame.Rect, rel: int) -> float:
    """The centre of a rect along a seat's line (x for top and bottom, y for the sides)."""
    return rect.centerx if rel % 2 == 0 else rect.centery


@pytest.mark.parametrize("size", SIZES)
def test_opponents_hands_are_centred_on_their_side(size: tuple[int, int]) -> None:
    _, table = table_at(size, snapshot(hand_sizes=(14, 13, 10, 7)))
    for seat in (1, 2, 3):
        rel = table.snap.seat_from_me(seat)
        rects = [rect for rect, _, _, _ in table._concealed(seat)]  # noqa: SLF001
        hand = rects[0].unionall(rects[1:])
        assert abs(_along(hand, rel) - _along(table.layout.line_area(rel), rel)) <= table.layout.opp_w / 2


@pytest.mark.parametrize("size", SIZES)
def test_a_hand_makes_room_for_its_melds_and_never_meets_them(size: tuple[int, int]) -> None:
    pons = tuple(Meld("pon", (k,) * 3, k, 0) for k in (27, 28, 29))
    _, table = table_at(size, snapshot(hand_sizes=(14, 4, 13, 13), melds=((), pons, (), ())))
    hand = [rect for rect, _, _, _ in table._concealed(1)]  # noqa: SLF001
    melds = [rect for rect, _, _ in table.meld_slots(1)]
    assert not any(h.colliderect(m) for h in hand for m in melds)
    line = table.layout.line_area(1)
    assert all(line.contains(r) for r in hand + melds)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640), (1600, 900), (1920, 1080)])
def test_the_ponds_fill_the_felt_between_the_hands(size: tuple[int, int]) -> None:
    old = table_layout(size)
    river_w, s = old.river_w, old.scale
    assert river_w >= round(31 * s), "never smaller than before"
    # the felt below the top hand and above the guide, less the replay viewer's taller bar
    felt_h = old.guide.top - (old.line_area(2).bottom + round(6 * s)) - round(40 * s)
    across = old.river_area(0).bottom - old.river_area(2).top
    assert across <= felt_h
    assert not old.river_area(0).colliderect(old.guide)
    bigger = river_w + 1
    too_big = max(round(178 * s), RIVER_COLUMNS * bigger - 2 * round(6 * s)) + 2 * round(6 * s) + 2 * RIVER_ROWS * tile_height(bigger)
    assert river_w == round(RIVER_LARGEST * s) or too_big > felt_h, "a larger pond tile would still fit"
    assert pond_size((10_000, 10_000), s, round(6 * s))[0] == round(RIVER_LARGEST * s)


def test_the_ponds_use_larger_tiles_at_1280x800_with_a_running_third_row() -> None:
    """The felt looked empty around small ponds (play test): three reserved rows, the third
    running on along its line, let the pond tiles grow from 34 px to 40 at 1280x800; a
    river's 19th tile still lies in the third row, right after the 18th."""
    layout = table_layout((1280, 800))
    assert layout.river_w >= 40 and RIVER_ROWS == 3
    for rel in range(4):
        a, b = layout.river_slot(rel, 17), layout.river_slot(rel, 18)
        assert (a.x == b.x or a.y == b.y) and not a.colliderect(b)
        assert layout.river_slot(rel, 12).colliderect(layout.river_area(rel))


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_long_river_running_on_meets_no_hand_button_guide_or_centre(size: tuple[int, int]) -> None:
    """Up to 21 discards (more than a hand gives a seat) the running third row stays clear of
    the action buttons, the guide, every seat's hand line and the centre panel."""
    layout = table_layout(size)
    others = [layout.actions, layout.guide, layout.center, *(layout.line_area(rel) for rel in range(4))]
    for rel in range(4):
        for index in range(21):
            slot = layout.river_slot(rel, index)
            assert not any(slot.colliderect(other) for other in others), (rel, index)
