"""One hand of mahjong as a small state machine: the referee.

Phases follow the dev log, plus one for the kan flow::

    draw -> AWAITING_DISCARD --discard/riichi--> AWAITING_CLAIMS --all pass--> next draw
              ^   |  kan: replacement draw            |  chi/pon: claimer discards
              |   +--added kan--> AWAITING_ROBBERY (others may ron the added tile)
              +-------------------------------+  ron / tsumo / wall empty / abort -> FINISHED

Each phase is an object (:mod:`~mahjong_joy.engine.phases`: ``OwnTurn``,
``ClaimWindow``, ``RobWindow``, ``Over``) holding the facts that live only while
it lasts, and has its own table of replies (``_REPLIES``).

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
tsumo, no kan that turn); no calls on the last discard (only ron); a kan needs a
live tile left, and with a dead wall at most four kans a hand (A1 "Kan and wall
limits"; without one, B1, there is no limit: :meth:`Wall.can_kan`).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import repeat
from operator import is_
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from mahjong_joy.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    DeclareFlower,
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
    FlowerDeclared,
    Kanned,
    Passed,
    Ponned,
    RiichiAccepted,
    RiichiDeclared,
    Won,
)
from mahjong_joy.engine.phases import ClaimOpportunity, ClaimWindow, OwnTurn, Over, Phase, RobWindow, Stage
from mahjong_joy.engine.wall import Wall
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.hand.claims import ClaimOption
from mahjong_joy.melds import ADDED_KAN, CHI, CLOSED_KAN, CODE_RANK, KAN, PON, Meld, code_order
from mahjong_joy.names import WIND_TILE_OF
from mahjong_joy.notation import format_tiles
from mahjong_joy.rulesets.base import Ruleset, TableState
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.rulesets.win import WinContext
from mahjong_joy.tiles import (
    EAST,
    FIRST_FLOWER_CODE,
    FIRST_FLOWER_ID,
    FLOWER_COUNT,
    KIND_COUNT,
    TERMINALS_AND_HONORS,
    TILE_COUNT,
    code_of,
    from_counts34,
    kind_of,
    kind_of_code,
    tile_name,
)
from mahjong_joy.engine import checks


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
    flowers: tuple[tuple[int, ...], ...] = ()  # per seat, the flowers it declared (codes); empty without flowers


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
    kept: list[int] = field(default_factory=list)  # flower ids held beside the hand, not yet declared (never in counts)
    flowers: list[int] = field(default_factory=list)  # flower ids declared, face up (RULES.md B1)
    flower_view: tuple[int, ...] = ()  # the declared flowers as codes, kept in step
    river_view: tuple[RiverEntry, ...] = ()  # the river as views show it, kept in step (less any discarded flower)
    shown_melds: tuple[Meld, ...] = ()  # the melds as they leave the engine (codes), kept in step
    meld_view: tuple[tuple[str, tuple[int, ...]], ...] = ()  # (type, kinds) per meld as the checkers read them, kept in step
    # caches of the concealed hand, worked out once asked and reset whenever its tiles change (not facts: left
    # out of comparisons)
    waits: tuple[int, ...] | None = field(default=None, compare=False, repr=False)  # its waits
    wait_mask: int = field(default=0, compare=False, repr=False)  # the same as bits (valid while ``waits`` is set)
    view_hand: tuple[int, ...] | None = field(default=None, compare=False, repr=False)  # its codes as views show them
    draws: int = field(default=0, compare=False, repr=False)  # tiles drawn this hand (for ``shanten_seen``)
    shanten_seen: tuple[int, int] | None = field(default=None, compare=False, repr=False)  # (draws, shanten) last worked out

    @property
    def in_riichi(self) -> bool:
        return self.riichi_at is not None


_IDS = TILE_COUNT + FLOWER_COUNT  # every id a wall may hold: the 136 tiles, then the flowers
_CODES = (tuple(code_of(t, 0) for t in range(_IDS)), tuple(code_of(t, 1) for t in range(_IDS)))
# Events are immutable values: the two of every turn are made once and shared ([seat][code][flag]).
_DISCARDED = tuple(tuple((Discarded(s, c, False), Discarded(s, c, True)) for c in range(37)) for s in range(4))
_DREW = tuple(tuple((Drew(s, c, False), Drew(s, c, True)) for c in range(45)) for s in range(4))
_SEAT_FACTS = _NEW = tuple.__new__  # a named tuple from its fields in order, skipping the keyword-aware __new__
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
        self.players = table.players  # who sits in each chair (seat): for the table's names, never for play
        self.points = list(table.points)
        self.sticks = table.sticks
        self.has_flowers = len(wall.deck) > TILE_COUNT  # Chinese Official play: 144 tiles (RULES.md B1)
        self.seats = [_seat_dealt(hand) for hand in wall.dealt_hands(dealer)]
        self.current = dealer
        self.stage: Stage = OwnTurn(dealer)  # the phase and the facts that live only while it lasts
        self.is_finished = False  # True once the hand ended by a win or a draw (the stage is Over)
        self.last_discard: tuple[int, int] | None = None  # (seat, id) of the hand's latest discard
        self.four_kans_armed = False  # four kans by two or more seats: the next discard aborts (C1-13)
        self.calls = 0  # any call, closed kans included: ends the first go-around (A2, 7)
        self.accepted: list[int] = []
        self.outcome: HandEnd | None = None
        self._legal: dict[int, tuple[Action, ...]] = {}
        self._view: tuple | None = None  # cache: the table's part of every seat's view now (engine.view.table_facts)
        self._shown_melds: tuple[tuple[Meld, ...], ...] | None = None  # cache: every seat's melds, until one changes
        indicators = wall.dora_indicators
        first: list[Event] = [Dealt(dealer, self.code(indicators[0]) if indicators else None, wall.live_count)]
        first += self._draw(dealer, replacement=False)
        if self.has_flowers:
            first += self._replace_dealt_flowers()
        self.events: list[Event] = list(first)

    @classmethod
    def from_key(cls, key: str, dealer: int, ruleset: Ruleset, table: TableState | None = None) -> HandState:
        """The hand dealt from the wall shuffled by ``key`` (see :func:`wall.wall_key`), of the
        ruleset's tile set (:meth:`~mahjong_joy.rulesets.base.Ruleset.wall_shape`)."""
        shape = ruleset.wall_shape()
        return cls(Wall.from_key(key, shape.tiles, shape.dead_wall), dealer, ruleset, table)

    # ------------------------------------------------------------------ queries

    @property
    def phase(self) -> Phase:
        """Where the hand is waiting (the kind of :attr:`stage`)."""
        return self.stage.PHASE

    @property
    def drawn(self) -> int | None:
        """The id drawn on the turn in play, or on the turn the hand ended on."""
        stage = self.stage
        return stage.drawn if isinstance(stage, (OwnTurn, Over)) else None

    @property
    def after_replacement(self) -> bool:
        """The turn in play drew from the dead wall (rinshan, no first draw)."""
        stage = self.stage
        return isinstance(stage, OwnTurn) and stage.after_replacement

    @property
    def pending_kan(self) -> tuple[int, int, str] | None:
        """(seat, id, meld type) of a kan tile while it may be robbed."""
        stage = self.stage
        return (stage.from_seat, stage.tile, stage.meld_type) if isinstance(stage, RobWindow) else None

    @property
    def opportunities(self) -> tuple[ClaimOpportunity, ...]:
        """Each seat's chance on the tile on offer (empty outside a window)."""
        stage = self.stage
        return stage.opportunities if isinstance(stage, ClaimWindow) else ()

    @property
    def waiting(self) -> frozenset[int]:
        """Seats still to answer the tile on offer."""
        stage = self.stage
        return frozenset(stage.waiting) if isinstance(stage, ClaimWindow) else frozenset()

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


    def code(self, tile_id: int) -> int:
        """The code a physical tile shows under these rules (a red five or its kind)."""
        return self.codes[tile_id]

    def pons_of(self, seat: int) -> list[int]:
        """Kinds this seat has ponned (added kan candidates)."""
        return [kind_of(m.tiles[0]) for m in self.seats[seat].melds if m.type == PON]

    def seats_to_act(self) -> list[int]:
        """Seats with a decision to make now, in turn order from the current seat."""
        stage = self.stage
        if isinstance(stage, OwnTurn):
            return [self.current]
        if isinstance(stage, Over):
            return []
        start = self.current
        return [(start + i) % 4 for i in range(1, 4) if (start + i) % 4 in stage.waiting]

    def opportunity_of(self, seat: int) -> ClaimOpportunity | None:
        """This seat's opportunity on the last tile, while it has not answered."""
        stage = self.stage
        if not isinstance(stage, ClaimWindow) or seat not in stage.waiting:
            return None
        return next((o for o in stage.opportunities if o.seat == seat), None)

    def shown_hand(self, seat: int) -> tuple[int, ...]:
        """The seat's concealed tiles as codes, by kind (a red five after its plain fives):
        sorted once per change of its tiles."""
        st = self.seats[seat]
        found = st.view_hand
        if found is None:
            codes = sorted(map(self.codes.__getitem__, st.concealed))
            if codes and codes[-1] >= 34:  # a red five: put it after the plain fives of its kind
                codes.sort(key=CODE_RANK.__getitem__)
            found = tuple(codes)
            st.view_hand = found
        return found

    def shown_melds(self) -> tuple[tuple[Meld, ...], ...]:
        """Every seat's melds as they show (codes): one tuple, the same object until a meld changes."""
        found = self._shown_melds
        if found is None:
            found = self._shown_melds = tuple([s.shown_melds for s in self.seats])
        return found

    def waits_of(self, seat: int) -> tuple[int, ...]:
        """Kinds completing this seat's hand now (empty unless it holds 13 - 3 per meld)."""
        return _waits(self.ruleset, self.seats[seat])

    def is_furiten(self, seat: int, waits: Sequence[int] | None = None) -> bool:
        """Whether this seat may not ron now (:func:`~mahjong_joy.engine.checks.is_furiten`:
        temporary, riichi or permanent furiten, A1); ``waits`` when the caller has them already."""
        st = self.seats[seat]
        return checks.is_furiten(self.rules.hand.furiten, st.discarded, st.temp_furiten or st.riichi_furiten,
                                 self.waits_of(seat) if waits is None else waits)

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """Exactly the actions ``apply`` accepts from this seat now: the candidates whose
        checker (:mod:`~mahjong_joy.engine.checks`) passes. Worked out once per state and
        handed out as the same immutable tuple (the view and the controller share it)."""
        found = self._legal.get(seat)
        if found is None:
            found = self._compute_legal(seat)
            self._legal[seat] = found
        return found

    def _compute_legal(self, seat: int) -> tuple[Action, ...]:
        phase = self.stage.PHASE
        if phase is Phase.FINISHED:
            return ()
        if phase is Phase.AWAITING_DISCARD:
            if seat != self.current:
                return ()
            return tuple(checks.own_turn_actions(self.facts(seat), self._shanten_floor(seat), lambda: self._shanten(seat)))
        opportunity = self.opportunity_of(seat)
        if opportunity is None:
            return ()
        red_hand = [self.codes[t] for t in self.seats[seat].concealed] if self.reds else None
        return tuple(checks.claim_actions(seat, opportunity.can_win, opportunity.options, bool(self.stage.rons), red_hand))  # type: ignore[union-attr]

    def _shanten_floor(self, seat: int) -> int:
        """A lower bound of the seat's shanten now (-1: none known), from the last one
        worked out: a discard never lowers the shanten and a draw lowers it by one at
        most, so it is that number less the draws since (reset when the melds change)."""
        st = self.seats[seat]
        seen = st.shanten_seen
        return -1 if seen is None else max(-1, seen[1] - (st.draws - seen[0]))

    def _shanten(self, seat: int) -> int:
        """The seat's shanten now (its own turn), remembered for :meth:`_shanten_floor`."""
        st = self.seats[seat]
        found = self.ruleset.shanten(st.counts, len(st.melds))
        st.shanten_seen = (st.draws, found)
        return found

    def facts(self, seat: int, tile: int | None = None) -> checks.SeatFacts:
        """This seat's situation as the checkers read it. ``tile`` is the id a win would
        be on (by default the tile drawn on its turn, else the tile on offer)."""
        st = self.seats[seat]
        stage = self.stage
        turn = stage if isinstance(stage, OwnTurn) and seat == self.current else None
        if tile is None:
            tile = turn.drawn if turn else (stage.tile if isinstance(stage, ClaimWindow) else None)
        codes = self.codes
        wall = self.wall
        live = wall.live_count
        return _SEAT_FACTS(checks.SeatFacts, (  # the tuple itself: built at every decision, keywords cost 2 us more
            seat,
            self.ruleset,
            self.rules,
            tuple(st.counts),
            self.shown_hand(seat),  # the codes held, sorted by kind (kept until they change)
            _meld_facts(st),
            codes[turn.drawn] if turn and turn.drawn is not None else None,  # drawn
            turn is not None and turn.after_claim,
            st.riichi_at is not None,  # riichi
            st.forbidden,
            st.discarded,
            st.temp_furiten or st.riichi_furiten,  # furiten_marked
            not st.river and not self.calls,  # first_turn
            self.points[seat],
            live,
            wall.can_kan(),
            lambda tsumo, robbed: self.has_yaku(seat, tile, tsumo, robbed),  # type: ignore[arg-type]
            tuple([codes[t] for t in st.kept]) if st.kept else (),  # kept_flowers
        ))

    def offer(self) -> checks.Offer | None:
        """The tile open to claims now (a discard, or a kan tile that may be robbed)."""
        stage = self.stage
        if not isinstance(stage, ClaimWindow):
            return None
        robbed = isinstance(stage, RobWindow)
        return checks.Offer(stage.from_seat, stage.tile >> 2, self.codes[stage.tile], robbed, stage.abort_pending is not None)

    def furiten_cause(self, seat: int) -> tuple[str, int | None] | None:
        """Why this seat may not ron now (:func:`~mahjong_joy.engine.checks.furiten_cause`), or ``None``."""
        return checks.furiten_cause(self.facts(seat))

    def wait_report(self, seat: int, discard: int | None = None, riichi: bool = False) -> tuple[tuple[int, int | None, bool, bool], ...]:
        """For each wait the hand would have after discarding code ``discard`` (or now, with
        13 tiles): ``(kind, furiten_by, ron_has_yaku, tsumo_has_yaku)``. ``furiten_by`` is
        the kind in the river (the discard itself included) that makes the wait furiten, or
        ``None``. With ``riichi`` the declaration is the yaku. A query: nothing changes."""
        st = self.seats[seat]
        ids = list(st.concealed)
        if discard is not None:
            found = [t for t in ids if self.codes[t] == discard]
            if not found:
                return ()
            ids.remove(found[-1])
        counts = _counts_of(ids)
        if sum(counts) + 3 * len(st.melds) != 13:
            return ()
        waits = self.ruleset.waits(counts, len(st.melds))
        river = st.discarded | (1 << kind_of_code(discard) if discard is not None else 0)
        probe = self.rules.scoring.yaku_required and not riichi and not st.riichi_accepted
        out = []
        for w in waits:
            furiten_by = w if self.rules.hand.furiten and river >> w & 1 else None
            ron = tsumo = True
            if probe:
                tile = w * 4 + 1 if w * 4 + 1 not in ids else w * 4 + 2  # a plain copy of the kind
                ron, tsumo = (self._would_have_yaku(seat, ids, tile, t) for t in (False, True))
            out.append((w, furiten_by, ron, tsumo))
        return tuple(out)

    def _would_have_yaku(self, seat: int, ids: list[int], tile: int, tsumo: bool) -> bool:
        """Whether winning on ``tile`` with the concealed ``ids`` would have a yaku (a later
        draw: no tenhou or chiihou)."""
        context = replace(
            self.win_context(seat, tile, tsumo, robbed=False),
            hand=tuple(map(self.codes.__getitem__, ids + [tile])), tenhou=False, chiihou=False,
        )
        return bool(self.ruleset.score_win(context).valid)

    def has_yaku(self, seat: int, tile: int, tsumo: bool, robbed: bool) -> bool:
        """Whether this win would have a yaku (always, under rules that need none)."""
        if not self.rules.scoring.yaku_required:
            return True
        return bool(self.ruleset.score(self.situation(seat, tile, tsumo, robbed)).valid)

    def tenpai_waits(self, seat: int) -> tuple[int, ...]:
        """Waits that count for tenpai (:func:`~mahjong_joy.engine.checks.tenpai_waits`)."""
        st = self.seats[seat]
        return checks.tenpai_waits(self.ruleset, self.rules.hand.karaten_is_noten, st.counts, _meld_facts(st))

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Apply one legal action and return its events; raise (changing nothing) otherwise."""
        seat = getattr(action, "seat", None)
        if type(seat) is int and 0 <= seat < 4:
            # the common cases: one of the listed actions itself (found by identity, at C speed), or a
            # pass (the controller's own, equal to the listed one)
            legal = self._legal.get(seat)
            is_pass = type(action) is Pass
            if legal is None and is_pass:
                legal = self.legal_actions(seat)
            if legal is not None and (any(map(is_, legal, repeat(action))) or (is_pass and action in legal)):
                self._legal.clear()
                return self._reply(action)
        well_formed = type(action) in _ACTION_TYPES and is_well_formed(action)
        if well_formed:
            action = self._with_default_consumed(action)
        legal = self.legal_actions(action.seat) if well_formed else ()
        asked = _without_copy_choice(action) if well_formed else action
        if asked not in legal:
            raise IllegalActionError(self._illegal_message(action, well_formed))
        if asked is not action:
            reason = checks.copy_choice_blocker(self.facts(action.seat), action.tile, bool(action.tsumogiri))  # type: ignore[attr-defined]
            if reason:
                raise IllegalActionError(f"seat {action.seat} cannot {action.describe()}: {reason}")
        self._legal = {}
        return self._reply(action)

    def _reply(self, action: Action) -> list[Event]:
        """The phase's reply to a legal action (one table of replies per phase)."""
        out = _REPLIES[type(self.stage)][type(action)](self, action)
        self._view = None
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
        if code >= FIRST_FLOWER_CODE:  # a kept flower (RULES.md B1)
            return self._discard_flower(seat, code)
        st = self.seats[seat]
        turn: OwnTurn = self.stage  # type: ignore[assignment]
        drawn = turn.drawn
        codes = self.codes
        tsumogiri = drawn is not None and codes[drawn] == code and action.tsumogiri is not False
        tile = drawn if tsumogiri else _last_of_code(st.concealed, code, codes, skip=drawn)
        declares = type(action) is Riichi
        first_go_around = not st.river and not self.calls
        kind = tile >> 2
        st.concealed.remove(tile)  # as _take, inline: every turn passes here
        st.counts[kind] -= 1
        st.waits = st.view_hand = None
        st.river.append(_NEW(RiverTile, (tile, tsumogiri, None, declares)))
        st.river_view += (_NEW(RiverEntry, (codes[tile], tsumogiri, None, declares)),)
        st.discarded |= 1 << kind
        if not _YAOCHUU_MASK >> kind & 1:
            st.nagashi = False
        st.temp_furiten = False
        st.ippatsu = False  # the riichi seat's next discard ends its ippatsu
        st.forbidden = 0
        out: list[Event] = []
        if declares:
            st.riichi_at = len(st.river) - 1
            st.double_riichi = first_go_around
            out.append(RiichiDeclared(seat))
        out.append(_DISCARDED[seat][code][tsumogiri])
        if turn.dora_pending:
            out += self._reveal_pending_dora()
        window = ClaimWindow(seat, tile, (), set(), [], set(), set(), seat if declares else None)
        self.stage = window
        self.last_discard = (seat, tile)
        if declares or not self.calls or self.four_kans_armed:  # else no abortive draw can follow
            window.abort_pending = self._abort_after_discard(declares)
        window.opportunities = self._claim_opportunities(seat, tile)
        if not window.opportunities:
            return out + self._close_window()
        window.waiting = {o.seat for o in window.opportunities}
        return out

    def _discard_flower(self, seat: int, code: int) -> list[Event]:
        """A kept flower discarded (RULES.md B1 "Flower replacement (play)"): it lies in
        the seat's river, is no declared flower (no Flower Tiles fan) and nobody may
        claim it, so play goes on as after an unclaimed discard; after the last tile of
        the wall the hand ends in an exhaustive draw. Views' rivers leave it out (they
        hold the tiles with a kind, all a seat reads), and ``last_discard`` stays the
        last tile that was open to claims."""
        st = self.seats[seat]
        turn: OwnTurn = self.stage  # type: ignore[assignment]
        flower = next(t for t in st.kept if self.codes[t] == code)
        st.kept.remove(flower)
        tsumogiri = turn.drawn == flower
        st.river.append(RiverTile(flower, tsumogiri, None, False))
        st.forbidden = 0
        self.stage = ClaimWindow(seat, flower)  # open to no claim: it closes at once
        return [Discarded(seat, code, tsumogiri)] + self._close_window()

    def _abort_after_discard(self, declares: bool) -> str | None:
        """An abortive draw this discard triggers unless it is ronned (A1 "Abortive draws")."""
        hand = self.rules.hand
        if declares and hand.aborts_on("four_riichi") and all(s.in_riichi for s in self.seats):
            return "four_riichi"
        if not self.calls and hand.aborts_on("four_winds") and _first_discards_only(self.seats):
            return "four_winds"
        if self.four_kans_armed and hand.aborts_on("four_kans"):
            return "four_kans"
        return None

    def _claim_opportunities(self, discarder: int, tile: int) -> tuple[ClaimOpportunity, ...]:
        """Each other seat's chance on a discard, in turn order after the discarder.

        A seat whose shape the tile completes is furiten afterwards unless it rons,
        with or without a yaku (C1-2; riichi: for good, C1-3)."""
        offer = None
        found = []
        kind = tile >> 2
        ruleset = self.ruleset
        # no chi, pon or kan on the last discard or on one that ends the hand unless ronned (checks.call_blocker)
        calls = self.wall.live_count > 0 and self.stage.abort_pending is None  # type: ignore[union-attr]
        for step in (1, 2, 3):
            seat = (discarder + step) % 4
            st = self.seats[seat]
            if st.waits is None:
                _waits(ruleset, st)
            completes = st.wait_mask >> kind & 1 == 1  # as ``checks.may_matter``'s win test, from the kept waits
            if not completes and not (calls and st.riichi_at is None and ruleset.has_claim(st.counts, kind, step == 1)):
                continue  # neither a win nor a call: ron_blocker and call_options would find nothing
            offer = offer or self.offer()
            assert offer is not None
            facts = self.facts(seat, tile)
            can_win = completes and self._ron_chance(facts, offer)  # without the shape ron_blocker says DOES_NOT_WIN
            options = checks.call_options(facts, offer)
            if can_win or options:
                found.append(ClaimOpportunity(seat, can_win, options))
        return tuple(found)

    def _ron_chance(self, facts: checks.SeatFacts, offer: checks.Offer) -> bool:
        """Whether this seat may ron the tile; marks the furiten a pass would cause."""
        reason = checks.ron_blocker(facts, offer)
        if reason == checks.DOES_NOT_WIN:
            return False
        seat = facts.seat
        window: ClaimWindow = self.stage  # type: ignore[assignment]
        window.missed.add(seat)
        can_win = reason is None
        if can_win:
            window.unanswered.add(seat)  # furiten only once it lets the tile go (A1 "Temporary furiten")
        else:
            self._miss(seat)
        return can_win

    def _miss(self, seat: int) -> None:
        """This seat let a tile that completes its shape go: temporary furiten, and
        for a riichi seat furiten for the rest of the hand (C1-2, C1-3)."""
        self.stage.unanswered.discard(seat)  # type: ignore[union-attr]
        if self.rules.hand.furiten:
            st = self.seats[seat]
            st.temp_furiten = True
            st.riichi_furiten = st.riichi_furiten or st.in_riichi

    def _close_window(self) -> list[Event]:
        """Nobody took the discard: the riichi stands, an abortive draw happens, or the next seat draws."""
        window: ClaimWindow = self.stage  # type: ignore[assignment]
        out = self._accept_riichi() if window.riichi_pending is not None else []
        if window.abort_pending is not None:
            return out + self._abort(window.abort_pending)
        if self.wall.live_count == 0:
            return out + self._exhaust()
        return out + self._draw((window.from_seat + 1) % 4, replacement=False)

    def _accept_riichi(self) -> list[Event]:
        """The declaration tile survived the window: the 1,000 stick goes down (C1-4)."""
        window: ClaimWindow = self.stage  # type: ignore[assignment]
        seat = window.riichi_pending
        if seat is None:
            return []
        window.riichi_pending = None
        st = self.seats[seat]
        st.riichi_accepted = True
        st.ippatsu = True
        self.points[seat] -= 1000
        self.sticks += 1
        self.accepted.append(seat)
        return [RiichiAccepted(seat)]

    def _pass(self, action: Pass) -> list[Event]:
        """A pass on a discard: once every seat answered, the rons win or the window closes."""
        out = self._passed(action)
        if self.stage.waiting:  # type: ignore[union-attr]
            return out
        return out + (self._finish_rons() if self.stage.rons else self._close_window())  # type: ignore[union-attr]

    def _pass_robbery(self, action: Pass) -> list[Event]:
        """A pass on a kan tile: once every seat answered, the rons win or the kan stands."""
        out = self._passed(action)
        if self.stage.waiting:  # type: ignore[union-attr]
            return out
        return out + (self._finish_rons() if self.stage.rons else self._complete_kan())  # type: ignore[union-attr]

    def _passed(self, action: Pass) -> list[Event]:
        window: ClaimWindow = self.stage  # type: ignore[assignment]
        window.waiting.discard(action.seat)
        if action.seat in window.unanswered:
            self._miss(action.seat)
        return [Passed(action.seat, self.rules.hand.furiten and action.seat in window.missed)]

    def _draw(self, seat: int, replacement: bool, flower: bool = False) -> list[Event]:
        """The next seat's draw opens its turn; a replacement draw continues the same turn
        (a kong's, or with ``flower`` a flower's from the tail: not a kong replacement, so a
        win on it is only self-drawn, RULES.md B1 "Flowers and fan", B4 杠上开花)."""
        wall = self.wall
        tile = wall.draw_from_tail() if flower else wall.draw_replacement() if replacement else wall.draw()
        _receive(self.seats[seat], tile)
        if replacement:
            turn: OwnTurn = self.stage  # type: ignore[assignment]
            turn.drawn, turn.after_claim, turn.after_replacement = tile, False, not flower
        else:
            self.stage = OwnTurn(seat, tile)
        self.current = seat
        return [_DREW[seat][self.codes[tile]][replacement]]

    def _replace_dealt_flowers(self) -> list[Event]:
        """The flower replacement of the deal (RULES.md B1 "Flower replacement (deal)"): from
        the dealer in turn order each seat lays its flowers face up and draws as many
        replacements from the tail, in rounds until no hand holds a flower. The dealer's
        tile in hand is then its last replacement when its first draw was a flower."""
        out: list[Event] = []
        turn: OwnTurn = self.stage  # type: ignore[assignment]
        while any(st.kept for st in self.seats):
            for step in range(4):
                seat = (self.dealer + step) % 4
                st = self.seats[seat]
                flowers, st.kept = st.kept, []
                for flower in flowers:
                    out += self._lay_flower(seat, flower, deal=True)
                    tile = self.wall.draw_from_tail()
                    _receive(st, tile)
                    if tile < FIRST_FLOWER_ID and seat == self.dealer and turn.drawn is not None \
                            and turn.drawn >= FIRST_FLOWER_ID:
                        turn.drawn = tile
                    out.append(_DREW[seat][self.codes[tile]][True])
        return out

    def _lay_flower(self, seat: int, flower: int, deal: bool = False) -> list[Event]:
        """A flower goes face up beside the seat's melds."""
        st = self.seats[seat]
        st.flowers.append(flower)
        st.flower_view += (self.codes[flower],)
        self._view = None
        return [FlowerDeclared(seat, self.codes[flower], deal)]

    def _declare_flower(self, action: DeclareFlower) -> list[Event]:
        """A held flower declared on a turn after a draw: its replacement from the tail
        continues the turn (RULES.md B1 "Flower replacement (play)")."""
        seat = action.seat
        st = self.seats[seat]
        flower = next(t for t in st.kept if self.codes[t] == action.tile)
        st.kept.remove(flower)
        return self._lay_flower(seat, flower) + self._draw(seat, replacement=True, flower=True)

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
        stage = self.stage
        self.stage = Over(stage.drawn if isinstance(stage, OwnTurn) else None)
        self.is_finished = True
        flowers = tuple(st.flower_view for st in self.seats) if self.has_flowers else ()
        self.outcome = HandEnd(
            end.wins, end.abort, end.ready, end.nagashi, tuple(self.accepted), tuple(self.points), self.sticks, flowers
        )

    def _nine_terminals(self, action: NineTerminals) -> list[Event]:
        return self._abort("nine_terminals", action.seat)

    def _ron(self, action: Ron) -> list[Event]:
        window: ClaimWindow = self.stage  # type: ignore[assignment]
        window.rons.append(action.seat)
        window.waiting.discard(action.seat)
        if self.rules.hand.max_rons == 1:
            return self._finish_rons()
        window.waiting = {s for s in window.waiting if any(o.seat == s and o.can_win for o in window.opportunities)}
        if window.waiting:
            return []
        return self._finish_rons()

    def _finish_rons(self) -> list[Event]:
        """Every declared ron wins, nearest the discarder first; three on Tenhou abort (C1-9)."""
        window: ClaimWindow = self.stage  # type: ignore[assignment]
        robbed = isinstance(window, RobWindow)
        from_seat, tile = window.from_seat, window.tile
        rons = sorted(window.rons, key=lambda s: (s - from_seat) % 4)
        window.riichi_pending = None  # a ronned declaration tile puts down no stick (C1-4)
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
        first.waits = first.view_hand = None
        self._finish(HandEnd(wins=wins))
        return out

    def _tsumo(self, action: Tsumo) -> list[Event]:
        seat = action.seat
        tile = self.stage.drawn  # type: ignore[union-attr]
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
        engine states the win in neutral terms (:meth:`win_context`); the ruleset builds
        its family's situation from it."""
        return self.ruleset.situation(self.win_context(seat, tile, tsumo, robbed, with_ura))

    def win_context(self, seat: int, tile: int, tsumo: bool, robbed: bool, with_ura: bool = False) -> WinContext:
        """This seat winning on ``tile`` now, in no family's terms (:class:`WinContext`)."""
        st = self.seats[seat]
        ids = list(st.concealed) if tsumo else st.concealed + [tile]
        live_empty = self.wall.live_count == 0
        riichi = st.riichi_accepted
        first_draw = tsumo and not st.river and not self.calls and not self.after_replacement
        indicators = self.wall.dora_indicators
        ura: list[int] = []
        if with_ura and riichi and self.rules.hand.ura_dora:
            ura = self.wall.ura_indicators[: None if self.rules.hand.kan_ura_dora else 1]
        return WinContext(
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
            round_wind=WIND_TILE_OF[self.round_wind],
            dora_indicators=tuple(map(self.codes.__getitem__, indicators)),
            ura_indicators=tuple(map(self.codes.__getitem__, ura)),
            wall_empty=live_empty,
            flowers=len(st.flowers),
            visible_copies=self.visible_copies(tile >> 2, tsumo, robbed) if self.ruleset.counts_visible_copies else 0,
        )

    def visible_copies(self, kind: int, tsumo: bool = True, robbed: bool = False) -> int:
        """Copies of ``kind`` face up on the table besides the winning tile: every river's
        unclaimed discards and every declared set but a face-down closed kan (RULES.md B4
        和绝张: "visible on the table"). A discard being won on, or a kan tile being
        robbed, is the winning tile itself and is not counted."""
        seen = 0
        for st in self.seats:
            for entry in st.river:
                if entry.claimed_by is None and entry.tile >> 2 == kind:
                    seen += 1
            for meld in st.melds:
                if meld.type != CLOSED_KAN:
                    seen += sum(1 for t in meld.tiles if t >> 2 == kind)
        if robbed:
            seen -= 1  # the robbed tile sits in the added kan until the win takes it
        elif not tsumo:
            seen -= 1  # the discard on offer is still unclaimed in its river
        return max(0, seen)

    def _claim(self, action: Chi | Pon | Kan) -> list[Event]:
        """Chi, pon or open kan of the last discard; the riichi on it stands (A2, 5)."""
        seat = action.seat
        window: ClaimWindow = self.stage  # type: ignore[assignment]
        from_seat, tile = window.from_seat, window.tile
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
        for other in sorted(window.unanswered):
            self._miss(other)  # a call took the tile: whoever could ron it let it go
        self._called()
        self.stage = OwnTurn(seat, after_claim=meld_type != KAN)
        self.current = seat
        if meld_type == CHI:
            self._set_kuikae(st, ClaimOption(CHI, tuple(action.tiles), kind))  # type: ignore[union-attr]
            return out + [Chied(seat, from_seat, st.shown_melds[-1].tiles, self.code(tile), shown)]
        if meld_type == PON:
            self._set_kuikae(st, ClaimOption(PON, (kind,) * 3, kind))
            return out + [Ponned(seat, from_seat, self.code(tile), shown)]
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
        if not self.wall.dead_wall:
            return []  # no dead wall, no indicators (Chinese Official play has no dora)
        if self.rules.hand.open_kan_dora == "immediate":
            return [DoraRevealed(self.code(self.wall.reveal_dora()))]
        self.stage.dora_pending += 1  # type: ignore[union-attr]
        return []

    def _reveal_pending_dora(self) -> list[Event]:
        """Indicators an earlier open or added kan left face down (revealed at the discard or next kan)."""
        turn: OwnTurn = self.stage  # type: ignore[assignment]
        out: list[Event] = []
        while turn.dora_pending:
            turn.dora_pending -= 1
            out.append(DoraRevealed(self.code(self.wall.reveal_dora())))
        return out

    def _closed_kan(self, action: ClosedKan) -> list[Event]:
        seat, kind = action.seat, action.tile
        st = self.seats[seat]
        out = self._reveal_pending_dora()
        taken = [self._take(seat, _last_of_code(st.concealed, kind, _CODES[0])) for _ in range(4)]
        st.melds.append(HeldMeld(CLOSED_KAN, tuple(sorted(taken)), None, None))
        self._melds_changed(st)
        self.stage.drawn = None  # type: ignore[union-attr]
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
        self.stage.drawn = None  # type: ignore[union-attr]
        self.calls += 1
        self._count_kan(seat)
        shown = (self.codes[tile],) + tuple(self.codes[t] for t in pon.tiles) if self.reds else ()
        out.append(AddedKanned(seat, self.code(tile), shown))
        if self._open_robbery(seat, tile, ADDED_KAN, kokushi_only=False):
            return out
        return out + self._complete_kan(seat, ADDED_KAN)

    def _open_robbery(self, seat: int, tile: int, meld_type: str, kokushi_only: bool) -> bool:
        """Open the chankan window on a kan tile; False (the turn goes on) when nobody can rob it."""
        turn: OwnTurn = self.stage  # type: ignore[assignment]
        window = RobWindow(seat, tile, meld_type=meld_type, turn=turn)
        self.stage = window
        offer = self.offer()
        assert offer is not None
        robbers = []
        for step in (1, 2, 3):
            other = (seat + step) % 4
            if kokushi_only and not checks.completes_thirteen_orphans(self.seats[other].counts, kind_of(tile)):
                continue
            _waits(self.ruleset, self.seats[other])
            if not self.seats[other].wait_mask >> kind_of(tile) & 1:
                continue  # the tile does not complete the shape: ron_blocker would say DOES_NOT_WIN
            if self._ron_chance(self.facts(other, tile), offer):
                robbers.append(ClaimOpportunity(other, True, ()))
        if not robbers:
            self.stage = turn
            return False
        window.opportunities = tuple(robbers)
        window.waiting = {o.seat for o in robbers}
        return True

    def _complete_kan(self, seat: int | None = None, meld_type: str | None = None) -> list[Event]:
        """Nobody robbed the kan: its dora (closed kan at once, C1-6), then the replacement draw."""
        if seat is None:
            window: RobWindow = self.stage  # type: ignore[assignment]
            seat, meld_type = window.from_seat, window.meld_type
            self.stage = window.turn  # type: ignore[assignment]
        if meld_type == ADDED_KAN:
            for st in self.seats:
                st.ippatsu = False  # after the chankan window (A2, 6: Tenhou's order)
            dora = self._open_kan_dora()
        else:
            dora = [DoraRevealed(self.code(self.wall.reveal_dora()))] if self.wall.dead_wall else []
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
        st.waits = st.view_hand = None
        self._melds_changed(st)

    # ------------------------------------------------------------------ helpers

    def _melds_changed(self, st: SeatState) -> None:
        """Keep the seat's outgoing melds (codes) and the AI's (type, kinds) pairs in step."""
        st.shanten_seen = None  # a call or kan: the bound from before it no longer holds
        self._shown_melds = None
        st.shown_melds = tuple(m.shown(self.codes) for m in st.melds)
        st.meld_view = tuple((m.type, m.kinds) for m in st.shown_melds)

    def _take(self, seat: int, tile: int) -> int:
        st = self.seats[seat]
        st.concealed.remove(tile)
        st.counts[kind_of(tile)] -= 1
        st.waits = st.view_hand = None
        return tile

    def _mark_claimed(self, from_seat: int, by: int) -> None:
        st = self.seats[from_seat]
        st.river[-1] = st.river[-1]._replace(claimed_by=by)
        st.river_view = st.river_view[:-1] + (st.river_view[-1]._replace(claimed_by=by),)
        st.nagashi = False  # a called discard ends nagashi mangan (A1)

    def refusal(self, action: Action) -> str | None:
        """Why a well-formed action is not legal now, or ``None`` when it is: the legal
        list holds exactly the actions with no refusal (one checker per action)."""
        if self.phase is Phase.FINISHED:
            return "the hand is over"
        if self.phase is Phase.AWAITING_DISCARD:
            return self._own_turn_refusal(action)
        return self._claim_refusal(action)

    def _own_turn_refusal(self, action: Action) -> str | None:
        seat = action.seat
        if isinstance(action, (Ron, Chi, Pon, Kan, Pass)):
            return "there is no discard to claim"
        if seat != self.current:
            return f"it is seat {self.current}'s turn"
        facts = self.facts(seat)
        if isinstance(action, Discard):
            return checks.discard_blocker(facts, action.tile)
        if isinstance(action, Riichi):
            return checks.riichi_discard_blocker(facts, action.tile)
        if isinstance(action, Tsumo):
            reason = checks.tsumo_blocker(facts)
            if reason == checks.NOT_COMPLETE:
                return f"{format_tiles(from_counts34(facts.counts))} {checks.NOT_COMPLETE}"
            return reason
        if isinstance(action, NineTerminals):
            return checks.nine_terminals_blocker(facts)
        if isinstance(action, DeclareFlower):
            return checks.flower_blocker(facts, action.tile)
        if isinstance(action, (ClosedKan, AddedKan)):
            if not 0 <= action.tile < KIND_COUNT:
                return f"{action.tile!r} is not a tile kind (0..33)"
            return checks.kan_blocker(facts, action.tile, isinstance(action, AddedKan))
        return "not legal now"

    def _claim_refusal(self, action: Action) -> str | None:
        seat = action.seat
        offer = self.offer()
        assert offer is not None
        name = tile_name(offer.kind)
        if not isinstance(action, (Ron, Pass, Chi, Pon, Kan)):
            return f"waiting for claims on {name}"
        if seat == offer.from_seat:
            return f"cannot claim its own {name}"
        window: ClaimWindow = self.stage  # type: ignore[assignment]
        opportunity = next((o for o in window.opportunities if o.seat == seat), None)
        if seat not in window.waiting:
            return "already answered" if opportunity else f"has no claim on {name}"
        if isinstance(action, Pass):
            return None
        if offer.robbed and not isinstance(action, Ron):
            return f"only ron may rob the kan of {name}"
        if window.rons and not isinstance(action, Ron):
            return "a ron was declared: only ron or pass"
        facts = self.facts(seat)
        if isinstance(action, Ron):
            reason = checks.ron_blocker(facts, offer)
            if reason == checks.DOES_NOT_WIN:
                return f"{format_tiles(from_counts34(facts.counts))} {checks.DOES_NOT_WIN} on {name}"
            return reason
        if isinstance(action, Pon):
            return checks.pon_blocker(facts, offer, action.consumed)
        if isinstance(action, Kan):
            return checks.open_kan_blocker(facts, offer, action.consumed)
        return checks.chi_blocker(facts, offer, action.tiles, action.consumed)  # type: ignore[union-attr]

    def _illegal_message(self, action: object, well_formed: bool) -> str:
        """``seat 2 cannot pon: holds only one 5p`` and the like."""
        seat = getattr(action, "seat", "?")
        what = action.describe() if isinstance(action, Action) else repr(action)
        reason = (self.refusal(action) or "not legal now") if well_formed else checks.malformed_reason(action)
        return f"seat {seat} cannot {what}: {reason}"


def _without_copy_choice(action: Action) -> Action:
    """The action as ``legal_actions`` lists it: a discard without its choice of copy."""
    if type(action) in (Discard, Riichi) and action.tsumogiri is not None:  # type: ignore[attr-defined]
        return type(action)(action.seat, action.tile)  # type: ignore[call-arg,attr-defined]
    return action


def _first_discards_only(seats: Sequence[SeatState]) -> bool:
    """Each seat has made exactly one discard, all four of one wind (suufon renda)."""
    return all(len(s.river) == 1 for s in seats) and checks.four_same_winds([s.river[0].tile >> 2 for s in seats])


def _meld_facts(st: SeatState) -> tuple[checks.MeldFacts, ...]:
    """The one accessor from the engine's melds to the (type, kinds) pairs the checkers read."""
    return st.meld_view


def _waits(ruleset: Ruleset, st: SeatState) -> tuple[int, ...]:
    """The seat's waits (empty unless it holds 13 - 3 per meld), worked out once per
    concealed hand: every change of its tiles resets ``st.waits`` (``_take``, ``_draw``,
    ``_unkan``, the ron winner's tile), so the cache lives no longer than the hand."""
    found = st.waits
    if found is None:
        found = ruleset.waits(st.counts, len(st.melds)) if len(st.concealed) + 3 * len(st.melds) == 13 else ()
        st.waits = found
        st.wait_mask = sum([1 << w for w in found])
    return found


def _receive(st: SeatState, tile: int) -> None:
    """A tile drawn into a seat's hand (a draw, a replacement, the deal's flower
    replacement): a flower stays beside the hand until declared (RULES.md B1); a tile
    joins the hand and clears the seat's cached waits and view."""
    if tile >= FIRST_FLOWER_ID:
        st.kept.append(tile)
        return
    st.concealed.append(tile)
    st.counts[kind_of(tile)] += 1
    st.waits = st.view_hand = None
    st.draws += 1


def _seat_dealt(ids: Sequence[int]) -> SeatState:
    """A seat's state from its dealt ids: a flower waits beside the hand for the deal's
    replacement (RULES.md B1)."""
    if max(ids) < FIRST_FLOWER_ID:
        return SeatState(list(ids), _counts_of(ids))
    tiles = [t for t in ids if t < FIRST_FLOWER_ID]
    return SeatState(tiles, _counts_of(tiles), kept=[t for t in ids if t >= FIRST_FLOWER_ID])


def _counts_of(ids: Sequence[int]) -> list[int]:
    counts = [0] * KIND_COUNT
    for tile in ids:
        counts[kind_of(tile)] += 1
    return counts


def _last_of_code(tiles: Sequence[int], code: int, codes: Sequence[int], skip: int | None = None) -> int:
    """The most recently added id showing this code, ``skip`` aside (deterministic choice
    of a copy); ``codes`` maps ids to codes under the rules in play."""
    for tile in reversed(tiles):
        if codes[tile] == code and tile != skip:
            return tile
    raise ValueError(f"no tile of code {code} held")


_OWN_TURN_REPLIES = {
    Discard: HandState._discard,
    Riichi: HandState._discard,
    Tsumo: HandState._tsumo,
    ClosedKan: HandState._closed_kan,
    AddedKan: HandState._added_kan,
    NineTerminals: HandState._nine_terminals,
    DeclareFlower: HandState._declare_flower,
}
_CLAIM_REPLIES = {Pass: HandState._pass, Ron: HandState._ron, Chi: HandState._claim, Pon: HandState._claim, Kan: HandState._claim}
_ROB_REPLIES = {Pass: HandState._pass_robbery, Ron: HandState._ron}
_REPLIES = {OwnTurn: _OWN_TURN_REPLIES, ClaimWindow: _CLAIM_REPLIES, RobWindow: _ROB_REPLIES}
_ACTION_TYPES = frozenset(_OWN_TURN_REPLIES) | frozenset(_CLAIM_REPLIES)
