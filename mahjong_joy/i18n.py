"""Words a player reads, in the player's language.

Every player-visible string goes through :func:`tr` (or :func:`ntr` for a count), with
its placeholders named (``tr("{name} wins", name=who)``) so a translation may move
them. English is the source language: the message itself is the English text.

The catalogs of the other languages are gettext ``.po`` files shipped inside the
package (``mahjong_joy/locale/<folder>/LC_MESSAGES/mahjong_joy.po``, folders ``ko``,
``ja``, ``zh_Hans``), read at run time by the small reader below: no compile step,
so ``pip install .`` needs nothing but the files, and Babel (the extraction tool of
``scripts/extract_messages.py``) stays a developer's tool. A catalog is read the
first time its language is chosen (a few milliseconds) and kept.

Lookups happen when :func:`tr` is called, so a language switch applies to the next
frame. Words computed once must therefore stay keys until they are drawn: a
module-level table holds English marked with :func:`N_` (the extractor finds it,
nothing translates it yet) and the screen calls ``tr(key)`` as it draws. A message
a catalog lacks reads in English; a translation whose placeholders differ from its
message's is ignored (English again), so a catalog mistake never crashes a frame.

>>> set_language("en"); tr("{name} wins", name="Momo")
'Momo wins'
>>> set_language("ja"); current_language()
'ja'
>>> set_language("en")
"""

from __future__ import annotations

import ast
import os
import re
import string
from collections.abc import Callable, Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

DOMAIN = "mahjong_joy"
ENGLISH = "en"
LANGUAGES = ("en", "ko", "ja", "zh")  # the codes of ``--lang`` and the settings file
LANGUAGE_NAMES = {"en": "English", "ko": "한국어", "ja": "日本語", "zh": "简体中文"}  # each in itself
CATALOG_FOLDERS = {"ko": "ko", "ja": "ja", "zh": "zh_Hans"}  # language code -> folder under locale/

Catalog = dict[str, "str | tuple[str, ...]"]  # msgid (or "singular\x00plural") -> msgstr (or plural forms)

_current = ENGLISH
_catalogs: dict[str, Catalog] = {}
_listeners: list[Callable[[str], None]] = []


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it now (a table of keys
    built at import time; the screen calls :func:`tr` on it when it draws)."""
    return message


def say(message: str, **params: Any) -> str:
    """A catalog ``message`` in English, its placeholders filled: for words a record keeps
    (an AI's reason), which the screens tell in the player's language when they show them
    (:mod:`mahjong_joy.reason_words` reads the English back against the same message)."""
    return message.format(**params) if params else message


def tr(message: str, **params: Any) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled from ``params``."""
    found = _lookup(message) if _current != ENGLISH else None
    text = found if isinstance(found, str) and found else message
    return _fill(text, message, params)


def trc(context: str, message: str, **params: Any) -> str:
    """:func:`tr` for a message whose English is spelled like another's but reads
    otherwise in some language (gettext ``msgctxt``): ``trc("abortive draw", "Four kans")``
    is 四開槓 in Japanese where the yaku "Four kans" is 四槓子."""
    found = _lookup(f"{context}\x04{message}") if _current != ENGLISH else None
    text = found if isinstance(found, str) and found else message
    return _fill(text, message, params)


def NC_(context: str, message: str) -> str:
    """:func:`N_` with a context (translated later with :func:`trc` and the same context)."""
    return message


def ntr(singular: str, plural: str, count: int, **params: Any) -> str:
    """The singular or plural form for ``count`` (also passed as ``{count}``), translated."""
    english = singular if count == 1 else plural
    found = _lookup(f"{singular}\x00{plural}") if _current != ENGLISH else None
    text = english
    if isinstance(found, tuple) and found:
        text = found[min(_plural_index(count), len(found) - 1)] or english
    return _fill(text, english, {"count": count, **params})


def _fill(text: str, english: str, params: Mapping[str, Any]) -> str:
    """Format ``text`` (a translation of ``english``); a translation that cannot be
    filled from ``params`` falls back to the English message."""
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError, ValueError):
        return english.format(**params)


def _plural_index(count: int) -> int:
    """Korean, Japanese and Chinese have one form (gettext ``nplurals=1``)."""
    return 0


def catalog(code: str) -> Catalog:
    """A language's catalog, read from its file once and kept: :func:`tr`, the preload and
    the reader of recorded reasons (:mod:`mahjong_joy.reason_words`) share it."""
    found = _catalogs.get(code)
    if found is None:
        found = _catalogs[code] = load_catalog(code)
    return found


def _lookup(key: str) -> str | tuple[str, ...] | None:
    return catalog(_current).get(key)


# ---------------------------------------------------------------------- language

def set_language(code: str) -> None:
    """Speak ``code`` (one of :data:`LANGUAGES`) from the next :func:`tr` on.

    The catalog is read now, so the first frame in the new language pays nothing.
    An unknown code raises ``ValueError`` and leaves the language as it was.
    """
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; expected one of {', '.join(LANGUAGES)}")
    global _current
    if code != ENGLISH:
        catalog(code)
    changed = code != _current
    _current = code
    if changed:
        for listener in list(_listeners):
            listener(code)


def preload_steps() -> Iterator[str]:
    """Read every catalog not yet read, one per step (the window runs these between frames,
    so a later switch of language costs no catalog read: a few ms each)."""
    for code in LANGUAGES:
        if code != ENGLISH and code not in _catalogs:
            catalog(code)
            yield code


def current_language() -> str:
    """The language :func:`tr` speaks now (a code of :data:`LANGUAGES`)."""
    return _current


def on_language_change(listener: Callable[[str], None]) -> None:
    """Call ``listener(code)`` after every switch (caches of drawn words drop themselves)."""
    _listeners.append(listener)


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language when it is one of ours, else English.

    Reads the variables gettext reads, in its order (``LANGUAGE`` may list several,
    colon-separated; the first of ours wins).

    >>> system_language({"LANG": "ko_KR.UTF-8"}), system_language({"LANGUAGE": "fr:ja", "LANG": "C"})
    ('ko', 'ja')
    >>> system_language({"LC_ALL": "zh_CN.UTF-8"}), system_language({"LANG": "de_DE"})
    ('zh', 'en')
    """
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            code = _language_of(part)
            if code:
                return code
        if name != "LANGUAGE":
            return ENGLISH  # the first variable set decides, as in gettext
    return ENGLISH


def _language_of(locale_name: str) -> str:
    """``ja_JP.UTF-8`` -> ``ja``; ``zh_TW`` and ``zh_Hant`` are not ours (traditional script)."""
    base = locale_name.split(".")[0].split("@")[0].replace("-", "_")
    lang, _, region = base.partition("_")
    lang = lang.lower()
    if lang == "zh" and region.lower() in ("tw", "hk", "mo", "hant"):
        return ""
    return lang if lang in LANGUAGES else ""


# ---------------------------------------------------------------------- catalogs

def catalog_path(code: str) -> Path:
    """The ``.po`` file of a language (inside the package, so the wheel ships it)."""
    folder = CATALOG_FOLDERS[code]
    return Path(str(resources.files("mahjong_joy").joinpath("locale", folder, "LC_MESSAGES", f"{DOMAIN}.po")))


def load_catalog(code: str) -> Catalog:
    """The translated messages of ``code`` (empty for English or a missing file)."""
    if code == ENGLISH:
        return {}
    path = catalog_path(code)
    if not path.is_file():
        return {}
    return {entry.key: entry.translation for entry in read_po(path.read_text(encoding="utf-8")) if entry.translated}


class PoEntry:
    """One message of a ``.po`` file: its id (and plural id), its translation(s), and
    whether it is fuzzy or obsolete (neither is used at run time)."""

    __slots__ = ("context", "msgid", "plural", "msgstr", "forms", "flags", "comments", "obsolete")

    def __init__(self) -> None:
        self.context: str | None = None
        self.msgid = ""
        self.plural: str | None = None
        self.msgstr = ""
        self.forms: list[str] = []
        self.flags: set[str] = set()
        self.comments: list[str] = []
        self.obsolete = False

    @property
    def key(self) -> str:
        key = self.msgid if self.plural is None else f"{self.msgid}\x00{self.plural}"
        return key if self.context is None else f"{self.context}\x04{key}"

    @property
    def translation(self) -> str | tuple[str, ...]:
        return self.msgstr if self.plural is None else tuple(self.forms)

    @property
    def translated(self) -> bool:
        if self.obsolete or "fuzzy" in self.flags or not self.msgid:
            return False
        return bool(self.msgstr) if self.plural is None else any(self.forms)


_FIELD = re.compile(r'^(msgid|msgid_plural|msgstr|msgstr\[(\d+)\]|msgctxt)\s+(".*")\s*$')


def read_po(text: str) -> list[PoEntry]:
    """The entries of a ``.po`` file (the header, ``msgid ""``, is the first entry)."""
    entries: list[PoEntry] = []
    entry = PoEntry()
    field: tuple[str, int] | None = None
    started = False

    def flush() -> None:
        nonlocal entry, started
        if started:
            entries.append(entry)
        entry, started = PoEntry(), False

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("#~"):
            entry.obsolete = True
            line = line[2:].strip()
            if not line:
                continue
        elif not line:
            flush()
            field = None
            continue
        elif line.startswith("#,"):
            if started:
                flush()
            entry.flags.update(flag.strip() for flag in line[2:].split(","))
            continue
        elif line.startswith("#"):
            if started:
                flush()
            entry.comments.append(raw)
            continue
        match = _FIELD.match(line)
        if match:
            name, index, quoted = match.groups()
            if name in ("msgid", "msgctxt") and started and (entry.msgstr or entry.forms or name == "msgctxt"):
                flush()
            started = True
            field = (name.split("[")[0], int(index) if index else 0)
            _append(entry, field, _unquote(quoted))
        elif line.startswith('"') and field is not None:
            _append(entry, field, _unquote(line))
    flush()
    return entries


def _append(entry: PoEntry, field: tuple[str, int], text: str) -> None:
    name, index = field
    if name == "msgctxt":
        entry.context = (entry.context or "") + text
    elif name == "msgid":
        entry.msgid += text
    elif name == "msgid_plural":
        entry.plural = (entry.plural or "") + text
    elif name == "msgstr" and entry.plural is None and index == 0 and not entry.forms:
        entry.msgstr += text
    elif name == "msgstr":
        while len(entry.forms) <= index:
            entry.forms.append("")
        entry.forms[index] += text


def _unquote(quoted: str) -> str:
    """A C-style quoted ``.po`` string as text (``"a\\n"`` -> ``a`` + newline)."""
    return str(ast.literal_eval(quoted)) if "\\" in quoted else quoted[1:-1]


def placeholders(message: str) -> set[str]:
    """The named ``{placeholders}`` of a message (a test compares them across languages).

    >>> sorted(placeholders("{name} wins {points:,} points"))
    ['name', 'points']
    """
    try:
        return {name for _, name, _, _ in string.Formatter().parse(message) if name is not None}
    except ValueError:
        return {"<malformed>"}
