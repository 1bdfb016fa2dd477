"""The table's read-only picture of a game, and the one adapter that talks to the controller.

The table scene draws a :class:`TableSnapshot` and submits actions through a
:class:`Session`. One concept has one shape: melds are the controller's
:class:`~mahjong_joy.melds.Meld` (codes, with the claimed tile and its seat), a hand's result is the engine's own
:class:`~mahjong_joy.engine.outcome.HandOutcome` (with one
:class:`~mahjong_joy.engine.outcome.WinResult` per winner), read as it is, not copied
into a look-alike. Tiles in the snapshot are codes: kinds 0..33 and 34..36 for the
red 5m, 5p, 5s (under Joy, with no red fives, a code is its kind). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from mahjong_joy.i18n import current_language, tr
from mahjong_joy.controller import CLAIM, ROB_KAN, TURN, Snapshot
from mahjong_joy.engine.actions import Action, DeclareFlower, Discard, Riichi, kept_flower_discards
from mahjong_joy.engine.outcome import DrawReason, HandOutcome, WinResult
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.melds import Meld
from mahjong_joy.names import SEAT_NAMES, tile_label
from mahjong_joy.tiles import code_name
from mahjong_joy.controller import DEFAULT_RULES
from mahjong_joy.rulesets.rules import Rules, TableRules

__all__ = ["SEAT_NAMES", "ClaimOffer", "DrawReason", "HandOutcome", "Meld", "Session", "StaticSession", "TableSnapshot",
           "WaitNote", "WinResult"]

WIND_KIND = {"E": 27, "S": 28, "W": 29, "N": 30}


@dataclass(frozen=True)
class ClaimOffer:
    """The last discard the player may claim, with every legal answer (Pass included)."""

    tile: int
    from_seat: int
    actions: tuple[Action, ...]


@dataclass(frozen=True)
class WaitNote:
    """One wait of a discard that leaves the hand ready, as the hint panel lists it:
    the kind, unseen copies, and what stops a win on it (``furiten`` names the river
    tile or the discard itself; ``no_ron_yaku`` with ``tsumo_ok`` means tsumo only)."""

    tile: int
    unseen: int
    furiten: str = ""
    no_ron_yaku: bool = False
    tsumo_ok: bool = True


@dataclass(frozen=True)
class TableSnapshot:
    """Everything the table shows at one moment, from the player's seat."""

    me: int
    names: tuple[str, ...]
    points: tuple[int, ...]
    round_wind: int  # tile kind 27..30
    hand_number: int
    honba: int
    dealer: int
    turn: int
    phase: str
    hand: tuple[int, ...]  # my concealed codes, sorted by kind, without the drawn tile
    drawn: int | None
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    rivers: tuple[tuple[int, ...], ...]  # codes still lying in each river (claimed ones removed)
    wall_count: int
    dora_indicators: tuple[int, ...]
    own_actions: tuple[Action, ...]  # discards, tsumo, kans when it is my turn
    claim: ClaimOffer | None
    visible34: tuple[int, ...]
    result: HandOutcome | None = None
    revealed: dict[int, tuple[int, ...]] = field(default_factory=dict)  # seat -> hand shown at a win
    match_over: bool = False
    standings: tuple[tuple[int, int, int], ...] = ()
    history: tuple[tuple[int, ...], ...] = ()  # points after each hand, starting points first
    version: int = 0
    rules: Rules = DEFAULT_RULES  # the rules as played (``rules.name`` is the preset's name; its table's length as chosen)
    sticks: int = 0  # riichi sticks (1,000 each) waiting in the centre
    riichi: tuple[bool, ...] = (False,) * 4  # per seat: its riichi stick is down (or declared)
    river_sideways: tuple[int | None, ...] = (None,) * 4  # per seat: index in ``rivers`` of the sideways tile
    furiten: str = ""  # why I may not ron now ("" when I may)
    waits: tuple[int, ...] = ()  # my waits (kinds) while my hand holds 13 tiles
    note: str = ""  # one line about the last discard I waited on and could not ron
    abort_seat: int | None = None  # the seat whose hand caused an abortive draw (nine terminals)
    game_points: tuple[float, ...] = ()  # per standing row, once the match is over (uma and oka applied)
    best_hand: str = ""  # the match's best hand so far, in words
    final_hands: dict[int, tuple[int, ...]] = field(default_factory=dict)  # every seat's concealed codes once the hand is over
    refused: tuple[tuple[int, str], ...] = ()  # (code, the engine's reason) per held code I may not discard now
    flowers: tuple[tuple[int, ...], ...] = ((),) * 4  # per seat: the flowers laid face up, in order (Chinese Official)

    @property
    def riichi_rules(self) -> bool:
        """True when the rules play riichi (sticks, furiten and the Riichi button matter)."""
        return self.rules.hand.riichi

    @property
    def mcr_rules(self) -> bool:
        """True when the table plays Chinese Official: fan and flowers, Hu, chow, pung and kong."""
        return getattr(self.rules, "family", "riichi") == "mcr"

    @property
    def table_rules(self) -> TableRules:
        """The match's table rules as played (length, agari-yame, uma)."""
        return self.rules.table

    def seat_from_me(self, seat: int) -> int:
        """Relative position of an absolute seat: 0 me, 1 right, 2 across, 3 left."""
        return (seat - self.me) % 4

    @property
    def discard_codes(self) -> set[int]:
        """Codes I may discard now (others are greyed: kuikae, or locked after riichi)."""
        return {a.tile for a in self.own_actions if isinstance(a, Discard)}

    @property
    def riichi_codes(self) -> set[int]:
        """Codes whose discard declares riichi."""
        return {a.tile for a in self.own_actions if isinstance(a, Riichi)}

    def refusal_of(self, code: int) -> str:
        """The engine's reason I may not discard this code now ("" when I may)."""
        return next((reason for c, reason in self.refused if c == code), "")

    @property
    def my_turn(self) -> bool:
        """True when the player must discard or declare."""
        return bool(self.own_actions)


def refusal_sentence(reason: str, code: int) -> str:
    """The engine's reason a tile may not go, as a sentence with the tile in words:
    ``kuikae: 6m may not ...`` becomes ``Kuikae: the 6 of Characters may not ...``."""
    if current_language() != "en":  # the engine's three refusals (engine/checks.discard_blocker), in the player's words
        tile = tile_label(code)
        if reason.startswith("kuikae:"):
            return tr("Kuikae: the {tile} may not be discarded right after that call.", tile=tile)
        if reason.startswith("after riichi"):
            return tr("After riichi only the drawn tile may be discarded.")
        if reason.startswith("holds no"):
            return tr("You hold no {tile}.", tile=tile)
    text = reason.replace(code_name(code), f"the {tile_label(code)}")
    return text[:1].upper() + text[1:] + "."



def thrown_flower(actions: Any) -> int | None:
    """The kept flower I may discard but no longer declare (drawn as the last tile of the
    wall, RULES.md B1): it shows in the drawn tile's place, to be clicked away like any
    tile. A flower I may still declare is laid out at once and shows nowhere in the hand."""
    if any(isinstance(a, DeclareFlower) for a in actions):
        return None
    thrown = kept_flower_discards(actions)
    return thrown[0].tile if thrown else None


def table_view(
    snap: Snapshot,
    me: int,
    names: tuple[str, ...],
    view: Any,
    *,
    history: tuple[tuple[int, ...], ...] = (),
    version: int = 0,
    face_up: bool = False,
    furiten: str = "",
    note: str = "",
    abort_seat: int | None = None,
    best_hand: str = "",
) -> TableSnapshot:
    """The table from seat ``me``, read from the controller's :class:`~mahjong_joy.controller.Snapshot`:
    the one translation both the live game and the replay use.

    ``view`` is the seat's :class:`~mahjong_joy.engine.view.SeatView` (the demo's AI
    bottom seat plays face up from it; the guide counts what it can see). With
    ``face_up`` (a replay) every hand shows, each with the tile just drawn apart."""
    seats = snap.seats
    mine = seats[me]
    pending = snap.pending if snap.pending is not None and snap.pending.seat == me else None
    hand = list(mine.hand if mine.hand is not None else view.hand)
    turn = pending is not None and pending.kind == TURN
    drawn = (mine.drawn if mine.drawn is not None else view.drawn) if turn or face_up else None
    if turn and drawn is None:
        drawn = thrown_flower(pending.actions)  # type: ignore[union-attr]
    if drawn is not None and drawn in hand:
        hand.remove(drawn)
    rivers, sideways = [], []
    for s in seats:
        shown = [(i, r.tile) for i, r in enumerate(s.river) if r.claimed_by is None]
        rivers.append(tuple(code for _, code in shown))
        sideways.append(None if s.riichi_at is None else next((j for j, (i, _) in enumerate(shown) if i >= s.riichi_at), None))
    claim = None
    if pending is not None and pending.kind in (CLAIM, ROB_KAN):
        source = snap.last_discard[0] if snap.last_discard else snap.turn
        claim = ClaimOffer(pending.tile if pending.tile is not None else 0, source, pending.actions)
    result = snap.hand_result if snap.phase == "finished" else None
    if face_up:
        revealed = {s.seat: _drawn_last(s) for s in seats if s.seat != me and s.hand is not None}
    elif result is not None:
        shown_seats = {w.seat for w in result.wins} or {seat for seat, _ in result.ready}
        if result.abort and abort_seat is not None:
            shown_seats = {abort_seat}
        revealed = {s.seat: s.hand for s in seats if s.seat in shown_seats and s.seat != me and s.hand}
    else:
        revealed = {}
    return TableSnapshot(
        me=me,
        names=names,
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
        melds=tuple(s.melds for s in seats),
        rivers=tuple(rivers),
        wall_count=snap.wall_count,
        dora_indicators=snap.dora_indicators,
        own_actions=pending.actions if turn else (),
        refused=pending.refused if turn else (),
        claim=claim,
        visible34=_shown_counts(view, snap),
        result=result,
        revealed=revealed,
        match_over=snap.is_over,
        standings=tuple((st.seat, st.points, st.placement) for st in snap.standings),
        history=history,
        version=version,
        rules=snap.rules,
        sticks=snap.sticks,
        riichi=tuple(s.riichi_at is not None for s in seats),
        river_sideways=tuple(sideways),
        furiten=furiten if result is None else "",
        waits=tuple(view.waits),
        note=note,
        abort_seat=abort_seat if result is not None else None,
        game_points=tuple(st.score for st in snap.standings) if snap.is_over else (),
        best_hand=best_hand,
        final_hands={s.seat: tuple(s.hand) for s in seats if s.hand is not None} if result is not None else {},
        flowers=tuple(tuple(getattr(s, "flowers", ()) or ()) for s in seats),
    )


def _shown_counts(view: Any, snap: Snapshot) -> tuple[int, ...]:
    """What the player can see, as the guide counts it: the seat's view less any dora
    indicator the table does not show (a ruleset without dora shows none)."""
    counts = view.visible_counts34()
    for kind in view.dora_indicators[len(snap.dora_indicators):]:
        counts[kind] = max(0, counts[kind] - 1)
    return tuple(counts)


def _drawn_last(seat: Any) -> tuple[int, ...]:
    """A seat's hand as laid open: sorted, the tile just drawn last."""
    codes = list(seat.hand)  # type: ignore[arg-type]
    if seat.drawn is not None and seat.drawn in codes:
        codes.remove(seat.drawn)
        codes.append(seat.drawn)
    return tuple(codes)


class Session(Protocol):
    """What the table needs from a running game."""

    def snapshot(self) -> TableSnapshot: ...

    def drain_events(self) -> list[Any]: ...

    def needs_human(self) -> bool: ...

    def step(self) -> None: ...

    def submit(self, action: Action) -> None: ...

    def next_hand(self) -> None: ...


class StaticSession:
    """A game frozen at one snapshot (swap ``snap`` to move it): for screenshots and
    tests of positions that are hard to reach by play, such as a kan on every seat."""

    def __init__(self, snap: TableSnapshot) -> None:
        self.snap = snap

    def snapshot(self) -> TableSnapshot:
        return self.snap

    def drain_events(self) -> list[Any]:
        return []

    def needs_human(self) -> bool:
        return True  # nothing to step: the table just shows the snapshot

    def step(self) -> None:
        """Nothing moves by itself."""

    def submit(self, action: Action) -> None:
        raise IllegalActionError(f"{action.describe()}: this table is a still picture")

    def next_hand(self) -> None:
        """There is no next hand."""
