"""Home: Continue (when a readable match was autosaved, saying which), the New game
panel (ruleset, length, opponents' level for all three or per seat, optional seed),
Rules and help, Stats, Replays, Settings, Quit.

The New game choices are rows of pills (every value visible, the current one lit);
they are kept in Settings as soon as they change. Keyboard focus runs over the
rows, the seed field and the buttons, and follows the mouse.
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from mahjong_joy.i18n import N_, tr
from mahjong_joy.notation import parse_tiles
from mahjong_joy.storage.settings import OPPONENT_LEVELS
from mahjong_joy.ui import theme
from mahjong_joy.ui.game_choice import (LEVEL_NAMES, OPPONENT_SEATS, RULESETS,
                                        chosen, fixed_length, length_for, length_options, ruleset_label, same_levels)
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.widgets import Button, ChoiceRow, TextField, hotkey_button, same_as

DECOR = parse_tiles("1m5p9s1z5z6z7z1s")
PER_SEAT = "per_seat"
WIND_WORDS = {"E": N_("East"), "S": N_("South"), "W": N_("West"), "N": N_("North")}
MONTHS = (N_("Jan"), N_("Feb"), N_("Mar"), N_("Apr"), N_("May"), N_("Jun"),
          N_("Jul"), N_("Aug"), N_("Sep"), N_("Oct"), N_("Nov"), N_("Dec"))  # as strftime's %b spells them



def continue_text(preview: Any) -> str:
    """What Continue resumes, e.g. ``Riichi (Tenhou), East 3, 1 Dec 14:05`` (local time of the last save)."""
    parts = [ruleset_label(preview.ruleset)]
    if preview.round_wind is not None:
        parts.append(tr("{wind} {number}", wind=tr(WIND_WORDS[preview.round_wind]), number=preview.hand_number))
    stamp = time.localtime(preview.saved_at)
    parts.append(tr("{day} {month} {time}", day=stamp.tm_mday, month=tr(MONTHS[stamp.tm_mon - 1]), time=time.strftime("%H:%M", stamp)))
    return tr(", ").join(parts)


class HomeScene(Scene):
    """The title card, the New game panel and the main choices; arrows move focus, Enter presses."""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.rows: list[ChoiceRow] = []
        self.seed_field = TextField(pygame.Rect(0, 0, 10, 10), placeholder=N_("random"))
        choice = chosen(app.settings)
        self.ruleset, self.length = choice.ruleset, choice.length
        self.per_seat = same_levels(choice.opponents) is None
        self.focus = 0
        self.can_continue = False
        self.continue_hint = ""
        self.panel = pygame.Rect(0, 0, 1, 1)

    def enter(self, context: Any = None) -> None:
        """Back on Home (at start or after a match): archive matches that waited for a busy
        history, then read the autosave's description once: Continue is offered, saying
        which match, hand and date, only when the file reads and checks (a bad one is set
        aside with a notice)."""
        from mahjong_joy.errors import MahjongJoyError
        from mahjong_joy.replay.autosave import autosave_preview
        from mahjong_joy.app.saved import flush_pending
        from mahjong_joy.replay.pending import queued

        if queued():
            self.app.show_notice(flush_pending())
        try:
            preview = autosave_preview()
        except MahjongJoyError as exc:
            self.app.show_notice(str(exc))
            preview = None
        self.can_continue = preview is not None
        self._preview = preview
        self.resize(self.app.size)
        start = next(b for b in self.buttons if b.action == "new")
        self.focus = 0 if self.can_continue else self._focusables().index(start)  # Enter continues, or starts
        self._mark_focus()

    # -- layout ------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        preview = getattr(self, "_preview", None)  # the words of the language spoken now
        self.continue_hint = continue_text(preview) if preview is not None else ""
        rh, gap = round(40 * s), round(10 * s)

        panel_w, side_w, between = round(600 * s), round(300 * s), round(32 * s)
        x = (w - panel_w - between - side_w) // 2
        top = round(h * 0.2) + round(60 * s) + round(26 * s)
        pad, label_w = round(20 * s), round(150 * s)
        self.rows = self._choice_rows()
        y = top + round(52 * s)
        for row in self.rows:
            row.layout(pygame.Rect(x + pad, y, panel_w - 2 * pad, rh), label_w if not row.key.startswith("seat") else round(200 * s))
            y += rh + gap
        self.seed_field.rect = pygame.Rect(x + pad + label_w, y + gap, round(170 * s), rh)
        start = pygame.Rect(0, y + gap, round(200 * s), rh + round(6 * s))
        start.right = x + panel_w - pad
        start.centery = self.seed_field.rect.centery
        self.panel = pygame.Rect(x, top, panel_w, start.bottom + pad - top)
        side = self._side_buttons(pygame.Rect(x + panel_w + between, top, side_w, self.panel.h))
        lead = [b for b in side if b.action == "continue"]
        self.buttons = [*lead, Button(N_("Start"), "new", start, pygame.K_n, primary=True), *side[len(lead):]]
        self._mark_focus()

    def _choice_rows(self) -> list[ChoiceRow]:
        opponents = tuple(self.app.settings.opponents)
        level = None if self.per_seat else same_levels(opponents)
        rows = [
            ChoiceRow("ruleset", N_("Rules"), [(r, ruleset_label(r, "pill")) for r in RULESETS], self.ruleset),
            ChoiceRow("length", N_("Length"), length_options(self.ruleset), self.length),
            ChoiceRow("opponents", N_("Opponents"), [*((lv, LEVEL_NAMES[lv]) for lv in OPPONENT_LEVELS), (PER_SEAT, N_("Per seat"))],
                      PER_SEAT if self.per_seat else level),
        ]
        if self.per_seat:
            rows += [ChoiceRow(f"seat{i}", "   " + tr(name), [(lv, LEVEL_NAMES[lv]) for lv in OPPONENT_LEVELS], opponents[i])
                     for i, name in enumerate(OPPONENT_SEATS)]
        return rows

    def _side_buttons(self, area: pygame.Rect) -> list[Button]:
        """Continue (with what it resumes) and the other screens, in a column beside the panel."""
        s = self.scale
        bh, gap = round(50 * s), round(12 * s)
        items = [(N_("Rules and help"), "rules", pygame.K_r), (N_("Stats"), "stats", pygame.K_t), (N_("Replays"), "replays", pygame.K_p),
                 (N_("Settings"), "settings", pygame.K_s), (N_("Quit"), "quit", pygame.K_q)]
        out, y = [], area.y
        if self.can_continue:
            tall = round(70 * s)
            out.append(Button(N_("Continue (C)"), "continue", pygame.Rect(area.x, y, area.w, tall), pygame.K_c, primary=True, hint=self.continue_hint))
            y += tall + gap
        for label, action, key in items:
            out.append(Button(label, action, pygame.Rect(area.x, y, area.w, bh), key))
            y += bh + gap
        return out

    def layout_rects(self) -> dict[str, pygame.Rect]:
        rects = {b.action: b.rect for b in self.buttons}
        rects.update({f"row:{r.key}": r.rect for r in self.rows})
        rects["seed"] = self.seed_field.rect
        return rects

    # -- focus ---------------------------------------------------------------------------
    def _focusables(self) -> list[object]:
        """Focus order: Continue first when offered, the panel's rows, the seed, Start, the rest."""
        lead = [b for b in self.buttons if b.action == "continue"]
        rest = [b for b in self.buttons if b.action != "continue"]  # Start first, then the screens
        return [*lead, *self.rows, self.seed_field, *rest]

    def _mark_focus(self) -> None:
        items = self._focusables()
        self.focus %= len(items)
        for i, item in enumerate(items):
            item.focused = i == self.focus  # type: ignore[attr-defined]

    def _focus_at(self, pos: tuple[int, int]) -> None:
        """Focus follows the mouse: the row, field or button under the pointer takes it."""
        for i, item in enumerate(self._focusables()):
            if item.rect.collidepoint(pos) and getattr(item, "enabled", True):  # type: ignore[attr-defined]
                if i != self.focus:
                    self.focus = i
                    self._mark_focus()
                return

    # -- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            for row in self.rows:
                row.hover = row.pill_at(event.pos)
            for b in self.buttons:
                b.hover = b.hit(event.pos)
            self._focus_at(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
            return
        if self.seed_field.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(same_as(event))

    def _click(self, pos: tuple[int, int]) -> None:
        self._focus_at(pos)
        self.seed_field.focused = self.seed_field.rect.collidepoint(pos)
        for row in self.rows:
            pill = row.pill_at(pos)
            if pill is not None:
                self.choose(row.key, row.options[pill][0])
                return
        hit = next((b for b in self.buttons if b.hit(pos)), None)
        if hit:
            self.activate(hit.action)

    def _key(self, key: int) -> None:
        items = self._focusables()
        current = items[self.focus % len(items)]
        if key in (pygame.K_DOWN, pygame.K_UP, pygame.K_TAB):
            self.focus = (self.focus + (-1 if key == pygame.K_UP else 1)) % len(items)
            self._mark_focus()
            self.seed_field.focused = items[self.focus] is self.seed_field
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and isinstance(current, ChoiceRow):
            self.choose(current.key, current.stepped(1 if key == pygame.K_RIGHT else -1))
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if isinstance(current, ChoiceRow):
                self.choose(current.key, current.cycled())
            elif isinstance(current, Button):
                self.activate(current.action)
            else:
                self.activate("new")  # Enter in the seed field starts that deal
        elif key == pygame.K_ESCAPE:
            self.next = Transition("quit")
        else:
            hit = hotkey_button(self.buttons, key)
            if hit:
                self.activate(hit.action)

    def choose(self, key: str, value: Any) -> None:
        """Take one New game choice and keep it in Settings at once."""
        st = self.app.settings
        if key == "ruleset":
            self.ruleset = st.ruleset = value
            self.length = length_for(st, value)
        elif key == "length" and fixed_length(self.ruleset):
            pass  # one length only (Chinese Official's 16 hands): nothing to keep
        elif key == "length":
            self.length = value
            st.choose_length(self.ruleset, value)
        elif key == "opponents" and value == PER_SEAT:
            self.per_seat = True
        elif key == "opponents":
            self.per_seat = False
            st.opponents = (value,) * 3
        elif key.startswith("seat"):
            levels = list(st.opponents)
            levels[int(key[4:])] = value
            st.opponents = tuple(levels)  # type: ignore[assignment]
        keep = self.focus
        self.app.apply_settings()
        self.resize(self.app.size)
        self.focus = keep
        self._mark_focus()

    def activate(self, action: str) -> None:
        """Carry out a Home choice."""
        if action == "continue" and self.can_continue:
            self._continue()
        elif action == "new":
            if self.can_continue:  # the unfinished match goes to Replays, not into thin air
                from mahjong_joy.app.saved import abandon_autosave

                self.app.show_notice(abandon_autosave())
            self.next = Transition("push", "table", chosen(self.app.settings, self.seed_field.seed).context())
        elif action == "stats":
            self.next = Transition("push", "stats")
        elif action == "replays":
            self.next = Transition("push", "replays")
        elif action == "settings":
            self.next = Transition("push", "settings")
        elif action == "rules":
            self.next = Transition("push", "rules", args=(self.ruleset,), kwargs={"offer_tutorial": True})
        elif action == "quit":
            self.next = Transition("quit")

    def _continue(self) -> None:
        """Rebuild the autosaved match; a bad save is set aside and explained, and Home stays."""
        from mahjong_joy.errors import MahjongJoyError
        from mahjong_joy.ui.controller_session import ControllerSession

        try:
            session = ControllerSession.resume()
        except MahjongJoyError as exc:
            self.app.show_notice(str(exc))
            session = None
        if session is None:  # nothing to continue after all (bad, or the match had ended)
            self.enter()
            return
        self.next = Transition("push", "table", {}, args=(session,))

    # -- drawing -------------------------------------------------------------------------
    def animating(self) -> bool:
        """Home changes only on input (hover, keys) or a notice fading (the App says so)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        surface.fill(theme.BACKGROUND)
        for i, color in enumerate((theme.ROSE, theme.SKY, theme.BUTTER, theme.LAVENDER)):
            pygame.draw.circle(surface, theme.lighter(color, 0.3), (int(w * (0.1 + 0.27 * i)), int(h * (0.93 if i % 2 else 0.06))), int(120 * s))
        theme.blit_text(surface, tr("Mahjong Joy"), int(64 * s), theme.INK, center=(w // 2, int(h * 0.09)))
        theme.blit_text(surface, tr("a gentle game of tiles against three friendly AIs"), int(20 * s), theme.INK_SOFT, center=(w // 2, int(h * 0.155)))
        tw = int(40 * s)
        x0 = w // 2 - (len(DECOR) * (tw + 8)) // 2
        for i, tile in enumerate(DECOR):
            surface.blit(self.app.art.image(tile, tw), (x0 + i * (tw + 8), int(h * 0.2)))
        self._draw_panel(surface, s)
        for b in self.buttons:
            b.draw(surface, s)
        theme.blit_fit(surface, tr("Arrows move, Left/Right choose, Enter presses; or click.  F11 fullscreen."), int(16 * s), theme.INK_SOFT, w - int(24 * s),
                        center=(w // 2, h - int(20 * s)))
        self._draw_notice(surface, s, w)

    def _draw_panel(self, surface: pygame.Surface, s: float) -> None:
        """The New game card: its title, the choice rows, the seed field and its caption."""
        theme.panel(surface, self.panel, theme.PANEL, round(18 * s))
        theme.blit_text(surface, tr("New game"), round(28 * s), theme.INK, topleft=(self.panel.x + round(20 * s), self.panel.y + round(12 * s)))
        for row in self.rows:
            row.draw(surface, s)
        field = self.seed_field
        theme.blit_text(surface, tr("Seed"), max(12
, int(field.rect.h * 0.46)), theme.INK, midleft=(self.panel.x + round(20 * s), field.rect.centery))
        field.draw(surface, s)

    def _draw_notice(self, surface: pygame.Surface, s: float, w: int) -> None:
        """The notice toast (storage): a message about a data file set aside, if any."""
        notice = getattr(self.app, "notice", None)
        if not notice:
            return
        lines = theme.wrap(notice, int(17 * s), int(w * 0.6))[:3]
        line_h = int(22 * s)
        toast = pygame.Rect(0, int(10 * s), int(w * 0.6) + int(32 * s), len(lines) * line_h + int(16 * s))
        toast.centerx = w // 2
        theme.panel(surface, toast, theme.lighter(theme.BUTTER, 0.3), int(12 * s), theme.HIGHLIGHT)
        for i, line in enumerate(lines):
            theme.blit_text(surface, line, int(17 * s), theme.INK, midtop=(w // 2, toast.y + int(8 * s) + i * line_h))
