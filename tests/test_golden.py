"""Golden playthroughs: the seed, then per step the action and a short state line.

A change in engine or AI behaviour shows up as a readable diff of these files.
Regenerate on purpose with ``MAHJONG_JOY_REGEN_GOLDEN=1 python -m pytest tests/test_golden.py``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mahjong_joy.controller import Controller
from mahjong_joy.engine.match import Match
from mahjong_joy.notation import format_tiles
from mahjong_joy.rulesets.joy import ruleset_for

GOLDEN = Path(__file__).parent / "golden"
CASES = [
    ("potential_seed_7.txt", "potential", 7, "joy"),
    ("random_seed_2024.txt", "random", 2024, "joy"),
    ("potential_tenhou_seed_7.txt", "potential", 7, "tenhou"),
    ("potential_mahjong_soul_seed_12.txt", "potential", 12, "mahjong_soul"),
    ("random_tenhou_seed_5.txt", "random", 5, "tenhou"),
]


def state_line(match: Match) -> str:
    """Phase, turn, wall count, hand sizes, melds per seat, last river tiles."""
    hand = match.hand
    sizes = "/".join(str(len(c)) for c in hand.concealed)
    melds = "/".join(str(len(m)) for m in hand.melds)
    rivers = " ".join(format_tiles([r.tile // 4 for r in river[-1:]]) or "-" for river in hand.rivers)
    return f"{hand.phase.value} turn S{hand.current} wall {hand.wall.live_count} hands {sizes} melds {melds} last {rivers}"


def riichi_state(match: Match) -> str:
    """Riichi seats, sticks and points: the extra state a riichi golden shows."""
    hand = match.hand
    riichi = "".join("R" if s.in_riichi else "-" for s in hand.seats)
    return f" riichi {riichi} sticks {hand.sticks} points {'/'.join(map(str, hand.points))}"


def playthrough(ai: str, seed: int, rules: str = "joy") -> list[str]:
    """One hand played by four seats of ``ai``; a riichi preset's header prints its rules."""
    ruleset = ruleset_for(rules)
    ctl = Controller(seats=(ai,) * 4, seed=seed, ruleset=ruleset, max_hands=1)
    while not ctl.is_over:
        ctl.step()
    match = Match(seed, ruleset, max_hands=1)
    riichi = ruleset.rules.hand.riichi
    extra = (lambda m: riichi_state(m)) if riichi else (lambda m: "")
    lines = [f"seed {seed} ai {ai} wall {match.wall_key}"]
    if riichi:
        lines.append("rules " + json.dumps(ruleset.rules.to_dict(), sort_keys=True))
    lines.append(f"0 deal | {state_line(match)}{extra(match)}")
    for step, action in enumerate(ctl.decisions, start=1):
        match.apply(action)
        lines.append(f"{step} S{action.seat} {action.describe()} | {state_line(match)}{extra(match)}")
    result = match.results[-1]
    first = result.wins[0] if result.wins else None  # the golden's line names the first win
    lines.append(f"result winner {first and first.seat} yaku {list(first.yaku if first else ())} deltas {list(result.deltas)}")
    if riichi:
        lines.append(f"end {result.end} wins {[(w.seat, w.from_seat, w.han, w.fu) for w in result.wins]}"
                     f" riichi {list(result.riichi)} points {list(result.points)} sticks {result.sticks_after}")
    return lines


@pytest.mark.parametrize("name, ai, seed, rules", CASES)
def test_playthrough_matches_the_golden_file(name: str, ai: str, seed: int, rules: str) -> None:
    path = GOLDEN / name
    lines = playthrough(ai, seed, rules)
    if os.environ.get("MAHJONG_JOY_REGEN_GOLDEN"):
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert path.read_text(encoding="utf-8").splitlines() == lines
