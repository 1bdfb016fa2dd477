"""The Chinese Official (MCR) fan calculator.

>>> from mahjong_joy.rulesets.mcr import McrSituation, score_mcr
>>> s = McrSituation.from_dict({"hand": "123m456m789m234p55s", "win_tile": "5s"})
>>> score_mcr(s).fan_total
21

Layout: ``situation`` (the input, its JSON form and the two rule options),
``reading`` (the facts predicates read), ``fan`` (the 81 rows), ``tables`` (the
complete suit and combination tables), ``scorer`` (the loop: forms, combination
principles, exclusions, best reading, payments), ``explain`` (what a hand shows
but does not count, for the score screen) and ``waits`` (the fan on each wait of
a ready hand, for the guide and the AI).
"""

from mahjong_joy.rulesets.mcr.explain import (
    ACCOUNT_ONCE,
    NON_IDENTICAL,
    NON_REPEAT,
    NON_SEPARATION,
    Excluded,
    fan_name,
    principle_name,
)
from mahjong_joy.rulesets.mcr.fan import FAN_ROWS, LIBRARY_KONG_ROW, FanRow
from mahjong_joy.rulesets.mcr.scorer import McrScore, payments, score_mcr
from mahjong_joy.rulesets.mcr.situation import NO_WIN_TILE, McrMeld, McrRules, McrSituation
from mahjong_joy.rulesets.mcr.waits import fan_by_wait

__all__ = ["ACCOUNT_ONCE", "FAN_ROWS", "Excluded", "FanRow", "LIBRARY_KONG_ROW", "McrMeld", "McrRules", "McrScore",
           "McrSituation", "NON_IDENTICAL", "NON_REPEAT", "NON_SEPARATION", "NO_WIN_TILE", "fan_by_wait", "fan_name",
           "payments", "principle_name", "score_mcr"]
