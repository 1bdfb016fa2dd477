"""Test helpers: ``h("123m456p")`` builds a hand strictly from notation."""

from __future__ import annotations

from mahjong_joy.notation import parse_tiles


def h(text: str) -> list[int]:
    """Kinds of a hand written in MPSZ or the dev log's ``m123 p456`` form (strict)."""
    return parse_tiles(text)
