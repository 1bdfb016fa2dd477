"""Painting the table: the felt, the centre panel with its words, sticks and dora,
each seat's river, hand and melds into a cached layer; then per frame the hover,
flights, bubbles, callouts, guide, buttons and toast over it.

The static layer is rebuilt only when its key changes (a new snapshot, a flight
starting or landing, a selection), so a frame is about one full-screen blit.
"""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.i18n import current_language, ntr, tr
from mahjong_joy.names import WIND_GLYPHS, seat_name, wind_name

from mahjong_joy.ui import theme
from mahjong_joy.ui.anim import Animator, Reveal, Tween
from mahjong_joy.ui.callouts import Callouts
from mahjong_joy.ui.guide import GuideView, draw_tip, furiten_tip
from mahjong_joy.ui.layout import ROTATION, TableLayout
from mahjong_joy.ui.session import TableSnapshot
from mahjong_joy.ui.thinking import ThinkingBubbles
from mahjong_joy.ui.tiles_art import footprint
from mahjong_joy.ui.widgets import Button, draw_focus_ring


class TablePainting:
    """The cached static layer and the per-frame overlays."""

    app: Any
    snap: TableSnapshot | None
    layout: TableLayout
    anim: Animator
    guide: GuideView
    callouts: Callouts
    thinking: ThinkingBubbles
    flip: Reveal
    flipping: frozenset[int]
    dora_flip: Tween | None
    selected: int
    hover: int | None
    buttons: list[Button]
    toggles: list[Button]
    riichi_mode: bool
    badge_hover: bool
    message: str
    message_timer: float
    _layer: pygame.Surface | None
    _layer_key: object

    def draw(self, surface: pygame.Surface) -> None:
        key = (self.snap.version if self.snap else -1, surface.get_size(), frozenset(f.key for f in self.anim.flights), self.app.settings.latin_labels, self.app.settings.colour_safe_tiles, current_language(), self.flip.done, self.selected if self.can_act() else -1, self.riichi_mode, self.dora_flip is None)
        if self._layer is None or self._layer_key != key or self._layer.get_size() != surface.get_size():
            self._layer = self._render_static(surface.get_size())
            self._layer_key = key
        surface.blit(self._layer, (0, 0))
        self._draw_live(surface)

    def _render_static(self, size: tuple[int, int]) -> pygame.Surface:
        layer = pygame.Surface(size).convert()
        self._draw_felt(layer)
        if self.snap is None:
            theme.blit_text(layer, tr("Starting..."), 30, theme.INK, center=layer.get_rect().center)
            return layer
        self._draw_center(layer)
        for seat in range(4):
            self._draw_river(layer, seat)
            self._draw_line(layer, seat)
            self._draw_flowers(layer, seat)
        return layer

    def _draw_flowers(self, layer: pygame.Surface, seat: int) -> None:
        """A seat's flowers face up in the corner before its river (Chinese Official)."""
        hidden = {f.key for f in self.anim.flights}
        width = self.flower_width(seat)
        for i, (rect, code, rot) in enumerate(self.flower_places(seat)):
            if ("flower", seat, i) not in hidden:
                layer.blit(self.app.art.image(code, width, rot), rect.topleft)

    def _draw_felt(self, layer: pygame.Surface) -> None:
        s = self.layout.scale
        layer.fill(theme.BACKGROUND)
        felt = self.felt_rect()
        pygame.draw.rect(layer, theme.FELT_EDGE, felt.inflate(round(10 * s), round(10 * s)), border_radius=round(28 * s))
        pygame.draw.rect(layer, theme.FELT, felt, border_radius=round(24 * s))
        if self.snap is not None:
            pygame.draw.rect(layer, theme.lighter(theme.HIGHLIGHT, 0.55), self.spotlight_band(), border_radius=round(12 * s))

    def _draw_center(self, layer: pygame.Surface) -> None:
        snap, L = self.snap, self.layout
        s = L.scale
        c = L.center
        pygame.draw.rect(layer, theme.FELT_DEEP, c.move(0, round(3 * s)), border_radius=round(18 * s))
        pygame.draw.rect(layer, theme.PANEL, c, border_radius=round(18 * s))
        texts = self.center_texts()
        if snap.dora_indicators:
            places = self.dora_places()
            for i, (rect, t) in enumerate(places):
                if self.dora_flip is not None and i == len(places) - 1:
                    continue  # turning over: drawn each frame by _draw_dora_flip
                layer.blit(self.app.art.image(t, rect.w), rect.topleft)
        for seat in range(4):
            if snap.riichi[seat]:
                self._draw_stick(layer, self.stick_rect(seat))
        spot = f"tag{snap.seat_from_me(self.spotlight())}"
        pygame.draw.rect(layer, theme.lighter(theme.HIGHLIGHT, 0.4), texts[spot][1], border_radius=round(6 * s))
        for image, rect in texts.values():
            layer.blit(image, image.get_rect(center=rect.center))

    @staticmethod
    def _draw_stick(layer: pygame.Surface, rect: pygame.Rect) -> None:
        """A 1,000-point stick: white with an ink outline and a red dot in the middle."""
        radius = min(rect.size) // 2
        pygame.draw.rect(layer, theme.darker(theme.FELT_DEEP, 0.8), rect.move(1, 2), border_radius=radius)
        pygame.draw.rect(layer, theme.INK_SOFT, rect.inflate(2, 2), border_radius=radius + 1)
        pygame.draw.rect(layer, (253, 253, 250), rect, border_radius=radius)
        pygame.draw.circle(layer, (214, 58, 74), rect.center, max(2, radius - 1))

    def center_texts(self) -> dict[str, tuple[pygame.Surface, pygame.Rect]]:
        """The centre panel's words: ``round``, ``wall``, ``dora`` and ``tag0``..``tag3``
        (per seat_from_me), each an image and the rect it may cover (a tag's includes
        its highlight). The side tags run along the panel's edges and take a column
        each; the middle lines fit between those columns, and so do the top and
        bottom tags when they would meet a long side tag at a corner, so no two
        pieces ever touch (the font shrinks a little, then a long name is shortened).
        """
        snap, s, c = self.snap, self.layout.scale, self.layout.center
        inset, pad = round(16 * s), (round(8 * s), round(6 * s))
        column = inset // 2 + theme.font(round(14 * s)).get_height() + pad[1] // 2 + round(3 * s)
        seat_at = {snap.seat_from_me(seat): seat for seat in range(4)}
        size = self.seat_tag_size(inset, pad)  # one size for all four, whoever's turn it is
        out = {f"tag{rel}": self._seat_tag(seat_at[rel], rel, c.h - 2 * inset, inset, pad, size) for rel in (1, 3)}
        sides = [self._seat_tag(seat_at[rel], rel, c.h - 2 * inset, inset, pad, size, lit=True)[1] for rel in (1, 3)]
        for rel in (0, 2):  # where a long side tag reaches a corner, the top or bottom tag stays between the columns
            tag = self._seat_tag(seat_at[rel], rel, c.w - 2 * inset, inset, pad, size, lit=True)
            length = c.w - 2 * (column if tag[1].collidelist(sides) >= 0 else inset)
            out[f"tag{rel}"] = self._seat_tag(seat_at[rel], rel, length, inset, pad, size)
        middle = c.w - 2 * column
        wind = wind_name(snap.round_wind - 27 if 27 <= snap.round_wind <= 30 else 0)
        round_words = tr("{wind} {number}", wind=wind, number=snap.hand_number)
        left = tr("{count} left", count=snap.wall_count)
        if snap.riichi_rules:  # the wall, then the honba and riichi-stick counters; the dora row speaks for itself
            sticks = ntr("{count} stick", "{count} sticks", snap.sticks)
            lines = [("round", round_words, 24, theme.INK, 48), ("wall", left, 15, theme.INK_SOFT, 71),
                     ("counters", tr("{honba} honba · {sticks}", honba=snap.honba, sticks=sticks), 13, theme.ROSE_DEEP if snap.sticks else theme.INK_SOFT, 89)]
        else:
            wall = tr("{left} · {count} bonus", left=left, count=snap.honba) if snap.honba else left
            lines = [("round", round_words, 24, theme.INK, 50), ("wall", wall, 15, theme.INK_SOFT, 76)]
        if snap.dora_indicators and not snap.riichi_rules:
            lines.append(("dora", ntr("dora indicator", "dora indicators", len(snap.dora_indicators)), 11, theme.INK_SOFT, 96))
        for name, words, size, color, dy in lines:
            image = theme.fit_text(words, round(size * s), color, middle, smallest=round(10 * s))
            out[name] = (image, image.get_rect(center=(c.centerx, c.y + round(dy * s))))
        return out

    def seat_tag_text(self, seat: int, name: str | None = None) -> str:
        """A seat's tag words: wind, name, points, dealer chip (``name`` overrides the seat's name)."""
        snap = self.snap
        dealer = " · D" if seat == snap.dealer else ""
        shown = seat_name(snap.names[seat]) if name is None else name
        return f"{WIND_GLYPHS[(seat - snap.dealer) % 4]} {shown}  {snap.points[seat]:,}{dealer}"

    def _seat_tag(self, seat: int, rel: int, length: int, inset: int, pad: tuple[int, int], size: int,
                  lit: bool | None = None) -> tuple[pygame.Surface, pygame.Rect]:
        """Seat wind, name, points and dealer chip, turned to run along the centre's edge facing that seat,
        as printed on a real table's centre. The rect covers the highlight (``pad``) on the lit seat, a
        hair around the words elsewhere; past ``length`` (with the highlight) the name gives way."""
        snap, c = self.snap, self.layout.center
        lit = seat == self.spotlight() if lit is None else lit
        room = length - pad[0]  # the words fit with the highlight on, lit or not, so they never change
        pad = pad if lit else (2, 2)
        name = seat_name(snap.names[seat])
        words = self.seat_tag_text(seat, "{}")
        while len(name) > 1 and theme.font(size).size(words.format(name))[0] > room:
            name = name[:-2] + "…"
        label = theme.text(words.format(name), size, theme.ROSE_DEEP if lit else theme.INK)
        label = pygame.transform.rotate(label, (90, 0, -90)[rel - 1]) if rel else label
        edge = inset // 2
        anchor = {0: {"midbottom": (c.centerx, c.bottom - edge)}, 1: {"midright": (c.right - edge, c.centery)},
                  2: {"midtop": (c.centerx, c.y + edge)}, 3: {"midleft": (c.x + edge, c.centery)}}[rel]
        grow = pad if rel % 2 == 0 else pad[::-1]
        return label, label.get_rect(**anchor).inflate(*grow)

    def _draw_river(self, layer: pygame.Surface, seat: int) -> None:
        snap, art = self.snap, self.app.art
        rel = snap.seat_from_me(seat)
        hidden = {f.key for f in self.anim.flights}
        for i, tile in enumerate(snap.rivers[seat]):
            if ("river", seat, i) in hidden:
                continue
            rect, lying = self.river_place(seat, i)
            layer.blit(art.image(tile, self.layout.river_w, (ROTATION[rel] + (90 if lying else 0)) % 360), rect.topleft)

    def _draw_line(self, layer: pygame.Surface, seat: int) -> None:
        snap, art, L = self.snap, self.app.art, self.layout
        rel = snap.seat_from_me(seat)
        hidden = {f.key for f in self.anim.flights}
        if seat in self.flipping and not self.flip.done:
            pass  # the reveal draws these tiles every frame (_draw_reveal)
        elif rel == 0:
            self._draw_my_hand(layer, hidden)
        else:
            for rect, tile, w, rot in self._concealed(seat):
                layer.blit(art.image(tile, w, rot), rect.topleft)
        width = L.meld_w if rel == 0 else L.opp_w
        tiles = [(rect, tile, rot, ("meld", seat, g, j)) for g, group in enumerate(self.meld_groups(seat)) for j, (rect, tile, rot, _) in enumerate(group)]
        for rect, tile, rot, key in sorted(tiles, key=lambda item: (item[0].y, item[0].x)):
            if key not in hidden:  # painter's order: a stacked tile's edge sits under the tile in front
                layer.blit(art.image(tile, width, rot), rect.topleft)

    def _draw_my_hand(self, layer: pygame.Surface, hidden: set[object]) -> None:
        art, L = self.app.art, self.layout
        lift = round(10 * L.scale)
        acting = self.can_act()
        dim = self.dimmed_tiles() if acting else set()
        ready = self.ready_discards() if acting and self.riichi_mode else set()
        for i, tile in enumerate(self.my_tiles()):
            if ("hand", i) in hidden:
                continue
            rect = self.hand_slot(i)
            if i == self.selected and acting:
                rect = rect.move(0, -lift)
            if tile in ready:
                glow = pygame.Rect(rect.topleft, footprint(L.hand_w)).inflate(round(6 * L.scale), round(6 * L.scale))
                pygame.draw.rect(layer, theme.HIGHLIGHT, glow, border_radius=round(9 * L.scale))
            layer.blit(art.image(tile, L.hand_w), rect.topleft)
            if i in dim:
                veil = pygame.Surface(footprint(L.hand_w), pygame.SRCALPHA)
                pygame.draw.rect(veil, (120, 115, 130, 120), veil.get_rect(), border_radius=max(3, L.hand_w // 7))
                layer.blit(veil, rect.topleft)

    def dimmed_tiles(self) -> set[int]:
        """Indices of my tiles shown greyed: not discardable (kuikae, or locked by riichi),
        or in riichi mode every tile whose discard would not keep the hand ready."""
        if self.snap is None or not self.snap.my_turn:
            return set()
        allowed = self.ready_discards() if self.riichi_mode else self.legal_codes()
        if not allowed and not self.riichi_mode:
            return set()
        return {i for i, t in enumerate(self.my_tiles()) if t not in allowed}

    def _draw_live(self, surface: pygame.Surface) -> None:
        """Per-frame parts: hover outline, flights, guide, buttons, toast."""
        s = self.layout.scale
        if self.hover is not None and self.hover < len(self.my_tiles()) and self.can_act():
            rect = self.hand_slot(self.hover)
            if self.hover == self.selected:
                rect = rect.move(0, -round(10 * s))
            pygame.draw.rect(surface, theme.HIGHLIGHT, rect.inflate(4, 4), width=max(2, round(3 * s)), border_radius=round(8 * s))
        self._draw_hand_focus(surface)
        if self.flipping and not self.flip.done:
            self._draw_reveal(surface)
        if self.dora_flip is not None and self.snap is not None and self.snap.dora_indicators:
            self._draw_dora_flip(surface)
        for flight in self.anim.flights:
            x, y = flight.position()
            surface.blit(self.app.art.image(flight.tile, flight.size, flight.rotation), (round(x), round(y)))
        if self.app.settings.show_ai_thinking and self.snap is not None:
            notice = self.message_rect() if self.message_timer > 0 and self.message else None
            self.thinking.draw(surface, self.layout, self.snap.me, notice)
        self.callouts.draw(surface, self.layout, self.guide_rect() if self.app.settings.hints else None)
        if self.app.settings.hints:
            self.guide.draw(self, surface)
        for b in self.buttons:
            b.draw(surface, s)
        for b in self.toggles:
            b.draw(surface, s * 0.62)
        if self.snap is not None and self.snap.furiten:
            self._draw_furiten_badge(surface)
        if self.message_timer > 0 and self.message:
            rect = self.message_rect()
            theme.panel(surface, rect, theme.lighter(theme.ROSE, 0.5), round(12 * s))
            theme.blit_text(surface, self.message[:90], round(16 * s), theme.INK, center=rect.center)

    hand_focus = True  # the replay viewer's focus lives on its control bar instead

    def _draw_hand_focus(self, surface: pygame.Surface) -> None:
        """The keyboard focus on my selected tile (Left/Right move it, Enter discards it)
        while no button holds it: the one ring every scene draws (widgets.draw_focus_ring)."""
        if not self.hand_focus or getattr(self, "button_focus", None) is not None or not 0 <= self.selected < len(self.my_tiles()):
            return
        if self.app.top is not self:
            return  # a prompt or a menu over the table holds the focus
        rect = self.hand_slot(self.selected)
        if self.can_act():
            rect = rect.move(0, -round(10 * self.layout.scale))
        draw_focus_ring(surface, rect, self.layout.scale * 0.6)

    def _draw_furiten_badge(self, surface: pygame.Surface) -> None:
        """A rose "Furiten" pill; hovering it shows the reason above it."""
        s, rect = self.layout.scale, self.furiten_badge_rect()
        theme.panel(surface, rect, theme.lighter(theme.ROSE, 0.2), round(10 * s), theme.ROSE_DEEP)
        theme.blit_text(surface, tr("Furiten"), round(16 * s), theme.ROSE_DEEP, center=rect.center)
        if self.badge_hover:
            draw_tip(surface, furiten_tip(self.snap.furiten), rect, s)
