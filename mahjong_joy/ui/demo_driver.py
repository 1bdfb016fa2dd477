"""Drive the real App with four AI seats, pressing on through score screens and saving PNGs.

Used by ``mahjong-joy demo`` and ``scripts/screenshots.py``; the screenshot moments
are: the table mid-hand, the first claim, each score screen, the match end.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from mahjong_joy.ui.app import App
from mahjong_joy.ui.controller_session import ControllerSession
from mahjong_joy.ui.scenes.home import HomeScene
from mahjong_joy.ui.scenes.match_end import MatchEndScene
from mahjong_joy.ui.scenes.score import ScoreScene
from mahjong_joy.ui.scenes.table import TableScene
from mahjong_joy.storage.settings import Settings
from mahjong_joy.warmup import warm_up

MAX_FRAMES = 200_000
SCORE_HOLD = 45  # frames a score screen stays up before the demo presses on


class Shots:
    """Saves each named moment once into a folder (or nowhere)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.taken: list[str] = []
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)

    def take(self, surface: pygame.Surface, name: str) -> None:
        """Save ``name``.png unless it was already saved."""
        if name in self.taken:
            return
        self.taken.append(name)
        if self.folder is not None:
            pygame.image.save(surface, str(self.folder / f"{name}.png"))


def demo_app(
    seed: int, hands: int, speed: str, size: tuple[int, int] = (1280, 800), rules: str = "joy"
) -> tuple[App, TableScene]:
    """An App showing a four-AI match at the table."""
    fast = speed == "fast"
    settings = Settings(ai_pace="instant" if fast else "normal", anim_speed="fast" if fast else "normal")
    app = App(size=size, settings=settings, seed=seed)
    app.replace(HomeScene(app))
    warm_up()  # as the game does after its first frame
    table = TableScene(app, ControllerSession(seed=seed, ruleset=rules, max_hands=hands, human=False))
    app.push(table, {})
    return app, table


def play_demo(seed: int, hands: int, speed: str, folder: Path | None, rules: str = "joy") -> int:
    """Run the demo to the match-end screen; 0 on success, 1 if it never got there."""
    app, table = demo_app(seed, hands, speed, rules=rules)
    shots = Shots(folder)
    clock = pygame.time.Clock()
    held, melds_seen, moves, riichi_seen, dora_seen = 0, 0, 0, 0, 1
    for _ in range(MAX_FRAMES):
        if speed == "normal":
            clock.tick(60)
        app.step(1 / 60)
        top = app.top
        snap = table.snap
        if isinstance(top, TableScene) and snap is not None and not table.anim.busy:
            moves += 1
            melds = sum(len(m) for m in snap.melds)
            if melds > melds_seen:
                melds_seen = melds
                shots.take(app.screen, "02_claim")
            if sum(len(r) for r in snap.rivers) >= 24:
                shots.take(app.screen, "01_mid_hand")
            if sum(snap.riichi) > riichi_seen:  # riichi presets: the declaration, the kan dora turning over
                riichi_seen = sum(snap.riichi)
                shots.take(app.screen, "05_riichi_declaration")
            if len(snap.dora_indicators) > dora_seen:
                dora_seen = len(snap.dora_indicators)
                shots.take(app.screen, "06_kan_dora_reveal")
            if snap.phase != "finished" and len(snap.dora_indicators) == 1:
                dora_seen = 1
        elif isinstance(top, ScoreScene):
            held += 1
            if held == 1:
                shots.take(app.screen, f"03_score_hand{sum(t.startswith('03_') for t in shots.taken) + 1}")
                result = top.snap.result
                if top.win is not None and top.win.ura_indicators:
                    shots.take(app.screen, "07_win_with_ura_dora")
                elif result is not None and result.end == "exhaustive_draw" and top.snap.riichi_rules:
                    shots.take(app.screen, "08_exhaustive_draw")
            if held >= SCORE_HOLD:
                held = 0
                top.proceed()
                app._apply(top)
        elif isinstance(top, MatchEndScene):
            app.step(0)
            shots.take(app.screen, "04_match_end")
            if table.snap is not None and table.snap.riichi_rules:
                shots.take(app.screen, "09_final_standings")
            pygame.quit()
            return 0
        if not app.running:
            break
    pygame.quit()
    return 1
