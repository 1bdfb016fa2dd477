"""What one seat may see: a frozen snapshot of the table from its chair.

:func:`observe` copies out exactly what the seat may know: its own hand (tile
codes), every river with its tsumogiri and riichi marks, every meld (the one
:class:`~mahjong_joy.melds.Meld` shape), each seat's riichi state, points, the
sticks and honba, the dora indicators, the wall count, the tile on offer with the
seat's own opportunity and legal actions, and its own waits and furiten. The view
keeps no reference to the hand state, so an AI can neither see hidden tiles nor
change anything, and a view taken before an action stays what it was (build a
fresh one per decision; DESIGN 2.5, 6).

Tiles travel as codes (issue 24: one tile shape at every edge); the kinds hand
analysis works on (counts of 34) are derived on request: :meth:`SeatView.counts34`,
:meth:`SeatView.kinds`, :attr:`SeatView.drawn_kind`, :attr:`~mahjong_joy.melds.Meld.kinds`.
What the engine itself worked out about the seat's hand stays in kinds: its
``waits`` and ``pons``; the table facts ``dora_indicators`` and ``last_discard`` name kinds too.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, NamedTuple

from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.phases import ClaimWindow
from mahjong_joy.engine.state import ClaimOpportunity, HandState, Phase, RiverEntry
from mahjong_joy.melds import Meld
from mahjong_joy.tiles import FIRST_FLOWER_ID, KIND_COUNT, KIND_OF_CODE


class SeatView(NamedTuple):
    """Read-only picture of a hand for one seat (absolute seat numbers throughout).

    A named tuple: immutable, and cheap to build once per decision. The seat's own
    facts come first, the table's (the same for every seat at one moment) after."""

    seat: int
    hand: tuple[int, ...]  # own concealed tiles as codes, by kind (a red five after its plain fives)
    drawn: int | None  # the code just drawn, on this seat's turn
    opportunity: ClaimOpportunity | None
    legal_actions: tuple[Action, ...]
    waits: tuple[int, ...]  # own waits (kinds) while the hand holds 13 - 3 per meld
    furiten: bool
    pons: tuple[int, ...]  # kinds this seat has ponned (added-kan candidates)
    phase: Phase
    current: int
    dealer: int
    round_wind: str
    melds: tuple[tuple[Meld, ...], ...]  # every seat's declared sets
    rivers: tuple[tuple[RiverEntry, ...], ...]  # the discards with a kind: a discarded flower is left out (RULES.md B1)
    hand_sizes: tuple[int, ...]
    riichi: tuple[int | None, ...]  # per seat: river index of its riichi tile, or None
    points: tuple[int, ...]
    sticks: int
    wall_count: int
    dora_indicators: tuple[int, ...]  # kinds
    last_discard: int | None  # kind now open to claims (or being added to a kan)
    needs_yaku: bool  # a win needs a yaku under these rules
    valuation: Any = None  # the scoring options an AI values hands by (``Rules.valuation``); None: the AI's default
    flowers: tuple[tuple[int, ...], ...] = ((), (), (), ())  # per seat, the flowers declared face up (codes 37..44)
    kept_flowers: tuple[int, ...] = ()  # own flowers held beside the hand, not yet declared (codes; never in ``hand``)

    def counts34(self) -> list[int]:
        """The own concealed hand as counts per kind (a red five counts as its five)."""
        counts = [0] * KIND_COUNT
        for code in self.hand:
            counts[KIND_OF_CODE[code]] += 1
        return counts

    def kinds(self) -> tuple[int, ...]:
        """The own concealed hand as kinds, lowest first."""
        return tuple([KIND_OF_CODE[code] for code in self.hand])

    @property
    def drawn_kind(self) -> int | None:
        """The kind just drawn, on this seat's turn."""
        return None if self.drawn is None else KIND_OF_CODE[self.drawn]

    @property
    def meld_count(self) -> int:
        return len(self.melds[self.seat])

    def river(self, seat: int) -> tuple[int, ...]:
        """Any seat's discards (kinds) in order, claimed ones included."""
        return tuple([KIND_OF_CODE[e.tile] for e in self.rivers[seat]])

    def hand_size(self, seat: int) -> int:
        """How many concealed tiles a seat holds (never which)."""
        return self.hand_sizes[seat]

    def visible_counts34(self) -> list[int]:
        """Kinds this seat can see: own hand, all rivers, all melds, dora indicators."""
        counts = self.counts34()
        for river in self.rivers:
            for entry in river:
                if entry.claimed_by is None:
                    counts[KIND_OF_CODE[entry.tile]] += 1
        for sets in self.melds:
            for meld in sets:
                for code in meld.tiles:
                    counts[KIND_OF_CODE[code]] += 1
        for kind in self.dora_indicators:
            counts[kind] += 1
        return [min(4, n) for n in counts]

    @property
    def in_riichi(self) -> bool:
        return self.riichi[self.seat] is not None


def observe(state: HandState, seat: int) -> SeatView:
    """The frozen view of ``state`` from ``seat``: the seat's own facts, then the
    table's, which the state builds once per moment and shares between the seats
    asked then (:meth:`table_facts`)."""
    st = state.seats[seat]
    stage = state.stage
    mine = stage.PHASE is Phase.AWAITING_DISCARD and state.current == seat
    drawn = stage.drawn if mine else None  # type: ignore[union-attr]
    if drawn is not None and drawn >= FIRST_FLOWER_ID:
        drawn = None  # a flower just drawn is not a hand tile: it shows in ``kept_flowers``
    waits = () if mine else state.waits_of(seat)
    return _VIEW(SeatView, (
        seat,
        state.shown_hand(seat),
        None if drawn is None else state.codes[drawn],
        None if mine else state.opportunity_of(seat),
        state.legal_actions(seat),
        waits,
        state.is_furiten(seat, waits) if waits else False,
        tuple(state.pons_of(seat)) if st.melds else (),
    ) + table_facts(state) + (tuple([state.codes[t] for t in st.kept]),))


_VIEW = tuple.__new__  # a SeatView from its fields in order (observe always gives them all)
_RIVER, _CONCEALED, _RIICHI_AT = attrgetter("river_view"), attrgetter("concealed"), attrgetter("riichi_at")
_FLOWERS = attrgetter("flower_view")


def table_facts(state: HandState) -> tuple:
    """The part of every seat's view that is the same for all of them now, in
    :class:`SeatView` order from ``phase``; kept on the state until its next change."""
    found = state._view
    if found is None:
        seats = state.seats
        stage = state.stage
        found = (
            stage.PHASE,
            state.current,
            state.dealer,
            state.round_wind,
            state.shown_melds(),
            tuple(map(_RIVER, seats)),  # map over attrgetter: no Python frame per seat
            tuple(map(len, map(_CONCEALED, seats))),
            tuple(map(_RIICHI_AT, seats)),
            tuple(state.points),
            state.sticks,
            state.wall.live_count,
            tuple([t >> 2 for t in state.wall.dora_indicators]),
            stage.tile >> 2 if isinstance(stage, ClaimWindow) else None,
            state.rules.scoring.yaku_required,
            state.rules.valuation,
            tuple(map(_FLOWERS, seats)),
        )
        state._view = found
    return found
