"""Field-by-field type checks for records and autosaves, run before anything uses a value.

:func:`mahjong_joy.replay.record.check_record` checks what a record must hold
(its format, schema, ruleset, four seats, matches); this module checks that
every value present has the type its readers assume, so a list where a name
belongs (``"ruleset": {"name": ["joy"]}``) or an action ``"type": [...]`` is a
``RecordError`` naming the field rather than a ``TypeError`` deep in a lookup.
It accepts any key it does not know (a newer schema's ``rules``, say) as long
as the known ones are well typed.

>>> check_fields({"ruleset": {"name": ["joy"]}}, "run.json")
Traceback (most recent call last):
...
mahjong_joy.errors.RecordError: run.json: ruleset.name must be text, not ['joy']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields as dataclass_fields
from functools import cache
from typing import Any

from mahjong_joy.engine.actions import ACTION_TYPES
from mahjong_joy.errors import RecordError
from mahjong_joy.untrusted import listed, mapping, shown, text, whole

NAME_LENGTH = 64  # ruleset names, seat kinds, action types
SEED_LENGTH = 200  # a seed given as text
STAMP_LENGTH = 64  # ISO 8601 times
PLAYER_LENGTH = 200  # a player's name (Settings keeps 24; an old record may hold more)
FIELD_ITEMS = 16  # items in one action field (a chi's tiles, say)


def check_fields(data: Any, name: str = "record") -> None:
    """Raise ``RecordError`` for the first known field of ``data`` whose type is wrong."""
    if not isinstance(data, dict):
        return  # check_record says what it is not
    for key, check in _TOP.items():
        if key in data:
            check(data[key], f"{name}: {key}")
    for i, entry in enumerate(data.get("matches") or []):
        check_match(entry, f"{name}: match {i + 1}")


def check_match(entry: Any, where: str) -> None:
    """A match entry's seed, hand limit and every decision."""
    entry = mapping(entry, where)
    if "seed" in entry:
        _seed(entry["seed"], f"{where} seed")
    if entry.get("max_hands") is not None:
        whole(entry["max_hands"], f"{where} max_hands", 1, 10_000)
    for number, decision in enumerate(listed(entry.get("decisions"), f"{where} decisions"), start=1):
        check_decision(decision, f"{where} decision {number}")


def check_decision(decision: Any, where: str) -> None:
    """An action as stored: an object whose ``type`` is a name and whose fields are small scalars.

    Which action and which fields it needs is :func:`~mahjong_joy.engine.actions.action_from_dict`'s
    business; here only types are checked, so a new action kind needs no change.
    """
    decision = mapping(decision, where)
    kind = text(decision.get("type"), f"{where} type", NAME_LENGTH)
    for key, value in decision.items():
        if key != "type":
            _action_value(value, f"{where} {key}")
    for name in _single_number_fields(kind):
        if isinstance(decision.get(name), list):
            raise RecordError(f"{where} {name} must be one number, not a list")


@cache
def _single_number_fields(kind: str) -> tuple[str, ...]:
    """The fields an action kind declares as one ``int`` (a tile, a seat), read from its dataclass,
    so a list there is refused before the engine compares it with a number."""
    cls = ACTION_TYPES.get(kind)
    if cls is None:
        return ()
    return tuple(f.name for f in dataclass_fields(cls) if f.type in ("int", int))


def _action_value(value: Any, where: str) -> None:
    if isinstance(value, list):
        if len(value) > FIELD_ITEMS:
            raise RecordError(f"{where} must hold at most {FIELD_ITEMS} items, not {len(value)}")
        for item in value:
            _scalar(item, where)
    else:
        _scalar(value, where)


def _scalar(value: Any, where: str) -> None:
    if value is None or isinstance(value, (bool, int)):
        return
    if isinstance(value, str):
        text(value, where, NAME_LENGTH)
        return
    raise RecordError(f"{where} must be a number, a name or a list of them, not {shown(value)}")


def _seed(value: Any, where: str) -> None:
    if isinstance(value, str):
        text(value, where, SEED_LENGTH)
    elif type(value) is not int:
        raise RecordError(f"{where} must be a whole number or text, not {shown(value)}")


def _ruleset(value: Any, where: str) -> None:
    ruleset = mapping(value, where)
    if "name" in ruleset:
        text(ruleset["name"], f"{where}.name", NAME_LENGTH)
    if "options" in ruleset:
        mapping(ruleset["options"], f"{where}.options")


def _seats(value: Any, where: str) -> None:
    for i, kind in enumerate(listed(value, where)):
        text(kind, f"{where}[{i}]", NAME_LENGTH)


def _flag(value: Any, where: str) -> None:
    if not isinstance(value, bool):
        raise RecordError(f"{where} must be true or false, not {shown(value)}")


# Each known top-level key and its check (a check's return value is not used). The
# player's seat is only typed here: the autosave's own check names a seat out of range.
_TOP: dict[str, Callable[[Any, str], object]] = {
    "ruleset": _ruleset,
    "rules": mapping,
    "seed": _seed,
    "seats": _seats,
    "matches": listed,
    "autosave": _flag,
    "player_seat": whole,
    "player_name": lambda value, where: text(value, where, PLAYER_LENGTH),
    "started_at": lambda value, where: text(value, where, STAMP_LENGTH),
    "played_at": lambda value, where: text(value, where, STAMP_LENGTH),
}
