"""``mahjong-joy simulate``: all-AI matches from a seed, with a summary, a log and a record.

Match ``i`` of a run (counting from 0) plays on seed ``N + i``; with ``--hands K``
matches are played until K hands are done (the last match is cut short). The
whole run is reproducible from the seed alone, and ``--record FILE`` stores it
for ``mahjong-joy replay``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field

from mahjong_joy.ai import AI_KINDS
from mahjong_joy.controller import Controller
from mahjong_joy.engine import events as ev
from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.replay.log import log_lines
from mahjong_joy.replay.record import run_record, write_record


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``simulate`` and its options."""
    parser = sub.add_parser("simulate", help="play seeded all-AI matches and summarise them")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (match i plays on seed + i)")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--matches", type=int, default=None, help="number of matches (default 1)")
    size.add_argument("--hands", type=int, default=None, help="play until this many hands are done")
    parser.add_argument("--ai", choices=AI_KINDS, default="potential", help="the AI on every seat")
    parser.add_argument("--log", action="store_true", help="print the turn-by-turn log before the summary")
    parser.add_argument("--record", metavar="FILE", default=None, help="write the run as one JSON record")


def simulate(seed: int, ai: str = "potential", matches: int | None = None, hands: int | None = None) -> list[Controller]:
    """Play the run: ``matches`` matches, or matches until ``hands`` hands are done."""
    if (matches is not None and matches < 1) or (hands is not None and hands < 1):
        raise MahjongJoyError("--matches and --hands must be at least 1")
    played: list[Controller] = []
    done = 0
    index = 0
    while (hands is None and index < (matches or 1)) or (hands is not None and done < hands):
        limit = None if hands is None else hands - done
        ctl = Controller(seats=(ai,) * 4, seed=seed + index, max_hands=limit)
        while not ctl.is_over:
            ctl.step()
        played.append(ctl)
        done += ctl.match.hands_played
        index += 1
    return played


@dataclass
class Summary:
    """Totals over a run, computed from the event streams alone (so replay can too)."""

    matches: int = 0
    hands: int = 0
    wins: int = 0
    tsumo: int = 0
    draws: int = 0
    discards: int = 0
    wins_by_seat: list[int] = field(default_factory=lambda: [0] * 4)
    final_points: list[int] = field(default_factory=lambda: [0] * 4)

    def add(self, events: Sequence[ev.Event]) -> None:
        self.matches += 1
        for event in events:
            if isinstance(event, ev.Discarded):
                self.discards += 1
            elif isinstance(event, ev.Won):
                self.wins += 1
                self.tsumo += event.tsumo
                self.wins_by_seat[event.seat] += 1
            elif isinstance(event, ev.Exhausted):
                self.draws += 1
            elif isinstance(event, ev.HandScored):
                self.hands += 1
            elif isinstance(event, ev.MatchEnded):
                for seat, points, _ in event.standings:
                    self.final_points[seat] += points

    def lines(self) -> list[str]:
        pct = 100.0 * self.wins / self.hands if self.hands else 0.0
        per_hand = self.discards / self.hands if self.hands else 0.0
        avg = [p // max(1, self.matches) for p in self.final_points]
        return [
            f"matches: {self.matches}",
            f"hands: {self.hands}  wins: {self.wins} ({pct:.1f}%)  draws: {self.draws}",
            "wins by seat: " + "  ".join(f"S{s} {n}" for s, n in enumerate(self.wins_by_seat)),
            f"tsumo: {self.tsumo}  ron: {self.wins - self.tsumo}",
            f"average turns per hand: {per_hand:.1f}",
            "average final points: " + "  ".join(f"S{s} {p}" for s, p in enumerate(avg)),
        ]


def run(args: argparse.Namespace) -> int:
    """Entry point for ``mahjong-joy simulate``."""
    try:
        played = simulate(args.seed, args.ai, args.matches, args.hands)
    except MahjongJoyError as exc:
        print(f"mahjong-joy simulate: {exc}", file=sys.stderr)
        return 2
    summary = Summary()
    for number, ctl in enumerate(played, start=1):
        if args.log:
            for line in log_lines(ctl.events, number):
                print(line)
        summary.add(ctl.events)
    for line in summary.lines():
        print(line)
    if args.record:
        try:
            write_record(run_record(args.seed, (args.ai,) * 4, played), args.record)
        except OSError as exc:
            print(f"mahjong-joy simulate: cannot write {args.record}: {exc}", file=sys.stderr)
            return 2
    return 0
