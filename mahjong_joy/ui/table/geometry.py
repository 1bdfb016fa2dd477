"""Where things lie on the table: my hand's slots, each seat's line, melds, river and
centre pieces, as screen rects computed from the layout and the snapshot.

Every rect the scene paints, animates toward or hit-tests comes from here, so a
flight lands exactly where the tile is then drawn.
"""

from __future__ import annotations

import pygame

from mahjong_joy.ui import theme
from mahjong_joy.ui.layout import ROTATION, TableLayout, hand_start
from mahjong_joy.ui.melds import meld_tiles
from mahjong_joy.ui.session import TableSnapshot
from mahjong_joy.ui.tiles_art import BACK, footprint, tile_height


class TableGeometry:
    """The table's rects: pure reads of the layout and the snapshot (``seat_tag_size``
    measures the words of :meth:`TablePainting.seat_tag_text`)."""

    snap: TableSnapshot | None
    layout: TableLayout
    selected: int  # the lifted tile: tile_at hits it where it is drawn

    def my_tiles(self) -> list[int]:
        """My concealed tiles in display order: sorted hand, then the drawn tile."""
        if self.snap is None:
            return []
        tiles = list(self.snap.hand)
        if self.snap.drawn is not None:
            tiles.append(self.snap.drawn)
        return tiles

    def hand_slot(self, index: int) -> pygame.Rect:
        """Screen rect of my ``index``-th tile (the drawn tile sits a little apart)."""
        L = self.layout
        gap = round(14 * L.scale) if self.snap and self.snap.drawn is not None and index == len(self.snap.hand) else 0
        return L.lines[0].rect(index * L.hand_w + gap, L.hand_w, 0, tile_height(L.hand_w))

    def tile_at(self, pos: tuple[int, int]) -> int | None:
        """Index of my tile under ``pos`` (hit-test with event.pos)."""
        for i in range(len(self.my_tiles())):
            rect = self.hand_slot(i)
            if i == self.selected:
                rect = rect.move(0, -round(10 * self.layout.scale)).union(rect)
            if rect.collidepoint(pos):
                return i
        return None

    def line_tile_rect(self, rel: int, along: float, sideways: bool = False, width: int | None = None, stack: int = 0) -> pygame.Rect:
        """A tile on a seat's line; sideways tiles sit at the player's edge of the band."""
        L = self.layout
        w = width or L.tile_w(rel)
        th = tile_height(w)
        band = tile_height(L.tile_w(rel))
        length, thick = (th, w) if sideways else (w, th)
        toward_edge = rel in (0, 1)
        across = (band - thick if toward_edge else 0) - (stack * w if toward_edge else -stack * w)
        return L.lines[rel].rect(along, length, across, thick)

    def meld_slots(self, seat: int) -> list[tuple[pygame.Rect, int, int]]:
        """(rect, tile or BACK, rotation) for every meld tile of a seat, packed at the line's far end."""
        return [(rect, tile, rot) for group in self.meld_groups(seat) for rect, tile, rot, _ in group]

    def meld_groups(self, seat: int) -> list[list[tuple[pygame.Rect, int, int, str]]]:
        """Per meld, oldest first: (rect, tile or BACK, rotation, role) of each tile.

        As on a real table the first meld takes the far corner and later ones line
        up toward the hand, so declared sets never move. ``role`` is ``"claimed"``
        for the sideways tile, ``"added"`` for an added kan's fourth tile (stacked
        on the sideways one, away from the seat's edge), else ``""``. A closed kan
        shows its two outer tiles face down.
        """
        assert self.snap is not None
        rel = self.snap.seat_from_me(seat)
        L = self.layout
        w = L.meld_w if rel == 0 else L.opp_w
        end = L.line_length[rel]
        groups: list[list[tuple[pygame.Rect, int, int, str]]] = []
        for meld in self.snap.melds[seat]:
            placed, length = meld_tiles(meld, seat, w)
            end -= length + round(8 * L.scale)
            groups.append([(self.line_tile_rect(rel, end + t.along, t.lying, w, stack=int(t.stacked)), t.tile,
                            (ROTATION[rel] + (90 if t.lying else 0)) % 360, t.role) for t in placed])
        return groups

    def _meld_slot(self, seat: int, role: str) -> tuple[pygame.Rect, tuple[object, ...]] | None:
        """The rect and flight key of the newest meld's tile with ``role`` (or its last tile)."""
        groups = self.meld_groups(seat)
        if not groups:
            return None
        group = groups[-1]
        index = next((j for j, slot in enumerate(group) if slot[3] == role), len(group) - 1)
        return group[index][0], ("meld", seat, len(groups) - 1, index)

    def river_rect(self, seat: int, index: int) -> pygame.Rect:
        """Where a seat's ``index``-th river tile lies."""
        return self.river_place(seat, index)[0]

    def river_place(self, seat: int, index: int) -> tuple[pygame.Rect, bool]:
        """Where a seat's ``index``-th river tile lies and whether it lies sideways: the
        riichi tile turns (the next one when it was claimed) and pushes the rest of its row on."""
        assert self.snap is not None
        rel = self.snap.seat_from_me(seat)
        sideways = self.snap.river_sideways[seat] if seat < len(self.snap.river_sideways) else None
        row, col = self.layout.river_row_col(rel, index)
        if sideways is None or self.layout.river_row_col(rel, sideways)[0] != row or index < sideways:
            return self.layout.river_slot(rel, index), False
        rw = self.layout.river_w
        rh = tile_height(rw)
        frame, across = self.layout.rivers[rel], row * rh
        if index == sideways:
            return frame.rect(col * rw, rh, across + rh - rw, rw), True
        return frame.rect(col * rw + rh - rw, rw, across, rh), False

    def flower_places(self, seat: int) -> list[tuple[pygame.Rect, int, int]]:
        """(rect, code, rotation) of each flower a seat has laid out (Chinese Official): in the
        corner of the felt just before its river's first tile, a square two river rows deep
        that neither river ever reaches (their third rows run on away from it), three to a
        row (four, smaller, past six) counted from the river outward, each facing its seat."""
        snap = self.snap
        flowers = snap.flowers[seat] if seat < len(snap.flowers) else ()
        if not flowers:
            return []
        rel, L = snap.seat_from_me(seat), self.layout
        gap = max(1, round(2 * L.scale))
        fw = self.flower_width(seat)
        fh = tile_height(fw)
        per_row = 3 if len(flowers) <= 6 else 4
        frame = L.rivers[rel]
        out = []
        for i, code in enumerate(flowers[:8]):
            row, col = divmod(i, per_row)
            rect = frame.rect(-(col + 1) * (fw + gap), fw, row * (fh + gap), fh)  # a gap before the river's first tile
            out.append((rect, code, ROTATION[rel]))
        return out

    def flower_width(self, seat: int) -> int:
        """The width of a seat's laid-out flower tiles (see :meth:`flower_places`)."""
        L, snap = self.layout, self.snap
        count = len(snap.flowers[seat]) if snap is not None and seat < len(snap.flowers) else 0
        per_row = 3 if count <= 6 else 4
        side = 2 * tile_height(L.river_w)
        gap = max(1, round(2 * L.scale))
        return max(8, min((side - per_row * gap) // per_row, ((side - gap) // 2) * 3 // 4))

    def hand_start(self, seat: int, count: int) -> int:
        """Where an opponent's ``count`` concealed tiles begin on its line: centred on its side
        (:func:`~mahjong_joy.ui.layout.hand_start`), clear of its melds."""
        rel, L = self.snap.seat_from_me(seat), self.layout
        if rel == 0:
            return 0  # my own hand starts at the line's start (hand_slot)
        melds = sum(meld_tiles(meld, seat, L.opp_w)[1] + round(8 * L.scale) for meld in self.snap.melds[seat])
        return hand_start(L.line_length[rel], count * L.opp_w, melds, round(8 * L.scale))

    def _line_end(self, seat: int) -> pygame.Rect:
        """Roughly where an opponent's concealed hand ends (a discard starts there)."""
        assert self.snap is not None
        rel = self.snap.seat_from_me(seat)
        size = self.snap.hand_sizes[seat]
        return self.line_tile_rect(rel, self.hand_start(seat, size) + size * self.layout.tile_w(rel) / 2)

    def _concealed(self, seat: int) -> list[tuple[pygame.Rect, int, int, int]]:
        """(rect, face, width, rotation) of each concealed tile of a seat, left to right as it sees them."""
        snap, L = self.snap, self.layout
        rel = snap.seat_from_me(seat)
        if rel == 0:
            return [(self.hand_slot(i), tile, L.hand_w, 0) for i, tile in enumerate(self.my_tiles())]
        shown = snap.revealed.get(seat)
        tiles = list(shown) if shown else [BACK] * snap.hand_sizes[seat]
        start = self.hand_start(seat, len(tiles))
        return [(self.line_tile_rect(rel, start + i * L.opp_w), tile, L.opp_w, ROTATION[rel]) for i, tile in enumerate(tiles)]

    def spotlight(self) -> int:
        """The highlighted seat: whose turn it is, or the winner once a hand is won."""
        result = self.snap.result if self.snap is not None else None
        if result is not None and result.wins:
            return result.wins[0].seat
        return self.snap.turn if self.snap is not None else 0

    def spotlight_band(self) -> pygame.Rect:
        """The soft band behind the highlighted seat's hand and melds (stacked kan tiles
        included), kept on the felt inside its rim."""
        s = self.layout.scale
        seat = self.spotlight()
        band = self.layout.line_area(self.snap.seat_from_me(seat))
        band = band.unionall([rect for rect, _, _ in self.meld_slots(seat)]).inflate(round(12 * s), round(10 * s))
        return band.clip(self.felt_rect().inflate(-round(4 * s), -round(4 * s)))

    def felt_rect(self) -> pygame.Rect:
        """The green cloth inside the table's rim."""
        s, (w, h) = self.layout.scale, self.layout.size
        edge = round(4 * s) + round(5 * s)
        return pygame.Rect(edge, edge, w - 2 * edge, h - 2 * edge)

    def dora_places(self) -> list[tuple[pygame.Rect, int]]:
        """The dora indicators in the centre (up to five), narrower when many, so the row
        stays between the side tags."""
        snap, s, c = self.snap, self.layout.scale, self.layout.center
        n = len(snap.dora_indicators)
        if not n:
            return []
        room = c.w - 2 * round(40 * s)
        tall = c.bottom - round(34 * s) - (c.y + round(105 * s))  # down to the bottom seat's tag
        dw = min(round(30 * s * self.layout.zoom), (room - 3 * (n - 1)) // n, tall * 3 // 4 - 2)  # as large as the centre allows (play test: 20x28)
        x0 = c.centerx - (n * (dw + 3)) // 2
        return [(pygame.Rect((x0 + i * (dw + 3), c.y + round(105 * s)), footprint(dw)), t) for i, t in enumerate(snap.dora_indicators)]

    def stick_rect(self, seat: int) -> pygame.Rect:
        """A seat's riichi stick: on the centre panel's rim facing that seat."""
        s, c = self.layout.scale, self.layout.center
        rel = self.snap.seat_from_me(seat)
        length, thick = round(84 * s), max(5, round(8 * s))
        if rel % 2 == 0:
            rect = pygame.Rect(0, 0, length, thick)
            rect.center = (c.centerx, c.bottom + round(2 * s) if rel == 0 else c.top - round(2 * s))
        else:
            rect = pygame.Rect(0, 0, thick, length)
            rect.center = (c.right + round(2 * s) if rel == 1 else c.left - round(2 * s), c.centery)
        return rect

    def seat_tag_size(self, inset: int, pad: tuple[int, int]) -> int:
        """The font size of the four seat tags: the largest (up to 14, down to 10, scaled) at
        which each tag fits its edge with the highlight on, so the size never changes as the
        turn moves round; a name still too long is shortened instead."""
        snap, s, c = self.snap, self.layout.scale, self.layout.center
        size = round(14 * s)
        for seat in range(4):
            rel = snap.seat_from_me(seat)
            length = (c.h if rel % 2 else c.w) - 2 * inset
            while size > round(10 * s) and theme.font(size).size(self.seat_tag_text(seat))[0] + pad[0] > length:
                size -= 1
        return size

    def message_rect(self) -> pygame.Rect:
        """The top notice ("Sora declares riichi", "Kan dora ..."), centred at the top edge over
        the across seat's face-down hand for its few seconds, clear of that seat's pond (whose
        third row now reaches up toward the hand)."""
        s = self.layout.scale
        rect = pygame.Rect(0, 0, round(620 * s), round(46 * s))
        rect.midtop = (self.layout.size[0] // 2, round(10 * s))
        return rect

    def furiten_badge_rect(self) -> pygame.Rect:
        """The Furiten badge, right of the guide panel above my hand."""
        g, s = self.layout.guide, self.layout.scale
        return pygame.Rect(g.right + round(10 * s), g.y + round(4 * s), round(96 * s), g.h - round(8 * s))
