"""The phases of one hand, each holding the facts that live only while it lasts.

A hand is always in exactly one phase (kobalab's majiang-core keeps a ``status``
with one ``reply_<status>`` each; Mortal's arena a ``step`` per state):

- :class:`OwnTurn`: a seat drew or called and must discard or declare. It keeps the
  tile drawn, whether the turn began with a call or a replacement draw, and the
  kan indicators still face down until its discard.
- :class:`ClaimWindow`: a discard is open to claims. It keeps who may still answer,
  the rons declared, the seats a pass makes furiten, the riichi whose stick waits
  for the window to close, and the abortive draw the discard triggers unless ronned.
- :class:`RobWindow`: an added (or, for thirteen orphans, a closed) kan's tile may
  be robbed; it resumes the kan seat's :class:`OwnTurn` when nobody robs.
- :class:`Over`: the hand ended (the tile drawn stays known: a tsumo shows it apart).

A phase object is replaced, never reused across phases, so no fact outlives its phase.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import ClassVar, NamedTuple

from mahjong_joy.hand.claims import ClaimOption


class Phase(str, Enum):
    """Where the hand is waiting."""

    AWAITING_DISCARD = "awaiting_discard"
    AWAITING_CLAIMS = "awaiting_claims"
    AWAITING_ROBBERY = "awaiting_robbery"
    FINISHED = "finished"


class ClaimOpportunity(NamedTuple):
    """What one seat may do with the tile on offer (the dev log's class)."""

    seat: int
    can_win: bool
    options: tuple[ClaimOption, ...]


@dataclass(slots=True)
class OwnTurn:
    """A seat's turn: it holds 14 tiles (3 per meld fewer) and must discard or declare."""

    PHASE: ClassVar[Phase] = Phase.AWAITING_DISCARD
    seat: int
    drawn: int | None = None  # the id just drawn (None after a chi or pon)
    after_claim: bool = False  # the turn began with a chi or pon: only a discard
    after_replacement: bool = False  # the tile in hand came from the dead wall (rinshan)
    dora_pending: int = 0  # open or added kans' indicators revealed at this turn's discard (A1 "Kan dora")


@dataclass(slots=True)
class ClaimWindow:
    """A discard open to claims: each seat with a chance answers once."""

    PHASE: ClassVar[Phase] = Phase.AWAITING_CLAIMS
    from_seat: int
    tile: int  # the id on offer
    opportunities: tuple[ClaimOpportunity, ...] = ()
    waiting: set[int] = field(default_factory=set)  # seats that have not answered
    rons: list[int] = field(default_factory=list)  # seats that declared ron, in answer order
    missed: set[int] = field(default_factory=set)  # seats whose shape the tile completes
    unanswered: set[int] = field(default_factory=set)  # of those, the seats that may ron it: furiten once they let it go
    riichi_pending: int | None = None  # the seat whose declaration tile this is (its stick waits, C1-4)
    abort_pending: str | None = None  # the abortive draw this discard causes unless ronned


@dataclass(slots=True)
class RobWindow(ClaimWindow):
    """A kan tile open to robbing (chankan); the kan seat's turn resumes if nobody robs."""

    PHASE: ClassVar[Phase] = Phase.AWAITING_ROBBERY
    meld_type: str = ""
    turn: OwnTurn | None = None


@dataclass(slots=True)
class Over:
    """The hand ended; ``drawn`` is the tile drawn on the turn it ended on, if any."""

    PHASE: ClassVar[Phase] = Phase.FINISHED
    drawn: int | None = None


Stage = OwnTurn | ClaimWindow | RobWindow | Over
