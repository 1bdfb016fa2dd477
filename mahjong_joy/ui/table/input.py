"""The player's hands on the table: pointer and keys to a chosen tile or button, the
legal action behind it, the own-turn buttons and the automatic answers (Auto-win,
the drawn tile after riichi, Auto-pass).

Only legal actions from the snapshot are ever submitted; a refused tile explains
itself in a toast instead.
"""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.i18n import N_, tr
from mahjong_joy.engine.actions import AddedKan, ClosedKan, DeclareFlower, Discard, NineTerminals, Pass, Riichi, Ron, Tsumo
from mahjong_joy.names import tile_label
from mahjong_joy.tiles import kind_of_code
from mahjong_joy.ui.anim import Animator
from mahjong_joy.ui.guide import GuideView
from mahjong_joy.ui.layout import TableLayout
from mahjong_joy.ui.scenes.base import Transition
from mahjong_joy.ui.session import ClaimOffer, TableSnapshot, refusal_sentence
from mahjong_joy.ui.widgets import Button, button_at, focus_step, hotkey_button, track_hover

AUTO_DISCARD_SECONDS = 0.6  # after riichi, the pause before the drawn tile goes out by itself


class TableInput:
    """Pointer, keys and buttons to the player's legal actions."""

    app: Any
    snap: TableSnapshot | None
    layout: TableLayout
    anim: Animator
    guide: GuideView
    session: Any
    next: Transition | None
    selected: int
    hover: int | None
    buttons: list[Button]
    toggles: list[Button]
    riichi_mode: bool
    badge_hover: bool
    auto_timer: float
    button_focus: str | None  # the button or switch Tab moved the keyboard focus to (None: my hand)
    _layer_key: object
    _origin: pygame.Rect | None

    def handle(self, event: pygame.event.Event) -> None:
        if self.snap is None:
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.tile_at(event.pos)
            self.guide.pointer = event.pos
            track_hover(self.buttons + self.toggles, event.pos)
            self.badge_hover = bool(self.snap.furiten) and self.furiten_badge_rect().collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._click(event.pos)
        elif event.type == pygame.KEYDOWN and focus_step(event, arrows=False):
            self._tab(focus_step(event, arrows=False))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
            if self._focused_button() is not None:  # Space presses a focused button, never discards: it is Pass at a claim
                self._key(pygame.K_RETURN)
        elif event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _tab(self, step: int) -> None:
        """Tab / Shift-Tab: the keyboard focus goes from my hand along the own-turn buttons and
        the switches and back to the hand (Left/Right bring it back to the hand too)."""
        order = [None, *(b.action for b in self.buttons + self.toggles if b.enabled)]
        at = order.index(self.button_focus) if self.button_focus in order else 0
        self.button_focus = order[(at + step) % len(order)]
        self._mark_focus()

    def _mark_focus(self) -> None:
        """The focused flag of each button and switch, from :attr:`button_focus`; a focus
        whose button went away (Tsumo pressed, the turn over) goes back to my hand."""
        if self.button_focus not in {b.action for b in self.buttons + self.toggles}:
            self.button_focus = None
        for b in self.buttons + self.toggles:
            b.focused = b.action == self.button_focus

    def _click(self, pos: tuple[int, int]) -> None:
        toggle = button_at(self.toggles, pos)
        if toggle:
            self.toggle(toggle.action)
            return
        hit = button_at(self.buttons, pos)
        if hit:
            self.press(hit.action)
            return
        index = self.tile_at(pos)
        if index is not None:
            self.selected = index
            self.discard(index)

    def _key(self, key: int) -> None:
        n = len(self.my_tiles())
        if key == pygame.K_ESCAPE and self.riichi_mode:
            self.riichi_mode = False
            self._rebuild_buttons()
            self._layer_key = None
        elif key == pygame.K_ESCAPE:
            self.next = Transition("push", "menu")
        elif key in (pygame.K_LEFT, pygame.K_RIGHT) and n:
            self.selected = (self.selected + (1 if key == pygame.K_RIGHT else -1)) % n
            self.hover = self.selected
            self.button_focus = None
            self._mark_focus()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self._focused_button() is not None:
            button = self._focused_button()
            if button in self.toggles:
                self.toggle(button.action)
            else:
                self.press(button.action)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.discard(self.selected)
        else:
            hit = hotkey_button(self.buttons, key)
            if hit:
                self.press(hit.action)

    def _focused_button(self) -> Button | None:
        """The enabled button or switch holding the keyboard focus, if any."""
        return next((b for b in self.buttons + self.toggles if b.enabled and b.action == self.button_focus), None)

    def can_act(self) -> bool:
        """The player may act only on their turn, with no tile still in flight."""
        return bool(self.snap and self.snap.my_turn and not self.anim.busy)

    def discard(self, index: int) -> None:
        """Discard my ``index``-th tile if that is legal now (in riichi mode: declare riichi with it)."""
        tiles = self.my_tiles()
        if not self.can_act() or not 0 <= index < len(tiles):
            return
        if self.riichi_mode:
            action = _riichi_of_code(self.snap.own_actions, tiles[index])
        else:
            action = _discard_of_code(self.snap.own_actions, tiles[index])
        if action is None:
            if self.riichi_mode:
                self.show_message(tr("Discarding the {tile} would not leave the hand ready.", tile=tile_label(tiles[index])))
            elif not self.snap.riichi[self.snap.me] and (refused := self.snap.refusal_of(tiles[index])):
                self.show_message(refusal_sentence(refused, tiles[index]))
            return
        self.riichi_mode = False
        self._submit(action, from_rect=self.hand_slot(index))

    def ready_discards(self) -> set[int]:
        """Codes whose discard declares riichi (the highlighted tiles in riichi mode)."""
        return set() if self.snap is None else self.snap.riichi_codes

    def legal_codes(self) -> set[int]:
        """Codes I may discard now (others are greyed: kuikae, or locked after riichi)."""
        return set() if self.snap is None else self.snap.discard_codes

    def toggle(self, ident: str) -> None:
        """Auto-pass, Auto-win or No-calls on the table (kept in settings)."""
        settings = self.app.settings
        setattr(settings, ident, not getattr(settings, ident))
        self.app.apply_settings()
        self._rebuild_buttons()

    def press(self, action_id: str) -> None:
        """An own-turn button: tsumo, a kan, Riichi (then pick the discard) or nine terminals."""
        if not self.can_act():
            return
        if action_id == "riichi":
            self.riichi_mode = not self.riichi_mode
            if self.riichi_mode and self.snap.drawn is not None:
                ready = self.ready_discards()
                tiles = self.my_tiles()
                pick = [i for i, t in enumerate(tiles) if t in ready]
                if pick and self.selected not in pick:
                    self.selected = pick[-1]
            self._rebuild_buttons()
            self._layer_key = None
            return
        for action in self.snap.own_actions:
            if _action_id(action) == action_id:
                self._submit(action)
                return

    def _submit(self, action: Any, from_rect: pygame.Rect | None = None) -> None:
        self._origin = from_rect
        if self._call(self.session.submit, action):
            self.after_step()

    def auto_action(self) -> Any:
        """What my turn does without me: a flower I drew is laid out and replaced at once
        (Chinese Official, RULES.md B1: declaring is always allowed after a draw, and the
        table keeps no flower back); Tsumo when Auto-win is on; after riichi the drawn
        tile, unless a tsumo or an allowed kan waits for my answer."""
        snap = self.snap
        if snap is None or not snap.my_turn:
            return None
        actions = snap.own_actions
        flower = next((a for a in actions if isinstance(a, DeclareFlower)), None)
        if flower is not None:
            return flower
        tsumo = next((a for a in actions if isinstance(a, Tsumo)), None)
        if tsumo is not None and self.app.settings.auto_win:
            return tsumo
        if not snap.riichi[snap.me] or snap.drawn is None:
            return None
        if any(isinstance(a, (Tsumo, ClosedKan, AddedKan)) for a in actions):
            return None
        discards = [a for a in actions if isinstance(a, Discard)]
        return discards[0] if len(discards) == 1 else None

    def _maybe_auto_turn(self, dt: float) -> None:
        action = self.auto_action() if self.can_act() else None
        if action is None:
            self.auto_timer = 0.0
            return
        self.auto_timer += dt
        if self.auto_timer >= AUTO_DISCARD_SECONDS * max(0.25, self.app.settings.anim_scale):
            self.auto_timer = 0.0
            rect = self.hand_slot(len(self.my_tiles()) - 1) if isinstance(action, Discard) else None
            self._submit(action, from_rect=rect)

    def _rebuild_buttons(self) -> None:
        self.buttons = []
        self._rebuild_toggles()
        if self.snap is None or not self.snap.my_turn:
            self._mark_focus()
            return
        extra = [a for a in self.snap.own_actions if not isinstance(a, (Discard, Riichi))]
        if any(isinstance(a, Riichi) for a in self.snap.own_actions):
            extra.insert(1 if extra and isinstance(extra[0], Tsumo) else 0, Riichi(self.snap.me, -1))  # one button for every riichi discard
        s = self.layout.scale
        area = self.layout.actions
        bw, bh, gap = round(130 * s), round(52 * s), round(10 * s)
        x = area.right - bw
        for i, action in enumerate(extra[:4]):
            label, key = _action_label(action, self.snap.mcr_rules)
            ident = "riichi" if isinstance(action, Riichi) else _action_id(action)
            if ident == "riichi" and self.riichi_mode:
                label = N_("Cancel riichi")
            rect = pygame.Rect(x - (i % 2) * (bw + gap), area.bottom - bh - (i // 2) * (bh + gap), bw, bh)
            primary = isinstance(action, Tsumo) or (ident == "riichi" and not self.riichi_mode)
            self.buttons.append(Button(label, ident, rect, key, primary=primary, hint=pygame.key.name(key).upper() if key else ""))
        self._mark_focus()

    def _rebuild_toggles(self) -> None:
        """Auto-pass, Auto-win and No-calls switches along the top of the action area (riichi rules)."""
        self.toggles = []
        if self.snap is None or not self.snap.riichi_rules:
            return
        s, area, settings = self.layout.scale, self.layout.actions, self.app.settings
        tw, th, gap = round(94 * s), round(26 * s), round(6 * s)
        toggles = (("auto_pass", N_("Auto-pass: on"), N_("Auto-pass: off")), ("auto_win", N_("Auto-win: on"), N_("Auto-win: off")),
                   ("no_calls", N_("No calls: on"), N_("No calls: off")))
        for i, (ident, label_on, label_off) in enumerate(toggles):
            on = bool(getattr(settings, ident))
            rect = pygame.Rect(area.right - (3 - i) * tw - (2 - i) * gap, area.y, tw, th)
            self.toggles.append(Button(label_on if on else label_off, ident, rect, primary=on))


def _discard_of_code(actions: Any, code: int) -> Discard | None:
    """The legal discard of this tile (a code: a red five is its own); a kind falls back
    to any legal copy of it."""
    found = [a for a in actions if isinstance(a, Discard) and a.tile == code]
    if not found:
        found = [a for a in actions if isinstance(a, Discard) and kind_of_code(a.tile) == code]
    return min(found, key=lambda a: a.tile) if found else None


def _riichi_of_code(actions: Any, code: int) -> Riichi | None:
    """The riichi declared by discarding this tile, when it keeps the hand ready."""
    return next((a for a in actions if isinstance(a, Riichi) and a.tile == code), None)


def _action_id(action: Any) -> str:
    """Stable id of an own-turn action for its button."""
    return f"{action.name}:{getattr(action, 'tile', '')}"


def _action_label(action: Any, mcr: bool = False) -> tuple[str, int | None]:
    """Button label and hotkey for an own-turn action (Chinese Official words under ``mcr``:
    Hu, kong, flower)."""
    if isinstance(action, Tsumo):
        return (tr("Hu!"), pygame.K_h) if mcr else (N_("Tsumo!"), pygame.K_t)
    if isinstance(action, DeclareFlower):
        return tr("Flower"), pygame.K_f
    if isinstance(action, ClosedKan):
        if mcr:
            return tr("Kong {tile}", tile=tile_label(kind_of_code(action.tile))), pygame.K_k
        return tr("Kan {tile}", tile=tile_label(kind_of_code(action.tile))), pygame.K_k
    if isinstance(action, AddedKan):
        if mcr:
            return tr("Add kong {tile}", tile=tile_label(action.tile)), pygame.K_a
        return tr("Add kan {tile}", tile=tile_label(action.tile)), pygame.K_a
    if isinstance(action, Riichi):
        return N_("Riichi"), pygame.K_r
    if isinstance(action, NineTerminals):
        return N_("Nine terminals"), pygame.K_9

    return action.name, None


def auto_pass_action(offer: ClaimOffer | None, auto_pass: bool, auto_win: bool = False) -> Any:
    """The answer to send without asking: Ron when Auto-win is on and Ron is offered;
    Pass when auto-pass (or No calls) is on and Ron is not possible."""
    if offer is None:
        return None
    ron = next((a for a in offer.actions if isinstance(a, Ron)), None)
    if ron is not None:
        return ron if auto_win else None
    if not auto_pass:
        return None
    return next((a for a in offer.actions if isinstance(a, Pass)), None)
