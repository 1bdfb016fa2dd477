"""Reading what comes from outside the program: files and input lines, bounded before parsing.

Every file the game reads (settings, autosave, records, the history's JSON
cells) and every line ``score --jsonl`` and ``analyze --jsonl`` take come
through here, so a hostile input gets one clear error instead of a
``RecursionError``, a ``MemoryError`` or Python's integer-string ``ValueError``:

- size: at most ``limit`` bytes are read (``limit + 1`` to tell "too large"), so
  ``/dev/zero`` is refused at once and memory stays bounded;
- depth: a scan of the brackets outside strings refuses nesting deeper than
  :data:`MAX_DEPTH` before ``json.loads`` (which recurses) sees the text;
- numbers: integers longer than :data:`MAX_DIGITS` digits, ``NaN`` and
  infinities are refused;
- text: UTF-8 only, a leading byte-order mark dropped (some editors write one).

Each failure raises the project's error (``RecordError`` unless the caller names
another) with a message naming the input and what is wrong. The field helpers
at the end check the parsed values one by one, with the same kind of message.
No other package is imported here, so storage, replay and the commands can all
use it.

>>> parse_json('\\ufeff{"volume": 0.5}', "settings")
{'volume': 0.5}
>>> parse_json("[" * 100, "settings")
Traceback (most recent call last):
...
mahjong_joy.errors.RecordError: settings nests deeper than 32 levels
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from mahjong_joy.errors import MahjongJoyError, RecordError

KIB = 1024
MIB = 1024 * KIB
MAX_DEPTH = 32  # a record nests 5 deep, settings 2, a score situation 4
MAX_DIGITS = 100  # far beyond any seed or score; far below Python's 4,300-digit limit
LINE_LIMIT = 1 * MIB  # one score situation or analyze hand per line
SHOWN = 60  # characters of a bad value quoted in a message

ErrorType = type[MahjongJoyError]

_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_INNERMOST = re.compile(r"[\[{][\]}]")
_LONG_DIGITS = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}")
_BOM = "\ufeff"


def size_text(limit: int) -> str:
    """A byte count as people read it.

    >>> size_text(32 * MIB), size_text(512 * KIB), size_text(100)
    ('32 MiB', '512 KiB', '100 bytes')
    """
    for unit, size in (("MiB", MIB), ("KiB", KIB)):
        if limit >= size and limit % size == 0:
            return f"{limit // size} {unit}"
    return f"{limit} bytes"


def shown(value: Any) -> str:
    """A value's repr cut to a length a one-line message can carry."""
    text = repr(value) if not isinstance(value, (list, dict)) else _short_container(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def _short_container(value: list[Any] | dict[str, Any]) -> str:
    """The start of a list's or dict's repr without building the whole (it may be huge)."""
    items = list(value.items())[:4] if isinstance(value, dict) else value[:4]
    return (repr(dict(items)) if isinstance(value, dict) else repr(items))[: SHOWN + 1]


# -- files ----------------------------------------------------------------------------

def read_limited(path: str | Path, what: str, limit: int, error: ErrorType = RecordError) -> bytes | None:
    """The file's bytes, or ``None`` when it does not exist; refuses more than ``limit`` bytes.

    A regular file's size is checked before reading; anything else (a device, a
    pipe) is read to ``limit + 1`` bytes at most, so endless input stops there.
    A named pipe is opened without waiting for a writer (no writer reads as empty).
    """
    try:
        if os.path.isdir(path):
            raise error(f"{what} cannot be read: it is a folder")
        with _open_without_waiting(path) as handle:
            info = os.fstat(handle.fileno())
            if stat.S_ISREG(info.st_mode) and info.st_size > limit:
                raise error(f"{what} is larger than the {size_text(limit)} limit ({size_text(info.st_size)})")
            data = handle.read(limit + 1)
    except FileNotFoundError:
        return None
    except MahjongJoyError:
        raise  # a folder or too large: already said
    except (OSError, ValueError) as exc:  # ValueError: a path holding a NUL character
        raise error(f"{what} cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    if len(data) > limit:
        raise error(f"{what} is larger than the {size_text(limit)} limit")
    return data


def _open_without_waiting(path: str | Path) -> IO[bytes]:
    """``open(path, "rb")``, except that opening a named pipe never blocks the game."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)  # a pipe with a writer is then read as usual
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def decode(data: bytes, what: str, error: ErrorType = RecordError) -> str:
    """UTF-8 text without a leading byte-order mark; other bytes are refused, naming where."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{what} cannot be read: it is not UTF-8 text (byte {exc.start})") from None


def read_json(path: str | Path, what: str, limit: int, error: ErrorType = RecordError) -> tuple[bool, Any]:
    """``(found, value)``: ``(False, None)`` when the file does not exist, else its checked JSON."""
    data = read_limited(path, what, limit, error)
    if data is None:
        return False, None
    return True, parse_json(decode(data, what, error), what, error)


# -- JSON -----------------------------------------------------------------------------

def nesting_depth_ok(text: str, limit: int = MAX_DEPTH) -> bool:
    """True when no bracket in ``text`` (outside strings) opens deeper than ``limit``.

    Each pass of a regular expression removes the innermost ``[]``/``{}`` pairs,
    so ``limit`` passes in C decide it without recursion. What cannot be reduced
    is unbalanced (``]]...[[``): its openers count toward the depth a parser
    would reach before finding the text broken.

    >>> nesting_depth_ok('{"a": [[1], "[[[["]}', 3), nesting_depth_ok("[[[[]]]]", 3)
    (True, False)
    """
    return _depth_ok_outside_strings(outside_strings(text), limit)


def outside_strings(text: str) -> str:
    """``text`` without its string literals (numbers, brackets and punctuation remain).

    Without a backslash no quote is escaped, so splitting at quotes is exact (and
    runs in C); otherwise a regular expression skips escapes (and keeps the text
    of an unterminated string, which only makes the depth check stricter).

    >>> outside_strings('{"a[": [1, "]"]}')
    '{: [1, ]}'
    """
    if "\\" not in text:
        return "".join(text.split('"')[0::2])
    return _STRING.sub("", text)


def _depth_ok_outside_strings(outside: str, limit: int) -> bool:
    brackets = _NOT_BRACKET.sub("", outside)
    passes = 0
    while brackets and passes < limit:
        brackets, removed = _INNERMOST.subn("", brackets)
        if not removed:
            break
        passes += 1
    return passes + len(brackets) <= limit


def parse_json(text: str, what: str, error: ErrorType = RecordError) -> Any:
    """``json.loads`` behind the depth, digit and finiteness checks; a leading BOM is dropped."""
    if text.startswith(_BOM):
        text = text[1:]
    outside = outside_strings(text)
    if not _depth_ok_outside_strings(outside, MAX_DEPTH):
        raise error(f"{what} nests deeper than {MAX_DEPTH} levels")
    hooks: dict[str, Any] = {"parse_constant": lambda name: _refuse_constant(name, what, error),
                             "parse_float": lambda digits: _finite(digits, what, error)}
    if _LONG_DIGITS.search(outside):  # only then pay for a Python call per integer
        hooks["parse_int"] = lambda digits: _short_int(digits, what, error)
    try:
        return json.loads(text, **hooks)
    except json.JSONDecodeError as exc:
        message = exc.msg.removesuffix(" at")  # "Unterminated string starting at" + "at line ..." read twice
        where = f"line {exc.lineno} column {exc.colno}" if "\n" in text else f"column {exc.colno}"  # one line (a JSONL line): its column
        raise error(f"{what} is not valid JSON: {message} at {where}") from None


def _short_int(digits: str, what: str, error: ErrorType) -> int:
    if len(digits.lstrip("-")) > MAX_DIGITS:
        raise error(f"{what} holds a number of {len(digits.lstrip('-')):,} digits (at most {MAX_DIGITS} are read)")
    return int(digits)


def _finite(digits: str, what: str, error: ErrorType) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise error(f"{what} holds a number too large to use: {shown(digits)}")
    return value


def _refuse_constant(name: str, what: str, error: ErrorType) -> float:
    raise error(f"{what} holds {name}, which is not a number JSON allows")


# -- lines ----------------------------------------------------------------------------

def bounded_lines(stream: IO[Any], limit: int = LINE_LIMIT, error: ErrorType = RecordError) -> Iterator[tuple[int, str | MahjongJoyError]]:
    """``(number, text)`` per non-blank line, or ``(number, error)`` for a line that cannot be read.

    A line longer than ``limit`` is answered with an error at once and then skipped
    to its end without being held (an endless line is read in ``limit``-sized
    pieces for as long as it lasts, like any endless stream), and a
    line that is not UTF-8 is an error for that line only: the lines after it
    are still read. Reads bytes from ``stream.buffer`` when there is one.
    """
    source = getattr(stream, "buffer", stream)
    number = 0
    while True:
        piece = source.readline(limit + 1)
        if not piece:
            return
        number += 1
        if len(piece) > limit and not _ends_line(piece):
            yield number, error(f"the line is longer than the {size_text(limit)} limit")  # answered before it ends
            _skip_rest(source, limit)
            continue
        text = _line_text(piece, number, error)
        if isinstance(text, MahjongJoyError) or text.strip():
            yield number, text


def _ends_line(piece: str | bytes) -> bool:
    return piece.endswith(b"\n") if isinstance(piece, bytes) else piece.endswith("\n")


def _skip_rest(source: IO[Any], limit: int) -> None:
    """Read the rest of an over-long line in pieces, keeping none of it."""
    while True:
        piece = source.readline(limit)
        if not piece or _ends_line(piece):
            return


def _line_text(piece: str | bytes, number: int, error: ErrorType) -> str | MahjongJoyError:
    if isinstance(piece, str):
        return piece[1:] if number == 1 and piece.startswith(_BOM) else piece
    try:
        return piece.decode("utf-8-sig" if number == 1 else "utf-8")
    except UnicodeDecodeError as exc:
        return error(f"the line is not UTF-8 text (byte {exc.start})")


# -- fields ---------------------------------------------------------------------------

def whole(value: Any, where: str, low: int | None = None, high: int | None = None, error: ErrorType = RecordError) -> int:
    """``value`` when it is an integer (never a bool) within ``low..high``; else the error."""
    if type(value) is not int:
        raise error(f"{where} must be a whole number, not {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise error(f"{where} must be {_range_text(low, high)}, not {value}")
    return value


def _range_text(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"{low}..{high}"
    return f"at least {low}" if low is not None else f"at most {high}"


def text(value: Any, where: str, longest: int = 200, error: ErrorType = RecordError) -> str:
    """``value`` when it is a string of at most ``longest`` characters that UTF-8 can hold."""
    if not isinstance(value, str):
        raise error(f"{where} must be text, not {shown(value)}")
    if len(value) > longest:
        raise error(f"{where} is longer than {longest} characters")
    if not is_encodable(value):
        raise error(f"{where} holds characters UTF-8 cannot store")
    return value


def is_encodable(value: str) -> bool:
    """False for text with lone surrogates (``"\\ud800"`` is valid JSON, but no file can hold it)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def listed(value: Any, where: str, length: int | None = None, error: ErrorType = RecordError) -> list[Any]:
    """``value`` when it is a list (of exactly ``length`` items when given)."""
    if not isinstance(value, list):
        raise error(f"{where} must be a list, not {shown(value)}")
    if length is not None and len(value) != length:
        raise error(f"{where} must hold {length} items, not {len(value)}")
    return value


def mapping(value: Any, where: str, error: ErrorType = RecordError) -> dict[str, Any]:
    """``value`` when it is a JSON object."""
    if not isinstance(value, dict):
        raise error(f"{where} must be an object, not {shown(value)}")
    return value
