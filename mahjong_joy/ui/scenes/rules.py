"""Rules and help: the book of :mod:`mahjong_joy.ui.scenes.help_book`, under the name Home and the menu open."""

from __future__ import annotations

from mahjong_joy.ui.scenes.help_book import HelpBookScene

RulesScene = HelpBookScene

__all__ = ["RulesScene"]
