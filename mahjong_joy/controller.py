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
(``hand`` for visible seats, ``hand_size``, ``drawn``, ``melds`` with the
claimed tile and the seat it came from, ``river`` with claimed/tsumogiri marks,
``points``, ``wind``), ``wall_count``, ``dora_indicators`` (none where dora do not score), ``round_wind``,
``hand_number``, ``honba``, ``dealer``, ``last_events`` (for animation; also
:meth:`Controller.events_since`), ``pending`` (seat, kind, legal actions),
``hand_result`` (the engine's :class:`~mahjong_joy.engine.match.HandOutcome`, one
``WinResult`` per winner), ``standings``, ``is_over``, ``sticks`` and ``rules``.
A seat's tiles (``hand``, ``drawn``, a river entry's ``tile``, a meld's ``tiles``) are
codes, where 34..36 are the red fives; ``dora_indicators`` and ``last_discard`` name kinds.
:func:`snapshot_of` builds the snapshot for a live game and a replay alike;
:class:`~mahjong_joy.melds.Meld` is the one meld shape the UI shares. The screens never
analyse a hand: the guide's shanten, waits and best discard come from
:func:`guide_facts` (:class:`GuideFacts`), the end-of-hand rows' from :func:`ready_state`,
and its defence (danger per tile, push or fold) from :meth:`Controller.defence`: the Hard
AI's own reading of the seat's view (:mod:`mahjong_joy.ai.defence`).
A record's decisions are re-applied through the one replay loop,
:func:`~mahjong_joy.replay.record.replay_decisions` (:meth:`Controller.resume`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from mahjong_joy.ai import AI_KINDS, LEVELS, SeatWords, make_ai
from mahjong_joy.i18n import N_, tr
from mahjong_joy.ai.defence import Defence, seat_defence
from mahjong_joy.ai.flower_first import FlowerFirst
from mahjong_joy.ai.table_words import table_words
from mahjong_joy.engine.actions import Action, Discard, Pass, Ron
from mahjong_joy.engine.events import Event
from mahjong_joy.engine.match import Match, Standing
from mahjong_joy.engine.outcome import HandOutcome
from mahjong_joy.engine.state import HandState, Phase
from mahjong_joy.engine.view import SeatView, observe
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.melds import Meld, code_order
from mahjong_joy.rulesets.base import Ruleset
from mahjong_joy.rulesets.claims import claim_rank, resolve_claims
from mahjong_joy.rulesets.mcr import NO_WIN_TILE, McrSituation, fan_by_wait
from mahjong_joy.rulesets.mcr.lift import FanLift, lift_complete, lift_ready
from mahjong_joy.rulesets.mcr.family import mcr_meld
from mahjong_joy.rulesets.riichi.scorer import dora_of
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.presets import DEFAULT_PRESET, find_preset
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.hand.advice import best_candidate
from mahjong_joy.hand.shanten import shanten
from mahjong_joy.hand.waits import DiscardCandidate, discard_candidates, waiting_tiles
from mahjong_joy.names import HUMAN, WIND_LETTERS, tile_label
from mahjong_joy.replay.record import replay_decisions, start_match
from mahjong_joy.tiles import DRAGONS, is_flower_code, is_flower_id, kind_of, kind_of_code

DEFAULT_RULES = find_preset(DEFAULT_PRESET)
FURITEN_MARKS = {"riichi": N_("riichi: a win passed"), "missed": N_("a win passed")}  # a wait's mark for the guide (tr'd when asked)

TURN, CLAIM, ROB_KAN = "turn", "claim", "rob_kan"
DEFAULT_LEVEL = "normal"  # for a seat that was human in a record played on: the Settings' default opponent level


class Decider(Protocol):
    """Anything that picks one legal action from a seat's view (the AIs)."""

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action: ...


@dataclass(frozen=True, slots=True)
class Decision:
    """A human's pending choice: ``kind`` is ``turn``, ``claim`` or ``rob_kan``.

    ``tile`` is the drawn tile on a turn (``None`` after a chi or pon) or the tile
    open to claims. ``actions`` lists exactly the legal actions; ``refused`` pairs
    each held code that may not be discarded on a turn with the engine's reason
    (kuikae, or the lock after riichi), for the greyed tiles.
    """

    seat: int
    kind: str
    tile: int | None
    actions: tuple[Action, ...]
    refused: tuple[tuple[int, str], ...] = ()

    def refusal_of(self, code: int) -> str:
        """The engine's reason this code may not be discarded ("" when it may)."""
        return next((reason for c, reason in self.refused if c == code), "")


@dataclass(frozen=True, slots=True)
class RiverInfo:
    """One discard: its code (a red five shows), drawn-and-discarded flag, the seat that
    claimed it (or ``None``) and whether it declared riichi."""

    tile: int
    tsumogiri: bool
    claimed_by: int | None
    riichi: bool = False


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat on the table: ``hand`` its concealed codes sorted by kind (``None`` for a
    hidden hand), ``drawn`` the code just drawn (``None`` unless it is this visible seat's turn)."""

    seat: int
    kind: str
    wind: str
    is_dealer: bool
    points: int
    hand: tuple[int, ...] | None
    hand_size: int
    drawn: int | None
    melds: tuple[Meld, ...]
    river: tuple[RiverInfo, ...]
    riichi_at: int | None = None  # river index of the riichi declaration tile
    player: int = -1  # who sits here: the chair he held in the first hand (Chinese Official players move, B3)
    flowers: tuple[int, ...] = ()  # flowers declared face up (codes 37..44)
    kept_flowers: tuple[int, ...] | None = ()  # flowers held beside the hand (codes; None for a hidden hand)


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
    hand_result: HandOutcome | None
    standings: tuple[Standing, ...]
    is_over: bool
    sticks: int = 0  # riichi sticks on the table (1,000 each)
    rules: Rules = DEFAULT_RULES  # the rules as played (its table's length may differ from the preset's)
    players: tuple[int, ...] = (0, 1, 2, 3)  # who sits in each chair (seat): a player is his chair in the first hand


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
        match: Match | None = None,
    ) -> None:
        """``match`` is one already started (a record's own: :func:`~mahjong_joy.replay.record.start_match`);
        by default a new one on ``seed`` under ``ruleset``."""
        if len(seats) != 4:
            raise ValueError(f"a table has four seats, got {len(seats)}")
        self.seat_kinds = tuple(seats)  # per player: the seat each held in the first hand (records, summaries)
        self.chair_kinds = tuple(seats)  # per chair (engine seat) of the hand in play: see ``_seat_players``
        self.auto_deal = auto_deal
        self.seed = seed
        self.match = match or Match(seed, ruleset or ruleset_for(), max_hands)
        words = SeatWords.at_table(self.seat_kinds)  # the reasons name seats as the first hand's table does
        self._words = words  # re-seated with the players when they change chairs (``_seat_players``)
        rules = self.match.rules
        self._player_deciders: list[Decider | None] = [
            None if kind == HUMAN else _make_decider(kind, f"{seed}:{seat}", words, rules) for seat, kind in enumerate(seats)
        ]
        if deciders is not None:
            self._player_deciders = [d or self._player_deciders[i] for i, d in enumerate(deciders)]
        self.deciders: list[Decider | None] = list(self._player_deciders)
        self.players = (0, 1, 2, 3)  # who sits in each chair for the hand in play (TableState.players)
        self._seat_players(self.match.hand.players)
        self.decisions: list[Action] = []  # every action applied to the engine, in order
        self.reasons: list[str | None] = []  # beside each decision: the AI's reason (``last_reason``), if any
        self.hand_starts = [0]  # the index in ``decisions`` of each hand's first decision
        self.spoken_from = 0  # reasons before this decision were worded for another table (Play from here)
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
        match = start_match(entry, ruleset or ruleset_for(), name)  # an imported game's own decks included
        ctl = cls(seats, entry["seed"], match.ruleset, entry.get("max_hands"), deciders, auto_deal, match)
        replay_decisions(entry["decisions"], ctl.match, f"{name}:",
                         deal=lambda: ctl._publish(ctl._deal()), apply=lambda action: ctl._publish(ctl._apply(action)))
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
    def hand_result(self) -> HandOutcome | None:
        """The finished hand's result until the next hand is dealt."""
        return self.match.last_result

    @property
    def awaits_human(self) -> bool:
        """Whether the game waits for a human decision: :attr:`pending` without building it
        (the table asks every frame; the decision lists each refused tile's reason)."""
        return self._human_to_ask() is not None

    @property
    def pending(self) -> Decision | None:
        """The human decision the game waits for, if any."""
        seat = self._human_to_ask()
        if seat is None:
            return None
        hand = self.hand
        if hand.phase is Phase.AWAITING_DISCARD:
            drawn = None if hand.drawn is None or is_flower_id(hand.drawn) else kind_of(hand.drawn)  # a flower has no kind
            legal = tuple(hand.legal_actions(seat))
            return Decision(seat, TURN, drawn, legal, _refused_discards(hand, seat, legal))
        kind = ROB_KAN if hand.phase is Phase.AWAITING_ROBBERY else CLAIM
        on = hand.pending_kan or hand.last_discard
        tile = None if on is None else kind_of(on[1])
        return Decision(seat, kind, tile, tuple(hand.legal_actions(seat)))

    def events_since(self, index: int) -> list[Event]:
        """Events after the first ``index`` (a UI keeps its own cursor)."""
        return self.events[index:]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see of the hand in play."""
        return observe(self.hand, seat)

    def chair_of(self, player: int) -> int:
        """The chair (engine seat) ``player`` sits in for the hand on the table: his own seat
        under riichi rules; Chinese Official play moves players each round (RULES.md B3)."""
        return self.players.index(player)

    def points_by_player(self) -> tuple[int, ...]:
        """The match's points per player (``match.points`` are per chair of the hand on the table)."""
        return tuple(self.match.points[self.chair_of(player)] for player in range(4))

    def furiten_reason(self, seat: int) -> str:
        """Why ``seat`` may not ron now, in words ("" when it may): :func:`furiten_reason`."""
        return furiten_reason(self.hand, seat)

    def wait_report(self, seat: int, discard: int | None = None, riichi: bool = False) -> tuple[tuple[int, int | None, bool, bool], ...]:
        """For each wait the hand would have after discarding code ``discard``: the
        engine's :meth:`~mahjong_joy.engine.state.HandState.wait_report`."""
        return self.hand.wait_report(seat, discard, riichi)

    def wait_fan(self, seat: int, discard: int | None = None, tsumo: bool = False) -> tuple[WaitFan, ...]:
        """Chinese Official: for each wait the seat's hand would have (after discarding code
        ``discard``; ``None``: the 13 tiles now), what a win on it by a discard (``tsumo``:
        self-drawn) would score
        (RULES.md B2 "8-fan minimum", flowers not counted), so the guide can say which waits
        are short of 8; empty under other rules or when the hand would not be ready."""
        found = self._mcr_hand(seat, discard, tsumo)
        if found is None or found[0].win_tile != NO_WIN_TILE:
            return ()
        waiting, seen = found
        mine = [0] * 34
        for kind in waiting.hand:
            mine[kind] += 1
        last = [k for k in range(34) if seen[k] - mine[k] >= 3]  # the other three copies in sight (和绝张)
        scores = fan_by_wait(waiting, last)
        return tuple(WaitFan(kind, score.fan_total, tuple(f for f, _, _ in score.fan if f != "flower_tiles"), score.valid,
                             max(0, 4 - seen[kind])) for kind, score in sorted(scores.items()))

    def fan_lift(self, seat: int, discard: int | None = None) -> FanLift | None:
        """Chinese Official: what would make a hand short of 8 fan a win (RULES.md B2
        "8-fan minimum"), so the guide can say "6 fan: needs 8; Mixed Triple Chow would
        make it": the likeliest swap one tile away and the fan it gains
        (:mod:`mahjong_joy.rulesets.mcr.lift`, scored by the scorer itself). With the
        seat's 14 tiles (``discard`` ``None`` on its turn) a hand the drawn tile completes
        under 8 fan: the tile to give up and the win after it; with 13 (the hand now, or
        after discarding code ``discard``) a ready hand whose waits all fall short: the tile
        to draw, the one to give up and the win. ``None`` under other rules, when the hand
        is neither, or when no single swap reaches 8."""
        found = self._mcr_hand(seat, discard, False)
        if found is None:
            return None
        situation, seen = found
        unseen = [max(0, 4 - n) for n in seen]
        if situation.win_tile == NO_WIN_TILE:
            return lift_ready(situation, unseen)
        return lift_complete(situation, unseen)

    def _mcr_hand(self, seat: int, discard: int | None, tsumo: bool) -> tuple[McrSituation, list[int]] | None:
        """The scorer's picture of ``seat``'s hand under Chinese Official rules, with the kinds
        it can see: 13 tiles (after ``discard``) as a waiting hand, or its 14 on its turn as
        won on the drawn tile; ``None`` under other rules, after the hand, or on a wrong count."""
        if getattr(self.match.rules, "family", "riichi") != "mcr" or self.hand.is_finished:
            return None
        if discard is not None and is_flower_code(discard):
            return None  # a kept flower's discard (RULES.md B1) leaves no hand to score: it never was in it
        view = self.view(seat)
        kinds = [kind_of_code(c) for c in view.hand]
        if discard is not None:
            if kind_of_code(discard) not in kinds:
                return None
            kinds.remove(kind_of_code(discard))
        melds = tuple(mcr_meld(m) for m in view.melds[seat])
        context = dict(melds=melds, seat_wind=27 + (seat - view.dealer) % 4, round_wind=27 + WIND_LETTERS.index(view.round_wind),
                       flowers=len(view.flowers[seat]), tsumo=tsumo)
        seen = view.visible_counts34()
        if len(kinds) + 3 * len(melds) == 13:
            return McrSituation.waiting(kinds, **context), seen
        if len(kinds) + 3 * len(melds) == 14 and view.drawn is not None:
            return McrSituation(hand=tuple(sorted(kinds)), win_tile=kind_of_code(view.drawn), **context), seen
        return None

    def furiten_after(self, seat: int, discard: int | None = None) -> str:
        """Why every wait of ``seat`` is furiten, beyond a wait in its own river (which
        :meth:`wait_report` marks), as a wait's short mark ("" when nothing else holds):
        with 13 tiles (``discard`` ``None``) the furiten in force now (``riichi: a win
        passed``, ``a win passed``, or the river tile); after a discard only riichi
        furiten, which lasts the hand (temporary furiten ends with the seat's own
        discard, C1-2 and C1-3)."""
        hand = self.hand
        if hand.is_finished or not hand.rules.hand.furiten:
            return ""
        if discard is not None:
            return tr(FURITEN_MARKS["riichi"]) if hand.seats[seat].riichi_furiten else ""
        cause = hand.furiten_cause(seat)
        if cause is None:
            return ""
        what, kind = cause
        return tile_label(kind) if what == "discarded" and kind is not None else tr(FURITEN_MARKS[what])

    def defence(self, seat: int, names: Sequence[str]) -> Defence | None:
        """The guide's defence for ``seat`` (:func:`~mahjong_joy.ai.defence.seat_defence`):
        the Hard AI's danger marks and, on the seat's turn, its push or fold, read from the
        seat's own view only; ``names`` name the seats as the player's table does."""
        if self.hand.is_finished:
            return None
        pending = self.pending
        legal = pending.actions if pending is not None and pending.seat == seat and pending.kind == TURN else ()
        return seat_defence(self.view(seat), legal, SeatWords(seat, tuple(names), local=True))  # the guide's words: the player's language


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

    def decision_at(self, hand: int, step: int) -> int:
        """The index in ``decisions`` of ``step`` (from 0) of hand ``hand`` (from 1), as
        ``replay --hand K --step S`` counts: where a Play-from-here match left its record."""
        return self.hand_starts[hand - 1] + step if 0 < hand <= len(self.hand_starts) else len(self.decisions)

    def table_reasons(self) -> tuple[tuple[int, str] | None, ...]:
        """Per seat, its newest decision of this hand with a reason, as (decision number,
        words), or ``None`` (a human seat, or no reason yet this hand).

        The words are the table's (:func:`~mahjong_joy.ai.table_words.table_words`): a
        live table never shows an opponent's hidden hand (its waits, its shanten), and a
        reason belongs to its hand, so the last hand's thoughts do not carry into the
        next (play test, issue 27 #1 and #7). The full reasons stay in ``reasons`` for
        records and the replay viewer, where every hand is face up. Reasons recorded before
        ``spoken_from`` named the seats as another table did (a Play-from-here record,
        where "Nana" is now "You"), so they are not shown (#6)."""
        found: list[tuple[int, str] | None] = [None] * 4
        decided: set[int] = set()
        for number in range(len(self.decisions) - 1, max(self.hand_starts[-1], self.spoken_from) - 1, -1):
            action = self.decisions[number]
            if action.seat in decided or not 0 <= action.seat < 4:
                continue
            decided.add(action.seat)
            if self.chair_kinds[action.seat] == HUMAN:
                continue  # the player's own seat has no bubble (a Play-from-here seat's recorded AI words included)
            reason = self.reasons[number] if number < len(self.reasons) else None
            found[action.seat] = (number, table_words(reason, action)) if reason else None
        return tuple(found)

    # ------------------------------------------------------------ internals

    def _publish(self, new: list[Event]) -> None:
        self.events.extend(new)
        self.last_events = tuple(new)

    def _deal(self) -> list[Event]:
        self._answers = {}
        self.hand_starts.append(len(self.decisions))
        events = self.match.next_hand()
        self._seat_players(self.match.hand.players)
        return events

    def _seat_players(self, players: tuple[int, ...]) -> None:
        """Seat the players in their chairs for the hand dealt (Chinese Official moves them
        at each round, RULES.md B3): ``chair_kinds`` and ``deciders`` follow them, so an
        engine seat (a chair) is asked by whoever sits there. Riichi never moves anyone."""
        if players == self.players:
            return
        self.players = tuple(players)
        self.chair_kinds = tuple(self.seat_kinds[p] for p in players)
        self.deciders = [self._player_deciders[p] for p in players]
        seated = self._words.seated(players)
        for decider in self.deciders:
            if isinstance(getattr(decider, "words", None), SeatWords):
                decider.words = seated  # type: ignore[union-attr]  # its reasons name the chairs as they are now

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
                view = observe(hand, seat)
                self._answers[seat] = decider.choose(view, view.legal_actions)
                self._answer_reasons[seat] = _reason_of(decider)

    def _move(self) -> list[Event]:
        """One AI action or one claim resolution; [] when a human must decide."""
        hand = self.hand
        if hand.phase is Phase.AWAITING_DISCARD:
            seat = hand.current
            decider = self.deciders[seat]
            if decider is None:
                return []
            view = observe(hand, seat)
            action = decider.choose(view, view.legal_actions)
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
        is finished, or for all with ``reveal`` (debugging). Its seats are the chairs of
        the hand on the table (``Snapshot.players`` says who sits in each)."""
        return snapshot_of(self.match, self.chair_kinds, self._started_position(), reveal=reveal,
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
    """Why ``seat`` may not ron now, in words ("" when it may, or under rules without
    furiten): the engine's :func:`~mahjong_joy.engine.checks.furiten_cause` told to a player."""
    cause = None if hand.is_finished else hand.furiten_cause(seat)
    if cause is None:
        return ""
    what, kind = cause
    if what == "discarded":
        return tr("you discarded the {tile}, one of your waits", tile=tile_label(kind))  # type: ignore[arg-type]
    if what == "riichi":
        return tr("a winning tile passed after your riichi")
    return tr("a winning tile passed since your last discard")



def _refused_discards(hand: HandState, seat: int, legal: Sequence[Action]) -> tuple[tuple[int, str], ...]:
    """Each held code the engine will not let this seat discard now, with its reason."""
    allowed = {a.tile for a in legal if type(a) is Discard}
    held = sorted({hand.code(t) for t in hand.concealed[seat]})
    return tuple((c, hand.refusal(Discard(seat, c)) or "") for c in held if c not in allowed)


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
        dora_indicators=tuple(kind_of(t) for t in hand.wall.dora_indicators) if match.rules.scores_dora else (),
        round_wind=position[0],
        hand_number=position[1],
        honba=position[2],
        dealer=hand.dealer,
        last_discard=None if last is None else (last[0], kind_of(last[1])),
        last_events=tuple(last_events),
        event_count=event_count,
        pending=pending,
        hand_result=result,
        standings=match.standings(),
        is_over=match.is_over,
        sticks=hand.sticks if not hand.is_finished or result is None else result.sticks_after,
        rules=match.rules,
        players=hand.players,
    )


def seat_view(match: Match, seat: int) -> SeatView:
    """What ``seat`` may see of the match's hand: the view a replay's table reads beside
    :func:`snapshot_of`, as a live game reads :meth:`Controller.view`."""
    return observe(match.hand, seat)


def _seat_info(match: Match, seat_kinds: Sequence[str], seat: int, reveal: bool) -> SeatInfo:
    hand = match.hand
    visible = reveal or seat_kinds[seat] == HUMAN
    drawn = hand.drawn if hand.current == seat and visible else None
    if drawn is not None and is_flower_id(drawn):
        drawn = None  # a flower just drawn is no hand tile: it shows among the kept flowers
    st = hand.seats[seat]
    points = match.points if hand.is_finished else hand.points  # during a hand: after the riichi sticks put down
    return SeatInfo(
        seat=seat,
        kind=seat_kinds[seat],
        wind=WIND_LETTERS[(seat - hand.dealer) % 4],
        is_dealer=seat == hand.dealer,
        points=points[seat],
        hand=tuple(sorted(map(hand.code, hand.concealed[seat]), key=code_order)) if visible else None,
        hand_size=len(hand.concealed[seat]),
        drawn=None if drawn is None else hand.code(drawn),
        melds=hand.seats[seat].shown_melds,
        river=tuple(RiverInfo(hand.code(r.tile), r.tsumogiri, r.claimed_by, r.riichi) for r in hand.rivers[seat]),
        riichi_at=hand.seats[seat].riichi_at,
        player=hand.players[seat],
        flowers=st.flower_view,
        kept_flowers=tuple(hand.code(t) for t in st.kept) if visible else None,
    )


def _make_decider(kind: str, seed: str, words: SeatWords, rules: Rules) -> Decider:
    """The AI of ``kind`` for this table. Under Chinese Official rules the levels are the
    Chinese Official ones (:mod:`mahjong_joy.ai.mcr.seat`); the dev log's potential AI is
    wrapped to declare its flowers (:class:`~mahjong_joy.ai.flower_first.FlowerFirst`);
    the random AI plays any legal action as it is."""
    ai = make_ai(kind, seed, words, rules.family)
    if rules.family == "mcr" and kind not in ("random", *LEVELS):
        return FlowerFirst(ai)
    return ai


def _reason_of(decider: object) -> str | None:
    """The reason an AI left for its last choice (``last_reason``), if it keeps one."""
    reason = getattr(decider, "last_reason", None)
    return reason if isinstance(reason, str) and reason else None


def branch_seats(kinds: Sequence[str], seat: int, default: str | Sequence[str] = DEFAULT_LEVEL) -> tuple[str, ...]:
    """Seat kinds for a match continued from a record (Play from here): ``seat`` human,
    every other seat the AI the record names there, or ``default`` where the record had
    a human or a name no AI plays. ``default`` is one level, or three for the seats
    right, across and left of ``seat`` (the Settings' opponents). The controller decides
    this because it alone knows which kinds an AI plays (:data:`~mahjong_joy.ai.AI_KINDS`).

    >>> branch_seats(("human", "hard", "easy", "normal"), 2, "normal")
    ('normal', 'hard', 'human', 'normal')
    """
    levels = (default,) * 3 if isinstance(default, str) else tuple(default)
    out = []
    for other in range(4):
        kind = kinds[other] if other < len(kinds) else HUMAN
        if other == seat:
            out.append(HUMAN)
        elif kind in AI_KINDS:
            out.append(kind)
        else:
            out.append(levels[(other - seat) % 4 - 1])
    return tuple(out)


# ------------------------------------------------------------ the guide's facts


@dataclass(frozen=True, slots=True)
class GuideFacts:
    """What the guide tells a seat about its own concealed hand, worked out here so the
    screens only read it (they never analyse a hand themselves).

    ``codes`` is the hand in display order (the drawn tile last). On 13 tiles:
    ``shanten`` (0 ready) and, when ready, the ``waits`` (kinds). On 14: ``locked_waits``,
    what the hand less its drawn tile waits on (after riichi the drawn tile is the only
    discard), every discard's ``candidates`` (shanten left and useful draws, counting the
    copies seen outside the hand), and the ``best`` kind to discard among the legal
    discards (``best_riichi`` among those that declare riichi), valuing dragons, the
    seat's and the round's wind and, under riichi rules, the dora.
    """

    codes: tuple[int, ...]
    shanten: int | None = None
    waits: tuple[int, ...] = ()
    locked_waits: tuple[int, ...] = ()
    candidates: tuple[DiscardCandidate, ...] = ()
    best: DiscardCandidate | None = None
    best_riichi: DiscardCandidate | None = None


@dataclass(frozen=True, slots=True)
class WaitFan:
    """One wait of a Chinese Official hand and what a win on it by a discard scores:
    ``fan_total`` without flowers, ``fan`` the fan counted (ids, highest first), ``valid``
    whether that reaches the 8-fan minimum, ``unseen`` copies the seat cannot see."""

    tile: int
    fan_total: int
    fan: tuple[str, ...]
    valid: bool
    unseen: int


def valued_kinds(seat_wind: int, round_wind: int, dora_indicators: Sequence[int], riichi_rules: bool) -> tuple[set[int], set[int]]:
    """The kinds worth keeping at this table (dragons, the seat wind, the round wind, and
    the dora under riichi rules) and the doubled ones (a wind that is both)."""
    valued = set(DRAGONS) | {seat_wind, round_wind}
    if riichi_rules:
        valued |= {dora_of(kind_of_code(t)) for t in dora_indicators}
    return valued, {seat_wind} & {round_wind}


def others_seen(seen: Sequence[int], kinds: Sequence[int]) -> list[int]:
    """Visible counts minus the hand's own tiles (useful tiles count copies outside the hand)."""
    out = list(seen)
    for t in kinds:
        out[t] = max(0, out[t] - 1)
    return out


def guide_facts(codes: Sequence[int], melds: int, seen: Sequence[int], legal: Collection[int], riichi: Collection[int],
                valued: tuple[set[int], set[int]]) -> GuideFacts:
    """The guide's facts for a hand of ``codes`` (drawn tile last) with ``melds`` declared
    sets; ``seen`` the visible counts of 34, ``legal`` and ``riichi`` the codes the seat may
    discard and may declare riichi with, ``valued`` from :func:`valued_kinds`. Raises the
    hand analysis' ``MahjongJoyError`` for a hand it cannot read."""
    kinds = [kind_of_code(c) for c in codes]
    if len(kinds) % 3 != 2:
        sh = shanten(kinds, melds)
        return GuideFacts(tuple(codes), sh, tuple(waiting_tiles(kinds, melds)) if sh == 0 else ())
    rest = others_seen(seen, kinds)
    allowed = {kind_of_code(c) for c in (legal or codes)}
    return GuideFacts(
        tuple(codes),
        locked_waits=tuple(waiting_tiles(kinds[:-1], melds)),
        candidates=tuple(discard_candidates(kinds, melds, rest)),
        best=best_candidate(kinds, melds, rest, allowed, *valued),
        best_riichi=best_candidate(kinds, melds, rest, {kind_of_code(c) for c in riichi}, *valued),
    )


def ready_state(kinds: Sequence[int], melds: int) -> tuple[int, tuple[int, ...]]:
    """A hand's shanten (-1 complete, 0 ready) and, when a 13-tile hand is ready, its
    waits: the end-of-hand rows' words. Raises ``MahjongJoyError`` for an unreadable hand."""
    sh = shanten(kinds, melds)
    return sh, tuple(waiting_tiles(kinds, melds)) if sh == 0 and len(kinds) % 3 == 1 else ()
