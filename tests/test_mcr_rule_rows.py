"""Rigged-wall tests for RULES.md part B rows an audit found untested or wrong: each test
names its row. Every step is checked by ``tests.mcr_helpers.check_mcr_hand``."""

from __future__ import annotations

from mahjong_joy.engine import ClosedKan, Phase
from mahjong_joy.engine.events import Drew
from mahjong_joy.notation import parse_tiles
from tests.mcr_helpers import act, deal, drop_drawn


def k(name: str) -> int:
    (kind,) = parse_tiles(name)
    return kind


def test_a_fifth_kong_is_allowed_with_no_dead_wall() -> None:
    """B1 "Dead wall", B2 "Pung / melded kong": kong replacements come from the tail of the
    wall and the hand runs until it is empty, so MCR has no riichi limit of four kongs a
    hand (that limit is the riichi dead wall's four replacement tiles, A1 "Kan and wall
    limits"). Seat 1 makes three concealed kongs, seat 2 a fourth, seat 3 a fifth."""
    hand = deal(["69m69p69s1234567z", "1111m2222m3333m4m", "4444p2468s1234z8p", "5555p2468s1234z7p"],
                draws="7z" + "6z" + "6z" + "6z", tail="7m8m7s8s9p")
    drop_drawn(hand)  # the dealer lets 7z go
    for tile in ("1m", "2m", "3m"):
        act(hand, ClosedKan(1, k(tile)))
    drop_drawn(hand)
    act(hand, ClosedKan(2, k("4p")))
    drop_drawn(hand)
    assert hand.current == 3 and sum(st.kans for st in hand.seats) == 4
    assert ClosedKan(3, k("5p")) in hand.legal_actions(3)
    events = act(hand, ClosedKan(3, k("5p")))
    assert events[-1] == Drew(3, k("9p"), True) and hand.phase is Phase.AWAITING_DISCARD
