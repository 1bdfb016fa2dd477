"""Save pictures of issue 28's large tiles and keyboard focus, to look at.

    SDL_VIDEODRIVER=dummy python scripts/access_screenshots.py [OUT_DIR]

The table with a 21-tile river at every seat (a riichi tile lying sideways in each)
and four melds, at 100%, 125% and 150% tile size, at 1280x800 and 960x600; then
every scene with its focus ring (Home and its New game rows, Settings with the
Tile size row and its "limited" note, the table, a claim prompt, the in-game menu,
the score card, the match end, stats, the help book, the replay viewer and list,
the guided hand and its offer), each at both sizes, the table scenes at 150%; and
Settings at 1024x640, where 150% is limited to 145%.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("MAHJONG_JOY_HOME", "/tmp/mahjong-joy-access-shots")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from mahjong_joy.storage.settings import UI_SCALES, Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.replay_session import ReplaySession  # noqa: E402
from mahjong_joy.ui.scenes.base import Scene  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.help_book import HelpBookScene  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.match_end import MatchEndScene  # noqa: E402
from mahjong_joy.ui.scenes.menu import MenuOverlay  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplaysScene, ReplayViewerScene  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.scenes.settings import SettingsScene  # noqa: E402
from mahjong_joy.ui.scenes.stats import StatsScene  # noqa: E402
from mahjong_joy.ui.scenes.tutorial import TutorialOffer, TutorialScene  # noqa: E402
from mahjong_joy.ui.session import HandOutcome  # noqa: E402
from tests.test_access import full_table  # noqa: E402
from tests.test_replay_viewer import _record  # noqa: E402
from tests.test_ui_polish import snapshot  # noqa: E402
from tests.test_ui_riichi import Tsumogiri, riichi_table, until  # noqa: E402

SIZES = ((1280, 800), (960, 600))


def save(app: App, out: Path, name: str, frames: int = 1) -> None:
    for _ in range(frames):
        app.step(1 / 60)
    w, h = app.size
    pygame.image.save(app.screen, str(out / f"{name}_{w}x{h}.png"))


def key(app: App, which: int, mod: int = 0) -> None:
    app.dispatch(pygame.event.Event(pygame.KEYDOWN, key=which, mod=mod, unicode="", scancode=0))


def tables(out: Path, size: tuple[int, int]) -> None:
    for scale in UI_SCALES:
        app, _ = full_table(size, scale)
        save(app, out, f"table_full_river_{round(scale * 100)}")


def menus(out: Path, size: tuple[int, int]) -> None:
    app = App(size=size, settings=Settings(ui_scale=1.5))
    app.replace(HomeScene(app))
    save(app, out, "focus_home")
    for _ in range(2):
        key(app, pygame.K_DOWN)
    save(app, out, "focus_home_new_game_row")
    settings = SettingsScene(app)
    app.push(settings)
    for _ in range(6):
        key(app, pygame.K_DOWN)
    save(app, out, "focus_settings_tile_size")
    app.replace(StatsScene(app))
    save(app, out, "focus_stats")
    app.replace(HelpBookScene(app, "joy", offer_tutorial=True))
    save(app, out, "focus_help_book")
    key(app, pygame.K_TAB)
    save(app, out, "focus_help_book_tab")
    app.replace(ReplaysScene(app))
    save(app, out, "focus_replays_list")
    app.replace(HomeScene(app))
    app.push(TutorialOffer(app))
    save(app, out, "focus_tutorial_offer")
    done = snapshot(result=HandOutcome((), None, (0,) * 4, (25000,) * 4), phase="finished", match_over=True,
                    standings=((0, 25000, 1), (1, 25000, 2), (2, 25000, 3), (3, 25000, 4)))
    app.replace(ScoreScene(app, done))
    save(app, out, "focus_score")
    app.replace(MatchEndScene(app, done))
    save(app, out, "focus_match_end")


def table_scenes(out: Path, size: tuple[int, int]) -> None:
    app, table = riichi_table(["456m111z222z333z9p", "147p258s369p147s9m", "258p369s147m258m3p", "2233445566778p"], "5z6z7z3m",
                              deciders=(Tsumogiri(), Tsumogiri(), Tsumogiri()), size=size, ui_scale=1.5)
    until(app, table.can_act)
    save(app, out, "focus_table_150")
    key(app, pygame.K_TAB)
    save(app, out, "focus_table_switch_150")
    key(app, pygame.K_LEFT)
    table.discard(table.my_tiles().index(31))  # the 5z: the next seat's 5z... the prompt comes on a chi
    until(app, lambda: isinstance(app.top, ClaimOverlay))
    save(app, out, "focus_claim_150")
    app.push(MenuOverlay(app))
    save(app, out, "focus_menu_150")
    app = App(size=size, settings=Settings(ui_scale=1.5))
    app.replace(Scene(app))
    app.push(ReplayViewerScene(app, ReplaySession(_record(4, hands=1)), "Replay"))
    key(app, pygame.K_RIGHT)
    save(app, out, "focus_replay_viewer_150", frames=30)
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="fast", ui_scale=1.5))
    app.replace(HomeScene(app))
    app.push(TutorialScene(app), {})
    save(app, out, "focus_tutorial_150", frames=90)


def capped(out: Path) -> None:
    """Settings in a window too small for 150%: the Tile size row says what it reached."""
    app = App(size=(1024, 640), settings=Settings(ui_scale=1.5))
    app.replace(SettingsScene(app))
    save(app, out, "settings_tile_size_limited")


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "access_shots")
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        tables(out, size)
        menus(out, size)
        table_scenes(out, size)
    capped(out)
    print(f"saved {len(list(out.glob('*.png')))} pictures in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
