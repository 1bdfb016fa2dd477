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
from collections.abc import Sequence

from mahjong_joy.ai import AI_KINDS
from mahjong_joy.controller import Controller
from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.replay.log import log_lines
from mahjong_joy.replay.record import run_record, write_record
from mahjong_joy.replay.summary import Summary, match_json, seats_json
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.presets import JOY, PRESETS
from mahjong_joy.rulesets.rules import Rules


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
    """Play the run: ``matches`` matches, or matches until ``hands`` hands are done."""
    if (matches is not None and matches < 1) or (hands is not None and hands < 1):
        raise MahjongJoyError("--matches and --hands must be at least 1")
    seats = (ai,) * 4 if isinstance(ai, str) else tuple(ai)
    played: list[Controller] = []
    done = 0
    index = 0
    while (hands is None and index < (matches or 1)) or (hands is not None and done < hands):
        limit = None if hands is None else hands - done
        ctl = Controller(seats=seats, seed=seed + index, ruleset=ruleset_for(rules), max_hands=limit)
        while not ctl.is_over:
            ctl.step()
        played.append(ctl)
        done += ctl.match.hands_played
        index += 1
    return played


def run(args: argparse.Namespace) -> int:
    """Entry point for ``mahjong-joy simulate``."""
    try:
        rules = PRESETS[args.rules]
        played = simulate(args.seed, args.ai, args.matches, args.hands, rules)
    except MahjongJoyError as exc:
        print(f"mahjong-joy simulate: {exc}", file=sys.stderr)
        return 2
    summary = Summary(rules)
    for number, ctl in enumerate(played, start=1):
        if args.log:
            for line in log_lines(ctl.events, number, rules.scores_dora):
                print(line)
        summary.add(ctl.events)
    if args.json:
        seats = seats_json([ctl.events for ctl in played], args.ai)
        print(json.dumps({"matches": [match_json(ctl.match) for ctl in played], "seats": seats}))
    else:
        for line in summary.lines():
            print(line)
    if args.record:
        try:
            write_record(run_record(args.seed, args.ai, played), args.record)
        except OSError as exc:
            print(f"mahjong-joy simulate: cannot write {args.record}: {exc}", file=sys.stderr)
            return 2
    return 0
