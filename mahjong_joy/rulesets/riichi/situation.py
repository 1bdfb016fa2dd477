"""What the scorer is told about a win: the tiles, the melds and the moment.

:class:`WinSituation` is a plain value; ``from_dict`` / ``to_dict`` use the JSON
form of ``mahjong-joy score`` (see the README's "Scoring" section). Reading only
checks that each field is well formed (types, notation, wind letters) and raises a
:class:`~mahjong_joy.errors.MahjongJoyError` naming the field otherwise; whether
the fields fit together (tile counts, riichi on an open hand, ...) is the scorer's
question, answered as an ``invalid_situation`` result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mahjong_joy.errors import NotationError, ScoringError
from mahjong_joy.melds import MELD_TYPES, Meld, code_order
from mahjong_joy.rulesets.win import WinContext
from mahjong_joy.notation import format_tiles, parse_tiles_detailed
from mahjong_joy.names import LETTER_OF_WIND, WIND_TILE_OF
from mahjong_joy.tiles import EAST, FIVES, KIND_OF_CODE, RED_CODES

_FLAGS = (
    "tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei",
    "rinshan", "chankan", "tenhou", "chiihou",
)
_KNOWN_KEYS = frozenset(
    ("hand", "win_tile", "melds", "seat_wind", "round_wind", "dora_indicators",
     "ura_indicators", "honba", "riichi_sticks", "rules") + _FLAGS
)


def meld_from_dict(data: Any, index: int = 0) -> Meld:
    """``{"type": "pon", "tiles": "555z"}`` as a :class:`~mahjong_joy.melds.Meld` (codes: a
    ``0`` rank is the red five); raises naming the meld on bad input."""
    if not isinstance(data, dict) or set(data) != {"type", "tiles"}:
        raise ScoringError(f'meld {index} must be {{"type": ..., "tiles": ...}}, got {data!r}')
    kind = data["type"]
    if kind not in MELD_TYPES:
        raise ScoringError(f"meld {index} has unknown type {kind!r}; expected one of {', '.join(MELD_TYPES)}")
    parsed = parse_tiles_detailed(text_field(data["tiles"], f"meld {index} tiles"))
    return Meld(kind, codes_of(sorted(parsed.tiles), parsed.red))


def meld_to_dict(meld: Meld) -> dict[str, str]:
    """The JSON form :func:`meld_from_dict` reads."""
    return {"type": meld.type, "tiles": format_tiles(meld.kinds, red=meld.reds)}


def codes_of(kinds: Sequence[int], red: Sequence[int]) -> tuple[int, ...]:
    """Sorted kinds as codes: each kind in ``red`` turns one of its copies into the red five."""
    out = list(kinds)
    for kind in red:
        out[out.index(kind)] = RED_CODES[FIVES.index(kind)]
    return tuple(sorted(out, key=code_order))


@dataclass(frozen=True)
class WinSituation:
    """One win as the scorer sees it.

    ``hand`` holds the concealed kinds *including* the winning tile; ``hand_red``
    the kinds written as red fives there. Winds are kinds (27..30). Dealer is the
    East seat. ``double_riichi`` implies riichi.
    """

    hand: tuple[int, ...]
    win_tile: int
    melds: tuple[Meld, ...] = ()
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
    seat_wind: int = EAST
    round_wind: int = EAST
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    hand_red: tuple[int, ...] = ()
    honba: int = 0
    riichi_sticks: int = 0

    @property
    def is_dealer(self) -> bool:
        return self.seat_wind == EAST

    @property
    def is_closed(self) -> bool:
        """No called meld (closed kans keep the hand closed)."""
        return not any(m.is_open for m in self.melds)

    @property
    def declared_riichi(self) -> bool:
        return self.riichi or self.double_riichi

    @classmethod
    def from_dict(cls, data: Any) -> WinSituation:
        """Read the JSON form; ``rules`` is allowed and ignored (read it with
        ``RiichiRules.from_dict``). Raises on unknown keys and malformed fields."""
        check_situation_object(data, _KNOWN_KEYS)
        hand = parse_tiles_detailed(text_field(data["hand"], "hand"))
        win = parse_tiles_detailed(text_field(data["win_tile"], "win_tile"))
        if len(win.tiles) != 1:
            raise ScoringError(f"win_tile must be one tile, got {data['win_tile']!r}")
        melds = data.get("melds", [])
        if not isinstance(melds, list):
            raise ScoringError(f"melds must be a list, got {type(melds).__name__}")
        flags = {name: flag_field(data, name) for name in _FLAGS}
        return cls(
            hand=tuple(sorted(hand.tiles)),
            hand_red=tuple(sorted(hand.red)),
            win_tile=win.tiles[0],
            melds=tuple(meld_from_dict(m, i) for i, m in enumerate(melds)),
            seat_wind=wind_field(data, "seat_wind"),
            round_wind=wind_field(data, "round_wind"),
            dora_indicators=_indicators(data, "dora_indicators"),
            ura_indicators=_indicators(data, "ura_indicators"),
            honba=_count(data, "honba"),
            riichi_sticks=_count(data, "riichi_sticks"),
            **flags,
        )

    def to_dict(self) -> dict[str, Any]:
        """The JSON form read by :meth:`from_dict` (every field written)."""
        out: dict[str, Any] = {
            "hand": format_tiles(self.hand, red=self.hand_red),
            "win_tile": format_tiles([self.win_tile]),
            "melds": [meld_to_dict(m) for m in self.melds],
        }
        out.update({name: getattr(self, name) for name in _FLAGS})
        out["seat_wind"] = LETTER_OF_WIND.get(self.seat_wind, str(self.seat_wind))
        out["round_wind"] = LETTER_OF_WIND.get(self.round_wind, str(self.round_wind))
        out["dora_indicators"] = format_tiles(self.dora_indicators)
        out["ura_indicators"] = format_tiles(self.ura_indicators)
        out["honba"] = self.honba
        out["riichi_sticks"] = self.riichi_sticks
        return out


def situation_of(win: WinContext) -> WinSituation:
    """The riichi scorer's situation of the engine's neutral win: kinds, with the red fives
    listed apart (``hand_red``); honba and sticks are the settlement's to add."""
    kind = KIND_OF_CODE.__getitem__
    return WinSituation(
        hand=tuple(sorted(map(kind, win.hand))),
        hand_red=tuple(sorted(kind(c) for c in win.hand if c >= 34)),
        win_tile=kind(win.win_tile),
        melds=win.melds,
        **{flag: getattr(win, flag) for flag in _FLAGS},  # the moment's flags, one for one
        seat_wind=win.seat_wind,
        round_wind=win.round_wind,
        dora_indicators=tuple(map(kind, win.dora_indicators)),
        ura_indicators=tuple(map(kind, win.ura_indicators)),
    )


def check_situation_object(data: Any, known: frozenset[str]) -> None:
    """A situation is a JSON object of known fields holding ``hand`` and ``win_tile``
    (riichi and MCR situations alike); raises naming the first problem."""
    if not isinstance(data, dict):
        raise ScoringError(f"a situation must be a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - known)
    if unknown:
        raise ScoringError(f"unknown situation field {unknown[0]!r}")
    for key in ("hand", "win_tile"):
        if key not in data:
            raise ScoringError(f"situation field {key!r} is required")


def text_field(value: Any, name: str) -> str:
    """A situation field that must be an MPSZ string (riichi and MCR situations alike)."""
    if not isinstance(value, str):
        raise NotationError(f"{name} must be an MPSZ string, got {value!r}")
    return value


def flag_field(data: dict[str, Any], name: str) -> bool:
    """A true/false situation field, false when absent."""
    value = data.get(name, False)
    if type(value) is not bool:
        raise ScoringError(f"situation field {name!r} must be true or false, got {value!r}")
    return value


def wind_field(data: dict[str, Any], name: str) -> int:
    """A wind letter (E, S, W, N) as its kind, East when absent."""
    value = data.get(name, "E")
    if value not in WIND_TILE_OF:
        raise ScoringError(f"situation field {name!r} must be one of E, S, W, N, got {value!r}")
    return WIND_TILE_OF[value]


def _indicators(data: dict[str, Any], name: str) -> tuple[int, ...]:
    value = data.get(name, "")
    if isinstance(value, list):  # also accept ["3m", "5z"]
        if not all(isinstance(v, str) for v in value):
            raise NotationError(f"{name} must be an MPSZ string, got {value!r}")
        value = "".join(value)
    return tuple(parse_tiles_detailed(text_field(value, name), allow_empty=True).tiles)


def _count(data: dict[str, Any], name: str) -> int:
    value = data.get(name, 0)
    if type(value) is not int or value < 0:
        raise ScoringError(f"situation field {name!r} must be a non-negative integer, got {value!r}")
    return value
