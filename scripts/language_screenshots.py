"""Screens in every language at a large and a small window, to look at before calling a
catalog done (issue 28 #1): Home, Settings, the table mid-hand, a score screen with riichi
yaku, and three pages of the help book (tiles, the first yaku page, the words).

    SDL_VIDEODRIVER=dummy python scripts/language_screenshots.py [OUT_DIR] [--lang ja] [--size 960x600]

Each PNG is named ``<lang>_<width>x<height>_<screen>.png``. The table and the score screen
come from a four-AI Tenhou hand (the demo's driver), so the yaku are real ones.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
if "MAHJONG_JOY_HOME" not in os.environ:  # a private data folder: the demo hands must not touch the player's
    import tempfile

    os.environ["MAHJONG_JOY_HOME"] = tempfile.mkdtemp(prefix="mahjong-joy-shots-")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from mahjong_joy.i18n import LANGUAGES  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.demo_driver import demo_app  # noqa: E402
from mahjong_joy.ui.scenes.help_book import HelpBookScene  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.scenes.settings import SettingsScene  # noqa: E402

SIZES = ((1280, 800), (960, 600))
SEED, RULES = 3, "tenhou"  # a Tenhou hand that ends in a win with several yaku
MCR_SEED = 3  # a Chinese Official hand that ends in a win
TABLE_FRAME = 240  # a mid-hand moment (fast demo: no pauses)


def save(app: App, out: Path, name: str) -> None:
    app.step(0.0)
    pygame.image.save(app.screen, str(out / name))


def menus(out: Path, lang: str, size: tuple[int, int]) -> None:
    """Home, Settings and three help pages of the riichi book, then the Chinese Official book's first fan page."""
    tag = f"{lang}_{size[0]}x{size[1]}"
    app = App(size=size, settings=Settings(language=lang, ruleset=RULES))
    app.replace(HomeScene(app))
    save(app, out, f"{tag}_home.png")
    app.push(SettingsScene(app))
    save(app, out, f"{tag}_settings.png")
    app.replace(HelpBookScene(app, RULES))
    book = app.top
    titles = [page.title for page in book.pages]  # type: ignore[union-attr]
    for shot, index in (("help_tiles", 0), ("help_yaku", next(i for i, t in enumerate(titles) if "1" in t and i > 4)),
                        ("help_words", len(titles) - 2)):
        book.index, book._items = index, None  # type: ignore[union-attr]
        save(app, out, f"{tag}_{shot}.png")
    app.replace(HelpBookScene(app, "mcr"))
    book = app.top
    book.index = next((i for i, page in enumerate(book.pages) if any(hasattr(b, "example") for b in page.blocks)), 0)  # type: ignore[union-attr]
    book._items = None  # type: ignore[union-attr]
    save(app, out, f"{tag}_help_mcr_fan.png")


def table_and_score(out: Path, lang: str, size: tuple[int, int], rules: str = RULES, seed: int = SEED) -> None:
    tag = f"{lang}_{size[0]}x{size[1]}" + ("" if rules == RULES else f"_{rules}")
    app, _ = demo_app(seed, 1, "fast", size, rules=rules, language=lang)
    scored = 0
    for frame in range(60_000):
        app.step(1 / 60)
        if frame == TABLE_FRAME:
            save(app, out, f"{tag}_table.png")
        if isinstance(app.top, ScoreScene):
            scored += 1
            if scored == 240:  # the reveal has played
                save(app, out, f"{tag}_score.png")
                return


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("screenshots/languages"))
    parser.add_argument("--lang", choices=LANGUAGES, action="append")
    parser.add_argument("--size", action="append", help="WIDTHxHEIGHT (default 1280x800 and 960x600)")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.size] if args.size else SIZES
    for lang in args.lang or LANGUAGES:
        for size in sizes:
            menus(args.out, lang, size)  # type: ignore[arg-type]
            table_and_score(args.out, lang, size)  # type: ignore[arg-type]
            table_and_score(args.out, lang, size, "mcr", MCR_SEED)  # type: ignore[arg-type]
    print(f"saved to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
