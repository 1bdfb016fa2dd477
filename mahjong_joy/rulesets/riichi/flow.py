"""What comes after a hand, and the final table: pure functions over the rules value.

- The dealer keeps the seat on a dealer win, on dealer tenpai at an exhaustive
  draw (when ``renchan_on_tenpai``) and on every abortive draw (RULES.md A1
  "Hand end, dealer, honba, payments").
- The match ends when a seat falls below 0 (exactly 0 plays on); after the last
  scheduled hand (East 4, or South 4) unless the sudden death applies
  (nobody has ``return_points``; it is one more round: West 4 is final, or South 4
  in an East-only game); in all-last or later when the
  dealer repeats by a win or tenpai while first with ``return_points``
  (agari-yame / tenpai-yame), and in the extension as soon as someone has
  ``return_points`` at a hand the dealer does not repeat (C1-15). Table sticks
  never count toward ``return_points``.
- Final standings: leftover sticks to first place; ties to the earlier seat; game
  points per :class:`~mahjong_joy.rulesets.rules.TableRules`.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_joy.i18n import tr
from mahjong_joy.rulesets.base import Standing, TableState, order_of
from mahjong_joy.rulesets.rules import Rules, TableRules

ROUNDS = "ESWN"


def next_table(table: TableState, points: Sequence[int], sticks: int, dealer_keeps: bool,
               honba: int, aborted: bool, rules: Rules) -> TableState | None:
    """The next hand's table, or ``None`` when the match is over."""
    t = rules.table
    points = tuple(points)
    if t.tobi and min(points) < 0:
        return None
    last_round = ROUNDS.index("E" if t.length == "east" else "S")
    round_index = ROUNDS.index(table.round_wind)
    all_last = round_index > last_round or (round_index == last_round and table.hand_number == 4)
    if dealer_keeps:
        dealer_top = order_of(points)[0] == table.dealer
        if t.agari_yame and all_last and not aborted and dealer_top and points[table.dealer] >= t.return_points:
            return None
        return TableState(table.round_wind, table.hand_number, honba, table.dealer, points, sticks)
    if all_last:
        if t.extension == "none" or max(points) >= t.return_points:
            return None
        if round_index == last_round + 1 and table.hand_number == 4:
            return None  # the extension round's 4th hand is final: West 4, or South 4 East-only (HT; TW)
    round_index, hand_number = (round_index, table.hand_number + 1) if table.hand_number < 4 else (round_index + 1, 1)
    return TableState(ROUNDS[round_index], hand_number, honba, (table.dealer + 1) % 4, points, sticks)


def final_standings(points: Sequence[int], sticks: int, rules: Rules) -> tuple[Standing, ...]:
    """The final table: leftover sticks to first place, then game points by placement."""
    final = list(points)
    order = order_of(final)
    final[order[0]] += 1000 * sticks
    scores = game_points(final, order, rules)
    return tuple(Standing(seat, final[seat], place + 1, scores[seat]) for place, seat in enumerate(order))


def game_points(points: Sequence[int], order: Sequence[int], rules: Rules) -> list[float]:
    """Each seat's final game points (Mahjong Soul: base 25,000, uma 15/5; Tenhou:
    30,000 return, 20 oka to first, uma 20/10, rounded with first taking the rest).

    >>> from mahjong_joy.rulesets.presets import TENHOU
    >>> game_points([42100, 27600, 18300, 12000], [0, 1, 2, 3], TENHOU)
    [52.0, 8.0, -22.0, -38.0]
    """
    t = rules.table
    scores = [0.0] * 4
    for place, seat in enumerate(order):
        if t.round_game_points:
            value = _round_thousand(points[seat]) - t.uma_base // 1000
        else:
            value = (points[seat] - t.uma_base) / 1000
        scores[seat] = float(value + t.uma[place])
    first = order[0]
    scores[first] += oka(t)
    if t.round_game_points:
        scores[first] = -sum(scores[s] for s in order[1:])
    return [round(s, 1) for s in scores]


def oka(table: TableRules) -> float:
    """The oka first place takes, in game points: what the four seats gave back by
    counting from ``uma_base`` rather than their starting points (0 without oka).

    >>> from mahjong_joy.rulesets.presets import TENHOU, MAHJONG_SOUL
    >>> oka(TENHOU.table), oka(MAHJONG_SOUL.table)
    (20.0, 0.0)
    """
    return 4 * (table.uma_base - table.starting_points) / 1000 if table.oka else 0.0


def uma_text(table: TableRules) -> str:
    """The uma and oka of ``table`` in words, the one formula :func:`game_points` computes
    (empty when the table pays no uma and no oka: Joy).

    >>> from mahjong_joy.rulesets.presets import TENHOU
    >>> uma_text(TENHOU.table)
    'Uma +20 / +10 / -10 / -20 · oka +20 to first (return 30,000) · game points = (points - 30,000) / 1,000 + uma'
    """
    if not any(table.uma) and not table.oka:
        return ""
    uma = uma_words(table.uma)
    bonus = tr("oka +{oka} to first (return {base})", oka=f"{oka(table):g}", base=f"{table.uma_base:,}") if table.oka else tr("no oka")
    return tr("Uma {uma} · {bonus} · game points = (points - {base}) / 1,000 + uma", uma=uma, bonus=bonus, base=f"{table.uma_base:,}")



def uma_words(uma: Sequence[int]) -> str:
    """An uma by place, as every screen words it: ``+15 / +5 / -5 / -15``."""
    return " / ".join(f"{u:+d}" for u in uma)


def _round_thousand(points: int) -> int:
    """Tenhou's rounding of a table score to whole thousands (五捨六入: 29,500 is 29,
    29,600 is 30; a negative score by its size, -500 is 0), applied to the raw points
    before the return is subtracted.

    >>> _round_thousand(29_500), _round_thousand(29_600), _round_thousand(-500), _round_thousand(-1_600)
    (29, 30, 0, -2)
    """
    size = (abs(points) + 400) // 1000
    return -size if points < 0 else size
