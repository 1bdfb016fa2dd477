"""The riichi family of rulesets: Joy, Mahjong Soul and Tenhou, one class read from data.

Joy, the casual rules the game starts with, is the :data:`~mahjong_joy.rulesets.presets.JOY`
preset of this family:

- Any complete hand wins (standard, seven pairs, thirteen orphans), by tsumo or
  ron; chi, pon and kans are allowed; no riichi, no furiten.
- A win is scored by the riichi scorer with its Joy options
  (``RiichiRules.joy()``: 1 han ``joy_win`` when there is no yaku, no dora).
- Several seats able to win on one discard: the first in turn order after the
  discarder takes it (``max_rons = 1``).
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
from mahjong_joy.hand.shanten import shanten
from mahjong_joy.hand.waits import waiting_tiles
from mahjong_joy.rulesets.base import SAME_CHAIRS, Ruleset, Settlement, Standing, TableState
from mahjong_joy.rulesets.presets import DEFAULT_PRESET, find_preset
from mahjong_joy.rulesets.riichi import HandScore, WinSituation, score_hand
from mahjong_joy.rulesets.riichi import flow
from mahjong_joy.rulesets.riichi.settle import settle
from mahjong_joy.rulesets.riichi.situation import situation_of
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.rulesets.win import WinContext


class RiichiFamily(Ruleset):
    """Every riichi-family preset: the hand questions, the settlement and the table's
    flow, answered under ``rules`` by the pure functions of
    :mod:`~mahjong_joy.rulesets.riichi.settle` and :mod:`~mahjong_joy.rulesets.riichi.flow`."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.name = rules.name
        self.starting_points = rules.table.starting_points

    def options(self) -> dict[str, Any]:
        """The full rules, as records store them."""
        return self.rules.to_dict()

    def can_win(self, counts34: Sequence[int], melds: int) -> bool:
        return is_winning_hand(counts34, melds)

    def waits(self, counts34: Sequence[int], melds: int) -> tuple[int, ...]:
        return tuple(waiting_tiles(counts34, melds))

    def shanten(self, counts34: Sequence[int], melds: int) -> int:
        return shanten(counts34, melds)

    def situation(self, win: WinContext) -> WinSituation:
        return situation_of(win)

    def score(self, situation: WinSituation) -> HandScore:
        return score_hand(situation, self.rules.scoring)

    def settle(self, end: Any, table: TableState) -> Settlement:
        return settle(end, table, self.rules, self.score)

    def next_table(self, table: TableState, points: Sequence[int], settlement: Settlement,
                   aborted: bool) -> TableState | None:
        return flow.next_table(table, points, settlement.sticks_after, settlement.dealer_keeps,
                               settlement.honba_after, aborted, self.rules)

    def final_standings(self, points: Sequence[int], sticks: int,
                        players: Sequence[int] = SAME_CHAIRS) -> tuple[Standing, ...]:
        return flow.final_standings(points, sticks, self.rules)


def ruleset_for(rules: Rules | str = DEFAULT_PRESET) -> Ruleset:
    """The ruleset object for a rules value or a preset name (the registry's one door:
    it dispatches on ``rules.family``: the riichi family, or Chinese Official)."""
    if isinstance(rules, str):
        rules = find_preset(rules)
    if rules.family == "mcr":
        from mahjong_joy.rulesets.mcr.family import McrFamily  # loaded only for Chinese Official play

        return McrFamily(rules)
    return RiichiFamily(rules)
