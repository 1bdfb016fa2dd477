"""Plain words and a guide that advises (issue 15, parts 2 and 4).

Names: every tile and every yaku id of every ruleset has one display name, and
player-facing text never shows ``7z``-style codes. The guide: useful-tile counts
subtract the discarded copy (the table and ``analyze``), the best discard gets a
star on its own tile, "You can win" comes first on a rigged tsumo, and after a pon
the guide is there without a hover and no tile is lifted as if drawn.
"""

from __future__ import annotations

import doctest
import re

import pytest

pygame = pytest.importorskip("pygame")

from mahjong_joy import names  # noqa: E402
from mahjong_joy.hand import advice  # noqa: E402
from mahjong_joy.commands.analyze import analyze  # noqa: E402
from mahjong_joy.engine.actions import Pon  # noqa: E402
from mahjong_joy.names import GLOSSARY, YAKU, explain, fu_words, tile_label, yaku_japanese, yaku_name  # noqa: E402
from mahjong_joy.rulesets.presets import find_preset  # noqa: E402
from mahjong_joy.rulesets.riichi import WinSituation, score_hand  # noqa: E402
from mahjong_joy.rulesets.riichi.yaku import AKA_DORA, DORA, JOY_WIN, URA_DORA, YAKU_ROWS  # noqa: E402
from mahjong_joy.ui import theme  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay, prompt_lines  # noqa: E402
from mahjong_joy.ui.tiles_art import WIND_LATIN  # noqa: E402
from tests.helpers import h  # noqa: E402
from tests.test_ui_kans_flip import KAN_DRAWS, KAN_HANDS, OTHERS, TSUMO_DRAWS, TSUMO_HANDS, button, rigged_table, until  # noqa: E402

CODE = re.compile(r"\b[0-9][mpsz]\b")  # an MPSZ tile code such as 7z or 5p


@pytest.fixture(autouse=True)
def _own_data_folder(tmp_path, monkeypatch) -> None:  # noqa: ANN001
    monkeypatch.setenv("MAHJONG_JOY_HOME", str(tmp_path))


# -- names -------------------------------------------------------------------------
def test_the_names_and_advice_examples_hold() -> None:
    assert doctest.testmod(names).failed == 0 and doctest.testmod(advice).failed == 0


def test_every_tile_code_has_its_own_plain_name_matching_the_latin_label() -> None:
    labels = [tile_label(code) for code in range(37)]
    assert len(set(labels)) == 37 and not any(CODE.search(label) for label in labels)
    for i, letter in enumerate(WIND_LATIN):
        assert labels[27 + i].startswith(letter) and labels[27 + i].endswith(" wind")
    for code, latin in zip((31, 32, 33), ("Wh", "Gr", "Rd")):  # the dragons' Latin labels
        assert labels[code][0] == latin[0] and latin[1] in labels[code] and labels[code].endswith(" dragon")
    assert labels[h("3p")[0]] == "3 of Dots" and labels[h("9m")[0]] == "9 of Characters" and labels[h("1s")[0]] == "1 of Bamboo"
    assert labels[35] == "Red " + labels[h("5p")[0]]


@pytest.mark.parametrize("preset", ["joy", "mahjong_soul", "tenhou"])
def test_every_yaku_id_of_every_ruleset_has_a_display_name(preset: str) -> None:
    ids = {row.id for row in YAKU_ROWS} | {JOY_WIN, DORA, AKA_DORA, URA_DORA}
    missing = ids - set(YAKU)
    assert not missing
    for yaku_id in ids:
        english = yaku_name(yaku_id)
        assert english and "_" not in english and english != yaku_id, yaku_id
        assert "_" not in yaku_japanese(yaku_id)
    rules = find_preset(preset).scoring  # what this preset's scorer actually reports is named too
    situation = WinSituation.from_dict({"hand": "234m456p678s22345s", "win_tile": "5s", "tsumo": True, "seat_wind": "S"})
    assert all(yaku_id in YAKU for yaku_id, _ in score_hand(situation, rules).yaku)


def test_the_glossary_explains_the_guides_words() -> None:
    for word in ("shanten", "ready", "useful tiles", "yaku", "dora", "furiten"):
        assert explain(word), word
    assert explain("2-shanten") == explain("Shanten") and explain("useful") == explain("Useful tiles")
    assert explain("banana") == "" and len({entry.term for entry in GLOSSARY}) == len(GLOSSARY)


def test_fu_lines_say_whether_a_triplet_was_called_or_completed_on_a_discard() -> None:
    bamboo5 = h("5s")[0]
    assert fu_words("open_triplet", bamboo5) == "Triplet of 5 of Bamboo, completed on a discard"
    assert fu_words("open_triplet", bamboo5, called=True) == "Pon of 5 of Bamboo (called)"
    assert "(open)" not in fu_words("closed_kan", bamboo5)


def test_the_claim_prompt_names_the_tile_and_says_you_can_win_first() -> None:
    words = prompt_lines(33, "Momo", "South", False)
    assert "Claim the Red dragon from Momo (South)?" in words and not any(CODE.search(w) for w in words)
    assert all(w.startswith("You can win: Ron") for w in prompt_lines(33, "Momo", "South", True))


def test_a_live_claim_prompt_names_the_tile() -> None:
    app, table = rigged_table(["789m456p123s1122z", *OTHERS], "4z1z")  # seat 1 throws the East wind this hand waits on
    until(app, table.can_act)
    table.discard(len(table.my_tiles()) - 1)
    until(app, lambda: isinstance(app.top, ClaimOverlay))
    words = app.top.prompt_words()
    assert words[0] == "You can win: Ron! The East wind from Momo (South)"
    caption, _ = table.guide_items()
    assert caption.startswith("You can win: Ron!") and not CODE.search(caption)


# -- useful-tile counts --------------------------------------------------------------
THREE_NINES = "999m456p12s3457s1z"


def test_analyze_counts_the_discarded_copy_as_seen() -> None:
    found = {d["tile"]: d for d in analyze(THREE_NINES + "6z")["discards"]}
    assert found["9m"]["ukeire"]["9m"] == 4 - 3  # three held, the one thrown is in sight: one left
    seen = {d["tile"]: d for d in analyze(THREE_NINES + "6z", visible="9m")["discards"]}
    assert seen["9m"]["ukeire"]["9m"] == 0


def test_the_table_guide_counts_the_discarded_copy_as_seen() -> None:
    app, table = rigged_table([THREE_NINES, *OTHERS], "6z")
    until(app, table.can_act)
    nine = table.my_tiles().index(h("9m")[0])
    table.hover = nine
    caption, items = table.guide_items()
    counts = dict(items)
    assert caption.startswith("Discard 9 of Characters") and counts[h("9m")[0]] == 1
    assert f", {sum(counts.values())} useful tiles" in caption


# -- the guide's advice on the table ----------------------------------------------------
def test_the_best_discard_is_starred_on_its_own_tile() -> None:
    app, table = rigged_table(["789m456p123s1122z", *OTHERS], "7z")  # only the Red dragon's discard leaves the hand ready
    until(app, table.can_act)
    table.hover = None
    advice = table.guide.advice(table)
    assert table.my_tiles()[advice.best] == h("7z")[0]
    assert advice.caption.startswith("Best: discard Red dragon: ready")
    app.step(1 / 60)
    tile = table.hand_slot(advice.best)
    if advice.best == table.selected:
        tile = tile.move(0, -round(10 * table.layout.scale))
    centre = (tile.centerx, tile.top + round(2 * table.layout.scale))
    assert tuple(app.screen.get_at(centre))[:3] == theme.ROSE_DEEP[:3]
    other = table.hand_slot(0)
    assert tuple(app.screen.get_at((other.centerx, other.top + 2)))[:3] != theme.ROSE_DEEP[:3]


def test_a_rigged_tsumo_says_you_can_win_first_and_by_the_button() -> None:
    app, table = rigged_table(TSUMO_HANDS, TSUMO_DRAWS)
    until(app, table.can_act)
    table.discard(len(table.my_tiles()) - 1)  # 9p does not win
    until(app, lambda: table.can_act() and table.snap.drawn == h("1z")[0])
    table.hover = None
    caption, _ = table.guide_items()
    assert caption == "You can win: Tsumo! The East wind completes your hand"
    tsumo = button(table, "tsumo:")
    callout = table.guide.win_callout_rect(table)
    assert callout is not None and callout.bottom <= tsumo.rect.top and callout.right > tsumo.rect.left
    app.step(1 / 60)
    assert tuple(app.screen.get_at((callout.centerx, callout.y + 2)))[:3] != tuple(app.screen.get_at((callout.centerx, callout.y - 6)))[:3]


def test_after_a_pon_the_guide_shows_without_a_hover_and_no_tile_is_lifted() -> None:
    app, table = rigged_table(KAN_HANDS, KAN_DRAWS, "2z")
    until(app, table.can_act)
    table.discard(len(table.my_tiles()) - 1)  # keep the 1m quad in hand; throw the drawn 3z
    until(app, lambda: isinstance(app.top, ClaimOverlay))
    overlay = app.top
    overlay.choose(next(k for k, a in overlay.actions.items() if isinstance(a, Pon)))
    until(app, lambda: table.can_act() and table.snap.melds[0])
    assert table.snap.drawn is None
    table.hover = None
    caption, _ = table.guide_items()
    assert caption.startswith("Best: discard") and not CODE.search(caption)
    assert not 0 <= table.selected < len(table.my_tiles())  # nothing drawn: nothing lifted (only the selected tile rises)


def test_a_long_list_ends_with_more_and_its_icons_stay_readable_at_1024x640() -> None:
    app, table = rigged_table(["147m258p369s1234z", *OTHERS], "5z")  # far from ready: many kinds help
    app.set_size((1024, 640))
    until(app, table.can_act)
    table.hover = None
    _, items = table.guide_items()
    app.step(1 / 60)
    panel, guide = table.guide_rect(), table.guide
    assert guide.icons and guide.more > 0 and len(guide.icons) + guide.more == len(items)  # "+N more" ends the row
    assert all(panel.contains(icon) for icon, _ in guide.icons)
    assert min(icon.w for icon, _ in guide.icons) >= 20  # readable, not a speck
