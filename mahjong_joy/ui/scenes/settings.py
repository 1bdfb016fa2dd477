"""Settings: the player's name, then rows that show every value of a setting as a pill
(the current one lit); a click picks one, Left/Right step, Enter moves on by one.
All apply at once and are kept.

Two columns: how the table plays (pace, animation, hints, auto-pass, AI thinking,
the colour-blind tile style and the tile size, which sit here to keep the columns near one height)
and who plays it and how it looks and sounds (the opponents' levels, all three or
per seat, tile labels, volume, fullscreen), with the coach after each hand at its foot to keep
the columns one height. Keyboard focus runs down the name field,
the left column, the right column and Back, and follows the mouse.
"""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.i18n import LANGUAGE_NAMES, LANGUAGES, N_, current_language, tr
from mahjong_joy.names import seat_name
from mahjong_joy.storage.settings import AI_PACES, ANIM_SPEEDS, NAME_LENGTH, OPPONENT_LEVELS, UI_SCALES, valid_name
from mahjong_joy.ui import theme
from mahjong_joy.ui.layout import reached_zoom
from mahjong_joy.ui.game_choice import LEVEL_NAMES, OPPONENT_SEATS, same_levels
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.widgets import Button, ChoiceRow, TextField, same_as

NAME_LABEL = N_("Your name")
EDIT_KEYS_KEPT = (pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_TAB)
ON_OFF = ((False, N_("off")), (True, N_("on")))
VOLUMES = (0.0, 0.2, 0.4, 0.6, 0.8, 1.0)

LEFT_ROWS = (
    ("ai_pace", N_("AI pace")),
    ("anim_speed", N_("Animation")),
    ("hints", N_("Hints (guide)")),
    ("auto_pass", N_("Auto-pass claims")),
    ("show_ai_thinking", N_("Show AI thinking")),
    ("colour_safe_tiles", N_("Colour-blind tiles")),
    ("ui_scale", N_("Tile size")),
)
RIGHT_ROWS = (
    ("language", "Language"),  # the word "Language" stays English in every language: a lost player can find it
    ("opponents", N_("All opponents")),
    ("seat0", OPPONENT_SEATS[0]),
    ("seat1", OPPONENT_SEATS[1]),
    ("seat2", OPPONENT_SEATS[2]),
    ("latin_labels", N_("Tile labels")),
    ("volume", N_("Sound volume")),
    ("fullscreen", N_("Fullscreen")),
    ("coach_after_hand", N_("Coach after each hand")),
)
ROWS = LEFT_ROWS + RIGHT_ROWS
PACE_WORDS = {"instant": N_("instant"), "fast": N_("fast"), "normal": N_("normal"), "relaxed": N_("relaxed")}
SPEED_WORDS = {"instant": N_("instant"), "fast": N_("fast"), "normal": N_("normal"), "gentle": N_("gentle")}


def options_of(field: str) -> list[tuple[Any, str]]:
    """Every value a setting can take, in the order it reads (AI pace from instant to relaxed)."""
    levels = [(lv, LEVEL_NAMES[lv]) for lv in OPPONENT_LEVELS]
    if field == "ai_pace":
        return [(pace, PACE_WORDS[pace]) for pace in sorted(AI_PACES, key=AI_PACES.__getitem__)]
    if field == "anim_speed":
        return [(speed, SPEED_WORDS[speed]) for speed in sorted(ANIM_SPEEDS, key=ANIM_SPEEDS.__getitem__)]
    if field == "language":
        return [(code, LANGUAGE_NAMES[code]) for code in LANGUAGES]  # each language named in itself
    if field == "latin_labels":
        return [(False, N_("CJK 一萬 東")), (True, N_("Latin 1m E"))]
    if field == "colour_safe_tiles":
        return [(False, N_("classic")), (True, N_("shape marks"))]
    if field == "volume":
        return [(v, N_("off") if v == 0 else f"{round(v * 100)}%") for v in VOLUMES]
    if field == "ui_scale":
        return [(scale, percent(scale)) for scale in UI_SCALES]
    if field == "opponents" or field.startswith("seat"):
        return levels  # all three at once (none lit while they differ), or one seat
    return list(ON_OFF)


def percent(scale: float) -> str:
    """A tile size as the Settings row says it: ``125%``."""
    return tr("{percent}%", percent=round(scale * 100))


def scale_note(wanted: float, size: tuple[int, int]) -> str:
    """What the Tile size row adds when the window holds less than the size chosen:
    ``150% (limited to 125% in this window)``; empty when it fits."""
    reached = reached_zoom(size, wanted)
    if reached >= wanted:
        return ""
    return tr("{wanted} (limited to {reached} in this window)", wanted=percent(wanted), reached=percent(reached))


def value_of(settings: Any, field: str) -> Any:
    """The setting's current value as its row shows it (``None`` for mixed opponents)."""
    if field == "opponents":
        return same_levels(tuple(settings.opponents))
    if field.startswith("seat"):
        return settings.opponents[int(field[4:])]
    if field == "volume":
        return min(VOLUMES, key=lambda v: abs(v - settings.volume))
    if field == "language":
        return settings.language or current_language()  # not chosen yet: the system's, as spoken

    return getattr(settings, field)


class SettingsScene(Scene):
    """The name field, two columns of choice rows, and Back; Esc or Back returns to where it was opened from.

    Keyboard focus runs over the name field (index 0), the rows (1..) and Back (last);
    it opens on the first row.
    """

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.rows: list[ChoiceRow] = []
        self.back = Button(N_("Back"), "back", pygame.Rect(0, 0, 1, 1), pygame.K_ESCAPE, primary=True)
        self.buttons: list[Button] = [self.back]
        self.shown_name = seat_name(app.settings.player_name)  # the default "You" reads in the language spoken
        self.name_field = TextField(pygame.Rect(0, 0, 1, 1), self.shown_name, placeholder=N_("your name"),
                                    max_len=NAME_LENGTH, digits=False)
        self.name_label = pygame.Rect(0, 0, 1, 1)
        self.focus = 1

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        w, h = size
        self._follow_language()
        rh, gap, between = round(40 * s), round(12 * s), round(40 * s)
        col_w = min(round(580 * s), (w - 3 * between) // 2)
        x = (w - 2 * col_w - between) // 2
        top = round(h * 0.2)
        label_w = round(175 * s)
        self.name_label = pygame.Rect(x, top, label_w, rh)
        self.name_field.rect = pygame.Rect(x + label_w, top, round(280 * s), rh)
        st = self.app.settings
        self.rows = []
        for column, rows in enumerate((LEFT_ROWS, RIGHT_ROWS)):
            cx = x + column * (col_w + between)
            y = top + (rh + gap) * (1 - column)  # the left column starts under the name field
            for field, label in rows:
                row = ChoiceRow(field, label, options_of(field), value_of(st, field))
                wide = round(210 * s) if field.startswith("seat") or field == "opponents" else label_w
                row.layout(pygame.Rect(cx, y, col_w, rh), wide)
                self.rows.append(row)
                y += rh + gap
        bottom = max(r.rect.bottom for r in self.rows)
        self.back.rect = pygame.Rect((w - round(240 * s)) // 2, min(h - round(70 * s), bottom + round(30 * s)), round(240 * s), round(50 * s))
        self._mark()

    def _follow_language(self) -> None:
        """The name field shows the stored name as :func:`seat_name` tells it; after a switch of
        language the default name is told anew, unless the player has typed over it."""
        if self.name_field.value == self.shown_name:
            self.shown_name = self.name_field.value = seat_name(self.app.settings.player_name)

    def layout_rects(self) -> dict[str, pygame.Rect]:
        rects = {"label:" + NAME_LABEL: self.name_label, "name": self.name_field.rect, "back": self.back.rect}
        rects.update({f"row:{r.key}": r.rect for r in self.rows})
        return rects

    def row(self, field: str) -> ChoiceRow:
        """The row of one setting (tests and the screenshot script find pills through it)."""
        return next(r for r in self.rows if r.key == field)

    # -- focus ---------------------------------------------------------------------------
    def _count(self) -> int:
        return len(self.rows) + 2

    def _mark(self) -> None:
        self.focus %= self._count()
        self.name_field.focused = self.focus == 0
        for i, row in enumerate(self.rows, 1):
            row.focused = i == self.focus
        self.back.focused = self.focus == self._count() - 1

    def _focus_at(self, pos: tuple[int, int]) -> None:
        """Focus follows the mouse onto the row, field or button under it."""
        targets = [self.name_field.rect, *(r.rect for r in self.rows), self.back.rect]
        index = next((i for i, rect in enumerate(targets) if rect.collidepoint(pos)), None)
        if index is not None and index != self.focus:
            self.focus = index
            self._mark()

    # -- input ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            for row in self.rows:
                row.hover = row.pill_at(event.pos)
            self.back.hover = self.back.hit(event.pos)
            self._focus_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN:
            if self.focus == 0 and event.key not in EDIT_KEYS_KEPT:
                if self.name_field.handle(event):
                    self.rename()
                return
            self._key(same_as(event))

    def _click(self, pos: tuple[int, int]) -> None:
        if self.name_field.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)):
            self.focus = 0
            self._mark()
            return
        self._focus_at(pos)
        if self.focus == 0:
            self.focus = 1
        self._mark()
        for row in self.rows:
            pill = row.pill_at(pos)
            if pill is not None:
                self.set(row.key, row.options[pill][0])
                return
        if self.back.hit(pos):
            self.change("back")

    def _key(self, key: int) -> None:
        current = self.rows[self.focus - 1] if 0 < self.focus <= len(self.rows) else None
        if key == pygame.K_ESCAPE:
            self.change("back")
        elif key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + (-1 if key == pygame.K_UP else 1)) % self._count()
            self._mark()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focus == 0:
            self.focus = 1
            self._mark()
        elif current is not None and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.set(current.key, current.stepped(1 if key == pygame.K_RIGHT else -1))
        elif current is not None and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.change(current.key)
        elif current is None and key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.change("back")

    def rename(self) -> None:
        """Take the typed name as soon as it is a valid one (an empty field keeps the last)."""
        name = valid_name(self.name_field.value)
        if name is not None and name != self.app.settings.player_name:
            self.app.settings.player_name = name
            self.app.apply_settings()

    def change(self, field: str) -> None:
        """Move one setting on to its next value (wrapping), or go back."""
        if field == "back":
            self.next = Transition("pop")
            return
        row = self.row(field)
        self.set(field, row.cycled())

    def set(self, field: str, value: Any) -> None:
        """Give one setting ``value`` and apply it immediately."""
        st = self.app.settings
        if field == "opponents":
            st.opponents = (value,) * 3
        elif field.startswith("seat"):
            levels = list(st.opponents)
            levels[int(field[4:])] = value
            st.opponents = tuple(levels)  # type: ignore[assignment]
        elif field == "fullscreen":
            if bool(value) != st.fullscreen:
                self.app.toggle_fullscreen()
        else:
            setattr(st, field, value)
        self.app.apply_settings()
        self.app.sounds.play("click")
        self.resize(self.app.size)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        surface.fill(theme.BACKGROUND)
        theme.blit_text(surface, tr("Settings"), int(52 * s), theme.INK, center=(w // 2, int(h * 0.1)))
        theme.blit_text(surface, tr(NAME_LABEL), max(12, int(self.name_label.h * 0.46)), theme.INK, midleft=(self.name_label.x, self.name_label.centery))
        self.name_field.draw(surface, s)
        if valid_name(self.name_field.value) is None:
            theme.blit_text(surface, tr("1–{count} characters", count=NAME_LENGTH), int(15 * s), theme.ROSE_DEEP,
                            midleft=(self.name_field.rect.right + int(12 * s), self.name_field.rect.centery))
        for row in self.rows:
            row.draw(surface, s)
        note = scale_note(self.app.settings.ui_scale, self.app.size)
        if note:  # under the Tile size row, over its pills
            pills = self.row("ui_scale").pills
            theme.blit_fit(surface, note, int(14 * s), theme.ROSE_DEEP, pills[-1].right - pills[0].x,
                           topright=(pills[-1].right, pills[-1].bottom + int(3 * s)))
        self.back.draw(surface, s)
        hint = tr("Click a value, or Up/Down to a row and Left/Right to choose.")
        theme.blit_text(surface, hint, int(15 * s), theme.INK_SOFT, center=(w // 2, h - int(18 * s)))
        art = self.app.art
        tw = int(40 * s)
        for i, tile in enumerate((0, 13, 18, 27, 32)):
            surface.blit(art.image(tile, tw), (w - int(300 * s) + i * (tw + 6), int(h * 0.06)))
