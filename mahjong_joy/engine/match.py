"""A match: hands in sequence, points, dealer rotation and honba, final standings.

The match owns the score table and asks its ruleset how each hand is paid and
which hand comes next. Each hand's wall derives from the match seed and the
hand's counters (:func:`wall_key`), so a hand replays on its own. The match does
not start the next hand by itself: the controller calls :meth:`next_hand`, so a
UI can show the score screen in between.
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjong_joy.engine.actions import Action
from mahjong_joy.engine.events import Event, HandScored, HandStarted, MatchEnded
from mahjong_joy.engine.state import HandState, Outcome
from mahjong_joy.engine.wall import wall_key
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.rulesets.base import Position, Ruleset, WinContext
from mahjong_joy.rulesets.joy import JoyRuleset


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the final table: seat, points, placement (1 = first)."""

    seat: int
    points: int
    placement: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended and was paid: what the score screen shows.

    ``winner`` is ``None`` on an exhaustive draw, when ``ready`` lists the ready
    seats with their waits. ``hand`` is the winner's concealed kinds including the
    winning tile; ``melds`` its declared sets as ``(type, kinds)``; ``fu_details``
    the scorer's fu lines as ``(reason, fu, tiles)``; ``meld_sources`` per meld the
    claimed kind and the seat it came from (``None`` for a closed kan), so the
    score screen can turn the claimed tile toward that seat as the table does.
    """

    winner: int | None
    from_seat: int | None
    tsumo: bool
    win_tile: int | None
    hand: tuple[int, ...]
    melds: tuple[tuple[str, tuple[int, ...]], ...]
    yaku: tuple[tuple[str, int], ...]
    han: int
    fu: int
    limit: str
    payments: tuple[tuple[str, int], ...]
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    ready: tuple[tuple[int, tuple[int, ...]], ...]
    fu_details: tuple[tuple[str, int, str], ...] = ()
    meld_sources: tuple[tuple[int | None, int | None], ...] = ()


def standings_of(points: list[int] | tuple[int, ...]) -> tuple[Standing, ...]:
    """Seats ordered by points; equal points go to the earlier seat (East first)."""
    order = sorted(range(4), key=lambda seat: (-points[seat], seat))
    return tuple(Standing(seat, points[seat], place + 1) for place, seat in enumerate(order))


class Match:
    """An East-round match on one seed: apply actions, read results and standings."""

    def __init__(self, seed: int | str, ruleset: Ruleset | None = None, max_hands: int | None = None) -> None:
        self.seed = seed
        self.ruleset = ruleset or JoyRuleset()
        self.max_hands = max_hands
        self.points = [self.ruleset.starting_points] * 4
        self.position = Position()
        self.hands_played = 0
        self.results: list[HandResult] = []
        self.events: list[Event] = []
        self.is_over = False
        self.hand: HandState = self._deal()

    @property
    def last_result(self) -> HandResult | None:
        """The result of the hand just finished (``None`` while a hand is in play)."""
        return self.results[-1] if self.results and self.hand.is_finished else None

    @property
    def wall_key(self) -> str:
        p = self.position
        return wall_key(self.seed, p.round_wind, p.hand_number, p.honba)

    def _deal(self) -> HandState:
        p = self.position
        hand = HandState.from_key(self.wall_key, p.dealer, self.ruleset)
        started = HandStarted(p.round_wind, p.hand_number, p.honba, p.dealer, self.wall_key, tuple(self.points))
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
        if self.hand.is_finished:
            raise IllegalActionError(f"seat {getattr(action, 'seat', '?')} cannot act: the hand is over")
        events = self.hand.apply(action)
        if self.hand.is_finished:
            events = events + self._settle(self.hand.outcome)  # type: ignore[arg-type]
        self.events.extend(events)
        return events

    def _settle(self, outcome: Outcome) -> list[Event]:
        result = self._result_of(outcome)
        self.points = list(result.points)
        self.results.append(result)
        self.hands_played += 1
        out: list[Event] = [
            HandScored(
                result.winner, result.from_seat, result.yaku, result.han, result.fu, result.limit,
                result.payments, result.deltas, result.points,
            )
        ]
        following = self.ruleset.next_position(self.position, result.winner, self.points)
        if following is None or (self.max_hands is not None and self.hands_played >= self.max_hands):
            self.is_over = True
            out.append(MatchEnded(tuple((s.seat, s.points, s.placement) for s in self.standings())))
        else:
            self.position = following
        return out

    def _result_of(self, outcome: Outcome) -> HandResult:
        hand, p = self.hand, self.position
        if outcome.winner is None:
            ready = tuple(seat for seat, _ in outcome.ready)
            deltas = self.ruleset.settle_draw(ready, p.dealer)
            points = tuple(a + b for a, b in zip(self.points, deltas))
            return HandResult(None, None, False, None, (), (), (), 0, 0, "", (), deltas, points, outcome.ready)
        seat = outcome.winner
        win = WinContext(
            seat=seat,
            from_seat=outcome.from_seat,  # type: ignore[arg-type]
            tsumo=outcome.tsumo,
            hand=tuple(sorted(t // 4 for t in hand.concealed[seat])),
            win_tile=outcome.win_tile,  # type: ignore[arg-type]
            melds=tuple((m.type, m.kinds) for m in hand.melds[seat]),
            dealer=p.dealer,
            round_wind=p.round_wind,
            honba=p.honba,
            dora_indicators=tuple(t // 4 for t in hand.wall.dora_indicators),
            rinshan=outcome.rinshan,
            robbed_kan=outcome.robbed_kan,
            last_tile=outcome.last_tile,
        )
        score = self.ruleset.score_win(win)
        points = tuple(a + b for a, b in zip(self.points, score.deltas))
        return HandResult(
            seat, win.from_seat, win.tsumo, win.win_tile, win.hand, win.melds, score.yaku, score.han,
            score.fu, score.limit, tuple(sorted(score.payments.items())), score.deltas, points, (),
            score.fu_details,
            tuple((None if m.claimed is None else m.claimed // 4, m.from_seat) for m in hand.melds[seat]),
        )

    def standings(self) -> tuple[Standing, ...]:
        """The table now (final once ``is_over``)."""
        return standings_of(self.points)
