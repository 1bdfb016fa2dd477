"""The referee: one hand as a state machine, its actions, events, wall and seat views."""

from mahjong_joy.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kan,
    Pass,
    Pon,
    Ron,
    Tsumo,
    action_from_dict,
)
from mahjong_joy.engine.state import ClaimOpportunity, HandState, Meld, Outcome, Phase, RiverTile
from mahjong_joy.engine.view import SeatView
from mahjong_joy.engine.wall import Wall, wall_key

__all__ = [
    "Action", "AddedKan", "Chi", "ClaimOpportunity", "ClosedKan", "Discard", "HandState", "Kan",
    "Meld", "Outcome", "Pass", "Phase", "Pon", "RiverTile", "Ron", "SeatView", "Tsumo", "Wall",
    "action_from_dict", "wall_key",
]
