"""The score screen after each hand: the winning hand, yaku lines, fu, payments, every seat's change.

An exhaustive draw shows who was ready and their waits instead.
"""

from __future__ import annotations

from typing import Any

import pygame

from mahjong_joy.notation import parse_tiles
from mahjong_joy.tiles import HONOR_NAMES, is_honor, tile_name
from mahjong_joy.ui import theme
from mahjong_joy.ui.scenes.base import Scene, Transition
from mahjong_joy.ui.scenes.table import MeldTile, meld_tiles, stack_lift
from mahjong_joy.ui.session import TableSnapshot
from mahjong_joy.ui.tiles_art import footprint, tile_height
from mahjong_joy.ui.widgets import Button, button_at, track_hover

WIND_NAMES = ("East", "South", "West", "North")
# Fu reasons from the riichi scorer (rulesets/riichi/fu.py) as the screen words them;
# {tile} is the set's or pair's kind.
FU_WORDING = {
    "base": "Base",
    "menzen_ron": "Closed ron",
    "tsumo": "Tsumo",
    "open_pinfu": "Open hand minimum",
    "chiitoitsu": "Seven pairs",
    "open_triplet": "Pon of {tile} (open)",
    "closed_triplet": "Triplet of {tile} (concealed)",
    "open_kan": "Kan of {tile} (open)",
    "closed_kan": "Kan of {tile} (concealed)",
    "yakuhai_pair": "Pair of {tile} (value)",
    "double_wind_pair": "Pair of {tile} (double wind)",
    "kanchan_wait": "Closed wait (kanchan)",
    "penchan_wait": "Edge wait (penchan)",
    "tanki_wait": "Pair wait (tanki)",
}


def headline(snap: TableSnapshot) -> str:
    """One line saying how the hand ended."""
    r = snap.result
    if r is None or r.winner is None:
        return "Exhaustive draw"
    how = "self-drawn (tsumo)" if r.tsumo else f"on {snap.names[r.from_seat]}'s discard (ron)"
    name = snap.names[r.winner]
    return f"{name} {'win' if name == 'You' else 'wins'} {how}"


def pretty(name: str) -> str:
    """A yaku id such as ``yakuhai_haku`` as a readable label (``Yakuhai haku``)."""
    text = name.replace("_", " ").strip()
    return text[:1].upper() + text[1:]


def kind_label(tile: int) -> str:
    """A kind as the score screen names it: ``5p``, ``East``, ``Red dragon``."""
    if not is_honor(tile):
        return tile_name(tile)
    return HONOR_NAMES[tile - 27] + (" dragon" if tile >= 31 else "")


def fu_label(reason: str, fu: int, tiles: str = "") -> str:
    """One fu line in words, e.g. ``Pon of 5p (open)  2 fu``.

    >>> fu_label("open_triplet", 2, "555p")
    'Pon of 5p (open)  2 fu'
    """
    wording = FU_WORDING.get(reason, pretty(reason))
    tile = kind_label(parse_tiles(tiles)[0]) if tiles else ""
    return f"{wording.format(tile=tile)}  {fu} fu"


def fu_texts(snap: TableSnapshot) -> list[str]:
    """The fu breakdown lines the screen lists (also what tests read)."""
    r = snap.result
    if r is None or r.winner is None:
        return []
    return [fu_label(reason, fu, tiles) for reason, fu, tiles in r.fu_lines]


def payment_text(snap: TableSnapshot) -> str:
    """Who paid what, named by seat, from each seat's change (honba included)."""
    r = snap.result
    if r is None or r.winner is None:
        return ""
    payers = [f"{snap.names[seat]} {-d:,}" for seat, d in enumerate(r.deltas) if d < 0]
    gain = r.deltas[r.winner] if r.winner < len(r.deltas) else 0
    return f"Paid: {' · '.join(payers)}  →  {snap.names[r.winner]} +{gain:,}"


def score_lines(snap: TableSnapshot) -> list[str]:
    """Yaku and fu lines as the screen lists them (also what tests read)."""
    r = snap.result
    if r is None or r.winner is None:
        return []
    lines = [f"{pretty(name)}  {han} han" if han else pretty(name) for name, han in r.yaku]
    total = f"{r.han} han" + (f" {r.fu} fu" if r.fu else "") + (f" · {r.limit}" if r.limit else "")
    return lines + [total]


class ScoreScene(Scene):
    """Opaque screen over the table; Enter or the button deals the next hand (or ends the match)."""

    def __init__(self, app: Any, snap: TableSnapshot) -> None:
        super().__init__(app)
        self.snap = snap
        self.button = Button("Next hand", "next", pygame.Rect(0, 0, 1, 1), pygame.K_RETURN, primary=True)
        if snap.match_over:
            self.button.label = "Final standings"

    def resize(self, size: tuple[int, int]) -> None:
        s = self.scale
        self.button.rect = pygame.Rect(size[0] // 2 - round(140 * s), size[1] - round(84 * s), round(280 * s), round(56 * s))

    def layout_rects(self) -> dict[str, pygame.Rect]:
        return {"next": self.button.rect}

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            track_hover([self.button], event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.button.hit(event.pos):
            self.proceed()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.proceed()

    def proceed(self) -> None:
        """Next hand, or the match-end screen when the match is over."""
        if self.snap.match_over:
            from mahjong_joy.ui.scenes.match_end import MatchEndScene

            self.next = Transition("replace", MatchEndScene(self.app, self.snap))
        else:
            self.next = Transition("pop", context={"next_hand": True})

    def draw(self, surface: pygame.Surface) -> None:
        s = self.scale
        w, h = surface.get_size()
        surface.fill(theme.BACKGROUND)
        snap, r = self.snap, self.snap.result
        theme.blit_fit(surface, headline(snap), round(38 * s), theme.INK, w - round(80 * s), center=(w // 2, round(48 * s)))
        card = pygame.Rect(round(60 * s), round(90 * s), w - round(120 * s), self.button.rect.y - round(110 * s))
        theme.panel(surface, card, theme.PANEL, round(20 * s))
        y = card.y + round(20 * s)
        if r is not None and r.winner is not None:
            y = self._draw_hand(surface, card.x + round(28 * s), y, s)
            y = self._draw_breakdown(surface, card, y, s)
            theme.blit_fit(surface, payment_text(snap), round(17 * s), theme.INK_SOFT, card.w - round(60 * s), topleft=(card.x + round(30 * s), y + round(4 * s)))
        elif r is not None:
            y = self._draw_ready(surface, card.x + round(28 * s), y, s)
        self._draw_deltas(surface, card, s)
        self.button.draw(surface, s)

    def _draw_breakdown(self, surface: pygame.Surface, card: pygame.Rect, y: int, s: float) -> int:
        """Yaku and the total on the left, the fu lines and their sum on the right.

        Each column puts names on the left and values flush right, so the numbers
        line up; the row height shrinks to fit a long list above the seat changes.
        Returns the y below both columns.
        """
        yaku = score_lines(self.snap)
        fu = fu_texts(self.snap)
        rows = max(len(yaku) + 1, len(fu) + 2)
        room = card.bottom - round(130 * s) - y
        step = max(round(20 * s), min(round(30 * s), room // max(1, rows)))
        size = min(round(21 * s), round(step * 0.74))
        gap = round(40 * s)
        col_w = (card.w - round(60 * s) - gap) // 2
        left = pygame.Rect(card.x + round(30 * s), y, col_w, step)
        right = left.move(col_w + gap, 0)
        self._column(surface, left, "Yaku", yaku[:-1], size, step)
        total_y = y + len(yaku) * step + round(4 * s)
        pygame.draw.line(surface, theme.PANEL_EDGE, (left.x, total_y - round(3 * s)), (left.right, total_y - round(3 * s)), max(1, round(2 * s)))
        theme.blit_text(surface, yaku[-1], size + round(3 * s), theme.INK, topleft=(left.x, total_y))
        if fu:
            self._column(surface, right, "Fu", fu, size, step)
            raw = sum(f for _, f, _ in self.snap.result.fu_lines)
            fy = y + (len(fu) + 1) * step + round(4 * s)
            pygame.draw.line(surface, theme.PANEL_EDGE, (right.x, fy - round(3 * s)), (right.right, fy - round(3 * s)), max(1, round(2 * s)))
            rounded = f"{raw} fu, rounded up to {self.snap.result.fu} fu" if raw != self.snap.result.fu else f"{raw} fu"
            theme.blit_text(surface, rounded, size, theme.INK, topright=(right.right, fy))
        return y + rows * step + round(10 * s)

    def _column(self, surface: pygame.Surface, area: pygame.Rect, title: str, lines: list[str], size: int, step: int) -> None:
        """A titled list; the part after the double space (``2 han``, ``10 fu``) sits flush right."""
        theme.blit_text(surface, title, size, theme.INK_SOFT, topleft=area.topleft)
        for i, line in enumerate(lines, 1):
            name, _, value = line.rpartition("  ") if "  " in line else (line, "", "")
            y = area.y + i * step
            theme.blit_text(surface, name, size, theme.INK, topleft=(area.x, y))
            if value:
                theme.blit_text(surface, value, size, theme.INK, topright=(area.right, y))

    def hand_places(self, x: int, y: int, s: float) -> tuple[list[tuple[pygame.Rect, int, int]], list[list[tuple[pygame.Rect, int, int]]], int]:
        """Where the winning hand goes from ``(x, y)``: (rect, tile, rotation) of the
        concealed tiles and the winning tile, then per meld, and the row's bottom.

        Melds sit on the hand's baseline laid as on the table (:func:`meld_tiles`):
        the claimed tile turned toward the seat it came from, an added kan's fourth
        tile stacked on it; the row moves down so that tile stays inside the card.
        """
        r = self.snap.result
        tw, mw = round(44 * s), round(44 * s * 0.86)
        y += max(0, stack_lift(r.melds, mw) - (tile_height(tw) - tile_height(mw)))
        hand = list(r.hand)
        if r.win_tile in hand:
            hand.remove(r.win_tile)
        upright: list[tuple[pygame.Rect, int, int]] = []
        for t in sorted(hand):
            upright.append((pygame.Rect((x, y), footprint(tw)), t, 0))
            x += tw + 1
        band = y + tile_height(tw) - tile_height(mw)
        melds = []
        for meld in r.melds:
            x += round(14 * s)
            placed, length = meld_tiles(meld, r.winner, mw)
            melds.append([self._meld_place(t, x, band, mw) for t in placed])
            x += length
        if r.win_tile is not None:
            upright.append((pygame.Rect((x + round(18 * s), y), footprint(tw)), r.win_tile, 0))
        return upright, melds, y + round(tw * 1.45)

    @staticmethod
    def _meld_place(t: MeldTile, x: int, band: int, w: int) -> tuple[pygame.Rect, int, int]:
        """A meld tile's rect (top of the upright tiles at ``band``): sideways ones sit on the baseline."""
        if not t.lying:
            return pygame.Rect((x + t.along, band), footprint(w)), t.tile, 0
        top = band + tile_height(w) - w * (2 if t.stacked else 1)
        return pygame.Rect((x + t.along, top), footprint(w, 90)), t.tile, 90

    def _draw_hand(self, surface: pygame.Surface, x: int, y: int, s: float) -> int:
        """The winning hand with its melds; the winning tile set apart and labelled."""
        upright, melds, bottom = self.hand_places(x, y, s)
        art = self.app.art
        for rect, tile, _ in upright:
            surface.blit(art.image(tile, rect.w), rect.topleft)
        mw = round(44 * s * 0.86)
        for group in melds:  # painter's order: a stacked tile's edge sits under the tile in front
            for rect, tile, rot in sorted(group, key=lambda item: (item[0].y, item[0].x)):
                surface.blit(art.image(tile, mw, rot), rect.topleft)
        if self.snap.result.win_tile is not None:
            win = upright[-1][0]
            theme.blit_text(surface, "winning tile", round(13 * s), theme.ROSE_DEEP, midtop=(win.centerx, bottom))
        return bottom + round(26 * s)

    def _draw_ready(self, surface: pygame.Surface, x: int, y: int, s: float) -> int:
        r, snap = self.snap.result, self.snap
        if not r.ready:
            theme.blit_text(surface, "Nobody was ready.", round(22 * s), theme.INK, topleft=(x, y))
            return y + round(34 * s)
        for seat, waits in r.ready:
            label = theme.blit_fit(surface, f"{snap.names[seat]} was ready, waiting on", round(20 * s), theme.INK, round(520 * s), topleft=(x, y))
            wx = label.right + round(10 * s)
            for t in waits:
                surface.blit(self.app.art.image(t, round(26 * s)), (wx, y - round(4 * s)))
                wx += round(29 * s)
            y += round(48 * s)
        return y

    def _draw_deltas(self, surface: pygame.Surface, card: pygame.Rect, s: float) -> None:
        """Every seat's change and new total along the bottom of the card."""
        r, snap = self.snap.result, self.snap
        if r is None:
            return
        cw = card.w // 4
        for seat in range(4):
            cx = card.x + cw * seat + cw // 2
            base = card.bottom - round(70 * s)
            wind = WIND_NAMES[(seat - snap.dealer) % 4]
            theme.blit_fit(surface, f"{snap.names[seat]} ({wind})", round(18 * s), theme.INK, cw - round(12 * s), center=(cx, base))
            delta = r.deltas[seat] if seat < len(r.deltas) else 0
            color = theme.MINT_DEEP if delta > 0 else theme.ROSE_DEEP if delta < 0 else theme.INK_SOFT
            theme.blit_text(surface, f"{delta:+,}", round(22 * s), color, center=(cx, base + round(26 * s)))
            total = r.points[seat] if seat < len(r.points) else snap.points[seat]
            theme.blit_text(surface, f"{total:,}", round(15 * s), theme.INK_SOFT, center=(cx, base + round(50 * s)))
