"""Save the Play from here pictures we look at before calling that UI done.

    SDL_VIDEODRIVER=dummy python scripts/play_here_shots.py [OUT_DIR]

At 1280x800 and 1024x640, from a seeded Tenhou game with the player in seat 0:
the viewer with an AI's reason in a bubble (a riichi declaration, and the win
with the result card showing), the seat chooser, the live table after taking
West, and the chooser's refusal on an imported mjai log. Runs in a throwaway
data folder, so the player's autosave and history stay untouched.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["MAHJONG_JOY_HOME"] = tempfile.mkdtemp(prefix="mahjong-joy-shots-")

import pygame  # noqa: E402

from mahjong_joy.commands.simulate import simulate  # noqa: E402
from mahjong_joy.replay.mjai_import import import_mjai  # noqa: E402
from mahjong_joy.replay.record import run_record  # noqa: E402
from mahjong_joy.rulesets.presets import find_preset  # noqa: E402
from mahjong_joy.storage.settings import Settings  # noqa: E402
from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.replay_session import ReplaySession  # noqa: E402
from mahjong_joy.ui.scenes.replay import ReplayViewerScene  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "tests" / "fixtures" / "riichienv" / "tenhou_seed3.mjson"
RIICHI_STEP = 30  # Tenhou seed 7, hand 1: Momo declares riichi here


def viewer(record: dict, size: tuple[int, int], hand: int, step: int, title: str) -> tuple[App, ReplayViewerScene]:
    app = App(size=size, settings=Settings(player_name="Mei"))
    scene = ReplayViewerScene(app, ReplaySession(record, name="run.json"), title)
    app.replace(scene)
    scene.seek(hand, step)
    app.step(1 / 60)
    return app, scene


def save(app: App, out: Path, name: str) -> None:
    pygame.image.save(app.screen, str(out / name))


def shots(out: Path, size: tuple[int, int], record: dict, imported: dict) -> None:
    tag = f"{size[0]}x{size[1]}"
    app, scene = viewer(record, size, 0, RIICHI_STEP, "Replay · run.json · seed 7")
    save(app, out, f"reason_riichi_{tag}.png")
    app, scene = viewer(record, size, 0, scene.session.cursor.steps_in_hand(0), "Replay · run.json · seed 7")
    save(app, out, f"reason_with_result_{tag}.png")
    app, scene = viewer(record, size, 0, RIICHI_STEP, "Replay · run.json · seed 7")
    scene.press("play_here")
    app._apply(scene)
    app.step(1 / 60)
    save(app, out, f"seat_chooser_{tag}.png")
    west = next(b for b in app.top.buttons if b.label.startswith("West"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=west.rect.center))
    for _ in range(3):
        app.step(1 / 60)
    save(app, out, f"live_from_here_{tag}.png")
    app, scene = viewer(imported, size, 0, 6, "Replay · tenhou_seed3.mjson")
    scene.press("play_here")
    app._apply(scene)
    app.step(1 / 60)
    save(app, out, f"refused_imported_{tag}.png")


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "screens/play_here")
    out.mkdir(parents=True, exist_ok=True)
    played = simulate(7, ai="normal", hands=2, rules=find_preset("tenhou"))
    record = json.loads(json.dumps(run_record(7, ("normal",) * 4, played)))
    record["seats"][0] = "human"
    imported = import_mjai(LOG.read_text(encoding="utf-8"), "tenhou", "seed3").record
    for size in ((1280, 800), (1024, 640)):
        shots(out, size, record, imported)
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
