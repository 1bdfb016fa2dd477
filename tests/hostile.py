"""Hostile variants shared by the file tests (issue 16): each builds bad bytes from good JSON.

A variant is ``name -> function(good dict) -> bytes``; the classes are the issue's:
deep nesting, huge numbers, non-numbers, wrong types at a field, byte-order
marks, truncation and other encodings. Endless input is a symlink to
``/dev/zero`` or a sparse file, made by the tests themselves.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

Variant = Callable[[dict[str, Any]], bytes]
DEEP = 100_000


def encoded(data: Any) -> bytes:
    return json.dumps(data).encode("utf-8")


def changed(path: tuple[Any, ...], value: Any) -> Variant:
    """The good data with the value at ``path`` (keys and indexes) replaced."""
    def make(good: dict[str, Any]) -> bytes:
        data = copy.deepcopy(good)
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
        return encoded(data)
    return make


def raw_at(path: tuple[Any, ...], text: str) -> Variant:
    """The good data with the value at ``path`` replaced by raw JSON text (json.dumps cannot write it)."""
    marker = "\u2603marker\u2603"
    make_marked = changed(path, marker)
    return lambda good: make_marked(good).replace(json.dumps(marker).encode("utf-8"), text.encode("utf-8"))


SYNTAX: dict[str, Variant] = {
    "nested 100,000 deep": lambda good: b"[" * DEEP,
    "objects nested 50,000 deep": lambda good: b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    "truncated": lambda good: encoded(good)[: len(encoded(good)) * 2 // 3],
    "not UTF-8": lambda good: encoded(good).replace(b'"', b'"\xff\xfe', 1),
    "UTF-16": lambda good: json.dumps(good).encode("utf-16"),
    "empty": lambda good: b"",
    "a list": lambda good: b"[1, 2, 3]",
}


def numbers_at(path: tuple[Any, ...]) -> dict[str, Variant]:
    """Huge and non-finite numbers at one field."""
    return {
        "5,000-digit number": raw_at(path, "1" * 5000),
        "negative 5,000-digit number": raw_at(path, "-" + "9" * 5000),
        "NaN": raw_at(path, "NaN"),
        "Infinity": raw_at(path, "-Infinity"),
        "1e999": raw_at(path, "1e999"),
        "deep list at a field": raw_at(path, "[" * 5000 + "]" * 5000),
    }


def with_bom(good: dict[str, Any]) -> bytes:
    return b"\xef\xbb\xbf" + encoded(good)


def endless(path: Path) -> None:
    """Make ``path`` a link to /dev/zero: a file that never ends."""
    path.unlink(missing_ok=True)
    os.symlink("/dev/zero", path)


def oversized(path: Path, size: int) -> None:
    """A sparse file of ``size`` bytes (instant to make, nothing written)."""
    with open(path, "wb") as handle:
        handle.truncate(size)


# Wrong types at every field of a schema-2 record or autosave (the autosave keys last).
FIRST = ("matches", 0, "decisions", 0)
WRONG_TYPES = {
    "schema as text": changed(("schema",), "1"),
    "format as a list": changed(("format",), ["mahjong-joy-record"]),
    "rules as a list": changed(("rules",), ["joy"]),
    "rules name as a list": changed(("rules", "name"), ["joy"]),
    "rules name as an object": changed(("rules", "name"), {"joy": 1}),
    "rules hand as a list": changed(("rules", "hand"), [1]),
    "rules riichi as text": changed(("rules", "hand", "riichi"), "yes"),
    "rules uma as an object": changed(("rules", "table", "uma"), {"a": 1}),
    "rules unknown option": changed(("rules", "hand", "teleport"), True),
    "seed as a list": changed(("seed",), [7]),
    "seats as an object": changed(("seats",), {"0": "human"}),
    "a seat as a list": changed(("seats", 1), ["potential"]),
    "matches as an object": changed(("matches",), {"0": {}}),
    "a match as a list": changed(("matches", 0), [1]),
    "match seed as a float": changed(("matches", 0, "seed"), 7.5),
    "max_hands as text": changed(("matches", 0, "max_hands"), "4"),
    "decisions as an object": changed(("matches", 0, "decisions"), {"0": 1}),
    "a decision as a list": changed(FIRST, ["discard", 0, 5]),
    "decision type as a list": changed(FIRST + ("type",), ["discard"]),
    "decision type as an object": changed(FIRST + ("type",), {"discard": 1}),
    "decision type unknown": changed(FIRST + ("type",), "teleport"),
    "decision seat as text": changed(FIRST + ("seat",), "0"),
    "decision seat out of range": changed(FIRST + ("seat",), 9),
    "decision tile as an object": changed(FIRST + ("tile",), {"kind": 5}),
    "decision tile as a long list": changed(FIRST + ("tile",), list(range(100))),
    "decision tile as a one-item list": changed(FIRST + ("tile",), [5]),
    "decision tile missing": changed(FIRST + ("tile",), None),
    "autosave flag as text": changed(("autosave",), "yes"),
    "player seat as text": changed(("player_seat",), "0"),
    "player name as a list": changed(("player_name",), ["Mei"]),
    "player name with a lone surrogate": changed(("player_name",), "\ud800"),
    "start time as a number": changed(("started_at",), 20260102),
}

# A schema-1 record names its ruleset instead of carrying the rules.
V1_WRONG_TYPES = {
    "v1 ruleset as a list": changed(("ruleset",), ["joy"]),
    "v1 ruleset name as a list": changed(("ruleset", "name"), ["joy"]),
    "v1 ruleset name as an object": changed(("ruleset", "name"), {"joy": 1}),
    "v1 ruleset options as a list": changed(("ruleset", "options"), [1]),
    "v1 decision type as a list": changed(FIRST + ("type",), ["discard"]),
}
