"""Autosave: the match in progress, rewritten as a record after every decision.

The file is an ordinary one-match record (:mod:`mahjong_joy.replay.record`) with
a few extra top-level keys (``autosave: true``, ``player_seat``, ``player_name``,
``started_at``, and after the matches ``position``: the round, hand number and
honba the match stands at, so Home can say what Continue resumes without
replaying it; see :func:`autosave_preview`), written atomically to ``autosave.json`` in the data folder. A
process killed at any moment leaves the previous save or the new one, so on the
next start at most the last decision is missing. Loading
(:func:`mahjong_joy.app.saved.load_autosave`) re-applies the decisions through
:meth:`Controller.resume <mahjong_joy.controller.Controller.resume>`, which rebuilds
the exact state; this module only writes, reads and checks the file, and takes
any :class:`MatchInPlay` (the controller is one) without importing it.

A save must not slow the table: :class:`AutosaveWriter` keeps every decision's
JSON text, so a save encodes only the decisions made since the last one and
joins strings; unchanged matches are not written again.

A bad autosave (unreadable, not JSON, a newer schema, a decision that does not
apply) never stops the game: it is set aside with
:func:`mahjong_joy.storage.files.quarantine` and ``load_autosave`` raises a
``RecordError`` whose message the Home screen can show as it is.

Usage::

    writer = AutosaveWriter(new_meta(player_seat=0, player_name="You"))
    writer.save(ctl)                    # after each decision
    if autosave_exists():               # Home: offer Continue (mahjong_joy.app.saved.load_autosave)
        data, meta = read_saved_record(autosave_path())
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.match import Match
from mahjong_joy.errors import MahjongJoyError, RecordError
from mahjong_joy.names import WIND_LETTERS
from mahjong_joy.replay.branch import Branch
from mahjong_joy.replay.record import check_record, record_rules, run_record
from mahjong_joy.storage.files import atomic_write_text, quarantine
from mahjong_joy.storage.paths import autosave_path
from mahjong_joy.untrusted import MIB, read_json, shown

AUTOSAVE_LIMIT = 8 * MIB  # one match; a long one is a few hundred KiB

_COMPACT = {"separators": (",", ":"), "ensure_ascii": False}


class MatchInPlay(Protocol):
    """What an autosave writes: a match being played as a record sees it (the controller
    is one). Its seed, seat kinds, decisions with their reasons, the table it stands at
    and its record entry; the save never needs the controller itself."""

    seed: int | str
    seat_kinds: tuple[str, ...]
    decisions: list[Action]
    reasons: list[str | None]
    match: Match

    def record(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class AutosaveMeta:
    """Who plays the saved match and since when (``started_at`` is UTC, ISO 8601)."""

    player_seat: int = 0
    player_name: str = "You"
    started_at: str = ""
    branched_from: Branch | None = None  # Play from here: the record position this match continues


def new_meta(player_seat: int = 0, player_name: str = "You") -> AutosaveMeta:
    """Meta for a match starting now."""
    return AutosaveMeta(player_seat, player_name, time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()))


def autosave_record(ctl: MatchInPlay, meta: AutosaveMeta) -> dict[str, Any]:
    """The controller's match as an autosave record (a plain dict)."""
    record = run_record(ctl.seed, ctl.seat_kinds, [ctl])
    matches = record.pop("matches")
    record.update(autosave=True, player_seat=meta.player_seat, player_name=meta.player_name, started_at=meta.started_at)
    if meta.branched_from is not None:
        record["branched_from"] = meta.branched_from.to_dict()
    record["matches"] = matches
    record["position"] = _position(ctl)
    return record


def _position(ctl: MatchInPlay) -> dict[str, Any]:
    """Where the match stands: the table of the hand in play, or of the next one."""
    table = ctl.match.table
    return {"round_wind": table.round_wind, "hand_number": table.hand_number, "honba": table.honba}


class AutosaveWriter:
    """Writes one match's autosave, encoding each decision (and its AI's reason) only once."""

    def __init__(self, meta: AutosaveMeta) -> None:
        self.meta = meta
        self._ctl: MatchInPlay | None = None
        self._head = ""
        self._parts: list[str] = []
        self._why: list[str] = []  # each decision's reason (JSON), kept beside ``_parts``
        self._reasoned = False

    def text(self, ctl: MatchInPlay) -> str:
        """The autosave file's text: the same JSON as ``autosave_record``, compact, on one line."""
        if ctl is not self._ctl or len(self._parts) > len(ctl.decisions):
            self._start(ctl)
        decisions = ctl.decisions
        self._parts.extend(json.dumps(a.to_dict(), **_COMPACT) for a in decisions[len(self._parts) :])
        fresh = ctl.reasons[len(self._why) :]
        self._reasoned = self._reasoned or any(fresh)
        self._why.extend(json.dumps(r, **_COMPACT) for r in fresh)
        reasons = f'],"reasons":[{",".join(self._why)}' if self._reasoned else ""  # as Controller.record keeps them
        position = json.dumps(_position(ctl), **_COMPACT)
        return f'{self._head}{",".join(self._parts)}{reasons}]}}],"position":{position}}}\n'

    def save(self, ctl: MatchInPlay) -> None:
        """Replace the autosave file atomically with this match as it stands."""
        atomic_write_text(autosave_path(), self.text(ctl), fsync=False)

    def _start(self, ctl: MatchInPlay) -> None:
        record = autosave_record(ctl, self.meta)
        entry = record.pop("matches")[0]
        del record["position"]  # written after the matches, fresh on every save
        head = json.dumps(record, **_COMPACT)[:-1]
        match = json.dumps({"seed": entry["seed"], "max_hands": entry["max_hands"]}, **_COMPACT)[:-1]
        self._ctl, self._parts, self._why, self._reasoned = ctl, [], [], False
        self._head = f'{head},"matches":[{match},"decisions":['


def save_autosave(ctl: MatchInPlay, meta: AutosaveMeta) -> None:
    """Write the match as the autosave (a one-off; the table keeps an :class:`AutosaveWriter`)."""
    AutosaveWriter(meta).save(ctl)


@dataclass(frozen=True, slots=True)
class AutosavePreview:
    """What Home says about the saved match: its rules and length, where it stands, when it was saved."""

    ruleset: str
    length: str
    round_wind: str | None  # None for a save made before positions were kept
    hand_number: int | None
    saved_at: float  # the file's modification time (seconds since the epoch)


def autosave_preview() -> AutosavePreview | None:
    """The saved match's description, read once (Home's Continue button); ``None`` when
    there is none. The file goes through the same hardened reader and checks as a
    load, without replaying the decisions; a file that fails them is set aside and
    ``RecordError`` says why, so Continue is never offered for it."""
    path = autosave_path()
    try:
        saved_at = path.stat().st_mtime
        found, data = read_json(path, "it", AUTOSAVE_LIMIT)
    except FileNotFoundError:
        return None
    except RecordError as exc:
        raise set_aside(str(exc)) from None
    if not found:
        return None
    try:
        check_record(data, "the autosave")
        _meta_of(data)
        rules = record_rules(data, "the autosave")
    except RecordError as exc:
        raise set_aside(str(exc)) from None
    wind, number = _preview_position(data.get("position"))
    return AutosavePreview(rules.name, rules.table.length, wind, number, saved_at)


def _preview_position(position: Any) -> tuple[str | None, int | None]:
    """The saved round and hand number, when the save has a well-formed ``position``."""
    if not isinstance(position, dict):
        return None, None
    wind, number = position.get("round_wind"), position.get("hand_number")
    if wind in WIND_LETTERS and type(number) is int and 1 <= number <= 4:
        return wind, number
    return None, None


def autosave_exists() -> bool:
    """True when a saved match may be continued (a cheap check for the Home screen)."""
    return autosave_path().is_file()


def clear_autosave() -> None:
    """Forget the saved match (it ended and was archived)."""
    autosave_path().unlink(missing_ok=True)


def read_saved_record(path: Path) -> tuple[dict[str, Any], AutosaveMeta]:
    """A saved match file (the autosave, or one waiting in the archive queue), read and
    checked as a one-match record, with its meta; :mod:`mahjong_joy.app.saved` rebuilds
    the controller from it.

    Raises ``FileNotFoundError`` when there is no file and ``RecordError`` naming
    what is wrong otherwise (the caller decides where the bad file goes).
    """
    found, data = read_json(path, "it", AUTOSAVE_LIMIT)
    if not found:
        raise FileNotFoundError(path)
    with saved_errors():
        check_record(data, "the autosave")
        meta = _meta_of(data)
        if len(data["matches"]) != 1:
            raise RecordError("the autosave must hold exactly one match")
    return data, meta


@contextmanager
def saved_errors() -> Iterator[None]:
    """Any failure while reading or rebuilding a saved match, as one ``RecordError``:
    a bad saved file is only that file's fault, never a crash of the game."""
    try:
        yield
    except RecordError:
        raise
    except MahjongJoyError as exc:  # e.g. a seat kind no AI plays
        raise RecordError(str(exc)) from None
    except (ValueError, TypeError, KeyError, IndexError) as exc:  # a shape the checks missed: still only this file's fault
        raise RecordError(f"it does not rebuild ({type(exc).__name__}: {shown(str(exc))})") from None


def _meta_of(data: dict[str, Any]) -> AutosaveMeta:
    seat, name, started = data.get("player_seat"), data.get("player_name"), data.get("started_at")
    if data.get("autosave") is not True:
        raise RecordError("the file is a record, not an autosave")
    if type(seat) is not int or not 0 <= seat < 4 or not isinstance(name, str) or not isinstance(started, str):
        raise RecordError("the autosave's player seat, name or start time is missing or wrong")
    branched = data.get("branched_from")
    return AutosaveMeta(seat, name, started, None if branched is None else Branch.from_dict(branched, "the autosave"))


def set_aside(reason: str) -> RecordError:
    """Quarantine the autosave; the error to raise names the reason and where the file went."""
    try:
        kept = quarantine(autosave_path())
    except OSError as exc:
        return RecordError(f"The saved match could not be restored: {reason}. It could not be set aside either ({exc}).")
    return RecordError(f"The saved match could not be restored: {reason}. The file was kept as {kept.name}.")
