"""How a finished hand is paid: every win, honba and sticks, pao, tenpai and nagashi.

Pure: a :class:`~mahjong_joy.engine.state.HandEnd`-shaped value in, a
:class:`Settlement` out, reading only the rules value. The rows it implements:

- Several winners on one discard: each is paid his own hand by the discarder;
  honba and every stick on the table go to the winner nearest the discarder
  (RULES.md A1 "Honba and riichi sticks in multi-ron", C1-9).
- Pao (A1 "Pao", C1-10): the seat whose pon or open kan fixed the third dragon or
  fourth wind set pays a tsumo's pao share alone and half of a ron's, plus all the
  honba; ``pao_scope`` says whether the share is the whole hand (Tenhou) or only
  the pao yakuman (Mahjong Soul).
- Exhaustive draw: nagashi mangan paid as mangan tsumo without honba, replacing
  the noten payments (C1-12); otherwise ``tenpai_payment`` split between noten
  and tenpai seats (A1 "Noten payments").
- Abortive draw: no points move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.rulesets.base import ScoredWin, Settlement, TableState, deltas_from_payments
from mahjong_joy.rulesets.riichi.limits import basic_points
from mahjong_joy.rulesets.riichi.scorer import HandScore
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.tiles import DRAGONS, WINDS, kind_of_code

_PAO_SETS = {"daisangen": DRAGONS, "daisuushii": WINDS}


def settle(end: Any, table: TableState, rules: Rules, score: Any) -> Settlement:
    """Pay ``end`` (a ``HandEnd``) of the hand started at ``table``; ``score`` scores
    a ``WinSituation`` (the ruleset's ``score``)."""
    if end.wins:
        return _settle_wins(end, table, rules, score)
    tenpai = tuple(seat for seat, _ in end.ready)
    if end.abort:
        deltas: tuple[int, ...] = (0, 0, 0, 0)
        keeps = True
    else:
        deltas = nagashi_deltas(end.nagashi, table.dealer) if end.nagashi else tenpai_deltas(tenpai, rules.hand.tenpai_payment)
        keeps = rules.table.renchan_on_tenpai and table.dealer in tenpai
    return Settlement((), deltas, end.sticks, keeps, table.honba + 1, tenpai, tuple(end.nagashi))


def _settle_wins(end: Any, table: TableState, rules: Rules, score: Any) -> Settlement:
    wins = []
    totals = [0, 0, 0, 0]
    for index, win in enumerate(end.wins):
        honba = table.honba if index == 0 else 0
        scored = score(replace(win.situation, honba=honba, riichi_sticks=0))
        if not scored.valid:
            raise MahjongJoyError(f"the scorer rejected a win the engine accepted: {scored.message}")
        pao = pao_seat(win.melds, scored.yaku, rules) if rules.hand.pao else None
        paid = _paid(win, scored, pao, honba, table.dealer, rules)
        wins.append(ScoredWin(win.seat, win.from_seat, win.tsumo, scored, pao, paid))
        for seat in range(4):
            totals[seat] -= paid[seat]
            totals[win.seat] += paid[seat]
    totals[end.wins[0].seat] += 1000 * end.sticks
    keeps = any(w.seat == table.dealer for w in end.wins)
    honba = table.honba + 1 if keeps else 0
    return Settlement(tuple(wins), tuple(totals), 0, keeps, honba, (), ())


def _paid(win: Any, scored: HandScore, pao: int | None, honba: int, dealer: int, rules: Rules) -> tuple[int, ...]:
    """What each seat pays for one win."""
    if pao is None or pao == win.seat:
        deltas = deltas_from_payments(scored.payments, win.seat, win.from_seat, dealer)
        return tuple(-d if seat != win.seat else 0 for seat, d in enumerate(deltas))
    base = basic_points(scored.han, scored.fu, scored.yakuman, rules.scoring)[0]
    share = base if rules.hand.pao_scope == "whole_hand" else 8000 * _pao_multiple(scored.yaku, rules)
    return pao_payments(win.seat, win.from_seat, dealer, pao, base, share, honba)


def pao_payments(winner: int, from_seat: int, dealer: int, pao: int, base: int, share: int, honba: int) -> tuple[int, ...]:
    """Pao payments: ``share`` of the ``base`` points is the responsible seat's (all of
    it on a tsumo, half on a ron), the rest is paid as usual, and the responsible
    seat pays every honba (MSR; the Tenhou manual quoted in MO).

    >>> pao_payments(1, 1, 0, 2, 8000, 8000, 0)   # tsumo daisangen: the pao seat pays 32,000
    (0, 0, 32000, 0)
    >>> pao_payments(1, 3, 0, 2, 8000, 8000, 1)   # ron: half each, honba by the pao seat
    (0, 0, 16300, 16000)
    """
    is_dealer = winner == dealer
    value = _ceil100(share * (6 if is_dealer else 4))
    rest = base - share
    paid = [0, 0, 0, 0]
    if winner == from_seat:
        paid[pao] += value + 300 * honba
        for seat in range(4):
            if seat != winner and rest:
                paid[seat] += _ceil100(rest * (2 if is_dealer or seat == dealer else 1))
        return tuple(paid)
    paid[pao] += value // 2 + 300 * honba
    paid[from_seat] += value - value // 2 + (_ceil100(rest * (6 if is_dealer else 4)) if rest else 0)
    return tuple(paid)


def pao_seat(melds: Sequence[Any], yaku: Sequence[tuple[str, int]], rules: Rules) -> int | None:
    """The seat responsible for a pao yakuman: the source of the call (pon or open
    kan) that declared the last of the dragon (or wind) sets; earlier sets may be
    any declared set, a closed kan included. ``None`` when a set is still in the
    hand or the last one was a closed kan (no call: RULES.md A1 "Pao")."""
    held = {name for name, _ in yaku}
    for name in rules.hand.pao:
        if name not in held:
            continue
        kinds = _PAO_SETS[name]
        sets = [m for m in melds if kind_of_code(m.tiles[0]) in kinds]  # in the order declared
        if len(sets) == len(kinds) and sets[-1].from_seat is not None:
            return sets[-1].from_seat
    return None


def _pao_multiple(yaku: Sequence[tuple[str, int]], rules: Rules) -> int:
    return sum(han // 13 for name, han in yaku if name in rules.hand.pao)


def tenpai_deltas(tenpai: Sequence[int], pool: int) -> tuple[int, ...]:
    """Noten payments: the pool split between the noten payers and the tenpai seats.

    >>> tenpai_deltas((0,), 3000), tenpai_deltas((0, 2), 3000), tenpai_deltas((), 3000)
    ((3000, -1000, -1000, -1000), (1500, -1500, 1500, -1500), (0, 0, 0, 0))
    """
    if not pool or len(tenpai) in (0, 4):
        return (0, 0, 0, 0)
    gain, loss = pool // len(tenpai), pool // (4 - len(tenpai))
    return tuple(gain if seat in tenpai else -loss for seat in range(4))


def nagashi_deltas(seats: Sequence[int], dealer: int) -> tuple[int, ...]:
    """Each nagashi seat is paid a mangan tsumo, without honba; they all pay (C1-12)."""
    deltas = [0, 0, 0, 0]
    for winner in seats:
        for seat in range(4):
            if seat == winner:
                continue
            amount = 4000 if winner == dealer or seat == dealer else 2000
            deltas[seat] -= amount
            deltas[winner] += amount
    return tuple(deltas)


def _ceil100(points: int) -> int:
    return -(-points // 100) * 100
