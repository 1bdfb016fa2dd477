"""The examples in every module's docstrings stay true.

The modules are found by walking the package, so a new module's examples are run
without being listed here (UI modules too: conftest sets the headless drivers).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import mahjong_joy


def modules_with_examples() -> list[str]:
    """Every importable module of the package whose docstrings hold at least one example."""
    found = []
    finder = doctest.DocTestFinder()
    for info in pkgutil.walk_packages(mahjong_joy.__path__, "mahjong_joy."):
        if info.name.endswith("__main__"):
            continue  # running it starts the command line
        if any(test.examples for test in finder.find(importlib.import_module(info.name))):
            found.append(info.name)
    return ["mahjong_joy", *found]


@pytest.mark.parametrize("name", modules_with_examples())
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
    assert result.attempted > 0


def test_the_core_modules_keep_their_examples() -> None:
    """A module that documents by example must not lose them all unnoticed."""
    core = {"mahjong_joy.notation", "mahjong_joy.hand.shanten", "mahjong_joy.hand.waits", "mahjong_joy.tiles",
            "mahjong_joy.engine.checks", "mahjong_joy.rulesets.claims", "mahjong_joy.rulesets.riichi.flow",
            "mahjong_joy.mjai_tiles", "mahjong_joy.names", "mahjong_joy.storage.settings"}  # mjai_tiles: the codec left replay.mjai
    assert core <= set(modules_with_examples())
