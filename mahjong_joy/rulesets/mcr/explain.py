"""The fan a scored hand also shows but does not count, and why (for the score screen).

The scorer counts fan; this module says what it left out, each with the
counting principle that leaves it out and the counted fan responsible
(RULES.md B5, B6's "does not count" columns, C2):

* **non-repeat** (B5 row 1): a counted fan implies it, as a whole (Big Four
  Winds and All Pungs) or on its own sets (Big Three Dragons and the Dragon Pung
  of each of its pungs; a dragon pung and its Pung of Terminals or Honors);
* **non-separation** (B5 row 2): its sets all belong to one counted combination
  (the Short Straight inside a Pure Straight);
* **non-identical** (B5 row 3): the same combination fan again, on a set a
  counted one already uses (a second Pure Straight from an extra chow);
* **account-once** (B5 row 4): a combination the principles cut because a set
  already used combines only once (234567s 234567p).

Slow on purpose and never on the scorer's hot path: it asks every combination
of the chosen reading's sets, then replays the scorer's resolution recording who
dropped what. Player-visible words go through :func:`mahjong_joy.i18n.tr`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from mahjong_joy.hand.mcr_forms import McrDecomposition
from mahjong_joy.i18n import ntr, tr
from mahjong_joy.rulesets.mcr.fan import CHOWS, HAND, PUNGS, ROW_BY_ID, SITUATION
from mahjong_joy.rulesets.mcr.reading import PUNG_BIT_SHIFT
from mahjong_joy.rulesets.mcr.scorer import (
    _ABSORBS,
    _EXCLUDES,
    _POSITION,
    ORDER,
    _form_rows,
    _Hand,
    _instances,
    _load_tables,
    _reading,
    instance_parts,
)
from mahjong_joy.rulesets.mcr.situation import McrRules, McrSituation

NON_REPEAT, NON_SEPARATION = "non_repeat", "non_separation"
NON_IDENTICAL, ACCOUNT_ONCE = "non_identical", "account_once"
PRINCIPLES = (NON_REPEAT, NON_SEPARATION, NON_IDENTICAL, ACCOUNT_ONCE)

Shown = tuple[int, int]
"""A fan instance split (``scorer.instance_parts``): (row position in ORDER, bits of its sets)."""

_DRAGON_PUNG = _POSITION["dragon_pung"]
_PTOH = _POSITION["pung_of_terminals_or_honors"]
_DRAGONS = frozenset((31, 32, 33))


@dataclass(frozen=True, slots=True)
class Excluded:
    """A fan the hand shows ``count`` times without counting it: ``principle`` (one of
    :data:`PRINCIPLES`) leaves it out because of the counted fan ``by``."""

    fan: str
    count: int
    principle: str
    by: str

    def describe(self) -> str:
        """One sentence for the score screen, in the player's language."""
        fan, by, n = fan_name(self.fan), fan_name(self.by), self.count
        if self.principle == NON_REPEAT:
            return ntr("{fan}: not counted, {by} includes it",
                       "{fan} ({count} times): not counted, {by} includes them", n, fan=fan, by=by)
        if self.principle == NON_SEPARATION:
            return ntr("{fan}: not counted, its sets already make {by}",
                       "{fan} ({count} times): not counted, their sets already make {by}", n, fan=fan, by=by)
        if self.principle == NON_IDENTICAL:
            return ntr("{fan}: not counted again, its sets already make {by} once",
                       "{fan} ({count} times): not counted again, their sets already make {by} once", n,
                       fan=fan, by=by)
        return ntr("{fan}: not counted, a set already used in {by} combines only once",
                   "{fan} ({count} times): not counted, a set already used in {by} combines only once", n,
                   fan=fan, by=by)


def fan_name(fan_id: str) -> str:
    """A fan's name in the player's language (English: the names RULES.md B6 uses)."""
    return tr(ROW_BY_ID[fan_id].name)


def principle_name(principle: str) -> str:
    """A counting principle's name in the player's language (RULES.md B5)."""
    names = {NON_REPEAT: tr("non-repeat"), NON_SEPARATION: tr("non-separation"),
             NON_IDENTICAL: tr("non-identical"), ACCOUNT_ONCE: tr("account-once")}
    return names[principle]


def exclusions(situation: McrSituation, d: McrDecomposition, rules: McrRules | None = None) -> tuple[Excluded, ...]:
    """What the reading ``d`` of ``situation`` shows but does not count, in table
    order of the fan left out (a valid situation and one of its readings)."""
    rules = situation.rules if rules is None else rules
    _load_tables()
    hand = _Hand(situation, rules)
    internal = (d.form, tuple(s.tile for s in d.sets if s.kind == "chow"),
                tuple(s.tile for s in d.sets if s.kind == "pung"), -1 if d.pair is None else d.pair,
                d.knitted, d.pairs)
    found = [instance_parts(x) for x in _instances(hand, internal)]
    reading = _reading(hand, internal)
    left: list[tuple[int, int, str, int]] = []  # (fan, set bits, principle, by)
    counted = _replay(sorted(found), left)
    counted_rows = {i for i, _ in counted}
    _implied_hand_fan(hand, counted_rows, {i for i, _ in found}, left)
    _dragon_terminal_pungs(reading.pungs, counted, left)
    shown = set(found)
    rows = _form_rows(d.form, hand.library_kongs)
    for scope, tiles, shift in ((CHOWS, reading.chows, 0), (PUNGS, reading.pungs, PUNG_BIT_SHIFT)):
        for instance in _every_combination(rows, scope, tiles, shift):
            if instance not in shown:
                shown.add(instance)
                left.append((*instance, *_why_combination(instance, counted, scope, shift)))
    return _grouped(left)


def _replay(found: list[Shown], left: list[tuple[int, int, str, int]]) -> list[Shown]:
    """The scorer's resolution (``scorer._score``), recording each fan it drops and
    the counted fan that dropped it; returns the counted instances."""
    excluded_by: dict[int, int] = {}
    absorbers: list[tuple[int, frozenset[int], int]] = []
    counted: list[Shown] = []
    for i, mask in found:
        taker = next((j for j, rows, cover in absorbers if mask and i in rows and mask & cover == mask), None)
        if taker is None:
            taker = excluded_by.get(i)  # a fan over these very sets is named before one over the whole hand
        if taker is not None:
            left.append((i, mask, NON_REPEAT, taker))
            continue
        counted.append((i, mask))
        for k in _EXCLUDES[i]:
            excluded_by.setdefault(k, i)
        if mask and _ABSORBS[i]:
            absorbers.append((i, _ABSORBS[i], mask))
    return counted


def _implied_hand_fan(hand: _Hand, counted: set[int], found: set[int], left: list) -> None:
    """Hand and situation fans a counted fan implies that its form never asks (Seven
    Pairs won on a discard also shows Concealed Hand)."""
    for j in sorted(counted):
        for i in sorted(_EXCLUDES[j]):
            row = ORDER[i]
            if i in found or i in counted or row.scope not in (HAND, SITUATION):
                continue
            if row.test(hand.facts):
                found.add(i)
                left.append((i, 0, NON_REPEAT, j))


def _dragon_terminal_pungs(pungs: tuple[int, ...], counted: list[Shown], left: list) -> None:
    """A dragon pung is also a Pung of Terminals or Honors, which its Dragon Pung (or
    the fan that takes that Dragon Pung) includes (RULES.md B6 rows 2, 54, 59)."""
    for bit, tile in enumerate(pungs):
        if tile not in _DRAGONS:
            continue
        mask = 1 << (PUNG_BIT_SHIFT + bit)
        taker = next((i for i, cover in counted if i == _DRAGON_PUNG and cover == mask), None)
        if taker is None:
            taker = next((i for i, cover in counted if cover & mask and _DRAGON_PUNG in _ABSORBS[i]), None)
        if taker is not None:
            left.append((_PTOH, mask, NON_REPEAT, taker))


def _every_combination(rows: dict, scope: str, tiles: tuple[int, ...], shift: int) -> list[Shown]:
    """Every combination fan among ``tiles`` (every two, three, all four), before the
    combination principles choose."""
    out: list[Shown] = []
    for arity in (2, 3, 4):
        for combo in combinations(range(len(tiles)), arity):
            picked = tuple(tiles[k] for k in combo)
            bits = sum(1 << k for k in combo) << shift
            out += [(i, bits) for i, test, _ in rows.get((scope, arity), ()) if test(picked)]
    return out


def _why_combination(instance: Shown, counted: list[Shown], scope: str, shift: int) -> tuple[str, int]:
    """The principle that leaves out a combination fan, and the counted fan to name."""
    i, mask = instance
    combos = [(j, cover) for j, cover in counted if ORDER[j].scope == scope and cover]
    implier = next((j for j, _ in counted if i in _EXCLUDES[j]), None)
    if implier is not None:
        return NON_REPEAT, implier
    holder = next((j for j, cover in combos if cover & mask == mask), None)
    if holder is not None:
        return NON_SEPARATION, holder
    same = next((j for j, cover in combos if j == i and cover & mask), None)
    if same is not None:
        return NON_IDENTICAL, same
    sharer = next((j for j, cover in combos if cover & mask), None)
    return ACCOUNT_ONCE, sharer if sharer is not None else (combos[0][0] if combos else i)


def _grouped(left: list[tuple[int, int, str, int]]) -> tuple[Excluded, ...]:
    counts: dict[tuple[int, str, int], int] = {}
    for i, _, principle, by in left:
        counts[i, principle, by] = counts.get((i, principle, by), 0) + 1
    return tuple(Excluded(ORDER[i].id, n, principle, ORDER[by].id)
                 for (i, principle, by), n in sorted(counts.items(), key=lambda item: (item[0][0], item[0][2])))
