"""The examples in the core modules' docstrings stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

CORE_MODULES = [
    "mahjong_joy",
    "mahjong_joy.notation",
    "mahjong_joy.hand.agari",
    "mahjong_joy.hand.claims",
    "mahjong_joy.hand.decompose",
    "mahjong_joy.hand.shanten",
    "mahjong_joy.hand.waits",
    "mahjong_joy.tiles",
    "mahjong_joy.engine.checks",
    "mahjong_joy.rulesets.claims",
    "mahjong_joy.rulesets.riichi.settle",
    "mahjong_joy.rulesets.riichi.flow",
    "mahjong_joy.replay.mjai",
    "mahjong_joy.replay.branch",
    "mahjong_joy.replay.seats",
    "mahjong_joy.hand.counts",
    "mahjong_joy.ai.random_legal",
]


@pytest.mark.parametrize("name", CORE_MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0
