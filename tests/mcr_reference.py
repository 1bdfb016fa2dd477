"""Adapter from our MCR situations to pymahjonggb 1.4.0 (``MahjongGB``), the oracle.

Used only by the MCR differential test and ``scripts/bench_mcr.py``. Tile codes
(RULES.md B7 row 13): ``W`` characters, ``B`` dots, ``T`` bamboo, ``F1-F4`` the
winds, ``J1`` Red, ``J2`` Green, ``J3`` White; a chow pack is named by its middle
tile; offer 0 marks a concealed kong. The library takes the standing tiles
without the winning tile. Its fan names come back as our ids (the snake_case of
its English names, which RULES.md B6 uses).
"""

from __future__ import annotations

import re

import MahjongGB

from mahjong_joy.rulesets.mcr import McrSituation
from mahjong_joy.rulesets.mcr.situation import CHOW, CONCEALED_KONG, PUNG

_SUIT_CODES = ("W", "B", "T")
_HONOR_CODES = ("F1", "F2", "F3", "F4", "J3", "J2", "J1")  # E S W N White Green Red
CODES = tuple(f"{_SUIT_CODES[t // 9]}{t % 9 + 1}" for t in range(27)) + _HONOR_CODES


def library_id(english: str) -> str:
    """Our fan id for one of the library's English names."""
    return re.sub(r"[^a-z]+", "_", english.lower()).strip("_")


def library_arguments(s: McrSituation) -> tuple:
    """The positional arguments of ``MahjongFanCalculator`` for a situation."""
    packs = []
    for meld in s.melds:
        if meld.kind == CHOW:
            packs.append(("CHI", CODES[meld.tiles[1]], 2))
        elif meld.kind == PUNG:
            packs.append(("PENG", CODES[meld.tiles[0]], 1))
        else:
            packs.append(("GANG", CODES[meld.tiles[0]], 0 if meld.kind == CONCEALED_KONG else 1))
    standing = list(s.hand)
    standing.remove(s.win_tile)
    return (tuple(packs), tuple(CODES[t] for t in standing), CODES[s.win_tile], s.flowers, s.tsumo,
            s.last_tile, s.kong_replacement or s.robbing_kong, s.last_wall_tile,
            s.seat_wind - 27, s.round_wind - 27)


def library_fan(s: McrSituation) -> list[tuple[str, int, int]]:
    """The library's fan list as sorted (id, points per instance, count)."""
    found = MahjongGB.MahjongFanCalculator(*library_arguments(s), True)
    return sorted((library_id(english), points, count) for points, count, _, english in found)
