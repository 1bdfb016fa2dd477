"""The colour-blind-safe tile style (issue 28 §2): a red five differs from its plain five
by shape and lightness, so it stays apart even with no hue at all (greyscale); every
other tile keeps the classic look; the Settings row switches the art at once and the
choice survives the settings file's form. The full measurement under simulated CVD is scripts/cvd_sheets.py."""

from __future__ import annotations

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.tiles import FIVES  # noqa: E402
from mahjong_joy.ui.scenes.settings import SettingsScene  # noqa: E402
from mahjong_joy.ui.tiles_art import TileArt  # noqa: E402
from tests.test_ui_choices import home_app, pick, step  # noqa: E402

RED_FIVES = (34, 35, 36)
GREY_STEP = 24  # grey levels (of 255) two pixels must differ by to count as apart
SHAPE_SHARE = 0.10  # share of a tile's pixels that must stay apart in greyscale


@pytest.fixture(scope="module", autouse=True)
def display() -> None:
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))


def grey_apart(a: pygame.Surface, b: pygame.Surface) -> float:
    """Share of pixels whose grey levels differ by more than GREY_STEP (images over white)."""
    greys = []
    for image in (a, b):
        flat = pygame.Surface(image.get_size())
        flat.fill((255, 255, 255))
        flat.blit(image, (0, 0))
        greys.append(pygame.image.tobytes(pygame.transform.grayscale(flat), "RGB")[::3])
    apart = sum(1 for p, q in zip(*greys) if abs(p - q) > GREY_STEP)
    return apart / len(greys[0])


@pytest.mark.parametrize("width", [30, 60])
@pytest.mark.parametrize("red", RED_FIVES)
def test_a_safe_red_five_differs_from_its_plain_five_by_shape_even_in_greyscale(red: int, width: int) -> None:
    plain = FIVES[red - 34]
    safe, classic = TileArt(safe=True), TileArt()
    safe_share = grey_apart(safe.image(red, width), safe.image(plain, width))
    classic_share = grey_apart(classic.image(red, width), classic.image(plain, width))
    assert safe_share >= SHAPE_SHARE, f"red five {red} at width {width}: {safe_share:.1%} apart in greyscale"
    assert safe_share > classic_share  # the marks add to what the classic badge gives


@pytest.mark.parametrize("latin", [False, True])
def test_the_safe_style_changes_only_the_red_fives(latin: bool) -> None:
    safe, classic = TileArt(latin=latin, safe=True), TileArt(latin=latin)
    for code in range(34):
        for rotation in (0, 90):
            a, b = safe.image(code, 48, rotation), classic.image(code, 48, rotation)
            assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"), (code, rotation)
    for red in RED_FIVES:
        assert pygame.image.tobytes(safe.image(red, 48), "RGBA") != pygame.image.tobytes(classic.image(red, 48), "RGBA")


def test_the_settings_row_switches_the_tile_art_at_once_and_keeps_the_choice() -> None:
    app, _ = home_app(Settings(anim_speed="instant"))
    before = pygame.image.tobytes(app.art.image(35, 60), "RGBA")
    settings = SettingsScene(app)
    app.push(settings)
    step(app, 1)
    row = settings.row("colour_safe_tiles")
    assert row.value is False and not app.art.safe
    pick(app, row, True)
    assert app.settings.colour_safe_tiles and app.art.safe
    assert pygame.image.tobytes(app.art.image(35, 60), "RGBA") != before
    assert Settings.from_dict(app.settings.to_dict()).colour_safe_tiles  # kept as the settings file keeps it
    pick(app, settings.row("colour_safe_tiles"), False)
    assert not app.art.safe and pygame.image.tobytes(app.art.image(35, 60), "RGBA") == before
