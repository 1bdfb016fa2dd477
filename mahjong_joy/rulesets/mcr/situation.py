"""What the MCR scorer is told about a win: the tiles, the declared melds, the moment.

:class:`McrSituation` is a plain value whose ``from_dict`` / ``to_dict`` use the JSON
form of ``mahjong-joy score --rules mcr`` (README, "MCR scoring"). Reading is
strict: an unknown key, a wrong type, bad notation or a meld whose tiles do not
make its type raises :class:`~mahjong_joy.errors.ScoringError` (or
``NotationError``) naming the field. Whether the fields fit together (tile count,
a fifth copy across hand and melds, flags that contradict the tiles) is the
scorer's question, answered as an ``invalid_situation`` result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from mahjong_joy.errors import ScoringError
from mahjong_joy.notation import format_tiles, parse_tiles
from mahjong_joy.names import LETTER_OF_WIND
from mahjong_joy.tiles import EAST
from mahjong_joy.rulesets.riichi.situation import check_situation_object, flag_field, text_field, wind_field

CHOW, PUNG, KONG, CONCEALED_KONG = "chow", "pung", "kong", "concealed_kong"
MELD_TYPES = (CHOW, PUNG, KONG, CONCEALED_KONG)

OFFICIAL, LIBRARY = "official", "library"
KONG_CONVENTIONS = (OFFICIAL, LIBRARY)
FLAGS = ("tsumo", "last_tile", "kong_replacement", "robbing_kong", "last_wall_tile")
_KNOWN_KEYS = frozenset(("hand", "win_tile", "melds", "seat_wind", "round_wind", "flowers", "rules") + FLAGS)
MAX_FLOWERS = 8
NO_WIN_TILE = -1  # the winning tile of a hand still waiting (``McrSituation.waiting``)


@dataclass(frozen=True)
class McrRules:
    """The two options where sources disagree (RULES.md B7 rows 3 and 8).

    ``kong_convention``: ``official`` scores one concealed plus one melded kong as
    Concealed Kong 2 + Melded Kong 1; ``library`` as the 5-point "Concealed Kong and
    Melded Kong" of pymahjonggb (an MIL convention, not one of the 81).
    ``seven_pairs_tile_hog``: whether Seven Pairs with All Terminals or All Green
    still adds Tile Hog for four identical tiles (library and GBH: yes; the 2006
    Tianjin ruling quoted by Sloper: no).
    """

    kong_convention: str = OFFICIAL
    seven_pairs_tile_hog: bool = True
    # The switches every scoring block of a ruleset answers (the table in rulesets/rules.py):
    # no red fives, no riichi, no dora; a win needs value (the 8-fan minimum, RULES.md B2).
    red_fives: ClassVar[bool] = False
    riichi: ClassVar[bool] = False
    dora: ClassVar[bool] = False
    yaku_required: ClassVar[bool] = True

    @classmethod
    def library(cls) -> McrRules:
        """pymahjonggb 1.4.0's conventions (for comparing against it)."""
        return cls(kong_convention=LIBRARY, seven_pairs_tile_hog=True)

    @classmethod
    def from_dict(cls, data: Any) -> McrRules:
        """``{"kong_convention": "official", "seven_pairs_tile_hog": true}``; both optional."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise ScoringError(f"rules must be a JSON object, got {type(data).__name__}")
        unknown = sorted(set(data) - {"kong_convention", "seven_pairs_tile_hog"})
        if unknown:
            raise ScoringError(f"unknown MCR rules option {unknown[0]!r}")
        convention = data.get("kong_convention", OFFICIAL)
        if convention not in KONG_CONVENTIONS:
            raise ScoringError(f"rules option 'kong_convention' must be one of {', '.join(KONG_CONVENTIONS)}, got {convention!r}")
        hog = data.get("seven_pairs_tile_hog", True)
        if type(hog) is not bool:
            raise ScoringError(f"rules option 'seven_pairs_tile_hog' must be true or false, got {hog!r}")
        return cls(convention, hog)

    def to_dict(self) -> dict[str, Any]:
        return {"kong_convention": self.kong_convention, "seven_pairs_tile_hog": self.seven_pairs_tile_hog}


@dataclass(frozen=True)
class McrMeld:
    """A declared set: ``kind`` one of :data:`MELD_TYPES`, ``tiles`` its sorted kinds."""

    kind: str
    tiles: tuple[int, ...]

    @property
    def is_kong(self) -> bool:
        return self.kind in (KONG, CONCEALED_KONG)

    @property
    def is_melded(self) -> bool:
        """Every declared set but a concealed kong was claimed (so the hand is not concealed)."""
        return self.kind != CONCEALED_KONG

    @classmethod
    def from_dict(cls, data: Any, index: int = 0) -> McrMeld:
        """``{"type": "pung", "tiles": "555z"}``; raises naming the meld on bad input."""
        if not isinstance(data, dict) or set(data) != {"type", "tiles"}:
            raise ScoringError(f'meld {index} must be {{"type": ..., "tiles": ...}}, got {data!r}')
        kind = data["type"]
        if kind not in MELD_TYPES:
            raise ScoringError(f"meld {index} has unknown type {kind!r}; expected one of {', '.join(MELD_TYPES)}")
        tiles = tuple(sorted(parse_tiles(text_field(data["tiles"], f"meld {index} tiles"))))
        problem = _meld_shape_problem(kind, tiles)
        if problem:
            raise ScoringError(f"meld {index} ({kind} {data['tiles']}): {problem}")
        return cls(kind, tiles)

    def to_dict(self) -> dict[str, str]:
        return {"type": self.kind, "tiles": format_tiles(self.tiles)}


def _meld_shape_problem(kind: str, tiles: tuple[int, ...]) -> str:
    if kind == CHOW:
        first = tiles[0]
        if len(tiles) != 3 or first >= 27 or first % 9 > 6 or tiles != (first, first + 1, first + 2):
            return "a chow is three consecutive tiles of one number suit"
        return ""
    size = 3 if kind == PUNG else 4
    if len(tiles) != size or len(set(tiles)) != 1:
        return f"a {kind.replace('_', ' ')} is {size} identical tiles"
    return ""


@dataclass(frozen=True)
class McrSituation:
    """One MCR win as the scorer sees it.

    ``hand`` holds the concealed kinds *including* the winning tile; winds are kinds
    (27..30). ``last_tile`` is the caller's word that the other three copies are
    visible (和绝张); ``last_wall_tile`` means Last Tile Draw on a self-draw and Last
    Tile Claim on a discard; ``kong_replacement`` is a self-draw on a kong's
    replacement tile; ``robbing_kong`` a win on a tile added to a melded pung.
    """

    hand: tuple[int, ...]
    win_tile: int
    melds: tuple[McrMeld, ...] = ()
    tsumo: bool = False
    last_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    last_wall_tile: bool = False
    seat_wind: int = EAST
    round_wind: int = EAST
    flowers: int = 0
    rules: McrRules = field(default_factory=McrRules)

    @classmethod
    def from_dict(cls, data: Any) -> McrSituation:
        """Read the JSON form; raises on unknown keys and malformed fields."""
        check_situation_object(data, _KNOWN_KEYS)
        hand = parse_tiles(text_field(data["hand"], "hand"))
        win = parse_tiles(text_field(data["win_tile"], "win_tile"))
        if len(win) != 1:
            raise ScoringError(f"win_tile must be one tile, got {data['win_tile']!r}")
        melds = data.get("melds", [])
        if not isinstance(melds, list):
            raise ScoringError(f"melds must be a list, got {type(melds).__name__}")
        return cls(
            hand=tuple(sorted(hand)),
            win_tile=win[0],
            melds=tuple(McrMeld.from_dict(m, i) for i, m in enumerate(melds)),
            seat_wind=wind_field(data, "seat_wind"),
            round_wind=wind_field(data, "round_wind"),
            flowers=_flowers(data),
            rules=McrRules.from_dict(data.get("rules")),
            **{name: flag_field(data, name) for name in FLAGS},
        )

    @classmethod
    def waiting(cls, hand: Any, melds: tuple[McrMeld, ...] = (), **context: Any) -> McrSituation:
        """A hand *before* its winning tile, for :func:`~mahjong_joy.rulesets.mcr.waits.fan_by_wait`:
        ``hand`` the concealed kinds (13 less 3 per declared meld), ``context`` any other
        field (``tsumo``, ``seat_wind``...); ``win_tile`` is :data:`NO_WIN_TILE`."""
        return cls(hand=tuple(sorted(hand)), win_tile=NO_WIN_TILE, melds=tuple(melds), **context)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form read by :meth:`from_dict` (every field written)."""
        out: dict[str, Any] = {
            "hand": format_tiles(self.hand),
            "win_tile": format_tiles([self.win_tile]),
            "melds": [m.to_dict() for m in self.melds],
        }
        out.update({name: getattr(self, name) for name in FLAGS})
        out["seat_wind"] = LETTER_OF_WIND[self.seat_wind]
        out["round_wind"] = LETTER_OF_WIND[self.round_wind]
        out["flowers"] = self.flowers
        out["rules"] = self.rules.to_dict()
        return out


def _flowers(data: dict[str, Any]) -> int:
    value = data.get("flowers", 0)
    if type(value) is not int or not 0 <= value <= MAX_FLOWERS:
        raise ScoringError(f"situation field 'flowers' must be an integer 0..{MAX_FLOWERS}, got {value!r}")
    return value
