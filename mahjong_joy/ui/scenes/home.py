"""Home: Continue (when a match was autosaved), New game (ruleset + optional seed),
Stats, Replays, Settings, Rules and help, Quit."""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.notation import parse_tiles
from mahjong_joy.ui import theme
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.widgets import Button, TextField, hotkey_button, pointer_hit

RULESETS = ("joy", "mahjong_soul", "tenhou")
RULESET_LABELS = {"joy": ("Joy", "casual rules"), "mahjong_soul": ("Mahjong Soul", "riichi rules"), "tenhou": ("Tenhou", "riichi rules")}
LENGTHS = {"east": "East only", "east_south": "East-South"}
DECOR = parse_tiles("1m5p9s1z5z6z7z1s")


class HomeScene(Scene):
    """The title card with the main choices; arrow keys move focus, Enter presses."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.seed_field = TextField(pygame.Rect(0, 0, 10, 10), placeholder="seed: random")
        ruleset = getattr(getattr(app, "settings", None), "ruleset", RULESETS[0])
        self.ruleset = ruleset if ruleset in RULESETS else RULESETS[0]
        length = getattr(getattr(app, "settings", None), "length", "east_south")
        self.length = length if length in LENGTHS else "east_south"
        self.focus = 0
        self.can_continue = False

    def enter(self, context: Any = None) -> None:
        """Back on Home (at start or after a match): archive matches that waited for a busy
        history, then offer Continue only when a match is saved."""
        from mahjong_joy.replay.autosave import autosave_exists
        from mahjong_joy.replay.pending import flush_pending, queued

        if queued():
            show = getattr(self.app, "show_notice", None)
            message = flush_pending()
            if show is not None:
                show(message)
        self.can_continue = autosave_exists()
        self.focus = 0
        self.resize(self.app.size)

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        bw, bh, gap = int(440 * s), int(58 * s), int(14 * s)
        x, y = (w - bw) // 2, int(h * 0.42)
        half = bw // 2 - gap // 2

        def row(i: int, right: bool = False, width: int = half) -> pygame.Rect:
            return pygame.Rect(x + (bw - half if right else 0), y + i * (bh + gap), width, bh)

        first = [Button("New game", "new", row(0, width=bw), pygame.K_n, primary=True)]
        if self.can_continue:
            first = [Button("Continue", "continue", row(0), pygame.K_c, primary=True), Button("New game", "new", row(0, True), pygame.K_n)]
        label, hint = RULESET_LABELS[self.ruleset]
        joy = self.ruleset == "joy"
        self.buttons = first + [
            Button(label, "ruleset", row(1), hint=hint),
            Button("East only" if joy else LENGTHS[self.length], "length", row(1, True), enabled=not joy, hint="match length"),
            Button("Rules and help", "rules", row(2, True), pygame.K_r),
            Button("Stats", "stats", row(3), pygame.K_t),
            Button("Replays", "replays", row(3, True), pygame.K_p),
            Button("Settings", "settings", row(4), pygame.K_s),
            Button("Quit", "quit", row(4, True), pygame.K_q),
        ]
        self.seed_field.rect = row(2)
        self._mark_focus()

    def layout_rects(self) -> dict[str, pygame.Rect]:
        rects = {b.action: b.rect for b in self.buttons}
        rects["seed"] = self.seed_field.rect
        return rects

    def _mark_focus(self) -> None:
        for i, b in enumerate(self.buttons):
            b.focused = i == self.focus

    def handle(self, event: pygame.event.Event) -> None:
        if self.seed_field.handle(event):
            return
        hit = pointer_hit(self.buttons, event)
        if hit:
            self.activate(hit.action)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        if key in (pygame.K_DOWN, pygame.K_UP):
            self.focus = (self.focus + (1 if key == pygame.K_DOWN else -1)) % len(self.buttons)
            self._mark_focus()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.activate(self.buttons[self.focus].action)
        elif key == pygame.K_ESCAPE:
            self.next = Transition("quit")
        else:
            hit = hotkey_button(self.buttons, key)
            if hit:
                self.activate(hit.action)

    def activate(self, action: str) -> None:
        """Carry out a Home choice."""
        from mahjong_joy.ui.scenes.replay import ReplaysScene
        from mahjong_joy.ui.scenes.rules import RulesScene
        from mahjong_joy.ui.scenes.settings import SettingsScene
        from mahjong_joy.ui.scenes.stats import StatsScene
        from mahjong_joy.ui.scenes.table import TableScene

        if action == "continue":
            self._continue()
        elif action == "new":
            if self.can_continue:  # the unfinished match goes to Replays, not into thin air
                from mahjong_joy.replay.autosave import abandon_autosave

                self.app.show_notice(abandon_autosave())
            self.next = Transition("push", TableScene(self.app), {"seed": self.seed_field.seed, "ruleset": self.ruleset, "length": self.length})
        elif action == "ruleset":
            self.ruleset = RULESETS[(RULESETS.index(self.ruleset) + 1) % len(RULESETS)]
            self.app.settings.ruleset = self.ruleset
            self.app.apply_settings()
            self.resize(self.app.size)
        elif action == "length":
            self.length = "east" if self.length == "east_south" else "east_south"
            self.app.settings.length = self.length
            self.app.apply_settings()
            self.resize(self.app.size)
        elif action == "stats":
            self.next = Transition("push", StatsScene(self.app))
        elif action == "replays":
            self.next = Transition("push", ReplaysScene(self.app))
        elif action == "settings":
            self.next = Transition("push", SettingsScene(self.app))
        elif action == "rules":
            self.next = Transition("push", RulesScene(self.app, self.ruleset, offer_tutorial=True))
        elif action == "quit":
            self.next = Transition("quit")

    def _continue(self) -> None:
        """Rebuild the autosaved match; a bad save is set aside and explained, and Home stays."""
        from mahjong_joy.errors import MahjongJoyError
        from mahjong_joy.ui.controller_session import ControllerSession
        from mahjong_joy.ui.scenes.table import TableScene

        try:
            session = ControllerSession.resume()
        except MahjongJoyError as exc:
            self.app.show_notice(str(exc))
            session = None
        if session is None:  # nothing to continue after all (bad, or the match had ended)
            self.enter()
            return
        self.next = Transition("push", TableScene(self.app, session), {})

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        surface.fill(theme.BACKGROUND)
        for i, color in enumerate((theme.ROSE, theme.SKY, theme.BUTTER, theme.LAVENDER)):
            pygame.draw.circle(surface, theme.lighter(color, 0.3), (int(w * (0.1 + 0.27 * i)), int(h * (0.93 if i % 2 else 0.06))), int(120 * s))
        theme.blit_text(surface, "Mahjong Joy", int(76 * s), theme.INK, center=(w // 2, int(h * 0.16)))
        theme.blit_text(surface, "a gentle game of tiles against three friendly AIs", int(22 * s), theme.INK_SOFT, center=(w // 2, int(h * 0.235)))
        tw = int(44 * s)
        x0 = w // 2 - (len(DECOR) * (tw + 8)) // 2
        for i, tile in enumerate(DECOR):
            surface.blit(self.app.art.image(tile, tw), (x0 + i * (tw + 8), int(h * 0.27)))
        for b in self.buttons:
            b.draw(surface, s)
        self.seed_field.draw(surface, s)
        theme.blit_text(surface, "Arrows + Enter, or click.  F11 fullscreen.", int(16 * s), theme.INK_SOFT, center=(w // 2, h - int(24 * s)))
        # -- notice toast (storage): a message about a data file set aside, if any --
        notice = getattr(self.app, "notice", None)
        if notice:
            lines = theme.wrap(notice, int(17 * s), int(w * 0.6))[:3]
            line_h = int(22 * s)
            toast = pygame.Rect(0, int(10 * s), int(w * 0.6) + int(32 * s), len(lines) * line_h + int(16 * s))
            toast.centerx = w // 2
            theme.panel(surface, toast, theme.lighter(theme.BUTTER, 0.3), int(12 * s), theme.HIGHLIGHT)
            for i, line in enumerate(lines):
                theme.blit_text(surface, line, int(17 * s), theme.INK, midtop=(w // 2, toast.y + int(8 * s) + i * line_h))
