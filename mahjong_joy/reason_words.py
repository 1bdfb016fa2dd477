"""A recorded AI reason, told again in the player's language (display only).

Records keep an AI's reasons in English, so one file reads the same in every
language (docs/languages.md). The AI writes each reason with ``tr(template,
**params)``, sometimes a template whose parameters are themselves messages (a
tile name, a plan, a threat, a list of tiles). This module parses the English
text back: every catalog message with placeholders becomes a pattern (its words
literal, each placeholder a non-greedy group), tried most specific first; each
parameter is translated in turn (a plain catalog message, another template, a
list joined by ", ", or a number / tile notation kept as is), and the template's
translation is filled with them. A text it cannot parse whole stays English; it
never raises, so a strange record never breaks a frame.

The patterns are built once per language (bounded by the four languages) and a
translated reason is cached per (text, language), so the viewer may ask every frame.

>>> from mahjong_joy.i18n import set_language
>>> set_language("en"); translate_reason("discard 5 of Dots: the only tile that may go")
'discard 5 of Dots: the only tile that may go'
"""

from __future__ import annotations

import re
import string
from functools import lru_cache

from mahjong_joy.i18n import ENGLISH, catalog, current_language

_LIST_JOINER = ", "
_PLAIN = re.compile(r"^[0-9mpsz .,%+\-?]*[0-9?][0-9mpsz .,%+\-?]*$")  # numbers and MPSZ notation: the same in every language
_FIELD = re.compile(r"\{(\w+)(?:![rsa])?(?::[^{}]*)?\}")
_MAX_DEPTH = 6


class _Template:
    """One catalog message with placeholders, as a pattern, and its translation."""

    __slots__ = ("message", "translation", "pattern", "weight", "literals", "names")

    def __init__(self, message: str, translation: str, pattern: re.Pattern[str], weight: tuple[int, int]) -> None:
        self.message, self.translation, self.pattern, self.weight = message, translation, pattern, weight
        pieces = list(string.Formatter().parse(message))
        self.names = [field for _, field, _, _ in pieces if field is not None]
        self.literals = [pieces[0][0]] + [text for text, _, _, _ in pieces[1:]] + ([""] if pieces[-1][1] is not None else [])


def translate_reason(text: str) -> str:
    """``text`` (an English reason from a record) in the current language; as it is
    when the language is English or the text does not parse whole."""
    language = current_language()
    if language == ENGLISH or not text:
        return text
    found = _translated(text, language)
    return found if found is not None else text


def parses_whole(text: str, language: str) -> bool:
    """Whether ``text`` parses whole in ``language`` (every part translated or a number):
    the measure the tests hold at 100% for the AI's reasons."""
    return language == ENGLISH or _translated(text, language) is not None


@lru_cache(maxsize=4096)
def _translated(text: str, language: str) -> str | None:
    try:
        return _Reader(language).whole(text, 0)
    except (re.error, ValueError, KeyError, IndexError, RecursionError):
        return None


class _Reader:
    """Parses one text against a language's templates (memo per text for its parts)."""

    def __init__(self, language: str) -> None:
        self.plain, self.templates = _templates(language)
        self.memo: dict[str, str | None] = {}

    def whole(self, text: str, depth: int) -> str | None:
        if text in self.memo:
            return self.memo[text]
        self.memo[text] = None  # a text that reaches itself again does not parse
        found = self._read(text, depth)
        self.memo[text] = found
        return found

    def _split(self, template: _Template, index: int, rest: str, depth: int, got: dict[str, str]) -> dict[str, str] | None:
        """The translated parameters of ``template`` read from ``rest`` (the text after its
        first words), trying each place its next words occur, shortest value first, so a
        value that holds the template's own separator ("; ", ", ") still parses."""
        if index == len(template.names):
            return got if rest == "" else None
        name, after = template.names[index], template.literals[index + 1]
        last = index == len(template.names) - 1 and after == ""
        ends = [len(rest)] if last else [m.start() for m in re.finditer(f"(?={re.escape(after)})", rest)]
        for end in ends:
            value = rest[:end]
            if not value:
                continue
            said = self.whole(value, depth + 1)
            if said is None or got.get(name, said) != said:
                continue
            found = self._split(template, index + 1, rest[end + len(after):], depth, {**got, name: said})
            if found is not None:
                return found
        return None

    def _read(self, text: str, depth: int) -> str | None:
        if text in self.plain:
            return self.plain[text]
        if _PLAIN.match(text):
            return text
        if depth >= _MAX_DEPTH:
            return None
        for template in self.templates:
            if template.pattern.match(text) is None:  # quick test: no split at all
                continue
            params = self._split(template, 0, text[len(template.literals[0]):], depth, {})
            if params is not None:
                return _fill(template.translation, params)
        if _LIST_JOINER in text:
            parts = [self.whole(part, depth + 1) for part in text.split(_LIST_JOINER)]
            if all(part is not None for part in parts):
                return self.plain.get(_LIST_JOINER, _LIST_JOINER).join(parts)  # type: ignore[arg-type]
        return None


def _fill(translation: str, params: dict[str, str]) -> str:
    """The translation with its placeholders replaced by the (already translated) texts;
    a format spec is dropped, the recorded text already carries the number as written."""
    return _FIELD.sub(lambda m: params.get(m.group(1), m.group(0)), translation.replace("{{", "\x01").replace("}}", "\x02")
                      ).replace("\x01", "{").replace("\x02", "}")


@lru_cache(maxsize=len(("ko", "ja", "zh")) + 1)
def _templates(language: str) -> tuple[dict[str, str], tuple[_Template, ...]]:
    """A language's plain messages (English -> translation) and its templates, most specific first."""
    plain: dict[str, str] = {}
    templates: list[_Template] = []
    for key, translation in catalog(language).items():
        if not isinstance(translation, str) or "\x00" in key or "\x04" in key:
            continue
        pattern = _pattern(key)
        if pattern is None:
            plain[key] = translation
        elif pattern[0] is not None:
            templates.append(_Template(key, translation, pattern[0], pattern[1]))
    templates.sort(key=lambda t: t.weight, reverse=True)
    return plain, tuple(templates)


def _pattern(message: str) -> tuple[re.Pattern[str] | None, tuple[int, int]] | None:
    """``None`` for a message without placeholders; else its pattern (``None`` when its
    words alone cannot anchor it, as ``{tile}`` or ``{a}{b}``) and its weight (more
    literal text first, then fewer placeholders)."""
    try:
        pieces = list(string.Formatter().parse(message))
    except ValueError:
        return None, (0, 0)
    if all(field is None for _, field, _, _ in pieces):
        return None
    out, seen, literal, fields = [], set(), 0, 0
    for text, field, _, _ in pieces:
        out.append(re.escape(text))
        literal += len(text.strip())
        if field is None:
            continue
        if not field.isidentifier():
            return None, (0, 0)
        fields += 1
        out.append(f"(?P={field})" if field in seen else f"(?P<{field}>.+?)")
        seen.add(field)
    if literal < 2 or any(not text and field and i > 0 for i, (text, field, _, _) in enumerate(pieces)):
        return None, (0, 0)  # placeholders side by side cannot be split from the words alone
    return re.compile("".join(out) + r"\Z", re.DOTALL), (literal, -fields)


__all__ = ["parses_whole", "translate_reason"]
