"""The one adapter between the table scene and :class:`mahjong_joy.controller.Controller`.

It turns the controller's snapshot into the table's :class:`TableSnapshot`, keeps an
event cursor for animations, and records points after each hand for the match
chart. It never reaches into engine state: only controller calls and snapshots.
"""

from __future__ import annotations

import random
from typing import Any

from mahjong_joy.controller import CLAIM, HUMAN, ROB_KAN, TURN, Controller
from mahjong_joy.engine.actions import Action
from mahjong_joy.tiles import KIND_COUNT
from mahjong_joy.ui.session import SEAT_NAMES, ClaimOffer, HandResult, MeldView, TableSnapshot

WIND_KIND = {"E": 27, "S": 28, "W": 29, "N": 30}


class ControllerSession:
    """A match with the player in seat 0 and AI seats elsewhere (or four AIs for the demo)."""

    def __init__(self, seed: int | None = None, ruleset: str = "joy", max_hands: int | None = None, ai: str = "potential", human: bool = True) -> None:
        self.seed = seed if seed is not None else random.randrange(1_000_000)
        seats = (HUMAN if human else ai, ai, ai, ai)
        self.ctl = Controller(seats=seats, seed=self.seed, max_hands=max_hands, auto_deal=False)
        self.me = 0
        self._cursor = 0
        self._version = 0
        self.history: list[tuple[int, ...]] = []
        self._note_points(self.ctl.events)

    # -- driving ---------------------------------------------------------------------
    def needs_human(self) -> bool:
        """True while the controller waits for the player."""
        return self.ctl.pending is not None

    def step(self) -> None:
        """One paced move of the AI seats (a discard, a claim resolution, a draw)."""
        self._note_points(self.ctl.step(1))
        self._version += 1

    def submit(self, action: Action) -> None:
        """The player's choice (raises ``IllegalActionError`` when it is not pending)."""
        self._note_points(self.ctl.submit(action))
        self._version += 1

    def next_hand(self) -> None:
        """Deal the next hand after the score screen."""
        if not self.ctl.is_over:
            self._note_points(self.ctl.next_hand())
        self._version += 1

    def drain_events(self) -> list[Any]:
        """Events since the last call (the table animates them)."""
        new = self.ctl.events_since(self._cursor)
        self._cursor += len(new)
        return list(new)

    def _note_points(self, events: list[Any]) -> None:
        for event in events:
            if event.name == "hand_started" and not self.history:
                self.history.append(tuple(event.points))
            elif event.name == "hand_scored":
                self.history.append(tuple(event.points))

    # -- reading ---------------------------------------------------------------------
    def snapshot(self) -> TableSnapshot:
        """The table as the player sees it now."""
        snap = self.ctl.snapshot()
        seats = snap.seats
        me = seats[self.me]
        pending = snap.pending if snap.pending is not None and snap.pending.seat == self.me else None
        hand = list(me.hand or ())
        drawn = me.drawn_tile if pending is not None and pending.kind == TURN else None
        if drawn is not None and drawn in hand:
            hand.remove(drawn)
        melds = tuple(tuple(MeldView(m.type, m.tiles, m.claimed, m.from_seat) for m in s.melds) for s in seats)
        rivers = tuple(tuple(r.tile for r in s.river if r.claimed_by is None) for s in seats)
        claim = None
        if pending is not None and pending.kind in (CLAIM, ROB_KAN):
            source = snap.last_discard[0] if snap.last_discard else snap.turn
            claim = ClaimOffer(pending.tile if pending.tile is not None else 0, source, pending.actions)
        result = _result(snap.hand_result) if snap.hand_result is not None and snap.phase == "finished" else None
        revealed = {}
        if result is not None:
            shown = {result.winner} if result.winner is not None else {seat for seat, _ in result.ready}
            revealed = {s.seat: s.hand for s in seats if s.seat in shown and s.seat != self.me and s.hand}
        return TableSnapshot(
            me=self.me,
            names=SEAT_NAMES,
            points=tuple(s.points for s in seats),
            round_wind=WIND_KIND.get(snap.round_wind, 27),
            hand_number=snap.hand_number,
            honba=snap.honba,
            dealer=snap.dealer,
            turn=snap.turn,
            phase=snap.phase,
            hand=tuple(hand),
            drawn=drawn,
            hand_sizes=tuple(s.hand_size for s in seats),
            melds=melds,
            rivers=rivers,
            wall_count=snap.wall_count,
            dora_indicators=snap.dora_indicators,
            own_actions=pending.actions if pending is not None and pending.kind == TURN else (),
            claim=claim,
            visible34=tuple(_visible(me.hand or (), seats, snap.dora_indicators)),
            result=result,
            revealed=revealed,
            match_over=snap.is_over,
            standings=tuple((st.seat, st.points, st.placement) for st in snap.standings),
            history=tuple(self.history),
            version=self._version,
        )


def _visible(hand: tuple[int, ...], seats: Any, dora: tuple[int, ...]) -> list[int]:
    """Copies of each kind the player can see: own hand, rivers, melds, dora indicators."""
    counts = [0] * KIND_COUNT
    for t in hand:
        counts[t] += 1
    for s in seats:
        for r in s.river:
            if r.claimed_by is None:
                counts[r.tile] += 1
        for m in s.melds:
            for t in m.tiles:
                counts[t] += 1
    for t in dora:
        counts[t] += 1
    return [min(4, n) for n in counts]


def _result(r: Any) -> HandResult:
    """Copy the controller's hand result into the table's own type."""
    melds = tuple(MeldView(kind, tuple(tiles), None, None) for kind, tiles in r.melds)
    return HandResult(r.winner, r.from_seat, r.tsumo, r.win_tile, tuple(r.hand), melds, tuple(r.yaku), r.han, r.fu, r.limit,
                      tuple(r.payments), tuple(r.deltas), tuple(r.points), tuple(r.ready))
