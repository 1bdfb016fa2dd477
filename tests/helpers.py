"""Test helpers: ``h("123m456p")`` builds a hand strictly from notation."""

from __future__ import annotations

from mahjong_joy.notation import parse_tiles


def h(text: str) -> list[int]:
    """Kinds of a hand written in MPSZ or the dev log's ``m123 p456`` form (strict)."""
    return parse_tiles(text)


def play_one_move(session) -> None:  # noqa: ANN001 (a ControllerSession)
    """One move of a live table with the player at it: pass every call, discard the first
    legal tile on the player's turn, else let the AI seats move."""
    from mahjong_joy.engine.actions import Discard, Pass

    snap = session.snapshot()
    if snap.claim:
        session.submit(next(a for a in snap.claim.actions if isinstance(a, Pass)))
    elif snap.my_turn:
        session.submit(next(a for a in snap.own_actions if isinstance(a, Discard)))
    else:
        session.step()
