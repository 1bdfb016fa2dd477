"""Build every table the game fills on first use, once, at a moment of our choosing.

The hand tables, the shanten caches and the scorer's suit groupings are built
lazily (0.5-0.9 s together), which keeps the command line and the first window
frame fast; but left lazy, the first guide hint and the first won hand would each
freeze the table. Built in one go after the first frame, they froze the window
instead (issue 12 §5: input must be answered within 0.5 s of launch). So the
warm-up is a generator of small steps: the game loop runs a few between frames
(:meth:`mahjong_joy.ui.app.App.idle`), and each big build is itself a shared,
resumable run of steps, so a hint asked for mid-way simply finishes the same run.

Each step yields the work it did, in the builder's own units (arrangements read,
set combinations tried, kilobytes inflated); the tests bound that, not the clock.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator


def warm_up_steps() -> Iterator[int]:
    """The warm-up as small steps; each yields the units of work it did (1 for a call).

    The cyclic garbage collector is paused meanwhile and the built tables are then
    frozen out of its reach (:func:`gc.freeze`): they are some hundred thousand
    long-lived objects, and collections scanning them as they grow were the
    longest steps (20-50 ms), and would slow every later collection too."""
    from mahjong_joy.hand.agari import weight_steps
    from mahjong_joy.hand.tables import load_steps

    collecting = gc.isenabled()
    gc.disable()
    try:
        yield 1
        yield from load_steps()
        yield from weight_steps()
        from mahjong_joy.rulesets.riichi.groupings import build_steps

        yield 1
        yield from build_steps()
        for call in _first_calls():
            call()
            yield 1
        gc.freeze()
    finally:
        if collecting:
            gc.enable()


def warm_up() -> None:
    """Run the whole warm-up at once (scripts, and tests that want it done)."""
    for _ in warm_up_steps():
        pass


def _first_calls() -> list[Callable[[], object]]:
    """Each lazily built path once on a small fixed hand, once its tables exist."""
    from mahjong_joy.hand.agari import is_winning_hand
    from mahjong_joy.hand.shanten import shanten_by_form
    from mahjong_joy.hand.waits import discard_candidates, waiting_tiles
    from mahjong_joy.notation import parse_tiles
    from mahjong_joy.rulesets.riichi import WinSituation, score_hand

    hand = parse_tiles("123m456p789s1122z")
    won = {"hand": "123m456p789s11122z", "win_tile": "1z", "tsumo": True}
    return [
        lambda: is_winning_hand(hand + parse_tiles("1z")),
        lambda: shanten_by_form(hand),
        lambda: waiting_tiles(hand),
        lambda: discard_candidates(hand + parse_tiles("5z")),
        lambda: score_hand(WinSituation.from_dict(won)),
    ]
