"""What one seat may see: a frozen snapshot of the table from its chair.

:func:`observe` copies out exactly what the seat may know: its own hand (kinds and
tile codes), every river with its tsumogiri and riichi marks, every meld, each
seat's riichi state, points, the sticks and honba, the dora indicators, the wall
count, the tile on offer with the seat's own opportunity and legal actions, and
its own waits and furiten. The view keeps no reference to the hand state, so an
AI can neither see hidden tiles nor change anything, and a view taken before an
action stays what it was (build a fresh one per decision; DESIGN 2.5, 6).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.state import ClaimOpportunity, HandState, Phase, RiverEntry
from mahjong_joy.engine.phases import ClaimWindow
from mahjong_joy.tiles import KIND_COUNT, KIND_OF_CODE


class SeatView(NamedTuple):
    """Read-only picture of a hand for one seat (absolute seat numbers throughout).

    A named tuple: immutable, and cheap to build once per decision."""

    seat: int
    phase: Phase
    current: int
    dealer: int
    round_wind: str
    hand: tuple[int, ...]  # own concealed kinds, sorted
    hand_codes: tuple[int, ...]  # the same tiles as codes (red fives 34..36)
    counts34: tuple[int, ...]
    drawn_tile: int | None  # kind just drawn, on this seat's turn
    drawn_code: int | None
    meld_sets: tuple[tuple[tuple[str, tuple[int, ...]], ...], ...]
    rivers: tuple[tuple[RiverEntry, ...], ...]
    hand_sizes: tuple[int, ...]
    riichi: tuple[int | None, ...]  # per seat: river index of its riichi tile, or None
    points: tuple[int, ...]
    sticks: int
    wall_count: int
    dora_indicators: tuple[int, ...]  # kinds
    last_discard: int | None  # kind now open to claims (or being added to a kan)
    opportunity: ClaimOpportunity | None
    legal_actions: tuple[Action, ...]
    waits: tuple[int, ...]  # own waits while the hand holds 13 - 3 per meld
    furiten: bool
    pons: tuple[int, ...]
    needs_yaku: bool  # a win needs a yaku under these rules
    valuation: Any = None  # the scoring options an AI values hands by (``Rules.valuation``); None: the AI's default

    def melds(self, seat: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Any seat's declared sets as ``(type, kinds)``."""
        return self.meld_sets[seat]

    @property
    def meld_count(self) -> int:
        return len(self.meld_sets[self.seat])

    def river(self, seat: int) -> tuple[int, ...]:
        """Any seat's discards (kinds) in order, claimed ones included."""
        return tuple([KIND_OF_CODE[e.tile] for e in self.rivers[seat]])

    def hand_size(self, seat: int) -> int:
        """How many concealed tiles a seat holds (never which)."""
        return self.hand_sizes[seat]

    def visible_counts34(self) -> list[int]:
        """Kinds this seat can see: own hand, all rivers, all melds, dora indicators."""
        counts = list(self.counts34)
        for river in self.rivers:
            for entry in river:
                if entry.claimed_by is None:
                    counts[KIND_OF_CODE[entry.tile]] += 1
        for sets in self.meld_sets:
            for _, kinds in sets:
                for kind in kinds:
                    counts[kind] += 1
        for kind in self.dora_indicators:
            counts[kind] += 1
        return [min(4, n) for n in counts[:KIND_COUNT]]

    @property
    def in_riichi(self) -> bool:
        return self.riichi[self.seat] is not None


def observe(state: HandState, seat: int) -> SeatView:
    """The frozen view of ``state`` from ``seat``."""
    st = state.seats[seat]
    codes = state.codes
    stage = state.stage
    phase = stage.PHASE
    mine = phase is Phase.AWAITING_DISCARD and state.current == seat
    drawn = stage.drawn if mine else None  # type: ignore[union-attr]
    offered = stage.tile >> 2 if isinstance(stage, ClaimWindow) else None
    seats = state.seats
    waits = () if mine else state.waits_of(seat)
    concealed = sorted(st.concealed)
    return SeatView(
        seat,
        phase,
        state.current,
        state.dealer,
        state.round_wind,
        tuple([t >> 2 for t in concealed]),
        tuple(sorted(map(codes.__getitem__, concealed))) if state.reds else tuple([t >> 2 for t in concealed]),
        tuple(st.counts),
        None if drawn is None else drawn >> 2,
        None if drawn is None else codes[drawn],
        tuple([s.meld_view for s in seats]),
        tuple([s.river_view for s in seats]),
        tuple([len(s.concealed) for s in seats]),
        tuple([s.riichi_at for s in seats]),
        tuple(state.points),
        state.sticks,
        state.wall.live_count,
        tuple([t >> 2 for t in state.wall.dora_indicators]),
        offered,
        state.opportunity_of(seat),
        state.legal_actions(seat),
        waits,
        state.is_furiten(seat, waits) if waits else False,
        tuple(state.pons_of(seat)) if st.melds else (),
        state.rules.scoring.yaku_required,
        state.rules.valuation,
    )
