"""From han and fu to points: limits and who pays what (riichi.wiki: "Scoring").

Below a limit, basic points are ``fu * 2 ** (han + 2)``; from 2000 basic points (or
5 han) the hand is a mangan, then haneman (6-7 han, 3000), baiman (8-10, 4000),
sanbaiman (11-12, 6000) and yakuman (8000 per yakuman). 13+ han without a yakuman
is a counted (kazoe) yakuman, or sanbaiman when kazoe is off. Kiriage mangan, when
on, rounds 4 han 30 fu and 3 han 60 fu up to mangan. A ron pays 4x basic points
(6x to the dealer); a tsumo takes 2x from the dealer and 1x from each other
player (2x from each when the dealer wins), each rounded up to 100. Each honba
adds 300 to a ron (100 from each payer on a tsumo); riichi sticks go to the winner.
"""

from __future__ import annotations

from mahjong_joy.rulesets.riichi.rules import RiichiRules

MULTIPLE_NAMES = {1: "yakuman", 2: "double_yakuman", 3: "triple_yakuman", 4: "quadruple_yakuman",
                  5: "quintuple_yakuman", 6: "sextuple_yakuman"}


def basic_points(han: int, fu: int, yakuman: int, rules: RiichiRules) -> tuple[int, str | None]:
    """Basic points and the limit's name (``None`` below mangan)."""
    if yakuman:
        return 8000 * yakuman, MULTIPLE_NAMES.get(yakuman, f"{yakuman}x_yakuman")
    if han < 5:  # the common case first: points from fu, capped at mangan
        base = fu * 2 ** (han + 2)
        if base >= 2000 or (rules.kiriage_mangan and (han, fu) in ((4, 30), (3, 60))):
            return 2000, "mangan"
        return base, None
    if han >= 13:
        return (8000, "kazoe_yakuman") if rules.kazoe_yakuman else (6000, "sanbaiman")
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    return 2000, "mangan"


def main_payment(base: int, dealer: bool, tsumo: bool) -> int:
    """What the hand is worth before honba and sticks (ranks readings like the payments)."""
    if not tsumo:
        return -(-base * (6 if dealer else 4) // 100) * 100
    if dealer:
        return 3 * (-(-base * 2 // 100) * 100)
    return -(-base * 2 // 100) * 100 + 2 * (-(-base // 100) * 100)


def payments(base: int, dealer: bool, tsumo: bool, honba: int = 0) -> dict[str, int]:
    """Who pays what, honba included: ``ron``, or ``tsumo_dealer``/``tsumo_non_dealer``."""
    return settle(base, dealer, tsumo, honba)[0]


def settle(base: int, dealer: bool, tsumo: bool, honba: int = 0, riichi_sticks: int = 0) -> tuple[dict[str, int], int]:
    """:func:`payments` and :func:`received` in one step: who pays what, and
    everything the winner receives (the scorer's path, once per win)."""
    # each amount rounds up to 100: -(-x // 100) * 100
    sticks = 1000 * riichi_sticks
    if not tsumo:
        ron = -(-base * (6 if dealer else 4) // 100) * 100 + 300 * honba
        return {"ron": ron}, ron + sticks
    if dealer:
        each = -(-base * 2 // 100) * 100 + 100 * honba
        return {"tsumo_non_dealer": each}, 3 * each + sticks
    from_dealer = -(-base * 2 // 100) * 100 + 100 * honba
    from_other = -(-base // 100) * 100 + 100 * honba
    return {"tsumo_dealer": from_dealer, "tsumo_non_dealer": from_other}, from_dealer + 2 * from_other + sticks


def received(pay: dict[str, int], dealer: bool, riichi_sticks: int = 0) -> int:
    """Everything the winner receives: the payments (a tsumo's non-dealer share from
    each payer) plus 1000 per riichi stick."""
    if "ron" in pay:
        total = pay["ron"]
    elif dealer:
        total = 3 * pay["tsumo_non_dealer"]
    else:
        total = pay["tsumo_dealer"] + 2 * pay["tsumo_non_dealer"]
    return total + 1000 * riichi_sticks
