"""One hand of mahjong as a small state machine: the referee.

Phases follow the dev log, plus one for the kan flow::

    draw -> AWAITING_DISCARD --discard--> AWAITING_CLAIMS --all pass--> next draw
              ^   |  kan: replacement draw        |  chi/pon: claimer discards
              |   +--added kan--> AWAITING_ROBBERY (others may ron the added tile)
              +-------------------------------+  ron / tsumo / wall empty -> FINISHED

The engine only validates: it lists every seat's legal actions and every
:class:`ClaimOpportunity` after a discard, and applies one action at a time.
Who of several claimants gets the tile is the controller's decision (the engine
accepts any legal claim). An illegal action raises :class:`IllegalActionError`
naming the seat, the action and the reason, and leaves the state untouched:
``apply`` checks legality before it changes anything.

Joy simplifications, documented here because they are rules: no riichi and no
furiten; after a chi or pon the claimer only discards (no tsumo, no kan that
turn); no calls on the last discard (only ron); at most four kans per hand, and
a kan needs a live tile left; an open kan's dora is turned over at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import Enum
from typing import NamedTuple

from mahjong_joy.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kan,
    Pass,
    Pon,
    Ron,
    Tsumo,
)
from mahjong_joy.engine.events import (
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
    Won,
)
from mahjong_joy.engine.wall import Wall
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.hand.claims import ADDED_KAN, CHI, CLOSED_KAN, KAN, PON, ClaimOption
from mahjong_joy.notation import format_tiles
from mahjong_joy.rulesets.base import Ruleset
from mahjong_joy.tiles import KIND_COUNT, tile_name


class Phase(str, Enum):
    """Where the hand is waiting."""

    AWAITING_DISCARD = "awaiting_discard"
    AWAITING_CLAIMS = "awaiting_claims"
    AWAITING_ROBBERY = "awaiting_robbery"
    FINISHED = "finished"


class Meld(NamedTuple):
    """A declared set: type (chi, pon, kan, closed_kan, added_kan), tile ids, claimed id, source seat."""

    type: str
    tiles: tuple[int, ...]
    claimed: int | None
    from_seat: int | None

    @property
    def kinds(self) -> tuple[int, ...]:
        """The kinds of the set, lowest first."""
        return tuple(sorted(t // 4 for t in self.tiles))


class RiverTile(NamedTuple):
    """One discard: its id, whether it was the tile just drawn, who claimed it (if anyone)."""

    tile: int
    tsumogiri: bool
    claimed_by: int | None


class ClaimOpportunity(NamedTuple):
    """What one seat may do with the last discard (the dev log's class)."""

    seat: int
    can_win: bool
    options: tuple[ClaimOption, ...]


class Outcome(NamedTuple):
    """How a finished hand ended: a winner (with its situation) or a draw with the ready seats."""

    winner: int | None
    from_seat: int | None
    win_tile: int | None
    tsumo: bool
    rinshan: bool
    robbed_kan: bool
    last_tile: bool
    ready: tuple[tuple[int, tuple[int, ...]], ...]


_CLAIM_TYPES = {CHI: Chi, PON: Pon, KAN: Kan}


class HandState:
    """The referee of one hand. Create it with a wall, the dealer and a ruleset."""

    def __init__(self, wall: Wall, dealer: int, ruleset: Ruleset) -> None:
        self.wall = wall
        self.dealer = dealer
        self.ruleset = ruleset
        self.concealed: list[list[int]] = wall.dealt_hands(dealer)
        self.counts: list[list[int]] = [[0] * KIND_COUNT for _ in range(4)]
        for seat in range(4):
            for tile in self.concealed[seat]:
                self.counts[seat][tile // 4] += 1
        self.melds: list[list[Meld]] = [[] for _ in range(4)]
        self.rivers: list[list[RiverTile]] = [[] for _ in range(4)]
        self.phase = Phase.AWAITING_DISCARD
        self.current = dealer
        self.drawn: int | None = None
        self.after_claim = False
        self.after_replacement = False
        self.last_discard: tuple[int, int] | None = None  # (seat, id)
        self.pending_kan: tuple[int, int] | None = None  # (seat, id) during robbery
        self.opportunities: tuple[ClaimOpportunity, ...] = ()
        self.waiting: set[int] = set()
        self.outcome: Outcome | None = None
        self.turns = 0
        self._legal: dict[int, list[Action]] = {}
        first = [Dealt(dealer, wall.dora_indicators[0] // 4, wall.live_count)]
        first += self._draw(dealer, replacement=False)
        self.events: list[Event] = list(first)

    @classmethod
    def from_key(cls, key: str, dealer: int, ruleset: Ruleset) -> HandState:
        """The hand dealt from the wall shuffled by ``key`` (see :func:`wall.wall_key`)."""
        return cls(Wall.from_key(key), dealer, ruleset)

    # ------------------------------------------------------------------ queries

    @property
    def is_finished(self) -> bool:
        """True once the hand ended by a win or an exhaustive draw."""
        return self.phase is Phase.FINISHED

    def pons_of(self, seat: int) -> list[int]:
        """Kinds this seat has ponned (added kan candidates)."""
        return [m.tiles[0] // 4 for m in self.melds[seat] if m.type == PON]

    def seats_to_act(self) -> list[int]:
        """Seats with a decision to make now, in turn order from the current seat."""
        if self.phase is Phase.AWAITING_DISCARD:
            return [self.current]
        start = self.current
        return [(start + i) % 4 for i in range(1, 4) if (start + i) % 4 in self.waiting]

    def opportunity_of(self, seat: int) -> ClaimOpportunity | None:
        """This seat's opportunity on the last tile, while it has not answered."""
        if seat not in self.waiting:
            return None
        return next((o for o in self.opportunities if o.seat == seat), None)

    def legal_actions(self, seat: int) -> list[Action]:
        """Exactly the actions ``apply`` accepts from this seat now (cached until a change)."""
        found = self._legal.get(seat)
        if found is None:
            found = self._compute_legal(seat)
            self._legal[seat] = found
        return list(found)

    def _compute_legal(self, seat: int) -> list[Action]:
        if self.phase is Phase.AWAITING_DISCARD:
            if seat != self.current:
                return []
            counts = self.counts[seat]
            found: list[Action] = [Discard(seat, t) for t in range(KIND_COUNT) if counts[t]]
            if self.after_claim:
                return found
            if self.ruleset.can_win(counts, len(self.melds[seat])):
                found.append(Tsumo(seat))
            if self.wall.can_kan():
                for option in self.ruleset.own_turn_kans(counts, self.pons_of(seat)):
                    cls = ClosedKan if option.kind == CLOSED_KAN else AddedKan
                    found.append(cls(seat, option.tiles[0]))
            return found
        opportunity = self.opportunity_of(seat)
        if opportunity is None:
            return []
        found = [Pass(seat)]
        if opportunity.can_win:
            found.append(Ron(seat))
        for option in opportunity.options:
            if option.kind == CHI:
                found.append(Chi(seat, option.tiles))
            else:
                found.append(_CLAIM_TYPES[option.kind](seat))
        return found

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Apply one legal action and return its events; raise (changing nothing) otherwise."""
        legal = self.legal_actions(action.seat) if _well_typed(action) else []
        if action not in legal:
            raise IllegalActionError(self._illegal_message(action))
        self._legal = {}
        out = _HANDLERS[type(action)](self, action)
        self.events.extend(out)
        return out

    def _discard(self, action: Discard) -> list[Event]:
        seat, kind = action.seat, action.tile
        drawn = self.drawn
        tsumogiri = drawn is not None and drawn // 4 == kind
        tile = drawn if tsumogiri else _last_of_kind(self.concealed[seat], kind)
        self._take(seat, tile)
        self.rivers[seat].append(RiverTile(tile, tsumogiri, None))
        self.drawn = None
        self.after_claim = self.after_replacement = False
        self.last_discard = (seat, tile)
        self.turns += 1
        out: list[Event] = [Discarded(seat, kind, tsumogiri)]
        self.opportunities = self._claim_opportunities(seat, kind)
        if not self.opportunities:
            return out + self._advance()
        self.phase = Phase.AWAITING_CLAIMS
        self.waiting = {o.seat for o in self.opportunities}
        return out

    def _claim_opportunities(self, discarder: int, kind: int) -> tuple[ClaimOpportunity, ...]:
        """Each other seat's chance on a discard, in turn order after the discarder."""
        found = []
        calls_allowed = self.wall.live_count > 0
        can_kan = self.wall.can_kan()
        for step in (1, 2, 3):
            seat = (discarder + step) % 4
            counts = self.counts[seat]
            counts[kind] += 1
            can_win = self.ruleset.can_win(counts, len(self.melds[seat]))
            counts[kind] -= 1
            options: tuple[ClaimOption, ...] = ()
            if calls_allowed:
                options = tuple(
                    o
                    for o in self.ruleset.claim_options(counts, kind, step == 1)
                    if o.kind != KAN or can_kan
                )
            if can_win or options:
                found.append(ClaimOpportunity(seat, can_win, options))
        return tuple(found)

    def _pass(self, action: Pass) -> list[Event]:
        self.waiting.discard(action.seat)
        out: list[Event] = [Passed(action.seat)]
        if self.waiting:
            return out
        self.opportunities = ()
        if self.phase is Phase.AWAITING_ROBBERY:
            seat, _ = self.pending_kan  # type: ignore[misc]
            self.pending_kan = None
            self.phase = Phase.AWAITING_DISCARD
            return out + self._kan_draw(seat)
        return out + self._advance()

    def _advance(self) -> list[Event]:
        """Nobody took the discard: the next seat draws, or the hand is drawn out."""
        discarder = self.last_discard[0]  # type: ignore[index]
        if self.wall.live_count == 0:
            return self._exhaust()
        return self._draw((discarder + 1) % 4, replacement=False)

    def _draw(self, seat: int, replacement: bool) -> list[Event]:
        tile = self.wall.draw_replacement() if replacement else self.wall.draw()
        self.concealed[seat].append(tile)
        self.counts[seat][tile // 4] += 1
        self.drawn = tile
        self.current = seat
        self.phase = Phase.AWAITING_DISCARD
        self.after_claim = False
        self.after_replacement = replacement
        self.waiting = set()
        return [Drew(seat, tile // 4, replacement)]

    def _exhaust(self) -> list[Event]:
        ready = []
        for seat in range(4):
            waits = self.ruleset.waits(self.counts[seat], len(self.melds[seat]))
            if waits:
                ready.append((seat, waits))
        self.phase = Phase.FINISHED
        self.waiting = set()
        self.outcome = Outcome(None, None, None, False, False, False, False, tuple(ready))
        return [Exhausted(tuple(ready))]

    def _ron(self, action: Ron) -> list[Event]:
        seat = action.seat
        robbed = self.phase is Phase.AWAITING_ROBBERY
        if robbed:
            from_seat, tile = self.pending_kan  # type: ignore[misc]
            self._unadd_kan(from_seat, tile)
        else:
            from_seat, tile = self.last_discard  # type: ignore[misc]
            self._mark_claimed(from_seat, seat)
        self.concealed[seat].append(tile)
        self.counts[seat][tile // 4] += 1
        last = not robbed and self.wall.live_count == 0
        return self._win(seat, from_seat, tile, tsumo=False, robbed=robbed, last=last)

    def _tsumo(self, action: Tsumo) -> list[Event]:
        seat = action.seat
        tile = self.drawn
        assert tile is not None
        last = not self.after_replacement and self.wall.live_count == 0
        return self._win(seat, seat, tile, tsumo=True, robbed=False, last=last)

    def _win(self, seat: int, from_seat: int, tile: int, tsumo: bool, robbed: bool, last: bool) -> list[Event]:
        rinshan = tsumo and self.after_replacement
        self.phase = Phase.FINISHED
        self.waiting = set()
        self.opportunities = ()
        self.pending_kan = None
        self.outcome = Outcome(seat, from_seat, tile // 4, tsumo, rinshan, robbed, last, ())
        hand = tuple(sorted(t // 4 for t in self.concealed[seat]))
        melds = tuple((m.type, m.kinds) for m in self.melds[seat])
        return [Won(seat, from_seat, tile // 4, tsumo, robbed, hand, melds)]

    def _claim(self, action: Action) -> list[Event]:
        """Chi, pon or open kan of the last discard."""
        seat = action.seat
        from_seat, tile = self.last_discard  # type: ignore[misc]
        kind = tile // 4
        if isinstance(action, Chi):
            needed = list(action.tiles)
            needed.remove(kind)
            meld_type = CHI
        else:
            meld_type = PON if isinstance(action, Pon) else KAN
            needed = [kind] * (2 if meld_type == PON else 3)
        taken = [self._take(seat, _last_of_kind(self.concealed[seat], k)) for k in needed]
        self.melds[seat].append(Meld(meld_type, tuple(sorted(taken + [tile])), tile, from_seat))
        self._mark_claimed(from_seat, seat)
        self.opportunities = ()
        self.waiting = set()
        self.phase = Phase.AWAITING_DISCARD
        self.current = seat
        self.drawn = None
        self.turns += 0
        if meld_type == CHI:
            self.after_claim = True
            return [Chied(seat, from_seat, tuple(action.tiles), kind)]  # type: ignore[attr-defined]
        if meld_type == PON:
            self.after_claim = True
            return [Ponned(seat, from_seat, kind)]
        return [Kanned(seat, from_seat, kind)] + self._kan_draw(seat)

    def _kan_draw(self, seat: int) -> list[Event]:
        """After any kan: the replacement draw and one more dora indicator."""
        out = self._draw(seat, replacement=True)
        indicator = self.wall.dora_indicators[-1] // 4
        return [DoraRevealed(indicator)] + out

    def _closed_kan(self, action: ClosedKan) -> list[Event]:
        seat, kind = action.seat, action.tile
        taken = [self._take(seat, _last_of_kind(self.concealed[seat], kind)) for _ in range(4)]
        self.melds[seat].append(Meld(CLOSED_KAN, tuple(sorted(taken)), None, None))
        self.drawn = None
        return [ClosedKanned(seat, kind)] + self._kan_draw(seat)

    def _added_kan(self, action: AddedKan) -> list[Event]:
        seat, kind = action.seat, action.tile
        tile = self._take(seat, _last_of_kind(self.concealed[seat], kind))
        index = next(i for i, m in enumerate(self.melds[seat]) if m.type == PON and m.tiles[0] // 4 == kind)
        pon = self.melds[seat][index]
        self.melds[seat][index] = Meld(ADDED_KAN, tuple(sorted(pon.tiles + (tile,))), pon.claimed, pon.from_seat)
        self.drawn = None
        out: list[Event] = [AddedKanned(seat, kind)]
        robbers = []
        for step in (1, 2, 3):
            other = (seat + step) % 4
            counts = self.counts[other]
            counts[kind] += 1
            if self.ruleset.can_win(counts, len(self.melds[other])):
                robbers.append(ClaimOpportunity(other, True, ()))
            counts[kind] -= 1
        if not robbers:
            return out + self._kan_draw(seat)
        self.phase = Phase.AWAITING_ROBBERY
        self.pending_kan = (seat, tile)
        self.opportunities = tuple(robbers)
        self.waiting = {o.seat for o in robbers}
        return out

    def _unadd_kan(self, seat: int, tile: int) -> None:
        """A robbed added kan goes back to the pon it was."""
        index = next(i for i, m in enumerate(self.melds[seat]) if m.type == ADDED_KAN and tile in m.tiles)
        meld = self.melds[seat][index]
        self.melds[seat][index] = Meld(PON, tuple(t for t in meld.tiles if t != tile), meld.claimed, meld.from_seat)

    # ------------------------------------------------------------------ helpers

    def _take(self, seat: int, tile: int) -> int:
        self.concealed[seat].remove(tile)
        self.counts[seat][tile // 4] -= 1
        return tile

    def _mark_claimed(self, from_seat: int, by: int) -> None:
        river = self.rivers[from_seat]
        river[-1] = river[-1]._replace(claimed_by=by)

    def _illegal_message(self, action: object) -> str:
        """``seat 2 cannot pon: holds only one 5p`` and the like."""
        seat = getattr(action, "seat", "?")
        what = action.describe() if isinstance(action, Action) else repr(action)
        return f"seat {seat} cannot {what}: {self._reason(action)}"

    def _reason(self, action: object) -> str:
        if not isinstance(action, Action):
            return "not an action"
        seat = action.seat
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < 4:
            return "no such seat (0..3)"
        if self.phase is Phase.FINISHED:
            return "the hand is over"
        if self.phase is Phase.AWAITING_DISCARD:
            return self._reason_own_turn(action)
        return self._reason_claim(action)

    def _reason_own_turn(self, action: Action) -> str:
        seat = action.seat
        if isinstance(action, (Ron, Chi, Pon, Kan, Pass)):
            return "there is no discard to claim"
        if seat != self.current:
            return f"it is seat {self.current}'s turn"
        counts = self.counts[seat]
        tile = getattr(action, "tile", None)
        if tile is not None and not (isinstance(tile, int) and 0 <= tile < KIND_COUNT):
            return f"{tile!r} is not a tile kind (0..33)"
        if isinstance(action, Discard):
            return f"holds no {tile_name(action.tile)}"
        if self.after_claim:
            return "a seat that just claimed must discard"
        if isinstance(action, Tsumo):
            return f"{format_tiles(_kinds(counts))} is not a complete hand"
        if not self.wall.can_kan():
            return "no kan is possible now (four kans made or the live wall is empty)"
        if isinstance(action, ClosedKan):
            return f"holds {counts[action.tile]} {tile_name(action.tile)}, needs four"
        if isinstance(action, AddedKan):
            if action.tile not in self.pons_of(seat):
                return f"has no pon of {tile_name(action.tile)}"
            return f"holds no fourth {tile_name(action.tile)}"
        return "not legal now"

    def _reason_claim(self, action: Action) -> str:
        seat = action.seat
        on = self.pending_kan if self.phase is Phase.AWAITING_ROBBERY else self.last_discard
        assert on is not None
        kind = on[1] // 4
        if isinstance(action, (Discard, Tsumo, ClosedKan, AddedKan)):
            return f"waiting for claims on {tile_name(kind)}"
        if seat == on[0]:
            return f"cannot claim its own {tile_name(kind)}"
        opportunity = next((o for o in self.opportunities if o.seat == seat), None)
        if seat not in self.waiting:
            return "already answered" if opportunity else f"has no claim on {tile_name(kind)}"
        if self.phase is Phase.AWAITING_ROBBERY and not isinstance(action, (Ron, Pass)):
            return f"only ron may rob the kan of {tile_name(kind)}"
        counts = self.counts[seat]
        if isinstance(action, Ron):
            return f"{format_tiles(_kinds(counts))} does not win on {tile_name(kind)}"
        if self.wall.live_count == 0:
            return "no calls on the last discard"
        if isinstance(action, Pon):
            return f"holds only {counts[kind]} {tile_name(kind)}"
        if isinstance(action, Kan):
            if counts[kind] == 3:
                return "no kan is possible now (four kans made or the live wall is empty)"
            return f"holds only {counts[kind]} {tile_name(kind)}"
        if isinstance(action, Chi):
            if (on[0] + 1) % 4 != seat:
                return "chi only from the seat on the left"
            return f"cannot make {action.tiles!r} with {tile_name(kind)}"
        return "not legal now"


def _is_int(value: object) -> bool:
    return type(value) is int


def _well_typed(action: object) -> bool:
    """Ints where ints belong (``True`` or ``5.0`` would compare equal to a legal action)."""
    if not isinstance(action, Action) or not _is_int(action.seat) or not 0 <= action.seat < 4:
        return False
    tile = getattr(action, "tile", 0)
    tiles = getattr(action, "tiles", ())
    return _is_int(tile) and type(tiles) is tuple and all(_is_int(t) for t in tiles)


def _last_of_kind(tiles: Sequence[int], kind: int) -> int:
    """The most recently added id of a kind (deterministic choice of a physical copy)."""
    for tile in reversed(tiles):
        if tile // 4 == kind:
            return tile
    raise ValueError(f"no {tile_name(kind)} held")


def _kinds(counts: Sequence[int]) -> list[int]:
    return [t for t in range(KIND_COUNT) for _ in range(counts[t])]


_HANDLERS = {
    Discard: HandState._discard,
    Pass: HandState._pass,
    Ron: HandState._ron,
    Tsumo: HandState._tsumo,
    Chi: HandState._claim,
    Pon: HandState._claim,
    Kan: HandState._claim,
    ClosedKan: HandState._closed_kan,
    AddedKan: HandState._added_kan,
}
