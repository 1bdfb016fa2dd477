"""What ``replay FILE`` opens: a Mahjong Joy record, an mjai log or a tenhou.net/6 log, told by content.

The extension says nothing reliable (``.json`` is used for all three), so the
text decides: one JSON object with ``"format": "mahjong-joy-record"`` is a
record; one object with a ``log`` list is tenhou.net/6; JSON lines whose first
object has a ``type`` are mjai. Logs are imported through our engine
(:mod:`mahjong_joy.replay.mjai_import`), so whatever the file, the caller gets a
checked record and shows, summarises, exports or saves it the same way.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mahjong_joy.errors import MahjongJoyError, RecordError
from mahjong_joy.replay.mjai_import import ImportMismatch, import_mjai
from mahjong_joy.replay.record import FORMAT, RECORD_LIMIT, read_record
from mahjong_joy.untrusted import decode, parse_json, read_limited

KINDS = ("record", "mjai", "tenhou6")


@dataclass
class Loaded:
    """A file opened for replay: its kind, the record to replay, and import errors (``keep_going``)."""

    kind: str
    record: dict[str, Any]
    errors: list[ImportMismatch] = field(default_factory=list)
    hands: int = 0


def detect(text: str) -> tuple[str, Any]:
    """The kind of a file's text (``record`` for anything that is not a log, so a
    corrupt record gets the record reader's message), and its JSON when it is one document.

    >>> detect('{"type":"start_game"}\\n{"type":"end_game"}')[0]
    'mjai'
    >>> detect('{"log": [], "name": ["a", "b", "c", "d"]}')[0]
    'tenhou6'
    >>> detect('not json')[0]
    'record'
    """
    try:
        data = parse_json(text, "the file")  # bounded depth and numbers; a bad one is left to the record reader
    except MahjongJoyError:
        data = None
    if isinstance(data, dict):
        if data.get("format") != FORMAT and isinstance(data.get("log"), list):
            return "tenhou6", data
        if data.get("format") != FORMAT and "type" in data:
            return "mjai", None
        return "record", data
    first = text.lstrip().split("\n", 1)[0]
    try:
        head = parse_json(first, "the first line") if first.startswith("{") else None
    except MahjongJoyError:
        head = None
    if isinstance(head, dict) and "type" in head:
        return "mjai", None
    return "record", data


def read_text(path: str | Path) -> str:
    """The file's text, read like any untrusted file (:mod:`mahjong_joy.untrusted`: at
    most a record's size limit, so endless input such as ``/dev/zero`` stops at
    once; UTF-8, a byte-order mark dropped). A log has tighter limits of its own."""
    what = f"record {str(path)!r}"
    try:
        data = read_limited(path, what, RECORD_LIMIT)
    except RecordError as exc:
        if _head_is_log(path):  # too large (or unreadable) and a log: call it one
            raise RecordError(str(exc).replace(what, f"log {str(path)!r}", 1)) from None
        raise
    if data is None:
        raise RecordError(f"{what} not found")
    return decode(data, what)


HEAD_BYTES = 64 * 1024  # enough for an mjai log's first event, or a tenhou.net/6 log's opening keys


def _head_is_log(path: str | Path) -> bool:
    """Whether a file refused as a whole starts like a log: an mjai first line (an object
    with a ``type``), or one object opening with a tenhou.net/6 ``log`` list and no
    record ``format``. Reads at most :data:`HEAD_BYTES`; any failure answers no."""
    try:
        if not os.path.isfile(path):  # a device or a pipe: never a log worth naming, and never waited on
            return False
        with open(path, "rb") as handle:
            head = handle.read(HEAD_BYTES)
    except (OSError, ValueError):
        return False
    if not head:
        return False
    text = head.decode("utf-8", "replace").lstrip("\ufeff").lstrip()
    first = text.split("\n", 1)[0]
    try:
        event = parse_json(first, "the first line") if first.startswith("{") else None
    except MahjongJoyError:
        event = None
    if isinstance(event, dict) and "type" in event:
        return True
    return text.startswith("{") and '"log"' in text and FORMAT not in text


def load(path: str | Path, rules: str = "tenhou", keep_going: bool = False) -> Loaded:
    """Open any supported file as a checked record (logs imported under ``rules``)."""
    name = str(path)
    text = read_text(path)
    kind, data = detect(text)
    if kind == "record":
        return Loaded(kind, read_record(path))
    if kind == "tenhou6":
        from mahjong_joy.replay.tenhou6 import import_tenhou6

        result = import_tenhou6(data, rules, Path(name).name, keep_going)
    else:
        result = import_mjai(text, rules, Path(name).name, keep_going)
    return Loaded(kind, result.record, list(result.errors), result.hands)
