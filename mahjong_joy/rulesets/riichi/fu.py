"""Fu: the minipoints of one reading, line by line (riichi.wiki: "Fu").

Standard hands: 20 base; +10 for a closed ron (menzen kafu); +2 for tsumo (not
with pinfu); sets by shape, openness and whether they hold a terminal or honor;
the pair when it is a dragon or a seat or round wind (a double wind counts
``double_wind_pair_fu``, 4 on Mahjong Soul); +2 for a kanchan, penchan or tanki
wait; an open hand that would score 20 fu on a ron is raised to 30 (the
"open pinfu" rule). The total rounds up to the next 10. Seven pairs is a flat 25;
thirteen orphans has no fu (it is always a yakuman).
"""

from __future__ import annotations

from collections.abc import Collection
from operator import itemgetter
from typing import NamedTuple

from mahjong_joy.hand.decompose import SEVEN_PAIRS, THIRTEEN_ORPHANS
from mahjong_joy.notation import format_tiles
from mahjong_joy.rulesets.riichi.blocks import KAN, SET_BLOCKS, TRIPLET
from mahjong_joy.rulesets.riichi.reading import KANCHAN, PENCHAN, TANKI, Reading

BASE, MENZEN_RON, TSUMO, OPEN_PINFU, CHIITOITSU = "base", "menzen_ron", "tsumo", "open_pinfu", "chiitoitsu"
YAKUHAI_PAIR, DOUBLE_WIND_PAIR = "yakuhai_pair", "double_wind_pair"
_WAIT_LINE = {KANCHAN: "kanchan_wait", PENCHAN: "penchan_wait", TANKI: "tanki_wait"}
_YAOCHUU = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_PAIR_TEXT = [format_tiles([t] * 2) for t in range(34)]
_TRIPLET_TEXT = [format_tiles([t] * 3) for t in range(34)]
_KAN_TEXT = [format_tiles([t] * 4) for t in range(34)]


class FuLine(NamedTuple):
    """One line of the fu breakdown; ``tiles`` names the set or pair when there is one."""

    reason: str
    fu: int
    tiles: str = ""

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"reason": self.reason, "fu": self.fu}
        if self.tiles:
            out["tiles"] = self.tiles
        return out


def fu_lines(r: Reading, drops: Collection[str] = ()) -> list[FuLine]:
    """The fu lines of a reading; lines whose reason is in ``drops`` are left out
    (pinfu drops ``tsumo``)."""
    return fu_of(r, drops)[0]


def fu_of(r: Reading, drops: Collection[str] = ()) -> tuple[list[FuLine], int]:
    """The fu lines of a reading (as :func:`fu_lines`) and their total as
    :func:`rounded_fu` rounds it, in one pass."""
    form = r.form
    if form == SEVEN_PAIRS:
        return [_CHIITOITSU_LINE], 25
    if form == THIRTEEN_ORPHANS:
        return [], 0
    f = r.facts
    closed, tsumo = f.closed, f.tsumo
    if closed and not tsumo:
        lines = [_BASE_LINE, _MENZEN_RON_LINE]
        total = 30
    else:
        lines = [_BASE_LINE]
        total = 20
    for b in r.sets:
        line = _SET_LINE_OF_BLOCK[b]
        lines.append(line)
        total += line.fu
    times = f.value_tiles.get(r.pair, 0)
    if times:
        line = _pair_line(r.pair, times, f.rules.double_wind_pair_fu)
        lines.append(line)
        total += line.fu
    if r.wait in _WAIT_LINES:
        lines.append(_WAIT_LINES[r.wait])
        total += 2
    if tsumo:
        if TSUMO not in drops:
            lines.append(_TSUMO_LINE)
            total += 2
    elif not closed and total == 20:  # only the base 20: the open-pinfu shape
        lines.append(_OPEN_PINFU_LINE)
        total = 30
    return lines, -(-total // 10) * 10


def _set_line(shape: str, tile: int, concealed: bool) -> FuLine:
    """2 fu for an open triplet of simples, doubled for concealed, for a terminal or
    honor, and four times over for a kan."""
    fu = 2 * (2 if concealed else 1) * (2 if tile in _YAOCHUU else 1) * (4 if shape == KAN else 1)
    reason = ("closed_" if concealed else "open_") + ("kan" if shape == KAN else "triplet")
    return FuLine(reason, fu, (_KAN_TEXT if shape == KAN else _TRIPLET_TEXT)[tile])


def _pair_line(pair: int, times: int, double_wind_fu: int) -> FuLine:
    """Pair fu: 2 per reason (dragon, seat wind, round wind); a double wind takes the rule's value."""
    if times >= 2:
        return _DOUBLE_WIND_PAIR_LINES[double_wind_fu][pair]
    return _YAKUHAI_PAIR_LINES[pair]


# Every line there can be, made once: a reading picks its lines out of these.
_BASE_LINE = FuLine(BASE, 20)
_MENZEN_RON_LINE = FuLine(MENZEN_RON, 10)
_TSUMO_LINE = FuLine(TSUMO, 2)
_OPEN_PINFU_LINE = FuLine(OPEN_PINFU, 10)
_CHIITOITSU_LINE = FuLine(CHIITOITSU, 25)
_WAIT_LINES = {wait: FuLine(reason, 2) for wait, reason in _WAIT_LINE.items()}
_SET_LINES = {shape: [[_set_line(shape, t, concealed) for t in range(34)] for concealed in (False, True)]
              for shape in (TRIPLET, KAN)}  # by shape, then concealed, then kind
_SET_LINE_OF_BLOCK = {b: _SET_LINES[b.shape][b.concealed][b.tile] for b in SET_BLOCKS}
"""The fu line of every triplet or kan block a reading can hold (one lookup per set)."""
_YAKUHAI_PAIR_LINES = [FuLine(YAKUHAI_PAIR, 2, _PAIR_TEXT[t]) for t in range(34)]
_DOUBLE_WIND_PAIR_LINES = {fu: [FuLine(DOUBLE_WIND_PAIR, fu, _PAIR_TEXT[t]) for t in range(34)] for fu in (2, 4)}


def rounded_fu(lines: list[FuLine]) -> int:
    """Total fu rounded up to 10; seven pairs stays at 25."""
    if len(lines) == 1 and lines[0].reason == CHIITOITSU:
        return lines[0].fu
    return -(-sum(map(_fu_of, lines)) // 10) * 10


_fu_of = itemgetter(1)
