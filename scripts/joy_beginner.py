"""A beginner against three Joy opponents: the seat plays the guide's best discard.

    python scripts/joy_beginner.py [--hands 400] [--ai easy] [--seed 0]

The scripted seat (seat 0) wins whenever it can, never calls, and otherwise
discards the table guide's first candidate (lowest shanten, then the most
unseen useful tiles: :func:`mahjong_joy.hand.waits.discard_candidates`). Prints
the share of hands it wins against three seats of ``--ai`` (issue 13: at least
25% of 400 seeded hands against three Easy seats).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong_joy.controller import Controller  # noqa: E402
from mahjong_joy.engine import events as ev  # noqa: E402
from mahjong_joy.engine.actions import Action, Discard, Pass, Ron, Tsumo  # noqa: E402
from mahjong_joy.engine.view import SeatView  # noqa: E402
from mahjong_joy.hand.waits import discard_candidates  # noqa: E402
from mahjong_joy.rulesets.joy import ruleset_for  # noqa: E402
from mahjong_joy.tiles import kind_of_code  # noqa: E402


class GuideSeat:
    """Wins when it can, passes every call, discards the guide's best tile."""

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        for action in legal:
            if isinstance(action, (Tsumo, Ron)):
                return action
        if isinstance(legal[0], Pass):
            return legal[0]
        seen = [v - h for v, h in zip(view.visible_counts34(), view.counts34())]
        allowed = {kind_of_code(a.tile) for a in legal if isinstance(a, Discard)}
        for candidate in discard_candidates(view.counts34(), view.meld_count, seen):
            if candidate.tile in allowed:
                return min((a for a in legal if isinstance(a, Discard) and kind_of_code(a.tile) == candidate.tile),
                           key=lambda a: a.tile)  # type: ignore[attr-defined]
        return next(a for a in legal if isinstance(a, Discard))


def beginner_wins(hands: int, ai: str = "easy", seed: int = 0) -> tuple[int, int]:
    """(hands the guide seat won, hands played) over seeded Joy matches."""
    won = played = 0
    while played < hands:
        ctl = Controller(seats=("human", ai, ai, ai), seed=seed, ruleset=ruleset_for("joy"),
                         max_hands=hands - played, deciders=(GuideSeat(), None, None, None))
        while not ctl.is_over:
            ctl.step()
        won += sum(1 for e in ctl.events if isinstance(e, ev.Won) and e.seat == 0)
        played += ctl.match.hands_played
        seed += 1
    return won, played


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--hands", type=int, default=400)
    parser.add_argument("--ai", default="easy")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    won, played = beginner_wins(args.hands, args.ai, args.seed)
    print(f"guide seat vs three {args.ai}: won {won} of {played} Joy hands ({100 * won / played:.1f}%)")


if __name__ == "__main__":
    main()
