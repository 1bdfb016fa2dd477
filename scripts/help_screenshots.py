"""Save a picture of every page of the Rules and help book (each ruleset) and of each step
of the guided first hand, at 1280x800 and 1024x640, to look at before calling them done.

    SDL_VIDEODRIVER=dummy python scripts/help_screenshots.py [OUT_DIR]

Names say what they show: ``book_joy_1280_03_calling.png``, ``guided_1024_2_pon.png``,
``guided_1024_2_pon_refused.png`` (Pass pressed at the Pon step), ...
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from mahjong_joy.engine.actions import Pass  # noqa: E402
from mahjong_joy.rulesets.presets import PRESETS  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.help_book import HelpBookScene  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.tutorial import TutorialClaim, TutorialScene, TutorialScore, offer_guided_hand  # noqa: E402

SIZES = ((1280, 800), (1024, 640))
STEP_NAMES = ("discard", "pon", "after_pon", "ready", "tsumo")


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def click(pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def book_pages(out: Path, size: tuple[int, int]) -> int:
    app = App(size=size, settings=Settings())
    saved = 0
    for preset in PRESETS:
        book = HelpBookScene(app, preset, offer_tutorial=True)
        app.replace(book)
        for index, page in enumerate(book.pages):
            book.turn_to(index)
            app.step(1 / 60)
            pygame.image.save(app.screen, out / f"book_{preset}_{size[0]}_{index:02d}_{slug(page.title)}.png")
            saved += 1
    return saved


def run_frames(app: App, table: TutorialScene, frames: int = 600) -> None:
    """Until the player is asked (a prompt, the score, or the table waiting), then a few more for the tweens."""
    for _ in range(frames):
        app.step(1 / 60)
        if isinstance(app.top, (TutorialClaim, TutorialScore)) or (app.top is table and table.can_act()):
            break
    for _ in range(30):
        app.step(1 / 60)


def guided_steps(out: Path, size: tuple[int, int]) -> int:
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="fast"))
    app.replace(HomeScene(app))
    offer_guided_hand(app)
    app.step(1 / 60)
    pygame.image.save(app.screen, out / f"guided_{size[0]}_0_offer.png")
    table = TutorialScene(app)
    app.replace(table, {})
    saved = 1
    for number, name in enumerate(STEP_NAMES, start=1):
        run_frames(app, table)
        shot = out / f"guided_{size[0]}_{number}_{name}.png"
        pygame.image.save(app.screen, shot)
        top = app.top
        if isinstance(top, TutorialClaim):
            click(next(b for b in top.buttons if isinstance(top.actions[b.action], Pass)).rect.center)
            run_frames(app, table, 60)
            pygame.image.save(app.screen, out / f"guided_{size[0]}_{number}_{name}_refused.png")
            click(app.top.target().center)
        else:
            if number == 1:  # a wrong tile first: refused with a hint
                click(table.hand_slot(0).center)
                app.step(1 / 60)
                pygame.image.save(app.screen, out / f"guided_{size[0]}_{number}_{name}_refused.png")
            click(table.coach_target().center)
        saved += 2 if number in (1, 2) else 1
    run_frames(app, table)
    pygame.image.save(app.screen, out / f"guided_{size[0]}_6_score.png")
    return saved + 1


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "screenshots/help")
    out.mkdir(parents=True, exist_ok=True)
    count = sum(book_pages(out, size) + guided_steps(out, size) for size in SIZES)
    print(f"saved {count} pictures to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
