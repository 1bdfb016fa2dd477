"""One seat's table, kept from mjai events: the seat view and legal actions an AI needs.

An mjai bot sees only events (other seats' draws are ``"?"``) and is never told
what it may do. :class:`MjaiSeat` keeps the facts the rules read (its tiles and
melds, its river and missed wins for furiten, riichi, the kuikae mask, the wall
and the kans) and asks the engine's own checkers (:mod:`mahjong_joy.engine.checks`)
what is legal, with a yaku judged by the project's own scorer. An event the
checkers say cannot happen (an added kan with no pon, a discard of a tile not
held) is refused with :class:`~mahjong_joy.errors.IllegalActionError` naming it.
:meth:`MjaiSeat.view` returns the same :class:`~mahjong_joy.engine.view.SeatView`
the engine would build for the seat (checked step by step in the tests), so every
AI level plays unchanged.
"""

from __future__ import annotations

from typing import Any

from mahjong_joy.engine import checks
from mahjong_joy.engine.actions import Action, Chi, Kan, Pon, Ron
from mahjong_joy.engine.checks import Offer, SeatFacts, kuikae_mask
from mahjong_joy.engine.state import ClaimOpportunity, Phase, RiverEntry
from mahjong_joy.engine.view import SeatView
from mahjong_joy.errors import IllegalActionError
from mahjong_joy.hand.claims import CHI, KAN, PON, ClaimOption
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.melds import KAN_TYPES as _KAN_TYPES
from mahjong_joy.melds import ADDED_KAN, CLOSED_KAN, Meld, code_order
from mahjong_joy.mjai_tiles import code_of_mjai
from mahjong_joy.names import WIND_TILE_OF
from mahjong_joy.rulesets.riichi.situation import WinSituation
from mahjong_joy.tiles import EAST, KIND_COUNT, code_name, kind_of_code


def mjai_call(action: Chi | Pon | Kan, claimed: int | None) -> tuple[str, list[int]]:
    """A call as mjai names it (``chi``, ``pon``, ``daiminkan``) and the held tiles it uses:
    the action's own codes when it names them, else kinds (a chi's two others, two or three
    of the ``claimed`` kind; none when that is unknown). The mjai bot's reply and the coach's
    mjai-form options both say a call this way.

    >>> mjai_call(Chi(1, (4, 5, 6)), 5), mjai_call(Pon(2), 31)
    (('chi', [4, 6]), ('pon', [31, 31]))
    """
    name = "chi" if isinstance(action, Chi) else "pon" if isinstance(action, Pon) else "daiminkan"
    if action.consumed:
        return name, list(action.consumed)
    if isinstance(action, Chi):
        rest = list(action.tiles)
        if claimed in rest:
            rest.remove(claimed)
        return name, rest[:2]
    return name, [] if claimed is None else [claimed] * (2 if isinstance(action, Pon) else 3)


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
        self.melds: list[list[Meld]] = [[], [], [], []]  # every seat's sets as the engine shows them (codes)
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
            if me:
                self._without(codes, ev)  # refused before anything changes
            self.melds[actor].append(Meld(CLOSED_KAN, tuple(sorted(codes, key=code_order))))
            self.sizes[actor] -= 4
            self.calls += 1
            self.kans += 1
            if me:
                self._take(codes, ev)
                self.meld_codes.append(("closed_kan", codes))
                self.drawn = None
                self.after_replacement = True
        elif kind == "kakan":
            code = code_of_mjai(ev["pai"])
            k = kind_of_code(code)
            melds = self.melds[actor]
            _refuse(ev, checks.added_kan_blocker(_meld_facts(melds), k))
            if me:
                self._without([code], ev)  # refused before anything changes
            index = next(i for i, m in enumerate(melds) if m.type == PON and m.kinds[0] == k)
            pon = melds[index]
            melds[index] = Meld(ADDED_KAN, tuple(sorted((*pon.tiles, code), key=code_order)), pon.claimed, pon.from_seat)
            self.sizes[actor] -= 1
            self.calls += 1
            self.kans += 1
            if me:
                self._take([code], ev)
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
            self._take([code], ev)
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
        target = ev["target"]
        river = self.rivers[target]
        if not river or river[-1].claimed_by is not None or kind_of_code(river[-1].tile) != kind_of_code(called):
            _refuse(ev, f"seat {target}'s last discard is not {code_name(called)}")
        if me:
            self._without(consumed, ev)  # validate before anything changes (STYLE.md, Errors)
        self.melds[actor].append(Meld(meld_type, tuple(sorted([*consumed, called], key=code_order)), called, target))
        river[-1] = river[-1]._replace(claimed_by=actor)
        self.sizes[actor] -= len(consumed)
        self.calls += 1
        if kind == "daiminkan":
            self.kans += 1
        if me:
            self._take(consumed, ev)
            self.meld_codes.append((meld_type, [*consumed, called]))
            if kind == "daiminkan":
                self.after_replacement = True
            else:
                self.after_claim = True
                if self.rules.hand.kuikae != "allowed":
                    self.forbidden = kuikae_mask(ClaimOption(meld_type, kinds, kind_of_code(called)))

    def _take(self, codes: list[int], ev: dict[str, Any]) -> None:
        """Take this seat's own tiles out of its hand (:meth:`_without`)."""
        self.codes = self._without(codes, ev)

    def _without(self, codes: list[int], ev: dict[str, Any]) -> list[int]:
        """This seat's hand less ``codes``, changing nothing: an event naming a tile it does
        not hold cannot have happened, and is refused before anything is updated."""
        rest = list(self.codes)
        for code in codes:
            if code not in rest:
                _refuse(ev, f"holds no {code_name(code)}")
            rest.remove(code)
        return rest

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
        if sum(counts) + 3 * len(self.melds[self.seat]) != 13:
            return ()
        return self.ruleset.waits(counts, melds)

    def facts(self, offer: Offer | None = None) -> SeatFacts:
        """This seat's situation for the engine's checkers: on its own turn, or facing
        the tile ``offer`` (then furiten as it stood before that tile was seen)."""
        seat = self.seat
        mine = offer is None and self.my_turn
        if offer is None:
            win_codes, win_tile, marked = self.codes, self.drawn, self.temp_furiten or self.riichi_furiten
        else:
            win_codes, win_tile, marked = [*self.codes, offer.code], offer.code, self.prior_furiten
        declared = self.riichi_at[seat] is not None and self.riichi_at[seat] < len(self.rivers[seat])  # type: ignore[operator]
        return SeatFacts(
            seat=seat,
            ruleset=self.ruleset,
            rules=self.rules,
            counts=tuple(self.counts()),
            hand=tuple(self.codes),
            melds=_meld_facts(self.melds[seat]),
            drawn=self.drawn if mine and not self.after_claim else None,
            after_claim=mine and self.after_claim,
            riichi=declared,
            forbidden=self.forbidden,
            discarded=self.discarded,
            furiten_marked=marked,
            first_turn=not self.rivers[seat] and not self.calls,
            points=self.points[seat],
            wall_left=self.live,
            can_kan=self.kans < 4 and self.live > 0,
            yaku=lambda tsumo, robbed: self._has_yaku(win_codes, win_tile, tsumo, robbed),  # type: ignore[arg-type]
        )

    def offer(self) -> Offer | None:
        """The tile open to this seat's claims, as the checkers read it."""
        offered = self.offered()
        if offered is None:
            return None
        discarder, code, robbed = offered
        return Offer(discarder, kind_of_code(code), code, robbed, not robbed and self._ends_hand(discarder))

    def _ends_hand(self, discarder: int) -> bool:
        """Whether the discard on offer ends the hand unless ronned (A1 "Abortive draws"),
        as the engine decides it: four riichi, four winds, or four kans by two or more seats."""
        hand = self.rules.hand
        if hand.aborts_on("four_riichi") and self.rivers[discarder][-1].riichi and None not in self.riichi_at:
            return True
        if (hand.aborts_on("four_winds") and not self.calls and all(len(r) == 1 for r in self.rivers)
                and checks.four_same_winds([kind_of_code(r[0].tile) for r in self.rivers])):
            return True
        kans = [sum(m.type in _KAN_TYPES for m in melds) for melds in self.melds]
        return hand.aborts_on("four_kans") and sum(kans) == 4 and max(kans) < 4

    def is_furiten(self) -> bool:
        return checks.furiten_cause(self.facts()) is not None

    def legal(self) -> list[Action]:
        """What this seat may do now, in the engine's order (the engine's checkers decide)."""
        if self.my_turn:
            return checks.own_turn_actions(self.facts())
        offer = self.offer()
        if offer is None:
            return []
        facts = self.facts(offer)
        can_win = checks.ron_blocker(facts, offer) is None
        red_hand = self.codes if self.reds else None
        return checks.claim_actions(self.seat, can_win, checks.call_options(facts, offer), False, red_hand)

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
            melds=tuple(Meld(m.type, m.kinds) for m in self.melds[seat]),  # by kinds, as the engine's checkers judge
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
            round_wind=WIND_TILE_OF[self.round_wind],
            dora_indicators=tuple(self.indicators),
        )
        return bool(self.ruleset.score(situation).valid)

    def _furiten_now(self, legal: list[Action], offer: Offer | None) -> bool:
        """Furiten as the engine shows it: a seat that may ron the tile on offer is not
        furiten for it until it lets it go (A1 "Temporary furiten")."""
        if offer is not None and any(isinstance(a, Ron) for a in legal):
            return checks.furiten_cause(self.facts(offer)) is not None
        return self.is_furiten()

    # ------------------------------------------------------------ view

    def view(self) -> SeatView:
        seat = self.seat
        legal = self.legal()
        offer = self.offer()
        mine = self.my_turn
        if mine:
            phase, current, last_discard = Phase.AWAITING_DISCARD, seat, None
        elif offer is not None:
            phase = Phase.AWAITING_ROBBERY if offer.robbed else Phase.AWAITING_CLAIMS
            current, last_discard = offer.from_seat, offer.kind
        else:
            phase, current, last_discard = Phase.AWAITING_CLAIMS, seat, None
        waits = () if mine else self.waits()
        drawn = self.drawn if mine and not self.after_claim else None
        opportunity = None
        if offer is not None and len(legal) > 1:
            opportunity = ClaimOpportunity(seat, any(isinstance(a, Ron) for a in legal), ())
        return SeatView(
            seat=seat,
            hand=tuple(sorted(self.codes, key=code_order)),
            drawn=drawn,
            opportunity=opportunity,
            legal_actions=tuple(legal),
            waits=waits,
            furiten=self._furiten_now(legal, offer) if waits else False,
            pons=tuple(m.kinds[0] for m in self.melds[seat] if m.type == PON),
            phase=phase,
            current=current,
            dealer=self.dealer,
            round_wind=self.round_wind,
            melds=tuple(tuple(m) for m in self.melds),
            rivers=tuple(tuple(r) for r in self.rivers),
            hand_sizes=tuple(self.sizes),
            riichi=tuple(self.riichi_at),
            points=tuple(self.points),
            sticks=self.sticks,
            wall_count=self.live,
            dora_indicators=tuple(self.indicators),
            last_discard=last_discard,
            needs_yaku=self.rules.scoring.yaku_required,
        )


def _meld_facts(melds: list[Meld]) -> tuple[checks.MeldFacts, ...]:
    """The seat's sets as the checkers read them: (type, kinds)."""
    return tuple(checks.meld_facts(m.type, m.kinds) for m in melds)


def _refuse(ev: dict[str, Any], reason: str | None) -> None:
    """An event the checkers say cannot happen: one line naming it and why."""
    if reason is not None:
        actor = ev.get("actor")
        raise IllegalActionError(f"{ev.get('type')} {ev.get('pai', '')} by seat {actor} cannot happen: {reason}".replace("  ", " "))
