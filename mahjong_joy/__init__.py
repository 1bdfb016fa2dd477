"""Mahjong Joy: a desktop mahjong game, and the rules library beneath it.

The stable public names (the game, the CLI and other tools import these):

>>> from mahjong_joy import parse_tiles, is_winning_hand
>>> is_winning_hand(parse_tiles("123m456p789s11122z"))
True
"""

from mahjong_joy.errors import (
    IllegalActionError,
    InvalidHandError,
    MahjongJoyError,
    NotationError,
    RecordError,
    ScoringError,
)
from mahjong_joy.hand.agari import is_winning_hand
from mahjong_joy.hand.claims import ClaimOption, claimable_sets
from mahjong_joy.hand.decompose import Decomposition, Group, decompositions
from mahjong_joy.hand.shanten import ShantenByForm, shanten, shanten_by_form
from mahjong_joy.hand.waits import DiscardCandidate, discard_candidates, ukeire, waiting_tiles
from mahjong_joy.notation import format_tiles, parse_tiles
from mahjong_joy.rulesets.riichi import HandScore, RiichiRules, WinSituation, score_hand

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
    "parse_tiles",
    "score_hand",
    "shanten",
    "shanten_by_form",
    "ukeire",
    "waiting_tiles",
]
