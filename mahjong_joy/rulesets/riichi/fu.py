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

from typing import NamedTuple

from mahjong_joy.hand.decompose import RUN, SEVEN_PAIRS, THIRTEEN_ORPHANS
from mahjong_joy.notation import format_tiles
from mahjong_joy.rulesets.riichi.reading import KAN, KANCHAN, PENCHAN, TANKI, Reading

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


def fu_lines(r: Reading, drops: frozenset[str] = frozenset()) -> list[FuLine]:
    """The fu lines of a reading; lines whose reason is in ``drops`` are left out
    (pinfu drops ``tsumo``)."""
    if r.form == SEVEN_PAIRS:
        return [FuLine(CHIITOITSU, 25)]
    if r.form == THIRTEEN_ORPHANS:
        return []
    f = r.facts
    lines = [FuLine(BASE, 20)]
    if f.closed and not f.tsumo:
        lines.append(FuLine(MENZEN_RON, 10))
    for b in r.blocks:
        if b.shape != RUN:
            lines.append(_set_line(b.shape, b.tile, b.concealed))
    lines.extend(_pair_lines(r))
    if r.wait in _WAIT_LINE:
        lines.append(FuLine(_WAIT_LINE[r.wait], 2))
    if f.tsumo and TSUMO not in drops:
        lines.append(FuLine(TSUMO, 2))
    if not f.closed and not f.tsumo and sum(line.fu for line in lines) == 20:
        lines.append(FuLine(OPEN_PINFU, 10))
    return lines


def _set_line(shape: str, tile: int, concealed: bool) -> FuLine:
    """2 fu for an open triplet of simples, doubled for concealed, for a terminal or
    honor, and four times over for a kan."""
    fu = 2 * (2 if concealed else 1) * (2 if tile in _YAOCHUU else 1) * (4 if shape == KAN else 1)
    reason = ("closed_" if concealed else "open_") + ("kan" if shape == KAN else "triplet")
    return FuLine(reason, fu, (_KAN_TEXT if shape == KAN else _TRIPLET_TEXT)[tile])


def _pair_lines(r: Reading) -> list[FuLine]:
    """Pair fu: 2 per reason (dragon, seat wind, round wind); a double wind takes the rule's value."""
    times = r.facts.value_tiles.get(r.pair, 0)
    if not times:
        return []
    text = _PAIR_TEXT[r.pair]
    if times >= 2:
        return [FuLine(DOUBLE_WIND_PAIR, r.facts.rules.double_wind_pair_fu, text)]
    return [FuLine(YAKUHAI_PAIR, 2, text)]


def rounded_fu(lines: list[FuLine]) -> int:
    """Total fu rounded up to 10; seven pairs stays at 25."""
    total = sum(line.fu for line in lines)
    if len(lines) == 1 and lines[0].reason == CHIITOITSU:
        return total
    return -(-total // 10) * 10
