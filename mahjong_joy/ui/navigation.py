"""Where each scene lives, by name: scenes say which scene comes next without importing it.

A scene asks for ``Transition("push", "score", context)``; the App builds the scene
named here when it applies the transition. Only this table knows the modules, and
it imports one the first time its scene is wanted, so Home opens without loading the
table, the replays or the stats (start-up stays light) and no scene module imports
another to navigate (which had tied the screens into one import circle).

A name points at ``"module:attribute"``, where the attribute is a scene class or a
function that returns a scene (the win reveal picks the reveal or the score card).
"""

from __future__ import annotations

import functools
import importlib
from typing import TYPE_CHECKING, Any, Callable

from mahjong_joy.errors import MahjongJoyError

if TYPE_CHECKING:
    from mahjong_joy.ui.scenes.base import Scene

SCENES: dict[str, str] = {
    "home": "mahjong_joy.ui.scenes.home:HomeScene",
    "table": "mahjong_joy.ui.scenes.table:TableScene",
    "claim": "mahjong_joy.ui.scenes.claim:ClaimOverlay",
    "menu": "mahjong_joy.ui.scenes.menu:MenuOverlay",
    "result": "mahjong_joy.ui.win_reveal:result_screen",  # the win reveal, then the score card (or the score card alone)
    "match_end": "mahjong_joy.ui.scenes.match_end:MatchEndScene",
    "rules": "mahjong_joy.ui.scenes.rules:RulesScene",
    "settings": "mahjong_joy.ui.scenes.settings:SettingsScene",
    "stats": "mahjong_joy.ui.scenes.stats:StatsScene",
    "replays": "mahjong_joy.ui.scenes.replay:ReplaysScene",
    "replay_viewer": "mahjong_joy.ui.scenes.replay:ReplayViewerScene",
    "review_summary": "mahjong_joy.ui.scenes.review_summary:ReviewSummaryScene",
    "seat_chooser": "mahjong_joy.ui.scenes.play_here:SeatChooser",
    "tutorial": "mahjong_joy.ui.scenes.tutorial:TutorialScene",
}


class UnknownSceneError(MahjongJoyError):
    """A transition named a scene the navigation table does not list."""


@functools.cache  # the table asks every frame while a screen is over it
def scene_maker(name: str) -> Callable[..., Scene]:
    """The class (or factory) of the scene called ``name``, its module imported on first use.

    >>> scene_maker("home").__name__
    'HomeScene'
    """
    where = SCENES.get(name)
    if where is None:
        raise UnknownSceneError(f"no scene named {name!r} in ui.navigation.SCENES (known: {', '.join(sorted(SCENES))})")
    module, _, attribute = where.partition(":")
    return getattr(importlib.import_module(module), attribute)


def build(app: Any, name: str, *args: Any, **kwargs: Any) -> Scene:
    """A new scene called ``name`` for ``app``; ``args`` and ``kwargs`` go to its constructor after the app."""
    return scene_maker(name)(app, *args, **kwargs)
