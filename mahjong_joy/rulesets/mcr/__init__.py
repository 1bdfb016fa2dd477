"""The Chinese Official (MCR) fan calculator.

>>> from mahjong_joy.rulesets.mcr import McrSituation, score_mcr
>>> s = McrSituation.from_dict({"hand": "123m456m789m234p55s", "win_tile": "5s"})
>>> score_mcr(s).fan_total
21

Layout: ``situation`` (the input, its JSON form and the two rule options),
``reading`` (the facts predicates read), ``fan`` (the 81 rows), ``scorer`` (the
loop: forms, combination principles, exclusions, best reading, payments).
"""

from mahjong_joy.rulesets.mcr.fan import FAN_ROWS, LIBRARY_KONG_ROW, FanRow
from mahjong_joy.rulesets.mcr.scorer import McrScore, payments, score_mcr
from mahjong_joy.rulesets.mcr.situation import McrMeld, McrRules, McrSituation

__all__ = ["FAN_ROWS", "FanRow", "LIBRARY_KONG_ROW", "McrMeld", "McrRules", "McrScore", "McrSituation",
           "payments", "score_mcr"]
