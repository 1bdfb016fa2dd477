"""A win as the engine sees it, in no rules family's terms.

The engine knows the tiles (as codes), the melds and the moment (tsumo, riichi, the
last tile, a kan's replacement...). What a scorer needs from that is the family's
question: :meth:`~mahjong_joy.rulesets.base.Ruleset.situation` turns a
:class:`WinContext` into the family's own situation (the riichi family's
``WinSituation``), so the engine imports no family's module.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_joy.melds import Meld


@dataclass(frozen=True, slots=True)
class WinContext:
    """One seat winning now: ``hand`` the concealed codes with the winning tile, ``win_tile``
    its code, ``melds`` the declared sets, the winds as kinds (27..30), the indicators as
    codes (ura only for a riichi winner, when the rules turn them), and the moment's flags."""

    hand: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld, ...]
    seat_wind: int
    round_wind: int
    dora_indicators: tuple[int, ...]
    ura_indicators: tuple[int, ...] = ()
    tsumo: bool = False
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False
    wall_empty: bool = False  # the live wall was empty: the last tile drawn, or the discard after it
    flowers: int = 0  # flowers the winner declared (Chinese Official: a fan each, RULES.md B1)
    visible_copies: int = 0  # copies of the winning kind face up on the table besides the winning tile (B4 和绝张); 0 unless Ruleset.counts_visible_copies
