"""The Joy ruleset: the casual rules the game starts with.

- Any complete hand wins (standard, seven pairs, thirteen orphans), by tsumo or
  ron; chi, pon and kans are allowed; no riichi, no furiten.
- A win is scored by the riichi scorer with its Joy preset
  (``RiichiRules.joy()``: 1 han ``joy_win`` when there is no yaku, no dora).
- Several seats able to win on one discard: the first in turn order after the
  discarder takes it (the controller applies this).
- An exhaustive draw pays nothing.
- The match is the East round: the dealer keeps the seat after a dealer win; the
  honba counter goes up on a dealer repeat or a draw (the dealer seat passes on
  a draw) and resets on a non-dealer win. The match ends after East 4 or when a
  seat falls below zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong_joy.hand.agari import is_winning_hand
from mahjong_joy.notation import format_tiles
from mahjong_joy.rulesets.base import Position, Ruleset, WinContext, WinScore, deltas_from_payments
from mahjong_joy.rulesets.riichi import RiichiRules, WinSituation, score_hand

HANDS_PER_ROUND = 4


def score_with_scorer(situation: dict[str, Any]) -> dict[str, Any]:
    """The one adapter to the riichi scorer: a situation dict in, the score as a dict out.

    Keys out: ``valid``, ``yaku`` [(id, han)], ``han``, ``fu``, ``fu_details``
    [(reason, fu, tiles)], ``limit``, ``payments``. Kept in one place so the scorer's interface touches one function.
    """
    score = score_hand(WinSituation.from_dict(situation), RiichiRules.joy())
    return {
        "valid": bool(score.valid),
        "yaku": [(str(name), int(han)) for name, han in score.yaku],
        "han": int(score.han),
        "fu": int(score.fu),
        "fu_details": [(str(line.reason), int(line.fu), str(line.tiles)) for line in score.fu_details],
        "limit": str(score.limit or ""),
        "payments": dict(score.payments),
    }


def situation_of(win: WinContext) -> dict[str, Any]:
    """A win in the scorer's JSON situation form."""
    return {
        "hand": format_tiles(win.hand),
        "win_tile": format_tiles([win.win_tile]),
        "melds": [{"type": kind, "tiles": format_tiles(tiles)} for kind, tiles in win.melds],
        "tsumo": win.tsumo,
        "haitei": win.tsumo and win.last_tile,
        "houtei": not win.tsumo and win.last_tile,
        "rinshan": win.rinshan,
        "chankan": win.robbed_kan,
        "seat_wind": win.seat_wind,
        "round_wind": win.round_wind,
        "honba": win.honba,
        "riichi_sticks": win.riichi_sticks,
        "dora_indicators": format_tiles(win.dora_indicators),
    }


class JoyRuleset(Ruleset):
    """Any complete hand wins; scored by the riichi scorer's Joy preset; East round."""

    name = "joy"

    def can_win(self, counts34: Sequence[int], melds: int) -> bool:
        return is_winning_hand(counts34, melds)

    def score_win(self, win: WinContext) -> WinScore:
        score = score_with_scorer(situation_of(win))
        if not score["valid"]:
            raise ValueError(f"the scorer rejected a win the engine accepted: {situation_of(win)}")
        payments = score["payments"]
        deltas = deltas_from_payments(payments, win.seat, win.from_seat, win.dealer)
        details = tuple(score["fu_details"])
        return WinScore(tuple(score["yaku"]), score["han"], score["fu"], score["limit"], payments, deltas, details)

    def next_position(self, position: Position, winner: int | None, points: Sequence[int]) -> Position | None:
        if min(points) < 0:
            return None
        if winner == position.dealer:
            return Position(position.round_wind, position.hand_number, position.honba + 1, position.dealer)
        honba = position.honba + 1 if winner is None else 0
        if position.hand_number >= HANDS_PER_ROUND:
            return None
        return Position(position.round_wind, position.hand_number + 1, honba, (position.dealer + 1) % 4)
