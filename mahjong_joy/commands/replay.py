"""``mahjong-joy replay FILE``: open the replay viewer on a record, or print, summarise or export it.

Without options the viewer opens at the first deal; ``--hand K --step S`` opens
at hand K (from 1) after S decisions (from 0; 0 is the deal), which makes a bug
report reproducible in one command. ``--play SEAT`` with them opens the window
straight into a live match from that position, the player in seat SEAT (0-3)
and the AI in the others (:mod:`mahjong_joy.app.branch`); a game imported
from a log cannot be played on (its wall is unknown beyond what the log shows),
which, like a bad seat, is one line and exit code 2. ``--text`` prints exactly the log lines
``simulate --log`` printed for the run, ``--summary`` the totals, and
``--export mjai OUT`` writes mjai-style JSON lines. ``--frames N`` and
``--screenshot PNG`` run the viewer headless for N frames and save the frame
(CI, bug reports). A missing, corrupt, hostile or newer-schema record (read
through :mod:`mahjong_joy.untrusted`: at most 32 MiB, so ``/dev/zero`` is
refused at once), a position outside it, or an output that cannot be written
(a folder, a missing folder) is one line on stderr, exit code 2 and no window.
``--text`` prints each hand as the record replays rather than after it.

FILE may also be an mjai log or a tenhou.net/6 log (told by content,
:mod:`mahjong_joy.replay.formats`): it is imported through our engine under
``--rules`` (default ``tenhou``), every step checked, and then shown, printed or
exported like a record; ``--save OUT`` writes the import as a Mahjong Joy record.
A difference between the log and the engine exits 2 naming the hand and line;
``--keep-going`` reports every failing hand.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
from pathlib import Path
from typing import Any

from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.match import Match
from mahjong_joy.errors import MahjongJoyError, RecordError
from mahjong_joy.replay.formats import load
from mahjong_joy.replay.log import log_lines, reasoned_log_lines
from mahjong_joy.replay.mjai_import import ImportMismatch
from mahjong_joy.replay.record import record_rules, record_ruleset, replay_decisions, replay_match, start_match, write_record
from mahjong_joy.replay.summary import Summary, match_json
from mahjong_joy.rulesets.base import Ruleset
from mahjong_joy.rulesets.presets import RIICHI_PRESETS

EXPORT_FORMATS = ("mjai", "tenhou6")
LOG_RULES = RIICHI_PRESETS  # an imported log is another program's riichi game: any riichi preset of the registry


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``replay`` and its options."""
    parser = sub.add_parser("replay", help="step through a recorded match in the viewer, or print or export it")
    parser.add_argument("file", help="a record (simulate --record, or one from the data folder's records/), an mjai log or a tenhou.net/6 log")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument("--text", action="store_true", help="print the turn-by-turn log instead of opening the viewer")
    shown.add_argument("--summary", action="store_true", help="print the hands, wins and draws summary")
    shown.add_argument("--export", nargs=2, metavar=("FORMAT", "OUT"), help="write the record as FORMAT (mjai: JSON lines; tenhou6: tenhou.net/6 JSON) to OUT")
    parser.add_argument("--json", action="store_true", help="with --summary: one JSON object with every hand")
    parser.add_argument("--match", type=int, default=1, metavar="M", help="which match of the record to view (from 1)")
    parser.add_argument("--hand", type=int, default=1, metavar="K", help="open at hand K (from 1)")
    parser.add_argument("--step", type=int, default=0, metavar="S", help="open after S decisions of that hand (0 = the deal)")
    parser.add_argument("--play", default=None, metavar="SEAT", help="play on from --hand/--step as a live match, taking seat SEAT (0-3, as S0..S3 in --text); the AI plays the others")
    parser.add_argument("--frames", type=int, default=None, metavar="N", help="run N frames headless and exit (tests, CI)")
    parser.add_argument("--screenshot", type=Path, default=None, metavar="PNG", help="save the viewer's frame to PNG and exit")
    parser.add_argument("--rules", choices=LOG_RULES, default="tenhou", help="the preset an imported log is refereed under (default tenhou)")
    parser.add_argument("--keep-going", action="store_true", help="importing a log: report every failing hand, not only the first")
    parser.add_argument("--save", type=Path, default=None, metavar="OUT", help="write an imported log as a Mahjong Joy record to OUT")
    parser.add_argument("--size", type=_size, default=None, metavar="WxH", help="window size, e.g. 1024x640")


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    return (w, h)


def run(args: argparse.Namespace) -> int:
    """Entry point for ``mahjong-joy replay``: any unreadable record, position or output is one line and exit 2."""
    try:
        loaded = load(args.file, args.rules, args.keep_going)
        if loaded.errors:
            for error in loaded.errors:
                print(f"mahjong-joy replay: {args.file}: {error}", file=sys.stderr)
            print(f"mahjong-joy replay: {len(loaded.errors)} of {loaded.hands} hand(s) differ", file=sys.stderr)
            return 2
        record = loaded.record
        if args.save is not None:
            try:
                write_record(record, args.save)
            except OSError as exc:
                print(f"mahjong-joy replay: cannot write {args.save}: {exc.strerror or exc}", file=sys.stderr)
                return 2
            print(f"wrote {args.save}")
            if not (args.export or args.text or args.summary):
                return 0
        if args.export:
            return _export(record, args)
        if args.text or args.summary:
            return _print(record, args)
        return _view(record, args)
    except ImportMismatch as exc:
        print(f"mahjong-joy replay: {args.file}: {exc}", file=sys.stderr)
        return 2
    except MahjongJoyError as exc:
        print(f"mahjong-joy replay: {exc}", file=sys.stderr)
        return 2


def _print(record: dict[str, Any], args: argparse.Namespace) -> int:
    """The log (``--text``, printed as each match replays) or the summary (``--summary``) of every match."""
    ruleset = record_ruleset(record, args.file)
    if args.text:
        for index, entry in enumerate(record["matches"]):
            if entry.get("reasons"):  # the AI's reasons go beside its decisions
                for line in reasoned_log_lines(_steps(entry, ruleset, args.file, index), index + 1, ruleset.rules.scores_dora):
                    print(line)
            else:
                _print_match_log(entry, ruleset, args.file, index)
        return 0
    summary = Summary(record_rules(record, args.file))
    played = []
    for index, entry in enumerate(record["matches"]):
        match = replay_match(entry, ruleset, args.file, index)
        summary.add(match.events)
        played.append(match)
    if args.json:
        print(json.dumps({"matches": [match_json(m) for m in played]}))
    else:
        for line in summary.lines():
            print(line)
    return 0


def _print_match_log(entry: dict[str, Any], ruleset: Ruleset, name: str, index: int) -> None:
    """Print one match's log as it replays: each hand's lines as the next hand is dealt.

    The printed events are dropped from the replaying match (nothing in the
    engine reads them back), so a long record never holds more than a hand's
    events; the lines are exactly those ``simulate --log`` printed.
    """
    heading = True

    def flush(match: Match, first: int = 0) -> None:
        nonlocal heading
        lines = log_lines(match.events, index + 1, ruleset.rules.scores_dora)
        for line in lines if heading else itertools.islice(lines, 1, None):
            print(line)
        heading = False
        match.events.clear()

    flush(replay_match(entry, ruleset, name, index, on_deal=flush))


def _steps(entry: dict[str, Any], ruleset: Ruleset, name: str, index: int) -> list[tuple[list, int | None, str | None]]:
    """The match's events cut at each decision, each decision's seat and recorded reason
    coming just before the lines it made. One replay through :func:`replay_decisions`
    from the entry's own start (an imported game's decks included), checked as
    ``replay_match`` checks it; the list is whole before a line prints."""
    match = start_match(entry, ruleset, name)
    reasons = entry.get("reasons") or []
    out: list[tuple[list, int | None, str | None]] = []
    cursor = 0

    def cut(number: int, action: Action) -> None:
        nonlocal cursor
        reason = reasons[number] if number < len(reasons) and isinstance(reasons[number], str) else None
        out.append((match.events[cursor:], None, None))
        cursor = len(match.events)
        out.append(([], action.seat, reason))

    replay_decisions(entry["decisions"], match, f"{name}: match {index + 1}", on_step=cut)
    out.append((match.events[cursor:], None, None))
    return out


def _export(record: dict[str, Any], args: argparse.Namespace) -> int:
    """``--export mjai OUT`` or ``--export tenhou6 OUT``; a folder, a missing folder or a
    full disk as OUT is one line and exit 2."""
    kind, out = args.export
    if kind not in EXPORT_FORMATS:
        print(f"mahjong-joy replay: unknown export format {kind!r} (known: {', '.join(EXPORT_FORMATS)})", file=sys.stderr)
        return 2
    if record_rules(record, args.file).family != "riichi":
        print(f"mahjong-joy replay: {kind} logs hold riichi games only; {args.file} is a Chinese Official record", file=sys.stderr)
        return 2
    if kind == "tenhou6":
        from mahjong_joy.replay.tenhou6 import write_tenhou6 as write
    else:
        from mahjong_joy.replay.mjai import write_mjai as write
    try:
        write(record, out, args.file)
    except OSError as exc:
        reason = "it is a folder" if os.path.isdir(out) else (exc.strerror or str(exc))
        print(f"mahjong-joy replay: cannot write {out}: {reason}", file=sys.stderr)
        return 2
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
    seat = None
    if args.play is not None:  # Play from here: the position must be one we can play on, before any window
        from mahjong_joy.app.branch import play_from
        from mahjong_joy.replay.branch import parse_seat

        seat = parse_seat(args.play)
        play_from(session.cursor, args.hand - 1, args.step, seat)
    if args.screenshot is not None:
        _check_output(args.screenshot)
    if args.size is not None:
        _check_size(args.size)
    try:
        from mahjong_joy.ui.scenes.play_here import open_live
        from mahjong_joy.ui.scenes.replay import open_viewer
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("pygame"):
            print("mahjong-joy replay: the viewer needs pygame-ce; --text, --summary and --export work without it", file=sys.stderr)
            return 2
        raise
    if seat is not None:
        return open_live(session.cursor, args.hand - 1, args.step, seat, args.frames, args.screenshot, args.size)
    title = f"Replay · {name} · seed {session.cursor.seed}"
    return open_viewer(session, title, (args.hand - 1, args.step), args.frames, args.screenshot, args.size)


def _check_size(size: tuple[int, int]) -> None:
    """Refuse, before any window opens, a size the table cannot be laid out in (the
    limits a saved window size has)."""
    from mahjong_joy.storage.settings import WINDOW_LIMITS

    (lo_w, lo_h), (hi_w, hi_h) = WINDOW_LIMITS
    if not (lo_w <= size[0] <= hi_w and lo_h <= size[1] <= hi_h):
        raise MahjongJoyError(f"--size {size[0]}x{size[1]} is outside {lo_w}x{lo_h} .. {hi_w}x{hi_h}")


def _check_output(path: Path) -> None:
    """Refuse, before any window opens, an output path that cannot be a file (pygame would raise)."""
    if path.is_dir():
        raise RecordError(f"cannot write {path}: it is a folder")
    if not path.parent.is_dir():
        raise RecordError(f"cannot write {path}: there is no folder {path.parent}")
