"""Drive the real App with four AI seats, pressing on through score screens and saving PNGs.

Used by ``mahjong-joy demo`` and ``scripts/screenshots.py``. Each picture is named
for what it shows and taken at that moment:

* ``01_mid_hand``: the table once 24 tiles lie in the ponds, after a plain discard;
* ``02_first_call_<chi|pon|kan>``: the first call, its meld on the table and the
  caller about to discard;
* ``03_hand<K>_<how>``: the score screen of hand K, named for how it ended
  (``ron``, ``tsumo``, ``..._with_ura_dora``, ``exhaustive_draw``, ``abortive_draw``);
* ``04_final_standings``: the match-end screen;
* riichi presets also ``05_riichi_declaration`` (the sideways tile and the stick)
  and ``06_kan_dora_reveal`` (the new indicator face up) when the match has them.

The table moments are read just before each AI decision, when every flight of
the last one has landed: in a fast demo the table goes straight on from one
decision to the next, so no other frame shows a settled table. The bottom seat
is an AI, so the demo shows no guide for it (hints off).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from mahjong_joy.rulesets.presets import DEFAULT_PRESET
from mahjong_joy.ui.app import App
from mahjong_joy.ui.controller_session import ControllerSession
from mahjong_joy.ui.scenes.home import HomeScene
from mahjong_joy.ui.scenes.match_end import MatchEndScene
from mahjong_joy.ui.scenes.score import ScoreScene
from mahjong_joy.ui.scenes.table import TableScene
from mahjong_joy.ui.session import TableSnapshot
from mahjong_joy.i18n import preload_steps
from mahjong_joy.storage.settings import Settings
from mahjong_joy.warmup import warm_up

MAX_FRAMES = 200_000
SCORE_HOLD = 45  # frames a score screen stays up before the demo presses on
MID_HAND_RIVER = 24  # tiles in the ponds that make "mid-hand"
CALLS = {"chi": "chi", "pon": "pon", "kan": "kan"}  # meld types a call makes (a closed kan is no call)


class Shots:
    """Saves each named moment once into a folder (or nowhere), keeping the table as it was."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.taken: list[str] = []
        self.moments: dict[str, TableSnapshot | None] = {}  # name -> the table at that moment
        if folder is not None:
            folder.mkdir(parents=True, exist_ok=True)

    def take(self, surface: pygame.Surface, name: str, snap: TableSnapshot | None = None) -> None:
        """Save ``name``.png unless it was already saved."""
        if name in self.taken:
            return
        self.taken.append(name)
        self.moments[name] = snap
        if self.folder is not None:
            pygame.image.save(surface, str(self.folder / f"{name}.png"))


class WatchedSession:
    """The demo's session: the controller session itself, with a look at the settled table
    before each decision (``before_step``); everything else passes through."""

    def __init__(self, session: ControllerSession, before_step: Callable[[], None] | None = None) -> None:
        self._session = session
        self.before_step = before_step

    def step(self) -> Any:
        if self.before_step is not None:
            self.before_step()
        return self._session.step()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


@dataclass
class TableMoments:
    """Finds the named table moments by comparing the settled table with the last one."""

    app: App
    table: TableScene
    shots: Shots
    last: TableSnapshot | None = None
    dora_seen: int = field(default=1)

    def __call__(self) -> None:
        snap, last = self.table.snap, self.last
        if snap is None or snap.result is not None:
            return
        if last is None or last.hand_number != snap.hand_number or last.round_wind != snap.round_wind or last.honba != snap.honba:
            self.last, self.dora_seen = snap, max(1, len(snap.dora_indicators))
            return
        for name in self.names(snap, last):
            self.app.draw()
            self.shots.take(self.app.screen, name, snap)
        self.last = snap

    def names(self, snap: TableSnapshot, last: TableSnapshot) -> list[str]:
        """The moments this settled table is, given the table one decision before."""
        out = []
        new_melds = [m for seat in range(4) for m in snap.melds[seat][len(last.melds[seat]):]]
        called = next((CALLS[m.type] for m in new_melds if m.type in CALLS), None)
        declared = sum(snap.riichi) > sum(last.riichi)
        discarded = sum(map(len, snap.rivers)) > sum(map(len, last.rivers))
        if called and not any(name.startswith("02_") for name in self.shots.taken):
            out.append(f"02_first_call_{called}")
        if discarded and not new_melds and not declared and sum(map(len, snap.rivers)) >= MID_HAND_RIVER:
            out.append("01_mid_hand")
        if declared:
            out.append("05_riichi_declaration")
        if len(snap.dora_indicators) > self.dora_seen and self.table.dora_flip is None:
            self.dora_seen = len(snap.dora_indicators)
            out.append("06_kan_dora_reveal")
        return out


@dataclass
class DemoResult:
    """How the demo ended (0: the match reached its end screen) and the pictures it took."""

    code: int
    shots: Shots


def demo_app(
    seed: int, hands: int, speed: str, size: tuple[int, int] = (1280, 800), rules: str = DEFAULT_PRESET,
    before_step: Callable[[], None] | None = None, language: str = "en",
) -> tuple[App, TableScene]:
    """An App showing a four-AI match at the table (no guide: the bottom seat is an AI)."""
    fast = speed == "fast"
    settings = Settings(ai_pace="instant" if fast else "normal", anim_speed="fast" if fast else "normal", hints=False,
                        language=language)
    app = App(size=size, settings=settings, seed=seed)
    app.replace(HomeScene(app))
    warm_up()  # as the game does after its first frame
    for _ in preload_steps():  # the catalogs too, read between the game's first frames
        pass
    session = WatchedSession(ControllerSession(seed=seed, ruleset=rules, max_hands=hands, human=False), before_step)
    table = TableScene(app, session)
    table.hand_focus = False  # every seat is an AI: no player's keyboard focus on the bottom hand
    app.push(table, {})
    return app, table


def play_demo(seed: int, hands: int, speed: str, folder: Path | None, rules: str = DEFAULT_PRESET, language: str = "en") -> int:
    """Run the demo to the match-end screen, then close pygame; 0 on success, 1 if it never got there."""
    try:
        return run_demo(seed, hands, speed, folder, rules, language).code
    finally:
        pygame.quit()


def run_demo(seed: int, hands: int, speed: str, folder: Path | None, rules: str = DEFAULT_PRESET, language: str = "en") -> DemoResult:
    """The demo, with the pictures it took and the table at each (tests read them)."""
    shots = Shots(folder)
    app, table = demo_app(seed, hands, speed, rules=rules, language=language)
    table.session.before_step = TableMoments(app, table, shots)
    clock = pygame.time.Clock()
    held = 0
    for _ in range(MAX_FRAMES):
        if speed == "normal":
            clock.tick(60)
        app.step(1 / 60)
        top = app.top
        if isinstance(top, ScoreScene):
            held += 1
            if held == 1:
                _score_shots(app, top, shots)
            if held >= SCORE_HOLD:
                held = 0
                top.proceed()
                app._apply(top)
        elif isinstance(top, MatchEndScene):
            app.step(0)
            shots.take(app.screen, "04_final_standings")
            return DemoResult(0, shots)
        if not app.running:
            break
    return DemoResult(1, shots)


def _score_shots(app: App, scene: ScoreScene, shots: Shots) -> None:
    """A hand's score screen, named for how the hand ended (``03_hand2_tsumo``,
    ``03_hand1_ron_with_ura_dora``, ``03_hand3_exhaustive_draw``)."""
    number = sum(t.startswith("03_") for t in shots.taken) + 1
    shots.take(app.screen, f"03_hand{number}_{score_words(scene)}", scene.snap)


def score_words(scene: ScoreScene) -> str:
    """What a score screen shows, in a file name's words."""
    result = scene.snap.result
    if result is None or result.end != "win":
        return result.end if result is not None else "score"
    words = "tsumo" if result.wins[0].tsumo else "ron"
    if scene.win is not None and scene.win.ura_indicators:
        words += "_with_ura_dora"
    return words
