"""The player's statistics, computed from the match history.

Every figure is from the player's point of view: each match row says which
seat was the player's. Rates are over hands played; a rate with nothing to
divide by is ``None`` (shown as "no matches yet"), never a misleading zero.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, field
from typing import Any

from mahjong_joy.names import yaku_name
from mahjong_joy.storage.history import HandRow, History, MatchRow

RECENT = 20  # placements shown on the chart


@dataclass(frozen=True, slots=True)
class BestHand:
    """The player's highest-scoring win."""

    points: int
    han: int
    fu: int
    limit: str
    yaku: tuple[str, ...]
    played_at: str
    ruleset: str
    match_id: int
    label: str


@dataclass(frozen=True, slots=True)
class Stats:
    """Everything the Stats screen and ``mahjong-joy stats`` show."""

    matches: int = 0
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    average_placement: float | None = None
    win_rate: float | None = None
    deal_in_rate: float | None = None
    average_win_points: float | None = None
    best_hand: BestHand | None = None
    recent_placements: tuple[int, ...] = ()  # oldest first
    win_rate_by_ruleset: dict[str, float] = field(default_factory=dict)

    @property
    def is_empty(self) -> bool:
        """True before the first match: the screen and CLI say "no matches yet"."""
        return self.matches == 0

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (tuples as lists)."""
        out = asdict(self)
        out["recent_placements"] = list(self.recent_placements)
        if self.best_hand is not None:
            out["best_hand"]["yaku"] = list(self.best_hand.yaku)
        return out


def compute_stats(history: History) -> Stats:
    """Statistics over every match in ``history``, the player's seat read from each row."""
    matches = history.matches()
    return stats_from_rows([(m, history.hands(m.id)) for m in matches])


def stats_from_rows(played: Iterable[tuple[MatchRow, list[HandRow]]]) -> Stats:
    """The same figures from rows already read (newest match first, as :meth:`History.matches` gives)."""
    played = list(played)
    if not played:
        return Stats()
    hands = wins = deal_ins = 0
    win_points: list[int] = []
    best: BestHand | None = None
    by_ruleset: dict[str, list[int]] = {}  # ruleset -> [wins, hands]
    for match, rows in reversed(played):  # oldest first, so an earlier best hand keeps a tie
        seat = match.player_seat
        tally = by_ruleset.setdefault(match.ruleset, [0, 0])
        for hand in rows:
            hands += 1
            tally[1] += 1
            if hand.winner == seat:
                wins += 1
                tally[0] += 1
                win_points.append(hand.points)
                best = _better(best, match, hand)
            elif hand.winner is not None and hand.from_seat == seat:
                deal_ins += 1
    placements = [m.placement for m, _ in played if m.placement is not None]
    return Stats(
        matches=len(played),
        hands=hands,
        wins=wins,
        deal_ins=deal_ins,
        average_placement=_mean(placements),
        win_rate=wins / hands if hands else None,
        deal_in_rate=deal_ins / hands if hands else None,
        average_win_points=_mean(win_points),
        best_hand=best,
        recent_placements=tuple(reversed(placements[:RECENT])),
        win_rate_by_ruleset={name: w / n for name, (w, n) in sorted(by_ruleset.items()) if n},
    )


def _better(best: BestHand | None, match: MatchRow, hand: HandRow) -> BestHand:
    """The higher of two wins by points, then han; an earlier win keeps a tie."""
    if best is not None and (best.points, best.han) >= (hand.points, hand.han):
        return best
    return BestHand(hand.points, hand.han, hand.fu, hand.limit, tuple(name for name, _ in hand.yaku),
                    match.played_at, match.ruleset, match.id, hand.label)


def yaku_label(name: str) -> str:
    """A stored yaku id as players read it: ``menzen_tsumo`` -> ``Concealed self-draw``."""
    return yaku_name(name)


def best_hand_text(best: BestHand | None) -> str:
    """One line for the best hand, e.g. ``8,000 points: 4 han 30 fu, mangan (Riichi, Tanyao) on 2026-01-05``."""
    if best is None:
        return "no wins yet"
    value = f"{best.han} han {best.fu} fu" + (f", {best.limit.replace('_', ' ')}" if best.limit else "")
    return f"{best.points:,} points: {value} ({', '.join(yaku_label(y) for y in best.yaku)}) on {best.played_at[:10]}"


def _mean(values: list[int]) -> float | None:
    return sum(values) / len(values) if values else None
