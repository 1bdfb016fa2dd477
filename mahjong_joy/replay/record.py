"""Records: a whole run as JSON, and its replay to the identical event stream.

A record holds the schema version, the full rules (every field of the
:class:`~mahjong_joy.rulesets.rules.Rules` value, so a preset changed later still
replays an old game as it was played), the run's seed, the seat kinds, and per
match its seed, its hand limit and every decision applied to the engine, in order
(each an action's ``to_dict``)::

    {"schema": 2, "format": "mahjong-joy-record", "rules": {"name": "tenhou", "hand": {...}, ...},
     "seed": 7, "seats": ["potential", ...],
     "matches": [{"seed": 7, "max_hands": null, "decisions": [{"type": "discard", "seat": 0, "tile": 5}, ...]}]}

A match imported from another program's log (:mod:`mahjong_joy.replay.mjai_import`)
also stores ``deals``, each hand's 136 tile ids in wall order, and ``start``, the
table of its first hand (``round_wind``, ``hand_number``, ``honba``, ``dealer``,
``points``, ``sticks``), so it replays on its own without a seed to shuffle from;
both are optional and every older record reads as before.

Schema 1 (Joy only, ``"ruleset": {"name": "joy", "options": {}}``) is read as the
Joy preset and replays to the identical events; a newer schema is refused.

Replay re-runs the engine from the record (no AI involved), so the events are the
same by construction; each hand's wall comes from the match seed and the hand's
counters. Writes go to a temporary file that is then renamed, so a crash never
leaves half a record.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from mahjong_joy.engine.actions import Action, action_from_dict
from mahjong_joy.engine.events import Event
from mahjong_joy.engine.match import Match
from mahjong_joy.errors import MahjongJoyError, RecordError
from mahjong_joy.names import WIND_LETTERS
from mahjong_joy.replay.fields import check_fields
from mahjong_joy.rulesets.base import Ruleset, TableState
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.presets import JOY
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.storage.files import atomic_write_text
from mahjong_joy.untrusted import MIB, read_json


SCHEMA = 2
FORMAT = "mahjong-joy-record"
V1_RULESETS = {"joy": JOY}
RECORD_LIMIT = 32 * MIB  # a match takes about 10 KiB: room for a 3,000-match simulate --record


class PlayedMatch(Protocol):
    """A match as a record keeps it (the controller is one): the engine's match, for its
    rules, and its entry (seed, hand limit, decisions). The record layer never needs the
    controller itself."""

    match: Match

    def record(self) -> dict[str, Any]: ...


def run_record(seed: int | str, seats: Sequence[str], matches: Sequence[PlayedMatch], rules: Rules | None = None) -> dict[str, Any]:
    """A whole run (one or more matches on one ruleset) as a record."""
    if rules is None:
        rules = matches[0].match.rules if matches else JOY
    return record_of_entries(seed, seats, [ctl.record() for ctl in matches], rules)


def record_of_entries(seed: int | str, seats: Sequence[str], entries: Sequence[dict[str, Any]], rules: Rules | None) -> dict[str, Any]:
    """A whole run as a record, from its matches' entries (``Controller.record``):
    what ``simulate`` writes without keeping the controllers themselves."""
    return {
        "schema": SCHEMA,
        "format": FORMAT,
        "rules": (rules or JOY).to_dict(),
        "seed": seed,
        "seats": list(seats),
        "matches": list(entries),
    }


def record_rules(data: dict[str, Any], name: str = "record") -> Rules:
    """The rules a checked record was played under (schema 1: its named v1 ruleset)."""
    if data["schema"] == 1:
        return V1_RULESETS[data["ruleset"]["name"]]
    try:
        return Rules.from_dict(data["rules"])
    except MahjongJoyError as exc:
        raise RecordError(f"{name} has bad rules: {exc}") from None


def record_ruleset(data: dict[str, Any], name: str = "record") -> Ruleset:
    """The ruleset object to replay a checked record with."""
    return ruleset_for(record_rules(data, name))


def write_record(record: dict[str, Any], path: str | Path) -> None:
    """Write atomically: a temporary file in the same folder, then a rename."""
    atomic_write_text(path, json.dumps(record, separators=(",", ":")) + "\n")


def read_record(path: str | Path) -> dict[str, Any]:
    """Load and check a record; ``RecordError`` says what is wrong with the file.

    The file goes through :mod:`mahjong_joy.untrusted` (at most :data:`RECORD_LIMIT`
    bytes, bounded nesting and numbers, a BOM dropped) before any field is read.
    """
    what = f"record {str(path)!r}"
    found, data = read_json(path, what, RECORD_LIMIT)
    if not found:
        raise RecordError(f"{what} not found")
    check_record(data, str(path))
    return data


def check_record(data: Any, name: str = "record") -> None:
    """Schema and shape checks, each failure named."""
    check_fields(data, name)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(f"{name} is not a Mahjong Joy record")
    schema = data.get("schema")
    if type(schema) is not int or schema < 1:
        raise RecordError(f"{name} has no valid schema version")
    if schema > SCHEMA:
        raise RecordError(f"{name} uses schema {schema}, newer than this version reads ({SCHEMA}); update Mahjong Joy")
    if schema == 1:
        ruleset = data.get("ruleset")
        known = isinstance(ruleset, dict) and isinstance(ruleset.get("name"), str) and ruleset["name"] in V1_RULESETS
        if not known:
            raise RecordError(f"{name} names an unknown ruleset: {str(ruleset)[:80]}")
    elif not isinstance(data.get("rules"), dict):
        raise RecordError(f"{name} has no rules object")
    else:
        record_rules(data, name)
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != 4 or not all(isinstance(s, str) for s in seats):
        raise RecordError(f"{name} must list four seat kinds")
    matches = data.get("matches")
    if not isinstance(matches, list):
        raise RecordError(f"{name} has no list of matches")
    for i, entry in enumerate(matches):
        if not isinstance(entry, dict) or not isinstance(entry.get("decisions"), list):
            raise RecordError(f"{name}: match {i + 1} has no list of decisions")
        if not isinstance(entry.get("seed"), (int, str)) or isinstance(entry.get("seed"), bool):
            raise RecordError(f"{name}: match {i + 1} has no seed")
        limit = entry.get("max_hands")
        if limit is not None and (type(limit) is not int or limit < 1):
            raise RecordError(f"{name}: match {i + 1} has a bad max_hands {limit!r}")
        _check_deals(entry, f"{name}: match {i + 1}")


_FULL_DECK = list(range(136))


def _check_deals(entry: dict[str, Any], where: str) -> None:
    """``deals``: a list of decks, each the 136 ids once; ``start``: a table (both optional)."""
    deals = entry.get("deals")
    if deals is not None:
        if not isinstance(deals, list) or len(deals) > 1000:
            raise RecordError(f"{where} has a bad list of deals")
        for n, deck in enumerate(deals, start=1):
            if not isinstance(deck, list) or not all(type(t) is int for t in deck) or sorted(deck) != _FULL_DECK:
                raise RecordError(f"{where}: deal {n} is not the 136 tile ids each once")
    if entry.get("start") is not None:
        table_of(entry["start"], where)


def table_of(data: Any, where: str = "record") -> TableState:
    """The :class:`TableState` a record's ``start`` stores; ``RecordError`` naming a bad field."""
    if not isinstance(data, dict) or set(data) != _TABLE_FIELDS:
        raise RecordError(f"{where} has a bad start table: {str(data)[:80]}")
    points = data["points"]
    ok = (
        data["round_wind"] in WIND_LETTERS
        and type(data["hand_number"]) is int and 1 <= data["hand_number"] <= 4
        and all(type(data[k]) is int and 0 <= data[k] < 1000 for k in ("honba", "sticks"))
        and type(data["dealer"]) is int and 0 <= data["dealer"] < 4
        and isinstance(points, list) and len(points) == 4 and all(type(p) is int for p in points)
    )
    if not ok:
        raise RecordError(f"{where} has a bad start table: {str(data)[:80]}")
    return TableState(data["round_wind"], data["hand_number"], data["honba"], data["dealer"], tuple(points), data["sticks"])


def table_dict(table: TableState) -> dict[str, Any]:
    """A table as a record's ``start`` stores it."""
    return {
        "round_wind": table.round_wind, "hand_number": table.hand_number, "honba": table.honba,
        "dealer": table.dealer, "points": list(table.points), "sticks": table.sticks,
    }


_TABLE_FIELDS = {"round_wind", "hand_number", "honba", "dealer", "points", "sticks"}


def start_match(entry: dict[str, Any], ruleset: Ruleset, name: str = "record") -> Match:
    """The match a record's entry starts from, before any decision: its seed and hand
    limit, and the decks (``deals``) and first table (``start``) an imported game gives.
    Every replayer starts here, so none re-deals an imported game from its seed."""
    start = table_of(entry["start"], name) if entry.get("start") is not None else None
    return Match(entry["seed"], ruleset, entry.get("max_hands"), entry.get("deals"), start)


def replay_decisions(
    decisions: Iterable[dict[str, Any] | Action],
    match: Match,
    where: str,
    *,
    deal: Callable[[], object] | None = None,
    apply: Callable[[Action], object] | None = None,
    on_deal: Callable[[int], None] | None = None,
    on_step: Callable[[int, Action], None] | None = None,
) -> None:
    """Re-apply recorded decisions to ``match``, dealing each next hand as the record did:
    the one replay loop (the controller's resume, the record check, the viewer's cursor
    and ``replay --text`` all use it), so every replayer refuses a record the same way.

    ``decisions`` are a record's dicts (or actions already read). ``deal`` and ``apply``
    default to the match's own ``next_hand`` and ``apply``; the controller passes its
    wrappers, which also publish events and ask its AI seats. ``on_deal(first)`` runs as
    each later hand is dealt, with the index of its first decision; ``on_step(index,
    action)`` just before each decision applies. ``RecordError`` names the first decision
    that does not apply, after ``where`` (``"run.json: match 2"``):

    >>> from mahjong_joy.engine.actions import Pass
    >>> from mahjong_joy.rulesets.joy import ruleset_for
    >>> replay_decisions([Pass(1)], Match(7, ruleset_for("joy")), "demo:")
    Traceback (most recent call last):
    ...
    mahjong_joy.errors.RecordError: demo: decision 1 does not apply: seat 1 cannot pass: there is no discard to claim
    """
    deal = deal or match.next_hand
    apply = apply or match.apply
    for number, data in enumerate(decisions, start=1):
        action = data if isinstance(data, Action) else action_from_dict(data)
        if match.is_over:
            raise RecordError(f"{where} decision {number} comes after the match ended")
        try:
            if match.hand.is_finished:
                deal()
                if on_deal is not None:
                    on_deal(number - 1)
            if on_step is not None:
                on_step(number - 1, action)
            apply(action)
        except MahjongJoyError as exc:
            raise RecordError(f"{where} decision {number} does not apply: {exc}") from None


def replay_match(
    entry: dict[str, Any],
    ruleset: Ruleset,
    name: str = "record",
    index: int = 0,
    on_deal: Callable[[Match, int], None] | None = None,
) -> Match:
    """Re-run one match from its decisions; the match's ``events`` are the replayed stream.

    ``on_deal(match, first)`` is called as each hand is dealt, with the index of
    the hand's first decision (the replay viewer keeps each hand's start).
    """
    match = start_match(entry, ruleset, name)
    if on_deal is not None:
        on_deal(match, 0)
    dealt = None if on_deal is None else (lambda first: on_deal(match, first))
    replay_decisions(entry["decisions"], match, f"{name}: match {index + 1}", on_deal=dealt)
    return match


def replay_events(data: dict[str, Any], name: str = "record") -> list[list[Event]]:
    """Every match's event stream, replayed from a checked record."""
    check_record(data, name)
    ruleset = record_ruleset(data, name)
    return [replay_match(entry, ruleset, name, i).events for i, entry in enumerate(data["matches"])]
