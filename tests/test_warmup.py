"""The warm-up builds every lazily built table, in small steps the game loop runs
between frames, so the window answers input while it works (issue 12 §5), and the
first hint and the first won hand do not stall the table afterwards.

Step sizes are bounded in the builders' own work units (arrangements, set
combinations, kilobytes), not by the clock; the tables are checked in a fresh
interpreter, where nothing is built yet."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

STEPWISE = """
import json
from mahjong_joy.hand import agari, tables
from mahjong_joy.rulesets.riichi import groupings
assert not agari._WIN_HONOR_WEIGHTS and not groupings.SUIT_TABLES and not tables._loaded, "built before warm_up"
from mahjong_joy.warmup import warm_up_steps
units = list(warm_up_steps())
print(json.dumps({"units": units, "weights": len(agari._WIN_HONOR_WEIGHTS), "suits": len(groupings.SUIT_TABLES),
                  "arrangements": len(tables.tables().suit)}))
"""

MID_WAY = """
import json, itertools
from mahjong_joy.hand import tables
from mahjong_joy.hand.agari import is_winning_hand
from mahjong_joy.notation import parse_tiles
from mahjong_joy.warmup import warm_up_steps
steps = warm_up_steps()
list(itertools.islice(steps, 8))          # part of the table load
assert not tables._loaded
won = is_winning_hand(parse_tiles("123m456p789s11122z"))  # a win check mid-way finishes that same load
first = tables.tables()
rest = list(steps)                        # the warm-up goes on without loading again
print(json.dumps({"won": won, "same": tables.tables() is first, "rest": len(rest)}))
"""


def fresh(code: str) -> dict:
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def test_the_warm_up_builds_every_table_in_many_small_steps() -> None:
    done = fresh(STEPWISE)
    units = done["units"]
    assert done["weights"] > 0 and done["suits"] == 4 and done["arrangements"] > 100_000
    assert len(units) >= 50  # the 0.5-0.9 s of building is spread over many steps
    assert max(units) <= 25_000  # no step reads more than a few milliseconds' worth
    assert sum(units) > 400_000  # the steps account for the whole table load, not a stub


def test_a_lookup_mid_way_finishes_the_same_run_and_the_warm_up_then_goes_on() -> None:
    mid = fresh(MID_WAY)
    assert mid["won"] and mid["same"] and mid["rest"] > 10


pygame = pytest.importorskip("pygame")


def test_the_loop_handles_input_between_warm_up_steps() -> None:
    from mahjong_joy.storage.settings import Settings
    from mahjong_joy.ui.app import App
    from mahjong_joy.ui.scenes.base import Scene

    seen: list[tuple[int, int]] = []
    steps_run: list[int] = []

    class Listener(Scene):
        def handle(self, event: pygame.event.Event) -> None:
            if event.type == pygame.KEYDOWN:
                seen.append((event.key, len(steps_run)))

        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((0, 0, 0))

    def background():
        for n in range(5):
            steps_run.append(n)
            yield 1

    app = App(size=(1024, 640), settings=Settings())
    app.replace(Listener(app))
    app.background = background()
    for key in (pygame.K_a, pygame.K_b, pygame.K_c):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
        app.step(1 / 60)
        assert app.idle(budget=0.0)  # one step per frame with no time to spare; more remain
    assert seen == [(pygame.K_a, 0), (pygame.K_b, 1), (pygame.K_c, 2)]  # each key answered before the next step
    while app.idle(budget=0.0):
        pass
    assert steps_run == [0, 1, 2, 3, 4] and app.background is None
