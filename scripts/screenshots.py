"""Save the screenshots we look at before calling the UI done.

    SDL_VIDEODRIVER=dummy python scripts/screenshots.py [OUT_DIR]

mid-hand table, a claim prompt (player seat), the score screen, match end (from
the four-AI demo), and the table at the smallest window size (1024x640).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from mahjong_joy.engine.actions import Discard, Pass  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.controller_session import ControllerSession  # noqa: E402
from mahjong_joy.ui.demo_driver import play_demo  # noqa: E402
from mahjong_joy.ui.scenes.claim import ClaimOverlay  # noqa: E402
from mahjong_joy.ui.scenes.home import HomeScene  # noqa: E402
from mahjong_joy.ui.scenes.table import TableScene  # noqa: E402
from mahjong_joy.ui.settings import Settings  # noqa: E402


def player_table(out: Path, size: tuple[int, int], seed: int, name: str, want_claim: bool) -> bool:
    """Play as the bottom seat (discarding the drawn tile) until a claim prompt or mid-hand."""
    app = App(size=size, settings=Settings(ai_pace="instant", anim_speed="fast"))
    app.replace(HomeScene(app))
    table = TableScene(app, ControllerSession(seed=seed, max_hands=1))
    app.push(table, {})
    for _ in range(6000):
        app.step(1 / 60)
        top = app.top
        if isinstance(top, ClaimOverlay):
            if want_claim and len(top.buttons) >= 2:
                app.step(1 / 60)
                pygame.image.save(app.screen, str(out / name))
                return True
            top.choose(next(b.action for b in top.buttons if isinstance(top.actions[b.action], Pass)))
            app._apply(top)
        elif table.can_act():
            table.hover = len(table.my_tiles()) - 1
            if not want_claim and sum(len(r) for r in table.snap.rivers) >= 22:
                app.step(1 / 60)
                pygame.image.save(app.screen, str(out / name))
                return True
            tile = table.my_tiles()[-1]
            if Discard(table.snap.me, tile) in table.snap.own_actions:
                table.discard(len(table.my_tiles()) - 1)
        if table.snap and table.snap.result is not None:
            return False
    return False


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screens")
    out.mkdir(parents=True, exist_ok=True)
    player_table(out, (1280, 800), 3, "mid_hand.png", want_claim=False)
    for seed in range(40):
        if player_table(out, (1280, 800), seed, "claim_prompt.png", want_claim=True):
            break
    player_table(out, (1024, 640), 3, "smallest_window.png", want_claim=False)
    play_demo(3, 2, "fast", out / "demo")
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
