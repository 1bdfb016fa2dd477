"""Three AI levels on the dev log's potential score, each explaining its choices.

- **Easy**: the potential AI. Under riichi rules it declares riichi when ready and
  calls only with a yaku in sight, and never defends. In Joy it pons (never chis)
  only when the call makes the hand ready (or wins), so a beginner gets to win hands.
- **Normal**: adds tile acceptance against the visible tiles (the most unseen
  useful tiles after each discard, the potential score breaking ties), riichi
  judgement (dama on a good-value hand with a yaku, no chase on a poor wait) and
  defence against a riichi: genbutsu first, then suji and kabe. In Joy it is the
  dev log's potential AI exactly as it always played.
- **Hard**: value-aware efficiency: shanten first, then, ready or one from ready,
  what the hand is worth by :mod:`mahjong_joy.ai.expect` (each reachable win scored by
  the real scorer, times its unseen copies), useful tiles further away; the safest
  of the near-equal shapes when someone threatens; push or fold against a riichi by
  the real worth of the win against what the tile risks (two or more from ready
  folds); the tile-danger model of :mod:`mahjong_joy.ai.reading` (genbutsu, suji,
  kabe, honors seen, dora); calls that follow a yaku plan (also one discard short
  of all simples, and, once one from ready, any hand whose wins in reach score a
  yaku) and are taken only when the called hand's equity beats the closed hand's;
  and all-last placement
  awareness. In Joy it adds tile acceptance and folds against an open hand that
  looks ready.

Every level is a pure function of the seat's view (and its seed), and keeps the
plain-words reason for its last choice in ``last_reason``.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_joy.ai import reading as rd
from mahjong_joy.ai.expect import Outlook, equity, ready_average
from mahjong_joy.ai.potential import (
    PotentialAI,
    discard_mask,
    discard_of_kind,
    keeps_a_yaku,
    potential,
    tie_rank,
    tiles_used,
)
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
from mahjong_joy.engine.view import SeatView
from mahjong_joy.i18n import N_
from mahjong_joy.i18n import say as _say  # a record's words: the catalog message in English
from mahjong_joy.hand.claims import CHI, PON, ClaimOption
from mahjong_joy.hand.shanten import shanten_of_key, thirteen_orphans_shanten
from mahjong_joy.hand.waits import kinds_in_mask, useful_mask
from mahjong_joy.melds import Meld
from mahjong_joy.tiles import KIND_COUNT, is_terminal_or_honor, kind_of_code

LEVELS = ("easy", "normal", "hard")
# Hard's push against a riichi: a ready hand pushes when its expected gain is at least
# this share of what the tile risks (one riichi, two or more); one from ready pushes
# against a single riichi with this much wall left when the gain is this many times the risk
PUSH_READY = (0.25, 0.5)
PUSH_ONE_WALL = 8
PUSH_ONE = 1.0
K = rd.kind_text



class LevelAI:
    """One of the three levels; ``choose`` follows the Decider protocol."""

    def __init__(self, level: str, seed: int | str = 0, words: rd.SeatWords = rd.SeatWords()) -> None:
        """``words`` names the seats in the reasons (seat 0 is "you" by default)."""
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
        self.level = level
        self.kind = level
        self.seed = seed
        self.words = words
        self.last_reason = ""
        self._potential = PotentialAI()

    # ------------------------------------------------------------ entry

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of ``legal``; the reason is left in ``last_reason``.

        The coach's judgement (:func:`mahjong_joy.ai.judge.judge`) takes Hard's pick from
        this same :meth:`decide` and values every option with Hard's own measures."""
        action, reason = self.decide(view, legal)
        self.last_reason = reason
        return action

    def decide(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
        for action in legal:
            if isinstance(action, Tsumo):
                return action, _say(N_("tsumo: the drawn tile completes the hand"))
            if isinstance(action, Ron):
                return action, _say(N_("ron: {tile} completes the hand"), tile=K(view.last_discard))  # type: ignore[arg-type]
        riichi_rules = view.needs_yaku
        if isinstance(legal[0], Pass):
            if not riichi_rules:
                return self._joy_claim(view, legal)
            return self._claim(view, legal)
        if view.in_riichi:
            return self._riichi_turn(view, legal)
        if not riichi_rules:
            return self._joy_turn(view, legal)
        aborts = [a for a in legal if isinstance(a, NineTerminals)]
        if aborts and self.level != "easy" and thirteen_orphans_shanten(bytes(view.counts34())) > 2:
            return aborts[0], _say(N_("abort: nine kinds of terminals and honors, far from thirteen orphans"))
        if self.level == "easy":
            return self._easy_turn(view, legal)
        return self._turn(view, legal)

    # ------------------------------------------------------------ Joy

    def _joy_turn(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
        if self.level == "hard":
            return self._turn(view, legal)
        action = self._potential.choose(view, legal)
        return action, _potential_reason(view, action)

    def _joy_claim(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
        if self.level == "normal":
            action = self._potential.choose(view, legal)
            return action, _potential_reason(view, action)
        if self.level == "easy":
            return self._easy_joy_claim(view, legal)
        return self._claim(view, legal)

    def _easy_joy_claim(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
        """Joy Easy: pon or kan only when the call leaves the hand ready, and never chi,
        so the seat before it keeps its discards (warm for a beginner)."""
        tile = view.last_discard
        assert tile is not None
        for action in legal[1:]:
            if isinstance(action, Chi):
                continue
            after = _call_shape(view, action, tile)
            if after is not None and after[0] == 0:
                return action, _say(N_("{call}: the call makes the hand ready"), call=_call_text(action, tile))
        if any(isinstance(a, Chi) for a in legal) and not any(isinstance(a, (Pon, Kan)) for a in legal):
            return legal[0], _say(N_("pass: Easy never calls chi"))
        return legal[0], _say(N_("pass: calling would not make the hand ready"))

    # ------------------------------------------------------------ riichi: Easy

    def _easy_turn(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
        action = self._potential.choose(view, legal)
        if isinstance(action, Riichi):
            counts = list(view.counts34())
            counts[kind_of_code(action.tile)] -= 1
            waits = [w for w in _waits(counts, view.meld_count)]
            return action, _say(N_("riichi: {wait}"), wait=rd.wait_text(waits, rd.unseen(view)))
        return action, _potential_reason(view, action)

    def _riichi_turn(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
        for action in legal:
            if isinstance(action, ClosedKan) and self.level != "easy":
                return action, _say(N_("closed kan {tile}: keeps the wait, adds a dora"), tile=K(action.tile))
        discard = next(a for a in legal if isinstance(a, Discard))
        return discard, _say(N_("in riichi: discard the drawn {tile}"), tile=K(kind_of_code(discard.tile)))

    # ------------------------------------------------------------ riichi rules: Normal and Hard

    def _turn(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
        discards = [a for a in legal if isinstance(a, Discard)]
        riichis = [a for a in legal if isinstance(a, Riichi)]
        cands = rd.candidates(view, discard_mask(discards))
        kan = self._own_kan(view, legal, cands)
        if kan is not None:
            return kan
        low = min(c.shanten for c in cands)
        # Hard also minds an open hand that is likely ready and costly; Normal only a riichi
        threats = rd.minded_threats(view, self.level)
        pot = _potentials(view, cands)
        counts34 = view.counts34()
        eff = sorted(cands, key=lambda c: (c.shanten, -c.ukeire, -pot[c.kind], tie_rank(counts34, c.kind)))
        # one Outlook a decision (ranking, push, riichi and the reason share its scored hands);
        # Normal needs one only for a ready hand's dama han
        hard = self.level == "hard" and view.needs_yaku
        outlook = Outlook(view) if hard or low == 0 else None
        if hard:
            assert outlook is not None
            best, fold_reason = self._hard_pick(view, outlook, eff, low, threats)
        else:
            best, fold_reason = self._normal_pick(view, eff, low, threats)
        if riichis and outlook is not None and best.shanten == 0 and not fold_reason:
            choice = self._riichi_choice(view, outlook, riichis, cands, threats, best)
            if choice is not None:
                return choice
        action = discard_of_kind(discards, best.kind)
        if fold_reason:
            return action, fold_reason
        return action, self._discard_reason(view, outlook, best, threats)

    def _normal_pick(self, view: SeatView, eff: list[rd.Candidate], low: int, threats: list[rd.Threat]) -> tuple[rd.Candidate, str]:
        best = eff[0]
        if not threats:
            return best, ""
        push = low == 0 and (best.ukeire >= 4 or view.in_riichi)
        if push:
            return best, ""
        if not view.needs_yaku and low <= 1:
            return best, ""
        return self._fold(view, eff, threats)

    def _fold(self, view: SeatView, eff: list[rd.Candidate], threats: list[rd.Threat], why: str = "") -> tuple[rd.Candidate, str]:
        visible = view.visible_counts34()
        safes = {t.seat: rd.safe_after(view, t.seat, self.words) if view.needs_yaku else _joy_safe(view, t.seat) for t in threats}
        def danger(c: rd.Candidate) -> float:
            if self.level == "normal" and view.needs_yaku:
                return max(_rule_tier(c.kind, visible, safes[t.seat]) for t in threats)
            return rd.deal_in_loss(view, c.kind, threats, visible, safes)
        order = {c.kind: i for i, c in enumerate(eff)}
        safest = min(eff, key=lambda c: (round(danger(c), 1), order[c.kind]))
        main = rd.main_threat(threats)
        reason = _say(N_("fold: {threat}; {safety}"), threat=why or rd.threat_words(main, self.words),
                      safety=rd.safety_reason(view, safest.kind, main.seat, visible, safes[main.seat]))
        return safest, reason

    def _hard_pick(self, view: SeatView, outlook: Outlook, eff: list[rd.Candidate], low: int,
                   threats: list[rd.Threat]) -> tuple[rd.Candidate, str]:
        """Hard: the most efficient discard (value breaking near-ties), then push or fold.

        Against a riichi the rule is the one strong players follow: a hand two or more
        from ready folds; one from ready pushes only a valuable, wide hand with a fairly
        safe tile; a ready hand pushes unless it is cheap, narrow and the tile is
        dangerous. Open-hand threats are weighed by how likely they are ready."""
        closed = rd.calls_of(view, view.seat) == 0
        ranked = _hard_rank(view, outlook, eff, closed)
        best = ranked[0]
        if not threats:
            return best, ""
        visible = view.visible_counts34()
        safes = {t.seat: rd.safe_after(view, t.seat, self.words) for t in threats}

        def loss(c: rd.Candidate) -> float:
            return rd.deal_in_loss(view, c.kind, threats, visible, safes)

        # mawashi: among near-equal shapes take the safest
        top = best.ukeire
        near = [c for c in ranked if c.shanten == best.shanten and c.ukeire >= 0.8 * top]
        best = min(near, key=lambda c: (round(loss(c), -1), ranked.index(c)))
        if rd.is_all_last(view) and rd.placement(view.points, view.seat) == 1:
            lead = view.points[view.seat] - max(p for s, p in enumerate(view.points) if s != view.seat)
            if any(t.value >= lead for t in threats) and loss(best) > 0:
                main = max(threats, key=lambda t: t.value)
                return self._fold(view, ranked, threats, _say(N_("all-last, 1st by {lead}; a deal-in to {name} would lose first place"), lead=lead, name=self.words.name(main.seat)))
        if self._hard_push(view, outlook, best, threats, closed, loss(best), visible, safes):
            return best, ""
        return self._fold(view, ranked, threats)

    def _hard_push(self, view: SeatView, outlook: Outlook, best: rd.Candidate, threats: list[rd.Threat], closed: bool, loss: float,
                   visible: Sequence[int], safes: dict[int, dict[int, str]]) -> bool:
        """Whether to keep going for the win with ``best`` against these threats.

        Ready or one from ready, the win's worth is the real average value of the wins
        to come (:mod:`mahjong_joy.ai.expect`; a wait with no yaku is worth nothing);
        further away, the rough han estimate."""
        counts = list(view.counts34())
        counts[best.kind] -= 1
        value = _win_worth(view, outlook, counts, best.shanten, closed)
        riichis = [t for t in threats if t.riichi]
        gain = rd.win_chance(best.shanten, best.ukeire, view.wall_count, True) * value
        if riichis:
            # what this tile risks against each riichi (they are ready for sure)
            risk = sum(rd.deal_in_chance(view, best.kind, t.seat, visible, safes[t.seat]) * t.value for t in riichis)
            if best.shanten == 0:  # a live wait of four tiles or more always pushes (as Normal does)
                return value > 0 and (best.ukeire >= 4 or gain >= PUSH_READY[len(riichis) > 1] * risk)
            if best.shanten == 1 and len(riichis) == 1 and view.wall_count >= PUSH_ONE_WALL:
                return gain >= PUSH_ONE * risk  # more dangerous tiles follow before it is ready
            return False
        if best.shanten >= 2:
            return loss <= 150
        return loss <= (0.6 if best.shanten == 1 else 1.0) * gain

    def _riichi_choice(self, view: SeatView, outlook: Outlook, riichis: list[Riichi], cands: list[rd.Candidate],
                       threats: list[rd.Threat], chosen: rd.Candidate) -> tuple[Action, str] | None:
        """Riichi or dama for a ready hand; ``None`` means dama (discard the best tile).

        Hard riichis on the discard it ranked first (the most valuable wait); Normal on
        the widest wait."""
        left = rd.unseen(view)
        allowed = discard_mask(riichis)
        ready = [c for c in cands if c.shanten == 0 and allowed >> c.kind & 1]
        if not ready:
            return None
        counts34 = view.counts34()
        best = max(ready, key=lambda c: (c.ukeire, -tie_rank(counts34, c.kind)[0]))
        if self.level == "hard" and any(c.kind == chosen.kind for c in ready):
            best = chosen
        counts = list(view.counts34())
        counts[best.kind] -= 1
        dama_han = outlook.dama_han(counts, best.waits)
        wait = rd.wait_text(best.waits, left)
        action = discard_of_kind(riichis, best.kind)
        dealer = view.seat == view.dealer
        if self.level == "hard" and rd.is_all_last(view):
            place = rd.placement(view.points, view.seat)
            if place == 1 and dama_han >= 1:
                return None
            if place > 1:
                order = sorted(range(4), key=lambda s: (-view.points[s], s))
                above = order[place - 2]
                need = view.points[above] - view.points[view.seat]
                dama_value = rd.points_for(dama_han + _dora_han(view, counts), dealer) if dama_han else 0
                riichi_value = rd.points_for(rd.han_estimate(view, counts, True, True), dealer) - 1000
                if dama_value < need <= riichi_value:
                    return action, _say(N_("riichi: all-last, {place}; needs {need} to pass {name}, dama is not enough"),
                                        place=_ordinal(place), need=need, name=self.words.name(above))
        if dama_han >= 1:
            total = dama_han + _dora_han(view, counts)
            good = best.ukeire >= 5
            if total >= 4 and (self.level == "normal" or good or dealer):
                return None
        if threats and best.ukeire <= 2 and self.level == "normal":
            return None
        return action, _say(N_("riichi: {wait}"), wait=wait)

    def _discard_reason(self, view: SeatView, outlook: Outlook | None, best: rd.Candidate, threats: list[rd.Threat]) -> str:
        """The words for a discard; ``outlook`` is there whenever ``best`` is ready."""
        text = K(best.kind)
        if best.shanten == 0:
            left = rd.unseen(view)
            counts = list(view.counts34())
            counts[best.kind] -= 1
            if threats:
                visible = view.visible_counts34()
                main = rd.main_threat(threats)
                safe = rd.safe_after(view, main.seat, self.words) if view.needs_yaku else _joy_safe(view, main.seat)
                han = rd.han_estimate(view, counts, rd.calls_of(view, view.seat) == 0, False)
                value = rd.points_for(han, view.seat == view.dealer)
                return _say(N_("push: ready for {value}, {safety}"), value=_value_words(value, view.seat == view.dealer),
                            safety=rd.safety_reason(view, best.kind, main.seat, visible, safe))
            if view.needs_yaku and not view.in_riichi and rd.calls_of(view, view.seat) == 0 and outlook and outlook.dama_han(counts, best.waits):
                return _say(N_("dama: discard {tile}, the hand has a yaku; {wait}"), tile=text, wait=rd.wait_text(best.waits, left))
            return _say(N_("discard {tile}: ready, {wait}"), tile=text, wait=rd.wait_text(best.waits, left))
        steps = _say(N_("{count} from ready"), count=best.shanten)
        if threats and view.needs_yaku and self.level == "hard":
            visible = view.visible_counts34()
            main = rd.main_threat(threats)
            safe = rd.safe_after(view, main.seat, self.words)
            return _say(N_("push: {steps}, {useful} useful tiles left, {safety}"), steps=steps, useful=best.ukeire,
                        safety=rd.safety_reason(view, best.kind, main.seat, visible, safe))
        return _say(N_("discard {tile}: {steps}, {useful} useful tiles left"), tile=text, steps=steps, useful=best.ukeire)

    def _own_kan(self, view: SeatView, legal: Sequence[Action], cands: list[rd.Candidate]) -> tuple[Action, str] | None:
        low = min(c.shanten for c in cands)
        if self.level == "hard" and rd.threats(view):
            return None
        for action in legal:
            if isinstance(action, (ClosedKan, AddedKan)):
                counts = list(view.counts34())
                take = 4 if isinstance(action, ClosedKan) else 1
                counts[action.tile] -= take
                after = rd.shanten_of(counts, view.meld_count + (1 if take == 4 else 0))
                if after <= low:
                    said = N_("closed kan {tile}: keeps the shape, adds a dora") if take == 4 else N_("added kan {tile}: keeps the shape, adds a dora")
                    return action, _say(said, tile=K(action.tile))
        return None

    # ------------------------------------------------------------ calls

    def _claim(self, view: SeatView, legal: Sequence[Action]) -> tuple[Action, str]:
        tile = view.last_discard
        assert tile is not None
        if self.level == "easy":
            action = self._potential.choose(view, legal)
            if isinstance(action, Pass):
                return action, _say(N_("pass: the call would not raise the potential or keep a yaku") if view.needs_yaku
                                      else N_("pass: the call would not raise the potential"))
            return action, _potential_reason(view, action)
        counts = list(view.counts34())
        melds = view.meld_count
        now = rd.shanten_of(counts, melds)
        threats = rd.threats(view)
        if view.needs_yaku and self.level == "normal":
            threats = [t for t in threats if t.riichi]
        elif view.needs_yaku:
            threats = [t for t in threats if t.riichi or t.ready_chance >= 0.65]  # an open hand likely ready
        values = rd.value_kinds(view)
        best: tuple | None = None
        refused = ""
        held: float | None = None  # Hard: the equity of not calling, worked out once
        for action in legal[1:]:
            after = _call_shape(view, action, tile)
            if after is None:
                continue
            s_after, u_after, shapes = after
            used = tiles_used(action, tile)
            plan = self._plan(view, action, used, tile, s_after) if view.needs_yaku else _say(N_("closer to ready"))
            if plan is None:
                refused = _say(N_("pass: calling {tile} leaves no yaku"), tile=K(tile))
                continue
            yakuhai = isinstance(action, (Pon, Kan)) and tile in values
            if isinstance(action, Kan) and not (s_after <= 0 and not threats and self.level == "hard"):
                continue
            if not s_after < now:
                refused = refused or _say(N_("pass: the call does not bring the hand closer to ready"))
                continue
            if self.level == "hard" and not yakuhai and s_after > 2 and _dora_han(view, counts) < 2:
                refused = refused or _say(N_("pass: too far from ready for a cheap open hand"))
                continue
            if threats and s_after > 0:
                refused = (_say(N_("pass: You are a threat and the call would not make the hand ready")) if threats[0].seat == self.words.player
                           else _say(N_("pass: {name} is a threat and the call would not make the hand ready"), name=self.words.name(threats[0].seat)))
                continue
            key: tuple = (s_after, -u_after, not yakuhai)
            if self.level == "hard" and view.needs_yaku and not isinstance(action, Kan):
                if held is None:
                    held = _hand_equity(view, Outlook(view), counts, now)
                gained = _call_equity(view, action, tile, shapes)
                if not gained:
                    refused = _say(N_("pass: calling {tile} leaves no yaku"), tile=K(tile))
                    continue
                if gained <= held:
                    refused = refused or _say(N_("pass: calling {tile} is worth less than the hand as it is"), tile=K(tile))
                    continue
                key = (-gained,)
            if best is None or key < best[0]:
                best = (key, action, plan, s_after)
        if best is None:
            return legal[0], refused or _say(N_("pass: nothing worth calling"))
        _, action, plan, s_after = best
        where = _say(N_("ready")) if s_after == 0 else _say(N_("{count} from ready"), count=s_after)
        return action, _say(N_("{call}: {plan}, {where}"), call=_call_text(action, tile), plan=plan, where=where)

    def _plan(self, view: SeatView, action: Action, used: list[int], tile: int, s_after: int) -> str | None:
        """The yaku a call follows, in words; ``None`` when the called hand would have none.

        Hard also calls a hand one discard short of all simples, and, once the called
        hand is one from ready or ready, any hand whose wins in reach have a yaku: its
        equity (:func:`_call_equity`) scores those wins exactly, so a yakuless one is
        worth nothing and is never called."""
        counts = view.counts34()
        values = rd.value_kinds(view)
        if isinstance(action, (Pon, Kan)) and tile in values:
            return _say(N_("value tile"))
        if not keeps_a_yaku(view, counts, used, tile):
            if self.level != "hard" or isinstance(action, Kan):
                return None
            if isinstance(action, Pon) and _toitoi_plan(view, counts):
                return _say(N_("all triplets"))
            stray = _stray_for_simples(view, counts, used, tile)
            if stray is not None:
                return _say(N_("all simples once {tile} goes"), tile=K(stray))
            return _say(N_("a yaku in reach")) if s_after <= 1 else None
        if any(counts[k] >= 2 for k in values) or any(m.kinds[0] in values and m.kinds[0] == m.kinds[-1] for m in view.melds[view.seat]):
            return _say(N_("value tile held"))
        melded = [k for m in view.melds[view.seat] for k in m.kinds] + [*used, tile]
        if not any(map(is_terminal_or_honor, melded)):
            return _say(N_("all simples"))
        return _say(N_("flush"))


# ---------------------------------------------------------------- helpers


def _rule_tier(kind: int, visible: Sequence[int], safe: dict[int, str]) -> int:
    """Normal's order of safety against a riichi, by rule only: 0 safe (genbutsu or
    discarded after the riichi), 1 suji, kabe or an honor with two or more seen,
    2 half-suji, 3 anything else (Hard weighs the finer danger model instead)."""
    if kind in safe:
        return 0
    if kind >= 27:
        return 1 if visible[kind] >= 2 else 3
    partners = rd.suji_partners(kind)
    covered = [p for p in partners if p in safe]
    if len(covered) == len(partners):
        return 1
    rank = kind % 9
    if any(0 <= rank + step <= 8 and visible[kind + step] == 4 for step in (1, -1)):
        return 1
    return 2 if covered else 3


def _hard_rank(view: SeatView, outlook: Outlook, eff: list[rd.Candidate], closed: bool) -> list[rd.Candidate]:
    """Hard's order of discards: shanten (an open hand that would lose its yaku counts one
    further), then, ready or one from ready, what the hand is worth by
    :mod:`mahjong_joy.ai.expect` (real win values times unseen copies); useful tiles and
    the potential score (``eff``'s order) break ties and order hands further away.

    No flat dora term: v3 gave up three useful tiles to keep a dora or red five, and
    that placed Hard worse in the arena than letting the shape decide
    (docs/ai-measurements.md, v4 ablations). Here the dora count only through the
    value of the wins they are part of."""
    counts = list(view.counts34())
    order = {c.kind: i for i, c in enumerate(eff)}

    def key(c: rd.Candidate) -> tuple[int, int, int]:
        steps = c.shanten
        if not closed and not _open_has_yaku(view, counts, c.kind):
            steps += 1
        return (steps, -c.ukeire, order[c.kind])

    ranked = sorted(eff, key=key)
    steps = key(ranked[0])[0]
    if steps >= 2:
        return ranked
    if steps == 0:
        return _rank_ready(view, outlook, counts, ranked, key)
    return _rank_one_from_ready(outlook, counts, ranked, key)


def _rank_ready(view: SeatView, outlook: Outlook, counts: list[int], ranked: list[rd.Candidate], key) -> list[rd.Candidate]:
    """Ready discards by their worth; a one-from-ready discard goes first only when its
    equity beats the best ready hand's by 30% (a cheap single wait given up for a
    wide, valuable shape)."""
    ready = [c for c in ranked if key(c)[0] == 0]
    worth = {}
    for c in ready:
        counts[c.kind] -= 1
        worth[c.kind] = outlook.ready(counts)
        counts[c.kind] += 1
    ready.sort(key=lambda c: (-worth[c.kind][0], key(c)))
    rest = [c for c in ranked if c not in ready]
    top = worth[ready[0].kind]
    ready_equity = equity(0, top[1], ready_average(*top), view.wall_count)
    ones = [c for c in rest if key(c)[0] == 1][:3]
    best_one, best_equity = None, ready_equity * 1.3
    for c in ones:
        counts[c.kind] -= 1
        _, average = outlook.one_from_ready(counts)
        counts[c.kind] += 1
        found = equity(1, c.ukeire, average, view.wall_count)
        if found > best_equity:
            best_one, best_equity = c, found
    if best_one is not None:
        rest.remove(best_one)
        return [best_one, *ready, *rest]
    return ready + rest


def _rank_one_from_ready(outlook: Outlook, counts: list[int], ranked: list[rd.Candidate], key) -> list[rd.Candidate]:
    """One from ready: the discards keeping at least half the best useful tiles (six at
    most), by the worth of the ready hands their draws allow."""
    head = ranked[0]
    near = [c for c in ranked if key(c)[0] == 1 and c.ukeire >= 0.5 * head.ukeire][:6]
    if len(near) < 2:
        return ranked
    worth = {}
    for c in near:
        counts[c.kind] -= 1
        worth[c.kind] = outlook.one_from_ready(counts)[0]
        counts[c.kind] += 1
    if not any(worth.values()):
        return ranked
    near.sort(key=lambda c: (-worth[c.kind], key(c)))
    return near + [c for c in ranked if c not in near]


def _potentials(view: SeatView, cands: list[rd.Candidate]) -> dict[int, int]:
    counts = list(view.counts34())
    found = {}
    for c in cands:
        counts[c.kind] -= 1
        found[c.kind] = potential(counts, view.meld_count)
        counts[c.kind] += 1
    return found


def _waits(counts: Sequence[int], melds: int) -> list[int]:
    from mahjong_joy.hand.waits import kinds_in_mask, useful_mask

    if rd.shanten_of(counts, melds) != 0:
        return []
    return [k for k in kinds_in_mask(useful_mask(bytes(counts), melds))]


def _call_shape(view: SeatView, action: Action, tile: int) -> tuple[int, int, list[tuple[int, int, int]]] | None:
    """(shanten, ukeire) after the call and the best discard, with every allowed
    discard's shape (:func:`_discards_after_call`); ``None`` for a pass."""
    if not isinstance(action, (Chi, Pon, Kan)):
        return None
    counts = _called_counts(view, action, tile)
    melds = view.meld_count + 1
    if isinstance(action, Kan):
        return rd.shanten_of(counts, melds), 0, []
    shapes = _discards_after_call(view, action, tile, counts, melds)
    if not shapes:
        return None
    return shapes[0][0], -shapes[0][1], shapes


def _called_counts(view: SeatView, action: Action, tile: int) -> list[int]:
    """The concealed counts once the call has taken its held tiles out."""
    counts = list(view.counts34())
    for t in tiles_used(action, tile):
        counts[t] -= 1
    return counts


def _called_meld(action: Action, tile: int) -> Meld:
    """The set a chi or pon of ``tile`` declares, by kinds (as hand analysis reads a meld)."""
    return Meld(CHI if isinstance(action, Chi) else PON, tuple(sorted([*tiles_used(action, tile), tile])))


def _discards_after_call(view: SeatView, action: Action, tile: int, counts: list[int], melds: int) -> list[tuple[int, int, int]]:
    """(shanten, -useful tiles, kind) of each discard the chi or pon allows right
    after it (kuikae barred, as the engine bars it), best first."""
    called = _called_meld(action, tile)
    forbidden = kuikae_mask(ClaimOption(called.type, called.tiles, tile))
    left = rd.unseen(view)
    shapes = []
    for k in range(KIND_COUNT):
        if not counts[k] or forbidden >> k & 1:
            continue
        counts[k] -= 1
        key = bytes(counts)
        shapes.append((shanten_of_key(key, melds), -sum(left[t] for t in kinds_in_mask(useful_mask(key, melds))), k))
        counts[k] += 1
    shapes.sort()
    return shapes


def _win_worth(view: SeatView, outlook: Outlook, counts13: list[int], shanten: int, closed: bool) -> float:
    """What a win of this 13-tile hand is worth on average: the real values of its
    ready hands (ready or one from ready; riichi assumed while closed), else the
    rough han estimate (nothing below one han)."""
    if shanten == 0:
        return ready_average(*outlook.ready(counts13))
    if shanten == 1:
        return outlook.one_from_ready(counts13)[1]
    han = rd.han_estimate(view, counts13, closed, riichi=closed)
    return rd.points_for(han, view.seat == view.dealer) if han >= 1 else 0


def _hand_equity(view: SeatView, outlook: Outlook, counts13: list[int], shanten: int) -> float:
    """Points the 13-tile hand may expect (see :func:`mahjong_joy.ai.expect.equity`):
    ready and one from ready by real win values (:func:`_win_worth`), further away by
    the rough han."""
    if shanten == 0:
        width = outlook.ready(counts13)[1]
        return equity(0, width, _win_worth(view, outlook, counts13, 0, outlook.closed), view.wall_count)
    left = outlook.left
    ukeire = sum(left[t] for t in kinds_in_mask(useful_mask(bytes(counts13), outlook.meld_count)))
    if shanten == 1:
        value = _win_worth(view, outlook, counts13, 1, outlook.closed)
    else:
        han = rd.han_estimate(view, counts13, outlook.closed, riichi=outlook.closed)
        value = rd.points_for(han, view.seat == view.dealer)
    return equity(shanten, ukeire, value, view.wall_count, not outlook.closed)


def _call_equity(view: SeatView, action: Action, tile: int, shapes: list[tuple[int, int, int]]) -> float:
    """The hand's equity after calling ``tile`` and making the best discard: the
    three discards of ``shapes`` (:func:`_discards_after_call`) with the most useful
    tiles at the least shanten."""
    counts = _called_counts(view, action, tile)
    outlook = Outlook(view, melds=(*view.melds[view.seat], _called_meld(action, tile)))
    best = 0.0
    for s, _, k in [shape for shape in shapes if shape[0] == shapes[0][0]][:3]:
        counts[k] -= 1
        best = max(best, _hand_equity(view, outlook, counts, s))
        counts[k] += 1
    return best


def _call_text(action: Action, tile: int) -> str:
    if isinstance(action, Chi):
        a, b, c = action.tiles
        return _say(N_("chi {run}"), run=f"{a % 9 + 1}{b % 9 + 1}{c % 9 + 1}{'mps'[a // 9]}")
    if isinstance(action, Pon):
        return _say(N_("pon {tile}"), tile=K(tile))
    return _say(N_("kan {tile}"), tile=K(tile))


def _potential_reason(view: SeatView, action: Action) -> str:
    """The dev log's AI in words: its discard, call or pass and the score behind it."""
    if isinstance(action, (Discard, Riichi)):
        kind = kind_of_code(action.tile)
        counts = list(view.counts34())
        counts[kind] -= 1
        score = potential(counts, view.meld_count)
        said = (N_("riichi discarding {tile}: keeps the best sets and partial sets (potential {score})") if isinstance(action, Riichi)
                else N_("discard {tile}: keeps the best sets and partial sets (potential {score})"))
        return _say(said, tile=K(kind), score=score)
    if isinstance(action, (ClosedKan, AddedKan)):
        said = N_("closed kan {tile}: the potential does not drop") if isinstance(action, ClosedKan) else N_("added kan {tile}: the potential does not drop")
        return _say(said, tile=K(action.tile))
    tile = view.last_discard
    if isinstance(action, (Chi, Pon, Kan)) and tile is not None:
        now = potential(view.counts34(), view.meld_count)
        return _say(N_("{call}: raises the potential from {now}"), call=_call_text(action, tile), now=now)
    if isinstance(action, Pass):
        return _say(N_("pass: a call would not raise the potential"))
    return action.describe()


def _dora_han(view: SeatView, counts13: Sequence[int]) -> int:
    doras = rd.dora_kinds(view)
    tiles = [k for k in range(KIND_COUNT) for _ in range(counts13[k])] + [k for m in view.melds[view.seat] for k in m.kinds]
    return sum(1 for k in tiles if k in doras) + sum(1 for c in view.hand if c >= 34)


def _open_has_yaku(view: SeatView, counts14: Sequence[int], discard: int) -> bool:
    values = rd.value_kinds(view)
    melds = [m.kinds for m in view.melds[view.seat]]
    if any(kinds[0] in values and kinds[0] == kinds[-1] for kinds in melds):
        return True
    rest = list(counts14)
    rest[discard] -= 1
    if any(rest[k] >= 2 for k in values):
        return True
    tiles = [k for kinds in melds for k in kinds] + [k for k in range(KIND_COUNT) if rest[k]]
    if not any(map(is_terminal_or_honor, tiles)):
        return True
    by_suit = [sum(1 for k in tiles if k < 27 and k // 9 == s) for s in range(3)]
    return sum(by_suit) - max(by_suit) <= 1


def _stray_for_simples(view: SeatView, counts: Sequence[int], used: Sequence[int], tile: int) -> int | None:
    """The one terminal or honor left in the hand after calling ``tile`` when every
    other tile, called or held, is a simple: discarding it makes the hand all simples."""
    melded = [k for m in view.melds[view.seat] for k in m.kinds] + [*used, tile]
    if any(map(is_terminal_or_honor, melded)):
        return None
    rest = list(counts)
    for t in used:
        rest[t] -= 1
    strays = [k for k in range(KIND_COUNT) if rest[k] and is_terminal_or_honor(k)]
    if len(strays) == 1 and rest[strays[0]] == 1:
        return strays[0]
    return None


def _toitoi_plan(view: SeatView, counts: Sequence[int]) -> bool:
    if any(m.type == "chi" for m in view.melds[view.seat]):
        return False
    pairs = sum(1 for n in counts if n >= 2) + view.meld_count
    return pairs >= 5


def _joy_safe(view: SeatView, threat: int) -> dict[int, str]:
    """Joy has no furiten: a threat's own discards are only a hint, not a rule."""
    return {}


def _value_words(value: int, dealer: bool) -> str:
    base = value / (1.5 if dealer else 1.0)
    if base >= 24000:
        return _say(N_("a triple mangan or more"))
    if base >= 16000:
        return _say(N_("a baiman"))
    if base >= 12000:
        return _say(N_("a haneman"))
    if base >= 7700:
        return _say(N_("a mangan"))
    return _say(N_("about {value} points"), value=value)


def _ordinal(n: int) -> str:
    return _say((N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))[min(n, 4) - 1])
