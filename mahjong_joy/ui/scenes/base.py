"""The scene protocol and the transitions a scene can request.

A scene never swaps itself out: it sets ``self.next`` and the app applies it
after the frame (pushdown automaton: push an overlay, pop back, or replace).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from mahjong_joy.ui.app import App


@dataclass
class Transition:
    """``push`` an overlay, ``pop`` this scene, ``replace`` the whole stack, or ``quit``.

    ``scene`` is a scene, or the name of one in :data:`mahjong_joy.ui.navigation.SCENES`
    that the App builds with ``args`` and ``kwargs`` (after the app) when it applies the
    transition, so a scene names the next one without importing its module.
    """

    kind: str
    scene: Scene | str | None = None
    context: Any = None
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)


class Scene:
    """Base screen: override what you need; ``opaque`` scenes hide those below."""

    opaque = True
    input_guard = 0.0  # (see __init__) a scene that never set it guards nothing

    def __init__(self, app: App) -> None:
        self.app = app
        self.next: Transition | None = None
        # Seconds during which the App drops key presses and clicks meant for the screen
        # before: set by a scene that hands over to this one by itself (the win reveal
        # moving on to the score screen), so one press moves one screen.
        self.input_guard = 0.0

    def enter(self, context: Any = None) -> None:
        """Called when the scene becomes active (with whatever the previous scene passed)."""

    def resize(self, size: tuple[int, int]) -> None:
        """Recompute layout rectangles for a new window size."""

    def handle(self, event: pygame.event.Event) -> None:
        """React to one input event."""

    def update(self, dt: float) -> None:
        """Advance timers by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene."""

    def animating(self) -> bool:
        """Whether the next frame may differ from the last without any input (a tween, a
        timer, an AI about to move). The window's loop skips drawing frames while no scene
        on screen animates and no input came (play test: 8-13% of a core at an idle
        table); a scene that does not say is drawn every frame."""
        return True

    def settings_changed(self) -> None:
        """The player changed a setting (every scene on the stack hears it, so one under an overlay can follow)."""

    def layout_rects(self) -> dict[str, pygame.Rect]:
        """Named rectangles that must not overlap (checked by the minimum-size test)."""
        return {}

    @property
    def scale(self) -> float:
        """Layout scale for the current window."""
        from mahjong_joy.ui.theme import scale_for

        return scale_for(self.app.size)
