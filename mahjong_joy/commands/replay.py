"""``mahjong-joy replay FILE``: open the replay viewer on a record, or print, summarise or export it.

Without options the viewer opens at the first deal; ``--hand K --step S`` opens
at hand K (from 1) after S decisions (from 0; 0 is the deal), which makes a bug
report reproducible in one command. ``--text`` prints exactly the log lines
``simulate --log`` printed for the run, ``--summary`` the totals, and
``--export mjai OUT`` writes mjai-style JSON lines. ``--frames N`` and
``--screenshot PNG`` run the viewer headless for N frames and save the frame
(CI, bug reports). A missing, corrupt or newer-schema record, or a position
outside it, is an error with exit code 2 and no window.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from mahjong_joy.errors import RecordError
from mahjong_joy.replay.log import log_lines, reasoned_log_lines
from mahjong_joy.replay.record import read_record, record_rules, record_ruleset, replay_match
from mahjong_joy.replay.summary import Summary, match_json

EXPORT_FORMATS = ("mjai",)


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``replay`` and its options."""
    parser = sub.add_parser("replay", help="step through a recorded match in the viewer, or print or export it")
    parser.add_argument("file", help="a record (simulate --record, or one from the data folder's records/)")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--text", action="store_true", help="print the turn-by-turn log instead of opening the viewer")
    shown.add_argument("--summary", action="store_true", help="print the hands, wins and draws summary")
    shown.add_argument("--export", nargs=2, metavar=("FORMAT", "OUT"), help="write the record as FORMAT (mjai: JSON lines) to OUT")
    parser.add_argument("--json", action="store_true", help="with --summary: one JSON object with every hand")
    parser.add_argument("--match", type=int, default=1, metavar="M", help="which match of the record to view (from 1)")
    parser.add_argument("--hand", type=int, default=1, metavar="K", help="open at hand K (from 1)")
    parser.add_argument("--step", type=int, default=0, metavar="S", help="open after S decisions of that hand (0 = the deal)")
    parser.add_argument("--frames", type=int, default=None, metavar="N", help="run N frames headless and exit (tests, CI)")
    parser.add_argument("--screenshot", type=Path, default=None, metavar="PNG", help="save the viewer's frame to PNG and exit")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH", help="window size, e.g. 1024x640")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    return (w, h)


def run(args: argparse.Namespace) -> int:
    """Entry point for ``mahjong-joy replay``."""
    try:
        record = read_record(args.file)
        if args.export:
            return _export(record, args)
        if args.text or args.summary:
            return _print(record, args)
        return _view(record, args)
    except RecordError as exc:
        print(f"mahjong-joy replay: {exc}", file=sys.stderr)
        return 2


def _print(record: dict[str, Any], args: argparse.Namespace) -> int:
    """The log (``--text``) or the summary (``--summary``) of every match."""
    ruleset = record_ruleset(record, args.file)
    summary = Summary(record_rules(record, args.file))
    played = []
    for index, entry in enumerate(record["matches"]):
        match = replay_match(entry, ruleset, args.file, index)
        if args.text and entry.get("reasons"):
            for line in reasoned_log_lines(_steps(entry, match), index + 1):
                print(line)
        elif args.text:
            for line in log_lines(match.events, index + 1):
                print(line)
        summary.add(match.events)
        played.append(match)
    if args.text:
        return 0
    if args.json:
        print(json.dumps({"matches": [match_json(m) for m in played]}))
    else:
        for line in summary.lines():
            print(line)
    return 0


def _steps(entry: dict[str, Any], match: Any) -> list[tuple[list, int | None, str | None]]:
    """The match's events cut at each decision (re-run on a fresh match), each
    decision's seat and recorded reason coming just before the lines it made."""
    from mahjong_joy.engine.actions import action_from_dict
    from mahjong_joy.engine.match import Match

    fresh = Match(entry["seed"], match.ruleset if hasattr(match, "ruleset") else None, entry.get("max_hands"))
    reasons = entry.get("reasons") or []
    out: list[tuple[list, int | None, str | None]] = []
    cursor = 0
    for number, data in enumerate(entry["decisions"]):
        if fresh.hand.is_finished:
            fresh.next_hand()
        reason = reasons[number] if number < len(reasons) and isinstance(reasons[number], str) else None
        out.append((fresh.events[cursor:], None, None))
        cursor = len(fresh.events)
        action = action_from_dict(data)
        fresh.apply(action)
        out.append(([], action.seat, reason))
    out.append((fresh.events[cursor:], None, None))
    return out


def _export(record: dict[str, Any], args: argparse.Namespace) -> int:
    """``--export mjai OUT``."""
    kind, out = args.export
    if kind not in EXPORT_FORMATS:
        print(f"mahjong-joy replay: unknown export format {kind!r} (known: {', '.join(EXPORT_FORMATS)})", file=sys.stderr)
        return 2
    from mahjong_joy.replay.mjai import write_mjai

    write_mjai(record, out, args.file)
    print(f"wrote {out}")
    return 0


def _view(record: dict[str, Any], args: argparse.Namespace) -> int:
    """Check the position against the record (before any window), then open the viewer there."""
    from mahjong_joy.ui.replay_session import ReplaySession  # no pygame: the checks run without a display

    name = Path(args.file).name
    matches = len(record["matches"])
    if not 1 <= args.match <= matches:
        raise RecordError(f"{name} has {matches} match(es); there is no match {args.match}")
    session = ReplaySession(record, args.match - 1, name)
    session.cursor.check_position(args.hand - 1, args.step)
    try:
        from mahjong_joy.ui.scenes.replay import open_viewer
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("pygame"):
            print("mahjong-joy replay: the viewer needs pygame-ce; --text, --summary and --export work without it", file=sys.stderr)
            return 2
        raise
    title = f"Replay · {name} · seed {session.cursor.seed}"
    return open_viewer(session, title, (args.hand - 1, args.step), args.frames, args.screenshot, args.size)
