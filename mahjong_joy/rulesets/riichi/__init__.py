"""The riichi hand scorer, and the Joy ruleset built on it.

>>> from mahjong_joy.rulesets.riichi import RiichiRules, WinSituation, score_hand
>>> win = WinSituation.from_dict({"hand": "123m456p789s11z777z", "win_tile": "7z", "seat_wind": "S"})
>>> score_hand(win).yaku
(('yakuhai_chun', 1),)

Joy (the beginner ruleset) is the same scorer with a preset::

    score_hand(situation, RiichiRules.joy())   # or JOY_RULES

Any complete hand wins: a hand with no yaku scores 1 han as ``joy_win``; riichi
is not part of Joy (a situation declaring it is ``invalid_situation``); dora,
red fives and ura-dora are never counted. Fu, limits and payments are riichi's.

Layout: ``rules`` (options and presets), ``situation`` (the input and its JSON
form), ``reading`` (decomposition + winning group), ``yaku`` (the rows),
``fu``, ``limits`` (points and payments), ``scorer`` (the resolver).
"""

from mahjong_joy.rulesets.riichi.fu import FuLine
from mahjong_joy.rulesets.riichi.rules import DEFAULT_RULES, JOY_RULES, RiichiRules
from mahjong_joy.rulesets.riichi.scorer import HandScore, score_hand
from mahjong_joy.melds import Meld
from mahjong_joy.rulesets.riichi.situation import WinSituation
from mahjong_joy.rulesets.riichi.yaku import DISPLAY_NAMES, YAKU_ROWS, YakuRow

__all__ = [
    "DEFAULT_RULES",
    "DISPLAY_NAMES",
    "FuLine",
    "HandScore",
    "JOY_RULES",
    "Meld",
    "RiichiRules",
    "WinSituation",
    "YAKU_ROWS",
    "YakuRow",
    "score_hand",
]
