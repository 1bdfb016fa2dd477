"""What ``replay FILE`` opens: a Mahjong Joy record, an mjai log or a tenhou.net/6 log, told by content.

The extension says nothing reliable (``.json`` is used for all three), so the
text decides: one JSON object with ``"format": "mahjong-joy-record"`` is a
record; one object with a ``log`` list is tenhou.net/6; JSON lines whose first
object has a ``type`` are mjai. Logs are imported through our engine
(:mod:`mahjong_joy.replay.mjai_import`), so whatever the file, the caller gets a
checked record and shows, summarises, exports or saves it the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mahjong_joy.errors import RecordError
from mahjong_joy.replay.mjai_import import MAX_BYTES, ImportMismatch, LogFormatError, import_mjai
from mahjong_joy.replay.record import FORMAT, read_record

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
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, dict):
        if data.get("format") != FORMAT and isinstance(data.get("log"), list):
            return "tenhou6", data
        if data.get("format") != FORMAT and "type" in data:
            return "mjai", None
        return "record", data
    first = text.lstrip().split("\n", 1)[0]
    try:
        head = json.loads(first) if first.startswith("{") else None
    except json.JSONDecodeError:
        head = None
    if isinstance(head, dict) and "type" in head:
        return "mjai", None
    return "record", data


def read_text(path: str | Path) -> str | None:
    """The file's text; ``None`` for a file too large to be one game that is not a log
    (a long multi-match record is read by the record reader, whole). A log that
    large is refused before it is read."""
    target = Path(path)
    try:
        size = target.stat().st_size
        if size > MAX_BYTES:
            with target.open("rb") as handle:
                head = handle.read(4096).decode("utf-8", errors="replace")
            if detect(head.split("\n", 1)[0])[0] == "record" and "mahjong-joy-record" in head:
                return None
            raise LogFormatError(f"{str(path)!r} is {size} bytes, too large to be one game (at most {MAX_BYTES})")
        return target.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"record {str(path)!r} not found") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"record {str(path)!r} cannot be read: {exc}") from None


def load(path: str | Path, rules: str = "tenhou", keep_going: bool = False) -> Loaded:
    """Open any supported file as a checked record (logs imported under ``rules``)."""
    name = str(path)
    text = read_text(path)
    if text is None:
        return Loaded("record", read_record(path))
    kind, data = detect(text)
    if kind == "record":
        return Loaded(kind, read_record(path))
    if kind == "tenhou6":
        from mahjong_joy.replay.tenhou6 import import_tenhou6

        result = import_tenhou6(data, rules, Path(name).name, keep_going)
    else:
        result = import_mjai(text, rules, Path(name).name, keep_going)
    return Loaded(kind, result.record, list(result.errors), result.hands)
