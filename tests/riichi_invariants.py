"""Invariants of riichi play, checked after every engine action of a seeded match.

:class:`RiichiChecker` wraps one controller's ``Match.apply`` and ``next_hand``;
around every action it checks the table against a model kept here from the
actions and the engine's public state (hands, rivers, melds, the wall), never
from the engine's own furiten, ippatsu or kuikae flags:

- the tiles (``tests.invariants.check_hand``: all 136 ids, hand sizes, four of
  each kind) and the points: ``points + 1000 x sticks`` constant within a hand
  and across the match, the stick paid exactly when a declaration survives;
- what each seat may do: a riichi seat only discards its drawn tile (and kans
  only with it, keeping its waits, C1-7); kuikae after chi and pon (C1-8); the
  riichi declarations and the kans offered, exactly (A1 "Riichi requirements",
  "Kan and wall limits"); nine terminals; no call on the last discard;
- furiten, recounted: permanent from the seat's own river and waits, temporary
  from the ron chances it let pass until its own next discard, riichi furiten
  for the rest of the hand (A1, C1-1..3); every ron chance offered exactly when
  the shape completes, the seat is not furiten and ``mahjong`` 2.1.0 finds a yaku;
- every win: the situation the engine scored rebuilt here (flags, dora and ura
  indicators from the wall's layout, red fives from the ids) and scored by
  ``mahjong`` 2.1.0, giving the same yaku, han, fu and payments; the deltas
  recomputed (each winner paid his own hand, honba and sticks to the winner
  nearest the discarder, C1-9; pao, C1-10);
- every draw: tenpai recounted (karaten on Tenhou, C1-17), nagashi from the
  rivers (C1-12), noten payments; the abortive draws' conditions, and none
  missed; the next hand (dealer, honba, round) or the end of the match (bust,
  yame, 30,000, the extension's last hand; leftover sticks to first, C1-15).

Rule readings the model shares with the engine (RULES.md leaves them open):
after an added kan ippatsu ends only once nobody robbed it, on both presets
(Tenhou's order, A2 6); the waits are ``hand.waits.waiting_tiles`` (a kind held
four times is no wait; see the strict xfail on Mahjong Soul karaten).

Differences from the library that are rule choices, accounted for by name:

- ``pao``: the library has no pao; its payments are compared with the scorer's,
  and the pao split is recomputed here from RULES.md A1 "Pao".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from mahjong_joy.engine.actions import (
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
)
from mahjong_joy.engine.state import HandState, Phase
from mahjong_joy.hand.agari import is_winning_hand
from mahjong_joy.hand.waits import waiting_tiles
from mahjong_joy.melds import Meld as ScoredMeld
from mahjong_joy.melds import code_order
from mahjong_joy.rulesets.riichi.situation import WinSituation
from mahjong_joy.tiles import EAST, RED_FIVE_IDS, TERMINALS_AND_HONORS, WINDS, code_of, kind_of_code
from tests.invariants import check_hand
from tests.score_reference import library_score

YAOCHUU = frozenset(TERMINALS_AND_HONORS)
DEAD = 136 - 14  # first dead-wall position of the deck (engine/wall.py layout)
INDICATORS, URA = DEAD + 4, DEAD + 9


def waits(counts: tuple[int, ...] | list[int], melds: int) -> tuple[int, ...]:
    """The kinds completing a 13-equivalent hand (empty otherwise)."""
    if sum(counts) + 3 * melds != 13:
        return ()
    return tuple(waiting_tiles(list(counts), melds))


def fifth_completes(counts: tuple[int, ...] | list[int], melds: int, kind: int) -> bool:
    """Brute force, independent of the engine: some pair plus sets for ``4 - melds``
    from the 14 counts with a fifth ``kind`` (every split tried)."""
    tiles = list(counts)
    tiles[kind] += 1

    def sets(c: list[int], need: int) -> bool:
        if need == 0:
            return not any(c)
        first = next(k for k in range(34) if c[k])
        options = []
        if c[first] >= 3:
            options.append((first, first, first))
        if first < 27 and first % 9 <= 6:
            options.append((first, first + 1, first + 2))
        for group in options:
            if all(c[k] >= group.count(k) for k in set(group)):
                for k in group:
                    c[k] -= 1
                ok = sets(c, need - 1)
                for k in group:
                    c[k] += 1
                if ok:
                    return True
        return False

    for pair in range(34):
        if tiles[pair] >= 2:
            tiles[pair] -= 2
            ok = sets(tiles, 4 - melds)
            tiles[pair] += 2
            if ok:
                return True
    return False


def kuikae_kinds(meld_type: str, kinds: tuple[int, ...], called: int) -> set[int]:
    """Kinds the caller may not discard right after the call (C1-8), recounted."""
    out = {called}
    if meld_type == "chi":
        low, high = kinds[0], kinds[2]
        if called == low and high % 9 != 8:
            out.add(high + 1)
        if called == high and low % 9 != 0:
            out.add(low - 1)
    return out


@dataclass(frozen=True)
class SeatFacts:
    """One seat's public tiles at a moment (taken before an action changes them)."""

    concealed: tuple[int, ...]
    counts: tuple[int, ...]
    melds: tuple[Any, ...]
    river: tuple[int, ...]  # kinds, called ones included

    @classmethod
    def of(cls, st: Any) -> SeatFacts:
        return cls(tuple(st.concealed), tuple(st.counts), tuple(st.melds), tuple([r.tile // 4 for r in st.river]))

    @classmethod
    def now(cls, st: Any) -> SeatFacts:
        """The facts :meth:`RiichiChecker.furiten` reads (counts, melds, river), not kept
        beyond the check: the concealed ids are left out, as the counts say the same."""
        return cls((), tuple(st.counts), st.melds, tuple([r.tile // 4 for r in st.river]))

    def melded(self, kind: int) -> int:
        return sum(1 for x in self.melds for t in x.tiles if t // 4 == kind)


@dataclass
class HandModel:
    """What this checker knows about the hand in play, kept from the actions."""

    table: Any
    start_points: tuple[int, ...]
    start_sticks: int
    temp: list[bool] = field(default_factory=lambda: [False] * 4)
    riichi_furiten: list[bool] = field(default_factory=lambda: [False] * 4)
    declared: list[int | None] = field(default_factory=lambda: [None] * 4)  # river index of the riichi tile
    accepted: list[bool] = field(default_factory=lambda: [False] * 4)
    double: list[bool] = field(default_factory=lambda: [False] * 4)
    ippatsu: list[bool] = field(default_factory=lambda: [False] * 4)
    pending_riichi: int | None = None
    calls: int = 0  # any call, closed kans included (A2, 7)
    revealed: int = 1
    dora_pending: int = 0
    replacement: bool = False  # the current seat's last draw was a kan replacement
    kuikae: frozenset[int] = frozenset()
    kans: list[int] = field(default_factory=lambda: [0] * 4)
    kan_window: tuple[int, str] | None = None  # (seat, meld type) while a kan may be robbed
    wins: dict[int, WinSituation] = field(default_factory=dict)
    rons: list[int] = field(default_factory=list)
    unanswered: set[int] = field(default_factory=set)  # seats that may ron the tile on offer
    four_kans_discarded: bool = False  # the discard after a fourth kan by two or more seats (C1-13)
    last_action: Any = None


class RiichiChecker:
    """Checks one controller's match after every engine action; counts what it saw in ``seen``."""

    def __init__(self, ctl: Any, seen: Counter) -> None:
        self.match = ctl.match
        self.rules = self.match.rules
        self.hand_rules = self.rules.hand
        self.seen = seen
        self.total = sum(self.match.points) + 1000 * self.match.sticks
        self._apply, self._next = self.match.apply, self.match.next_hand
        self.match.apply = self.apply
        self.match.next_hand = self.next_hand
        self._wait_cache: dict[tuple, tuple[int, ...]] = {}
        self._deal()

    # ------------------------------------------------------------ hooks

    def next_hand(self) -> list:
        events = self._next()
        self._deal()
        return events

    def apply(self, action: Any) -> list:
        hand = self.match.hand
        self._check_legal(hand, action)
        pre = [SeatFacts.of(st) for st in hand.seats]
        live = hand.wall.live_count
        self._before(hand, action, pre, live)
        events = self._apply(action)
        self._after(hand, action, pre, live)
        return events

    def _deal(self) -> None:
        hand = self.match.hand
        t = self.match.table
        self.model = HandModel(t, tuple(t.points), t.sticks)
        self._wait_cache.clear()
        assert tuple(hand.points) == tuple(t.points) and hand.sticks == t.sticks
        self._check_state(hand)

    # ------------------------------------------------------------ recounts

    def waits_of(self, seat: SeatFacts) -> tuple[int, ...]:
        return self._waits(seat.counts, len(seat.melds))

    def _waits(self, counts: tuple[int, ...], melds: int) -> tuple[int, ...]:
        """:func:`waits`, remembered for the hand (they depend on the counts and melds alone)."""
        key = (counts, melds)
        found = self._wait_cache.get(key)
        if found is None:
            found = self._wait_cache[key] = waits(counts, melds)
        return found

    def furiten(self, index: int, seat: SeatFacts) -> bool:
        """Temporary, riichi, or a wait among the seat's own discards (A1, C1-1)."""
        m = self.model
        if m.temp[index] or m.riichi_furiten[index]:
            return True
        return any(w in seat.river for w in self.waits_of(seat))

    def tenpai(self, seat: SeatFacts, counts: tuple[int, ...] | None = None) -> tuple[int, ...]:
        """Waits that count for tenpai (Tenhou: not a wait whose four copies the seat holds, C1-17)."""
        counts = seat.counts if counts is None else counts
        ready = self._waits(counts, len(seat.melds))
        if self.hand_rules.karaten_is_noten:
            ready = tuple(w for w in ready if counts[w] + seat.melded(w) < 4)
        elif 4 in counts:  # a kind held four times still counts when a fifth would complete the hand
            ready = tuple(sorted(set(ready) | {k for k in range(34) if counts[k] == 4 and fifth_completes(counts, len(seat.melds), k)}))
        return ready

    def situation(self, hand: HandState, index: int, seat: SeatFacts, tile: int, tsumo: bool,
                  robbed: bool, live: int) -> WinSituation:
        """The win rebuilt from the model and the wall's layout (not the engine's flags)."""
        m, reds = self.model, hand.reds
        ids = list(seat.concealed) + ([] if tsumo else [tile])

        def red(tiles: Any) -> tuple[int, ...]:
            return tuple(sorted(t // 4 for t in tiles if reds and t in RED_FIVE_IDS))

        riichi = m.accepted[index]
        first = tsumo and not m.calls and not seat.river
        deck = hand.wall.deck
        return WinSituation(
            hand=tuple(sorted(t // 4 for t in ids)),
            hand_red=red(ids),
            win_tile=tile // 4,
            melds=tuple(ScoredMeld(x.type, tuple(sorted((code_of(t, reds) for t in x.tiles), key=code_order)),
                                   None if x.claimed is None else code_of(x.claimed, reds), x.from_seat) for x in seat.melds),
            tsumo=tsumo,
            riichi=riichi and not m.double[index],
            double_riichi=riichi and m.double[index],
            ippatsu=riichi and m.ippatsu[index],
            haitei=tsumo and live == 0 and not m.replacement,
            houtei=not tsumo and not robbed and live == 0,
            rinshan=tsumo and m.replacement,
            chankan=robbed,
            tenhou=first and index == hand.dealer,
            chiihou=first and index != hand.dealer,
            seat_wind=EAST + (index - hand.dealer) % 4,
            round_wind=WINDS["ESWN".index(hand.round_wind)],
            dora_indicators=tuple(t // 4 for t in deck[INDICATORS : INDICATORS + m.revealed]),
            ura_indicators=tuple(t // 4 for t in deck[URA : URA + m.revealed]) if riichi else (),
        )

    def has_yaku(self, s: WinSituation) -> bool:
        return library_score(s, self.rules.scoring)["valid"]

    # ------------------------------------------------------------ legality

    def _check_legal(self, hand: HandState, action: Any) -> None:
        legal = hand.legal_actions(action.seat)
        assert action in legal, f"{action} not among {legal}"
        for a in legal:
            assert a.seat == action.seat
        if hand.phase is Phase.AWAITING_DISCARD:
            self._check_turn(hand, action.seat, legal)

    def _check_turn(self, hand: HandState, seat: int, legal: list) -> None:
        m, st = self.model, hand.seats[seat]
        assert seat == hand.current
        held = {hand.code(t) for t in st.concealed}
        discards = {a.tile for a in legal if type(a) is Discard}
        riichis = {a.tile for a in legal if type(a) is Riichi}
        kans = [a for a in legal if type(a) in (ClosedKan, AddedKan)]
        if m.kuikae:  # right after a chi or pon: discard only, kuikae respected (C1-8)
            assert discards == {c for c in held if kind_of_code(c) not in m.kuikae}, (discards, m.kuikae)
            assert discards, "a call left no legal discard"
            assert all(type(a) is Discard for a in legal), legal
            return
        can_kan = hand.wall.live_count > 0 and sum(m.kans) < 4  # A1 "Kan and wall limits"
        if m.declared[seat] is not None:  # after riichi: only the drawn tile (A2, 4; C1-7)
            assert hand.drawn is not None
            assert discards == {hand.code(hand.drawn)}, (discards, hand.drawn)
            assert not riichis and NineTerminals(seat) not in legal, legal
            expected = set()
            kind = hand.drawn // 4
            if can_kan and st.counts[kind] == 4:
                before, after = list(st.counts), list(st.counts)
                before[kind] -= 1
                after[kind] -= 4
                if set(waits(before, len(st.melds))) == set(waits(after, len(st.melds) + 1)):
                    expected.add(ClosedKan(seat, kind))
            assert set(kans) == expected, f"after riichi: kans {kans}, expected {expected} (C1-7)"
            self.seen["riichi_closed_kan_offered"] += len(kans)
        else:
            assert discards == held, (discards, held)
            assert riichis == self._riichi_codes(hand, seat), (riichis, self._riichi_codes(hand, seat))
            nine = self.hand_rules.aborts_on("nine_terminals") and not m.calls and not st.river
            nine = nine and sum(1 for k in YAOCHUU if st.counts[k]) >= 9
            assert (NineTerminals(seat) in legal) == nine, "nine terminals"
            expected = set()
            if can_kan:
                expected = {ClosedKan(seat, k) for k in range(34) if st.counts[k] == 4}
                expected |= {AddedKan(seat, x.kinds[0]) for x in st.melds if x.type == "pon" and st.counts[x.kinds[0]]}
            assert set(kans) == expected, (kans, expected)
        tsumo = Tsumo(seat) in legal
        if is_winning_hand(st.counts, len(st.melds)):
            s = self.situation(hand, seat, SeatFacts.of(st), hand.drawn, True, False, hand.wall.live_count)
            assert tsumo == self.has_yaku(s), f"tsumo legal: {tsumo}; the library: {not tsumo}: {s.to_dict()}"
        else:
            assert not tsumo, "tsumo on an incomplete hand"

    def _riichi_codes(self, hand: HandState, seat: int) -> set[int]:
        """Codes whose discard may declare riichi (A1 "Riichi requirements"; karaten C1-17)."""
        st = hand.seats[seat]
        facts = SeatFacts.of(st)
        if any(x.type != "closed_kan" for x in st.melds) or hand.points[seat] < 1000 or hand.wall.live_count < 4:
            return set()
        ready_after: dict[int, bool] = {}  # by kind discarded: the copies of a kind leave the same hand
        found = set()
        for t in st.concealed:
            kind = t // 4
            ready = ready_after.get(kind)
            if ready is None:
                counts = list(facts.counts)
                counts[kind] -= 1
                ready = ready_after[kind] = bool(self.tenpai(facts, tuple(counts)))
            if ready:
                found.add(hand.code(t))
        return found

    # ------------------------------------------------------------ the model

    def _before(self, hand: HandState, action: Any, pre: list[SeatFacts], live: int) -> None:
        m = self.model
        m.last_action = action
        seat = action.seat
        if type(action) is Ron:
            robbed = hand.phase is Phase.AWAITING_ROBBERY
            on = hand.pending_kan if robbed else hand.last_discard
            m.wins[seat] = self.situation(hand, seat, pre[seat], on[1], False, robbed, live)
            m.rons.append(seat)
        elif type(action) is Tsumo:
            m.wins[seat] = self.situation(hand, seat, pre[seat], hand.drawn, True, False, live)

    def _after(self, hand: HandState, action: Any, pre: list[SeatFacts], live: int) -> None:
        m = self.model
        seat, kind = action.seat, type(action)
        if kind in (Discard, Riichi):
            m.kuikae = frozenset()
            m.replacement = False
            m.temp[seat] = False  # only the seat's own discard clears it (C1-2)
            if m.declared[seat] is not None:
                m.ippatsu[seat] = False
            river = hand.seats[seat].river
            if kind is Riichi:
                m.declared[seat] = len(river) - 1
                m.double[seat] = not m.calls and len(river) == 1
                m.pending_riichi = seat
                self.seen["riichi_declared"] += 1
            m.revealed += m.dora_pending
            m.dora_pending = 0
            m.four_kans_discarded = sum(m.kans) == 4 and max(m.kans) < 4
            self._offer(hand, seat, river[-1].tile, pre, live, robbed=False)
        elif kind in (Chi, Pon, Kan):
            for other in list(m.unanswered):
                self._miss(other)
            self._accept_riichi()  # a called declaration tile still puts the stick down (C1-4)
            self._call()
            meld = hand.seats[seat].melds[-1]
            if kind is Kan:
                m.revealed += m.dora_pending
                m.dora_pending = 0
                m.kans[seat] += 1
                self._kan_stands("kan")
            elif self.hand_rules.kuikae != "allowed":
                m.kuikae = frozenset(kuikae_kinds(meld.type, meld.kinds, meld.claimed // 4))
            self.seen[kind.name] += 1
        elif kind in (ClosedKan, AddedKan):
            m.calls += 1
            m.revealed += m.dora_pending  # an earlier open kan's indicator, at this kan (A1 "Kan dora")
            m.dora_pending = 0
            m.kans[seat] += 1
            meld_type = "closed_kan" if kind is ClosedKan else "added_kan"
            self.seen[meld_type] += 1
            if kind is ClosedKan:
                m.ippatsu = [False] * 4
            robbable = kind is AddedKan or self.hand_rules.kokushi_robs_closed_kan
            if robbable:
                tile = hand.pending_kan[1] if hand.pending_kan else 4 * action.tile
                self._offer(hand, seat, tile, pre, live, robbed=True, kokushi=kind is ClosedKan)
            if hand.phase is Phase.AWAITING_ROBBERY:
                m.kan_window = (seat, meld_type)
            else:
                self._kan_stands(meld_type)
        if kind is Pass and seat in m.unanswered:
            self._miss(seat)
        if kind is Pass and m.kan_window and hand.phase is Phase.AWAITING_DISCARD:
            self._kan_stands(m.kan_window[1])
        if m.pending_riichi is not None and not m.rons and (
                hand.phase is Phase.AWAITING_DISCARD or hand.is_finished):
            self._accept_riichi()  # the declaration tile survived the window
        self._check_state(hand)
        if hand.is_finished:
            self._check_end(hand)

    def _call(self) -> None:
        """Any call ends the first go-around and every ippatsu (A2, 6-7)."""
        self.model.calls += 1
        self.model.ippatsu = [False] * 4

    def _kan_stands(self, meld_type: str) -> None:
        """Nobody robbed the kan: a closed kan's indicator now, an open or added one's
        after the discard (A1 "Kan dora", C1-6); an added kan ends ippatsu only now
        (A2, 6); then the replacement draw."""
        m = self.model
        if meld_type == "added_kan":
            m.ippatsu = [False] * 4
        if meld_type == "closed_kan" or self.hand_rules.open_kan_dora == "immediate":
            m.revealed += 1
        else:
            m.dora_pending += 1
        m.replacement = True
        m.kan_window = None

    def _accept_riichi(self) -> None:
        m = self.model
        if m.pending_riichi is not None:
            seat, m.pending_riichi = m.pending_riichi, None
            m.accepted[seat] = True
            m.ippatsu[seat] = True

    def _offer(self, hand: HandState, discarder: int, tile: int, pre: list[SeatFacts], live: int,
               robbed: bool, kokushi: bool = False) -> None:
        """A tile was offered: each other seat's ron chance recounted and compared with
        the engine's, then the furiten a pass causes marked (C1-2, C1-3)."""
        m = self.model
        offered = {o.seat: o for o in hand.opportunities}
        m.unanswered = set()
        for step in (1, 2, 3):
            other = (discarder + step) % 4
            seat = pre[other]
            counts = list(seat.counts)
            counts[tile // 4] += 1
            shape = is_winning_hand(counts, len(seat.melds))
            if kokushi:  # a closed kan is robbed only by thirteen orphans
                shape = shape and not seat.melds and all(counts[k] for k in YAOCHUU)
            can = shape and not self.furiten(other, seat)
            if can:
                can = self.has_yaku(self.situation(hand, other, seat, tile, False, robbed, live))
            offer = offered.get(other)
            got = bool(offer and offer.can_win)
            assert got == can, f"seat {other} ron on {tile // 4}: engine {got}, recount {can}"
            if offer is not None and not robbed:
                self._check_calls(hand, discarder, other, offer)
            if shape:
                self.seen["ron_chance"] += 1
                self.seen["ron_chance_furiten"] += not can
                if can:
                    m.unanswered.add(other)  # furiten once it lets the tile go, not while it may ron
                else:
                    self._miss(other)

    def _miss(self, seat: int) -> None:
        """The seat let a tile completing its shape go (C1-2; in riichi for good, C1-3)."""
        m = self.model
        m.unanswered.discard(seat)
        m.temp[seat] = True
        if m.declared[seat] is not None:
            m.riichi_furiten[seat] = True

    def _check_calls(self, hand: HandState, discarder: int, seat: int, offer: Any) -> None:
        if not offer.options:
            return
        assert hand.wall.live_count > 0, "a call on the last discard"
        assert self.model.declared[seat] is None, "a call after riichi"
        assert hand.offer() is not None and not hand.offer().ends_hand, "a call on a discard that aborts the hand"
        kind = hand.last_discard[1] // 4
        counts = hand.seats[seat].counts
        for option in offer.options:
            if option.kind == "chi":
                assert seat == (discarder + 1) % 4, "chi not from the left"
            if option.kind == "kan":
                assert sum(self.model.kans) < 4
            if option.kind in ("chi", "pon") and self.hand_rules.kuikae != "allowed":
                rest = list(counts)
                for k in option.from_hand:
                    rest[k] -= 1
                banned = kuikae_kinds(option.kind, option.tiles, kind)
                assert any(rest[k] for k in range(34) if k not in banned), f"{option} leaves no discard"

    # ------------------------------------------------------------ state

    def _check_state(self, hand: HandState) -> None:
        m = self.model
        check_hand(hand)
        assert sum(hand.points) + 1000 * hand.sticks == self.total, "points + sticks changed within the hand"
        expected = tuple(p - 1000 * a for p, a in zip(m.start_points, m.accepted))
        assert tuple(hand.points) == expected, (hand.points, expected, "riichi sticks")
        assert hand.sticks == m.start_sticks + sum(m.accepted)
        assert len(hand.wall.dora_indicators) == m.revealed, ("indicators", len(hand.wall.dora_indicators), m.revealed)
        if hand.phase is Phase.AWAITING_DISCARD:  # a window closed without ron: no abortive draw was missed
            rivers = [st.river for st in hand.seats]
            assert not all(m.accepted), "four riichi did not abort the hand"
            assert m.calls or not all(len(r) == 1 for r in rivers) or len({r[0].tile // 4 for r in rivers}) > 1 or (
                rivers[0][0].tile // 4 not in WINDS), "four winds did not abort the hand"
            assert not m.four_kans_discarded, "four kans by two seats did not abort after the next discard"
        for index, st in enumerate(hand.seats):
            if m.declared[index] is not None:
                assert st.river[m.declared[index]].riichi
                assert all(r.tsumogiri for r in st.river[m.declared[index] + 1 :]), f"seat {index} after riichi"
            if not hand.is_finished:
                ours = self.furiten(index, SeatFacts.now(st))
                assert hand.is_furiten(index) == ours, f"seat {index} furiten: engine {not ours}, recount {ours}"

    # ------------------------------------------------------------ hand end

    def _check_end(self, hand: HandState) -> None:
        m, match = self.model, self.match
        end = hand.outcome
        result = match.results[-1]
        self.seen["hands"] += 1
        assert result.start == m.table
        assert sum(match.points) + 1000 * match.sticks == self.total, "points + sticks changed at the settlement"
        assert sum(result.deltas) == 1000 * (hand.sticks - result.sticks_after), "deltas pay only the sticks taken"
        assert tuple(sorted(end.riichi)) == tuple(s for s in range(4) if m.accepted[s])
        assert tuple(result.points) == tuple(p + d for p, d in zip(hand.points, result.deltas))
        for seat in range(4):
            if m.declared[seat] is not None and not m.accepted[seat]:  # a ronned declaration tile (C1-4)
                assert m.rons and hand.last_discard[0] == seat and m.declared[seat] == len(hand.seats[seat].river) - 1
        if end.wins:
            self._check_wins(hand, end, result)
        elif end.abort:
            self._check_abort(hand, end, result)
        else:
            self._check_exhausted(hand, end, result)
        self._check_match_flow(end, result)

    def _check_wins(self, hand: HandState, end: Any, result: Any) -> None:
        m = self.model
        self.seen["won_hands"] += 1
        from_seat = end.wins[0].from_seat
        seats = [w.seat for w in end.wins]
        assert seats == sorted(seats, key=lambda s: (s - from_seat) % 4), "wins not nearest the discarder first"
        assert sorted(seats) == sorted(m.wins), (seats, m.wins)
        expected = [0, 0, 0, 0]
        for index, (facts, won) in enumerate(zip(end.wins, result.wins)):
            mine = m.wins[facts.seat]
            assert facts.situation == mine, f"situation differs:\n engine  {facts.situation}\n recount {mine}"
            honba = m.table.honba if index == 0 else 0  # honba to the nearest winner only (C1-9)
            lib = library_score(replace(mine, honba=honba, riichi_sticks=0), self.rules.scoring)
            assert lib["valid"], f"the library refuses a win: {lib} {mine.to_dict()}"
            ours = (sorted(won.yaku), won.han, won.fu, dict(won.payments))
            assert ours == (lib["yaku"], lib["han"], lib["fu"], lib["payments"]), f"{ours} != {lib}: {mine.to_dict()}"
            self._count_win(mine, won)
            paid = self._paid(facts, won, lib["payments"], honba)
            for seat in range(4):
                expected[seat] -= paid[seat]
                expected[facts.seat] += paid[seat]
        expected[end.wins[0].seat] += 1000 * (m.start_sticks + sum(m.accepted))  # every stick (C1-9)
        assert tuple(expected) == tuple(result.deltas), (expected, result.deltas)
        assert result.sticks_after == 0
        if len(end.wins) > 1:
            self.seen[f"ron_x{len(end.wins)}"] += 1

    def _paid(self, facts: Any, won: Any, pay: dict, honba: int) -> list[int]:
        """What each seat pays for one win: the library's payments, or the pao split (A1 "Pao")."""
        dealer, winner = self.model.table.dealer, facts.seat
        paid = [0, 0, 0, 0]
        if won.pao_seat is None:
            if not facts.tsumo:
                paid[facts.from_seat] = pay["ron"]
            else:
                for seat in range(4):
                    if seat != winner:
                        key = "tsumo_dealer" if seat == dealer and "tsumo_dealer" in pay else "tsumo_non_dealer"
                        paid[seat] = pay[key]
            return paid
        self.seen["pao"] += 1
        covered = won.yakuman if self.hand_rules.pao_scope == "whole_hand" else sum(
            h // 13 for name, h in won.yaku if name in self.hand_rules.pao)
        each = 6 if winner == dealer else 4
        share, rest = 8000 * covered * each, 8000 * (won.yakuman - covered)
        if facts.tsumo:
            paid[won.pao_seat] += share + 300 * honba
            for seat in range(4):
                if seat != winner:
                    paid[seat] += rest * (2 if dealer in (seat, winner) else 1)
        else:
            paid[won.pao_seat] += share // 2 + 300 * honba
            paid[facts.from_seat] += share - share // 2 + rest * each
        return paid

    def _count_win(self, s: WinSituation, won: Any) -> None:
        self.seen["wins"] += 1
        self.seen["tsumo" if s.tsumo else "ron"] += 1
        for flag in ("riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
                     "tenhou", "chiihou"):
            self.seen[flag] += getattr(s, flag)
        self.seen["ura_indicators"] += bool(s.ura_indicators)
        self.seen["red_five"] += bool(s.hand_red or any(x.reds for x in s.melds))
        self.seen["open"] += not s.is_closed
        self.seen["yakuman"] += won.yakuman > 0

    def _check_abort(self, hand: HandState, end: Any, result: Any) -> None:
        m = self.model
        self.seen[f"abort:{end.abort}"] += 1
        assert result.deltas == (0, 0, 0, 0), result.deltas
        assert result.sticks_after == m.start_sticks + sum(m.accepted)
        rivers = [st.river for st in hand.seats]
        if end.abort == "nine_terminals":
            assert type(m.last_action) is NineTerminals
        elif end.abort == "four_winds":
            assert not m.calls and all(len(r) == 1 for r in rivers)
            assert len({r[0].tile // 4 for r in rivers}) == 1 and rivers[0][0].tile // 4 in WINDS
        elif end.abort == "four_riichi":
            assert all(d is not None for d in m.declared) and all(m.accepted)
        elif end.abort == "four_kans":
            assert sum(m.kans) == 4 and max(m.kans) < 4 and type(m.last_action) in (Discard, Riichi, Pass)
        elif end.abort == "triple_ron":
            assert self.hand_rules.triple_ron_aborts and len(m.rons) == 3
        else:
            raise AssertionError(f"unknown abort {end.abort}")

    def _check_exhausted(self, hand: HandState, end: Any, result: Any) -> None:
        m = self.model
        assert hand.wall.live_count == 0
        self.seen["exhaustive"] += 1
        tenpai = []
        for seat in range(4):
            ready = self.tenpai(SeatFacts.of(hand.seats[seat]))
            assert ready or m.declared[seat] is None, f"seat {seat} in riichi but noten"
            if ready:
                tenpai.append(seat)
        assert [s for s, _ in end.ready] == tenpai, (end.ready, tenpai)
        nagashi = [s for s, st in enumerate(hand.seats) if st.river and all(
            r.tile // 4 in YAOCHUU and r.claimed_by is None for r in st.river)]
        assert list(end.nagashi) == nagashi, (end.nagashi, nagashi)
        dealer = m.table.dealer
        deltas = [0, 0, 0, 0]
        if nagashi:  # mangan tsumo each, no honba, instead of the noten payments (C1-12)
            self.seen["nagashi"] += 1
            for w in nagashi:
                for s in range(4):
                    if s != w:
                        amount = 4000 if dealer in (s, w) else 2000
                        deltas[s] -= amount
                        deltas[w] += amount
        elif 0 < len(tenpai) < 4:
            for s in range(4):
                deltas[s] = 3000 // len(tenpai) if s in tenpai else -3000 // (4 - len(tenpai))
        assert tuple(deltas) == result.deltas, (deltas, result.deltas)

    def _check_match_flow(self, end: Any, result: Any) -> None:
        """The next hand, or the end of the match, recounted (A1 "Game length", C1-15)."""
        t, match = self.model.table, self.match
        points = list(match.points)
        if end.wins:
            keeps = any(w.seat == t.dealer for w in end.wins)
            honba = t.honba + 1 if keeps else 0
        else:
            keeps = bool(end.abort) or t.dealer in [s for s, _ in end.ready]
            honba = t.honba + 1
        order = sorted(range(4), key=lambda s: (-points[s], s))  # ties to the earlier seat
        rounds = "ESWN".index(t.round_wind)
        last = 0 if self.rules.table.length == "east" else 1
        all_last = rounds > last or (rounds == last and t.hand_number == 4)
        if min(points) < 0:
            over = "bust"
        elif keeps:
            yame = all_last and not end.abort and order[0] == t.dealer and points[t.dealer] >= 30_000
            over = "yame" if yame else ""
        elif all_last and max(points) >= 30_000:
            over = "30,000 reached"
        elif rounds == last + 1 and t.hand_number == 4:
            over = "the extension's fourth hand is final"  # West 4 in a hanchan (HT; TW), South 4 East-only
        else:
            over = ""
        assert match.is_over == bool(over), (t, points, keeps, over, match.is_over)
        if not over:
            nxt = match.table
            assert nxt.dealer == (t.dealer if keeps else (t.dealer + 1) % 4), (t, nxt)
            assert nxt.honba == honba and nxt.sticks == result.sticks_after, (t, nxt)
            assert tuple(nxt.points) == tuple(points)
            if not keeps:
                number = t.hand_number % 4 + 1
                assert (nxt.round_wind, nxt.hand_number) == ("ESWN"[rounds + (number == 1)], number), (t, nxt)
            return
        self.seen["matches"] += 1
        self.seen[f"end:{over}"] += 1
        final = {s.seat: s for s in match.final}
        expected = list(points)
        expected[order[0]] += 1000 * match.sticks  # leftover sticks to first place
        assert [final[s].points for s in range(4)] == expected, (match.final, points, match.sticks)
        assert [final[s].placement for s in order] == [1, 2, 3, 4]
        assert sum(expected) == self.total
