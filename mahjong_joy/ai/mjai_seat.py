"""One seat's table, kept from mjai events: the seat view and legal actions an AI needs.

An mjai bot sees only events (other seats' draws are ``"?"``) and is never told
what it may do, so :class:`MjaiSeat` works it out the way the engine does:
furiten (own discards, a missed win since the own last discard, or after
riichi for good: RULES.md A1 "Furiten"), kuikae after a chi or pon, which
discards keep a riichi hand ready, the kan limits, nine terminals, and whether a
win has a yaku (the project's own scorer). :meth:`MjaiSeat.view` returns the
same :class:`~mahjong_joy.engine.view.SeatView` the engine would build for the
seat (checked step by step in the tests), so every AI level plays unchanged.
"""

from __future__ import annotations

from itertools import product
from typing import Any

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
)
from mahjong_joy.engine.checks import kuikae_mask
from mahjong_joy.engine.state import ClaimOpportunity, Phase, RiverEntry
from mahjong_joy.engine.view import SeatView
from mahjong_joy.hand.claims import CHI, KAN, PON, ClaimOption, claims_on_counts
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.melds import Meld
from mahjong_joy.mjai_tiles import code_of_mjai
from mahjong_joy.rulesets.riichi.situation import WinSituation
from mahjong_joy.tiles import EAST, KIND_COUNT, TERMINALS_AND_HONORS, WINDS, kind_of_code

_CODE_ORDER = tuple(2 * kind_of_code(c) + (c >= 34) for c in range(37))


class MjaiSeat:
    """The table as one seat knows it, updated one mjai event at a time."""

    def __init__(self, rules: str = "tenhou") -> None:
        self.ruleset = ruleset_for(rules)
        self.rules = self.ruleset.rules
        self.reds = self.rules.tiles.red_fives
        self.seat = 0
        self.points = [25000] * 4
        self.new_hand({"bakaze": "E", "oya": 0, "kyotaku": 0, "scores": [25000] * 4, "dora_marker": "1m",
                       "tehais": [["?"] * 13] * 4})

    # ------------------------------------------------------------ events

    def new_hand(self, ev: dict[str, Any]) -> None:
        self.round_wind = ev["bakaze"]
        self.dealer = ev["oya"]
        self.sticks = ev.get("kyotaku", 0)
        self.points = list(ev["scores"])
        self.indicators = [kind_of_code(code_of_mjai(ev["dora_marker"]))]
        tehai = ev["tehais"][self.seat]
        self.codes = [code_of_mjai(t) for t in tehai] if "?" not in tehai else []
        self.melds: list[list[tuple[str, tuple[int, ...]]]] = [[], [], [], []]
        self.meld_codes: list[tuple[str, list[int]]] = []  # own melds' codes (for kakan)
        self.rivers: list[list[RiverEntry]] = [[], [], [], []]
        self.sizes = [13, 13, 13, 13]
        self.riichi_at: list[int | None] = [None] * 4
        self.riichi_accepted = False
        self.double_riichi = False
        self.live = 70
        self.kans = 0
        self.calls = 0
        self.discarded = 0
        self.temp_furiten = False
        self.riichi_furiten = False
        self.forbidden = 0
        self.drawn: int | None = None
        self.after_claim = False
        self.after_replacement = False
        self.prior_furiten = False  # temporary or riichi furiten before the tile on offer
        self.pending_riichi: int | None = None  # the discard chosen with a reach reply
        self.last: dict[str, Any] | None = None  # the event the next decision answers

    def feed(self, events: list[dict[str, Any]]) -> None:
        for ev in events:
            self.apply(ev)

    def apply(self, ev: dict[str, Any]) -> None:
        kind = ev["type"]
        actor = ev.get("actor")
        me = actor == self.seat
        if kind == "start_game":
            self.seat = ev.get("id", self.seat)
        elif kind == "start_kyoku":
            self.new_hand(ev)
        elif kind == "tsumo":
            self.live -= 1
            self.sizes[actor] += 1
            if me:
                code = code_of_mjai(ev["pai"])
                self.codes.append(code)
                self.drawn = code
                self.after_claim = False
        elif kind == "dahai":
            self._dahai(ev, actor, me)
        elif kind == "reach":
            self.riichi_at[actor] = len(self.rivers[actor])
            if me and not self.rivers[actor] and not self.calls:
                self.double_riichi = True
        elif kind == "reach_accepted":
            if "scores" in ev:
                self.points = list(ev["scores"])
            else:
                self.points[actor] -= 1000
            self.sticks += 1
            if me:
                self.riichi_accepted = True
        elif kind in ("chi", "pon", "daiminkan"):
            self._call(ev, kind, actor, me)
        elif kind == "ankan":
            codes = [code_of_mjai(t) for t in ev["consumed"]]
            k = kind_of_code(codes[0])
            self.melds[actor].append(("closed_kan", (k,) * 4))
            self.sizes[actor] -= 4
            self.calls += 1
            self.kans += 1
            if me:
                self._take(codes)
                self.meld_codes.append(("closed_kan", codes))
                self.drawn = None
                self.after_replacement = True
        elif kind == "kakan":
            code = code_of_mjai(ev["pai"])
            k = kind_of_code(code)
            melds = self.melds[actor]
            index = next(i for i, m in enumerate(melds) if m[0] == "pon" and m[1][0] == k)
            melds[index] = ("added_kan", (k,) * 4)
            self.sizes[actor] -= 1
            self.calls += 1
            self.kans += 1
            if me:
                self._take([code])
                self.drawn = None
                self.after_replacement = True
            else:
                self._missed(k)
        elif kind == "dora":
            self.indicators.append(kind_of_code(code_of_mjai(ev["dora_marker"])))
        if kind in ("tsumo", "dahai", "chi", "pon", "kakan", "reach", "ankan"):
            self.last = ev

    def _dahai(self, ev: dict[str, Any], actor: int, me: bool) -> None:
        code = code_of_mjai(ev["pai"])
        declares = self.riichi_at[actor] == len(self.rivers[actor])
        self.rivers[actor].append(RiverEntry(code, bool(ev.get("tsumogiri", False)), None, declares))
        self.sizes[actor] -= 1
        if me:
            self._take([code])
            self.discarded |= 1 << kind_of_code(code)
            self.temp_furiten = False
            self.forbidden = 0
            self.drawn = None
            self.after_claim = False
            self.after_replacement = False
            self.pending_riichi = None
        else:
            self._missed(kind_of_code(code))

    def _missed(self, kind: int) -> None:
        """A tile that completes the shape: furiten after it unless this seat rons (C1-2, C1-3)."""
        self.prior_furiten = self.temp_furiten or self.riichi_furiten
        if not self.rules.hand.furiten or not self.codes:
            return
        counts = self.counts()
        if sum(counts) + 3 * len(self.melds[self.seat]) != 13:
            return
        counts[kind] += 1
        if self.ruleset.can_win(counts, len(self.melds[self.seat])):
            self.temp_furiten = True
            self.riichi_furiten = self.riichi_furiten or self.riichi_at[self.seat] is not None

    def _call(self, ev: dict[str, Any], kind: str, actor: int, me: bool) -> None:
        consumed = [code_of_mjai(t) for t in ev["consumed"]]
        called = code_of_mjai(ev["pai"])
        kinds = tuple(sorted(kind_of_code(c) for c in [*consumed, called]))
        meld_type = {"chi": CHI, "pon": PON, "daiminkan": KAN}[kind]
        self.melds[actor].append((meld_type, kinds))
        target = ev["target"]
        river = self.rivers[target]
        river[-1] = river[-1]._replace(claimed_by=actor)
        self.sizes[actor] -= len(consumed)
        self.calls += 1
        if kind == "daiminkan":
            self.kans += 1
        if me:
            self._take(consumed)
            self.meld_codes.append((meld_type, [*consumed, called]))
            if kind == "daiminkan":
                self.after_replacement = True
            else:
                self.after_claim = True
                if self.rules.hand.kuikae != "allowed":
                    self.forbidden = kuikae_mask(ClaimOption(meld_type, kinds, kind_of_code(called)))

    def _take(self, codes: list[int]) -> None:
        for code in codes:
            self.codes.remove(code)

    # ------------------------------------------------------------ queries

    def counts(self) -> list[int]:
        counts = [0] * KIND_COUNT
        for code in self.codes:
            counts[kind_of_code(code)] += 1
        return counts

    @property
    def my_turn(self) -> bool:
        last = self.last
        if last is None:
            return False
        return last.get("actor") == self.seat and last["type"] in ("tsumo", "chi", "pon", "reach")

    def offered(self) -> tuple[int, int, bool] | None:
        """(discarder, code, robbing a kan) of the tile open to this seat, if any."""
        last = self.last
        if last is None or last.get("actor") == self.seat:
            return None
        if last["type"] == "dahai":
            return last["actor"], code_of_mjai(last["pai"]), False
        if last["type"] == "kakan":
            return last["actor"], code_of_mjai(last["pai"]), True
        return None

    def waits(self) -> tuple[int, ...]:
        counts = self.counts()
        melds = len(self.melds[self.seat])
        if sum(counts) + 3 * melds != 13:
            return ()
        return self.ruleset.waits(counts, melds)

    def is_furiten(self) -> bool:
        if not self.rules.hand.furiten:
            return False
        if self.temp_furiten or self.riichi_furiten:
            return True
        return any(self.discarded >> w & 1 for w in self.waits())

    def legal(self) -> list[Action]:
        """What this seat may do now, in the engine's order."""
        if self.my_turn:
            return self._own_turn()
        offer = self.offered()
        if offer is None:
            return []
        return self._claims(*offer)

    def _held_codes(self) -> list[int]:
        return sorted(set(self.codes), key=_CODE_ORDER.__getitem__)

    def _own_turn(self) -> list[Action]:
        seat = self.seat
        counts = self.counts()
        melds = len(self.melds[seat])
        can_kan = self.kans < 4 and self.live > 0
        if self.riichi_at[seat] is not None and self.pending_riichi is None and self.last["type"] != "reach":  # type: ignore[index]
            assert self.drawn is not None
            found: list[Action] = [Discard(seat, self.drawn)]
            if self._can_tsumo(counts):
                found.append(Tsumo(seat))
            k = kind_of_code(self.drawn)
            if can_kan and counts[k] == 4 and self._kan_keeps_waits(counts, melds, k):
                found.append(ClosedKan(seat, k))
            return found
        found = [Discard(seat, c) for c in self._held_codes() if not self.forbidden >> kind_of_code(c) & 1]
        if self.after_claim:
            return found
        if self._can_tsumo(counts):
            found.append(Tsumo(seat))
        if can_kan:
            found += [ClosedKan(seat, k) for k in range(KIND_COUNT) if counts[k] == 4]
            pons = sorted({m[1][0] for m in self.melds[seat] if m[0] == PON})
            found += [AddedKan(seat, k) for k in pons if counts[k] >= 1]
        found += [Riichi(seat, c) for c in self._riichi_codes(counts, melds)]
        if (self.rules.hand.aborts_on("nine_terminals") and not self.rivers[seat] and not self.calls
                and sum(1 for k in TERMINALS_AND_HONORS if counts[k]) >= 9):
            found.append(NineTerminals(seat))
        return found

    def _riichi_codes(self, counts: list[int], melds: int) -> list[int]:
        hand = self.rules.hand
        closed = all(m[0] == "closed_kan" for m in self.melds[self.seat])
        if not hand.riichi or not closed or self.points[self.seat] < hand.riichi_min_points:
            return []
        if self.live < hand.riichi_min_wall or self.ruleset.shanten(counts, melds) > 0:
            return []
        found = []
        ready: dict[int, bool] = {}
        for code in self._held_codes():
            k = kind_of_code(code)
            if k not in ready:
                counts[k] -= 1
                waits = self.ruleset.waits(counts, melds)
                if hand.karaten_is_noten:
                    melded = [t for m in self.melds[self.seat] for t in m[1]]
                    waits = tuple(w for w in waits if counts[w] + melded.count(w) < 4)
                ready[k] = bool(waits)
                counts[k] += 1
            if ready[k]:
                found.append(code)
        return found

    def _kan_keeps_waits(self, counts: list[int], melds: int, k: int) -> bool:
        before = list(counts)
        before[k] -= 1
        after = list(counts)
        after[k] -= 4
        return set(self.ruleset.waits(before, melds)) == set(self.ruleset.waits(after, melds + 1))

    def _can_tsumo(self, counts: list[int]) -> bool:
        if self.drawn is None or self.after_claim or not self.ruleset.can_win(counts, len(self.melds[self.seat])):
            return False
        return self._has_yaku(self.codes, self.drawn, tsumo=True, robbed=False)

    def _has_yaku(self, codes: list[int], tile: int, tsumo: bool, robbed: bool) -> bool:
        if not self.rules.scoring.yaku_required:
            return True
        seat = self.seat
        riichi = self.riichi_accepted
        first = tsumo and not self.rivers[seat] and not self.calls and not self.after_replacement
        live_empty = self.live == 0
        situation = WinSituation(
            hand=tuple(sorted(kind_of_code(c) for c in codes)),
            hand_red=tuple(sorted(kind_of_code(c) for c in codes if c >= 34)),
            win_tile=kind_of_code(tile),
            melds=tuple(Meld(t, kinds) for t, kinds in self.melds[seat]),
            tsumo=tsumo,
            riichi=riichi and not self.double_riichi,
            double_riichi=riichi and self.double_riichi,
            haitei=tsumo and live_empty and not self.after_replacement,
            houtei=not tsumo and not robbed and live_empty,
            rinshan=tsumo and self.after_replacement,
            chankan=robbed,
            tenhou=first and seat == self.dealer,
            chiihou=first and seat != self.dealer,
            seat_wind=EAST + (seat - self.dealer) % 4,
            round_wind=WINDS["ESWN".index(self.round_wind)],
            dora_indicators=tuple(self.indicators),
        )
        return bool(self.ruleset.score(situation).valid)

    def _claims(self, discarder: int, code: int, robbed: bool) -> list[Action]:
        seat = self.seat
        kind = kind_of_code(code)
        counts = self.counts()
        melds = len(self.melds[seat])
        found: list[Action] = [Pass(seat)]
        counts[kind] += 1
        shape = self.ruleset.can_win(counts, melds)
        counts[kind] -= 1
        if shape and not self.is_furiten_before(kind) and self._has_yaku([*self.codes, code], code, False, robbed):
            found.append(Ron(seat))
        if robbed or self.live == 0 or self.riichi_at[seat] is not None:
            return found
        can_kan = self.kans < 4 and self.live > 0
        for option in claims_on_counts(counts, kind, (discarder + 1) % 4 == seat):
            if option.kind == KAN and not can_kan:
                continue
            if option.kind != KAN and self.rules.hand.kuikae != "allowed":
                forbidden = kuikae_mask(option)
                rest = list(counts)
                for k in option.from_hand:
                    rest[k] -= 1
                if not any(rest[k] and not forbidden >> k & 1 for k in range(KIND_COUNT)):
                    continue
            found += self._call_actions(option)
        return found

    def is_furiten_before(self, kind: int) -> bool:
        """Furiten as it stood before this tile was seen (seeing it marks a missed win)."""
        if not self.rules.hand.furiten:
            return False
        return self.prior_furiten or any(self.discarded >> w & 1 for w in self.waits())

    def _furiten_now(self, legal: list[Action], offer: Any) -> bool:
        """Furiten as the engine shows it: a seat that may ron the tile on offer is not
        furiten for it until it lets it go (A1 "Temporary furiten")."""
        if offer is not None and any(isinstance(a, Ron) for a in legal):
            return self.is_furiten_before(kind_of_code(offer[1]))
        return self.is_furiten()

    def _call_actions(self, option: ClaimOption) -> list[Action]:
        seat = self.seat
        variants = _variants(self.codes, option.from_hand) if self.reds else [None]
        if option.kind == CHI:
            return [Chi(seat, option.tiles, v) for v in variants]
        cls = Pon if option.kind == PON else Kan
        return [cls(seat, v) for v in variants]

    # ------------------------------------------------------------ view

    def view(self) -> SeatView:
        seat = self.seat
        legal = self.legal()
        offer = self.offered()
        mine = self.my_turn
        counts = self.counts()
        if mine:
            phase, current, last_discard = Phase.AWAITING_DISCARD, seat, None
        elif offer is not None:
            phase = Phase.AWAITING_ROBBERY if offer[2] else Phase.AWAITING_CLAIMS
            current, last_discard = offer[0], kind_of_code(offer[1])
        else:
            phase, current, last_discard = Phase.AWAITING_CLAIMS, seat, None
        waits = () if mine else self.waits()
        drawn = self.drawn if mine and not self.after_claim else None
        opportunity = None
        if offer is not None and len(legal) > 1:
            opportunity = ClaimOpportunity(seat, any(isinstance(a, Ron) for a in legal), ())
        return SeatView(
            seat, phase, current, self.dealer, self.round_wind,
            tuple(sorted(kind_of_code(c) for c in self.codes)),
            tuple(sorted(self.codes)) if self.reds else tuple(sorted(kind_of_code(c) for c in self.codes)),
            tuple(counts),
            None if drawn is None else kind_of_code(drawn), drawn,
            tuple(tuple(m) for m in self.melds), tuple(tuple(r) for r in self.rivers), tuple(self.sizes),
            tuple(self.riichi_at), tuple(self.points), self.sticks, self.live, tuple(self.indicators),
            last_discard, opportunity, tuple(legal), waits,
            self._furiten_now(legal, offer) if waits else False,
            tuple(m[1][0] for m in self.melds[seat] if m[0] == PON) if self.melds[seat] else (),
            self.rules.scoring.yaku_required,
        )


def _variants(codes: list[int], kinds: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Each choice of held codes for the kinds a call takes (plain fives first), as the engine lists them."""
    per_kind = []
    for kind in sorted(set(kinds)):
        need = list(kinds).count(kind)
        held = [c for c in codes if kind_of_code(c) == kind]
        plain, red = held.count(kind), len(held) - held.count(kind)
        red_code = 34 + kind // 9
        per_kind.append([(kind,) * n + (red_code,) * (need - n) for n in range(need, -1, -1) if n <= plain and need - n <= red])
    found: list[tuple[int, ...]] = []
    for combo in product(*per_kind):
        chosen = tuple(sorted((c for part in combo for c in part), key=lambda c: (c >= 34, c)))
        if chosen not in found:
            found.append(chosen)
    return found
