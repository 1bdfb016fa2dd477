"""The three MCR levels as seats: each reads its own view and gives a reason in words.

- **Easy** aims at the common cheap shapes (all chows with no honors, half flush,
  all pungs, mixed shifted or triple chows: :data:`~mahjong_joy.ai.mcr.plans.CHEAP_PLANS`):
  the discard keeping the nearest of them with the most useful tiles; it calls
  only when the call brings a cheap plan that reaches 8 fan closer (three tiles
  away at most). It reads only its own hand (every copy it does not hold counts
  as still to come) and trusts its plan's fan without scoring its waits.
- **Normal** chooses a target each turn among every plan that can reach 8 fan
  (the nearest, then the one with the most useful tiles still unseen, then the
  most fan), discards toward it, and calls when the call brings the target closer
  and the hand still reaches 8.
- **Hard** weighs every plan in reach by its chance to complete before the wall
  ends and by what the win is worth, keeps a second plan in mind; a hand one tile
  from ready (or ready only on waits below 8 fan) it counts exactly, draw by draw,
  with every ready hand's waits scored (:mod:`~mahjong_joy.ai.mcr.ahead`); it takes
  a call only when the called hand is worth more, and, when an opponent's melds show a
  big hand (a flush, three or four melds) late in the wall, weighs what each
  discard risks: it keeps back the tiles of a suit a seat collects.

Every level declares its flowers (a flower is a fan after the win and its
replacement keeps the hand whole; RULES.md B1), discards a flower it may no longer
declare (drawn as the last tile of the wall: it costs nothing and nobody may claim
it, where a tile from the hand could give a Last Tile Claim), and takes every Hu offered (the
engine offers one only for a legal win of 8 fan or more, RULES.md B2); a ready
hand's waits are scored by the real scorer, so a seat never settles on a wait
that cannot reach 8 when another discard keeps a live one. Each level is a pure
function of the view: the seed is kept for records only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from mahjong_joy.ai.mcr.ahead import one_step_value, ready_draws
from mahjong_joy.ai.mcr.danger import DEAL_IN_LOSS, Threat, deal_in, threats, winds_of
from mahjong_joy.ai.mcr.plans import CHEAP_PLANS, HONORS_KNITTED, ORPHANS, PLANS, SUIT_LETTERS, Plan
from mahjong_joy.ai.mcr.think import Hand, Option, Standing, hand_now, options, table_pace, win_chance, worth
from mahjong_joy.ai.potential import discard_of_kind, tie_rank, tiles_used
from mahjong_joy.ai.reading import SeatWords
from mahjong_joy.ai.reading import unseen as unseen_of  # copies of each kind this seat has not seen
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
    kept_flower_discards,
)
from mahjong_joy.engine.view import SeatView
from mahjong_joy.i18n import say
from mahjong_joy.melds import CHI, CLOSED_KAN, KAN, PON, Meld
from mahjong_joy.names import SUIT_NAMES, tile_label
from mahjong_joy.notation import format_tiles
from mahjong_joy.rulesets.mcr.fan import ROW_BY_ID
from mahjong_joy.tiles import kind_of_code

LEVELS = ("easy", "normal", "hard")
FLOWER = "flower"  # the engine's action name for declaring a flower
READY_CLAIMS = 2.5  # a ready hand wins on others' discards too: its draws count this much more
OPEN_CLAIMS = 1.3  # a hand that may still call gets tiles from others' discards as well
SHORT_WEIGHT = 0.15  # a plan whose expected fan is below 8 is worth this share of its win
SECOND_WEIGHT = 0.2  # Hard's credit for a second plan of another fan beside the best
CALL_MARGIN = 1.0  # Hard calls only when the called hand is worth this much more
EASY_REACH = 3  # Easy calls only toward a cheap plan at most this many tiles away after the call


class McrLevelAI:
    """One of the three MCR levels; ``choose`` follows the Decider protocol."""

    def __init__(self, level: str, seed: int | str = 0, words: SeatWords = SeatWords()) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
        self.level = level
        self.kind = level
        self.seed = seed
        self.words = words
        self.last_reason = ""
        self.plans: Sequence[Plan] = CHEAP_PLANS if level == "easy" else PLANS

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of ``legal``; the reason is left in ``last_reason``."""
        action, reason = self.decide(view, legal)
        self.last_reason = reason
        return action

    def decide(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
        for action in legal:
            if isinstance(action, Tsumo):
                return action, say("Hu: the drawn {tile} completes a hand of 8 fan or more", tile=_tile(view.drawn_kind))
            if isinstance(action, Ron):
                return action, say("Hu: {tile} completes a hand of 8 fan or more", tile=_tile(view.last_discard))
        for action in legal:
            if action.name == FLOWER:
                return action, say("declare the flower: one fan once the hand wins, and a replacement tile now")
        thrown = kept_flower_discards(legal) if view.kept_flowers else ()
        if thrown:
            return thrown[-1], say("discard the flower {tile}: no flower is replaced after the last tile, "
                                   "and nobody may claim a flower", tile=_tile(thrown[-1].tile))
        if isinstance(legal[0], Pass):
            return self._claim(view, legal)
        return self._turn(view, legal)

    # ------------------------------------------------------------ own turn

    def _turn(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
        discards = [a for a in legal if isinstance(a, Discard)]
        hand = hand_of(view, self.level != "easy")
        allowed = 0
        for a in discards:
            allowed |= 1 << kind_of_code(a.tile)
        opts = options(hand, allowed, self.plans, exact=self.level != "easy")
        if not opts:
            return discards[0], say("discard {tile}: the only tile that may go", tile=_tile(kind_of_code(discards[0].tile)))
        kong = self._own_kong(view, legal, hand, opts)
        if kong is not None:
            return kong
        pick = {"easy": self._easy_pick, "normal": self._normal_pick, "hard": self._hard_pick}[self.level]
        option, reason = pick(view, hand, opts)
        return discard_of_kind(discards, option.kind), reason

    def _easy_pick(self, view: SeatView, hand: Hand, opts: list[Option]) -> tuple[Option, str]:
        def key(o: Option) -> tuple:
            live = o.ready.live if o.ready else 0.0
            best = o.best() or o.best(False)
            distance = best.distance + (0 if best.enough else 1) if best else o.plain + 2
            return (-live if live else 0, distance, -(best.useful if best else 0), tie_rank(hand.counts, o.kind))

        chosen = min(opts, key=key)
        return chosen, self._discard_reason(chosen, chosen.best() or chosen.best(False))

    def _normal_pick(self, view: SeatView, hand: Hand, opts: list[Option]) -> tuple[Option, str]:
        live = [o for o in opts if o.ready and o.ready.live >= 2]
        if live:
            chosen = max(live, key=lambda o: (o.ready.live, o.ready.fan, -o.kind))
            return chosen, self._discard_reason(chosen, None)
        total = sum(hand.unseen)

        def chance(s: Standing) -> float:
            return round(win_chance(s.distance, s.useful, hand.wall, total, 1.0, s.missing, s.missing_copies), 4)

        target = _target(opts, chance)
        if target is None:
            chosen = min(opts, key=lambda o: (o.plain, tie_rank(hand.counts, o.kind)))
            return chosen, self._discard_reason(chosen, None)

        def key(o: Option) -> tuple:
            s = o.of(target)
            if s is None:
                return (1, 0, 0, 0, 0, tie_rank(hand.counts, o.kind))
            others = sum(1 for t in o.standings if t.enough and t.distance == s.distance)
            dead = o.ready is not None and not o.ready.live and s.distance <= 1
            return (int(dead), -chance(s), s.distance, -s.useful, -others, tie_rank(hand.counts, o.kind))

        chosen = min(opts, key=key)
        return chosen, self._discard_reason(chosen, chosen.of(target))

    def _hard_pick(self, view: SeatView, hand: Hand, opts: list[Option]) -> tuple[Option, str]:
        seen = threats(view)
        unseen = list(hand.unseen)
        total = sum(unseen)
        values = {o.kind: hard_value(o, hand, total) for o in opts}
        risks = {o.kind: deal_in(seen, o.kind, unseen) * DEAL_IN_LOSS for o in opts} if seen else {}

        def key(o: Option, risk: dict[int, float] = risks) -> tuple:
            best = o.best(False)
            near = (best.distance, -best.useful) if best else (o.plain + 1, 0)
            return (-round(values[o.kind][0] - risk.get(o.kind, 0.0), 3), near, tie_rank(hand.counts, o.kind))

        chosen = min(opts, key=key)
        bold = min(opts, key=lambda o: key(o, {}))
        if seen and chosen.kind != bold.kind:
            return chosen, self._defence_reason(chosen, bold, seen)
        value, standing, copies = values[chosen.kind]
        if standing is None and copies is not None:
            return chosen, say("discard {tile}: one tile from ready, {count} tiles unseen make it ready on waits "
                               "of 8 fan or more", tile=_tile(chosen.kind), count=copies)
        return chosen, self._discard_reason(chosen, standing, value)

    # ------------------------------------------------------------ claims

    def _claim(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
        tile = view.last_discard
        assert tile is not None
        hand = hand_of(view, self.level != "easy")
        now = hand_now(hand, self.plans)
        best: tuple[float, Action, str] | None = None
        refused = ""
        for action in legal:
            if not isinstance(action, (Chi, Pon, Kan)):
                continue
            verdict = self._weigh_call(view, hand, now, action, tile)
            if isinstance(verdict, str):
                refused = refused or verdict
                continue
            gain, reason = verdict
            if best is None or gain > best[0]:
                best = (gain, action, reason)
        if best is None:
            return legal[0], refused or say("pass: nothing to call")
        return best[1], best[2]

    def _weigh_call(self, view: SeatView, hand: Hand, now: Option, action: Action, tile: int) -> tuple[float, str] | str:
        """(how much the call gains, its reason), or why it is refused."""
        meld = called_meld(action, tile)
        counts = list(hand.counts)
        for k in tiles_used(action, tile):
            counts[k] -= 1
        after = Hand(tuple(counts), (*hand.melds, meld), hand.unseen, hand.winds, hand.wall, hand.pace)
        if isinstance(action, Kan):
            best_after = hand_now(after, self.plans)
        else:
            opts = options(after, -1, self.plans)
            if not opts:
                return say("pass: no discard after calling {tile}", tile=_tile(tile))
            best_after = max(opts, key=lambda o: self._call_key(o, after))
        what = _call_text(action, tile)
        if self.level == "hard":
            total = sum(hand.unseen)
            before = hard_value(now, hand, total).value
            gained, standing, copies = hard_value(best_after, after, total)
            if gained <= before * CALL_MARGIN or gained <= 0:
                return say("pass: {call} is worth less than the hand as it is", call=what)
            if standing is None and copies is not None:
                return gained - before, say("{call}: one tile from ready after discarding {tile}, {count} tiles unseen "
                                            "make it ready on waits of 8 fan or more", call=what,
                                            tile=_tile(best_after.kind), count=copies)
            return gained - before, self._call_reason(what, best_after, standing)
        live_after = best_after.ready.live if best_after.ready else 0.0
        live_now = now.ready.live if now.ready else 0.0
        if live_after > 0 and not live_now:
            return live_after, self._call_reason(what, best_after, None)
        if self.level == "easy":
            target = now.best()
            reach = best_after.best()
            if reach is None or reach.distance > EASY_REACH:
                return say("pass: after {call} no cheap plan reaches 8 fan", call=what)
            if target is not None and reach.distance >= target.distance:
                return say("pass: {call} does not bring {plan} closer", call=what, plan=plan_words(reach.plan))
            return 10.0 - reach.distance, self._call_reason(what, best_after, reach)
        target = now.best() or _target([best_after])
        if target is None:
            return say("pass: after {call} no plan reaches 8 fan", call=what)
        reach = best_after.of(target.plan) if isinstance(target, Standing) else best_after.of(target)
        plan = target.plan if isinstance(target, Standing) else target
        if reach is None or not reach.enough:
            return say("pass: {call} leaves {plan} short of 8 fan", call=what, plan=plan_words(plan))
        before = target.distance if isinstance(target, Standing) else 99
        if reach.distance >= before:
            return say("pass: {call} does not bring {plan} closer", call=what, plan=plan_words(plan))
        return 10.0 - reach.distance, self._call_reason(what, best_after, reach)

    def _call_key(self, o: Option, hand: Hand) -> tuple:
        live = o.ready.live if o.ready else 0.0
        best = o.best() or o.best(False)
        if self.level == "hard":
            return (hard_value(o, hand, sum(hand.unseen)).value,)
        return (live, -(best.distance if best else 99), best.useful if best else 0)

    # ------------------------------------------------------------ kongs

    def _own_kong(self, view: SeatView, legal: Sequence[Action], hand: Hand, opts: list[Option]) -> tuple[Action, str] | None:
        """A concealed or added kong when the hand stands no worse for it (a concealed
        kong is 2 fan, a melded one 1, and each brings a replacement tile)."""
        kongs = [a for a in legal if isinstance(a, (ClosedKan, AddedKan))]
        if not kongs:
            return None
        best = min((o.best() or o.best(False) for o in opts if o.standings), key=lambda s: s.distance, default=None)
        for action in kongs:
            kind = kind_of_code(action.tile)
            counts = list(hand.counts)
            if isinstance(action, ClosedKan):
                counts[kind] -= 4
                melds = (*hand.melds, Meld(CLOSED_KAN, (kind,) * 4))
            else:
                counts[kind] -= 1
                melds = tuple(Meld(KAN, (kind,) * 4, m.claimed, m.from_seat) if m.type == PON and m.kinds[0] == kind else m
                              for m in hand.melds)
            after = hand_now(Hand(tuple(counts), melds, hand.unseen, hand.winds, hand.wall, hand.pace), self.plans)
            reach = after.best() or after.best(False)
            if reach is not None and (best is None or reach.distance <= best.distance):
                return action, say("kong {tile}: {plan} stays {distance} tiles away, and a replacement tile comes",
                                  tile=_tile(kind), plan=plan_words(reach.plan), distance=reach.distance)
        return None

    # ------------------------------------------------------------ reasons

    def _discard_reason(self, option: Option, standing: Standing | None, value: float | None = None) -> str:
        tile = _tile(option.kind)
        ready = option.ready
        if ready is not None and ready.live:
            waits = ", ".join(_tile(k) for k in ready.winning_kinds)
            return say("discard {tile}: ready on {waits}, {count} winning tiles unseen, about {fan} fan",
                      tile=tile, waits=waits, count=round(ready.live), fan=round(ready.fan))
        if standing is None:
            return say("discard {tile}: keeps the most complete sets (no plan reaches 8 fan yet)", tile=tile)
        if value is not None:
            return say("discard {tile}: toward {plan}, {distance} tiles away, {useful} useful tiles unseen, "
                      "about {fan} fan", tile=tile, plan=plan_words(standing.plan), distance=standing.distance,
                      useful=standing.useful, fan=standing.fan)
        return say("discard {tile}: toward {plan}, {distance} tiles away, {useful} useful tiles unseen",
                  tile=tile, plan=plan_words(standing.plan), distance=standing.distance, useful=standing.useful)

    def _defence_reason(self, chosen: Option, bold: Option, seen: list[Threat]) -> str:
        main = max(seen, key=lambda t: t.ready)
        who = self.words.name(main.seat)
        if main.suit is not None:
            shows = say("{who} collects {suit} with {melds} melds", who=who, suit=say(SUIT_NAMES[main.suit]), melds=main.melds)
        else:
            shows = say("{who} shows {melds} melds", who=who, melds=main.melds)
        return say("discard {tile}, not {bold}: {shows}; {bold} is the more dangerous tile",
                  tile=_tile(chosen.kind), bold=_tile(bold.kind), shows=shows)

    def _call_reason(self, what: str, option: Option, standing: Standing | None) -> str:
        ready = option.ready
        if ready is not None and ready.live:
            return say("{call}: ready after discarding {tile}, {count} winning tiles unseen",
                      call=what, tile=_tile(option.kind), count=round(ready.live))
        standing = standing or option.best() or option.best(False)
        if standing is None:
            return say("{call}: the hand stands better", call=what)
        return say("{call}: {plan} comes to {distance} tiles away", call=what, plan=plan_words(standing.plan),
                  distance=standing.distance)


# ---------------------------------------------------------------- shared


class HardWorth(NamedTuple):
    """Hard's worth of a 13-tile hand (:func:`hard_value`), with what its reason tells."""

    value: float
    standing: Standing | None  # the plan that gave the value (None: counted one draw ahead, or no plan)
    ready_copies: int | None  # counted one draw ahead: the unseen copies whose draw leaves a live 8-fan wait


def hard_value(option: Option, hand: Hand, unseen_total: int) -> HardWorth:
    """Hard's worth of a 13-tile hand: the best plan's chance to complete times its
    win's worth (a plan short of 8 fan counts a share), plus a little for a second
    plan of another fan; a ready hand counts its live waits exactly."""
    claims = OPEN_CLAIMS
    best_value, best = 0.0, None
    seconds: dict[str, float] = {}
    ready = option.ready
    if ready is not None and ready.live:
        best_value = win_chance(1, ready.live, hand.wall, unseen_total, READY_CLAIMS, others_win=hand.pace) * worth(ready.fan)
    exact = _counted_exactly(option, hand)
    copies = None
    if exact:
        draws = ready_draws(option.counts, hand.melds, hand.winds, hand.unseen)
        best_value = one_step_value(draws, hand.wall, unseen_total, hand.pace, claims, READY_CLAIMS)
        copies = sum(d[1] for d in draws)
    for s in option.standings:
        if exact and s.distance <= 2:
            continue  # counted exactly above
        value = win_chance(s.distance, s.useful, hand.wall, unseen_total, claims, s.missing, s.missing_copies,
                           hand.pace) * worth(s.fan)
        if not s.enough:
            value *= SHORT_WEIGHT
        if s.distance <= 1 and ready is not None and not ready.live:
            value *= SHORT_WEIGHT  # ready on waits that cannot reach 8
        if value > best_value:
            if best is not None:
                seconds[best.plan.fan] = max(seconds.get(best.plan.fan, 0.0), best_value)
            best_value, best = value, s
        else:
            seconds[s.plan.fan] = max(seconds.get(s.plan.fan, 0.0), value)
    if best is not None:
        seconds.pop(best.plan.fan, None)
    second = max(seconds.values(), default=0.0)
    return HardWorth(best_value + SECOND_WEIGHT * second, best, copies)


def _counted_exactly(option: Option, hand: Hand) -> bool:
    """Whether Hard counts the hand one draw ahead exactly (:mod:`~mahjong_joy.ai.mcr.ahead`):
    one tile from ready in the regular form or as seven pairs, or ready on waits that
    cannot reach 8 fan, with no knitted or orphans plan as near (those are left to the plans)."""
    counts = option.counts
    near = option.plain
    if not hand.melds:
        key = bytes(counts)
        near = min(near, 7 - min(7, key.count(2) + key.count(3) + 2 * key.count(4)))
    if near == 1:
        if option.ready is not None and option.ready.live:
            return False
    elif near != 2:
        return False
    return not any(s.distance <= 2 and (s.plan.kind in (ORPHANS, HONORS_KNITTED) or s.plan.singles) for s in option.standings)


def _target(opts: list[Option], chance: Callable[[Standing], float] | None = None) -> Plan | None:
    """Normal's target: among the plans reaching 8 fan in reach of any discard, the
    one most likely to complete (``chance``, by its distance and the useful tiles
    unseen), then the nearest, the one with the most useful tiles, the most fan."""
    found = [s for o in opts for s in o.standings if s.enough]
    if not found:
        return None
    rate = chance or (lambda s: 0.0)
    return min(found, key=lambda s: (-rate(s), s.distance, -s.useful, -s.fan, s.plan.id)).plan


def hand_of(view: SeatView, reads_table: bool = True) -> Hand:
    """The seat's hand and what it knows around it, from its view. A seat that does
    not read the table (Easy) counts as unseen every copy not in its own hand and melds."""
    others = [sum(1 for m in view.melds[s] if m.is_open) for s in range(4) if s != view.seat]
    counts = view.counts34()
    if reads_table:
        unseen = unseen_of(view)
    else:
        mine = list(counts)
        for meld in view.melds[view.seat]:
            for k in meld.kinds:
                mine[k] += 1
        unseen = [max(0, 4 - n) for n in mine]
    return Hand(tuple(counts), tuple(view.melds[view.seat]), tuple(unseen), winds_of(view),
                view.wall_count, table_pace(others))


def called_meld(action: Action, tile: int) -> Meld:
    """The set a chow, pung or kong of ``tile`` declares (kinds as codes)."""
    kinds = tuple(sorted([*tiles_used(action, tile), tile]))
    kind = CHI if isinstance(action, Chi) else PON if isinstance(action, Pon) else KAN
    return Meld(kind, kinds, tile)


def plan_words(plan: Plan) -> str:
    """A plan as a player names it: ``Pure Straight in Dots``, ``Mixed Triple Chow (345m 345p 345s)``."""
    fan = say(ROW_BY_ID[plan.fan].name)
    suit = plan.id.rsplit(":", 1)[-1][:1] if ":" in plan.id else ""
    if plan.id.startswith("half_flush_pungs"):
        return say("{fan} with All Pungs in {suit}", fan=fan, suit=say(SUIT_NAMES[SUIT_LETTERS.index(suit)]))
    if plan.fan in ("pure_straight", "full_flush", "half_flush", "pure_shifted_chows") and suit in SUIT_LETTERS:
        if plan.fan == "pure_shifted_chows":
            return say("{fan} ({sets})", fan=fan, sets=_sets_text(plan))
        return say("{fan} in {suit}", fan=fan, suit=say(SUIT_NAMES[SUIT_LETTERS.index(suit)]))
    if plan.fan == "all_chows":
        return say("All Chows with No Honors")
    if plan.chows or plan.pungs or plan.singles:
        return say("{fan} ({sets})", fan=fan, sets=_sets_text(plan))
    return fan


def _sets_text(plan: Plan) -> str:
    parts = [format_tiles((t, t + 1, t + 2)) for t in plan.chows] + [format_tiles((t,) * 3) for t in plan.pungs]
    if plan.singles:
        parts = [format_tiles(tuple(t for t in plan.singles if t // 9 == s)) for s in range(3)]
    return " ".join(parts)


def _call_text(action: Action, tile: int) -> str:
    if isinstance(action, Chi):
        return say("chow {tiles}", tiles=format_tiles(action.tiles))
    if isinstance(action, Pon):
        return say("pung {tile}", tile=_tile(tile))
    return say("kong {tile}", tile=_tile(tile))


def _tile(kind: int | None) -> str:
    return "?" if kind is None else tile_label(kind, translate=False)


__all__ = ["LEVELS", "HardWorth", "McrLevelAI", "hand_of", "hard_value", "plan_words"]
