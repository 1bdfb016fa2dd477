"""The referee: one hand as a state machine, its actions, events, wall and seat views."""

from mahjong_joy.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kan,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
    action_from_dict,
)
from mahjong_joy.engine.state import ClaimOpportunity, HandEnd, HandState, HeldMeld, Phase, RiverTile, WinFacts
from mahjong_joy.engine.view import SeatView, observe
from mahjong_joy.engine.wall import Wall, wall_key

__all__ = [
    "Action", "AddedKan", "Chi", "ClaimOpportunity", "ClosedKan", "Discard", "HandEnd", "HandState", "Kan",
    "HeldMeld", "NineTerminals", "Pass", "Phase", "Pon", "Riichi", "RiverTile", "Ron", "SeatView", "Tsumo",
    "Wall", "WinFacts", "action_from_dict", "observe", "wall_key",
]
