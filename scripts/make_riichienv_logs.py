"""Seeded hanchan logs from riichienv, an independent Rust engine, as mjai JSON lines.

    python scripts/make_riichienv_logs.py [--seeds 1 2 3] [--out tests/fixtures/riichienv] [--rules tenhou]

Each seed plays one full game under riichienv's Tenhou preset
(``GameRule.default_tenhou()``, mode ``4p-red-half``) with four seeded greedy
agents, so the games have wins, riichi, calls and kans rather than the endless
exhaustive draws of random play: an agent always takes a win, declares riichi
most of the time, calls kans half and pons or chis a third of the time it can,
and otherwise discards a tile that keeps its shanten lowest (ties broken by its
own seeded ``random.Random``). The log is riichienv's ``mjai_log``, written as is.

The test suite imports these committed files through our engine
(``tests/test_mjai_import.py``); riichienv is the optional ``bench`` extra and is
not needed to run the tests, only to regenerate the files:
``pip install ".[bench]"``.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

DEFAULT_SEEDS = (1, 2, 3, 4, 5, 6, 7, 8, 171)
"""1..8 import cleanly; 171 is riichienv's riichi on karaten (see tests/test_mjai_import.py).
The Mahjong Soul fixtures are ``--rules mahjong_soul --seeds 2 247`` (247: a dealer's
first discard, the 14th tile dealt, flagged tedashi)."""
OUT = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "riichienv"


class GreedyAgent:
    """Takes wins, likes riichi, sometimes calls, otherwise discards toward the lowest shanten."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def act(self, obs: Any) -> Any:
        from riichienv import ActionType, calculate_shanten

        by_type: dict[Any, list[Any]] = {}
        for action in obs.legal_actions():
            by_type.setdefault(action.action_type, []).append(action)
        for kind in (ActionType.TSUMO, ActionType.RON):
            if kind in by_type:
                return by_type[kind][0]
        chances = (
            (ActionType.RIICHI, 0.8), (ActionType.ANKAN, 0.5), (ActionType.KAKAN, 0.5),
            (ActionType.DAIMINKAN, 0.5), (ActionType.PON, 0.3), (ActionType.CHI, 0.3),
            (ActionType.KYUSHU_KYUHAI, 0.5),
        )
        for kind, chance in chances:
            if kind in by_type and self.rng.random() < chance:
                return self.rng.choice(by_type[kind])
        if ActionType.DISCARD in by_type:
            return self._discard(obs, by_type[ActionType.DISCARD], calculate_shanten)
        if ActionType.PASS in by_type:
            return by_type[ActionType.PASS][0]
        return self.rng.choice(obs.legal_actions())

    def _discard(self, obs: Any, discards: list[Any], shanten: Any) -> Any:
        best, choices = 99, []
        for action in discards:
            rest = list(obs.hand)
            rest.remove(action.tile)
            value = shanten(rest)
            if value < best:
                best, choices = value, [action]
            elif value == best:
                choices.append(action)
        return self.rng.choice(choices)


def play(seed: int, rules: str = "tenhou") -> list[dict[str, Any]]:
    """One seeded game; its mjai events."""
    from riichienv import GameRule, RiichiEnv

    rule = GameRule.default_tenhou() if rules == "tenhou" else GameRule.default_mjsoul()
    agents = [GreedyAgent(seed * 10 + seat) for seat in range(4)]
    env = RiichiEnv(game_mode="4p-red-half", rule=rule, seed=seed)
    observations = env.reset()
    while not env.done():
        observations = env.step({seat: agents[seat].act(obs) for seat, obs in observations.items()})
    return list(env.mjai_log)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="*", default=list(DEFAULT_SEEDS))
    parser.add_argument("--out", type=Path, default=OUT)
    parser.add_argument("--rules", choices=("tenhou", "mahjong_soul"), default="tenhou")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for seed in args.seeds:
        events = play(seed, args.rules)
        path = args.out / f"{args.rules}_seed{seed}.mjson"
        path.write_text("".join(json.dumps(e, sort_keys=True, separators=(",", ":")) + "\n" for e in events), encoding="utf-8")
        hands = sum(e["type"] == "start_kyoku" for e in events)
        print(f"wrote {path} ({hands} hands, {len(events)} events)")


if __name__ == "__main__":
    main()
