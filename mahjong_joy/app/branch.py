"""Play from here: a recorded position continued as a live match, one seat taken by the player.

The record layer cuts the match (:func:`mahjong_joy.replay.branch.branch_prefix`:
the position checked, imported games refused); here the cut entry is rebuilt with
:meth:`~mahjong_joy.controller.Controller.resume`, so the table the player takes
over is the engine's own state at that step, reached through the same paths as in play.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_joy.controller import DEFAULT_LEVEL, Controller, branch_seats
from mahjong_joy.errors import RecordError
from mahjong_joy.replay.branch import MATCH_OVER, Branch, branch_prefix
from mahjong_joy.replay.cursor import ReplayCursor


def play_from(cursor: ReplayCursor, hand: int, step: int, seat: int, default: str | Sequence[str] = DEFAULT_LEVEL,
              name: str | None = None) -> tuple[Controller, Branch]:
    """The live match from ``(hand, step)`` (0-based) of the cursor's match with the player
    at ``seat`` (a chair of the hand at that step: whoever sits there is replaced by the
    player, the one seat kind ``human`` of the controller), and where it came from. Raises ``RecordError`` for a position outside
    the record, a bad seat, an imported game or a match already over there."""
    prefix, branch = branch_prefix(cursor, hand, step, seat, name)
    kinds = cursor.record.get("seats") or ()  # per player: the seat each held in the first hand
    # ``seat`` is a chair of the hand shown; Chinese Official players move (B3). The seating is
    # the hand's own, read from the cursor: at a round's first deal the rebuilt controller has
    # not dealt that hand yet, so its own ``players`` would still be the last round's.
    player = cursor.players_in(hand)[seat]
    ctl = Controller.resume(prefix, branch_seats(kinds, player, default), cursor.ruleset, auto_deal=False, name=cursor.name)
    ctl.spoken_from = len(ctl.decisions)  # the record's reasons name the seats as its own table did
    if ctl.is_over:
        raise RecordError(f"{cursor.name}, hand {hand + 1} step {step}: {MATCH_OVER}")
    return ctl, branch
