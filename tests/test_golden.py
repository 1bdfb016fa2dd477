"""Golden playthroughs: the seed, then per step the action and a short state line.

A change in engine or AI behaviour shows up as a readable diff of these files.
Regenerate on purpose with ``MAHJONG_JOY_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py``.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mahjong_joy.controller import Controller
from mahjong_joy.engine.match import Match
from mahjong_joy.notation import format_tiles

GOLDEN = Path(__file__).parent / "golden"
CASES = [("potential_seed_7.txt", "potential", 7), ("random_seed_2024.txt", "random", 2024)]


def state_line(match: Match) -> str:
    """Phase, turn, wall count, hand sizes, melds per seat, last river tiles."""
    hand = match.hand
    sizes = "/".join(str(len(c)) for c in hand.concealed)
    melds = "/".join(str(len(m)) for m in hand.melds)
    rivers = " ".join(format_tiles([r.tile // 4 for r in river[-1:]]) or "-" for river in hand.rivers)
    return f"{hand.phase.value} turn S{hand.current} wall {hand.wall.live_count} hands {sizes} melds {melds} last {rivers}"


def playthrough(ai: str, seed: int) -> list[str]:
    ctl = Controller(seats=(ai,) * 4, seed=seed, max_hands=1)
    while not ctl.is_over:
        ctl.step()
    match = Match(seed, max_hands=1)
    lines = [f"seed {seed} ai {ai} wall {match.wall_key}", f"0 deal | {state_line(match)}"]
    for step, action in enumerate(ctl.decisions, start=1):
        match.apply(action)
        lines.append(f"{step} S{action.seat} {action.describe()} | {state_line(match)}")
    result = match.results[-1]
    lines.append(f"result winner {result.winner} yaku {list(result.yaku)} deltas {list(result.deltas)}")
    return lines


@pytest.mark.parametrize("name, ai, seed", CASES)
def test_playthrough_matches_the_golden_file(name: str, ai: str, seed: int) -> None:
    path = GOLDEN / name
    lines = playthrough(ai, seed)
    if os.environ.get("MAHJONG_JOY_REGEN_GOLDEN"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.read_text(encoding="utf-8").splitlines() == lines
