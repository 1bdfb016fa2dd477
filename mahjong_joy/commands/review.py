"""``mahjong-joy review FILE``: the coach's review of one seat's decisions in a match.

FILE is a record or an mjai or tenhou.net/6 log (read as ``replay`` reads it,
:func:`mahjong_joy.replay.formats.load`; a log is refereed under ``--rules``). Every
decision of ``--seat`` (default: the human seat of a record, else seat 0) with more
than one legal option is judged by the Hard AI's evaluation
(:mod:`mahjong_joy.app.coach`). The text form prints the summary (decisions reviewed,
agreement with the AI, total loss, the five costliest decisions, luck), the legend,
and every mistake and blunder with its hand, step, the hand's tiles, the choice, the
best option and the reason; ``hand K step S`` is where ``replay FILE --hand K --step S``
opens. ``--json`` prints one object instead (the issue's shape: mjai-form actions,
every option's value, loss, grade, reason, summary). A progress bar runs on stderr.
A bad file is the importer's one-line error on stderr and exit code 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.i18n import tr
from mahjong_joy.mjai_tiles import mjai_tile
from mahjong_joy.names import HUMAN
from mahjong_joy.replay.formats import load
from mahjong_joy.replay.mjai_import import ImportMismatch
from mahjong_joy.rulesets.presets import RIICHI_PRESETS

BAR = 30  # characters of the progress bar


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``review`` and its options."""
    parser = sub.add_parser("review", help="the coach: grade one seat's decisions in a record or log by the Hard AI's judgement")
    parser.add_argument("file", help="a record, an mjai log or a tenhou.net/6 log")
    parser.add_argument("--seat", type=int, default=None, metavar="N", help="the seat to review, 0-3 (default: the human seat, else 0)")
    parser.add_argument("--match", type=int, default=1, metavar="M", help="which match of the record (from 1)")
    parser.add_argument("--rules", choices=RIICHI_PRESETS, default="tenhou", help="the preset an imported log is refereed under (default tenhou)")
    parser.add_argument("--json", action="store_true", help="print one JSON object: every decision with its options, and the summary")


def run(args: argparse.Namespace) -> int:
    """Entry point: a bad file, seat or match is one line on stderr and exit 2."""
    from mahjong_joy.app.coach import Reviewer

    try:
        loaded = load(args.file, args.rules)
        record = loaded.record
        seat = args.seat if args.seat is not None else _default_seat(record)
        reviewer = Reviewer(record, seat, args.match - 1, args.file)
        review = reviewer.run(_progress)
    except ImportMismatch as exc:
        _end_bar()
        print(f"mahjong-joy review: {args.file}: {exc}", file=sys.stderr)
        return 2
    except MahjongJoyError as exc:
        _end_bar()
        print(f"mahjong-joy review: {exc}", file=sys.stderr)
        return 2
    _end_bar()
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False))
    else:
        for line in text_lines(review):
            print(line)
    return 0


def _default_seat(record: dict[str, Any]) -> int:
    seats = record.get("seats") or []
    return seats.index(HUMAN) if HUMAN in seats else 0


_shown = False


def _progress(share: float) -> None:
    """The bar on stderr, redrawn in place."""
    global _shown
    _shown = True
    filled = round(BAR * share)
    sys.stderr.write(f"\r{tr('reviewing')} [{'#' * filled}{'.' * (BAR - filled)}] {round(100 * share):3d}%")
    sys.stderr.flush()


def _end_bar() -> None:
    global _shown
    if _shown:
        sys.stderr.write("\n")
        sys.stderr.flush()
        _shown = False


def text_lines(review: Any) -> list[str]:
    """The review as text: summary, legend, then every mistake and blunder."""
    from mahjong_joy.ai.judge import action_words
    from mahjong_joy.app.coach import grade_word, legend

    s = review.summary
    lines = [
        tr("Review of seat {seat} ({rules} rules), match {match}", seat=review.seat, rules=review.rules, match=review.match_index + 1),
        tr("Decisions reviewed: {count}", count=s.reviewed),
        tr("Agreement with the AI: {pct}%", pct=f"{100 * s.agreement:.1f}"),
        tr("Total loss: {points} points (expected points of the hand)", points=round(s.total_loss)),
    ]
    lines += ["  " + tr("{grade}: {count}", grade=grade_word(name), count=count) for name, count in s.grades.items()]
    if s.worst:
        lines.append(tr("The costliest decisions:"))
        for d in s.worst:
            lines.append("  " + tr("{label} (hand {hand} step {step}): {grade}, -{loss}: {chosen} instead of {best}",
                                   label=d.label, hand=d.hand + 1, step=d.step, grade=grade_word(d.grade), loss=round(d.loss),
                                   chosen=action_words(d.chosen), best=action_words(d.best.action)))
    if s.luck:
        lines.append(tr("Luck (facts, not grades):"))
        lines.extend(f"  {line}" for line in s.luck)
    lines.append(tr("Legend:"))
    lines.extend(f"  {line}" for line in legend())
    bad = review.mistakes()
    if bad:
        lines.append("")
        lines.append(tr("Mistakes and blunders:"))
    for d in bad:
        top = ", ".join(f"{action_words(o.action)} {o.value}" for o in d.options[:3])
        lines += [
            tr("{label} hand {hand} step {step} [{grade}, -{loss}]", label=d.label, hand=d.hand + 1, step=d.step, grade=grade_word(d.grade), loss=round(d.loss)),
            "  " + (tr("hand: {tiles}; on offer: {tile}", tiles=d.tiles, tile=mjai_tile(d.offered)) if d.offered is not None
                    else tr("hand: {tiles}", tiles=d.tiles)),
            "  " + tr("chose: {chosen}; best: {best}", chosen=action_words(d.chosen), best=action_words(d.best.action)),
            "  " + tr("options: {top}", top=top),
            "  " + tr("why: {reason}", reason=d.reason),
        ]
    return lines
