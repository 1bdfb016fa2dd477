"""The table's read-only picture of a game, and the one adapter that talks to the controller.

The table scene draws a :class:`TableSnapshot` and submits actions through a
:class:`Session`; it never sees engine objects. Keeping the controller behind this
one adapter means a change in the controller's API touches one file. No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from mahjong_joy.engine.actions import Action
from mahjong_joy.errors import IllegalActionError

SEAT_NAMES = ("You", "Momo", "Sora", "Kiri")


@dataclass(frozen=True)
class MeldView:
    """A declared set as the table draws it."""

    type: str  # chi, pon, kan, closed_kan, added_kan
    tiles: tuple[int, ...]  # kinds, the claimed one first for chi
    claimed: int | None
    from_seat: int | None


@dataclass(frozen=True)
class ClaimOffer:
    """The last discard the player may claim, with every legal answer (Pass included)."""

    tile: int
    from_seat: int
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class HandResult:
    """How a hand ended, for the score screen."""

    winner: int | None
    from_seat: int | None
    tsumo: bool
    win_tile: int | None
    hand: tuple[int, ...]
    melds: tuple[MeldView, ...]
    yaku: tuple[tuple[str, int], ...]
    han: int
    fu: int
    limit: str
    payments: tuple[tuple[str, int], ...]
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    ready: tuple[tuple[int, tuple[int, ...]], ...] = ()
    fu_lines: tuple[tuple[str, int, str], ...] = ()  # the scorer's fu breakdown: (reason, fu, tiles)


@dataclass(frozen=True)
class TableSnapshot:
    """Everything the table shows at one moment, from the player's seat."""

    me: int
    names: tuple[str, ...]
    points: tuple[int, ...]
    round_wind: int  # tile kind 27..30
    hand_number: int
    honba: int
    dealer: int
    turn: int
    phase: str
    hand: tuple[int, ...]  # my concealed kinds, sorted, without the drawn tile
    drawn: int | None
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[MeldView, ...], ...]
    rivers: tuple[tuple[int, ...], ...]  # kinds still lying in each river (claimed ones removed)
    wall_count: int
    dora_indicators: tuple[int, ...]
    own_actions: tuple[Action, ...]  # discards, tsumo, kans when it is my turn
    claim: ClaimOffer | None
    visible34: tuple[int, ...]
    result: HandResult | None = None
    revealed: dict[int, tuple[int, ...]] = field(default_factory=dict)  # seat -> hand shown at a win
    match_over: bool = False
    standings: tuple[tuple[int, int, int], ...] = ()
    history: tuple[tuple[int, ...], ...] = ()  # points after each hand, starting points first
    version: int = 0

    def seat_from_me(self, seat: int) -> int:
        """Relative position of an absolute seat: 0 me, 1 right, 2 across, 3 left."""
        return (seat - self.me) % 4

    @property
    def my_turn(self) -> bool:
        """True when the player must discard or declare."""
        return bool(self.own_actions)


class Session(Protocol):
    """What the table needs from a running game."""

    def snapshot(self) -> TableSnapshot: ...

    def drain_events(self) -> list[Any]: ...

    def needs_human(self) -> bool: ...

    def step(self) -> None: ...

    def submit(self, action: Action) -> None: ...

    def next_hand(self) -> None: ...


class StaticSession:
    """A game frozen at one snapshot (swap ``snap`` to move it): for screenshots and
    tests of positions that are hard to reach by play, such as a kan on every seat."""

    def __init__(self, snap: TableSnapshot) -> None:
        self.snap = snap

    def snapshot(self) -> TableSnapshot:
        return self.snap

    def drain_events(self) -> list[Any]:
        return []

    def needs_human(self) -> bool:
        return True  # nothing to step: the table just shows the snapshot

    def step(self) -> None:
        """Nothing moves by itself."""

    def submit(self, action: Action) -> None:
        raise IllegalActionError(f"{action.describe()}: this table is a still picture")

    def next_hand(self) -> None:
        """There is no next hand."""
