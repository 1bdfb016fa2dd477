"""A match: hands in sequence, points and sticks, dealer rotation and honba, final standings.

The match owns the table (:class:`~mahjong_joy.rulesets.base.TableState`) and
asks its :class:`~mahjong_joy.rulesets.base.Ruleset` the family's questions: the
wall's tile set, how a hand is paid (``settle``), the next table or the end
(``next_table``) and the final standings; it imports no family. Each hand's wall derives
from the match seed and the hand's counters (:func:`wall_key`), so a hand replays
on its own. The match does not start the next hand by itself: the controller
calls :meth:`next_hand`, so a UI can show the score screen in between.

An imported game (an mjai or tenhou.net/6 log) is played from given decks
instead: ``deals`` lists each hand's 136 ids in :class:`~mahjong_joy.engine.wall.Wall`
order, and ``start`` is the table of its first hand, so the engine referees
another program's game with exactly its tiles. ``decks`` keeps the deck of every
hand dealt, whichever way it came, for exports.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.events import Event, HandScored, HandStarted, MatchEnded
from mahjong_joy.engine.outcome import DrawReason, HandOutcome, WinResult
from mahjong_joy.engine.state import HandEnd, HandState
from mahjong_joy.engine.wall import Wall, wall_key
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.rulesets.base import Position, Ruleset, ScoredWin, Settlement, Standing, TableState, order_of


def standings_of(points: list[int] | tuple[int, ...]) -> tuple[Standing, ...]:
    """Seats ordered by points; equal points go to the earlier seat (East first)."""
    return tuple(Standing(seat, points[seat], place + 1) for place, seat in enumerate(order_of(points)))


class Match:
    """A match on one seed under one ruleset (required: the engine knows no default
    family; :func:`~mahjong_joy.rulesets.joy.ruleset_for` is the registry's door)."""

    def __init__(
        self,
        seed: int | str,
        ruleset: Ruleset,
        max_hands: int | None = None,
        deals: Sequence[Sequence[int]] | None = None,
        start: TableState | None = None,
    ) -> None:
        self.seed = seed
        self.ruleset = ruleset
        self.rules = self.ruleset.rules
        self.max_hands = max_hands
        self.deals = deals
        self.decks: list[list[int]] = []
        points = self.ruleset.starting_points
        self.table = start or TableState(points=(points,) * 4)
        self.points = list(self.table.points)
        self.sticks = self.table.sticks
        self.hands_played = 0
        self.results: list[HandOutcome] = []
        self.events: list[Event] = []
        self.is_over = False
        self.final: tuple[Standing, ...] | None = None
        self.hand: HandState = self._deal()

    @property
    def position(self) -> Position:
        return self.table.position

    @property
    def last_result(self) -> HandOutcome | None:
        """The result of the hand just finished (``None`` while a hand is in play)."""
        return self.results[-1] if self.results and self.hand.is_finished else None

    @property
    def wall_key(self) -> str:
        """The key of this hand's shuffle, or ``deal:N`` for the N-th (from 1) given deck."""
        t = self.table
        if self.deals is not None:
            return f"deal:{len(self.decks) + 1}"
        return wall_key(self.seed, t.round_wind, t.hand_number, t.honba)

    def _wall(self) -> Wall:
        """This hand's wall: the next given deck, or the seeded shuffle."""
        shape = self.ruleset.wall_shape()
        if self.deals is None:
            return Wall.from_key(self.wall_key, shape.tiles, shape.dead_wall)
        if len(self.decks) >= len(self.deals):
            raise IllegalActionError(f"no deck given for hand {len(self.decks) + 1}: the match has {len(self.deals)}")
        return Wall(list(self.deals[len(self.decks)]), shape.tiles, shape.dead_wall)

    def _deal(self) -> HandState:
        t = self.table
        key = self.wall_key
        wall = self._wall()
        self.decks.append(list(wall.deck))
        hand = HandState(wall, t.dealer, self.ruleset, t)
        started = HandStarted(t.round_wind, t.hand_number, t.honba, t.dealer, key, t.points, t.sticks, t.players)
        self._new_events = [started] + hand.events
        self.events.extend(self._new_events)
        return hand

    def take_new_events(self) -> list[Event]:
        """Events of the last deal not yet handed out (the controller collects them)."""
        out, self._new_events = self._new_events, []
        return out

    def next_hand(self) -> list[Event]:
        """Deal the next hand after a finished one; returns its opening events."""
        if self.is_over or not self.hand.is_finished:
            raise IllegalActionError("cannot start the next hand: the current one is still in play or the match is over")
        self.hand = self._deal()
        return self.take_new_events()

    def apply(self, action: Action) -> list[Event]:
        """Apply one action to the hand in play; settle the hand when it ends."""
        hand = self.hand
        if hand.is_finished:
            raise IllegalActionError(f"seat {getattr(action, 'seat', '?')} cannot act: the hand is over")
        events = hand.apply(action)
        if hand.is_finished:
            events = events + self._settle(self.hand.outcome)  # type: ignore[arg-type]
        self.events.extend(events)
        return events

    def _settle(self, end: HandEnd) -> list[Event]:
        table = self.table
        settlement = self.ruleset.settle(end, table)
        points = tuple(a + b for a, b in zip(end.points, settlement.deltas))
        result = self._result_of(end, settlement, points)
        self.points = list(points)
        self.sticks = settlement.sticks_after
        self.results.append(result)
        self.hands_played += 1
        out: list[Event] = [HandScored(result)]
        following = self.ruleset.next_table(table, points, settlement, end.abort is not None)
        if following is None or (self.max_hands is not None and self.hands_played >= self.max_hands):
            self.is_over = True
            self.final = self.ruleset.final_standings(points, self.sticks, table.players)
            out.append(MatchEnded(tuple((s.seat, s.points, s.placement) for s in self.final)))
        else:
            self.table = following
        return out

    def _result_of(self, end: HandEnd, settlement: Settlement, points: tuple[int, ...]) -> HandOutcome:
        wins = tuple(self._win_result(end, win, end.sticks if i == 0 else 0) for i, win in enumerate(settlement.wins))
        draw = None if wins else DrawReason(end.abort or DrawReason.EXHAUSTIVE)
        return HandOutcome(
            wins, draw, settlement.deltas, points, () if wins else end.ready, () if wins else tuple(end.nagashi),
            end.riichi, self.table, settlement.sticks_after, end.flowers,
        )

    def _win_result(self, end: HandEnd, win: ScoredWin, sticks: int) -> WinResult:
        facts = next(f for f in end.wins if f.seat == win.seat)
        s, score = facts.situation, win.score
        deltas = [-p for p in win.paid]
        deltas[win.seat] = sum(win.paid) + 1000 * sticks
        return WinResult(
            win.seat, win.from_seat, win.tsumo, facts.win_code, facts.hand, facts.melds,
            pao_seat=win.pao_seat, deltas=tuple(deltas), **self.ruleset.result_fields(score, s),
        )

    def standings(self) -> tuple[Standing, ...]:
        """The table now (final once ``is_over``: leftover sticks to first, game points)."""
        if self.final is not None:
            return self.final
        return standings_of(self.points)
