"""Words a player reads, in the player's language.

Every player-visible string goes through :func:`tr` (or :func:`ntr` for a count), with
its placeholders named (``tr("{name} wins", name=who)``) so a translation may move
them. English is the source language: the message itself is the English text.
The catalogs of the other languages (gettext ``.po`` files under ``locale/``) are
looked up by the message; a message a catalog lacks reads in English.
"""

from __future__ import annotations

from typing import Any


def tr(message: str, **params: Any) -> str:
    """``message`` in the current language, its ``{placeholders}`` filled from ``params``."""
    return message.format(**params) if params else message


def ntr(singular: str, plural: str, count: int, **params: Any) -> str:
    """The singular or plural form for ``count`` (also passed as ``{count}``), translated."""
    message = singular if count == 1 else plural
    return message.format(count=count, **params)
