"""``mahjong-joy replay FILE``: re-run a record and print its log or its summary.

``--text`` prints exactly the log lines ``simulate --log`` printed for the run;
without it, the summary. A missing, corrupt or newer-schema record is an error
with exit code 2.
"""

from __future__ import annotations

import argparse
import sys

from mahjong_joy.commands.simulate import Summary
from mahjong_joy.errors import RecordError
from mahjong_joy.replay.log import log_lines
from mahjong_joy.replay.record import read_record, replay_events


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``replay`` and its options."""
    parser = sub.add_parser("replay", help="replay a recorded run")
    parser.add_argument("file", help="a record written by simulate --record")
    parser.add_argument("--text", action="store_true", help="print the turn-by-turn log")


def run(args: argparse.Namespace) -> int:
    """Entry point for ``mahjong-joy replay``."""
    try:
        streams = replay_events(read_record(args.file), args.file)
    except RecordError as exc:
        print(f"mahjong-joy replay: {exc}", file=sys.stderr)
        return 2
    if args.text:
        for number, events in enumerate(streams, start=1):
            for line in log_lines(events, number):
                print(line)
        return 0
    summary = Summary()
    for events in streams:
        summary.add(events)
    for line in summary.lines():
        print(line)
    return 0
