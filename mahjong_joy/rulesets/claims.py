"""Who gets a discard: claim resolution as one pure function (RULES.md A2, 5).

A ron beats pon and open kan, which beat chi; among equals the seat nearest
after the discarder wins. Several rons all stand when the rules allow more than
one (``max_rons``); with ``max_rons = 1`` the nearest ron takes it (head bump).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

RON, CALL, CHI_CALL, PASS = 0, 1, 2, 3
_RANKS = {"ron": RON, "pon": CALL, "kan": CALL, "chi": CHI_CALL, "pass": PASS}


def claim_rank(action: Any, discarder: int) -> tuple[int, int]:
    """Lower is stronger: (ron < pon/kan < chi < pass, distance after the discarder)."""
    return (_RANKS[action.name], (action.seat - discarder) % 4)


def resolve_claims(answers: Mapping[int, Any], discarder: int, max_rons: int) -> tuple[Any, ...]:
    """The answers that take effect, in the order to apply them: every ron up to
    ``max_rons``, nearest the discarder first; else the strongest call; else none.

    >>> from mahjong_joy.engine.actions import Chi, Pass, Pon, Ron
    >>> resolve_claims({1: Chi(1, (0, 1, 2)), 2: Pon(2), 3: Pass(3)}, 0, 2)
    (Pon(seat=2, consumed=None),)
    >>> resolve_claims({1: Ron(1), 3: Ron(3)}, 2, 2)
    (Ron(seat=3), Ron(seat=1))
    >>> resolve_claims({1: Ron(1), 3: Ron(3)}, 2, 1)
    (Ron(seat=3),)
    """
    ordered = sorted(answers.values(), key=lambda a: claim_rank(a, discarder))
    rons = [a for a in ordered if a.name == "ron"]
    if rons:
        return tuple(rons[:max_rons])
    if ordered and ordered[0].name != "pass":
        return (ordered[0],)
    return ()
