"""A ruleset as one frozen value: tiles, hand flow, table and match, scoring.

Every rule difference between presets is a field here, read by the engine
(:class:`HandRules`), the match (:class:`TableRules`) or the scorer
(:class:`~mahjong_joy.rulesets.riichi.rules.RiichiRules`); nothing below asks a
preset's name. The presets themselves live in :mod:`mahjong_joy.rulesets.presets`,
each built from another by replacing fields, so a difference is one line.

``to_dict`` writes every field; ``from_dict`` is strict: an unknown key or a bad
value raises :class:`~mahjong_joy.errors.RulesError` naming it (the one error type of
a rules value: the scorer's options raise it too).

Each switch has one owner, and a copy the scorer reads must agree with it (a value
that contradicts itself is refused, so a record cannot say both):

========================  ===========================  ==================================
switch                    owner                        must agree
========================  ===========================  ==================================
red fives                 ``tiles.red_fives`` (0/1)    ``scoring.red_fives`` (a bool)
riichi                    ``hand.riichi``              ``scoring.riichi``
dora                      ``scoring.dora``             ``hand.ura_dora`` only with dora
                          (``Rules.scores_dora``)
game points base          ``table.uma_base``           ``table.return_points`` with oka
========================  ===========================  ==================================

The scorer keeps its copies because it also scores alone (``mahjong-joy score``);
records and goldens keep every field, so older files read unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Literal, get_args, get_type_hints

from mahjong_joy.errors import RulesError
from mahjong_joy.rulesets.mcr.situation import McrRules
from mahjong_joy.rulesets.riichi.rules import TENHOU_SCORING, RiichiRules

ABORT_REASONS = ("nine_terminals", "four_winds", "four_kans", "four_riichi", "triple_ron")
PAO_YAKUMAN = ("daisangen", "daisuushii")
Kuikae = Literal["allowed", "same_kind_and_suji"]
KanDora = Literal["immediate", "after_discard"]
PaoScope = Literal["whole_hand", "pao_yakuman_only"]
Length = Literal["east", "east_south", "east_south_west_north"]
Extension = Literal["none", "west_sudden_death"]
Family = Literal["riichi", "mcr"]
SeatChanges = Literal["none", "green_book"]


@dataclass(frozen=True)
class TileRules:
    """The tile set: ``red_fives`` red copies per suit (0 or 1: one each of 5m 5p 5s);
    ``flowers`` flower tiles besides the 136 (0, or the 8 of Chinese Official play,
    RULES.md B1); ``dead_wall`` tiles kept back (14 in riichi; 0: kong and flower
    replacements come from the tail of the wall, B1 "Dead wall")."""

    red_fives: int = 1
    flowers: int = 0
    dead_wall: int = 14


@dataclass(frozen=True)
class HandRules:
    """Rules of one hand, read by the engine (RULES.md A1 "Riichi, dora, kan, furiten",
    "Abortive draws", "Kan and wall limits").

    ``max_rons`` is how many seats may ron one discard: 1 is head bump (the first
    after the discarder takes it), 2 or 3 let them all win; ``triple_ron_aborts``
    makes three rons an abortive draw (Tenhou's sanchahou) instead.
    ``karaten_is_noten``: a hand whose every wait is four copies in its own hand is
    not tenpai at an exhaustive draw, and may not declare riichi (Tenhou, C1-17).
    """

    riichi: bool = True
    riichi_min_points: int = 1000
    riichi_min_wall: int = 4
    furiten: bool = True
    kuikae: Kuikae = "same_kind_and_suji"
    open_kan_dora: KanDora = "after_discard"
    ura_dora: bool = True
    kan_ura_dora: bool = True
    abortive_draws: tuple[str, ...] = ("nine_terminals", "four_winds", "four_kans", "four_riichi")
    max_rons: int = 3
    triple_ron_aborts: bool = False
    kokushi_robs_closed_kan: bool = True
    nagashi_mangan: bool = True
    tenpai_payment: int = 3000
    karaten_is_noten: bool = False
    pao: tuple[str, ...] = PAO_YAKUMAN
    pao_scope: PaoScope = "pao_yakuman_only"

    def aborts_on(self, reason: str) -> bool:
        """Whether this abortive draw is played (``triple_ron`` by its own field)."""
        if reason == "triple_ron":
            return self.triple_ron_aborts
        return reason in self.abortive_draws


@dataclass(frozen=True)
class TableRules:
    """Rules of the match, read by the match and its settlement (RULES.md A1
    "Hand end, dealer, honba, payments" and "Game length, end of game, settlement").

    Final game points are ``(points - uma_base) / 1000 + uma[place]``, plus the oka
    ``4 * (uma_base - starting_points) / 1000`` to first place when ``oka``
    (:func:`~mahjong_joy.rulesets.riichi.flow.game_points`);
    ``round_game_points`` rounds each to a whole 1000 (Tenhou) with first place
    taking the remainder so they sum to zero. ``return_points`` is the score that
    ends an extension or lets a first-placed dealer stop; with ``oka`` it is also
    what everyone returns, so it must equal ``uma_base``.

    ``seat_changes``: ``green_book`` moves the players between chairs at the start of
    each round (Chinese Official, RULES.md B3); the Chinese Official family reads
    ``uma`` as its table points by placement (no points-based part).
    """

    length: Length = "east_south"
    starting_points: int = 25_000
    return_points: int = 30_000
    renchan_on_tenpai: bool = True
    extension: Extension = "west_sudden_death"
    agari_yame: bool = True
    tobi: bool = True
    uma: tuple[int, int, int, int] = (15, 5, -5, -15)
    uma_base: int = 25_000
    oka: bool = False
    round_game_points: bool = False
    seat_changes: SeatChanges = "none"


@dataclass(frozen=True)
class Rules:
    """A whole ruleset; ``name`` is the preset it came from (for display and records).

    ``valuation`` is the scoring the Hard AI weighs a hand it might reach by
    (:mod:`mahjong_joy.ai.expect`), kept apart from ``scoring`` on purpose: every preset
    values by Tenhou's options, Joy included. Joy's own scoring would refuse the riichi
    the AI assumes for a closed hand and count no dora, so valuing by it would change
    how Hard plays Joy (every seeded Joy game); a preset may set its own. It is written
    by ``to_dict`` only when it differs from Tenhou's, so records and goldens read as before.
    """

    name: str
    family: Family = "riichi"
    tiles: TileRules = TileRules()
    hand: HandRules = HandRules()
    table: TableRules = TableRules()
    scoring: RiichiRules | McrRules = RiichiRules()
    valuation: RiichiRules = TENHOU_SCORING

    def __post_init__(self) -> None:
        _check_block(self, "rules")
        _check_switches(self)

    @property
    def scores_dora(self) -> bool:
        """Whether dora count in this ruleset: the one question the table, the log and the
        mjai export ask before showing a dora indicator (Joy scores none, so shows none)."""
        return self.scoring.dora

    def to_dict(self) -> dict[str, Any]:
        """Every field, nested by block; tuples as lists (plain JSON). ``valuation`` only
        when it is not the default (older records and goldens never carried it)."""
        out = _to_plain(self)
        if self.valuation == TENHOU_SCORING:
            del out["valuation"]
        for block, name, default in _QUIET:
            if out[block][name] == default:
                del out[block][name]
        if isinstance(self.scoring, McrRules):  # every scoring block names its copies of the switches
            out["scoring"] = {name: getattr(McrRules, name) for name in _SWITCH_COPIES} | out["scoring"]
        return out

    @classmethod
    def from_dict(cls, data: Any) -> Rules:
        """The rules a record or settings stored; strict (unknown keys and bad values raise)."""
        return _from_plain(cls, data, "rules")


_RANGES = {"red_fives": (0, 1), "max_rons": (1, 3), "riichi_min_wall": (1, 70), "flowers": (0, 8), "dead_wall": (0, 14)}
_BLOCKS = {"tiles": TileRules, "hand": HandRules, "table": TableRules, "scoring": RiichiRules, "valuation": RiichiRules}
_SCORING = {"riichi": RiichiRules, "mcr": McrRules}
"""The scoring block of each family."""
_QUIET = (("tiles", "flowers", 0), ("tiles", "dead_wall", 14), ("table", "seat_changes", "none"))
"""Fields added with Chinese Official play, written only when they differ from their
default, so every riichi-family record and golden reads byte for byte as before."""


def _check_switches(rules: Rules) -> None:
    """The scorer's copy of a switch agrees with its owner (the table in the module
    docstring); ``RulesError`` names both fields otherwise."""
    pairs = (
        ("tiles.red_fives", rules.tiles.red_fives, "scoring.red_fives", rules.scoring.red_fives,
         bool(rules.tiles.red_fives) == rules.scoring.red_fives),
        ("hand.riichi", rules.hand.riichi, "scoring.riichi", rules.scoring.riichi,
         rules.hand.riichi == rules.scoring.riichi),
        ("scoring.dora", rules.scoring.dora, "hand.ura_dora", rules.hand.ura_dora,
         rules.scoring.dora or not rules.hand.ura_dora),
        ("table.uma_base", rules.table.uma_base, "table.return_points", rules.table.return_points,
         not rules.table.oka or rules.table.uma_base == rules.table.return_points),
    )
    for owner, value, copy, other, agree in pairs:
        if not agree:
            raise RulesError(f"rules {rules.name!r}: {copy} = {other!r} contradicts {owner} = {value!r}")
    if rules.family != "mcr":
        for where, value, default in (("tiles.flowers", rules.tiles.flowers, 0), ("tiles.dead_wall", rules.tiles.dead_wall, 14),
                                      ("table.seat_changes", rules.table.seat_changes, "none")):
            if value != default:
                raise RulesError(f"rules {rules.name!r}: {where} = {value!r} is Chinese Official play, not family {rules.family!r}")
        if rules.table.length == "east_south_west_north":
            raise RulesError(f"rules {rules.name!r}: table.length east_south_west_north is Chinese Official play")


def _to_plain(block: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(block):
        value = getattr(block, f.name)
        if is_dataclass(value):
            out[f.name] = _to_plain(value)
        elif isinstance(value, tuple):
            out[f.name] = list(value)
        else:
            out[f.name] = value
    return out


def _from_plain(cls: type, data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise RulesError(f"{where} must be an object, got {type(data).__name__}")
    known = {f.name for f in fields(cls)}
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise RulesError(f"unknown rules option {where}.{unknown[0]}; known: {', '.join(sorted(known))}")
    values: dict[str, Any] = {}
    hints = get_type_hints(cls)
    family = data.get("family", "riichi")
    if cls is Rules and (not isinstance(family, str) or family not in _SCORING):
        raise RulesError(f"{where}.family must be one of {', '.join(_SCORING)}, got {family!r}")
    for name, value in data.items():
        block = _BLOCKS.get(name) if cls is Rules else None
        if name == "scoring" and block is not None:
            block = _SCORING.get(family, RiichiRules)
        if block is McrRules and isinstance(value, dict):
            value = _without_switch_copies(value, f"{where}.{name}")
        if block in (RiichiRules, McrRules):
            try:
                values[name] = block.from_dict(value)  # type: ignore[union-attr]
            except ValueError as exc:
                raise RulesError(f"{where}.{name}: {exc}") from None
        elif block is not None:
            values[name] = _from_plain(block, value, f"{where}.{name}")
        else:
            values[name] = _value(value, hints[name], f"{where}.{name}")
    try:
        return cls(**values)
    except TypeError as exc:
        raise RulesError(f"{where}: {exc}") from None


_SWITCH_COPIES = ("red_fives", "riichi", "dora")


def _without_switch_copies(data: dict[str, Any], where: str) -> dict[str, Any]:
    """An MCR scoring block less the switch copies ``to_dict`` writes, which must say
    what Chinese Official play always is (no red fives, no riichi, no dora)."""
    for name in _SWITCH_COPIES:
        if name in data and data[name] is not False:
            raise RulesError(f"{where}.{name} must be false in Chinese Official play, got {data[name]!r}")
    return {k: v for k, v in data.items() if k not in _SWITCH_COPIES}


def _value(value: Any, hint: Any, where: str) -> Any:
    """Lists become tuples for tuple fields; the type is checked by the block."""
    if isinstance(value, list):
        return tuple(value)
    return value


def _check_block(block: Any, where: str) -> None:
    """Each field has its declared type (bool is not an int here), recursively; the
    scoring block is its family's (:data:`_SCORING`)."""
    hints = get_type_hints(type(block))
    for f in fields(block):
        value = getattr(block, f.name)
        hint = hints[f.name]
        if isinstance(block, Rules) and f.name == "scoring":
            hint = _SCORING.get(block.family, RiichiRules)
        _check_value(value, hint, f"{where}.{f.name}")


def _check_value(value: Any, hint: Any, where: str) -> None:
    if is_dataclass(hint):
        if not isinstance(value, hint):
            raise RulesError(f"{where} must be a {hint.__name__}, got {value!r}")
        if hint not in (RiichiRules, McrRules):
            _check_block(value, where)
        return
    choices = get_args(hint) if getattr(hint, "__origin__", None) is Literal else ()
    if choices:
        if value not in choices:
            raise RulesError(f"{where} must be one of {', '.join(map(str, choices))}, got {value!r}")
    elif hint is bool:
        if type(value) is not bool:
            raise RulesError(f"{where} must be true or false, got {value!r}")
    elif hint is int:
        low, high = _RANGES.get(where.rsplit(".", 1)[-1], (0, 10_000_000))
        if type(value) is not int or not low <= value <= high:
            raise RulesError(f"{where} must be an integer from {low} to {high}, got {value!r}")
    elif hint is str:
        if not isinstance(value, str) or not value or len(value) > 64:
            raise RulesError(f"{where} must be a short name, got {value!r}")
    else:
        _check_tuple(value, hint, where)


def _check_tuple(value: Any, hint: Any, where: str) -> None:
    if not isinstance(value, tuple):
        raise RulesError(f"{where} must be a list, got {value!r}")
    args = get_args(hint)
    if where.endswith(".uma"):
        if len(value) != 4 or not all(type(v) is int and -1000 <= v <= 1000 for v in value):
            raise RulesError(f"{where} must be four integers, got {list(value)!r}")
        return
    allowed = ABORT_REASONS[:4] if where.endswith("abortive_draws") else PAO_YAKUMAN
    if args and args[0] is str and not all(v in allowed for v in value):
        raise RulesError(f"{where} may hold only {', '.join(allowed)}, got {list(value)!r}")
    if len(set(value)) != len(value):
        raise RulesError(f"{where} lists an entry twice: {list(value)!r}")
