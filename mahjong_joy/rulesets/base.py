"""The ruleset interface the engine and the match ask, and the plain data it answers with.

The engine asks a :class:`Ruleset` every family-specific question and imports no
family: the hand questions (``can_win``, ``claim_options``, ``waits``, ``score``),
the tile set of the wall (:meth:`Ruleset.wall_shape`: how many tiles, a dead wall
or none), how a finished hand is paid (:meth:`Ruleset.settle`), how the table
moves on and when the match ends (:meth:`Ruleset.next_table`), and the final
standings with game points (:meth:`Ruleset.final_standings`). The flow options
of a hand it reads from ``rules.hand``. The answers are the neutral values below
(:class:`TableState`, :class:`Settlement`, :class:`Standing`), so another family
(Chinese Official: 144 tiles, no dead wall) plugs in by writing one subclass.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mahjong_joy.hand.claims import KAN, ClaimOption, claims_on_counts, own_turn_kans_on_counts
from mahjong_joy.rulesets.win import WinContext
from mahjong_joy.tiles import KIND_COUNT



@dataclass(frozen=True, slots=True)
class Position:
    """Where a match stands: round wind, hand number (1..4 in East), honba, dealer seat."""

    round_wind: str = "E"
    hand_number: int = 1
    honba: int = 0
    dealer: int = 0


SAME_CHAIRS = (0, 1, 2, 3)


@dataclass(frozen=True, slots=True)
class TableState:
    """What a hand starts from: its position, every seat's points and the riichi
    sticks left on the table (``sticks``, 1,000 each).

    Points plus ``1000 * sticks`` stay constant through a match (RULES.md A2, 8).

    Seats are chairs: seat ``s`` is the chair that plays ``s``-th in turn order, and
    every per-seat number (``points``, ``dealer``) is per chair. ``players`` names who
    sits in each chair, a player being named by the chair he held in the first hand:
    riichi play never moves anyone (``(0, 1, 2, 3)``); Chinese Official play moves
    the players at the start of each round (RULES.md B3), and their points move with them.
    """

    round_wind: str = "E"
    hand_number: int = 1
    honba: int = 0
    dealer: int = 0
    points: tuple[int, ...] = (25_000,) * 4
    sticks: int = 0
    players: tuple[int, ...] = SAME_CHAIRS

    def chair_of(self, player: int) -> int:
        """The chair (engine seat) ``player`` sits in at this table."""
        return self.players.index(player)

    @property
    def position(self) -> Position:
        return Position(self.round_wind, self.hand_number, self.honba, self.dealer)


@dataclass(frozen=True, slots=True)
class WallShape:
    """The tile set of one hand's wall: ``tiles`` ids (0 .. tiles - 1) and a dead wall of
    ``dead_wall`` tiles at the back (0: none, kan replacements come from the tail of
    the live wall, as in Chinese Official play)."""

    tiles: int = 136
    dead_wall: int = 14


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the final table: seat, points, placement (1 = first), game points."""

    seat: int
    points: int
    placement: int
    score: float = 0.0


def order_of(points: Sequence[int]) -> list[int]:
    """Seats best first; equal points go to the earlier seat (East of the first hand first)."""
    return sorted(range(4), key=lambda seat: (-points[seat], seat))


@dataclass(frozen=True)
class ScoredWin:
    """One win, scored and paid: ``score`` is the family's score (a riichi ``HandScore``),
    its ``payments`` the scorer's display form (honba included for the first winner),
    ``paid`` what each seat paid for it."""

    seat: int
    from_seat: int
    tsumo: bool
    score: Any
    pao_seat: int | None
    paid: tuple[int, ...]


@dataclass(frozen=True)
class Settlement:
    """The money of one hand: ``deltas`` per seat (hand values, honba, sticks taken,
    noten and nagashi payments; not the riichi sticks put down during the hand)."""

    wins: tuple[ScoredWin, ...]
    deltas: tuple[int, ...]
    sticks_after: int
    dealer_keeps: bool
    honba_after: int
    tenpai: tuple[int, ...]
    nagashi: tuple[int, ...]


def deltas_from_payments(payments: dict[str, int], winner: int, from_seat: int, dealer: int) -> tuple[int, ...]:
    """Score changes per seat from a scorer's payments; they sum to zero (no riichi sticks).

    Ron: the discarder pays ``ron``. Tsumo: the dealer pays ``tsumo_dealer`` and each
    non-dealer ``tsumo_non_dealer`` (a dealer's tsumo has only ``tsumo_non_dealer``).
    """
    deltas = [0, 0, 0, 0]
    if winner != from_seat:
        deltas[from_seat] -= payments["ron"]
    else:
        for seat in range(4):
            if seat == winner:
                continue
            key = "tsumo_dealer" if seat == dealer and "tsumo_dealer" in payments else "tsumo_non_dealer"
            deltas[seat] -= payments[key]
    deltas[winner] = -sum(deltas)
    return tuple(deltas)


class Ruleset(ABC):
    """One set of rules; subclasses answer each question for their variant."""

    name = "base"
    starting_points = 25_000
    rules: Any = None  # the frozen Rules value, for rulesets built from one
    counts_visible_copies = False
    """Whether the scorer reads :attr:`WinContext.visible_copies` (Chinese Official's
    和绝张); the engine counts the table's face-up copies only then, since it builds a
    win's context on every ron chance and riichi scoring never reads them."""

    def options(self) -> dict[str, Any]:
        """The ruleset's options as plain JSON (stored in records)."""
        return {}

    @abstractmethod
    def can_win(self, counts34: Sequence[int], melds: int) -> bool:
        """Whether these concealed counts (14 - 3 per meld) plus ``melds`` sets are a win."""

    def claim_options(self, counts34: Sequence[int], tile: int, from_left: bool) -> list[ClaimOption]:
        """Chi (from the left only), pon and open kan on a discarded ``tile`` (the
        engine's counts: trusted, not re-checked)."""
        if counts34[tile] < 2 and not (from_left and tile < 27):
            return []
        return claims_on_counts(counts34, tile, from_left)

    def has_claim(self, counts34: Sequence[int], tile: int, from_left: bool) -> bool:
        """Whether :meth:`claim_options` finds any option (the engine's cheap test on every
        discard, without building the options): a pair of the tile, or from the left a
        run through it with the other two held."""
        if counts34[tile] >= 2:
            return True
        if not from_left or tile >= 27:
            return False
        rank = tile % 9
        below = rank >= 1 and counts34[tile - 1]
        above = rank <= 7 and counts34[tile + 1]
        return bool((below and above) or (below and rank >= 2 and counts34[tile - 2]) or (above and rank <= 6 and counts34[tile + 2]))

    def own_turn_kans(self, counts34: Sequence[int], pons: Sequence[int]) -> list[ClaimOption]:
        """Closed kans and added kans available on one's own turn (trusted counts)."""
        if 4 not in counts34 and not pons:
            return []
        return own_turn_kans_on_counts(counts34, pons)

    def waits(self, counts34: Sequence[int], melds: int) -> tuple[int, ...]:
        """Kinds that would complete a 13-equivalent hand (a held-four kind is no wait)."""
        counts = list(counts34)
        found = []
        for tile in range(KIND_COUNT):
            if counts[tile] >= 4:
                continue
            counts[tile] += 1
            if self.can_win(counts, melds):
                found.append(tile)
            counts[tile] -= 1
        return tuple(found)

    def shanten(self, counts34: Sequence[int], melds: int) -> int:
        """Least shanten over this ruleset's forms (-1 complete, 0 ready)."""
        raise NotImplementedError

    def situation(self, win: WinContext) -> Any:
        """The family's own situation of a win (what :meth:`score` reads), built from the
        engine's neutral :class:`~mahjong_joy.rulesets.win.WinContext`."""
        raise NotImplementedError

    def score(self, situation: Any) -> Any:
        """Score one win (a ``WinSituation``); ``valid`` is false when the rules refuse it."""
        raise NotImplementedError

    def score_win(self, win: WinContext) -> Any:
        """Score one win from the engine's neutral facts: the family builds its own
        situation (:meth:`situation`) and scores it."""
        return self.score(self.situation(win))

    def wall_shape(self) -> WallShape:
        """The tile set each hand is dealt from: 136 tiles and the rules' flowers, and the
        rules' dead wall (136 tiles and a dead wall of 14 without a rules value)."""
        rules = self.rules
        if rules is None:
            return WallShape()
        return WallShape(136 + rules.tiles.flowers, rules.tiles.dead_wall)

    def result_fields(self, score: Any, situation: Any) -> dict[str, Any]:
        """The fields of a :class:`~mahjong_joy.engine.outcome.WinResult` that carry this
        family's score of one win (``score`` from :meth:`score`, ``situation`` the one it
        scored), so the engine builds the one result shape without knowing the family.
        Riichi: yaku, han, fu, yakuman, limit, payments and fu lines."""
        return {
            "yaku": score.yaku, "han": score.han, "fu": score.fu, "yakuman": score.yakuman,
            "limit": str(score.limit or ""), "payments": tuple(sorted(score.payments.items())),
            "fu_details": tuple((line.reason, line.fu, line.tiles) for line in score.fu_details),
            "ura_indicators": situation.ura_indicators,
        }

    @abstractmethod
    def settle(self, end: Any, table: TableState) -> Settlement:
        """Pay a finished hand (a ``HandEnd``) played from ``table``."""

    @abstractmethod
    def next_table(self, table: TableState, points: Sequence[int], settlement: Settlement,
                   aborted: bool) -> TableState | None:
        """The next hand's table (dealer, honba, round, points, sticks) after ``settlement``,
        or ``None`` when the match is over."""

    @abstractmethod
    def final_standings(self, points: Sequence[int], sticks: int,
                        players: Sequence[int] = SAME_CHAIRS) -> tuple[Standing, ...]:
        """The final table: placements, leftover sticks, game points (uma and oka).
        ``points`` are per chair of the last table, ``players`` who sat there
        (:attr:`TableState.players`: a family that moves players breaks ties by them)."""


__all__ = [
    "KAN", "SAME_CHAIRS", "ClaimOption", "Position", "Ruleset", "ScoredWin", "Settlement", "Standing", "TableState",
    "WallShape", "deltas_from_payments", "order_of",
]
