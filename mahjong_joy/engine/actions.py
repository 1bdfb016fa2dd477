"""What a seat can do: small immutable commands, named in the imperative.

Tiles in actions are tile codes: kinds 0..33, and 34..36 for the red 5m, 5p, 5s
(:mod:`mahjong_joy.tiles`); without red fives a code is just a kind. The engine
picks the physical copy of a code (the drawn tile when it matches, so a
"tsumogiri" is visible in the river). A call's ``consumed`` names the codes it
takes from the hand; ``None`` (every v1 record) means the engine's choice.
Every action round-trips through a plain dict for records:
``action_from_dict(a.to_dict()) == a``; ``None`` fields are left out.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from mahjong_joy.errors import RecordError
from mahjong_joy.notation import format_tiles
from mahjong_joy.tiles import FLOWER_CODES, code_name


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
            if value is not None:
                out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    def describe(self) -> str:
        """Short human text, e.g. ``discard 5p``; used in error messages and logs."""
        return self.name


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard one tile of this kind from the concealed hand, or (Chinese Official) a
    flower kept beside it (its code 37..44; RULES.md B1 "Flower replacement (play)").

    ``tsumogiri=False`` asks for a held copy rather than the tile just drawn when
    both show this code (an imported log says which one left the hand; the
    river shows it); ``None`` lets the engine take the drawn tile.
    """

    tile: int
    tsumogiri: bool | None = None
    name: ClassVar[str] = "discard"

    def describe(self) -> str:
        return f"discard {_kind_text(self.tile)}{_from_hand_text(self.tsumogiri)}"


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
    consumed: tuple[int, ...] | None = None
    name: ClassVar[str] = "chi"

    def describe(self) -> str:
        return f"chi {_tiles_text(self.tiles)}{_consumed_text(self.consumed)}"


@dataclass(frozen=True, slots=True)
class Pon(Action):
    """Claim the discard to make a triplet with two held copies (``consumed``: their codes)."""

    consumed: tuple[int, ...] | None = None
    name: ClassVar[str] = "pon"

    def describe(self) -> str:
        return f"pon{_consumed_text(self.consumed)}"


@dataclass(frozen=True, slots=True)
class Kan(Action):
    """Claim the discard to make an open quad with three held copies (then a replacement draw)."""

    consumed: tuple[int, ...] | None = None
    name: ClassVar[str] = "kan"

    def describe(self) -> str:
        return f"kan{_consumed_text(self.consumed)}"


@dataclass(frozen=True, slots=True)
class Riichi(Action):
    """Declare riichi with this discard (a code, as for :class:`Discard`)."""

    tile: int
    tsumogiri: bool | None = None  # as for Discard
    name: ClassVar[str] = "riichi"

    def describe(self) -> str:
        return f"riichi discarding {_kind_text(self.tile)}{_from_hand_text(self.tsumogiri)}"


@dataclass(frozen=True, slots=True)
class NineTerminals(Action):
    """Abort the hand on one's first uninterrupted draw with nine kinds of terminals and honors."""

    name: ClassVar[str] = "nine_terminals"


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
class DeclareFlower(Action):
    """On one's own turn after a draw, lay a held flower (code 37..44) face up and draw
    its replacement from the tail of the wall (RULES.md B1 "Flower replacement (play)")."""

    tile: int
    name: ClassVar[str] = "flower"

    def describe(self) -> str:
        return f"declare flower {_kind_text(self.tile)}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline the claim (or kan-robbing) opportunity on the last tile."""

    name: ClassVar[str] = "pass"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.name: cls
    for cls in (Discard, Tsumo, Ron, Chi, Pon, Kan, ClosedKan, AddedKan, Pass, Riichi, NineTerminals, DeclareFlower)
}
_OPTIONAL = frozenset({"consumed", "tsumogiri"})
_FLAGS = frozenset({"tsumogiri"})
_TUPLE_FIELDS = frozenset({"tiles", "consumed"})  # every other field is one int (or a flag)


def action_from_dict(data: Any) -> Action:
    """The action a record stored; ``RecordError`` naming what is wrong otherwise.

    Each field is checked for its shape (an int, or a short list of ints) before
    the action is built; whether its values are legal is the engine's question.
    """
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise RecordError(f"not an action: {_short(data)}")
    cls = ACTION_TYPES[kind]
    known = {f.name for f in fields(cls)} | {"type"}
    extra = sorted(str(k) for k in data if k not in known)
    if extra:
        raise RecordError(f"action {kind}: unknown field {extra[0]!r}")
    values: dict[str, Any] = {}
    for f in fields(cls):
        value = data.get(f.name)
        if value is None and f.name in _OPTIONAL:
            continue
        if f.name in _FLAGS:
            if type(value) is not bool:
                raise RecordError(f"action {kind}: field {f.name!r} must be true or false")
            values[f.name] = value
            continue
        if f.name in _TUPLE_FIELDS and isinstance(value, list) and len(value) <= 4 and all(
            _is_small_int(v) for v in value
        ):
            value = tuple(value)
        elif not _is_small_int(value):
            raise RecordError(f"action {kind}: field {f.name!r} missing or not a small integer")
        values[f.name] = value
    return cls(**values)


def kept_flower_discards(actions: Iterable[Action]) -> list[Discard]:
    """The discards of flowers kept beside the hand among ``actions`` (Chinese
    Official, RULES.md B1 "Flower replacement (play)"), in the engine's order: by code,
    after every other own-turn action."""
    return [a for a in actions if type(a) is Discard and a.tile in FLOWER_CODES]


def is_well_formed(action: object) -> bool:
    """Every field of the right shape: a seat 0..3, a tile code 0..36 (a flower's
    37..44 for :class:`DeclareFlower`, and for a :class:`Discard` naming no copy), and a
    short tuple of codes exactly in ``tiles`` and ``consumed``.

    ``True`` or ``5.0`` would compare equal to a legal action, so types are exact;
    a tuple where one code belongs (``Discard(1, (3,))``) is malformed too.
    """
    if not isinstance(action, Action) or not _is_small_int(action.seat) or not 0 <= action.seat < 4:
        return False
    if type(action) is DeclareFlower:
        return type(action.tile) is int and action.tile in FLOWER_CODES
    if type(action) is Discard and type(action.tile) is int and action.tile in FLOWER_CODES:
        return action.tsumogiri is None  # a kept flower may be discarded (RULES.md B1); each is one of a kind
    for f in fields(action):
        value = getattr(action, f.name)
        if f.name == "seat" or (value is None and f.name in _OPTIONAL):
            continue
        if f.name in _FLAGS:
            if type(value) is not bool:
                return False
            continue
        if f.name in _TUPLE_FIELDS:
            if type(value) is not tuple or not 1 <= len(value) <= 4 or not all(_is_code(v) for v in value):
                return False
        elif not _is_code(value):
            return False
    return True


def _is_small_int(value: object) -> bool:
    return type(value) is int and -1000 < value < 1000


def _is_code(value: object) -> bool:
    return type(value) is int and 0 <= value < 37


def _short(data: object) -> str:
    text = repr(data)
    return text if len(text) <= 80 else text[:77] + "..."


def _kind_text(tile: object) -> str:
    """MPSZ name of a code (``0m`` for a red five, ``1f`` for a flower), or its repr when it is not one."""
    return code_name(tile) if isinstance(tile, int) and not isinstance(tile, bool) and 0 <= tile < 45 else repr(tile)


def _from_hand_text(tsumogiri: object) -> str:
    if tsumogiri is True:
        return " (the tile drawn)"
    return " (from the hand)" if tsumogiri is False else ""


def _consumed_text(consumed: object) -> str:
    """`` with 0m5m`` for an explicit choice of tiles; empty for the engine's choice."""
    if consumed is None:
        return ""
    if isinstance(consumed, tuple):
        return " with " + "".join(_kind_text(c) for c in consumed)
    return f" with {consumed!r}"


def _tiles_text(tiles: object) -> str:
    try:
        return format_tiles(tiles)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return repr(tiles)
