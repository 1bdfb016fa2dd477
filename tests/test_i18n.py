"""The game in Korean, Japanese and Chinese (issue 28 #1): every message the code uses has a
translation in every catalog, keeps its placeholders, and every character of every catalog
has a glyph in the bundled font that draws it; a switch of language redraws the screen.

When a new string lands without a translation, the first test names it: run
``python scripts/extract_messages.py`` (updates the catalogs), translate the new entries
(``--todo LANG`` lists them, ``--fill LANG FILE.json`` merges them), then
``python scripts/make_font_subset.py`` for any new character.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pygame
import pygame.freetype
import pytest

from mahjong_joy import i18n
from mahjong_joy.i18n import CATALOG_FOLDERS, LANGUAGE_NAMES, N_, ntr, read_po, set_language, tr
from mahjong_joy.storage.settings import Settings
from mahjong_joy.ui.app import App
from mahjong_joy.ui.assets import font_path
from mahjong_joy.ui.scenes.settings import SettingsScene

ROOT = Path(__file__).resolve().parent.parent
LANGS = tuple(CATALOG_FOLDERS)


def _extractor():  # scripts/ is not a package: load the extraction script by path
    spec = importlib.util.spec_from_file_location("extract_messages", ROOT / "scripts" / "extract_messages.py")
    module = importlib.util.module_from_spec(spec)  # type: ignore[arg-type]
    sys.modules.setdefault("extract_messages", module)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


EXTRACT = _extractor()
MESSAGES = EXTRACT.extract()


@pytest.fixture(autouse=True)
def _english_after() -> None:
    yield
    set_language("en")


def test_the_code_has_messages_and_finds_them_in_tr_ntr_and_N_() -> None:
    assert len(MESSAGES) > 300
    assert "Settings" in MESSAGES and "Next hand" in MESSAGES  # tr(...) and N_(...)
    assert "{count} stick\x00{count} sticks" in MESSAGES  # ntr(singular, plural, n)


@pytest.mark.parametrize("language", LANGS)
def test_every_message_the_code_uses_is_translated(language: str) -> None:
    missing = [line for line in EXTRACT.problems(MESSAGES, language) if "untranslated" in line]
    assert not missing, f"{len(missing)} messages lack a {language} translation (run scripts/extract_messages.py):\n" + "\n".join(missing[:40])


@pytest.mark.parametrize("language", LANGS)
def test_no_translation_drops_or_adds_a_placeholder(language: str) -> None:
    broken = [line for line in EXTRACT.problems(MESSAGES, language) if "placeholders" in line]
    assert not broken, "\n".join(broken)


def test_the_placeholder_check_catches_a_dropped_placeholder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The check above can fail: a catalog whose translation loses ``{name}`` is reported."""
    message = EXTRACT.Message("{name} wins", places=["x.py:1"])
    po = tmp_path / "ja.po"
    po.write_text(EXTRACT.header("ja") + "\n" + EXTRACT.entry_text(message, "勝ち"), encoding="utf-8")
    monkeypatch.setattr(EXTRACT, "po_path", lambda language: po)
    assert any("placeholders" in line for line in EXTRACT.problems({message.key: message}, "ja"))


def _catalog_chars(language: str) -> set[str]:
    text = i18n.catalog_path(language).read_text(encoding="utf-8")
    chars: set[str] = set("".join(LANGUAGE_NAMES.values()))
    for entry in read_po(text):
        chars.update(entry.msgstr, *entry.forms, entry.msgid)
    return {c for c in chars if c.isprintable() and not c.isspace()}


@pytest.mark.parametrize("language", LANGS)
def test_every_catalog_character_has_a_glyph_in_the_font_that_draws_it(language: str) -> None:
    pygame.freetype.init()
    face = pygame.freetype.Font(str(font_path(language)), 20)
    missing = sorted(c for c in _catalog_chars(language) if face.get_metrics(c)[0] is None)
    assert not missing, f"no glyph for {''.join(missing)!r}: run scripts/make_font_subset.py"


def test_a_lookup_falls_back_to_english_and_never_breaks_a_frame() -> None:
    set_language("ja")
    assert tr("Settings") == "設定"
    assert tr("a message no catalog holds {x}", x=1) == "a message no catalog holds 1"
    i18n._catalogs["ja"]["{name} wins"] = "{nombre} の勝ち"  # a broken translation: English instead of a KeyError
    try:
        assert tr("{name} wins", name="Momo") == "Momo wins"
    finally:
        del i18n._catalogs["ja"]["{name} wins"]
    assert ntr("{count} stick", "{count} sticks", 3) == "点棒3本"
    with pytest.raises(ValueError):
        set_language("fr")
    assert i18n.current_language() == "ja"


def test_N_marks_without_translating() -> None:
    set_language("ko")
    assert N_("Settings") == "Settings" and tr(N_("Settings")) == "설정"


@pytest.mark.parametrize("language", LANGS)
def test_the_guide_explains_its_words_in_every_language(language: str) -> None:
    from mahjong_joy.names import explain
    from mahjong_joy.ui.guide import terms_pattern

    set_language(language)
    caption = tr("{lead} {tile}{tail}: {state}, {count} useful tiles{tier}", lead=tr("Discard"), tile="x", tail="",
                 state=tr("{count}-shanten", count=2), count=5, tier="")
    words = [m.group() for m in terms_pattern().finditer(caption)]
    assert len(words) == 2 and all(explain(word) for word in words)


def test_po_files_read_back_what_the_extractor_writes() -> None:
    message = EXTRACT.Message('Say "hi"\nthen {name}', places=["x.py:1"])
    text = EXTRACT.header("ko") + "\n" + EXTRACT.entry_text(message, '"안녕"\n그리고 {name}')
    entries = read_po(text)
    assert entries[-1].msgid == message.msgid and entries[-1].msgstr == '"안녕"\n그리고 {name}'


def test_switching_language_in_settings_redraws_the_scene_at_once() -> None:
    app = App(size=(1280, 800), settings=Settings(ai_pace="instant", anim_speed="instant", language="en"))
    scene = SettingsScene(app)
    app.push(scene)
    app.step(0.0)
    before = pygame.image.tobytes(app.screen, "RGB")
    row = scene.row("language")
    pill = next(i for i, (code, _) in enumerate(row.options) if code == "ja")
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=row.pills[pill].center, button=1))
    assert app.settings.language == "ja" and i18n.current_language() == "ja"
    app.step(1 / 60)  # one frame
    after = pygame.image.tobytes(app.screen, "RGB")
    assert after != before
    title = pygame.Rect(0, 40, 1280, 80)  # the title reads 設定 now: its pixels changed
    crop = lambda raw: pygame.image.frombytes(raw, (1280, 800), "RGB").subsurface(title)  # noqa: E731
    assert pygame.image.tobytes(crop(before), "RGB") != pygame.image.tobytes(crop(after), "RGB")


def test_the_first_start_speaks_the_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANGUAGE", "")
    monkeypatch.setenv("LC_ALL", "")
    monkeypatch.setenv("LC_MESSAGES", "")
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    app = App(size=(960, 600))  # a player's own App: no settings file yet in this test's data folder
    assert i18n.current_language() == "ko" and app.settings.language == ""  # followed, not yet chosen
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    assert App(size=(960, 600)).settings.language == "" and i18n.current_language() == "ja"
    chosen = App(size=(960, 600), settings=Settings(language="zh"))
    assert chosen.settings.language == "zh" and i18n.current_language() == "zh"  # a choice wins over the system



def test_lang_on_the_game_and_the_demo() -> None:
    from mahjong_joy.cli import build_parser

    parser = build_parser()
    assert parser.parse_args(["--lang", "ja"]).lang == "ja"
    assert parser.parse_args(["demo", "--lang", "zh"]).lang == "zh"
    with pytest.raises(SystemExit):
        parser.parse_args(["--lang", "fr"])
