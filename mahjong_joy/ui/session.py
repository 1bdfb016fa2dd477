"""The table's read-only picture of a game, and the one adapter that talks to the controller.

The table scene draws a :class:`TableSnapshot` and submits actions through a
:class:`Session`. One concept has one shape: melds are the controller's
:class:`~mahjong_joy.controller.MeldView`, a hand's result is the engine's own
:class:`~mahjong_joy.engine.match.HandResult` (with one
:class:`~mahjong_joy.engine.match.WinResult` per winner), read as it is, not copied
into a look-alike. Tiles in the snapshot are codes: kinds 0..33 and 34..36 for the
red 5m, 5p, 5s (under Joy, with no red fives, a code is its kind). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from mahjong_joy.controller import MeldView, result_melds
from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.match import HandResult, WinResult
from mahjong_joy.errors import IllegalActionError

__all__ = ["SEAT_NAMES", "ClaimOffer", "HandResult", "MeldView", "Session", "StaticSession", "TableSnapshot",
           "WaitNote", "WinResult", "result_melds"]

SEAT_NAMES = ("You", "Momo", "Sora", "Kiri")


@dataclass(frozen=True)
class ClaimOffer:
    """The last discard the player may claim, with every legal answer (Pass included)."""

    tile: int
    from_seat: int
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class WaitNote:
    """One wait of a discard that leaves the hand ready, as the hint panel lists it:
    the kind, unseen copies, and what stops a win on it (``furiten`` names the river
    tile or the discard itself; ``no_ron_yaku`` with ``tsumo_ok`` means tsumo only)."""

    tile: int
    unseen: int
    furiten: str = ""
    no_ron_yaku: bool = False
    tsumo_ok: bool = True


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
    hand: tuple[int, ...]  # my concealed codes, sorted by kind, without the drawn tile
    drawn: int | None
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[MeldView, ...], ...]
    rivers: tuple[tuple[int, ...], ...]  # codes still lying in each river (claimed ones removed)
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
    rules: str = "joy"  # the preset's name (joy, mahjong_soul, tenhou)
    sticks: int = 0  # riichi sticks (1,000 each) waiting in the centre
    riichi: tuple[bool, ...] = (False,) * 4  # per seat: its riichi stick is down (or declared)
    river_sideways: tuple[int | None, ...] = (None,) * 4  # per seat: index in ``rivers`` of the sideways tile
    furiten: str = ""  # why I may not ron now ("" when I may)
    waits: tuple[int, ...] = ()  # my waits (kinds) while my hand holds 13 tiles
    note: str = ""  # one line about the last discard I waited on and could not ron
    abort_seat: int | None = None  # the seat whose hand caused an abortive draw (nine terminals)
    game_points: tuple[float, ...] = ()  # per standing row, once the match is over (uma and oka applied)
    best_hand: str = ""  # the match's best hand so far, in words

    @property
    def riichi_rules(self) -> bool:
        """True under a riichi preset (sticks, furiten and the Riichi button matter)."""
        return self.rules != "joy"

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
