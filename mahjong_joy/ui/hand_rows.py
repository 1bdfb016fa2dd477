"""Every seat's hand at the end of a hand, one row each, with what it was waiting on.

The score screen lists the other seats under the winner's card (face down until the
player asks with "Show hands", as a real table lays its hands open only on request)
and every seat at a draw. A ready hand names its waits (from the result's tenpai
list when the rules kept one, else the controller's :func:`~mahjong_joy.controller.ready_state`);
any other says how far it was from ready (the same function's shanten).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from mahjong_joy.i18n import tr
from mahjong_joy.names import seat_name
from mahjong_joy.controller import ready_state
from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.melds import ADDED_KAN
from mahjong_joy.tiles import kind_of_code
from mahjong_joy.ui import theme
from mahjong_joy.ui.melds import meld_tiles
from mahjong_joy.ui.session import Meld, TableSnapshot
from mahjong_joy.ui.tiles_art import BACK, tile_height

ROW_MIN = 40  # the least row height (at scale 1) that still reads


@dataclass(frozen=True)
class SeatHand:
    """One seat's hand as the hand ended: concealed codes, melds, waits (kinds) and
    shanten (0 ready, -1 complete; ``None`` when the tiles could not be read)."""

    seat: int
    tiles: tuple[int, ...]
    melds: tuple[Meld, ...]
    waits: tuple[int, ...]
    shanten: int | None

    def state(self) -> str:
        """Ready or how far from it, in words (``2 from ready``)."""
        if self.shanten is None:
            return ""
        if self.shanten <= 0:
            return tr("Ready") if self.waits else tr("Complete") if self.shanten < 0 else tr("Ready (no tile left)")
        return tr("{count} from ready", count=self.shanten)



def seat_hands(snap: TableSnapshot, seats: tuple[int, ...] | None = None) -> list[SeatHand]:
    """The end-of-hand rows for ``seats`` (all four by default), from the snapshot's final hands."""
    r = snap.result
    ready = dict(r.ready) if r is not None else {}
    out = []
    for seat in range(4) if seats is None else seats:
        tiles = final_tiles(snap, seat)
        melds = snap.melds[seat] if seat < len(snap.melds) else ()
        kinds = [kind_of_code(t) for t in tiles]
        try:
            sh, found = ready_state(kinds, len(melds)) if tiles else (None, ())
            waits = tuple(ready.get(seat, ())) or found
        except MahjongJoyError:
            sh, waits = None, ()
        out.append(SeatHand(seat, tiles, melds, waits, sh))
    return out


def final_tiles(snap: TableSnapshot, seat: int) -> tuple[int, ...]:
    """A seat's concealed codes once the hand is over: from the final hands, else mine, a
    revealed hand, or a winner's hand from its result (a snapshot made up for a picture)."""
    if seat in snap.final_hands:
        return tuple(snap.final_hands[seat])
    if seat == snap.me:
        return tuple(snap.hand) + ((snap.drawn,) if snap.drawn is not None else ())
    if seat in snap.revealed:
        return tuple(snap.revealed[seat])
    won = next((w for w in (snap.result.wins if snap.result is not None else ()) if w.seat == seat), None)
    if won is None:
        return ()
    held = list(won.hand)  # a winner's result holds its hand with the winning tile
    if won.win_tile in held:
        held.remove(won.win_tile)
    return tuple(held)


def row_height(count: int, room: int, s: float, tile_max: int = 30) -> int:
    """The height of each of ``count`` rows sharing ``room`` pixels (capped by the tile size, so few rows stay tidy)."""
    return max(round(ROW_MIN * s), min(round(tile_max * 2.1 * s), room // max(1, count)))


def draw_seat_hands(surface: pygame.Surface, art: Any, snap: TableSnapshot, rows: list[SeatHand], area: pygame.Rect, s: float,
                    face_up: bool = True, labels: dict[int, tuple[str, theme.Color]] | None = None, tile_max: int = 30,
                    open_seats: frozenset[int] = frozenset()) -> int:
    """Draw ``rows`` down ``area``: the name and state on the left, the tiles and melds,
    then the waits. Face down, the concealed tiles show their backs and no waits (the
    melds were on the table all along). ``labels`` overrides a seat's state word (Tenpai,
    Noten, Nagashi). The player's own row, and any of ``open_seats`` (another winner of a
    double ron), is always face up. Returns the y below the last row."""
    step = row_height(len(rows), area.h, s, tile_max)
    y = area.y
    for row in rows:
        shown = face_up or row.seat == snap.me or row.seat in open_seats
        _draw_row(surface, art, snap, row, pygame.Rect(area.x, y, area.w, step), s, shown, (labels or {}).get(row.seat), tile_max)
        y += step
    return y


def _draw_row(surface: pygame.Surface, art: Any, snap: TableSnapshot, row: SeatHand, rect: pygame.Rect, s: float, face_up: bool,
              label: tuple[str, theme.Color] | None, tile_max: int) -> None:
    name_w = round(150 * s)
    mid = rect.centery
    theme.blit_fit(surface, seat_name(snap.names[row.seat]), round(18 * s)
, theme.INK, name_w - round(8 * s), bottomleft=(rect.x, mid + round(2 * s)))
    words, color = label or ((row.state(), theme.MINT_DEEP if row.waits else theme.INK_SOFT) if face_up else ("", theme.INK_SOFT))
    if words:
        theme.blit_fit(surface, words, round(14 * s), color, name_w - round(8 * s), topleft=(rect.x, mid + round(2 * s)))
    waits_w = (round(64 * s) + len(row.waits) * round(25 * s)) if face_up and row.waits else 0
    count = len(row.tiles) + sum(3 if m.type != ADDED_KAN else 3.5 for m in row.melds) + (1.5 if row.melds else 0)
    tw = max(round(14 * s), min(round(tile_max * s), round(rect.h * 0.5), int((rect.w - name_w - waits_w - round(10 * s)) / max(1.0, count + 0.5))))
    th = tile_height(tw)
    top = mid - th // 2
    x = rect.x + name_w
    for t in row.tiles:
        surface.blit(art.image(t if face_up else BACK, tw), (x, top))
        x += tw + 1
    for meld in row.melds:
        x += round(10 * s)
        x = _draw_meld(surface, art, meld, row.seat, x, top, tw)
    if face_up and row.waits:
        x += round(16 * s)
        words = theme.blit_text(surface, "waits", round(14 * s), theme.INK_SOFT, midleft=(x, mid))
        wx = words.right + round(6 * s)
        ww = min(tw, round(24 * s))
        for t in row.waits:
            surface.blit(art.image(t, ww), (wx, mid - tile_height(ww) // 2))
            wx += ww + 3


def _draw_meld(surface: pygame.Surface, art: Any, meld: Meld, seat: int, x: int, top: int, tw: int) -> int:
    """One meld laid as on the table (the claimed tile sideways on the baseline); returns its right edge."""
    placed, length = meld_tiles(meld, seat, tw)
    base = top + tile_height(tw)
    for t in placed:
        if t.lying:
            surface.blit(art.image(t.tile, tw, 90), (x + t.along, base - tw * (2 if t.stacked else 1)))
        else:
            surface.blit(art.image(t.tile, tw), (x + t.along, top))
    return x + length


def rows_fit(count: int, room: int, s: float) -> bool:
    """True when ``count`` rows fit in ``room`` pixels at their least height."""
    return count > 0 and room >= count * round(ROW_MIN * s)

