"""The presets the game ships, each a :class:`~mahjong_joy.rulesets.rules.Rules` value.

``MAHJONG_SOUL`` is the default riichi preset (Mahjong Soul four-player ranked,
hanchan); ``TENHOU`` is built from it by replacing the fields that differ, one line
each with its source (RULES.md, Summary table); ``JOY`` is the casual game as it
plays today, built the same way. ``find_preset(name)`` is the one lookup.
"""

from __future__ import annotations

from dataclasses import replace

from mahjong_joy.errors import RulesError
from mahjong_joy.rulesets.mcr.situation import McrRules
from mahjong_joy.rulesets.riichi.rules import DEFAULT_RULES, JOY_RULES, TENHOU_SCORING
from mahjong_joy.rulesets.rules import HandRules, Rules, TableRules, TileRules

MAHJONG_SOUL = Rules(
    name="mahjong_soul",
    tiles=TileRules(red_fives=1),
    hand=HandRules(),
    table=TableRules(),
    scoring=DEFAULT_RULES,
)
"""Mahjong Soul ranked: the defaults of every block (RULES.md A1, column MS)."""

TENHOU = replace(
    MAHJONG_SOUL,
    name="tenhou",
    hand=replace(
        MAHJONG_SOUL.hand,
        triple_ron_aborts=True,  # sanchahou is an abortive draw [TW; KBG; RE-T sanchaho_is_draw]
        kokushi_robs_closed_kan=False,  # [RW Chankan "Kokushi Denied"; RE-T]
        karaten_is_noten=True,  # [TW keishiki tenpai; C1-17]
        pao_scope="whole_hand",  # pao covers the composite yakuman too [MO quoting the Tenhou manual]
    ),
    table=replace(
        MAHJONG_SOUL.table,
        uma=(20, 10, -10, -20),  # [KB 順位点; MJS "10-20 uma"]
        uma_base=30_000,  # return 30,000 with oka [TW; KBG]
        oka=True,
        round_game_points=True,  # [MJS "rounded to the nearest 1000"]
    ),
    scoring=TENHOU_SCORING,  # all yakuman single [KBG point 1; C1-16]
)
"""Tenhou four-player red-five hanchan (RULES.md A1, column TH)."""

JOY = Rules(
    name="joy",
    tiles=TileRules(red_fives=0),
    hand=HandRules(
        riichi=False,
        furiten=False,
        kuikae="allowed",
        open_kan_dora="immediate",
        ura_dora=False,
        kan_ura_dora=False,
        abortive_draws=(),
        max_rons=1,
        kokushi_robs_closed_kan=False,
        nagashi_mangan=False,
        tenpai_payment=0,
        pao=(),
    ),
    table=TableRules(
        length="east",
        renchan_on_tenpai=False,
        extension="none",
        agari_yame=False,
        uma=(0, 0, 0, 0),
    ),
    scoring=JOY_RULES,
)
"""The casual Joy game: any complete hand wins, no riichi, one East round."""

MCR = Rules(
    name="mcr",
    family="mcr",
    tiles=TileRules(red_fives=0, flowers=8, dead_wall=0),  # 144 tiles, no dead wall [RULES.md B1]
    hand=HandRules(
        riichi=False,  # no riichi, no dora [B2 "Furiten"]
        furiten=False,  # no furiten at all [B2 "Furiten"; C2-13]
        kuikae="allowed",
        ura_dora=False,
        kan_ura_dora=False,
        abortive_draws=(),
        max_rons=1,  # one winner per discard: head bump [B2 "Several Hu on one discard"]
        kokushi_robs_closed_kan=False,  # only an added kong may be robbed [B4; C2-6]
        nagashi_mangan=False,
        tenpai_payment=0,  # exhaustive draw: no payment [B2 "Exhaustive draw"]
        pao=(),
    ),
    table=TableRules(
        length="east_south_west_north",  # 16 hands [B3 "Game"]
        starting_points=0,  # a running total from 0 [B2 "Payments"]
        return_points=0,
        renchan_on_tenpai=False,  # the deal passes after every hand [B3 "Dealer"]
        extension="none",
        agari_yame=False,
        tobi=False,
        uma=(4, 2, 1, 0),  # table points by placement: our choice, the 4-2-1-0 of MCR competitions
        uma_base=0,
        seat_changes="green_book",  # [B3 "Seat changes"]
    ),
    scoring=McrRules(),
)
"""Chinese Official (MCR, the Green Book rules): RULES.md part B."""

PRESETS: dict[str, Rules] = {rules.name: rules for rules in (JOY, MAHJONG_SOUL, TENHOU, MCR)}
"""The registry: every preset the game ships, in the order menus list them."""

DEFAULT_PRESET = JOY.name
"""The preset a new player, a missing setting or a bare command starts with."""

RIICHI_PRESETS = tuple(name for name, rules in PRESETS.items() if rules.hand.riichi)
"""The presets played with riichi (what an mjai bot or an imported log can be refereed under)."""


def find_preset(name: str) -> Rules:
    """The preset of this name; ``RulesError`` listing the known names otherwise."""
    rules = PRESETS.get(name) if isinstance(name, str) else None
    if rules is None:
        raise RulesError(f"unknown rules {name!r}; known: {', '.join(PRESETS)}")
    return rules
