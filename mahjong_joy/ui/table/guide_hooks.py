"""The table's side of the remaining-tile guide: what it says now and where its panel
sits. The advice itself (:class:`~mahjong_joy.ui.guide.GuideView`) lives in ``ui/guide.py``;
these are the hooks it and the tests call on the scene.
"""

from __future__ import annotations

import pygame

from mahjong_joy.ui.guide import GuideView
from mahjong_joy.ui.layout import TableLayout


class TableGuide:
    """The guide's hooks on the scene (its words and its panel's rect)."""

    layout: TableLayout
    guide: GuideView
    _guide_cache: dict[object, object]

    def guide_items(self) -> tuple[str, list[tuple[int, int]]]:
        """What the guide says now: a caption and (tile, unseen copies) pairs."""
        caption, items = self.guide_notes()
        return caption, [(t, n) for t, n, _ in items]

    def guide_notes(self) -> tuple[str, list[tuple[int, int, str]]]:
        """The guide with each wait's mark: ``furiten (…)``, ``tsumo only``, ``no yaku`` or ""."""
        advice = self.guide.advice(self)
        return advice.caption, list(advice.items)

    def guide_rect(self) -> pygame.Rect:
        """The guide panel (:meth:`GuideView.panel_rect`), cached with the snapshot."""
        key = ("guide_rect", self.layout.size)  # the cache is cleared with each new snapshot
        if key not in self._guide_cache:
            self._guide_cache[key] = self.guide.panel_rect(self)
        return self._guide_cache[key]  # type: ignore[return-value]
