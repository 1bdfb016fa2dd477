"""Helpers for the riichi rigged-wall tests: deal a hand under a preset, name tiles
by code (``0p`` is the red 5p), discard and let every claim window pass."""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_joy.engine import Discard, HandState, Phase
from mahjong_joy.engine.actions import Riichi
from mahjong_joy.engine.events import Event
from mahjong_joy.notation import parse_tiles_detailed
from mahjong_joy.rulesets.base import TableState
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.riichi.settle import Settlement, settle
from mahjong_joy.tiles import RED_CODES
from tests.invariants import act, check_hand, pass_all, rigged_wall  # act and pass_all check with check_hand

# Hands that never call, never win and are never ready: lone tiles three apart. Each
# suited kind is in one of them (three copies left), 1z and 5z in none; one plain five each.
QUIET = ("147m258p369s2346z", "369m147p258s2467z", "258m369p147s2367z")


def c(name: str) -> int:
    """The code of one tile: ``5p`` is 13, ``0p`` the red 5p (35)."""
    parsed = parse_tiles_detailed(name)
    (kind,) = parsed.tiles
    return RED_CODES[kind // 9] if parsed.red else kind


def deal(
    hands: Sequence[str],
    draws: str | Sequence[str | None] = "",
    dead: str = "",
    rules: str = "tenhou",
    points: Sequence[int] = (25_000,) * 4,
    sticks: int = 0,
    honba: int = 0,
    round_wind: str = "E",
) -> HandState:
    """A hand under a preset on a rigged wall, dealer seat 0; fives are plain unless written ``0``."""
    wall = rigged_wall(list(hands), draws, dead, plain_fives=True)
    table = TableState(round_wind, 1, honba, 0, tuple(points), sticks)
    hand = HandState(wall, 0, ruleset_for(rules), table)
    check_hand(hand)
    return hand


def discard(hand: HandState, seat: int, name: str, riichi: bool = False, passing: bool = True) -> list[Event]:
    """Seat discards (or declares riichi with) this tile; then everyone passes."""
    cls = Riichi if riichi else Discard
    out = act(hand, cls(seat, c(name)))
    return out + (pass_all(hand) if passing else [])


def tsumogiri(hand: HandState, passing: bool = True) -> list[Event]:
    """The current seat discards the tile it just drew; then everyone passes."""
    seat = hand.current
    out = act(hand, Discard(seat, hand.code(hand.drawn)))
    return out + (pass_all(hand) if passing else [])


def go_around(hand: HandState, turns: int) -> list[Event]:
    """``turns`` tsumogiri discards in turn order, every claim passed."""
    out: list[Event] = []
    for _ in range(turns):
        out += tsumogiri(hand)
    return out


def run_until(hand: HandState, seat: int, live: int) -> None:
    """Tsumogiri until ``seat`` is to discard with ``live`` tiles left in the live wall."""
    while not (hand.current == seat and hand.phase is Phase.AWAITING_DISCARD and hand.wall.live_count == live):
        assert not hand.is_finished and hand.wall.live_count >= live, "overshot"
        tsumogiri(hand)


def run_out(hand: HandState) -> None:
    """Tsumogiri until the hand ends."""
    while not hand.is_finished:
        tsumogiri(hand)


def settled(hand: HandState, honba: int = 0, dealer: int = 0) -> Settlement:
    """The settlement of a finished hand started at this hand's table."""
    table = TableState(hand.round_wind, 1, honba, dealer, tuple(_start_points(hand)), _start_sticks(hand))
    return settle(hand.outcome, table, hand.rules, hand.ruleset.score)


def _start_points(hand: HandState) -> list[int]:
    points = list(hand.points)
    for seat in hand.accepted:
        points[seat] += 1000
    return points


def _start_sticks(hand: HandState) -> int:
    return hand.sticks - len(hand.accepted)


def draws_at(turns: dict[tuple[int, int], str], dealer: int = 0) -> list[str | None]:
    """Live draws by (seat, its n-th draw from 0): the dealer's first draw is position 0,
    then each seat in turn; positions not named are left to the filler (``None``)."""
    where = {4 * n + (seat - dealer) % 4: tile for (seat, n), tile in turns.items()}
    return [where.get(i) for i in range(max(where) + 1)] if where else []


def yaku_of(hand: HandState, win: int = 0) -> dict[str, int]:
    """The scored yaku of a finished hand's ``win``-th win, as {id: han}."""
    facts = hand.outcome.wins[win]
    score = hand.ruleset.score(facts.situation)
    assert score.valid, score.message
    return dict(score.yaku)
