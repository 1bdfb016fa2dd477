"""What an AI's reason may say at a live table: only what a player sitting there could know.

An AI's full reason (``LevelAI.last_reason``) reads its hidden hand: its waits,
shanten, the value it hopes for ("dama: ... two-sided wait on 6-9 of Bamboo").
That belongs to the replay viewer, where every hand is face up. At a live table
the "Show AI thinking" bubble says only the decision and public facts (play test,
issue 27 #1): a reason whose head is in :data:`PUBLIC_HEADS` is made of public
facts only (a fold names the threat and why the discarded tile is safe from the
rivers; a win shows the hand anyway); any other reason is replaced by the
decision in words.
"""

from __future__ import annotations

import re

from mahjong_joy.i18n import ENGLISH, N_, current_language, tr
from mahjong_joy.names import seat_name, tile_label
from mahjong_joy.engine.actions import Action, AddedKan, ClosedKan, Discard, Riichi
from mahjong_joy.tiles import kind_of_code

PUBLIC_HEADS = frozenset({"fold", "in riichi", "tsumo", "ron", "abort"})


def table_words(reason: str, action: Action) -> str:
    """The bubble text for ``reason`` at a live table.

    >>> table_words("dama: discard 9 of Bamboo, the hand has a yaku; single wait on 5 of Dots, 3 tiles left", Discard(1, 26))
    'discard 9 of Bamboo'
    >>> table_words("fold: Sora is in riichi; 5 of Dots is safe (in Sora's own river)", Discard(1, 13))
    "fold: Sora is in riichi; 5 of Dots is safe (in Sora's own river)"
    """
    head = reason.split(":", 1)[0].strip()
    if head not in PUBLIC_HEADS:
        return decision_words(action)
    if current_language() == ENGLISH:
        return reason
    return localized_reason(reason) or decision_words(action)


# A public reason is kept in English (it is record data); the bubble reads it back in the
# player's language. The AI writes these few forms (ai/levels.py, ai/reading.py), so each is
# matched whole; a form not listed here falls back to the decision in words.
_FIXED = {
    "tsumo: the drawn tile completes the hand": N_("tsumo: the drawn tile completes the hand"),
    "abort: nine kinds of terminals and honors, far from thirteen orphans":
        N_("abort: nine kinds of terminals and honors, far from thirteen orphans"),
}
_RON = re.compile(r"^ron: (?P<tile>.+) completes the hand$")
_IN_RIICHI = re.compile(r"^in riichi: discard the drawn (?P<tile>.+)$")
_FOLD = re.compile(r"^fold: (?P<threat>.+); (?P<tile>.+?) is (?P<evidence>.+)$")
_THREATS = (
    (re.compile(r"^You are in riichi$"), N_("You are in riichi")),
    (re.compile(r"^your open hand looks ready$"), N_("your open hand looks ready")),
    (re.compile(r"^(?P<name>.+) is in riichi$"), N_("{name} is in riichi")),
    (re.compile(r"^(?P<name>.+)'s open hand looks ready$"), N_("{name}'s open hand looks ready")),
)
_EVIDENCE = (
    (re.compile(r"^safe \(in your own river\)$"), N_("safe ({why})"), N_("in your own river")),
    (re.compile(r"^safe \(in (?P<name>.+)'s own river\)$"), N_("safe ({why})"), N_("in {name}'s own river")),
    (re.compile(r"^safe \(discarded after your riichi\)$"), N_("safe ({why})"), N_("discarded after your riichi")),
    (re.compile(r"^safe \(discarded after (?P<name>.+)'s riichi\)$"), N_("safe ({why})"), N_("discarded after {name}'s riichi")),
    (re.compile(r"^suji$"), N_("suji"), ""),
    (re.compile(r"^half-suji$"), N_("half-suji"), ""),
    (re.compile(r"^an honor with (?P<count>\d) seen$"), N_("an honor with {count} seen"), ""),
    (re.compile(r"^behind a wall \((?P<tile>.+) all seen\)$"), N_("behind a wall ({tile} all seen)"), ""),
    (re.compile(r"^the least dangerous left$"), N_("the least dangerous left"), ""),
)


def localized_reason(reason: str) -> str:
    """A public reason (:data:`PUBLIC_HEADS`) in the player's language, or "" for a form
    this table does not know.

    >>> localized_reason("fold: Sora is in riichi; 5 of Dots is safe (in Sora's own river)")
    "fold: Sora is in riichi; 5 of Dots is safe (in Sora's own river)"
    """
    if reason in _FIXED:
        return tr(_FIXED[reason])
    if match := _RON.match(reason):
        return _with_tile(N_("ron: {tile} completes the hand"), match["tile"])
    if match := _IN_RIICHI.match(reason):
        return _with_tile(N_("in riichi: discard the drawn {tile}"), match["tile"])
    if match := _FOLD.match(reason):
        threat, evidence, tile = _threat(match["threat"]), _evidence(match["evidence"]), _tile(match["tile"])
        if threat and evidence and tile:
            return tr("fold: {threat}; {tile} is {evidence}", threat=threat, tile=tile, evidence=evidence)
    return ""


def _with_tile(message: str, english: str) -> str:
    tile = _tile(english)
    return tr(message, tile=tile) if tile else ""


def _tile(english: str) -> str:
    """A tile named in English (``5 of Dots``) in the player's language ("" if not a tile name)."""
    code = _CODE_OF_LABEL.get(english)
    return tile_label(code) if code is not None else ""


_CODE_OF_LABEL = {tile_label(code, translate=False): code for code in range(37)}


def _threat(english: str) -> str:
    for pattern, message in _THREATS:
        if match := pattern.match(english):
            name = match.groupdict().get("name")
            return tr(message, name=seat_name(name)) if name else tr(message)
    return ""


def _evidence(english: str) -> str:
    for pattern, message, why in _EVIDENCE:
        if match := pattern.match(english):
            found = match.groupdict()
            if "tile" in found:
                tile = _tile(found["tile"])
                return tr(message, tile=tile) if tile else ""
            if why:
                inner = tr(why, name=seat_name(found["name"])) if "name" in found else tr(why)
                return tr(message, why=inner)
            return tr(message, **found)
    return ""


def decision_words(action: Action) -> str:
    """The decision itself, as the table shows it: ``discard 5 of Dots``, ``riichi: discard 2 of Bamboo``, ``pon``.

    >>> decision_words(Riichi(2, 19))
    'riichi: discard 2 of Bamboo'
    """
    if isinstance(action, Riichi):
        return tr("riichi: discard {tile}", tile=_tile_text(action.tile))
    if isinstance(action, Discard):
        return tr("discard {tile}", tile=_tile_text(action.tile))
    if isinstance(action, ClosedKan):
        return tr("closed kan of {tile}", tile=_tile_text(action.tile))
    if isinstance(action, AddedKan):
        return tr("added kan of {tile}", tile=_tile_text(action.tile))
    name = action.name.replace("_", " ")
    return tr(_ACTION_WORDS[name]) if name in _ACTION_WORDS else name


# The bubble is display only (a record keeps the AI's full reason, in English), so the
# decision is told in the player's language.
_ACTION_WORDS = {"tsumo": N_("tsumo"), "ron": N_("ron"), "chi": N_("chi"), "pon": N_("pon"), "kan": N_("kan"),
                 "pass": N_("pass"), "nine terminals": N_("nine terminals"), "flower": N_("flower")}


def _tile_text(code: int) -> str:
    return tile_label(kind_of_code(code))

