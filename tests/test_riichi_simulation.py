"""Seeded all-AI riichi matches, both presets, with the invariants checked after every engine action.

Each preset plays whole hanchan (``random`` and ``potential`` seats mixed) until
at least :data:`HANDS` hands are done; :class:`tests.riichi_invariants.RiichiChecker`
checks every action (tiles, points and sticks, riichi discards, kuikae, furiten
recounted, every ron chance) and every hand end (each win rebuilt and scored by
``mahjong`` 2.1.0, multiple-ron money, draws, the next dealer and honba). The
two presets run in two worker processes at once (about 30 s each on one core).
"""

from __future__ import annotations

import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import pytest

from mahjong_joy.controller import Controller
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.presets import RIICHI_PRESETS
from tests.riichi_invariants import RiichiChecker

HANDS = 1000
MIXES = (
    ("random", "potential", "random", "potential"),
    ("potential",) * 4,
    ("potential", "potential", "random", "random"),
    ("random",) * 4,
)
FIRST_SEED = {"mahjong_soul": 0, "tenhou": 50_000}  # different deals for the two presets


def play(preset: str, hands: int = HANDS) -> Counter:
    """Matches of ``preset`` until ``hands`` hands are checked; what was seen, counted."""
    seen: Counter = Counter()
    seed = FIRST_SEED[preset]
    while seen["hands"] < hands:
        seats = MIXES[seed % len(MIXES)]
        ctl = Controller(seats=seats, seed=seed, ruleset=ruleset_for(preset))
        try:
            RiichiChecker(ctl, seen)
            while not ctl.is_over:
                ctl.step(1)
            final = ctl.match.final
            assert final is not None and sorted(s.placement for s in final) == [1, 2, 3, 4]
            assert abs(sum(s.score for s in final)) < 1e-6, f"game points do not sum to zero: {final}"
        except AssertionError:
            t = ctl.match.table
            where = f"{preset} seed={seed} seats={seats} hand {t.round_wind}{t.hand_number}-{t.honba}"
            raise AssertionError(f"{where}\n{traceback.format_exc()}") from None
        seed += 1
    return seen


@pytest.fixture(scope="module")
def runs() -> dict[str, Counter]:
    with ProcessPoolExecutor(max_workers=2) as pool:
        futures = {preset: pool.submit(play, preset) for preset in RIICHI_PRESETS}
        return {preset: future.result() for preset, future in futures.items()}


@pytest.mark.parametrize("preset", RIICHI_PRESETS)
def test_seeded_riichi_matches_keep_every_invariant(runs: dict[str, Counter], preset: str) -> None:
    seen = runs[preset]
    summary = ", ".join(f"{k} {v}" for k, v in sorted(seen.items()))
    print(f"\n{preset}: {summary}")
    assert seen["hands"] >= HANDS
    assert seen["won_hands"] + seen["exhaustive"] + sum(v for k, v in seen.items() if k.startswith("abort:")) == seen["hands"]
    # the runs reach what the invariants are about
    for key, least in {"wins": 400, "ron": 300, "tsumo": 50, "riichi": 150, "ippatsu": 20, "ura_indicators": 150,
                       "red_five": 100, "open": 100, "exhaustive": 200, "ron_chance_furiten": 20, "chi": 1000,
                       "pon": 1000, "kan": 10, "closed_kan": 20, "added_kan": 20, "riichi_declared": 300,
                       "ron_x2": 3, "matches": 60}.items():
        assert seen[key] >= least, (key, seen[key])
