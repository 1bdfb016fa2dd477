"""Mahjong Joy: a desktop mahjong game, and the rules library beneath it.

The stable public names (the game, the CLI and other tools import these):

>>> from mahjong_joy import parse_tiles, is_winning_hand
>>> is_winning_hand(parse_tiles("123m456p789s11122z"))
True
"""

from importlib import import_module
from typing import Any

from mahjong_joy.errors import (
    IllegalActionError,
    InvalidHandError,
    MahjongJoyError,
    NotationError,
    RecordError,
    ScoringError,
)

# Public name -> the module that defines it. Loaded on first use (PEP 562), so
# starting the game window does not pay for the scorer and the hand tables
# before the first frame; ``from mahjong_joy import score_hand`` works as before.
_LAZY = {
    "is_winning_hand": "mahjong_joy.hand.agari",
    "ClaimOption": "mahjong_joy.hand.claims",
    "claimable_sets": "mahjong_joy.hand.claims",
    "Decomposition": "mahjong_joy.hand.decompose",
    "Group": "mahjong_joy.hand.decompose",
    "decompositions": "mahjong_joy.hand.decompose",
    "ShantenByForm": "mahjong_joy.hand.shanten",
    "shanten": "mahjong_joy.hand.shanten",
    "shanten_by_form": "mahjong_joy.hand.shanten",
    "DiscardCandidate": "mahjong_joy.hand.waits",
    "discard_candidates": "mahjong_joy.hand.waits",
    "ukeire": "mahjong_joy.hand.waits",
    "waiting_tiles": "mahjong_joy.hand.waits",
    "format_tiles": "mahjong_joy.notation",
    "parse_tiles": "mahjong_joy.notation",
    "HandScore": "mahjong_joy.rulesets.riichi",
    "RiichiRules": "mahjong_joy.rulesets.riichi",
    "WinSituation": "mahjong_joy.rulesets.riichi",
    "score_hand": "mahjong_joy.rulesets.riichi",
    "McrScore": "mahjong_joy.rulesets.mcr",
    "McrSituation": "mahjong_joy.rulesets.mcr",
    "score_mcr": "mahjong_joy.rulesets.mcr",
    "McrShanten": "mahjong_joy.hand.mcr_forms",
    "mcr_shanten_by_form": "mahjong_joy.hand.mcr_forms",
    "mcr_waits": "mahjong_joy.hand.mcr_forms",
}


def __getattr__(name: str) -> Any:
    """Import a public name's module on first access and cache the name here."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'mahjong_joy' has no attribute {name!r}")
    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))


__version__ = "0.1.0"

__all__ = [
    "ClaimOption",
    "Decomposition",
    "DiscardCandidate",
    "Group",
    "HandScore",
    "IllegalActionError",
    "InvalidHandError",
    "MahjongJoyError",
    "McrScore",
    "McrShanten",
    "McrSituation",
    "NotationError",
    "RecordError",
    "RiichiRules",
    "ScoringError",
    "ShantenByForm",
    "WinSituation",
    "claimable_sets",
    "decompositions",
    "discard_candidates",
    "format_tiles",
    "is_winning_hand",
    "mcr_shanten_by_form",
    "mcr_waits",
    "parse_tiles",
    "score_hand",
    "score_mcr",
    "shanten",
    "shanten_by_form",
    "ukeire",
    "waiting_tiles",
]
