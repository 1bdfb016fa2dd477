"""Build every table the game fills on first use, once, at a moment of our choosing.

The hand tables, the shanten caches and the scorer's suit groupings are built
lazily (0.2-0.5 s together), which keeps the command line and the first window
frame fast; but left lazy, the first guide hint and the first won hand would each
freeze the table for a few frames. The game calls :func:`warm_up` right after
its first frame, while the Home screen is standing still.
"""

from __future__ import annotations


def warm_up() -> None:
    """Run each lazily built path once on a small fixed hand."""
    from mahjong_joy.hand.agari import is_winning_hand
    from mahjong_joy.hand.shanten import shanten_by_form
    from mahjong_joy.hand.waits import discard_candidates, waiting_tiles
    from mahjong_joy.notation import parse_tiles
    from mahjong_joy.rulesets.riichi import WinSituation, score_hand

    hand = parse_tiles("123m456p789s1122z")
    is_winning_hand(hand + parse_tiles("1z"))
    shanten_by_form(hand)
    waiting_tiles(hand)
    discard_candidates(hand + parse_tiles("5z"))
    score_hand(WinSituation.from_dict({"hand": "123m456p789s11122z", "win_tile": "1z", "tsumo": True}))
