"""What a hand is worth to Hard: its wins' real values, weighted by how often they come.

Efficiency alone (shanten, then useful tiles) treats a cheap kanchan wait like a
pinfu-tanyao ryanmen and a dora like any tile. Hard instead looks one or two draws
ahead and scores every ready hand it could reach with the project's own scorer,
under the scoring the played rules value hands by (``Rules.valuation``: Tenhou's for
every preset, Joy included, on purpose):

- a **ready** hand is worth the sum, over its waits, of the wait's unseen copies times
  the ron value of that win (riichi assumed while the hand is closed, the dora and red
  fives counted; a wait with no yaku is worth nothing, and a furiten hand only wins by
  tsumo, so it counts for a third);
- a hand **one from ready** is worth, over each useful draw, the draw's share of the
  unseen tiles times the best ready hand it then allows (the best discard after it).

This is the idea behind kobalab's majiang-ai's expected-value discards, written here
for our scorer and counts. The two worths are on different scales (one more draw
deep); :func:`equity` turns either into "points expected from the hand" with the
shared rough win chances of :mod:`mahjong_joy.ai.reading`, so a call or a step back
from a poor ready hand can be weighed against the hand as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_joy.ai import reading as rd
from mahjong_joy.engine.view import SeatView
from mahjong_joy.hand.shanten import shanten_of_key
from mahjong_joy.hand.waits import kinds_in_mask, useful_mask
from mahjong_joy.melds import CLOSED_KAN, Meld
from mahjong_joy.rulesets.riichi import HandScore, RiichiRules, score_hand
from mahjong_joy.rulesets.riichi.rules import TENHOU_SCORING
from mahjong_joy.rulesets.riichi.situation import WinSituation
from mahjong_joy.names import WIND_TILE_OF
from mahjong_joy.tiles import EAST, KIND_COUNT, kind_of_code

FURITEN_SHARE = 1 / 3  # a furiten wait wins only by tsumo: about a third of its wins


class Outlook:
    """One seat's table as the worth of its hands depends on it, for one decision.

    Built once per decision from the seat's view; caches every scored win and every
    ready hand's worth, because the discards being compared reach the same hands."""

    def __init__(self, view: SeatView, melds: Sequence[Meld] | None = None) -> None:
        own = view.melds[view.seat] if melds is None else melds
        self.melds = tuple(Meld(m.type, m.kinds) for m in own)  # by kinds: the red fives count apart (``red``)
        self.meld_count = len(self.melds)
        self.closed = all(m.type == CLOSED_KAN for m in own)
        self.seat_wind = EAST + (view.seat - view.dealer) % 4
        self.round_wind = WIND_TILE_OF[view.round_wind]
        self.dora = tuple(view.dora_indicators)
        self.red = tuple(sorted(kind_of_code(c) for c in view.hand if c >= 34))
        self.left = rd.unseen(view)
        self.valuation: RiichiRules = view.valuation or TENHOU_SCORING  # the played rules' (Rules.valuation)
        self.unseen = max(1, sum(self.left))
        self.own_river = frozenset(view.river(view.seat))
        self.turns = view.wall_count / 4
        self._wins: dict[tuple[bytes, int], int] = {}
        self._ready: dict[bytes, tuple[float, int]] = {}
        self._dama: dict[tuple[bytes, tuple[int, ...]], int] = {}

    # ------------------------------------------------------------ one win

    def win_value(self, counts14: Sequence[int], win: int) -> int:
        """Points of a ron on ``win`` that completes ``counts14`` (0 with no yaku)."""
        key = (bytes(counts14), win)
        found = self._wins.get(key)
        if found is None:
            found = self._score(counts14, win)
            self._wins[key] = found
        return found

    def situation(self, counts14: Sequence[int], win: int, riichi: bool, dora: bool = True) -> WinSituation:
        """A ron on ``win`` completing ``counts14`` at this seat, with or without riichi
        and with or without the dora and red fives."""
        return WinSituation(
            hand=tuple(k for k in range(KIND_COUNT) for _ in range(counts14[k])), win_tile=win, melds=self.melds,
            riichi=riichi, seat_wind=self.seat_wind, round_wind=self.round_wind,
            dora_indicators=self.dora if dora else (), hand_red=tuple(k for k in self.red if counts14[k]) if dora else (),
        )

    def _score(self, counts14: Sequence[int], win: int) -> int:
        score = _scored(self.situation(counts14, win, riichi=self.closed), self.valuation)
        return score.total if score is not None and score.valid else 0

    def dama_han(self, counts13: list[int], waits: Sequence[int]) -> int:
        """Least han of a ron on each wait without riichi, dora or red fives (what the
        hand is sure of as dama); 0 when some wait has no yaku, or there is none.

        Kept per hand: a dama turn asks once to choose and once more to word its reason."""
        key = (bytes(counts13), tuple(waits))
        found = self._dama.get(key)
        if found is None:
            found = self._dama_han(counts13, waits)
            self._dama[key] = found
        return found

    def _dama_han(self, counts13: list[int], waits: Sequence[int]) -> int:
        least = 0
        for w in waits:
            counts13[w] += 1
            score = _scored(self.situation(counts13, w, riichi=False, dora=False), self.valuation)
            counts13[w] -= 1
            if score is None or not score.valid:
                return 0
            least = score.han if not least else min(least, score.han)
        return least

    # ------------------------------------------------------------ ready hands

    def ready(self, counts13: list[int]) -> tuple[float, int]:
        """(worth, unseen waits) of a ready hand: unseen copies times each wait's value."""
        key = bytes(counts13)
        found = self._ready.get(key)
        if found is not None:
            return found
        waits = kinds_in_mask(useful_mask(key, self.meld_count))
        share = FURITEN_SHARE if any(w in self.own_river for w in waits) else 1.0
        worth = 0.0
        width = 0
        for w in waits:
            copies = self.left[w]
            if not copies:
                continue
            counts13[w] += 1
            worth += copies * self.win_value(counts13, w)
            counts13[w] -= 1
            width += copies
        found = (worth * share, width)
        self._ready[key] = found
        return found

    # ------------------------------------------------------------ one from ready

    def one_from_ready(self, counts13: list[int]) -> tuple[float, float]:
        """(worth, average ready value) of a hand one from ready.

        Worth: over each useful draw, its share of the unseen tiles times the best
        ready hand's worth after it. The average value is what a win from here is
        worth on average, for :func:`equity`."""
        melds = self.meld_count
        key = bytes(counts13)
        total = 0.0
        wins = 0.0
        weight = 0.0
        for draw in kinds_in_mask(useful_mask(key, melds)):
            copies = self.left[draw]
            if not copies:
                continue
            counts13[draw] += 1
            best = (0.0, 0)
            for k in range(KIND_COUNT):
                if counts13[k] and k != draw:
                    counts13[k] -= 1
                    if shanten_of_key(bytes(counts13), melds) == 0:
                        found = self.ready(counts13)
                        if found[0] > best[0]:
                            best = found
                    counts13[k] += 1
            counts13[draw] -= 1
            total += copies * best[0]
            if best[1]:
                wins += copies * best[0] / best[1]
            weight += copies
        average = wins / weight if weight else 0.0
        return total / self.unseen, average


def _scored(situation: WinSituation, valuation: RiichiRules) -> HandScore | None:
    """The score under the rules the AI values hands by, or ``None`` for an impossible
    reading (say, a fifth copy)."""
    try:
        return score_hand(situation, valuation)
    except ValueError:
        return None


OPEN_SPEED = 1.6  # an open hand not yet ready also calls its useful tiles from the others


def equity(shanten: int, ukeire: int, value: float, wall: int, open_hand: bool = False) -> float:
    """Points a hand may expect to win from here: the shared rough win chance times the
    average value of its wins (only used to weigh hands of different distances).

    An open hand short of ready counts its useful tiles ``OPEN_SPEED`` times: they
    can come from the others' discards as well as its own draws."""
    if open_hand and shanten > 0:
        ukeire = round(ukeire * OPEN_SPEED)
    return rd.win_chance(shanten, ukeire, wall, False) * value


def ready_average(worth: float, width: int) -> float:
    """Average value of a win of a ready hand worth ``worth`` over ``width`` waits."""
    return worth / width if width else 0.0
