"""What a seat can do: small immutable commands, named in the imperative.

Tiles in actions are kinds (0..33); the engine picks the physical copy (the drawn
tile when it matches, so a "tsumogiri" is visible in the river). Every action
round-trips through a plain dict for records: ``action_from_dict(a.to_dict()) == a``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from mahjong_joy.errors import RecordError
from mahjong_joy.notation import format_tiles
from mahjong_joy.tiles import tile_name


@dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: the absolute seat (0..3) that takes it."""

    seat: int
    name: ClassVar[str] = "action"

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form: ``{"type": name, "seat": n, ...fields}``."""
        out: dict[str, Any] = {"type": self.name}
        for f in fields(self):
            value = getattr(self, f.name)
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def describe(self) -> str:
        """Short human text, e.g. ``discard 5p``; used in error messages and logs."""
        return self.name


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one tile of this kind from the concealed hand."""

    tile: int
    name: ClassVar[str] = "discard"

    def describe(self) -> str:
        return f"discard {_kind_text(self.tile)}"


@dataclass(frozen=True, slots=True)
class Tsumo(Action):
    """Declare a win on the tile just drawn."""

    name: ClassVar[str] = "tsumo"


@dataclass(frozen=True, slots=True)
class Ron(Action):
    """Declare a win on the tile just discarded (or added to a kan)."""

    name: ClassVar[str] = "ron"


@dataclass(frozen=True, slots=True)
class Chi(Action):
    """Claim the discard from the seat on the left to make this run (three kinds, sorted)."""

    tiles: tuple[int, ...]
    name: ClassVar[str] = "chi"

    def describe(self) -> str:
        return f"chi {_tiles_text(self.tiles)}"


@dataclass(frozen=True, slots=True)
class Pon(Action):
    """Claim the discard to make a triplet with two held copies."""

    name: ClassVar[str] = "pon"


@dataclass(frozen=True, slots=True)
class Kan(Action):
    """Claim the discard to make an open quad with three held copies (then a replacement draw)."""

    name: ClassVar[str] = "kan"


@dataclass(frozen=True, slots=True)
class ClosedKan(Action):
    """On one's own turn, declare four held copies of a kind as a quad."""

    tile: int
    name: ClassVar[str] = "closed_kan"

    def describe(self) -> str:
        return f"closed kan {_kind_text(self.tile)}"


@dataclass(frozen=True, slots=True)
class AddedKan(Action):
    """On one's own turn, add the held fourth copy to one's own pon."""

    tile: int
    name: ClassVar[str] = "added_kan"

    def describe(self) -> str:
        return f"added kan {_kind_text(self.tile)}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline the claim (or kan-robbing) opportunity on the last tile."""

    name: ClassVar[str] = "pass"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.name: cls for cls in (Discard, Tsumo, Ron, Chi, Pon, Kan, ClosedKan, AddedKan, Pass)
}


def action_from_dict(data: Any) -> Action:
    """The action a record stored; ``RecordError`` naming what is wrong otherwise."""
    if not isinstance(data, dict) or data.get("type") not in ACTION_TYPES:
        raise RecordError(f"not an action: {data!r}")
    cls = ACTION_TYPES[data["type"]]
    values: dict[str, Any] = {}
    for f in fields(cls):
        value = data.get(f.name)
        if isinstance(value, list):
            value = tuple(value)
        ok = isinstance(value, tuple) and all(isinstance(v, int) for v in value)
        if not (isinstance(value, int) and not isinstance(value, bool)) and not ok:
            raise RecordError(f"action {data!r}: field {f.name!r} missing or not an int")
        values[f.name] = value
    return cls(**values)


def _kind_text(tile: object) -> str:
    """MPSZ name of a kind, or its repr when it is not one (for error messages)."""
    return tile_name(tile) if isinstance(tile, int) and 0 <= tile < 34 else repr(tile)


def _tiles_text(tiles: object) -> str:
    try:
        return format_tiles(tiles)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return repr(tiles)
