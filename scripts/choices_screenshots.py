"""Save pictures of the choice screens (issue 15 §5) at 1280x800 and 1024x640.

    SDL_VIDEODRIVER=dummy python scripts/choices_screenshots.py [OUT_DIR]

Home with Continue and the New game panel (per-seat opponents, then one level for
all), Settings (one level for all, then mixed levels), the in-game menu with the
deal's seed, a claim prompt with its key caps, and the standings with "Play this
deal again" (riichi and Joy).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["MAHJONG_JOY_HOME"] = tempfile.mkdtemp(prefix="mahjong-joy-choices-")  # never the player's folder
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.match_end import MatchEndScene  # noqa: E402
from mahjong_joy.ui.scenes.menu import MenuOverlay  # noqa: E402
from mahjong_joy.ui.scenes.settings import SettingsScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from tests.test_ui_kans_flip import KAN_DRAWS, KAN_HANDS, click, rigged_table, until  # noqa: E402

SIZES = ((1280, 800), (1024, 640))


def save(app: App, out: Path, name: str) -> None:
    app.step(1 / 60)
    pygame.image.save(app.screen, str(out / f"{name}_{app.size[0]}x{app.size[1]}.png"))


def saved_match() -> None:
    """An unfinished Tenhou match in the autosave, so Home offers Continue."""
    session = ControllerSession(seed=11, ruleset="tenhou")
    while len(session.ctl.decisions) < 10:
        if session.needs_human():
            session.submit(session.ctl.pending.actions[0])
        else:
            session.step()


def finished(ruleset: str, hands: int) -> ControllerSession:
    session = ControllerSession(seed=7, ruleset=ruleset, ai=("hard", "easy", "normal"), human=False, autosave=False, max_hands=hands)
    while not session.ctl.is_over:
        if session.ctl.hand.is_finished:
            session.next_hand()
        else:
            session.step()
    return session


def home_and_settings(out: Path, size: tuple[int, int]) -> None:
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="instant", opponents=("easy", "hard", "normal")))
    home = HomeScene(app)
    app.replace(home)
    save(app, out, "home_per_seat")
    home.choose("opponents", "normal")
    save(app, out, "home_all")
    settings = SettingsScene(app)
    app.push(settings)
    save(app, out, "settings")
    settings.set("seat0", "easy")
    settings.set("seat1", "hard")
    save(app, out, "settings_mixed")


def menu_and_claim(out: Path, size: tuple[int, int]) -> None:
    app = App(size=size, settings=Settings(ai_pace="relaxed", anim_speed="instant"))
    app.replace(HomeScene(app))
    app.push(TableScene(app), {"seed": 2026, "ruleset": "mahjong_soul", "length": "east", "opponents": ("easy", "hard", "normal")})
    for _ in range(5):
        app.step(1 / 60)
    app.push(MenuOverlay(app))
    save(app, out, "menu_seed")
    app, table = rigged_table(KAN_HANDS, KAN_DRAWS, "2z")
    app.set_size(size)
    until(app, table.can_act)
    click(table.hand_slot(len(table.my_tiles()) - 1).center)
    until(app, lambda: isinstance(app.top, ClaimOverlay))
    save(app, out, "claim_keys")


def standings(out: Path, size: tuple[int, int]) -> None:
    for ruleset, hands in (("tenhou", 3), ("joy", 2)):
        app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="instant"))
        session = finished(ruleset, hands)
        app.replace(HomeScene(app))
        app.push(TableScene(app, session), {})
        app.replace(MatchEndScene(app, session.snapshot()))
        save(app, out, f"standings_{ruleset}")


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots/choices")
    out.mkdir(parents=True, exist_ok=True)
    saved_match()
    for size in SIZES:
        home_and_settings(out, size)
        menu_and_claim(out, size)
        standings(out, size)
    print(f"saved to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
