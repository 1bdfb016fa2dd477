"""Riichi rule options as one frozen value, with the presets the game ships.

Defaults are the common online rules (Mahjong Soul): red fives on, open tanyao on
(kuitan), double yakuman counted, kazoe yakuman on, kiriage mangan off, a pair of
the double wind worth 4 fu, a yaku required to win.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from mahjong_joy.errors import RulesError


@dataclass(frozen=True)
class RiichiRules:
    """Options of the riichi scorer; every field has the online-rules default.

    ``riichi`` and ``dora`` exist for the Joy preset: with ``riichi`` off a
    situation declaring riichi is invalid; with ``dora`` off no dora, red-five or
    ura-dora han are counted, whatever the indicators say.

    >>> RiichiRules().open_tanyao, RiichiRules.joy().yaku_required
    (True, False)
    """

    open_tanyao: bool = True
    red_fives: bool = True
    double_yakuman: bool = True
    kazoe_yakuman: bool = True
    kiriage_mangan: bool = False
    double_wind_pair_fu: int = 4
    yaku_required: bool = True
    riichi: bool = True
    dora: bool = True

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "double_wind_pair_fu":
                if type(value) is not int or value not in (2, 4):
                    raise RulesError(f"rules option double_wind_pair_fu must be 2 or 4, got {value!r}")
            elif type(value) is not bool:
                raise RulesError(f"rules option {f.name} must be true or false, got {value!r}")

    @classmethod
    def joy(cls) -> RiichiRules:
        """The Joy preset: any complete hand wins (1 han ``joy_win`` when it has no
        yaku); no riichi; no dora of any kind. Everything else is riichi scoring."""
        return JOY_RULES

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> RiichiRules:
        """Options from their JSON form; missing keys keep the default, unknown keys raise."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RulesError(f"rules must be an object of options, got {type(data).__name__}")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"unknown rules option {unknown[0]!r}; known: {', '.join(sorted(known))}")
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form read by :meth:`from_dict`."""
        return asdict(self)

    def with_options(self, **changes: Any) -> RiichiRules:
        """A copy with some options changed (validated like the constructor)."""
        return replace(self, **changes)


DEFAULT_RULES = RiichiRules()
"""Common online rules (Mahjong Soul)."""

TENHOU_SCORING = RiichiRules(double_yakuman=False)
"""Tenhou's scoring: every yakuman single (KBG point 1; C1-16). It is also what the
Hard AI values hands by under every preset (``Rules.valuation``)."""

JOY_RULES = RiichiRules(yaku_required=False, riichi=False, dora=False, red_fives=False)
"""The Joy ruleset: no yaku required, no riichi, no dora (see :meth:`RiichiRules.joy`)."""
