"""Extract the game's messages into ``mahjong_joy.pot`` and bring each ``.po`` up to date.

Every call ``tr("...")``, ``ntr("...", "...", n)`` and ``N_("...")`` under ``mahjong_joy/``
with a literal message is a message (the keywords of :mod:`mahjong_joy.i18n`). The
template and the three catalogs live in ``mahjong_joy/locale/``; an update keeps every
translation whose message is still used, adds new messages untranslated and keeps
messages no longer used as obsolete (``#~``) so their words are not lost.

    python scripts/extract_messages.py                # update mahjong_joy.pot and every .po
    python scripts/extract_messages.py --check        # exit 1 listing untranslated or broken messages
    python scripts/extract_messages.py --todo ja      # untranslated messages of one language, as JSON
    python scripts/extract_messages.py --fill ja F    # merge {message: translation} from JSON file F

After any catalog change, rerun ``scripts/make_font_subset.py`` (the font keeps only the
characters the catalogs use; ``tests/test_i18n.py`` fails on a character without a glyph).
Stdlib only: the extractor reads the code with ``ast`` (Babel's ``pybabel extract -k tr
-k ntr:1,2 -k N_`` finds the same messages, and ``pybabel compile`` accepts these files).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mahjong_joy.i18n import CATALOG_FOLDERS, DOMAIN, PoEntry, placeholders, read_po  # noqa: E402

PACKAGE = ROOT / "mahjong_joy"
LOCALE = PACKAGE / "locale"
KEYWORDS = {"tr": 1, "say": 1, "N_": 1, "ntr": 2, "trc": 2, "NC_": 2}  # function name -> how many leading literal arguments
CONTEXTUAL = {"trc", "NC_"}  # the first of their arguments is a context (msgctxt), the second the message


@dataclass
class Message:
    """One message the code uses, with where it is used."""

    msgid: str
    plural: str | None = None
    places: list[str] = field(default_factory=list)
    context: str | None = None

    @property
    def key(self) -> str:
        key = self.msgid if self.plural is None else f"{self.msgid}\x00{self.plural}"
        return key if self.context is None else f"{self.context}\x04{key}"


def extract(package: Path = PACKAGE) -> dict[str, Message]:
    """Every literal message under ``package``, by key, in the order first met, then the
    messages kept as data (:func:`data_messages`)."""
    found: dict[str, Message] = {}
    for path in sorted(package.rglob("*.py")):
        relative = path.relative_to(package.parent).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            message = _message_of(node)
            if message is None:
                continue
            kept = found.setdefault(message.key, message)
            kept.places.append(f"{relative}:{node.lineno}")  # type: ignore[attr-defined]
    for message in data_messages():
        found.setdefault(message.key, message)
    return found


def fan_rows() -> list:
    """Every MCR fan row (rulesets/mcr/fan.py), the library-only row included."""
    from mahjong_joy.rulesets.mcr.fan import FAN_ROWS, LIBRARY_KONG_ROW

    return [*FAN_ROWS, LIBRARY_KONG_ROW]


def data_messages() -> list[Message]:
    """Messages the code translates from data, not from a literal: the MCR fan names
    (``FanRow.name``, read through ``rulesets.mcr.explain.fan_name``)."""
    return [Message(row.name, places=["mahjong_joy/rulesets/mcr/fan.py (FanRow.name)"]) for row in fan_rows()]


# The official Chinese fan names (RULES.md B6) give the other two catalogs their terms:
# Japanese players of Chinese Official write them in Japanese kanji forms (緑一色, 九蓮宝燈,
# 四槓), Korean players read them in Hangul (대사희, 녹일색, 구련보등). Filled for a fan
# name that has no translation yet; a translator's own word is kept.
JAPANESE_FORMS = str.maketrans("绿莲灯杠连对龙节步带组门风无捞开抢齐绝张幺边单钓顺两",
                               "緑蓮燈槓連対龍節歩帯組門風無撈開搶斉絶張么辺単釣順両")
HANGUL_READINGS = dict(zip(
    "一七三上不中九于五人会倒元全六刻前副十单双合同和喜四回圈大妙字宝对将小少嵌带平幺底开张归手抢捞推摸断无明星春"
    "暗月杠步求海混清灯牌番相碰箭组绝绿缺老自般色节花莲边连逢钓门靠顺风高齐龙",
    "일칠삼상불중구우오인회도원전육각전부십단쌍합동화희사회권대묘자보대장소소감대평요저개장귀수창로추모단무명성춘"
    "암월깡보구해혼청등패번상팽전조절록결로자반색절화련변련봉조문고순풍고제룡"))
INITIAL_SOUND = {"록": "녹", "로": "노", "련": "연", "룡": "용", "륙": "육"}  # a Hangul word never starts with ㄹ


def fan_translation(chinese: str, language: str) -> str:
    """A fan's name in ``language`` from its official Chinese name."""
    if language == "zh":
        return chinese
    if language == "ja":
        return chinese.translate(JAPANESE_FORMS)
    hangul = "".join(HANGUL_READINGS.get(ch, ch) for ch in chinese)
    hangul = hangul.replace("불도", "부도")  # 不 reads 부 before ㄷ (推不倒 추부도)
    if chinese.endswith("六") and len(chinese) > 1:
        hangul = hangul[:-1] + "륙"  # 连六 연륙
    return INITIAL_SOUND.get(hangul[0], hangul[0]) + hangul[1:]


def _message_of(node: ast.AST) -> Message | None:
    if not isinstance(node, ast.Call):
        return None
    name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", None)
    wanted = KEYWORDS.get(name or "")
    if wanted is None or len(node.args) < wanted:
        return None
    texts = [_literal(arg) for arg in node.args[:wanted]]
    if any(text is None for text in texts):
        return None  # a key looked up at draw time: its literal is marked with N_ elsewhere
    if name in CONTEXTUAL:
        return Message(texts[1], None, context=texts[0])  # type: ignore[arg-type]
    return Message(texts[0], texts[1] if wanted == 2 else None)  # type: ignore[arg-type]


def _literal(node: ast.expr) -> str | None:
    """A string literal, including implicitly joined ones (``"a" "b"``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


# ---------------------------------------------------------------------- writing

def quote(text: str) -> str:
    """A ``.po`` string; a message with newlines is split after each one."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    lines = escaped.split("\n")
    if len(lines) == 1:
        return f'"{escaped}"'
    parts = [line + "\\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def header(language: str | None) -> str:
    lang = language or ""
    plural = "nplurals=1; plural=0;" if language else "nplurals=INTEGER; plural=EXPRESSION;"
    return (
        'msgid ""\nmsgstr ""\n'
        f'"Project-Id-Version: {DOMAIN}\\n"\n'
        f'"Language: {lang}\\n"\n'
        '"MIME-Version: 1.0\\n"\n'
        '"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Content-Transfer-Encoding: 8bit\\n"\n'
        f'"Plural-Forms: {plural}\\n"\n'
    )


def entry_text(message: Message, translation: str | tuple[str, ...] | None, fuzzy: bool = False, obsolete: bool = False) -> str:
    """One entry: reference comments, flags, ids and translation(s)."""
    lines: list[str] = []
    if not obsolete:
        lines += [f"#: {place}" for place in message.places[:6]]
        if "{" in message.msgid:
            lines.append("#, python-brace-format" + (", fuzzy" if fuzzy else ""))
        elif fuzzy:
            lines.append("#, fuzzy")
    body = [f"msgctxt {quote(message.context)}"] if message.context is not None else []
    body.append(f"msgid {quote(message.msgid)}")
    if message.plural is None:
        body.append(f"msgstr {quote(translation if isinstance(translation, str) else '')}")
    else:
        body.append(f"msgid_plural {quote(message.plural)}")
        forms = translation if isinstance(translation, tuple) else ("",)
        body += [f"msgstr[{i}] {quote(form)}" for i, form in enumerate(forms or ("",))]
    if obsolete:
        body = ["#~ " + line for text in body for line in text.split("\n")]
    return "\n".join(lines + body) + "\n"


def write_catalog(path: Path, language: str | None, messages: dict[str, Message], old: list[PoEntry]) -> None:
    """Write ``path``: every message in code order with its kept translation, then obsolete ones."""
    by_key = {entry.key: entry for entry in old if entry.msgid}
    parts = [header(language)]
    for key, message in messages.items():
        entry = by_key.get(key)
        translation = entry.translation if entry is not None and language else None
        parts.append(entry_text(message, translation, fuzzy=entry is not None and "fuzzy" in entry.flags))
    for key, entry in by_key.items():
        if key not in messages and language and entry.translated or (key not in messages and entry.obsolete):
            parts.append(entry_text(Message(entry.msgid, entry.plural, context=entry.context), entry.translation, obsolete=True))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(parts), encoding="utf-8")


def po_path(language: str) -> Path:
    return LOCALE / CATALOG_FOLDERS[language] / "LC_MESSAGES" / f"{DOMAIN}.po"


def read(language: str) -> list[PoEntry]:
    path = po_path(language)
    return read_po(path.read_text(encoding="utf-8")) if path.is_file() else []


def update() -> dict[str, Message]:
    """Rewrite the template and every catalog from the code (fan names filled from Chinese)."""
    messages = extract()
    write_catalog(LOCALE / f"{DOMAIN}.pot", None, messages, [])
    for language in CATALOG_FOLDERS:
        entries = read(language)
        by_key = {entry.key: entry for entry in entries}
        for row in fan_rows():
            entry = by_key.get(row.name)
            if entry is None:
                entry = by_key[row.name] = PoEntry()
                entry.msgid = row.name
                entries.append(entry)
            if not entry.msgstr:
                entry.msgstr = fan_translation(row.chinese, language)
        write_catalog(po_path(language), language, messages, entries)
    return messages


# ---------------------------------------------------------------------- checking

def problems(messages: dict[str, Message], language: str) -> list[str]:
    """What is wrong with one catalog: messages it lacks, placeholders it drops or adds."""
    catalog = {entry.key: entry for entry in read(language) if entry.translated}
    out: list[str] = []
    for key, message in messages.items():
        entry = catalog.get(key)
        if entry is None:
            out.append(f"{language}: untranslated {message.msgid!r} ({message.places[0]})")
            continue
        # A plural form may leave out what only one English form has (the singular's "one"
        # needs no {count}), as msgfmt --check allows; it may never drop a placeholder both
        # English forms have, nor add one neither has.
        both = placeholders(message.msgid) & placeholders(message.plural or message.msgid)
        either = placeholders(message.msgid) | placeholders(message.plural or "")
        forms = [entry.msgstr] if entry.plural is None else list(entry.forms)
        for form in forms:
            found = placeholders(form)
            if not both <= found <= either:
                out.append(f"{language}: placeholders of {message.msgid!r} differ: {sorted(found)} vs {sorted(either)}")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report untranslated or broken messages (exit 1 if any)")
    parser.add_argument("--todo", choices=tuple(CATALOG_FOLDERS), help="print one language's untranslated messages as JSON")
    parser.add_argument("--fill", nargs=2, metavar=("LANG", "JSON"), help="merge translations {message: text} into a catalog")
    args = parser.parse_args(argv)
    if args.todo:
        messages = extract()
        done = {entry.key for entry in read(args.todo) if entry.translated}
        todo = [k for k in messages if k not in done]
        print(json.dumps(todo, ensure_ascii=False, indent=1))
        return 0
    if args.fill:
        return _fill(*args.fill)
    if args.check:
        messages = extract()
        found = [line for language in CATALOG_FOLDERS for line in problems(messages, language)]
        print("\n".join(found) or f"{len(messages)} messages, every catalog complete")
        return 1 if found else 0
    messages = update()
    print(f"{len(messages)} messages -> {LOCALE}")
    return 0


def _fill(language: str, source: str) -> int:
    """Merge translations from a JSON object keyed like the catalog (``singular\\x00plural`` for a
    plural message, ``context\\x04message`` for one with a context)."""
    given = json.loads(Path(source).read_text(encoding="utf-8"))
    entries = read(language)
    by_key = {entry.key: entry for entry in entries}
    messages = extract()
    merged = 0
    for key, text in given.items():
        entry = by_key.get(key)
        if entry is None and key in messages:
            entry = PoEntry()
            entry.msgid, entry.plural, entry.context = messages[key].msgid, messages[key].plural, messages[key].context
            by_key[key] = entry
            entries.append(entry)
        if entry is None:
            print(f"not a message of the code: {key!r}", file=sys.stderr)
            continue
        if entry.plural is None:
            entry.msgstr = text
        else:
            entry.forms = [text] if isinstance(text, str) else list(text)
        entry.flags.discard("fuzzy")
        merged += 1
    write_catalog(po_path(language), language, messages, entries)
    print(f"{language}: merged {merged} translations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
