"""What an opponent's exposed melds say about the hand behind them (Hard's defence).

In MCR there is no furiten and no riichi (RULES.md B2), so the only warning a
seat gets is the melds: two or three sets of one suit (with honors) are a flush
on the way, three or four melds leave a hand of four or one tiles that is likely
ready, pungs of value honors add fan. A seat collecting one suit wins on a tile
of that suit or an honor; a tile it has let go since its last call is a little
safer (it did not want it then), and a kind whose copies are all in sight can
only complete a single wait.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_joy.ai.mcr.plans import Winds
from mahjong_joy.engine.view import SeatView
from mahjong_joy.melds import CHI
from mahjong_joy.names import WIND_TILE_OF
from mahjong_joy.tiles import DRAGONS

LATE_WALL = 36  # tiles left in the wall from which an open hand is read as near its end
DEAL_IN_LOSS = 8 + 24  # what a deal-in into a big hand costs: 8 + its fan


@dataclass(frozen=True)
class Threat:
    """An opponent whose melds show a hand worth fearing: its ``seat``, the ``suit``
    it collects (``None`` when its melds mix suits), how many ``melds`` it shows and
    how likely it is ``ready``."""

    seat: int
    suit: int | None
    melds: int
    ready: float
    passed: frozenset[int]  # kinds it discarded since its last call

    def danger(self, kind: int, unseen: int) -> float:
        """The chance that ``kind`` completes this hand, given that it is ready."""
        if self.suit is not None:
            wanted = kind >= 27 or kind // 9 == self.suit
            base = 1 / 10 if wanted else 1 / 200
        else:
            base = 1 / 25
        if kind in self.passed:
            base *= 0.3
        if unseen == 0:
            base *= 0.4
        return base


def threats(view: SeatView) -> list[Threat]:
    """Every other seat whose melds show two or more sets of one suit, three or more
    melds, or two pungs of dragons; readiness grows with the melds and late in the wall."""
    out = []
    for seat in range(4):
        if seat == view.seat:
            continue
        melds = [m for m in view.melds[seat] if m.is_open]
        if not melds:
            continue
        suits = {k // 9 for m in melds for k in m.kinds if k < 27}
        suit = next(iter(suits)) if len(suits) == 1 and len(melds) >= 2 else None
        dragons = sum(1 for m in melds if m.type != CHI and m.kinds[0] in DRAGONS)
        if suit is None and len(melds) < 3 and dragons < 2:
            continue
        ready = {1: 0.1, 2: 0.3, 3: 0.6}.get(len(melds), 0.85)
        if view.wall_count <= LATE_WALL:
            ready = min(0.9, ready * 1.5)
        out.append(Threat(seat, suit, len(melds), ready, _passed_since_call(view, seat)))
    return out


def _passed_since_call(view: SeatView, seat: int) -> frozenset[int]:
    river = view.river(seat)
    return frozenset(river[-6:])


def deal_in(threat_list: list[Threat], kind: int, unseen: list[int]) -> float:
    """The chance that discarding ``kind`` deals in to one of the threats."""
    return min(1.0, sum(t.ready * t.danger(kind, unseen[kind]) for t in threat_list))


def winds_of(view: SeatView) -> Winds:
    """The seat's wind (from its place after the dealer) and the round's."""
    return Winds(27 + (view.seat - view.dealer) % 4, WIND_TILE_OF.get(view.round_wind, 27))
