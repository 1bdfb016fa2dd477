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

from mahjong_joy.ai.reading import kind_text
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
    return reason if head in PUBLIC_HEADS else decision_words(action)


def decision_words(action: Action) -> str:
    """The decision itself, as the table shows it: ``discard 5 of Dots``, ``riichi: discard 2 of Bamboo``, ``pon``.

    >>> decision_words(Riichi(2, 19))
    'riichi: discard 2 of Bamboo'
    """
    if isinstance(action, Riichi):
        return f"riichi: discard {_tile_text(action.tile)}"
    if isinstance(action, Discard):
        return f"discard {_tile_text(action.tile)}"
    if isinstance(action, (ClosedKan, AddedKan)):
        return f"{action.name.replace('_', ' ')} of {_tile_text(action.tile)}"
    return action.name.replace("_", " ")


def _tile_text(code: int) -> str:
    return kind_text(kind_of_code(code))
