"""``mahjong-joy demo``: four AI seats play K hands in the real window, saving PNGs.

It drives the same App, scenes and controller a player uses, so it doubles as a
smoke test of a fresh install (fonts and assets load, a hand plays to the score
screen, the match ends). Works headless with ``SDL_VIDEODRIVER=dummy``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from mahjong_joy.i18n import LANGUAGES
from mahjong_joy.rulesets.presets import DEFAULT_PRESET, PRESETS

MAX_FRAMES = 200_000  # a safety net: a stuck demo fails instead of hanging CI
MAX_HANDS = 100  # more than any match plays (an East-South match with renchan ends well before)


def add_parser(sub: argparse._SubParsersAction) -> None:
    """Register ``demo`` and its options."""
    parser = sub.add_parser("demo", help="watch four AI seats play in the game window")
    parser.add_argument("--seed", type=int, default=1, help="the deal")
    parser.add_argument("--hands", type=int, default=1, help="hands to play before the match ends")
    parser.add_argument("--speed", choices=("fast", "normal"), default="normal", help="fast skips pauses and frame pacing")
    parser.add_argument("--screenshots", type=Path, default=None, help="save PNGs at key moments into this folder")
    parser.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of the window (default en)")
    parser.add_argument("--rules", choices=tuple(PRESETS), default=DEFAULT_PRESET, help=f"the ruleset preset (default {DEFAULT_PRESET})")


def run(args: argparse.Namespace) -> int:
    """Play the demo; exit code 0 when the match reached its end screen. A bad ``--hands``
    or a ``--screenshots`` folder that cannot be made is one line and exit code 2,
    before any window opens."""
    problem = _problem(args)
    if problem:
        print(f"mahjong-joy demo: {problem}", file=sys.stderr)
        return 2
    from mahjong_joy.ui.demo_driver import play_demo

    try:
        return play_demo(args.seed, args.hands, args.speed, args.screenshots, args.rules, args.lang)
    except FileNotFoundError as exc:  # a missing asset in a broken install
        print(f"mahjong-joy demo: {exc}", file=sys.stderr)
        return 2


def _problem(args: argparse.Namespace) -> str:
    """What is wrong with the arguments ("" when nothing): checked before the window opens."""
    if not 1 <= args.hands <= MAX_HANDS:
        return f"--hands must be 1..{MAX_HANDS}, got {args.hands}"
    folder = args.screenshots
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            return f"cannot make the folder {folder}: {exc.strerror or exc}"
    return ""
