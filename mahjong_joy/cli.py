"""The ``mahjong-joy`` command: no subcommand opens the game; subcommands are tools.

Each subcommand lives in ``mahjong_joy/commands/<name>.py`` with ``add_parser``
and ``run``; this module only wires them up, so adding one is a one-line change.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from mahjong_joy.i18n import LANGUAGES

COMMANDS = ("analyze", "simulate", "replay", "review", "demo", "score", "stats", "mjai-bot")


def build_parser() -> argparse.ArgumentParser:
    """The top-level parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="mahjong-joy", description="Mahjong Joy: play mahjong, or analyse and score hands."
    )
    parser.add_argument("--seed", type=int, default=None, help="start a game with this deal")
    parser.add_argument("--rules", default=None, metavar="PRESET",
                        help="start straight into a game under this preset (joy, mahjong_soul, tenhou)")
    parser.add_argument("--lang", choices=LANGUAGES, default=None,
                        help="the game's language (kept as the choice in Settings); by default the saved one, "
                             "or on a first start the system's")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f"mahjong_joy.commands.{name.replace('-', '_')}")
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    args = build_parser().parse_args(argv)
    if args.command is None:
        return _play(args)
    module = importlib.import_module(f"mahjong_joy.commands.{args.command.replace('-', '_')}")
    try:
        return int(module.run(args) or 0)
    except BrokenPipeError:  # ``simulate --log | head -1``: the reader has all it wanted
        _silence_stdout()
        return 0


def _silence_stdout() -> None:
    """After a closed pipe, point stdout at nothing so the interpreter's final flush cannot fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file behind stdout (a test's capture): nothing to flush
        pass


def _play(args: argparse.Namespace) -> int:
    """Open the game window (the UI package, imported only here)."""
    try:
        app = importlib.import_module("mahjong_joy.ui.app")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("mahjong_joy.ui"):
            print("mahjong-joy: the game window is not part of this build yet", file=sys.stderr)
            return 2
        raise
    if args.rules is not None:
        from mahjong_joy.errors import RulesError
        from mahjong_joy.rulesets.presets import find_preset

        try:
            find_preset(args.rules)
        except RulesError as exc:
            print(f"mahjong-joy: {exc}", file=sys.stderr)
            return 2
    return int(app.run(seed=args.seed, rules=args.rules, language=args.lang) or 0)


if __name__ == "__main__":
    sys.exit(main())
