"""One hand of mahjong as a small state machine: the referee.

Phases follow the dev log, plus one for the kan flow::

    draw -> AWAITING_DISCARD --discard/riichi--> AWAITING_CLAIMS --all pass--> next draw
              ^   |  kan: replacement draw            |  chi/pon: claimer discards
              |   +--added kan--> AWAITING_ROBBERY (others may ron the added tile)
              +-------------------------------+  ron / tsumo / wall empty / abort -> FINISHED

The engine only validates: it lists every seat's legal actions and every
:class:`ClaimOpportunity` after a discard, and applies one action at a time.
Which of several claims wins is :func:`mahjong_joy.rulesets.claims.resolve_claims`'s
question, asked by the controller; the engine accepts any legal claim, and after
a ron it narrows the window to the seats that can still ron. An illegal action
raises :class:`IllegalActionError` naming the seat, the action and the reason, and
leaves the state untouched: ``apply`` checks legality before it changes anything.

Every rule difference between presets is a field of ``ruleset.rules.hand`` (see
:class:`~mahjong_joy.rulesets.rules.HandRules`); the comments cite RULES.md rows.
Rules every preset shares: after a chi or pon the claimer only discards (no
tsumo, no kan that turn); no calls on the last discard (only ron); at most four
kans per hand, and a kan needs a live tile left (A1 "Kan and wall limits").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NamedTuple

from mahjong_joy.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kan,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
    is_well_formed,
)
from mahjong_joy.engine.events import (
    Aborted,
    AddedKanned,
    Chied,
    ClosedKanned,
    Dealt,
    Discarded,
    DoraRevealed,
    Drew,
    Event,
    Exhausted,
    Kanned,
    Passed,
    Ponned,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from mahjong_joy.engine.wall import Wall
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.hand.claims import ClaimOption
from mahjong_joy.hand.waits import kinds_in_mask
from mahjong_joy.melds import ADDED_KAN, CHI, CLOSED_KAN, KAN, PON, Meld, code_order
from mahjong_joy.rulesets.base import Ruleset, TableState
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.rulesets.win import WinContext
from mahjong_joy.tiles import EAST, KIND_COUNT, TERMINALS_AND_HONORS, WINDS, code_of, kind_of, kind_of_code
from mahjong_joy.engine import checks


class Phase(str, Enum):
    """Where the hand is waiting."""

    AWAITING_DISCARD = "awaiting_discard"
    AWAITING_CLAIMS = "awaiting_claims"
    AWAITING_ROBBERY = "awaiting_robbery"
    FINISHED = "finished"


class HeldMeld(NamedTuple):
    """The engine's own record of a declared set, by tile ids (which copy went where):
    type, ids, the claimed id and the source seat. It never leaves the engine: events,
    views and results carry :class:`~mahjong_joy.melds.Meld` (codes), made by :meth:`shown`."""

    type: str
    tiles: tuple[int, ...]
    claimed: int | None
    from_seat: int | None

    @property
    def kinds(self) -> tuple[int, ...]:
        """The kinds of the set, lowest first."""
        return tuple(sorted(kind_of(t) for t in self.tiles))

    def shown(self, codes: Sequence[int]) -> Meld:
        """The set as it shows on the table: ``codes`` maps an id to its code under the rules."""
        tiles = tuple(sorted((codes[t] for t in self.tiles), key=code_order))
        return Meld(self.type, tiles, None if self.claimed is None else codes[self.claimed], self.from_seat)


class RiverTile(NamedTuple):
    """One discard: its id, whether it was the tile just drawn, who claimed it, and
    whether it declared riichi (it lies sideways)."""

    tile: int
    tsumogiri: bool
    claimed_by: int | None
    riichi: bool = False


class RiverEntry(NamedTuple):
    """One discard as a seat sees it: its code (a red five shows), and its marks."""

    tile: int
    tsumogiri: bool
    claimed_by: int | None
    riichi: bool


class ClaimOpportunity(NamedTuple):
    """What one seat may do with the last discard (the dev log's class)."""

    seat: int
    can_win: bool
    options: tuple[ClaimOption, ...]


@dataclass(frozen=True)
class WinFacts:
    """One win as the engine saw it: the scorer's situation (ura indicators included
    for a riichi winner, honba and sticks left to the settlement) and the melds as they
    show (codes, with the seats they came from: for pao and the score card)."""

    seat: int
    from_seat: int
    tile: int
    situation: Any  # the ruleset's own situation of the win (riichi: a WinSituation)
    melds: tuple[Meld, ...]
    hand: tuple[int, ...]  # the concealed tiles as codes, the winning tile included
    win_code: int  # the winning tile's code

    @property
    def tsumo(self) -> bool:
        return self.seat == self.from_seat


@dataclass(frozen=True)
class HandEnd:
    """How a hand ended, for the settlement: wins in turn order from the discarder,
    or an abortive draw's reason, or an exhaustive draw with its tenpai and nagashi
    seats. ``points`` and ``sticks`` are the table after the riichi sticks paid in
    this hand (``riichi`` lists those seats)."""

    wins: tuple[WinFacts, ...] = ()
    abort: str | None = None
    ready: tuple[tuple[int, tuple[int, ...]], ...] = ()
    nagashi: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()
    points: tuple[int, ...] = (25_000,) * 4
    sticks: int = 0

    @property
    def kind(self) -> str:
        """``win``, ``abortive_draw`` or ``exhaustive_draw`` (the JSON summary's ``end``)."""
        if self.wins:
            return "win"
        return "abortive_draw" if self.abort else "exhaustive_draw"


@dataclass
class SeatState:
    """The per-seat facts of play (DESIGN 2.2b): tiles, and the riichi, furiten and
    kuikae state the rules read."""

    concealed: list[int]
    counts: list[int]
    melds: list[HeldMeld] = field(default_factory=list)
    river: list[RiverTile] = field(default_factory=list)
    discarded: int = 0  # mask of kinds in this seat's river (permanent furiten, A1)
    riichi_at: int | None = None  # river index of the declaration tile
    riichi_accepted: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    temp_furiten: bool = False  # cleared by this seat's own discard only (C1-2)
    riichi_furiten: bool = False  # for the rest of the hand (C1-3)
    forbidden: int = 0  # kuikae mask of kinds, after a chi or pon (C1-8)
    nagashi: bool = True  # every discard a terminal or honor, none called
    kans: int = 0
    river_view: tuple[RiverEntry, ...] = ()  # the river as views show it, kept in step
    shown_melds: tuple[Meld, ...] = ()  # the melds as they leave the engine (codes), kept in step
    meld_view: tuple[tuple[str, tuple[int, ...]], ...] = ()  # (type, kinds) per meld for the AI's SeatView, kept in step

    @property
    def in_riichi(self) -> bool:
        return self.riichi_at is not None

    @property
    def is_closed(self) -> bool:
        return all(m.type == CLOSED_KAN for m in self.melds)


_CLAIM_TYPES = {CHI: Chi, PON: Pon, KAN: Kan}
# Actions are immutable values: the common ones are made once and shared.
_DISCARDS = tuple(tuple(Discard(seat, code) for code in range(37)) for seat in range(4))
_PASSES = tuple(Pass(seat) for seat in range(4))
_RONS = tuple(Ron(seat) for seat in range(4))
_CODES = (tuple(code_of(t, 0) for t in range(136)), tuple(code_of(t, 1) for t in range(136)))
_CODE_ORDER = tuple(2 * kind_of_code(c) + (c >= 34) for c in range(37))  # a red five right after its kind
_YAOCHUU_MASK = sum(1 << k for k in TERMINALS_AND_HONORS)


class HandState:
    """The referee of one hand. Create it with a wall, the dealer, a ruleset and the table."""

    def __init__(self, wall: Wall, dealer: int, ruleset: Ruleset, table: TableState | None = None) -> None:
        self.wall = wall
        self.dealer = dealer
        self.ruleset = ruleset
        self.rules: Rules = ruleset.rules
        self.reds = self.rules.tiles.red_fives
        self.codes = _CODES[self.reds]  # id -> code under these rules
        table = table or TableState(dealer=dealer, points=(ruleset.starting_points,) * 4)
        self.round_wind = table.round_wind
        self.points = list(table.points)
        self.sticks = table.sticks
        self.seats = [SeatState(hand, _counts_of(hand)) for hand in wall.dealt_hands(dealer)]
        self.phase = Phase.AWAITING_DISCARD
        self.current = dealer
        self.drawn: int | None = None
        self.after_claim = False
        self.after_replacement = False
        self.last_discard: tuple[int, int] | None = None  # (seat, id)
        self.pending_kan: tuple[int, int, str] | None = None  # (seat, id, meld type) while it may be robbed
        self.opportunities: tuple[ClaimOpportunity, ...] = ()
        self.waiting: set[int] = set()
        self.rons: list[int] = []
        self.missed: set[int] = set()  # seats whose shape the tile on offer completes
        self.unanswered: set[int] = set()  # of those, the seats that may ron it: furiten once they let it go
        self.riichi_pending: int | None = None
        self.abort_pending: str | None = None
        self.four_kans_armed = False
        self.dora_pending = 0
        self.calls = 0  # any call, closed kans included: ends the first go-around (A2, 7)
        self.accepted: list[int] = []
        self.outcome: HandEnd | None = None
        self._legal: dict[int, list[Action]] = {}
        first = [Dealt(dealer, self.code(wall.dora_indicators[0]), wall.live_count)]
        first += self._draw(dealer, replacement=False)
        self.events: list[Event] = list(first)

    @classmethod
    def from_key(cls, key: str, dealer: int, ruleset: Ruleset, table: TableState | None = None) -> HandState:
        """The hand dealt from the wall shuffled by ``key`` (see :func:`wall.wall_key`)."""
        return cls(Wall.from_key(key), dealer, ruleset, table)

    # ------------------------------------------------------------------ queries

    @property
    def concealed(self) -> list[list[int]]:
        return [s.concealed for s in self.seats]

    @property
    def counts(self) -> list[list[int]]:
        return [s.counts for s in self.seats]

    @property
    def melds(self) -> list[list[HeldMeld]]:
        return [s.melds for s in self.seats]

    @property
    def rivers(self) -> list[list[RiverTile]]:
        return [s.river for s in self.seats]

    @property
    def is_finished(self) -> bool:
        """True once the hand ended by a win or a draw."""
        return self.phase is Phase.FINISHED

    def code(self, tile_id: int) -> int:
        """The code a physical tile shows under these rules (a red five or its kind)."""
        return self.codes[tile_id]

    def pons_of(self, seat: int) -> list[int]:
        """Kinds this seat has ponned (added kan candidates)."""
        return [kind_of(m.tiles[0]) for m in self.seats[seat].melds if m.type == PON]

    def seats_to_act(self) -> list[int]:
        """Seats with a decision to make now, in turn order from the current seat."""
        if self.phase is Phase.FINISHED:
            return []
        if self.phase is Phase.AWAITING_DISCARD:
            return [self.current]
        start = self.current
        return [(start + i) % 4 for i in range(1, 4) if (start + i) % 4 in self.waiting]

    def opportunity_of(self, seat: int) -> ClaimOpportunity | None:
        """This seat's opportunity on the last tile, while it has not answered."""
        if seat not in self.waiting:
            return None
        return next((o for o in self.opportunities if o.seat == seat), None)

    def waits_of(self, seat: int) -> tuple[int, ...]:
        """Kinds completing this seat's hand now (empty unless it holds 13 - 3 per meld)."""
        st = self.seats[seat]
        if sum(st.counts) + 3 * len(st.melds) != 13:
            return ()
        return self.ruleset.waits(st.counts, len(st.melds))

    def is_furiten(self, seat: int, waits: Sequence[int] | None = None) -> bool:
        """Whether this seat may not ron now: temporary, riichi or permanent furiten (A1);
        ``waits`` when the caller has them already."""
        if not self.rules.hand.furiten:
            return False
        st = self.seats[seat]
        if st.temp_furiten or st.riichi_furiten:
            return True
        return any(st.discarded >> w & 1 for w in (self.waits_of(seat) if waits is None else waits))

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly the actions ``apply`` accepts from this seat now (cached until a change)."""
        found = self._legal.get(seat)
        if found is None:
            found = self._compute_legal(seat)
            self._legal[seat] = found
        return list(found)

    def _compute_legal(self, seat: int) -> list[Action]:
        if self.phase is Phase.FINISHED:
            return []
        if self.phase is Phase.AWAITING_DISCARD:
            return self._own_turn_actions(seat) if seat == self.current else []
        opportunity = self.opportunity_of(seat)
        if opportunity is None:
            return []
        found: list[Action] = [_PASSES[seat]]
        if opportunity.can_win:
            found.append(_RONS[seat])
        if self.rons:
            return found
        for option in opportunity.options:
            found += self._call_actions(seat, option)
        return found

    def _own_turn_actions(self, seat: int) -> list[Action]:
        """Every own-turn action whose checker (:mod:`~mahjong_joy.engine.checks`) passes."""
        st = self.seats[seat]
        held = self._held_codes(seat)
        discards = _DISCARDS[seat]
        found: list[Action] = [discards[c] for c in checks.legal_discard_codes(self, seat, held)]
        if self.after_claim:
            return found  # every other own-turn action needs a drawn tile
        if checks.tsumo_blocker(self, seat) is None:
            found.append(Tsumo(seat))
        for option in self.ruleset.own_turn_kans(st.counts, self.pons_of(seat)):
            added = option.kind != CLOSED_KAN
            if checks.kan_blocker(self, seat, option.tiles[0], added) is None:
                found.append((AddedKan if added else ClosedKan)(seat, option.tiles[0]))
        if checks.riichi_blocker(self, seat) is None and self.ruleset.shanten(st.counts, len(st.melds)) <= 0:
            held_set = set(held)
            found += [Riichi(seat, c) for c in held if checks.riichi_discard_blocker(self, seat, c, held_set) is None]
        if checks.nine_terminals_blocker(self, seat) is None:
            found.append(NineTerminals(seat))
        return found

    def _held_codes(self, seat: int) -> list[int]:
        """Distinct codes in the concealed hand, by kind (a red five after its plain kind)."""
        codes = set(map(self.codes.__getitem__, self.seats[seat].concealed))
        if not self.reds:
            return sorted(codes)
        return sorted(codes, key=_CODE_ORDER.__getitem__)

    def can_tsumo(self, seat: int) -> bool:
        """A complete hand on the tile just drawn, with a yaku when the rules need one (A2, 3)."""
        return checks.tsumo_blocker(self, seat) is None

    def has_yaku(self, seat: int, tile: int, tsumo: bool, robbed: bool) -> bool:
        """Whether this win would have a yaku (always, under rules that need none)."""
        if not self.rules.scoring.yaku_required:
            return True
        return bool(self.ruleset.score(self.situation(seat, tile, tsumo, robbed)).valid)

    def tenpai_waits(self, seat: int) -> tuple[int, ...]:
        """Waits that count for tenpai: on Tenhou a wait whose four copies are all in
        the seat's own hand does not (karaten, C1-17); on Mahjong Soul it does, even a
        kind the concealed hand holds four times (keishiki tenpai, A1)."""
        st = self.seats[seat]
        waits = self.ruleset.waits(st.counts, len(st.melds))
        if not self.rules.hand.karaten_is_noten:
            if 4 not in st.counts:
                return waits
            pure = [k for k in range(KIND_COUNT) if st.counts[k] == 4 and checks.completes_with_a_fifth(st.counts, len(st.melds), k)]
            return tuple(sorted(set(waits) | set(pure)))
        melded = [k for m in st.melds for k in m.kinds]
        return tuple(w for w in waits if st.counts[w] + melded.count(w) < 4)

    def _call_actions(self, seat: int, option: ClaimOption) -> list[Action]:
        """The chi, pon or kan actions for one option: one per choice of red or plain copies."""
        cls = _CLAIM_TYPES[option.kind]
        if not self.reds:
            return [Chi(seat, option.tiles) if cls is Chi else cls(seat)]
        variants = checks.consumed_variants(self.seats[seat].concealed, option.from_hand, self.reds)
        if cls is Chi:
            return [Chi(seat, option.tiles, v) for v in variants]
        return [cls(seat, v) for v in variants]

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Apply one legal action and return its events; raise (changing nothing) otherwise."""
        handler = _HANDLERS.get(type(action))
        seat = getattr(action, "seat", None)
        legal = self._legal.get(seat) if type(seat) is int else None
        if handler is not None and legal is not None and any(a is action for a in legal):
            self._legal = {}  # the common case: one of the listed actions itself
            out = handler(self, action)
            self.events.extend(out)
            return out
        well_formed = handler is not None and is_well_formed(action)
        if well_formed:
            action = self._with_default_consumed(action)
        legal = self.legal_actions(action.seat) if well_formed else []
        asked = _without_copy_choice(action) if well_formed else action
        if asked not in legal:
            raise IllegalActionError(self._illegal_message(action, well_formed))
        if asked is not action:
            reason = checks.copy_choice_blocker(self, action)  # type: ignore[arg-type]
            if reason:
                raise IllegalActionError(f"seat {action.seat} cannot {action.describe()}: {reason}")
        self._legal = {}
        out = _HANDLERS[type(action)](self, action)
        self.events.extend(out)
        return out

    def _with_default_consumed(self, action: Action) -> Action:
        """A call without ``consumed`` under red fives takes the engine's choice: the
        first listed (plain copies before the red one)."""
        if not self.reds or not isinstance(action, (Chi, Pon, Kan)) or action.consumed is not None:
            return action
        for legal in self.legal_actions(action.seat):
            if type(legal) is type(action) and (not isinstance(action, Chi) or legal.tiles == action.tiles):  # type: ignore[attr-defined]
                return legal
        return action

    def _discard(self, action: Discard | Riichi) -> list[Event]:
        seat, code = action.seat, action.tile
        st = self.seats[seat]
        drawn = self.drawn
        tsumogiri = drawn is not None and self.code(drawn) == code and action.tsumogiri is not False
        tile = drawn if tsumogiri else _last_of_code([t for t in st.concealed if t != drawn], code, self.codes)
        declares = isinstance(action, Riichi)
        first_go_around = not st.river and not self.calls
        self._take(seat, tile)
        st.river.append(RiverTile(tile, tsumogiri, None, declares))
        st.river_view += (RiverEntry(self.codes[tile], tsumogiri, None, declares),)
        st.discarded |= 1 << kind_of(tile)
        if not _YAOCHUU_MASK >> kind_of(tile) & 1:
            st.nagashi = False
        st.temp_furiten = False
        st.ippatsu = False  # the riichi seat's next discard ends its ippatsu
        st.forbidden = 0
        out: list[Event] = []
        if declares:
            st.riichi_at = len(st.river) - 1
            st.double_riichi = first_go_around
            self.riichi_pending = seat
            out.append(RiichiDeclared(seat))
        out.append(Discarded(seat, code, tsumogiri))
        out += self._reveal_pending_dora()
        self.drawn = None
        self.after_claim = self.after_replacement = False
        self.last_discard = (seat, tile)
        self.abort_pending = self._abort_after_discard(declares)
        self.opportunities = self._claim_opportunities(seat, tile)
        if not self.opportunities:
            return out + self._close_window()
        self.phase = Phase.AWAITING_CLAIMS
        self.waiting = {o.seat for o in self.opportunities}
        return out

    def _abort_after_discard(self, declares: bool) -> str | None:
        """An abortive draw this discard triggers unless it is ronned (A1 "Abortive draws")."""
        hand = self.rules.hand
        if declares and hand.aborts_on("four_riichi") and all(s.in_riichi for s in self.seats):
            return "four_riichi"
        if hand.aborts_on("four_winds") and not self.calls and checks.four_same_winds(self.seats):
            return "four_winds"
        if self.four_kans_armed and hand.aborts_on("four_kans"):
            return "four_kans"
        return None

    def _claim_opportunities(self, discarder: int, tile: int) -> tuple[ClaimOpportunity, ...]:
        """Each other seat's chance on a discard, in turn order after the discarder.

        A seat whose shape the tile completes is furiten afterwards unless it rons,
        with or without a yaku (C1-2; riichi: for good, C1-3)."""
        kind = kind_of(tile)
        found = []
        self.missed, self.unanswered = set(), set()
        can_kan = self.wall.can_kan()
        for step in (1, 2, 3):
            seat = (discarder + step) % 4
            st = self.seats[seat]
            can_win = self._ron_chance(seat, tile, robbed=False)
            options: tuple[ClaimOption, ...] = ()
            if checks.call_blocker(self, seat) is None:
                options = tuple(
                    o
                    for o in self.ruleset.claim_options(st.counts, kind, step == 1)
                    if (o.kind != KAN or can_kan) and self._call_leaves_a_discard(seat, o)
                )
            if can_win or options:
                found.append(ClaimOpportunity(seat, can_win, options))
        return tuple(found)

    def _ron_chance(self, seat: int, tile: int, robbed: bool) -> bool:
        """Whether this seat may ron the tile; marks the furiten a pass would cause."""
        reason = checks.ron_blocker(self, seat, tile, robbed)
        if reason == checks.DOES_NOT_WIN:
            return False
        self.missed.add(seat)
        can_win = reason is None
        if can_win:
            self.unanswered.add(seat)  # furiten only once it lets the tile go (A1 "Temporary furiten")
        else:
            self._miss(seat)
        return can_win

    def _miss(self, seat: int) -> None:
        """This seat let a tile that completes its shape go: temporary furiten, and
        for a riichi seat furiten for the rest of the hand (C1-2, C1-3)."""
        self.unanswered.discard(seat)
        if self.rules.hand.furiten:
            st = self.seats[seat]
            st.temp_furiten = True
            st.riichi_furiten = st.riichi_furiten or st.in_riichi

    def _call_leaves_a_discard(self, seat: int, option: ClaimOption) -> bool:
        """A chi or pon after which kuikae forbids every tile is not offered (C1-8)."""
        if option.kind == KAN or self.rules.hand.kuikae == "allowed":
            return True
        forbidden = checks.kuikae_mask(option)
        counts = self.seats[seat].counts
        taken = option.from_hand
        left = sum(counts) - len(taken)
        blocked = sum(counts[k] - taken.count(k) for k in kinds_in_mask(forbidden))
        return left > blocked

    def _close_window(self) -> list[Event]:
        """Nobody took the discard: the riichi stands, an abortive draw happens, or the next seat draws."""
        out = self._accept_riichi()
        if self.abort_pending is not None:
            return out + self._abort(self.abort_pending)
        if self.wall.live_count == 0:
            return out + self._exhaust()
        discarder = self.last_discard[0]  # type: ignore[index]
        return out + self._draw((discarder + 1) % 4, replacement=False)

    def _accept_riichi(self) -> list[Event]:
        """The declaration tile survived the window: the 1,000 stick goes down (C1-4)."""
        seat = self.riichi_pending
        if seat is None:
            return []
        self.riichi_pending = None
        st = self.seats[seat]
        st.riichi_accepted = True
        st.ippatsu = True
        self.points[seat] -= 1000
        self.sticks += 1
        self.accepted.append(seat)
        return [RiichiAccepted(seat)]

    def _pass(self, action: Pass) -> list[Event]:
        self.waiting.discard(action.seat)
        if action.seat in self.unanswered:
            self._miss(action.seat)
        out: list[Event] = [Passed(action.seat, self.rules.hand.furiten and action.seat in self.missed)]
        if self.waiting:
            return out
        self.opportunities = ()
        if self.rons:
            return out + self._finish_rons()
        if self.phase is Phase.AWAITING_ROBBERY:
            return out + self._complete_kan()
        return out + self._close_window()

    def _draw(self, seat: int, replacement: bool) -> list[Event]:
        tile = self.wall.draw_replacement() if replacement else self.wall.draw()
        st = self.seats[seat]
        st.concealed.append(tile)
        st.counts[kind_of(tile)] += 1
        self.drawn = tile
        self.current = seat
        self.phase = Phase.AWAITING_DISCARD
        self.after_claim = False
        self.after_replacement = replacement
        self.waiting = set()
        return [Drew(seat, self.code(tile), replacement)]

    def _exhaust(self) -> list[Event]:
        """The live wall is empty: tenpai seats with their waits, and nagashi mangan (A1)."""
        ready = []
        for seat in range(4):
            waits = self.tenpai_waits(seat)
            if waits:
                ready.append((seat, waits))
        nagashi: tuple[int, ...] = ()
        if self.rules.hand.nagashi_mangan:
            nagashi = tuple(s for s in range(4) if self.seats[s].nagashi and self.seats[s].river)
        self._finish(HandEnd(ready=tuple(ready), nagashi=nagashi))
        return [Exhausted(tuple(ready), nagashi)]

    def _abort(self, reason: str, seat: int | None = None) -> list[Event]:
        self._finish(HandEnd(abort=reason))
        return [Aborted(reason, seat)]

    def _finish(self, end: HandEnd) -> None:
        self.phase = Phase.FINISHED
        self.waiting = set()
        self.opportunities = ()
        self.pending_kan = None
        self.outcome = HandEnd(
            end.wins, end.abort, end.ready, end.nagashi, tuple(self.accepted), tuple(self.points), self.sticks
        )

    def _nine_terminals(self, action: NineTerminals) -> list[Event]:
        return self._abort("nine_terminals", action.seat)

    def _ron(self, action: Ron) -> list[Event]:
        self.rons.append(action.seat)
        self.waiting.discard(action.seat)
        if self.rules.hand.max_rons == 1:
            return self._finish_rons()
        self.waiting = {s for s in self.waiting if any(o.seat == s and o.can_win for o in self.opportunities)}
        if self.waiting:
            return []
        return self._finish_rons()

    def _finish_rons(self) -> list[Event]:
        """Every declared ron wins, nearest the discarder first; three on Tenhou abort (C1-9)."""
        robbed = self.phase is Phase.AWAITING_ROBBERY
        from_seat, tile = (self.pending_kan[:2] if robbed else self.last_discard)  # type: ignore[index,misc]
        rons = sorted(self.rons, key=lambda s: (s - from_seat) % 4)
        self.riichi_pending = None  # a ronned declaration tile puts down no stick (C1-4)
        if len(rons) == 3 and self.rules.hand.triple_ron_aborts:
            return self._abort("triple_ron")
        rons = rons[: self.rules.hand.max_rons]
        wins = tuple(self._win_facts(seat, from_seat, tile, robbed) for seat in rons)
        if robbed:
            self._unkan(from_seat, tile)
        else:
            self._mark_claimed(from_seat, rons[0])
        out: list[Event] = []
        for win in wins:
            out.append(Won(win.seat, from_seat, win.win_code, False, robbed, win.hand, win.melds))
        first = self.seats[rons[0]]
        first.concealed.append(tile)  # the winner shows the tile in hand (it stays claimed in the river)
        first.counts[kind_of(tile)] += 1
        self._finish(HandEnd(wins=wins))
        return out

    def _tsumo(self, action: Tsumo) -> list[Event]:
        seat = action.seat
        tile = self.drawn
        assert tile is not None
        win = self._win_facts(seat, seat, tile, robbed=False)
        self._finish(HandEnd(wins=(win,)))
        return [Won(seat, seat, win.win_code, True, False, win.hand, win.melds)]

    def _shown_hand(self, ids: Sequence[int]) -> tuple[int, ...]:
        """Concealed tiles as codes, sorted by kind (a red five after its plain copies)."""
        return tuple(sorted(map(self.codes.__getitem__, ids), key=code_order))

    def _win_facts(self, seat: int, from_seat: int, tile: int, robbed: bool) -> WinFacts:
        tsumo = seat == from_seat
        situation = self.situation(seat, tile, tsumo, robbed, with_ura=True)
        st = self.seats[seat]
        hand = self._shown_hand(st.concealed if tsumo else st.concealed + [tile])
        return WinFacts(seat, from_seat, tile, situation, st.shown_melds, hand, self.code(tile))

    def situation(self, seat: int, tile: int, tsumo: bool, robbed: bool, with_ura: bool = False) -> Any:
        """The scorer's view of this seat winning on ``tile`` now (A2, 3 and 8): every
        situational yaku the engine knows, honba and sticks left to the settlement. The
        engine states the win in neutral terms (:class:`WinContext`); the ruleset builds
        its family's situation from it."""
        st = self.seats[seat]
        ids = list(st.concealed) if tsumo else st.concealed + [tile]
        live_empty = self.wall.live_count == 0
        riichi = st.riichi_accepted
        first_draw = tsumo and not st.river and not self.calls and not self.after_replacement
        indicators = self.wall.dora_indicators
        ura: list[int] = []
        if with_ura and riichi and self.rules.hand.ura_dora:
            ura = self.wall.ura_indicators[: None if self.rules.hand.kan_ura_dora else 1]
        return self.ruleset.situation(WinContext(
            hand=tuple(map(self.codes.__getitem__, ids)),
            win_tile=self.code(tile),
            melds=st.shown_melds,
            tsumo=tsumo,
            riichi=riichi and not st.double_riichi,
            double_riichi=riichi and st.double_riichi,
            ippatsu=riichi and st.ippatsu,
            haitei=tsumo and live_empty and not self.after_replacement,
            houtei=not tsumo and not robbed and live_empty,
            rinshan=tsumo and self.after_replacement,
            chankan=robbed,
            tenhou=first_draw and seat == self.dealer,
            chiihou=first_draw and seat != self.dealer,
            seat_wind=EAST + (seat - self.dealer) % 4,
            round_wind=WINDS["ESWN".index(self.round_wind)],
            dora_indicators=tuple(map(self.codes.__getitem__, indicators)),
            ura_indicators=tuple(map(self.codes.__getitem__, ura)),
        ))

    def _claim(self, action: Chi | Pon | Kan) -> list[Event]:
        """Chi, pon or open kan of the last discard; the riichi on it stands (A2, 5)."""
        seat = action.seat
        from_seat, tile = self.last_discard  # type: ignore[misc]
        kind = kind_of(tile)
        out = self._accept_riichi()
        st = self.seats[seat]
        if isinstance(action, Chi):
            needed = list(action.tiles)
            needed.remove(kind)
            meld_type = CHI
        else:
            meld_type = PON if isinstance(action, Pon) else KAN
            needed = [kind] * (2 if meld_type == PON else 3)
        codes = action.consumed if action.consumed is not None else tuple(needed)
        taken = [self._take(seat, _last_of_code(st.concealed, c, self.codes)) for c in codes]
        shown = tuple(self.codes[t] for t in taken) if self.reds else ()
        st.melds.append(HeldMeld(meld_type, tuple(sorted(taken + [tile])), tile, from_seat))
        self._melds_changed(st)
        self._mark_claimed(from_seat, seat)
        for other in sorted(self.unanswered):
            self._miss(other)  # a call took the tile: whoever could ron it let it go
        self._called()
        self.opportunities = ()
        self.waiting = set()
        self.phase = Phase.AWAITING_DISCARD
        self.current = seat
        self.drawn = None
        if meld_type == CHI:
            self.after_claim = True
            self._set_kuikae(st, ClaimOption(CHI, tuple(action.tiles), kind))  # type: ignore[union-attr]
            return out + [Chied(seat, from_seat, st.shown_melds[-1].tiles, self.code(tile), shown)]
        if meld_type == PON:
            self.after_claim = True
            self._set_kuikae(st, ClaimOption(PON, (kind,) * 3, kind))
            return out + [Ponned(seat, from_seat, self.code(tile), shown)]
        out += self._reveal_pending_dora()
        out.append(Kanned(seat, from_seat, self.code(tile), shown))
        self._count_kan(seat)
        return out + self._open_kan_dora() + self._draw(seat, replacement=True)

    def _set_kuikae(self, st: SeatState, option: ClaimOption) -> None:
        if self.rules.hand.kuikae != "allowed":
            st.forbidden = checks.kuikae_mask(option)

    def _called(self) -> None:
        """Any call ends the first go-around and every ippatsu (A2, 6-7)."""
        self.calls += 1
        for st in self.seats:
            st.ippatsu = False

    def _count_kan(self, seat: int) -> None:
        """Four kans by two or more seats abort after the next discard (C1-13)."""
        self.seats[seat].kans += 1
        kans = [s.kans for s in self.seats]
        self.four_kans_armed = sum(kans) == 4 and max(kans) < 4

    def _open_kan_dora(self) -> list[Event]:
        """An open or added kan's indicator: now, or after the kan seat's discard (A1 "Kan dora")."""
        if self.rules.hand.open_kan_dora == "immediate":
            return [DoraRevealed(self.code(self.wall.reveal_dora()))]
        self.dora_pending += 1
        return []

    def _reveal_pending_dora(self) -> list[Event]:
        """Indicators an earlier open or added kan left face down (revealed at the discard or next kan)."""
        out: list[Event] = []
        while self.dora_pending:
            self.dora_pending -= 1
            out.append(DoraRevealed(self.code(self.wall.reveal_dora())))
        return out

    def _closed_kan(self, action: ClosedKan) -> list[Event]:
        seat, kind = action.seat, action.tile
        st = self.seats[seat]
        out = self._reveal_pending_dora()
        taken = [self._take(seat, _last_of_code(st.concealed, kind, _CODES[0])) for _ in range(4)]
        st.melds.append(HeldMeld(CLOSED_KAN, tuple(sorted(taken)), None, None))
        self._melds_changed(st)
        self.drawn = None
        self._called()
        self._count_kan(seat)
        out.append(ClosedKanned(seat, kind, tuple(sorted(self.codes[t] for t in taken)) if self.reds else ()))
        if self.rules.hand.kokushi_robs_closed_kan and self._open_robbery(seat, taken[-1], CLOSED_KAN, kokushi_only=True):
            return out
        return out + self._complete_kan(seat, CLOSED_KAN)

    def _added_kan(self, action: AddedKan) -> list[Event]:
        seat, kind = action.seat, action.tile
        st = self.seats[seat]
        out = self._reveal_pending_dora()
        tile = self._take(seat, _last_of_code(st.concealed, kind, _CODES[0]))
        index = next(i for i, m in enumerate(st.melds) if m.type == PON and kind_of(m.tiles[0]) == kind)
        pon = st.melds[index]
        st.melds[index] = HeldMeld(ADDED_KAN, tuple(sorted(pon.tiles + (tile,))), pon.claimed, pon.from_seat)
        self._melds_changed(st)
        self.drawn = None
        self.calls += 1
        self._count_kan(seat)
        shown = (self.codes[tile],) + tuple(self.codes[t] for t in pon.tiles) if self.reds else ()
        out.append(AddedKanned(seat, self.code(tile), shown))
        if self._open_robbery(seat, tile, ADDED_KAN, kokushi_only=False):
            return out
        return out + self._complete_kan(seat, ADDED_KAN)

    def _open_robbery(self, seat: int, tile: int, meld_type: str, kokushi_only: bool) -> bool:
        """Open the chankan window on a kan tile; False when nobody can rob it."""
        robbers = []
        self.missed, self.unanswered = set(), set()
        for step in (1, 2, 3):
            other = (seat + step) % 4
            if kokushi_only and not checks.completes_thirteen_orphans(self.seats[other].counts, kind_of(tile)):
                continue
            if self._ron_chance(other, tile, robbed=True):
                robbers.append(ClaimOpportunity(other, True, ()))
        if not robbers:
            return False
        self.phase = Phase.AWAITING_ROBBERY
        self.pending_kan = (seat, tile, meld_type)
        self.opportunities = tuple(robbers)
        self.waiting = {o.seat for o in robbers}
        self.current = seat
        return True

    def _complete_kan(self, seat: int | None = None, meld_type: str | None = None) -> list[Event]:
        """Nobody robbed the kan: its dora (closed kan at once, C1-6), then the replacement draw."""
        if seat is None:
            seat, _, meld_type = self.pending_kan  # type: ignore[misc]
            self.pending_kan = None
            self.phase = Phase.AWAITING_DISCARD
        if meld_type == ADDED_KAN:
            for st in self.seats:
                st.ippatsu = False  # after the chankan window (A2, 6: Tenhou's order)
            dora = self._open_kan_dora()
        else:
            dora = [DoraRevealed(self.code(self.wall.reveal_dora()))]
        return dora + self._draw(seat, replacement=True)

    def _unkan(self, seat: int, tile: int) -> None:
        """A robbed kan goes back to the pon it was (or, for a closed kan, to the hand)."""
        st = self.seats[seat]
        index = next(i for i, m in enumerate(st.melds) if tile in m.tiles)
        meld = st.melds[index]
        if meld.type == ADDED_KAN:
            st.melds[index] = HeldMeld(PON, tuple(t for t in meld.tiles if t != tile), meld.claimed, meld.from_seat)
        else:
            del st.melds[index]
            for t in meld.tiles:
                if t != tile:
                    st.concealed.append(t)
                    st.counts[kind_of(t)] += 1
        self._melds_changed(st)

    # ------------------------------------------------------------------ helpers

    def _melds_changed(self, st: SeatState) -> None:
        """Keep the seat's outgoing melds (codes) and the AI's (type, kinds) pairs in step."""
        st.shown_melds = tuple(m.shown(self.codes) for m in st.melds)
        st.meld_view = tuple((m.type, m.kinds) for m in st.shown_melds)

    def _take(self, seat: int, tile: int) -> int:
        st = self.seats[seat]
        st.concealed.remove(tile)
        st.counts[kind_of(tile)] -= 1
        return tile

    def _mark_claimed(self, from_seat: int, by: int) -> None:
        st = self.seats[from_seat]
        st.river[-1] = st.river[-1]._replace(claimed_by=by)
        st.river_view = st.river_view[:-1] + (st.river_view[-1]._replace(claimed_by=by),)
        st.nagashi = False  # a called discard ends nagashi mangan (A1)

    def _illegal_message(self, action: object, well_formed: bool) -> str:
        """``seat 2 cannot pon: holds only one 5p`` and the like."""
        seat = getattr(action, "seat", "?")
        what = action.describe() if isinstance(action, Action) else repr(action)
        reason = checks.why_not(self, action) if well_formed else checks.malformed_reason(action)
        return f"seat {seat} cannot {what}: {reason}"


def _without_copy_choice(action: Action) -> Action:
    """The action as ``legal_actions`` lists it: a discard without its choice of copy."""
    if type(action) in (Discard, Riichi) and action.tsumogiri is not None:  # type: ignore[attr-defined]
        return type(action)(action.seat, action.tile)  # type: ignore[call-arg,attr-defined]
    return action


def _counts_of(ids: Sequence[int]) -> list[int]:
    counts = [0] * KIND_COUNT
    for tile in ids:
        counts[kind_of(tile)] += 1
    return counts


def _last_of_code(tiles: Sequence[int], code: int, codes: Sequence[int]) -> int:
    """The most recently added id showing this code (deterministic choice of a copy);
    ``codes`` maps ids to codes under the rules in play."""
    for tile in reversed(tiles):
        if codes[tile] == code:
            return tile
    raise ValueError(f"no tile of code {code} held")


_HANDLERS = {
    Discard: HandState._discard,
    Riichi: HandState._discard,
    Pass: HandState._pass,
    Ron: HandState._ron,
    Tsumo: HandState._tsumo,
    Chi: HandState._claim,
    Pon: HandState._claim,
    Kan: HandState._claim,
    ClosedKan: HandState._closed_kan,
    AddedKan: HandState._added_kan,
    NineTerminals: HandState._nine_terminals,
}
