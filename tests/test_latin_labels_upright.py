"""Latin labels stay upright on turned tiles: a 9 in the top seat's pond is not a 6, a
sideways 8 is not an infinity sign (rendered headless, measured on the pixels)."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.ui import theme  # noqa: E402
from mahjong_joy.ui.tiles_art import TileArt, footprint  # noqa: E402

WIDTH = 48
EIGHT_M, NINE_M, NINE_P = 7, 8, 17


@pytest.fixture(scope="module")
def art() -> TileArt:
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((64, 64))
    return TileArt(latin=True)


def face(art: TileArt, code: int, rotation: int, width: int = WIDTH) -> pygame.Surface:
    image = art.image(code, width, rotation)
    return image.subsurface((0, 0, *footprint(width, rotation))).copy()


def ink_box(surface: pygame.Surface, color: tuple[int, int, int], tolerance: int = 60) -> pygame.Rect:
    """The bounding box of the pixels close to ``color`` (the digit's ink)."""
    xs, ys = [], []
    for x in range(surface.get_width()):
        for y in range(surface.get_height()):
            r, g, b, a = surface.get_at((x, y))
            if a > 200 and abs(r - color[0]) + abs(g - color[1]) + abs(b - color[2]) < tolerance:
                xs.append(x)
                ys.append(y)
    assert xs, "no ink of that colour"
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def distance(a: pygame.Surface, b: pygame.Surface) -> int:
    return sum(abs(pa - pb) for x in range(a.get_width()) for y in range(a.get_height())
               for pa, pb in zip(a.get_at((x, y))[:3], b.get_at((x, y))[:3]))


@pytest.mark.parametrize("rotation", [90, 270])
def test_a_sideways_eight_stands_upright(art: TileArt, rotation: int) -> None:
    digit = ink_box(face(art, EIGHT_M, rotation), theme.INK)
    assert digit.h > digit.w, "an 8 lying on its side reads as an infinity sign"
    upright = ink_box(face(art, EIGHT_M, 0), theme.INK)
    assert abs(digit.h - upright.h) <= 2, "the label keeps its upright size"


def ink_mask(surface: pygame.Surface, color: tuple[int, int, int]) -> set[tuple[int, int]]:
    """The ink pixels, counted from the corner of their own bounding box."""
    box = ink_box(surface, color)
    return {(x - box.x, y - box.y) for x in range(box.x, box.right) for y in range(box.y, box.bottom)
            if abs(surface.get_at((x, y))[0] - color[0]) + abs(surface.get_at((x, y))[1] - color[1]) + abs(surface.get_at((x, y))[2] - color[2]) < 60}


def overlap(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> float:
    return len(a & b) / len(a | b)


def test_a_nine_upside_down_still_reads_nine(art: TileArt) -> None:
    upright, turned = face(art, NINE_M, 0), face(art, NINE_M, 180)
    as_if_turned = pygame.transform.rotate(upright, 180)  # what the top seat's 9 looked like: a 6
    assert distance(turned, upright) < distance(turned, as_if_turned) / 4


def test_a_corner_index_nine_upside_down_still_reads_nine(art: TileArt) -> None:
    upright, turned = face(art, NINE_P, 0, 120), face(art, NINE_P, 180, 120)  # large enough to read the index
    size = 120 // 3
    nine = ink_mask(upright.subsurface((0, 0, size, size)), theme.INK)  # the index in its corner
    corner = pygame.Rect(0, 0, size, size)
    corner.bottomright = turned.get_rect().bottomright  # where a half turn puts it
    shown = ink_mask(turned.subsurface(corner), theme.INK)
    six = {(max(x for x, _ in nine) - x, max(y for _, y in nine) - y) for x, y in nine}
    assert overlap(shown, nine) > overlap(shown, six)
