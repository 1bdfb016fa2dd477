"""Rulesets: how a finished hand is scored.

``riichi`` holds the Japanese riichi scorer; the casual Joy ruleset is the same
scorer with a preset (:meth:`mahjong_joy.rulesets.riichi.RiichiRules.joy`).
"""
