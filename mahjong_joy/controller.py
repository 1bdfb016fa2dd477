"""The facilitator: seats (human or AI), claim priority, pacing, and a snapshot for the UI.

The engine only says what is legal; the controller decides whose decision
counts, through :func:`~mahjong_joy.rulesets.claims.resolve_claims`: a win beats
pon and kan, which beat chi; among equals the first seat in turn order after the
discarder wins, and several rons all stand when the rules allow it. AI seats
answer at once; a human is asked whenever their answer could still take effect
(a human's ron is never dropped because an AI also rons).

Nothing here blocks: :meth:`Controller.step` advances until a human decision is
pending, a hand has just ended (so the UI can show the score screen; the next
``step`` deals the next hand, or with ``auto_deal=False`` the UI calls
:meth:`Controller.next_hand`) or the match is over; ``step(1)`` makes at most one
move, for a UI that paces the AI. :meth:`Controller.submit` applies the human's
choice. :meth:`Controller.snapshot` is a read-only picture of the table.

Usage::

    from mahjong_joy.controller import Controller

    ctl = Controller(seats=("human", "potential", "potential", "potential"), seed=7)
    while not ctl.is_over:
        ctl.step()                      # AI seats play; returns the new events
        decision = ctl.pending          # None, or what the human must choose
        if decision is not None:
            ctl.submit(decision.actions[0])   # e.g. a Discard, Pon, Pass...
    snap = ctl.snapshot()
    snap.standings                      # ((seat, points, placement), ...)

Snapshot fields the table screen reads: ``turn`` (whose turn), ``seats[i]``
(``hand`` for visible seats, ``hand_size``, ``drawn_tile``, ``melds`` with the
claimed tile and the seat it came from, ``river`` with claimed/tsumogiri marks,
``points``, ``wind``), ``wall_count``, ``dora_indicators`` (none where dora do not score), ``round_wind``,
``hand_number``, ``honba``, ``dealer``, ``last_events`` (for animation; also
:meth:`Controller.events_since`), ``pending`` (seat, kind, legal actions),
``hand_result`` (the engine's :class:`~mahjong_joy.engine.match.HandResult`, one
``WinResult`` per winner), ``standings``, ``is_over``, ``sticks`` and ``rules``.
Tiles are kinds 0..33, except the fields named for codes (``hand_codes``,
``drawn_code``, a river entry's ``code``, a meld's ``tiles``), where 34..36 are the
red fives. :func:`snapshot_of` builds the snapshot for a live game and a replay
alike; :class:`MeldView` is the one meld shape the UI shares.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from mahjong_joy.ai import SeatWords, make_ai
from mahjong_joy.ai.table_words import table_words
from mahjong_joy.engine.actions import Action, Pass, Ron, action_from_dict
from mahjong_joy.engine.events import Event
from mahjong_joy.engine.match import HandResult, Match, Standing
from mahjong_joy.engine.state import HandState, Phase
from mahjong_joy.engine.view import SeatView, observe
from mahjong_joy.errors import IllegalActionError, MahjongJoyError, RecordError
from mahjong_joy.rulesets.base import WIND_LETTERS, Ruleset
from mahjong_joy.rulesets.claims import claim_rank, resolve_claims
from mahjong_joy.rulesets.rules import TableRules
from mahjong_joy.names import tile_label
from mahjong_joy.tiles import kind_of_code

HUMAN = "human"
TURN, CLAIM, ROB_KAN = "turn", "claim", "rob_kan"


class Decider(Protocol):
    """Anything that picks one legal action from a seat's view (the AIs)."""

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action: ...


@dataclass(frozen=True, slots=True)
class Decision:
    """A human's pending choice: ``kind`` is ``turn``, ``claim`` or ``rob_kan``.

    ``tile`` is the drawn tile on a turn (``None`` after a chi or pon) or the tile
    open to claims. ``actions`` lists exactly the legal actions.
    """

    seat: int
    kind: str
    tile: int | None
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class MeldView:
    """A declared set, the one shape the controller, the table, the score screen and
    the replay share: ``type`` (chi, pon, kan, closed_kan, added_kan), ``tiles`` as
    codes (a red five is 34..36; without red fives a code is its kind), the
    ``claimed`` code and the seat it came ``from_seat`` (both ``None`` for a closed kan)."""

    type: str
    tiles: tuple[int, ...]
    claimed: int | None
    from_seat: int | None


MeldInfo = MeldView  # the name this shape had before the UI shared it


def meld_view(meld: Any, code: Any = None) -> MeldView:
    """The shared shape of an engine meld (tile ids); ``code`` maps an id to its code
    (``HandState.code``), else kinds are shown."""
    show = code or (lambda t: t // 4)
    tiles = tuple(sorted((show(t) for t in meld.tiles), key=lambda c: (kind_of_code(c), c)))
    claimed = None if meld.claimed is None else show(meld.claimed)
    return MeldView(meld.type, tiles, claimed, meld.from_seat)


def result_melds(win: Any) -> tuple[MeldView, ...]:
    """A scored win's melds (``HandResult`` or ``WinResult``: ``melds`` as (type, kinds)
    and ``meld_sources`` as (claimed kind, from seat)) in the shared shape."""
    sources = tuple(win.meld_sources) or ((None, None),) * len(win.melds)
    return tuple(MeldView(kind, tuple(tiles), claimed, src) for (kind, tiles), (claimed, src) in zip(win.melds, sources))


@dataclass(frozen=True, slots=True)
class RiverInfo:
    """One discard: kind, drawn-and-discarded flag, the seat that claimed it (or ``None``),
    its code (a red five shows) and whether it declared riichi."""

    tile: int
    tsumogiri: bool
    claimed_by: int | None
    code: int = -1
    riichi: bool = False


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat on the table; ``hand`` is ``None`` for a hidden hand."""

    seat: int
    kind: str
    wind: str
    is_dealer: bool
    points: int
    hand: tuple[int, ...] | None
    hand_size: int
    drawn_tile: int | None
    melds: tuple[MeldView, ...]
    river: tuple[RiverInfo, ...]
    riichi_at: int | None = None  # river index of the riichi declaration tile
    hand_codes: tuple[int, ...] | None = None  # ``hand`` as codes (red fives 34..36)
    drawn_code: int | None = None


@dataclass(frozen=True, slots=True)
class Snapshot:
    """A read-only picture of the table for the UI (rebuilt on each call)."""

    phase: str
    turn: int
    seats: tuple[SeatInfo, ...]
    wall_count: int
    dora_indicators: tuple[int, ...]
    round_wind: str
    hand_number: int
    honba: int
    dealer: int
    last_discard: tuple[int, int] | None
    last_events: tuple[Event, ...]
    event_count: int
    pending: Decision | None
    hand_result: HandResult | None
    standings: tuple[Standing, ...]
    is_over: bool
    sticks: int = 0  # riichi sticks on the table (1,000 each)
    rules: str = "joy"  # the preset's name
    table_rules: TableRules = TableRules()  # the match's table rules as played (its length may differ from the preset's)


class Controller:
    """Runs a match: asks AI seats, waits for human ones, resolves claims by priority."""

    def __init__(
        self,
        seats: Sequence[str] = (HUMAN, "potential", "potential", "potential"),
        seed: int | str = 0,
        ruleset: Ruleset | None = None,
        max_hands: int | None = None,
        deciders: Sequence[Decider | None] | None = None,
        auto_deal: bool = True,
    ) -> None:
        if len(seats) != 4:
            raise ValueError(f"a table has four seats, got {len(seats)}")
        self.seat_kinds = tuple(seats)
        self.auto_deal = auto_deal
        self.seed = seed
        self.match = Match(seed, ruleset, max_hands)
        words = SeatWords.at_table(self.seat_kinds)  # the reasons name seats as the table does
        self.deciders: list[Decider | None] = [
            None if kind == HUMAN else make_ai(kind, f"{seed}:{seat}", words) for seat, kind in enumerate(seats)
        ]
        if deciders is not None:
            self.deciders = [d or self.deciders[i] for i, d in enumerate(deciders)]
        self.decisions: list[Action] = []  # every action applied to the engine, in order
        self.reasons: list[str | None] = []  # beside each decision: the AI's reason (``last_reason``), if any
        self.hand_first_decision = 0  # the index in ``decisions`` of the current hand's first decision
        self._answer_reasons: dict[int, str | None] = {}
        self.events: list[Event] = list(self.match.take_new_events())
        self.last_events: tuple[Event, ...] = tuple(self.events)
        self._answers: dict[int, Action] = {}

    @classmethod
    def resume(
        cls,
        entry: dict[str, Any],
        seats: Sequence[str],
        ruleset: Ruleset | None = None,
        deciders: Sequence[Decider | None] | None = None,
        auto_deal: bool = True,
        name: str = "record",
    ) -> Controller:
        """The controller a record's match entry left off at, rebuilt by re-applying its decisions.

        ``entry`` is one item of a record's ``matches`` (seed, max_hands, decisions).
        The decisions, events and deals go through the same paths as in play, so
        the rebuilt controller is the one that made the record; fresh AI seats
        then play on as the original ones would have (their choices depend only
        on their seed and the position). Raises ``RecordError`` naming the first
        decision that does not apply.
        """
        ctl = cls(seats, entry["seed"], ruleset, entry.get("max_hands"), deciders, auto_deal)
        for number, data in enumerate(entry["decisions"], start=1):
            action = action_from_dict(data)
            if ctl.is_over:
                raise RecordError(f"{name}: decision {number} comes after the match ended")
            try:
                if ctl.hand.is_finished:
                    ctl._publish(ctl._deal())
                ctl._publish(ctl._apply(action))
            except MahjongJoyError as exc:
                raise RecordError(f"{name}: decision {number} does not apply: {exc}") from None
        reasons = entry.get("reasons")
        if isinstance(reasons, list) and len(reasons) == len(ctl.reasons):
            ctl.reasons = [r if isinstance(r, str) else None for r in reasons]
        return ctl

    # ------------------------------------------------------------ queries

    @property
    def hand(self) -> HandState:
        return self.match.hand

    @property
    def is_over(self) -> bool:
        return self.match.is_over

    @property
    def hand_result(self) -> HandResult | None:
        """The finished hand's result until the next hand is dealt."""
        return self.match.last_result

    @property
    def pending(self) -> Decision | None:
        """The human decision the game waits for, if any."""
        seat = self._human_to_ask()
        if seat is None:
            return None
        hand = self.hand
        if hand.phase is Phase.AWAITING_DISCARD:
            drawn = None if hand.drawn is None else hand.drawn // 4
            return Decision(seat, TURN, drawn, tuple(hand.legal_actions(seat)))
        kind = ROB_KAN if hand.phase is Phase.AWAITING_ROBBERY else CLAIM
        on = hand.pending_kan or hand.last_discard
        tile = None if on is None else on[1] // 4
        return Decision(seat, kind, tile, tuple(hand.legal_actions(seat)))

    def events_since(self, index: int) -> list[Event]:
        """Events after the first ``index`` (a UI keeps its own cursor)."""
        return self.events[index:]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see of the hand in play."""
        return observe(self.hand, seat)

    def furiten_reason(self, seat: int) -> str:
        """Why ``seat`` may not ron now, in words ("" when it may): :func:`furiten_reason`."""
        return furiten_reason(self.hand, seat)

    def wait_report(self, seat: int, discard: int | None = None, riichi: bool = False) -> tuple[tuple[int, int | None, bool, bool], ...]:
        """For each wait the hand would have after discarding code ``discard`` (or now, with
        13 tiles): ``(kind, furiten_by, ron_has_yaku, tsumo_has_yaku)``. ``furiten_by`` is
        the kind in the river (the discard itself included) that makes the wait furiten, or
        ``None``. With ``riichi`` the declaration is the yaku. A read-only question: it works
        on a copy of the hand."""
        import copy

        hand = self.hand
        st = hand.seats[seat]
        ids = list(st.concealed)
        if discard is not None:
            found = [t for t in ids if hand.code(t) == discard]
            if not found:
                return ()
            ids.remove(found[-1])
        counts = [0] * 34
        for t in ids:
            counts[t // 4] += 1
        if sum(counts) + 3 * len(st.melds) != 13:
            return ()
        waits = hand.ruleset.waits(counts, len(st.melds))
        if not waits:
            return ()
        river = st.discarded | (1 << kind_of_code(discard) if discard is not None else 0)
        needs = hand.rules.scoring.yaku_required and not riichi and not st.riichi_accepted
        probe = None
        if needs:
            probe = copy.copy(hand)
            probe.seats = list(hand.seats)
            probe.seats[seat] = copy.copy(st)
            probe.seats[seat].concealed = ids
            probe.seats[seat].river = list(st.river) + [None]  # not a first draw: no tenhou or chiihou
        out = []
        for w in waits:
            furiten_by = w if hand.rules.hand.furiten and river >> w & 1 else None
            ron = tsumo = True
            if probe is not None:
                tile = w * 4 + 1 if w * 4 + 1 not in ids else w * 4 + 2  # a plain copy of the kind
                ron = probe.has_yaku(seat, tile, False, False)
                probe.seats[seat].concealed = ids + [tile]
                tsumo = probe.has_yaku(seat, tile, True, False)
                probe.seats[seat].concealed = ids
            out.append((w, furiten_by, ron, tsumo))
        return tuple(out)

    # ------------------------------------------------------------ driving

    def step(self, limit: int | None = None) -> list[Event]:
        """Advance until a human must decide, a hand ends, or the match ends.

        ``limit`` caps the number of moves (one AI action, one claim resolution
        or one deal each). Returns the new events.
        """
        new: list[Event] = []
        moves = 0
        while limit is None or moves < limit:
            if self.is_over:
                break
            if self.hand.is_finished:
                if moves or not self.auto_deal:
                    break  # the hand ended in this call: the UI shows the result first
                new += self._deal()
                moves += 1
                continue
            made = self._move()
            if not made:
                break
            new += made
            moves += 1
        self._publish(new)
        return new

    def submit(self, action: Action) -> list[Event]:
        """Apply the pending human decision; raises ``IllegalActionError`` if it is not one of its actions."""
        decision = self.pending
        if decision is None or action not in decision.actions:
            seat = getattr(action, "seat", "?")
            what = action.describe() if isinstance(action, Action) else repr(action)
            raise IllegalActionError(f"seat {seat} cannot {what}: not among the pending choices")
        if decision.kind == TURN:
            new = self._apply(action)
        else:
            self._answers[action.seat] = action
            new = self._resolve() if self._human_to_ask() is None else []
        self._publish(new)
        return new

    def table_reasons(self) -> tuple[tuple[int, str] | None, ...]:
        """Per seat, its newest decision of this hand with a reason, as (decision number,
        words), or ``None`` (a human seat, or no reason yet this hand).

        The words are the table's (:func:`~mahjong_joy.ai.table_words.table_words`): a
        live table never shows an opponent's hidden hand (its waits, its shanten), and a
        reason belongs to its hand, so the last hand's thoughts do not carry into the
        next (play test, issue 27 #1 and #7). The full reasons stay in ``reasons`` for
        records and the replay viewer, where every hand is face up."""
        found: list[tuple[int, str] | None] = [None] * 4
        decided: set[int] = set()
        for number in range(len(self.decisions) - 1, self.hand_first_decision - 1, -1):
            action = self.decisions[number]
            if action.seat in decided or not 0 <= action.seat < 4:
                continue
            decided.add(action.seat)
            reason = self.reasons[number] if number < len(self.reasons) else None
            found[action.seat] = (number, table_words(reason, action)) if reason else None
        return tuple(found)

    # ------------------------------------------------------------ internals

    def _publish(self, new: list[Event]) -> None:
        self.events.extend(new)
        self.last_events = tuple(new)

    def _deal(self) -> list[Event]:
        self._answers = {}
        self.hand_first_decision = len(self.decisions)
        return self.match.next_hand()

    def next_hand(self) -> list[Event]:
        """Deal the next hand after the score screen (with ``auto_deal=False``)."""
        new = self._deal()
        self._publish(new)
        return new

    def _apply(self, action: Action, reason: str | None = None) -> list[Event]:
        events = self.match.apply(action)
        self.decisions.append(action)
        self.reasons.append(reason)
        self._answers = {}
        self._answer_reasons = {}
        self._collect_ai_answers()
        return events

    def _collect_ai_answers(self) -> None:
        """Ask every AI seat that may claim the tile just offered, before any human.

        A human is asked only when one of their options beats every AI answer, and
        claims resolve only once all answers are in; without this, pacing the AI
        one move at a time let a human's pass (or pon) silently drop an AI's
        stronger claim.
        """
        hand = self.hand
        if hand.is_finished or hand.phase is Phase.AWAITING_DISCARD:
            return
        for seat in hand.seats_to_act():
            decider = self.deciders[seat]
            if decider is not None and seat not in self._answers:
                self._answers[seat] = decider.choose(observe(hand, seat), hand.legal_actions(seat))
                self._answer_reasons[seat] = _reason_of(decider)

    def _move(self) -> list[Event]:
        """One AI action or one claim resolution; [] when a human must decide."""
        hand = self.hand
        if hand.phase is Phase.AWAITING_DISCARD:
            seat = hand.current
            decider = self.deciders[seat]
            if decider is None:
                return []
            action = decider.choose(observe(hand, seat), hand.legal_actions(seat))
            return self._apply(action, _reason_of(decider))
        self._collect_ai_answers()
        if self._human_to_ask() is not None:
            return []
        return self._resolve()

    def _human_to_ask(self) -> int | None:
        """The first human seat whose answer is still needed, if any: one whose best
        option beats every answer in, or who may ron when several rons all stand."""
        hand = self.hand
        if hand.is_finished or self.is_over:
            return None
        if hand.phase is Phase.AWAITING_DISCARD:
            return hand.current if self.deciders[hand.current] is None else None
        discarder = hand.current
        best = min((claim_rank(a, discarder) for a in self._answers.values()), default=(9, 9))
        several_rons = hand.rules.hand.max_rons > 1
        for seat in hand.seats_to_act():
            if self.deciders[seat] is not None or seat in self._answers:
                continue
            legal = hand.legal_actions(seat)
            strongest = min(claim_rank(a, discarder) for a in legal)
            if strongest < best or (several_rons and any(isinstance(a, Ron) for a in legal)):
                return seat
        return None

    def _resolve(self) -> list[Event]:
        """All needed answers are in: apply the claims that take effect, then pass the rest."""
        hand = self.hand
        chosen = resolve_claims(self._answers, hand.current, hand.rules.hand.max_rons)
        answers, why = dict(self._answers), dict(self._answer_reasons)
        events: list[Event] = []
        for action in chosen:
            if self.hand.is_finished:
                break
            events += self._apply(action, why.get(action.seat) if answers.get(action.seat) == action else None)
        if chosen and not isinstance(chosen[0], Ron):
            return events
        while not self.hand.is_finished and self.hand.phase is not Phase.AWAITING_DISCARD:
            seats = self.hand.seats_to_act()
            if not seats:
                break
            seat = seats[0]
            events += self._apply(Pass(seat), why.get(seat) if isinstance(answers.get(seat), Pass) else None)
        return events

    # ------------------------------------------------------------ snapshot

    def snapshot(self, reveal: bool = False) -> Snapshot:
        """The table now. Hands are shown for human seats, for everyone once a hand
        is finished, or for all with ``reveal`` (debugging)."""
        return snapshot_of(self.match, self.seat_kinds, self._started_position(), reveal=reveal,
                           pending=self.pending, last_events=self.last_events, event_count=len(self.events))

    def _started_position(self) -> tuple[str, int, int]:
        """Round wind, hand number and honba of the hand on the table (not the next one)."""
        for event in reversed(self.events):
            if event.name == "hand_started":
                return (event.round_wind, event.hand_number, event.honba)  # type: ignore[attr-defined]
        return ("E", 1, 0)

    def record(self) -> dict[str, Any]:
        """This match's entry in a record (see :mod:`mahjong_joy.replay.record`): its
        seed, hand limit and every decision, in order."""
        entry: dict[str, Any] = {
            "seed": self.seed,
            "max_hands": self.match.max_hands,
            "decisions": [action.to_dict() for action in self.decisions],
        }
        if any(self.reasons):
            entry["reasons"] = list(self.reasons)  # optional: one per decision, null where none
        return entry


def furiten_reason(hand: HandState, seat: int) -> str:
    """Why ``seat`` may not ron now, in words ("" when it may, or under rules without furiten)."""
    if not hand.rules.hand.furiten or hand.is_finished:
        return ""
    st = hand.seats[seat]
    waits = hand.waits_of(seat)
    if not waits:
        return ""
    own = [w for w in waits if st.discarded >> w & 1]
    if own:
        return f"you discarded the {tile_label(own[0])}, one of your waits"
    if st.riichi_furiten:
        return "a winning tile passed after your riichi"
    if st.temp_furiten:
        return "a winning tile passed since your last discard"
    return ""


def snapshot_of(
    match: Match,
    seat_kinds: Sequence[str],
    position: tuple[str, int, int],
    reveal: bool = False,
    pending: Decision | None = None,
    last_events: tuple[Event, ...] = (),
    event_count: int = 0,
) -> Snapshot:
    """The one picture of a match's table, for a live game and a replay alike.

    ``position`` is the round wind, hand number and honba of the hand on the table;
    hands show for human seats, for everyone once the hand is finished, or for all
    with ``reveal`` (a replay)."""
    hand = match.hand
    last = hand.last_discard
    result = match.last_result
    return Snapshot(
        phase=hand.phase.value,
        turn=hand.current,
        seats=tuple(_seat_info(match, seat_kinds, seat, reveal or hand.is_finished) for seat in range(4)),
        wall_count=hand.wall.live_count,
        dora_indicators=tuple(t // 4 for t in hand.wall.dora_indicators) if match.rules.scores_dora else (),
        round_wind=position[0],
        hand_number=position[1],
        honba=position[2],
        dealer=hand.dealer,
        last_discard=None if last is None else (last[0], last[1] // 4),
        last_events=tuple(last_events),
        event_count=event_count,
        pending=pending,
        hand_result=result,
        standings=match.standings(),
        is_over=match.is_over,
        sticks=hand.sticks if not hand.is_finished or result is None else result.sticks_after,
        rules=match.rules.name,
        table_rules=match.rules.table,
    )


def _seat_info(match: Match, seat_kinds: Sequence[str], seat: int, reveal: bool) -> SeatInfo:
    hand = match.hand
    visible = reveal or seat_kinds[seat] == HUMAN
    drawn = hand.drawn if hand.current == seat and visible else None
    points = match.points if hand.is_finished else hand.points  # during a hand: after the riichi sticks put down
    return SeatInfo(
        seat=seat,
        kind=seat_kinds[seat],
        wind=WIND_LETTERS[(seat - hand.dealer) % 4],
        is_dealer=seat == hand.dealer,
        points=points[seat],
        hand=tuple(sorted(t // 4 for t in hand.concealed[seat])) if visible else None,
        hand_size=len(hand.concealed[seat]),
        drawn_tile=None if drawn is None else drawn // 4,
        melds=tuple(meld_view(m, hand.code) for m in hand.melds[seat]),
        river=tuple(RiverInfo(r.tile // 4, r.tsumogiri, r.claimed_by, hand.code(r.tile), r.riichi) for r in hand.rivers[seat]),
        riichi_at=hand.seats[seat].riichi_at,
        hand_codes=tuple(sorted((hand.code(t) for t in hand.concealed[seat]), key=lambda c: (kind_of_code(c), c))) if visible else None,
        drawn_code=None if drawn is None else hand.code(drawn),
    )


def _reason_of(decider: object) -> str | None:
    """The reason an AI left for its last choice (``last_reason``), if it keeps one."""
    reason = getattr(decider, "last_reason", None)
    return reason if isinstance(reason, str) and reason else None
