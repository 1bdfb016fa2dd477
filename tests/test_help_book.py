"""The Rules and help book: every yaku example really scores its yaku, the text follows
the rules' fields, and every page fits its panel at both window sizes."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mahjong_joy.help_content import (
    EXAMPLES,
    JOY_WIN,
    Paragraph,
    YakuEntry,
    example_situation,
    pages_for,
    yaku_entries,
)
from mahjong_joy.rulesets.presets import JOY, MAHJONG_SOUL, PRESETS, TENHOU
from mahjong_joy.rulesets.riichi import score_hand

CASES = [(name, entry.id) for name, rules in PRESETS.items() for entry in yaku_entries(rules)]


@pytest.mark.parametrize(("preset", "yaku_id"), CASES)
def test_each_yaku_example_scores_its_yaku_under_the_ruleset(preset: str, yaku_id: str) -> None:
    rules = PRESETS[preset]
    result = score_hand(example_situation(yaku_id), rules.scoring)
    assert result.valid, f"{yaku_id}: {result.error}"
    assert yaku_id in {name for name, _ in result.yaku}


def test_every_example_is_used_and_joy_lists_no_riichi_yaku() -> None:
    shown = {entry.id for rules in PRESETS.values() for entry in yaku_entries(rules)}
    assert shown == set(EXAMPLES)
    joy = {entry.id for entry in yaku_entries(JOY)}
    assert not joy & {"riichi", "double_riichi", "ippatsu"} and JOY_WIN in joy
    assert JOY_WIN not in {entry.id for entry in yaku_entries(MAHJONG_SOUL)}


def test_double_yakuman_notes_follow_the_scoring_field() -> None:
    def han(rules, yaku_id):
        return next(e.han for e in yaku_entries(rules) if e.id == yaku_id)

    assert "double" in han(MAHJONG_SOUL, "kokushi") and han(TENHOU, "kokushi") == "Yakuman"


def _text(rules) -> str:
    return " ".join(b.text for page in pages_for(rules) for b in page.blocks if isinstance(b, Paragraph))


def test_joy_promises_no_payment_after_an_exhaustive_draw() -> None:
    joy = _text(JOY)
    assert "nobody pays anything" in joy and "3,000" not in joy
    assert "riichi" not in joy.lower().replace("riichi rules", "")  # Joy has no riichi
    assert "There are no dora" in joy


def test_draw_payments_are_read_from_the_rules_value() -> None:
    custom = replace(MAHJONG_SOUL, hand=replace(MAHJONG_SOUL.hand, tenpai_payment=1500, nagashi_mangan=False))
    text = _text(custom)
    assert "pay 1,500 points" in text and "nagashi" not in text
    assert "pay 3,000 points" in _text(MAHJONG_SOUL) and "nagashi" in _text(MAHJONG_SOUL)


def test_the_book_has_the_pages_the_issue_asks_for() -> None:
    titles = [page.title for page in pages_for(JOY)]
    for wanted in ("The tiles", "How a hand is built", "How a turn goes", "Calling: chi, pon, kan",
                   "How points arise", "Words", "Controls"):
        assert wanted in titles
    yaku_pages = [p for p in pages_for(JOY) if all(isinstance(b, YakuEntry) for b in p.blocks)]
    assert sum(len(p.blocks) for p in yaku_pages) == len(yaku_entries(JOY))


pygame = pytest.importorskip("pygame")

from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui import theme  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.help_book import HelpBookScene  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402


def key(k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_page_fits_its_panel(size: tuple[int, int], preset: str) -> None:
    app = App(size=size, settings=Settings())
    book = HelpBookScene(app, preset, offer_tutorial=True)
    app.replace(book)
    for index in range(len(book.pages)):
        book.turn_to(index)
        app.step(1 / 60)
        items = book.page_items()
        assert items, f"page {index} is empty"
        for item in items:
            if item.tile is None:  # measured again from the font, not from the layout's own rect
                width, height = theme.font(item.size).size(item.text)
                assert item.rect.x + width <= book.panel.right and item.rect.y + height <= book.panel.bottom, \
                    f"{preset} {size} page {index}: {item.text!r} overflows"
            assert book.panel.contains(item.rect), f"{preset} {size} page {index}: {item} leaves the panel"
    for button in book.buttons + book.page_buttons:  # labels fit their buttons (the size Button.draw uses)
        scale = book.scale * (0.62 if button in book.page_buttons else 1)
        label = theme.font(int(min(button.rect.h * 0.42, 24 * scale + 4))).size(button.label)[0]
        assert label < button.rect.w, f"{button.label!r} is wider than its button at {size}"
    rects = list(book.layout_rects().items())
    for i, (a, ra) in enumerate(rects):
        assert app.screen.get_rect().contains(ra), f"{a} leaves the window"
        assert not any(ra.colliderect(rb) for _, rb in rects[i + 1:]), f"{a} overlaps another area"


def test_arrow_keys_and_the_page_list_turn_pages_and_esc_closes() -> None:
    app = App(size=(1024, 640), settings=Settings())
    app.replace(HomeScene(app))
    book = HelpBookScene(app, "joy")
    app.push(book)
    key(pygame.K_RIGHT)
    app.step(1 / 60)
    assert book.index == 1
    key(pygame.K_LEFT)
    key(pygame.K_LEFT)  # already on the first page: it stays
    app.step(1 / 60)
    assert book.index == 0
    click(book.page_buttons[-1].rect.center)
    app.step(1 / 60)
    assert book.pages[book.index].title == "Controls"
    before = app.screen.copy()
    click(book.buttons[0].rect.center)  # Previous
    app.step(1 / 60)
    assert book.index == len(book.pages) - 2 and app.screen.get_at(book.panel.center) is not None
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.screen, "RGB")
    key(pygame.K_ESCAPE)
    app.step(1 / 60)
    assert isinstance(app.top, HomeScene)


def test_help_from_home_offers_the_guided_hand() -> None:
    from mahjong_joy.ui.scenes.tutorial import TutorialScene

    app = App(size=(1280, 800), settings=Settings(ai_pace="instant", anim_speed="fast"))
    home = HomeScene(app)
    app.replace(home)
    app.step(1 / 60)
    home.activate("rules")
    app.step(1 / 60)
    book = app.top
    assert isinstance(book, HelpBookScene) and any(b.action == "tutorial" for b in book.buttons)
    click(next(b for b in book.buttons if b.action == "tutorial").rect.center)
    app.step(1 / 60)
    assert isinstance(app.top, TutorialScene)


def test_a_riichi_preset_has_a_page_of_its_differences_from_the_other_read_from_the_rules() -> None:
    from mahjong_joy.help_content import differences, pages_for

    tenhou = differences(TENHOU, MAHJONG_SOUL)
    assert "three rons on one discard abort the hand" in tenhou and "first place takes the oka" in tenhou
    assert "three rons on one discard all win" in differences(MAHJONG_SOUL, TENHOU)
    page = next(p for p in pages_for(TENHOU) if p.title == "Tenhou vs Mahjong Soul")
    shown = " ".join(block.text.lower() for block in page.blocks)
    assert all(phrase.lower() in shown for phrase in tenhou) and len(page.blocks) == 1 + len(tenhou)
    assert differences(TENHOU, TENHOU) == ()
    longer = replace(TENHOU, table=replace(TENHOU.table, starting_points=30_000))  # a field with no phrase of its own
    assert differences(longer, TENHOU) == ("starting points: 30000",)
    assert not any(" vs " in p.title for p in pages_for(JOY))


def test_help_from_the_in_game_menu_explains_the_match_in_play_not_homes_last_choice() -> None:
    from mahjong_joy.ui.scenes.menu import MenuOverlay
    from mahjong_joy.ui.scenes.table import TableScene

    app = App(size=(1024, 640), settings=Settings(ruleset="joy", ai_pace="instant", anim_speed="instant"))
    app.replace(TableScene(app), {"seed": 5, "ruleset": "tenhou", "length": "east", "opponents": ("easy",) * 3})
    app.step(1 / 60)
    menu = MenuOverlay(app)
    app.push(menu)
    app.step(1 / 60)
    menu.choose("rules")
    app.step(1 / 60)
    book = app.top
    assert isinstance(book, HelpBookScene) and book.rules.name == "tenhou" and book.rules.table.length == "east"


def test_every_yaku_in_the_help_book_has_the_name_the_score_card_gives_it() -> None:
    """One name per yaku everywhere (play test: Joy's win was "Any complete hand" in the
    help and "Complete hand" on the score card)."""
    from mahjong_joy.help_content import yaku_entries
    from mahjong_joy.names import YAKU
    from mahjong_joy.rulesets.presets import PRESETS

    for rules in PRESETS.values():
        for entry in yaku_entries(rules):
            assert (entry.name, entry.romaji) == (YAKU[entry.id].english, YAKU[entry.id].japanese or entry.id), entry.id
