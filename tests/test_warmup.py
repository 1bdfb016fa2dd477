"""warm_up builds every lazily built table, so the first hint and the first won hand
do not stall the table (checked in a fresh interpreter, where nothing is built yet)."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
from mahjong_joy.hand import agari
from mahjong_joy.rulesets.riichi import groupings
assert not agari._WIN_HONOR_WEIGHTS and not groupings.SUIT_TABLES, "built before warm_up"
from mahjong_joy.warmup import warm_up
warm_up()
print(len(agari._WIN_HONOR_WEIGHTS) > 0, len(groupings.SUIT_TABLES))
"""


def test_warm_up_builds_the_lazy_tables_in_a_fresh_interpreter() -> None:
    out = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "4"]
