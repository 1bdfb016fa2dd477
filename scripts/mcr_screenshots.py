"""Save pictures of Chinese Official (MCR) at the table (issue 25 §2) at 1280x800 and 960x600:
the help book's MCR pages, the flower tiles, and (once a match can be played) the deal with
flowers, the guide's fan hint, a win's score screen with its exclusions, a draw and the final
standings. Look at each before calling the work done.

    SDL_VIDEODRIVER=dummy python scripts/mcr_screenshots.py [OUT_DIR] [--only help|flowers|...]
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("MAHJONG_JOY_HOME", "/tmp/mahjong-joy-mcr-shots")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from mahjong_joy.help_content import mcr_pages  # noqa: E402
from mahjong_joy.rulesets.presets import PRESETS, find_preset  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.help_book import HelpBookScene  # noqa: E402

SIZES = ((1280, 800), (960, 600))


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def save(app: App, out: Path, name: str) -> None:
    app.step(1 / 60)
    w, h = app.size
    pygame.image.save(app.screen, str(out / f"mcr_{name}_{w}x{h}.png"))


def mcr_rules():
    """The MCR preset (the registry's, once the engine's branch has landed)."""
    return PRESETS["mcr"] if "mcr" in PRESETS else find_preset("joy")


def help_pages(out: Path, size: tuple[int, int]) -> None:
    app = App(size=size, settings=Settings())
    book = HelpBookScene(app, rules=mcr_rules())
    book.pages = mcr_pages(book.rules)
    app.replace(book)
    book.resize(app.size)
    for index, page in enumerate(book.pages):
        book.turn_to(index)
        save(app, out, f"help_{index:02d}_{slug(page.title)}")


SHOTS = {"help": help_pages}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("/tmp/mcr_shots"))
    parser.add_argument("--only", choices=sorted(SHOTS), action="append")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        for name in args.only or SHOTS:
            SHOTS[name](args.out, size)
    print(f"saved to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
