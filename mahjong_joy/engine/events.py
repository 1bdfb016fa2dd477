"""What happened: immutable facts, named in the past tense.

The engine returns events from every accepted action; the match adds the hand's
start, its score and the match end. A record replays to the same list of events,
compared through :meth:`Event.to_dict`. Tiles are codes (kinds 0..33, red fives
34..36, see :mod:`mahjong_joy.tiles`); seats are absolute. Fields added for riichi
have defaults and are left out of ``to_dict`` while they hold them, so a Joy hand's
events read exactly as they did before riichi existed (v1 records replay to the
identical stream).
"""

from __future__ import annotations

from dataclasses import MISSING, dataclass, fields
from typing import Any, ClassVar

from mahjong_joy.engine.outcome import HandOutcome, outcome_from_dict, outcome_to_dict
from mahjong_joy.melds import Meld


def _plain(value: Any) -> Any:
    """Tuples become lists, recursively, so an event dict is plain JSON."""
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Meld):
        return _plain(value.pair())  # the (type, tiles) pair stored event streams hold
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every event."""

    name: ClassVar[str] = "event"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form: ``{"event": name, ...fields}``."""
        out: dict[str, Any] = {"event": self.name}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.default is not MISSING and value == f.default:
                continue
            out[f.name] = _plain(value)
        return out


@dataclass(frozen=True, slots=True)
class HandStarted(Event):
    """A match began a hand: which one, the dealer, and the key its wall derives from."""

    round_wind: str
    hand_number: int
    honba: int
    dealer: int
    wall_key: str
    points: tuple[int, ...]
    sticks: int = 0
    players: tuple[int, ...] = (0, 1, 2, 3)  # who sits in each chair (TableState.players); left out when unmoved
    name: ClassVar[str] = "hand_started"


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """Thirteen tiles each were dealt; the first dora indicator is face up (``None``
    without a dead wall: Chinese Official play has no dora)."""

    dealer: int
    dora_indicator: int | None
    wall_count: int
    name: ClassVar[str] = "dealt"


@dataclass(frozen=True, slots=True)
class Drew(Event):
    """A seat drew a tile: from the live wall, or a replacement (``replacement``): from the
    dead wall after a kan, or from the tail of a wall without one after a kong or a flower."""

    seat: int
    tile: int
    replacement: bool
    name: ClassVar[str] = "drew"


@dataclass(frozen=True, slots=True)
class FlowerDeclared(Event):
    """A seat laid a flower (``tile``, its code 37..44) face up; its replacement follows as
    a ``Drew`` with ``replacement`` (RULES.md B1). ``deal`` marks the flowers replaced
    at the deal, before the dealer's first discard."""

    seat: int
    tile: int
    deal: bool = False
    name: ClassVar[str] = "flower_declared"


@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A seat discarded a tile; ``tsumogiri`` when it was the tile just drawn."""

    seat: int
    tile: int
    tsumogiri: bool
    name: ClassVar[str] = "discarded"


@dataclass(frozen=True, slots=True)
class Chied(Event):
    """A seat claimed ``claimed`` (its code) from ``from_seat`` to make the run ``tiles`` (codes)."""

    seat: int
    from_seat: int
    tiles: tuple[int, ...]
    claimed: int
    consumed: tuple[int, ...] = ()  # the codes taken from the hand, when red fives are in play
    name: ClassVar[str] = "chied"


@dataclass(frozen=True, slots=True)
class Ponned(Event):
    """A seat claimed a discard (``tile``, its code) from ``from_seat`` to make a triplet."""

    seat: int
    from_seat: int
    tile: int
    consumed: tuple[int, ...] = ()
    name: ClassVar[str] = "ponned"


@dataclass(frozen=True, slots=True)
class Kanned(Event):
    """A seat claimed a discard (``tile``, its code) from ``from_seat`` to make an open quad."""

    seat: int
    from_seat: int
    tile: int
    consumed: tuple[int, ...] = ()
    name: ClassVar[str] = "kanned"


@dataclass(frozen=True, slots=True)
class ClosedKanned(Event):
    """A seat declared four held copies of the kind ``tile`` as a closed quad (``consumed``:
    their codes, when red fives are in play)."""

    seat: int
    tile: int
    consumed: tuple[int, ...] = ()
    name: ClassVar[str] = "closed_kanned"


@dataclass(frozen=True, slots=True)
class AddedKanned(Event):
    """A seat added the fourth copy (``tile``, its code) to its pon (after nobody robbed it)."""

    seat: int
    tile: int
    consumed: tuple[int, ...] = ()  # the added tile's code first, then the pon's
    name: ClassVar[str] = "added_kanned"


@dataclass(frozen=True, slots=True)
class DoraRevealed(Event):
    """A kan turned over another dora indicator."""

    indicator: int
    name: ClassVar[str] = "dora_revealed"


@dataclass(frozen=True, slots=True)
class RiichiDeclared(Event):
    """A seat declared riichi; its next discard is the declaration tile."""

    seat: int
    name: ClassVar[str] = "riichi_declared"


@dataclass(frozen=True, slots=True)
class RiichiAccepted(Event):
    """The declaration tile was not ronned: the seat put down its 1,000 stick."""

    seat: int
    name: ClassVar[str] = "riichi_accepted"


@dataclass(frozen=True, slots=True)
class Aborted(Event):
    """The hand ended in an abortive draw (``nine_terminals``, ``four_winds``, ``four_kans``,
    ``four_riichi``, ``triple_ron``); ``seat`` is the one who declared nine terminals."""

    reason: str
    seat: int | None = None
    name: ClassVar[str] = "aborted"


@dataclass(frozen=True, slots=True)
class Passed(Event):
    """A seat declined its opportunity on the last tile; ``furiten`` when the tile
    would have completed its hand, so the pass leaves it furiten (RULES.md C1-2)."""

    seat: int
    furiten: bool = False
    name: ClassVar[str] = "passed"


@dataclass(frozen=True, slots=True)
class Won(Event):
    """A seat completed its hand: ``from_seat`` is itself for tsumo, else the discarder.

    ``tile`` is the winning tile's code, ``hand`` the concealed codes including the
    winning tile, ``melds`` the declared sets (codes, so a called red five stays red).
    ``to_dict`` writes a meld as the ``[type, tiles]`` pair stored streams hold.
    """

    seat: int
    from_seat: int
    tile: int
    tsumo: bool
    robbed_kan: bool
    hand: tuple[int, ...]
    melds: tuple[Meld, ...]
    name: ClassVar[str] = "won"


@dataclass(frozen=True, slots=True)
class Exhausted(Event):
    """The live wall ran out: the ready seats with their waits (kinds)."""

    ready: tuple[tuple[int, tuple[int, ...]], ...]
    nagashi: tuple[int, ...] = ()
    name: ClassVar[str] = "exhausted"


@dataclass(frozen=True, slots=True)
class HandScored(Event):
    """The match settled a hand: its :class:`~mahjong_joy.engine.outcome.HandOutcome`
    (every win, or the draw, and the table before and after)."""

    outcome: HandOutcome
    name: ClassVar[str] = "hand_scored"

    def to_dict(self) -> dict[str, Any]:
        return {"event": self.name, "outcome": outcome_to_dict(self.outcome)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandScored:
        """Read a ``hand_scored`` dict, in this form or the one stored before the outcome existed."""
        return cls(outcome_from_dict(data))


@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """The match is over: ``(seat, points, placement)`` best first."""

    standings: tuple[tuple[int, int, int], ...]
    name: ClassVar[str] = "match_ended"
