"""Play from here: a recorded position continued as a live match, one seat taken by the player.

A record's match is cut after the chosen step (:func:`branch_prefix`) and rebuilt
with :meth:`~mahjong_joy.controller.Controller.resume` (:func:`mahjong_joy.app.branch.play_from`), so the table the player takes
over is the engine's own state at that step (hands, rivers, points, sticks,
dora, furiten, riichi), reached through the same paths as in play, never a copy
assembled by hand. The seats change: the player's becomes human, every other
seat keeps the AI the record names, and a seat that was human (or names no AI)
gets a default level. The new match is an ordinary one: its record starts from
the same seed with the original decisions up to the step, so it replays on its
own, and :class:`Branch` notes where it came from.

Only records whose walls we know can be played on. A game imported from another
program's log (a match entry with ``deals``) shows only the tiles the log saw:
the rest of each deck is filler (:func:`~mahjong_joy.replay.mjai_import.build_deck`),
and there is no deck at all for a hand the log did not play, so continuing it
would invent the wall. :func:`branch_refusal` says so instead. Which seat kinds the
new match has is the controller's call (:func:`mahjong_joy.controller.branch_seats`):
only it knows which kinds an AI plays.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mahjong_joy.errors import RecordError
from mahjong_joy.replay.cursor import ReplayCursor
from mahjong_joy.replay.record import read_record

IMPORTED = ("this game was imported from another program's log, which shows only the tiles that were drawn: "
            "the rest of its wall is unknown, so it cannot be played on")
MATCH_OVER = "the match is over at this step: there is nothing left to play"
TAIL = 1024  # bytes: the game writes ``branched_from`` last, after the match, about 90 bytes


@dataclass(frozen=True, slots=True)
class Branch:
    """Where a live match was taken over: the original record's name, match, hand and step
    (``match`` and ``hand`` from 1, ``step`` from 0, as ``replay --hand K --step S`` counts)."""

    record: str
    match: int
    hand: int
    step: int

    def to_dict(self) -> dict[str, Any]:
        """The record's ``branched_from`` object."""
        return {"record": self.record, "match": self.match, "hand": self.hand, "step": self.step}

    @classmethod
    def from_dict(cls, data: Any, where: str = "record") -> Branch:
        """Read ``branched_from`` back; ``RecordError`` naming what is wrong."""
        ok = (
            isinstance(data, dict) and set(data) == {"record", "match", "hand", "step"}
            and isinstance(data["record"], str) and len(data["record"]) <= 400
            and all(type(data[k]) is int and 0 <= data[k] <= 100_000 for k in ("match", "hand", "step"))
        )
        if not ok:
            raise RecordError(f"{where} has a bad branched_from: {str(data)[:80]}")
        return cls(data["record"], data["match"], data["hand"], data["step"])

    def describe(self) -> str:
        """``run.json, hand 2 step 17`` (the match too when it is not the first)."""
        match = f" match {self.match}," if self.match != 1 else ""
        return f"{self.record},{match} hand {self.hand} step {self.step}"


def recorded_branch(path: str | Path) -> Branch | None:
    """Where the match of an archived record was taken over, or ``None`` when it was played from
    the deal or the file does not say (missing, not a regular file, unreadable, bad).

    Cheap enough to ask of every archived record once: the game writes ``branched_from``
    as the record's last key, so only a file whose last KiB names it is read whole (and
    checked, as every record the game reads is).
    """
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None  # a pipe or a device is no record of ours; never wait on one
        with open(path, "rb") as handle:
            handle.seek(max(0, os.fstat(handle.fileno()).st_size - TAIL))
            if b'"branched_from"' not in handle.read(TAIL):
                return None
        data = read_record(path)
        return None if data.get("branched_from") is None else Branch.from_dict(data["branched_from"], str(path))
    except (OSError, ValueError):  # ValueError: RecordError, or a path holding a NUL character
        return None


def parse_seat(text: str) -> int:
    """A seat from the command line: ``0``..``3`` (as ``S0``..``S3`` in ``--text``) or ``S0``..``S3``."""
    cleaned = text.strip().upper().removeprefix("S")
    if cleaned in ("0", "1", "2", "3"):
        return int(cleaned)
    raise RecordError(f"--play {text!r}: a seat is 0, 1, 2 or 3 (S0..S3 as replay --text writes them)")


def branch_refusal(cursor: ReplayCursor) -> str:
    """Why the cursor's match cannot be played on from any step ("" when it can)."""
    entry = cursor.record["matches"][cursor.match_index]
    return IMPORTED if entry.get("deals") is not None else ""


def branch_prefix(cursor: ReplayCursor, hand: int, step: int, seat: int, name: str | None = None) -> tuple[dict[str, Any], Branch]:
    """The record entry a live match from ``(hand, step)`` (0-based) of the cursor's match
    starts from (the same seed, the decisions up to the step and their reasons), and where
    it came from. Raises ``RecordError`` for a position outside the record, a bad seat or an
    imported game; :func:`mahjong_joy.app.branch.play_from` rebuilds the controller from it."""
    cursor.check_position(hand, step)
    if type(seat) is not int or not 0 <= seat < 4:
        raise RecordError(f"there is no seat {seat!r}: a seat is 0, 1, 2 or 3")
    refusal = branch_refusal(cursor)
    if refusal:
        raise RecordError(f"{cursor.name}: {refusal}")
    entry = cursor.record["matches"][cursor.match_index]
    cut = cursor.spans[hand].first + step
    prefix: dict[str, Any] = {"seed": entry["seed"], "max_hands": entry.get("max_hands"), "decisions": entry["decisions"][:cut]}
    if isinstance(entry.get("reasons"), list):
        prefix["reasons"] = entry["reasons"][:cut]
    return prefix, Branch(name or cursor.name, cursor.match_index + 1, hand + 1, step)
