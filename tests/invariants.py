"""Invariants of a hand in play, checked after every engine step by the simulations."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from mahjong_joy.engine.actions import Action, Pass
from mahjong_joy.engine.events import Event
from mahjong_joy.engine.state import HandState, Phase
from mahjong_joy.hand.agari import is_winning_hand
from mahjong_joy.tiles import KIND_COUNT


def check_hand(hand: HandState) -> None:
    """Raise AssertionError naming the broken invariant.

    Runs after every engine action of the seeded simulations, so it reads each
    seat's lists once and counts kinds in one pass.
    """
    concealed, melds, rivers = hand.concealed, hand.melds, hand.rivers
    dead = hand.wall.dead_tiles()
    assert len(dead) == 14, "dead wall must hold 14 tiles"
    ids: list[int] = hand.wall.live_tiles() + dead
    for seat in range(4):
        ids += concealed[seat]
        for meld in melds[seat]:
            ids += meld.tiles
        ids += [r.tile for r in rivers[seat] if r.claimed_by is None]
    # every id exactly once, so each kind (id // 4) exactly four times
    assert sorted(ids) == _ALL_IDS, f"tiles not accounted for: {len(ids)} ids"
    outcome = hand.outcome
    winner = outcome.wins[0].seat if outcome and outcome.wins else None
    counts_now = hand.counts
    for seat in range(4):
        held = concealed[seat]
        counts = [0] * KIND_COUNT
        for tile in held:
            counts[tile >> 2] += 1
        assert counts == counts_now[seat], f"seat {seat}: kept counts differ from the recount"
        extra = (hand.phase is Phase.AWAITING_DISCARD and seat == hand.current) or (
            hand.phase is Phase.FINISHED and seat == winner
        ) or (outcome is not None and outcome.abort == "nine_terminals" and seat == hand.current)
        expected = 13 - 3 * len(melds[seat]) + (1 if extra else 0)
        assert len(held) == expected, f"seat {seat}: {len(held)} tiles, expected {expected}"
    if winner is not None:
        assert is_winning_hand(counts_now[winner], len(melds[winner])), "the winner's hand must win"


_ALL_IDS = list(range(136))


def fingerprint(hand: HandState) -> tuple:
    """Everything an illegal action must leave unchanged."""
    return (
        tuple(tuple(c) for c in hand.concealed),
        tuple(tuple(m) for m in hand.melds),
        tuple(tuple(r) for r in hand.rivers),
        tuple(hand.wall.live_tiles()),
        tuple(hand.wall.dead_tiles()),
        hand.phase,
        hand.current,
        hand.drawn,
        hand.last_discard,
        repr(hand.stage),  # the phase's own facts: window answers, rons, pending riichi, abort, dora, ...
        len(hand.events),
        tuple(repr(st) for st in hand.seats),
        tuple(hand.points),
        hand.sticks,
        hand.four_kans_armed,
        hand.calls,
        hand.wall.revealed,
    )


def rigged_wall(hands: list[str], draws: str | Sequence[str | None] = "", dead: str = "", plain_fives: bool = False):
    """A wall dealing these 13-tile hands (seat 0 = dealer first), then ``draws`` from
    the live wall and ``dead`` at the front of the dead wall; the rest in id order.

    By default a five takes the lowest copy left, so the first hand holding a five
    gets the red copy (ids 16, 52, 88). With ``plain_fives`` a ``5`` takes a plain
    copy and only ``0m``/``0p``/``0s`` take the red one. ``draws`` may also be a
    sequence of one tile name (or ``None``: left to the filler) per live position.
    """
    from mahjong_joy.engine.wall import Wall
    from mahjong_joy.notation import parse_tiles, parse_tiles_detailed

    pool = {kind: [4 * kind + i for i in range(4)] for kind in range(34)}

    def take_one(kind: int, red: bool) -> int:
        assert pool[kind], f"no copy of kind {kind} left"
        if not plain_fives or kind not in (4, 13, 22):
            return pool[kind].pop(0)
        copy = 4 * kind if red else next((t for t in pool[kind] if t != 4 * kind), None)
        assert copy in pool[kind], f"no {'red' if red else 'plain'} copy of kind {kind} left"
        pool[kind].remove(copy)
        return copy

    def take(text: str) -> list[int]:
        if not plain_fives:
            return [pool[k].pop(0) for k in (parse_tiles(text) if text else [])]
        out = []
        for group in re.findall(r"[0-9]+[mpsz]", text):
            for digit in group[:-1]:
                (kind,) = parse_tiles_detailed(digit + group[-1]).tiles
                out.append(take_one(kind, digit == "0"))
        return out

    dealt = [take(text) for text in hands]
    if isinstance(draws, str):
        live: list[int | None] = list(take(draws))
    else:
        live = [None if name is None else take(name)[0] for name in draws]
    dead_ids = take(dead)
    rest = [t for k in range(34) for t in pool[k]]
    live = [rest.pop(0) if t is None else t for t in live]
    deck = [0] * 136
    for i, tiles in enumerate(dealt):
        assert len(tiles) == 13, f"hand {i} ({hands[i]}) has {len(tiles)} tiles"
        deck[i:52:4] = tiles
    middle = live + rest[: 70 - len(live)]
    rest = rest[70 - len(live) :]
    deck[52:122] = middle
    deck[122:136] = dead_ids + rest
    return Wall(deck)


def act(hand: HandState, action: Action, check: Callable[[HandState], None] = check_hand) -> list[Event]:
    """Apply one action, then ``check`` the hand (riichi's :func:`check_hand` by default;
    the MCR tests pass theirs)."""
    out = hand.apply(action)
    check(hand)
    return out


def pass_all(hand: HandState, check: Callable[[HandState], None] = check_hand) -> list[Event]:
    """Every seat with a claim (or a kan to rob) passes, each pass checked by ``check``."""
    out: list[Event] = []
    while hand.phase in (Phase.AWAITING_CLAIMS, Phase.AWAITING_ROBBERY):
        out += act(hand, Pass(hand.seats_to_act()[0]), check)
    return out
