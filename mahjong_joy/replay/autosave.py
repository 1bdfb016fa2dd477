"""Autosave: the match in progress, rewritten as a record after every decision.

The file is an ordinary one-match record (:mod:`mahjong_joy.replay.record`) with
a few extra top-level keys (``autosave: true``, ``player_seat``, ``player_name``,
``started_at``, and after the matches ``position``: the round, hand number and
honba the match stands at, so Home can say what Continue resumes without
replaying it; see :func:`autosave_preview`), written atomically to ``autosave.json`` in the data folder. A
process killed at any moment leaves the previous save or the new one, so on the
next start at most the last decision is missing. Loading re-applies the
decisions through :meth:`Controller.resume`, which rebuilds the exact state.

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
    if autosave_exists():               # Home: offer Continue
        ctl, meta = load_autosave()     # None when there is none; RecordError when bad
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mahjong_joy.controller import Controller
from mahjong_joy.errors import MahjongJoyError, RecordError
from mahjong_joy.names import WIND_LETTERS
from mahjong_joy.replay.branch import Branch
from mahjong_joy.replay.record import check_record, record_rules, record_ruleset, run_record
from mahjong_joy.storage.files import atomic_write_text, quarantine
from mahjong_joy.storage.paths import autosave_path
from mahjong_joy.untrusted import MIB, read_json, shown

AUTOSAVE_LIMIT = 8 * MIB  # one match; a long one is a few hundred KiB

_COMPACT = {"separators": (",", ":"), "ensure_ascii": False}


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


def autosave_record(ctl: Controller, meta: AutosaveMeta) -> dict[str, Any]:
    """The controller's match as an autosave record (a plain dict)."""
    record = run_record(ctl.seed, ctl.seat_kinds, [ctl])
    matches = record.pop("matches")
    record.update(autosave=True, player_seat=meta.player_seat, player_name=meta.player_name, started_at=meta.started_at)
    if meta.branched_from is not None:
        record["branched_from"] = meta.branched_from.to_dict()
    record["matches"] = matches
    record["position"] = _position(ctl)
    return record


def _position(ctl: Controller) -> dict[str, Any]:
    """Where the match stands: the table of the hand in play, or of the next one."""
    table = ctl.match.table
    return {"round_wind": table.round_wind, "hand_number": table.hand_number, "honba": table.honba}


class AutosaveWriter:
    """Writes one match's autosave, encoding each decision (and its AI's reason) only once."""

    def __init__(self, meta: AutosaveMeta) -> None:
        self.meta = meta
        self._ctl: Controller | None = None
        self._head = ""
        self._parts: list[str] = []
        self._why: list[str] = []  # each decision's reason (JSON), kept beside ``_parts``
        self._reasoned = False

    def text(self, ctl: Controller) -> str:
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

    def save(self, ctl: Controller) -> None:
        """Replace the autosave file atomically with this match as it stands."""
        atomic_write_text(autosave_path(), self.text(ctl), fsync=False)

    def _start(self, ctl: Controller) -> None:
        record = autosave_record(ctl, self.meta)
        entry = record.pop("matches")[0]
        del record["position"]  # written after the matches, fresh on every save
        head = json.dumps(record, **_COMPACT)[:-1]
        match = json.dumps({"seed": entry["seed"], "max_hands": entry["max_hands"]}, **_COMPACT)[:-1]
        self._ctl, self._parts, self._why, self._reasoned = ctl, [], [], False
        self._head = f'{head},"matches":[{match},"decisions":['


def save_autosave(ctl: Controller, meta: AutosaveMeta) -> None:
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
        raise _set_aside(str(exc)) from None
    if not found:
        return None
    try:
        check_record(data, "the autosave")
        _meta_of(data)
        rules = record_rules(data, "the autosave")
    except RecordError as exc:
        raise _set_aside(str(exc)) from None
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


def abandon_autosave() -> str | None:
    """A new match replaces the saved one: keep the unfinished match in records/ and
    the history (unplaced), then clear the save. Returns a message for the player
    when the save was bad (it is set aside) or the history could not take it now
    (the save is queued in ``pending/``): either way the autosave slot is free."""
    from mahjong_joy.replay.pending import archive_saved

    try:
        loaded = load_autosave(auto_deal=False)
        if loaded is None:
            return None
        ctl, meta = loaded
        if not ctl.decisions:
            clear_autosave()
            return None
        archive_saved(ctl, meta, autosave_path())
    except MahjongJoyError as exc:
        return str(exc)
    return None


def load_autosave(auto_deal: bool = False) -> tuple[Controller, AutosaveMeta] | None:
    """The saved match rebuilt as a controller, with its meta; ``None`` when there is none.

    A bad file is set aside and ``RecordError`` says so in a sentence the player
    can read. A saved match that already ended is archived and cleared instead
    (nothing to continue), and ``None`` is returned; when the history is in use
    the save is queued instead and ``StorageUnavailableError`` says so.
    """
    try:
        ctl, meta = read_saved(autosave_path(), auto_deal)
    except FileNotFoundError:
        return None
    except RecordError as exc:
        raise _set_aside(str(exc)) from None
    if ctl.is_over:
        from mahjong_joy.replay.pending import archive_saved

        archive_saved(ctl, meta, autosave_path())
        return None
    return ctl, meta


def read_saved(path: Path, auto_deal: bool = False) -> tuple[Controller, AutosaveMeta]:
    """A saved match file (the autosave, or one waiting in the archive queue) rebuilt.

    Raises ``FileNotFoundError`` when there is no file and ``RecordError`` naming
    what is wrong otherwise (the caller decides where the bad file goes).
    """
    found, data = read_json(path, "it", AUTOSAVE_LIMIT)
    if not found:
        raise FileNotFoundError(path)
    try:
        return _rebuild(data, auto_deal)
    except RecordError:
        raise
    except MahjongJoyError as exc:  # e.g. a seat kind no AI plays
        raise RecordError(str(exc)) from None
    except (ValueError, TypeError, KeyError, IndexError) as exc:  # a shape the checks missed: still only this file's fault
        raise RecordError(f"it does not rebuild ({type(exc).__name__}: {shown(str(exc))})") from None


def _rebuild(data: Any, auto_deal: bool) -> tuple[Controller, AutosaveMeta]:
    check_record(data, "the autosave")
    meta = _meta_of(data)
    if len(data["matches"]) != 1:
        raise RecordError("the autosave must hold exactly one match")
    ruleset = record_ruleset(data, "the autosave")
    ctl = Controller.resume(data["matches"][0], data["seats"], ruleset, auto_deal=auto_deal, name="the autosave")
    return ctl, meta


def _meta_of(data: dict[str, Any]) -> AutosaveMeta:
    seat, name, started = data.get("player_seat"), data.get("player_name"), data.get("started_at")
    if data.get("autosave") is not True:
        raise RecordError("the file is a record, not an autosave")
    if type(seat) is not int or not 0 <= seat < 4 or not isinstance(name, str) or not isinstance(started, str):
        raise RecordError("the autosave's player seat, name or start time is missing or wrong")
    branched = data.get("branched_from")
    return AutosaveMeta(seat, name, started, None if branched is None else Branch.from_dict(branched, "the autosave"))


def _set_aside(reason: str) -> RecordError:
    """Quarantine the autosave; the error to raise names the reason and where the file went."""
    try:
        kept = quarantine(autosave_path())
    except OSError as exc:
        return RecordError(f"The saved match could not be restored: {reason}. It could not be set aside either ({exc}).")
    return RecordError(f"The saved match could not be restored: {reason}. The file was kept as {kept.name}.")
