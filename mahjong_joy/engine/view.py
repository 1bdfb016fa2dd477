"""What one seat may see: its own hand, everyone's rivers and melds, counts of the rest.

A :class:`SeatView` reads the live hand state through properties that return
fresh tuples, so an AI can neither see hidden tiles nor change anything.
"""

from __future__ import annotations

from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.state import ClaimOpportunity, HandState, Phase
from mahjong_joy.tiles import KIND_COUNT


class SeatView:
    """Read-only window on a hand for one seat (absolute seat numbers throughout)."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: HandState, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def phase(self) -> Phase:
        return self._state.phase

    @property
    def current(self) -> int:
        """The seat whose turn it is (the last discarder while claims are open)."""
        return self._state.current

    @property
    def dealer(self) -> int:
        return self._state.dealer

    @property
    def hand(self) -> tuple[int, ...]:
        """Own concealed kinds, sorted."""
        return tuple(sorted(t // 4 for t in self._state.concealed[self.seat]))

    @property
    def counts34(self) -> tuple[int, ...]:
        """Own concealed tiles as counts per kind."""
        return tuple(self._state.counts[self.seat])

    @property
    def drawn_tile(self) -> int | None:
        """The kind just drawn, when it is this seat's turn after a draw."""
        drawn = self._state.drawn
        if drawn is None or self._state.current != self.seat:
            return None
        return drawn // 4

    def melds(self, seat: int) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """Any seat's declared sets as ``(type, kinds)``."""
        return tuple((m.type, m.kinds) for m in self._state.melds[seat])

    @property
    def meld_count(self) -> int:
        return len(self._state.melds[self.seat])

    @property
    def pons(self) -> tuple[int, ...]:
        return tuple(self._state.pons_of(self.seat))

    def river(self, seat: int) -> tuple[int, ...]:
        """Any seat's discards (kinds) in order, claimed ones included."""
        return tuple(r.tile // 4 for r in self._state.rivers[seat])

    def hand_size(self, seat: int) -> int:
        """How many concealed tiles a seat holds (never which)."""
        return len(self._state.concealed[seat])

    @property
    def wall_count(self) -> int:
        return self._state.wall.live_count

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        return tuple(t // 4 for t in self._state.wall.dora_indicators)

    @property
    def last_discard(self) -> int | None:
        """Kind of the tile now open to claims (or being added to a kan)."""
        on = self._state.pending_kan or self._state.last_discard
        return None if on is None or self._state.phase is Phase.AWAITING_DISCARD else on[1] // 4

    @property
    def opportunity(self) -> ClaimOpportunity | None:
        return self._state.opportunity_of(self.seat)

    @property
    def legal_actions(self) -> list[Action]:
        return self._state.legal_actions(self.seat)

    def visible_counts34(self) -> list[int]:
        """Kinds this seat can see: own hand, all rivers, all melds, dora indicators."""
        counts = list(self._state.counts[self.seat])
        state = self._state
        for seat in range(4):
            for r in state.rivers[seat]:
                if r.claimed_by is None:
                    counts[r.tile // 4] += 1
            for m in state.melds[seat]:
                for t in m.tiles:
                    counts[t // 4] += 1
        for t in state.wall.dora_indicators:
            counts[t // 4] += 1
        return [min(4, n) for n in counts[:KIND_COUNT]]
