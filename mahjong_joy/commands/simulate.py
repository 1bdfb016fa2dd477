"""``mahjong-joy simulate``: all-AI matches from a seed, with a summary, a log and a record.

Match ``i`` of a run (counting from 0) plays on seed ``N + i``; with ``--hands K``
matches are played until K hands are done (the last match is cut short). The
whole run is reproducible from the seed alone, and ``--record FILE`` stores it
for ``mahjong-joy replay``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Sequence
from typing import Any

from mahjong_joy.ai import AI_KINDS
from mahjong_joy.controller import Controller
from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.replay.log import log_lines
from mahjong_joy.replay.record import record_of_entries, write_record
from mahjong_joy.replay.summary import Summary, match_json, seats_json
from mahjong_joy.rulesets.base import Ruleset
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.presets import JOY, PRESETS
from mahjong_joy.rulesets.rules import Rules


MCR_AI_NOTE = ("mahjong-joy simulate: note: under mcr rules the potential AI is the riichi one, made to declare"
               " every flower (ai.flower_first); easy, normal and hard are the Chinese Official levels")


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``simulate`` and its options."""
    parser = sub.add_parser("simulate", help="play seeded all-AI matches and summarise them")
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (match i plays on seed + i)")
    size = parser.add_mutually_exclusive_group()
    size.add_argument("--matches", type=int, default=None, help="number of matches (default 1)")
    size.add_argument("--hands", type=int, default=None, help="play until this many hands are done")
    parser.add_argument(
        "--ai", type=ai_seats, default=("potential",) * 4, metavar="LEVEL[,LEVEL,LEVEL,LEVEL]",
        help=f"the AI on every seat, or one per seat from seat 0 ({'|'.join(AI_KINDS)}; default potential)",
    )
    parser.add_argument("--rules", choices=tuple(PRESETS), default="joy", help="the ruleset preset (default joy)")
    parser.add_argument("--json", action="store_true", help="print one JSON object (every hand) instead of the summary")
    parser.add_argument("--log", action="store_true", help="print the turn-by-turn log before the summary")
    parser.add_argument("--record", metavar="FILE", default=None, help="write the run as one JSON record")


def ai_seats(text: str) -> tuple[str, ...]:
    """``hard`` -> four hard seats; ``hard,easy,easy,easy`` -> one per seat.

    >>> ai_seats("hard,easy,normal,random")
    ('hard', 'easy', 'normal', 'random')
    """
    names = tuple(part.strip() for part in text.split(","))
    if len(names) == 1:
        names *= 4
    unknown = [n for n in names if n not in AI_KINDS]
    if len(names) != 4 or unknown:
        what = f"unknown AI {unknown[0]!r}" if unknown else f"{len(names)} seats given"
        raise argparse.ArgumentTypeError(f"{what}: give one of {', '.join(AI_KINDS)}, or four separated by commas")
    return names


def simulate(
    seed: int, ai: str | Sequence[str] = "potential", matches: int | None = None, hands: int | None = None, rules: Rules = JOY
) -> list[Controller]:
    """Play the run: ``matches`` matches, or matches until ``hands`` hands are done.

    Keeps every finished controller (about 21 KB a hand): for tests and tools that
    look at a few matches. ``run`` streams through :func:`play_matches` instead.
    """
    return list(play_matches(seed, ai, matches, hands, rules))


def play_matches(
    seed: int, ai: str | Sequence[str] = "potential", matches: int | None = None, hands: int | None = None, rules: Rules = JOY
) -> Iterator[Controller]:
    """The run's matches, each yielded once finished; the arguments are checked at once.

    Nothing here holds a finished match after yielding it, so a caller that keeps
    only what it prints runs in flat memory however many hands it plays.
    """
    if (matches is not None and matches < 1) or (hands is not None and hands < 1):
        raise MahjongJoyError("--matches and --hands must be at least 1")
    seats = (ai,) * 4 if isinstance(ai, str) else tuple(ai)
    return _played(seed, seats, matches, hands, ruleset_for(rules))


def _played(seed: int, seats: tuple[str, ...], matches: int | None, hands: int | None, ruleset: Ruleset) -> Iterator[Controller]:
    done = 0
    index = 0
    while (hands is None and index < (matches or 1)) or (hands is not None and done < hands):
        limit = None if hands is None else hands - done
        ctl = Controller(seats=seats, seed=seed + index, ruleset=ruleset, max_hands=limit)
        while not ctl.is_over:
            ctl.step()
        done += ctl.match.hands_played
        index += 1
        yield ctl


class RunOutputs:
    """What ``run`` prints or writes, gathered match by match so no controller is kept:
    the summary's totals, and (only when asked for) the JSON summary's and the
    record's per-match entries."""

    def __init__(self, args: argparse.Namespace, rules: Rules) -> None:
        self.args = args
        self.preset = rules
        self.summary = Summary(rules)
        self.rules: Rules | None = None  # the first match's, as ``run_record`` takes them
        self.json_matches: list[dict[str, Any]] = []
        self.seats: list[dict[str, Any]] | None = None
        self.entries: list[dict[str, Any]] = []

    def add(self, number: int, ctl: Controller) -> None:
        """Print the match's log when asked, and keep what the outputs need of it."""
        args = self.args
        if args.log:
            for line in log_lines(ctl.events, number, self.preset.scores_dora):
                print(line)
        self.summary.add(ctl.events)
        if self.rules is None:
            self.rules = ctl.match.rules
        if args.json:
            self.json_matches.append(match_json(ctl.match))
            self.seats = add_seats(self.seats, seats_json([ctl.events], args.ai))
        if args.record:
            self.entries.append(ctl.record())


def add_seats(total: list[dict[str, Any]] | None, part: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per-seat totals of two runs, as ``seats_json`` over both would give (its
    counts add up and ``placements`` add place by place).

    >>> one = [{"seat": 0, "ai": "random", "wins": 1, "placements": [1, 0, 0, 0]}]
    >>> add_seats(one, [{"seat": 0, "ai": "random", "wins": 2, "placements": [0, 1, 0, 0]}])
    [{'seat': 0, 'ai': 'random', 'wins': 3, 'placements': [1, 1, 0, 0]}]
    """
    if total is None:
        return part
    for mine, theirs in zip(total, part):
        for key, value in theirs.items():
            if key == "placements":
                mine[key] = [a + b for a, b in zip(mine[key], value)]
            elif key not in ("seat", "ai"):
                mine[key] += value
    return total


def run(args: argparse.Namespace) -> int:
    """Entry point for ``mahjong-joy simulate``: matches are played, printed and dropped one by one."""
    rules = PRESETS[args.rules]
    if rules.family == "mcr" and "potential" in args.ai:
        print(MCR_AI_NOTE, file=sys.stderr)
    outputs = RunOutputs(args, rules)
    try:
        for number, ctl in enumerate(play_matches(args.seed, args.ai, args.matches, args.hands, rules), start=1):
            outputs.add(number, ctl)
    except MahjongJoyError as exc:
        print(f"mahjong-joy simulate: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({"matches": outputs.json_matches, "seats": outputs.seats}))
    else:
        for line in outputs.summary.lines():
            print(line)
    if args.record:
        try:
            write_record(record_of_entries(args.seed, args.ai, outputs.entries, outputs.rules), args.record)
        except OSError as exc:
            print(f"mahjong-joy simulate: cannot write {args.record}: {exc}", file=sys.stderr)
            return 2
    return 0
