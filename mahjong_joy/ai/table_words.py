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

from mahjong_joy.i18n import ENGLISH, N_, current_language, tr
from mahjong_joy.names import tile_label
from mahjong_joy.reason_words import parses_whole, translate_reason
from mahjong_joy.engine.actions import Action, AddedKan, ClosedKan, Discard, Riichi
from mahjong_joy.tiles import is_flower_code, kind_of_code

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
    language = current_language()
    if language == ENGLISH:
        return reason
    # A public reason is kept in English (it is record data); the bubble reads it back in the
    # player's language with the one reader of recorded reasons, or says the decision when
    # that reader cannot tell the whole reason.
    return translate_reason(reason) if parses_whole(reason, language) else decision_words(action)


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
    return tile_label(code if is_flower_code(code) else kind_of_code(code))  # a flower may be discarded (MCR, RULES.md B1)

