"""The window, the scene stack and the fixed-step loop.

``run(seed)`` is what ``mahjong-joy`` calls. The loop measures real frame time
only to feed fixed update steps; every timer and tween sees those dts, so a
headless test that calls :meth:`App.step` sees exactly what a player would.

Settings persist: an App created without explicit settings loads
``settings.json`` from the data folder and saves it when settings change, when
the window is resized and on quit. An App given settings (tests, the demo)
never touches the player's data folder.
"""

from __future__ import annotations

import itertools
import os
import time
from collections.abc import Iterator
from typing import Any

import pygame

from mahjong_joy.app.background import BackgroundJob
from mahjong_joy.i18n import ENGLISH, current_language, preload_steps, set_language, system_language, tr
from mahjong_joy.replay.pending import tidy_data_folder
from mahjong_joy.storage.settings_store import load_settings, save_settings
from mahjong_joy.ui.navigation import build
from mahjong_joy.ui.scenes.base import Scene
from mahjong_joy.storage.settings import Settings
from mahjong_joy.ui.sound import Sounds
from mahjong_joy.ui.tiles_art import TileArt
from mahjong_joy.warmup import warm_up_steps

DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)
STEP = 1 / 60  # fixed update step in seconds
MAX_STEPS = 5  # after a stall, catch up at most this many steps rather than spiral
IDLE_BUDGET = 0.006  # seconds of background work (the warm-up, a review) per frame, after the frame is drawn
NOTICE_SECONDS = 12.0  # how long a notice (a data file set aside) stays on screen
SPARE_KEPT = 0.003  # seconds of a frame's spare time background jobs leave free (the clock's own wait)
JOB_LEAST = 0.002  # seconds background jobs get after a frame that ran late (at least one step in any case)
IDLE_FRAME = 0.5  # seconds between frames the window's loop draws while nothing changes


class App:
    """Owns the display, shared resources (tile art, sounds, settings) and the scene stack."""

    def __init__(self, size: tuple[int, int] | None = None, settings: Settings | None = None, seed: int | None = None) -> None:
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")  # faster presents without a GPU
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Mahjong Joy")
        self.persist = settings is None  # only a player's own App reads and writes settings.json
        self.notice: str | None = None  # a short message for the player, drawn by Home
        self.notice_left = 0.0
        if settings is None:
            tidy_data_folder()  # temporary files a killed save left behind
            settings, notice = load_settings()
            self.show_notice(notice)
        self.settings = settings
        # Until the player picks a language (Settings, --lang) the game speaks the system's when it
        # is one of ours: a first start in Korean is in Korean. An App given settings (tests, the
        # demo) speaks what they say, English when they say nothing.
        set_language(settings.language or (system_language() if self.persist else ENGLISH))

        if size is None and self.persist:  # a size saved on another screen may not fit this one
            size, corner = fitted_window(settings.window_size, _desktop_size())
            os.environ["SDL_VIDEO_WINDOW_POS"] = f"{corner[0]},{corner[1]}"
            settings.window_size = size  # the window as it is, so leaving fullscreen comes back to it
        self.screen = pygame.display.set_mode(size or DEFAULT_SIZE, pygame.RESIZABLE)
        self.art = TileArt(latin=self.settings.latin_labels, safe=self.settings.colour_safe_tiles)
        self.sounds = Sounds(self.settings.volume)
        self.seed = seed
        self.stack: list[Scene] = []
        self.running = True
        self._accumulator = 0.0
        self.frames = 0
        self._since_drawn = 0.0  # seconds since the window was last drawn (the lazy loop)
        self._moving = False  # whether a scene animated at the last step: its final frame is drawn too
        self.background: Iterator[int] | None = None  # small steps run between frames (the warm-up)
        self.jobs: list[BackgroundJob[Any]] = []  # longer work in steps between frames, after the warm-up (a review)
        if self.persist and self.settings.fullscreen:
            self.apply_window_mode()  # the player left the game in fullscreen

    @property
    def size(self) -> tuple[int, int]:
        """Current window size in pixels."""
        return self.screen.get_size()

    def show_notice(self, message: str | None) -> None:
        """Show ``message`` for a while (``None`` does nothing); Home draws it as a toast.

        A message arriving while another is shown joins it (a settings file set
        aside and a busy history at the same start are both said)."""
        if message:
            showing = self.notice if self.notice and self.notice_left > 0 and message not in self.notice else None
            self.notice = f"{showing} {message}" if showing else message
            self.notice_left = NOTICE_SECONDS

    def save_settings(self) -> None:
        """Write settings.json (a player's App only); a failing disk is a notice, not a crash."""
        if not self.persist:
            return
        try:
            save_settings(self.settings)
        except (OSError, ValueError) as exc:
            self.show_notice(tr("Settings could not be saved: {error}", error=exc))


    # -- scene stack -------------------------------------------------------------
    def push(self, scene: Scene, context: object = None) -> None:
        """Put ``scene`` on top (an overlay or a sub-screen) and enter it."""
        self.stack.append(scene)
        scene.resize(self.size)
        scene.enter(context)

    def replace(self, scene: Scene, context: object = None) -> None:
        """Clear the stack and make ``scene`` the only one."""
        self.stack.clear()
        self.push(scene, context)

    def pop(self, context: object = None) -> None:
        """Remove the top scene; the one below resumes (re-entered with ``context`` when given)."""
        if self.stack:
            self.stack.pop()
        if not self.stack:
            self.running = False
        elif context is not None:
            self.stack[-1].enter(context)

    @property
    def top(self) -> Scene | None:
        """The scene receiving input."""
        return self.stack[-1] if self.stack else None

    def _apply(self, scene: Scene) -> None:
        transition, scene.next = scene.next, None
        if transition is None:
            return
        target = transition.scene
        if isinstance(target, str):  # a scene named in ui.navigation, built now
            target = build(self, target, *transition.args, **transition.kwargs)
        if transition.kind == "push" and target:
            self.push(target, transition.context)
        elif transition.kind == "replace" and target:
            self.replace(target, transition.context)
        elif transition.kind == "pop":
            if scene in self.stack:
                self.stack.remove(scene)
            if not self.stack:
                self.running = False
            elif transition.context is not None:
                self.stack[-1].enter(transition.context)
        elif transition.kind == "quit":
            self.running = False

    # -- window ------------------------------------------------------------------
    def set_size(self, size: tuple[int, int]) -> None:
        """Resize (clamped to the minimum) and let every scene lay itself out again."""
        if self.settings.fullscreen:  # the system sized the fullscreen window; a new set_mode
            self.screen = pygame.display.get_surface() or self.screen  # would fight it on the way back
        elif _clamped(size) != self.size:
            self.screen = pygame.display.set_mode(_clamped(size), pygame.RESIZABLE)
        for scene in self.stack:
            scene.resize(self.size)
        if not self.settings.fullscreen and self.settings.window_size != self.size:
            self.settings.window_size = self.size
            self.save_settings()

    def toggle_fullscreen(self) -> None:
        """F11 / the Settings switch: fullscreen at the desktop size, or back to a window."""
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_window_mode()

    def apply_window_mode(self) -> None:
        """Make the window match ``settings.fullscreen``."""
        if self.settings.fullscreen:
            self.screen = pygame.display.set_mode(_desktop_size(), pygame.FULLSCREEN)
        else:
            self._set_windowed(fitted_window(_clamped(self.settings.window_size), _desktop_size())[0])
        # The mode switch queues resize events for the size just left; read later as
        # a player's resize they would drag the window back to the desktop size.
        pygame.event.clear(pygame.VIDEORESIZE)
        for scene in self.stack:
            scene.resize(self.size)

    def _set_windowed(self, size: tuple[int, int]) -> None:
        """Back to a resizable window of ``size``. Without framebuffer acceleration
        (our setting), X11 keeps the fullscreen size on the first request after
        fullscreen (seen under Xvfb with openbox), so a refused size is asked again."""
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.event.pump()
        if pygame.display.get_window_size() != size:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    def apply_settings(self) -> None:
        """Changes from the Settings screen take effect at once."""
        if self.art.latin != self.settings.latin_labels:
            self.art.latin = self.settings.latin_labels
        self.art.safe = self.settings.colour_safe_tiles
        if self.settings.language and self.settings.language != current_language():
            self.switch_language(self.settings.language)
        self.sounds.set_volume(self.settings.volume)
        for scene in list(self.stack):
            scene.settings_changed()
        self.save_settings()

    def switch_language(self, code: str) -> None:
        """Speak ``code`` from the next frame on: words are looked up as they are drawn, and
        every scene on the stack lays itself out again (label widths change with the language)."""
        set_language(code)
        for scene in list(self.stack):
            scene.resize(self.size)

    # -- loop --------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        """Window-level keys first (F11, resize, close), then the top scene."""
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE:
            self.set_size((event.w, event.h))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif self.top is not None:
            top = self.top
            if top.input_guard > 0 and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                return  # the scene came up by itself just as the player pressed for the one before
            top.handle(event)
            self._apply(top)

    def update(self, dt: float) -> None:
        """One fixed step for every scene on the stack (the table keeps animating under overlays)."""
        if self.notice is not None:
            self.notice_left -= dt
            if self.notice_left <= 0:
                self.notice = None
        for scene in list(self.stack):
            scene.input_guard = max(0.0, scene.input_guard - dt)
            scene.update(dt)
            self._apply(scene)

    def draw(self) -> None:
        """Draw from the highest opaque scene upward so overlays sit over the table."""
        for scene in self.visible():
            scene.draw(self.screen)

    def step(self, frame_dt: float = STEP, present: bool = True, lazy: bool = False) -> bool:
        """Handle queued events, run fixed update steps worth ``frame_dt``, draw once.

        ``lazy`` (the window's own loop) skips the drawing while no input came, no scene
        changed and none on screen animates, drawing at least every :data:`IDLE_FRAME`
        seconds anyway; tests and screenshots step eagerly."""
        handled = False
        for event in pygame.event.get():
            self.dispatch(event)
            handled = True
        stack = list(self.stack)
        self._accumulator += frame_dt
        steps = 0
        while self._accumulator >= STEP - 1e-9 and steps < MAX_STEPS:
            self.update(STEP)
            self._accumulator -= STEP
            steps += 1
        self._accumulator = min(self._accumulator, STEP)
        self._since_drawn += frame_dt
        moving, was_moving = self._animating(), self._moving
        self._moving = moving
        if lazy and not handled and stack == self.stack and self._since_drawn < IDLE_FRAME and not moving and not was_moving:
            return self.running  # nothing changed since the last frame drawn (the one after a movement ended included)
        if self.running and self.stack:
            self.draw()
            self._since_drawn = 0.0
            if present:
                pygame.display.flip()
        self.frames += 1
        return self.running

    def visible(self) -> list[Scene]:
        """The scenes on screen: the highest opaque one and those above it, bottom first."""
        first = max((i for i, scene in enumerate(self.stack) if scene.opaque), default=0)
        return self.stack[first:]

    def _animating(self) -> bool:
        """Whether a scene on screen or a notice may change."""
        return self.notice is not None or any(scene.animating() for scene in self.visible())

    def run_beside(self, job: BackgroundJob[Any]) -> None:
        """Run ``job`` in steps between frames (:meth:`idle`) until it is done or cancelled."""
        if job not in self.jobs and not job.done:
            self.jobs.append(job.start())

    def idle(self, budget: float = IDLE_BUDGET, spare: float | None = None) -> bool:
        """Run background steps until ``budget`` seconds have gone (at least one step):
        the warm-up first, then the jobs (:meth:`run_beside`), oldest first; False once
        there is nothing left to run. Given the frame's ``spare`` time, the jobs take that
        (less :data:`SPARE_KEPT`) instead, and only :data:`JOB_LEAST` when the frame ran
        late, so a review never slows a busy window by more than a step. Events wait only
        for the current step, so the window keeps answering while the warm-up builds its
        tables or a review is made."""
        begun = time.perf_counter()
        end = begun + budget
        if self.background is not None:
            for _ in self.background:
                if time.perf_counter() >= end:
                    return True
            self.background = None
        if spare is not None:
            end = begun + max(JOB_LEAST, spare - SPARE_KEPT)
        self.jobs = [job for job in self.jobs if not job.done]  # finished or cancelled meanwhile
        for job in self.jobs:
            if not job.run_for(end - time.perf_counter()):
                break  # the budget is spent
        self.jobs = [job for job in self.jobs if not job.done]
        return bool(self.jobs)

    def loop(self) -> None:
        """The real-time loop: 60 fps cap, frame time fed to :meth:`step`, spare time to :meth:`idle`
        (the warm-up takes its fixed few milliseconds; a job such as a review, what the frame left)."""
        clock = pygame.time.Clock()
        while self.running:
            dt = clock.tick(60) / 1000.0
            began = time.perf_counter()
            self.step(min(dt, 0.1), lazy=True)
            self.idle(spare=STEP - (time.perf_counter() - began))


def run(seed: int | None = None, rules: str | None = None, language: str | None = None) -> int:
    """Open the game at the Home screen (a ``seed`` or ``rules`` preset starts straight into a game;
    ``language``, from ``--lang``, is kept as the player's choice)."""
    from mahjong_joy.tutorial import is_first_start

    started = time.perf_counter()
    first_start = is_first_start()  # asked before the App reads (or writes) settings
    app = App(seed=seed)
    if language is not None and language != app.settings.language:
        app.settings.language = language
        set_language(language)
        app.save_settings()
    app.replace(build(app, "home"))
    if first_start and seed is None and rules is None:  # a new player: offer the guided first hand
        from mahjong_joy.ui.scenes.tutorial import offer_guided_hand

        offer_guided_hand(app)
    if seed is not None or rules is not None:
        app.push(build(app, "table"), {"seed": seed, "ruleset": rules or app.settings.ruleset})
    app.step(0.0)
    app.startup_seconds = time.perf_counter() - started  # type: ignore[attr-defined]
    # The first frame is up: build the sounds and the lazy tables between frames, not mid-hand.
    app.background = itertools.chain(app.sounds.build_steps(), warm_up_steps(), preload_steps())

    try:
        app.loop()
    finally:
        app.save_settings()
        pygame.quit()
    return 0


def run_or_shoot(app: App, frames: int | None, screenshot: Any) -> int:
    """Run a window opened on one scene (the replay viewer, Play from here): the real
    loop, or, with ``frames`` or a ``screenshot``, that many fixed frames headless and
    the PNG saved. Only the real window keeps the player's settings; a headless run
    leaves pygame up (the process ends, or a test carries on)."""
    headless = frames is not None or screenshot is not None
    try:
        if not headless:
            app.loop()
            return 0
        for _ in range(max(1, frames or 1)):
            app.step(1 / 60)
        if screenshot is not None:
            pygame.image.save(app.screen, str(screenshot))
        return 0
    finally:
        if not headless:
            app.save_settings()
            pygame.quit()


WINDOW_FRAME = (0, 64)  # room a desktop keeps for the title bar and a panel, in pixels


def fitted_window(size: tuple[int, int], desktop: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    """A saved window size fitted to the display it opens on, and its top-left corner.

    A window saved on a large screen (1920x1200) used to open at (-320, -200) on a
    1280x800 one, clipped on every side. The size is capped at the desktop less room
    for the title bar and a panel (never below the layouts' minimum unless the screen
    itself is smaller) and the window is centred with its corner on the screen.

    >>> fitted_window((1920, 1200), (1280, 800))
    ((1280, 736), (0, 32))
    >>> fitted_window((1100, 700), (1920, 1080))
    ((1100, 700), (410, 190))
    """
    room = (max(1, desktop[0] - WINDOW_FRAME[0]), max(1, desktop[1] - WINDOW_FRAME[1]))
    fitted = tuple(min(want, max(least, fits) if least <= screen else screen)
                   for want, least, fits, screen in zip(size, MIN_SIZE, room, desktop))
    corner = tuple(max(0, (screen - side) // 2) for screen, side in zip(desktop, fitted))
    return (fitted[0], fitted[1]), (corner[0], corner[1])


def _desktop_size() -> tuple[int, int]:
    """The size of the display the window opens on (the default size where none is known)."""
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else DEFAULT_SIZE


def _clamped(size: tuple[int, int]) -> tuple[int, int]:
    """A window size no smaller than the minimum the layouts are designed for."""
    return (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
