"""Save pictures of the table's moments (issue 15 §1, issue 13 §2) at 1280x800 and 1024x640.

    SDL_VIDEODRIVER=dummy python scripts/moments_screenshots.py [OUT_DIR]

On the rigged walls of ``tests/test_ui_moments.py``: a "Pon!" callout with the AI
thinking bubbles on, the win reveal half-way and at its end (a kazoe yakuman with its
title and sparkles; a Joy win; the second winner of a double ron), the score screens
with every seat's hand (a Joy win before and after Show hands, a riichi win, a double
ron, a riichi and a Joy exhaustive draw) and the standings' celebration.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("MAHJONG_JOY_HOME", "/tmp/mahjong-joy-shots")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from mahjong_joy.ui.app import App  # noqa: E402
from mahjong_joy.ui.scenes.score import ScoreScene  # noqa: E402
from mahjong_joy.ui.win_reveal import WinRevealScene  # noqa: E402
from tests.helpers import h  # noqa: E402
from tests.test_ui_moments import (DOUBLE_RON, JOY_RON, PON_HANDS, Explains, PonOrTsumogiri, joy_draw_table, played_to_score,  # noqa: E402
                                   standings_scene)
from tests.test_ui_riichi import RonOrTsumogiri, Tsumogiri, index_of, riichi_table, until  # noqa: E402

SIZES = ((1280, 800), (1024, 640))


def save(app: App, out: Path, name: str) -> None:
    app.step(1 / 60)
    w, h_ = app.size
    pygame.image.save(app.screen, str(out / f"{name}_{w}x{h_}.png"))


def reveal_at(app: App, out: Path, name: str, when: str) -> WinRevealScene:
    until(app, lambda: isinstance(app.top, WinRevealScene), frames=3000)
    reveal = app.top
    moment = {"lift": lambda: reveal.elapsed >= 0.6 * reveal.beats.lift, "half": lambda: len(reveal.shown_lines()) >= 2,
              "end": lambda: reveal.elapsed >= reveal.beats.end + 0.3}[when]
    until(app, moment, frames=3000)
    save(app, out, name)
    return reveal


def table_moments(out: Path, size: tuple[int, int]) -> None:
    app, table = riichi_table(PON_HANDS, "8p", preset="joy", deciders=(PonOrTsumogiri(), Explains(), Explains()), size=size,
                              anim_speed="normal", show_ai_thinking=True)
    until(app, table.can_act)
    table.discard(index_of(table, "5z"))
    until(app, lambda: "Pon!" in table.callouts.words() and table.callouts.shown[0].elapsed > 0.25)
    save(app, out, "callout_pon_thinking")
    until(app, lambda: len(table.snap.rivers[3]) >= 1 and not table.anim.busy)
    save(app, out, "thinking_bubbles")


def reveals(out: Path, size: tuple[int, int]) -> None:
    app, table = riichi_table(["111z222z333z99p7p5z", *PON_HANDS[1:]], "8p6z7z4z1s2s3s9s9p", size=size, anim_speed="normal")
    until(app, table.can_act)
    table.press("riichi")
    table.discard(index_of(table, "5z"))
    until(app, lambda: table.callouts.shown and table.callouts.shown[0].elapsed > 0.25)
    save(app, out, "callout_riichi")
    until(app, lambda: table.can_act() and table.snap.drawn == h("9p")[0], frames=3000)
    table.press("tsumo:")
    until(app, lambda: table.callouts.shown and table.callouts.shown[0].elapsed > 0.2)
    save(app, out, "callout_tsumo_flip")
    reveal_at(app, out, "reveal_riichi_half", "half")
    reveal_at(app, out, "reveal_riichi_yakuman_end", "end")
    until(app, lambda: isinstance(app.top, ScoreScene), frames=3000)
    save(app, out, "score_riichi_win")
    app.top.toggle_hands()
    save(app, out, "score_riichi_win_show_hands")

    app, table = riichi_table(JOY_RON, "9s", preset="joy", deciders=(RonOrTsumogiri(), Tsumogiri(), Tsumogiri()), size=size,
                              anim_speed="normal")
    until(app, table.can_act)
    table.discard(len(table.my_tiles()) - 1)
    reveal_at(app, out, "reveal_joy_lift", "lift")
    reveal_at(app, out, "reveal_joy_half", "half")
    reveal_at(app, out, "reveal_joy_end", "end")
    until(app, lambda: isinstance(app.top, ScoreScene), frames=3000)
    save(app, out, "score_joy_win")
    app.top.toggle_hands()
    save(app, out, "score_joy_win_show_hands")

    app, table = riichi_table(DOUBLE_RON, "9s", deciders=(RonOrTsumogiri(), RonOrTsumogiri(), Tsumogiri()), size=size, anim_speed="normal")
    until(app, table.can_act)
    table.discard(len(table.my_tiles()) - 1)
    reveal = reveal_at(app, out, "reveal_double_ron_first", "end")
    reveal.skip()
    reveal_at(app, out, "reveal_double_ron_second", "end")
    until(app, lambda: isinstance(app.top, ScoreScene), frames=3000)
    save(app, out, "score_double_ron_card1")
    app.top.toggle_hands()
    save(app, out, "score_double_ron_card1_show_hands")


def draws(out: Path, size: tuple[int, int]) -> None:
    app = played_to_score(size)
    save(app, out, "score_riichi_exhaustive_draw")
    app = joy_draw_table(size)
    save(app, out, "score_joy_exhaustive_draw")
    app, scene = standings_scene(size)
    for _ in range(55):
        app.step(1 / 60)
    save(app, out, "standings_celebration")


def main() -> int:
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/shots-moments")
    out.mkdir(parents=True, exist_ok=True)
    for size in SIZES:
        table_moments(out, size)
        reveals(out, size)
        draws(out, size)
    print(f"saved to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
