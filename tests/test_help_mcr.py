"""The Chinese Official (MCR) pages of the help book (issue 25 §2): every fan has an
example that the MCR scorer scores as a legal win holding that fan (RULES.md B2 "8-fan
minimum", B6), the 81 fan are grouped by value, and every page fits its panel."""

from __future__ import annotations


import pytest

from mahjong_joy.help_content import (
    Paragraph,
    TileRow,
    YakuEntry,
    fan_entries,
    mcr_example_situation,
    mcr_pages,
    pages_for,
)
from mahjong_joy.help_mcr import MCR_EXAMPLES, MCR_PRINCIPLES, MCR_WHAT
from mahjong_joy.rulesets.mcr import FAN_ROWS, score_mcr
from mahjong_joy.rulesets.presets import JOY, PRESETS

MCR = PRESETS.get("mcr", JOY)  # the registry's MCR preset once it exists; the pages read no field of it


@pytest.mark.parametrize("fan_id", [row.id for row in FAN_ROWS])
def test_each_fan_example_is_a_legal_win_that_scores_its_fan(fan_id: str) -> None:
    result = score_mcr(mcr_example_situation(fan_id))
    assert result.valid, f"{fan_id}: {result.error} {result.message}"
    assert result.fan_total >= 8  # RULES.md B2: the minimum, flowers not counted
    assert fan_id in {name for name, _, _ in result.fan}, (fan_id, result.fan)


def test_the_fan_pages_hold_the_81_fan_once_each_grouped_by_value() -> None:
    pages = [p for p in mcr_pages(MCR) if p.blocks and all(isinstance(b, YakuEntry) for b in p.blocks)]
    shown = [entry.id for page in pages for entry in page.blocks]
    assert sorted(shown) == sorted(row.id for row in FAN_ROWS) and len(shown) == len(set(shown)) == 81
    points = {row.id: row.points for row in FAN_ROWS}
    values = [points[i] for i in shown]
    assert values == sorted(values, reverse=True)  # highest value first, a value never split by another
    for page in pages:
        assert len(page.blocks) <= 8
        for value in {points[e.id] for e in page.blocks}:
            assert str(value) in page.title, (page.title, value)
    assert set(MCR_EXAMPLES) == set(MCR_WHAT) == set(points)
    assert all(e.what and e.han for e in fan_entries())


def test_the_book_explains_the_minimum_flowers_payments_the_match_and_the_five_principles() -> None:
    pages = mcr_pages(MCR)
    titles = [p.title for p in pages]
    for wanted in ("How a hand is built: 8 fan", "Flowers", "Payments", "Sixteen hands and seat changes",
                   "Counting fan: five principles"):
        assert wanted in titles
    text = " ".join(b.text for p in pages for b in p.blocks if isinstance(b, Paragraph))
    assert "8 + x" in text and "16 hands" in text and "not counting flowers" in text
    principles = next(p for p in pages if p.title.startswith("Counting fan"))
    assert sum(1 for b in principles.blocks if isinstance(b, Paragraph)) == 1 + len(MCR_PRINCIPLES) == 6
    tiles = next(p for p in pages if p.title == "The tiles")
    assert {t for row in tiles.blocks if isinstance(row, TileRow) for g in row.groups for t in g} >= set(range(37, 45))


def test_the_short_hand_on_the_hand_page_really_is_short_and_the_win_really_wins() -> None:
    page = next(p for p in mcr_pages(MCR) if p.title == "How a hand is built: 8 fan")
    short, win = [b for b in page.blocks if isinstance(b, TileRow)]
    assert int(short.note.split()[0]) < 8 <= int(win.note.split()[0])


def test_pages_for_gives_the_mcr_book_to_mcr_rules_only() -> None:
    assert not any(p.title == "Flowers" for p in pages_for(JOY))
    if "mcr" in PRESETS:
        assert [p.title for p in pages_for(PRESETS["mcr"])] == [p.title for p in mcr_pages(PRESETS["mcr"])]


pygame = pytest.importorskip("pygame")

from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui import theme  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.help_book import HelpBookScene, example_groups  # noqa: E402


@pytest.mark.parametrize("size", [(1280, 800), (960, 600)])
def test_every_mcr_page_fits_its_panel(size: tuple[int, int]) -> None:
    app = App(size=size, settings=Settings())
    book = HelpBookScene(app, rules=MCR)
    book.pages = mcr_pages(MCR)
    app.replace(book)
    book.resize(app.size)
    for index in range(len(book.pages)):
        book.turn_to(index)
        app.step(1 / 60)
        items = book.page_items()
        assert items, f"page {index} is empty"
        for item in items:
            if item.tile is None:
                width, height = theme.font(item.size).size(item.text)
                assert item.rect.x + width <= book.panel.right and item.rect.y + height <= book.panel.bottom, item.text
            assert book.panel.contains(item.rect), f"{size} page {index}: {item} leaves the panel"
    for button in book.page_buttons:
        label = theme.font(int(min(button.rect.h * 0.42, 24 * book.scale * 0.62 + 4))).size(button.label)[0]
        assert label < button.rect.w, f"{button.label!r} is wider than its button at {size}"


def test_an_example_shows_its_flowers_and_its_concealed_kong_face_down() -> None:
    entries = {e.id: e for e in fan_entries()}
    _, _, melds = example_groups(entries["flower_tiles"].example)
    assert melds[-1] == ("flowers", (37, 38))
    _, _, melds = example_groups(entries["two_concealed_kongs"].example)
    assert [kind for kind, _ in melds] == ["closed_kan", "closed_kan"]


def test_the_bundled_font_draws_every_fan_name_and_flower_glyph() -> None:
    """A character the subset lacks renders as the font's empty box (scripts/make_font_subset.py)."""
    from mahjong_joy.names import FLOWER_GLYPHS

    pygame.font.init()
    box = pygame.image.tobytes(theme.text("\U000f0000", 24), "RGBA")  # a private-use code point: surely missing
    wanted = set(FLOWER_GLYPHS) | {ch for row in FAN_ROWS for ch in row.chinese}
    missing = sorted(ch for ch in wanted if pygame.image.tobytes(theme.text(ch, 24), "RGBA") == box)
    assert not missing, f"no glyph for {''.join(missing)}: add them to scripts/make_font_subset.py"
