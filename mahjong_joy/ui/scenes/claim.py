"""The claim prompt: one button per option over the table, which keeps animating below.

Chi buttons show their tiles; number keys 1..n press buttons in order, letters
too (R ron, P pon, K kan, C chi, Space pass), and each button's cap shows its
letter (or its number, for a second chi). Esc opens the in-game menu, as it does
at the table; the prompt waits under it. Auto-pass skips every prompt that does
not offer Ron.
"""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.i18n import N_, tr
from mahjong_joy.engine.actions import Chi, Kan, Pass, Pon, Ron
from mahjong_joy.names import seat_name, tile_label, wind_name

from mahjong_joy.ui import theme
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.session import ClaimOffer
from mahjong_joy.ui.widgets import Button, button_at, ensure_focus, hotkey_button, key_cap_rect, key_label, keyboard_focus, track_hover

ORDER = {Ron: 0, Kan: 1, Pon: 2, Chi: 3, Pass: 9}
LETTER = {Ron: pygame.K_r, Kan: pygame.K_k, Pon: pygame.K_p, Chi: pygame.K_c, Pass: pygame.K_SPACE}
MCR_LETTER = {**LETTER, Ron: pygame.K_h}  # Chinese Official: H for Hu, as on the own-turn button


def prompt_lines(tile: int, name: str, wind: str, can_ron: bool, mcr: bool = False) -> list[str]:
    """The prompt's question, longest first (the panel shows the first that fits): the
    tile by name, who threw it, and "You can win" first when Ron (Hu, under Chinese
    Official rules) is offered.

    >>> prompt_lines(33, "Momo", "South", False)[1]
    'Claim the Red dragon from Momo?'
    """
    if can_ron and mcr:
        return [tr("You can win: Hu! The {tile} from {name} ({wind})", tile=tile_label(tile), name=name, wind=wind),
                tr("You can win: Hu on the {tile}!", tile=tile_label(tile)), tr("You can win: Hu!")]
    label = tile_label(tile)
    if can_ron:
        return [tr("You can win: Ron! The {tile} from {name} ({wind})", tile=label, name=name, wind=wind),
                tr("You can win: Ron on the {tile}!", tile=label), tr("You can win: Ron!")]
    return [tr("Claim the {tile} from {name} ({wind})?", tile=label, name=name, wind=wind),
            tr("Claim the {tile} from {name}?", tile=label, name=name), tr("Claim the {tile}?", tile=label)]


def label_of(action: Any, mcr: bool = False) -> str:
    """Button text for one claim option (Chinese Official words under ``mcr``: Hu, Chow, Pung, Kong)."""
    if mcr:
        words = {Ron: N_("Hu!"), Chi: N_("Chow"), Pon: N_("Pung"), Kan: N_("Kong"), Pass: N_("Pass")}
        return words.get(type(action), action.name)
    if isinstance(action, Chi):
        return N_("Chi")
    return {Ron: N_("Ron!"), Pon: N_("Pon"), Kan: N_("Kan"), Pass: N_("Pass")}.get(type(action), action.name)


class ClaimOverlay(Scene):
    """A small panel in the table's action area; it pops itself once an answer is sent."""

    opaque = False

    def __init__(self, app: Any, table: Any) -> None:
        super().__init__(app)
        self.table = table
        self.offer: ClaimOffer = table.snap.claim
        self.buttons: list[Button] = []
        self.actions: dict[str, Any] = {}
        self.auto = Button("", "auto", pygame.Rect(0, 0, 1, 1))
        self.panel = pygame.Rect(0, 0, 1, 1)

    def resize(self, size: tuple[int, int]) -> None:
        area = self.table.layout.actions
        s = self.table.layout.scale
        self.panel = area.copy()
        options = sorted(self.offer.actions, key=lambda a: ORDER.get(type(a), 5))
        if getattr(self.app.settings, "no_calls", False):  # No calls: only Ron and Pass are offered
            options = [a for a in options if isinstance(a, (Ron, Pass))]
        n = len(options)
        chi = any(isinstance(a, Chi) for a in options)
        cols = 2 if chi and n in (3, 4) else min(n, 3)  # a chi button needs room for its label and three tiles
        gap = round(8 * s)
        bw = (area.w - 2 * gap - (cols - 1) * gap) // cols
        bh = round(44 * s)
        if self._riichi():  # keep clear of the Auto-pass/Auto-win/No-calls switches atop the area (play test)
            rows = -(-n // cols)
            room = area.bottom - (area.y + round(32 * s)) - round(40 * s) - gap * rows
            bh = max(round(30 * s), min(bh, room // max(1, rows)))
        self.buttons, self.actions = [], {}
        for i, action in enumerate(options):
            row, col = divmod(i, cols)
            rect = pygame.Rect(area.x + gap + col * (bw + gap), area.y + round(40 * s) + row * (bh + gap), bw, bh)
            key = getattr(pygame, f"K_{i + 1}") if i < 9 else None
            ident = f"opt{i}"
            self.actions[ident] = action
            label = "" if isinstance(action, Chi) else label_of(action, self._mcr())
            first_of_kind = not any(isinstance(a, type(action)) for a in options[:i])
            letters = MCR_LETTER if self._mcr() else LETTER
            cap = key_label(letters[type(action)]) if first_of_kind and type(action) in letters else str(i + 1)
            self.buttons.append(Button(label, ident, rect, key, primary=isinstance(action, Ron), keycap=cap))
        last = self.buttons[-1].rect if self.buttons else area
        self.panel.h = last.bottom + gap - area.y
        self.panel.bottom = area.bottom
        shift = self.panel.y - area.y
        for b in self.buttons:
            b.rect.move_ip(0, shift)
        area = self.panel
        self.auto = Button(N_("Auto-pass: on") if self.app.settings.auto_pass else N_("Auto-pass: off"), "auto",
                           pygame.Rect(area.right - round(130 * s), area.y + round(6 * s), round(124 * s), round(28 * s)))
        self.auto.enabled = not self._riichi()  # at a riichi table the switches sit above the panel instead
        passing = next((b for b in self.buttons if isinstance(self.actions[b.action], Pass)), None)
        ensure_focus(self.buttons + [self.auto], passing)  # the focus starts on Pass: Enter never claims by surprise

    def settings_changed(self) -> None:
        """A new tile size moves the table's button area: the prompt follows it."""
        self.resize(self.app.size)

    def _mcr(self) -> bool:
        snap = self.table.snap
        return bool(snap is not None and snap.mcr_rules)

    def _riichi(self) -> bool:
        snap = self.table.snap
        return bool(snap is not None and snap.riichi_rules)

    def layout_rects(self) -> dict[str, pygame.Rect]:
        return {b.action: b.rect for b in self.buttons} | {"auto": self.auto.rect}

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            track_hover(self.buttons + [self.auto], event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.buttons + [self.auto], event.pos)
            toggle = button_at(getattr(self.table, "toggles", []), event.pos)
            if hit:
                self.choose(hit.action)
            elif toggle:  # the table's Auto-pass / Auto-win / No calls switches stay usable during a prompt
                self.table.toggle(toggle.action)
                self.resize(self.app.size)
                if all(isinstance(a, Pass) for a in self.actions.values()):
                    self.choose(next(iter(self.actions)))  # nothing but Pass left: answer it
        elif event.type == pygame.KEYDOWN and (pressed := keyboard_focus(self.buttons + [self.auto], event, space=False))[0]:
            if pressed[1] is not None:
                self.choose(pressed[1].action)  # Space stays Pass's own key
        elif event.type == pygame.KEYDOWN:
            hit = hotkey_button(self.buttons, event.key)
            if hit is None:
                wanted = [t for t, k in (MCR_LETTER if self._mcr() else LETTER).items() if k == event.key]
                hit = next((b for b in self.buttons if wanted and isinstance(self.actions[b.action], wanted[0])), None)
            if hit:
                self.choose(hit.action)
            elif event.key == pygame.K_ESCAPE:
                self.next = Transition("push", "menu")  # the prompt stays; Resume comes back to it

    def choose(self, ident: str) -> None:
        """Send the chosen answer to the table (which submits it) and close."""
        if ident == "auto":
            self.app.settings.auto_pass = not self.app.settings.auto_pass
            self.resize(self.app.size)
            return
        action = self.actions.get(ident)
        if action is None:
            return
        self.next = Transition("pop")
        self.table._submit(action)

    def update(self, dt: float) -> None:
        snap = self.table.snap
        if snap is None or snap.claim is None:
            self.next = Transition("pop")  # the window passed (e.g. another seat's ron)

    def draw(self, surface: pygame.Surface) -> None:
        s = self.table.layout.scale
        theme.panel(surface, self.panel.inflate(round(8 * s), round(8 * s)), theme.PANEL, round(16 * s), theme.ROSE)
        img = self.app.art.image(self.offer.tile, round(22 * s))
        surface.blit(img, (self.panel.x + round(8 * s), self.panel.y + round(4 * s)))
        right = self.auto.rect.x if self.auto.enabled else self.panel.right
        x, room = self.panel.x + round(36 * s), right - round(8 * s) - (self.panel.x + round(36 * s))
        words = self.prompt_words()
        fits = [w for w in words if theme.font(round(15 * s)).size(w)[0] <= room]
        ink = theme.ROSE_DEEP if any(isinstance(a, Ron) for a in self.offer.actions) else theme.INK
        theme.blit_fit(surface, (fits or words[-1:])[0], round(15 * s), ink, room, midleft=(x, self.panel.y + round(20 * s)))
        for b in self.buttons:
            b.draw(surface, s)
            action = self.actions[b.action]
            if isinstance(action, Chi):
                self._chi_tiles(surface, b.rect, action, s, b.cap_text())
        if self.auto.enabled:
            self.auto.draw(surface, s * 0.7)

    def prompt_words(self) -> list[str]:
        """The prompt's question for this offer, longest first (see :func:`prompt_lines`)."""
        snap = self.table.snap
        wind = wind_name((self.offer.from_seat - snap.dealer) % 4)
        can_ron = any(isinstance(a, Ron) for a in self.offer.actions)
        return prompt_lines(self.offer.tile, seat_name(snap.names[self.offer.from_seat]), wind, can_ron, snap.mcr_rules)


    def _chi_tiles(self, surface: pygame.Surface, rect: pygame.Rect, action: Any, s: float, cap: str = "") -> None:
        """Show the run a chi option makes, right of its label and left of its key cap
        (centred alone in the room left of the cap on a narrow button)."""
        mw = round(17 * s)
        label = theme.text(tr(label_of(action, self._mcr())), round(18 * s), theme.INK)
        tiles_w = 3 * (mw + 2)
        right = key_cap_rect(cap, rect, s).x - round(4 * s) if cap else rect.right - round(6 * s)
        if label.get_width() + tiles_w + round(16 * s) <= right - rect.x:
            surface.blit(label, label.get_rect(midleft=(rect.x + round(10 * s), rect.centery - round(4 * s))))
            x = right - tiles_w
        else:
            x = (rect.x + right) // 2 - tiles_w // 2
        for i, t in enumerate(action.tiles):
            surface.blit(self.app.art.image(t, mw), (x + i * (mw + 2), rect.centery - round(12 * s)))
