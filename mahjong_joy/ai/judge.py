"""Every legal option of one decision with its value, as the Hard AI judges it.

The coach (:mod:`mahjong_joy.app.coach`) asks :func:`judge` about each decision a
player made; the Hard AI plays by the same call (:meth:`LevelAI.decide
<mahjong_joy.ai.levels.LevelAI.decide>` picks, :func:`judge` puts that pick first and
values every other option with the pieces Hard's pick weighs). No second opinion is
written here: the values come from Hard's own measures,

- a hand's **equity** (:func:`mahjong_joy.ai.levels._hand_equity`: the real scorer's
  value of the wins in reach, :mod:`mahjong_joy.ai.expect`, times the shared rough
  win chance of :func:`mahjong_joy.ai.reading.win_chance`), lowered by
  :data:`~mahjong_joy.ai.reading.ATTACKED` while a riichi is on;
- a discard's **danger** (:func:`mahjong_joy.ai.reading.deal_in_loss`: the chance it
  deals in to each threat times what the threat is worth);
- a call's equity against the closed hand's (:func:`mahjong_joy.ai.levels._call_equity`,
  the very comparison Hard calls by);
- a win's real points (the scorer, with the sticks on the table).

**The unit is expected points of the hand** (a discard's value is what the hand may
expect to win from here minus what the tile may lose). Points, not placement,
because every measure the Hard AI weighs is in points; a placement model would be
a second opinion the AI does not play by (Hard minds placement only in all-last,
by rule, and those rules keep their pick first below).

Hard decides by rules over these measures (shanten first, then useful tiles, then
value; fold two from ready against a riichi...), so its pick and the largest value
can differ: then the pick is still put first and valued as the largest value, so a
choice the estimate rates as high as the AI's own is never a loss. Values are
rounded to whole points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from mahjong_joy.ai import reading as rd
from mahjong_joy.ai.expect import FURITEN_SHARE, Outlook, _scored, equity, ready_average
from mahjong_joy.ai.levels import LevelAI, _call_equity, _call_shape, _called_counts, _hand_equity, _open_has_yaku
from mahjong_joy.ai.potential import tiles_used
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
from mahjong_joy.engine.view import SeatView
from mahjong_joy.hand.waits import kinds_in_mask, useful_mask
from mahjong_joy.i18n import tr
from mahjong_joy.reason_words import translate_reason  # the AI's reason is English (records); told in the player's language
from mahjong_joy.melds import ADDED_KAN, CLOSED_KAN, KAN, PON, Meld
from mahjong_joy.tiles import kind_of_code

RIICHI_EXTRA = 1.15  # ura-dora and ippatsu: about 0.4 han on average (as reading.han_estimate counts them)
RIICHI_STICK = 1000  # the stick a riichi puts down, lost unless the hand wins
KAN_DORA = 1.1  # a kan turns a new dora indicator and adds fu


@dataclass(frozen=True)
class Facts:
    """What an option's value was made of, for the reasons: shanten and useful tiles
    after it, the worth of the hand kept (``equity``), what the tile risks (``risk``,
    and ``chance`` of dealing in to the main threat), and for a win its points."""

    shanten: int | None = None
    ukeire: int = 0
    equity: float = 0.0
    risk: float = 0.0
    chance: float = 0.0
    waits: tuple[int, ...] = ()
    points: int = 0


@dataclass(frozen=True)
class Option:
    """One legal action and its value in expected points (higher is better)."""

    action: Action
    value: float
    facts: Facts


class Judgement:
    """One decision as the Hard AI judges it: its ``pick`` and ``reason`` (what it plays
    and says at the table), and every legal option valued (:attr:`options`, the pick
    first, then by value), worked out only when asked: the Hard AI plays from the same
    judgement without paying for the values."""

    def __init__(self, view: SeatView, legal: Sequence[Action], words: rd.SeatWords = rd.SeatWords(),
                 ai: LevelAI | None = None) -> None:
        self.view = view
        self.legal = tuple(legal)
        self.words = words
        self._ai = ai if ai is not None else LevelAI("hard", words=words)
        self.pick, self.reason = self._ai.decide(view, legal)

    @cached_property
    def _ranked(self) -> tuple[tuple[Option, ...], int | None, dict[int, str]]:
        valued, threat, evidence = _values(self._ai, self.view, self.legal)
        top = max(v for _, v, _ in valued)
        options = []
        for action, value, facts in valued:
            if same_choice(action, self.pick):
                options.insert(0, Option(action, round(max(value, top)), facts))
            else:
                options.append(Option(action, round(value), facts))
        head, rest = options[0], sorted(options[1:], key=lambda o: -o.value)
        return (head, *rest), threat, evidence

    @property
    def options(self) -> tuple[Option, ...]:
        """Every legal option with its value, the pick first, then by value."""
        return self._ranked[0]

    @property
    def threat(self) -> int | None:
        """The seat the AI minds most, if any."""
        return self._ranked[1]

    @property
    def threat_riichi(self) -> bool:
        """Whether that seat is in riichi (else an open hand that looks ready)."""
        return self.threat is not None and self.view.riichi[self.threat] is not None

    @property
    def evidence(self) -> dict[int, str]:
        """Per kind held: why it is safer against that threat ("" when nothing makes it so)."""
        return self._ranked[2]

    @property
    def best(self) -> Option:
        return self.options[0]

    def option_of(self, action: Action) -> Option:
        """The option ``action`` took (a record's action may differ from the legal one
        only in flags such as ``tsumogiri`` or which copy was used)."""
        for option in self.options:
            if same_choice(option.action, action):
                return option
        raise ValueError(f"{action.describe()} is not among the options")

    def loss(self, action: Action) -> float:
        """Points ``action`` gives up against the best option (0 for the best)."""
        return max(0.0, self.best.value - self.option_of(action).value)


def judge(view: SeatView, legal: Sequence[Action], words: rd.SeatWords = rd.SeatWords(), ai: LevelAI | None = None) -> Judgement:
    """The Hard AI's judgement of one decision: what it picks and why, and every option
    of ``legal`` valued from ``view`` (:class:`Judgement`). The Hard AI plays
    ``judge(...).pick`` (:meth:`LevelAI.choose <mahjong_joy.ai.levels.LevelAI.choose>`);
    the coach reads the options. ``words`` names the seats in the reasons."""
    return Judgement(view, legal, words, ai)


def same_choice(a: Action, b: Action) -> bool:
    """Whether two actions are the same choice: same type and tile code (a discard's
    ``tsumogiri`` flag and a call's choice of copies do not make another choice)."""
    if type(a) is not type(b) or a.seat != b.seat:
        return False
    if isinstance(a, (Discard, Riichi)):
        return a.tile == b.tile  # type: ignore[attr-defined]
    if isinstance(a, Chi):
        return a.tiles == b.tiles  # type: ignore[attr-defined]
    if isinstance(a, (ClosedKan, AddedKan)):
        return a.tile == b.tile  # type: ignore[attr-defined]
    return True


# ---------------------------------------------------------------- values


def _values(ai: LevelAI, view: SeatView, legal: Sequence[Action]) -> tuple[list[tuple[Action, float, Facts]], int | None, dict[int, str]]:
    """(action, value, facts) for every legal action, and the threat Hard minds most."""
    threats = rd.minded_threats(view, "hard")
    if isinstance(legal[0], Pass):
        threats = [t for t in threats if t.riichi or t.ready_chance >= 0.65]
    safes = {t.seat: (rd.safe_after(view, t.seat, ai.words) if view.needs_yaku else {}) for t in threats}
    main = rd.main_threat(threats) if threats else None
    evidence: dict[int, str] = {}
    if main is not None:
        visible = view.visible_counts34()
        evidence = {k: rd.safety_evidence(k, visible, safes[main.seat]) for k in range(34) if view.counts34()[k]}
    ctx = _Context(view, threats, safes, main)
    if isinstance(legal[0], Pass):
        found = [_claim_value(ai, ctx, a) for a in legal]
    else:
        found = _nearest_first([_turn_value(ctx, a) for a in legal])
    return found, (main.seat if main else None), evidence


def _nearest_first(found: list[tuple[Action, float, Facts]]) -> list[tuple[Action, float, Facts]]:
    """Three or more from ready, the shared win chance (:func:`~mahjong_joy.ai.reading.win_chance`)
    lumps every distance together and counts useful tiles alone, and a hand further away
    always has more of them: there a discard that goes further from ready than the nearest
    keeps at most the worth of the least of the nearest (Hard's own order: shanten first)."""
    near = [f.shanten for _, _, f in found if f.shanten is not None and f.points == 0]
    if not near:
        return found
    low = min(near)
    floor = min(f.equity for _, _, f in found if f.shanten == low)
    out = []
    for action, value, facts in found:
        if facts.shanten is not None and facts.shanten >= 3 and facts.shanten > low and facts.equity > floor:
            facts = replace(facts, equity=floor)
            value = floor - facts.risk
        out.append((action, value, facts))
    return out


class _Context:
    """What every option of one decision is valued against (built once)."""

    def __init__(self, view: SeatView, threats: list[rd.Threat], safes: dict[int, dict[int, str]], main: rd.Threat | None) -> None:
        self.view = view
        self.threats = threats
        self.safes = safes
        self.main = main
        self.visible = view.visible_counts34()
        self.outlook = Outlook(view)
        self.left = rd.unseen(view)
        self.attacked = rd.ATTACKED if any(t.riichi for t in threats) else 1.0
        self.closed = rd.calls_of(view, view.seat) == 0
        self.dama = self.closed and not view.in_riichi and view.needs_yaku
        self._discards: dict[tuple[int, bool], tuple[float, Facts]] = {}

    def risk(self, kind: int) -> tuple[float, float]:
        """(expected points lost, chance of dealing in to the main threat) of discarding ``kind``."""
        if not self.threats:
            return 0.0, 0.0
        loss = rd.deal_in_loss(self.view, kind, self.threats, self.visible, self.safes)
        main = self.main
        assert main is not None
        return loss, rd.threat_danger(self.view, kind, main, self.visible, self.safes[main.seat])

    def discard(self, code: int, riichi: bool) -> tuple[float, Facts]:
        """Value of discarding ``code`` (with riichi, or not)."""
        key = (code, riichi)
        if key not in self._discards:
            self._discards[key] = self._discard(code, riichi)
        return self._discards[key]

    def _discard(self, code: int, riichi: bool) -> tuple[float, Facts]:
        view, kind = self.view, kind_of_code(code)
        counts = view.counts34()
        counts[kind] -= 1
        shanten = rd.shanten_of(counts, view.meld_count)
        useful = _useful(counts, view.meld_count)
        waits = tuple(useful) if shanten == 0 else ()
        ukeire = sum(self.left[t] for t in useful)
        outlook = self.outlook if not _gives_up_red(view, code) else _without_red(view, kind)
        if shanten == 0 and riichi:
            worth, width = outlook.ready(counts)
            chance = rd.win_chance(0, width, view.wall_count, False) * self.attacked
            kept = chance * ready_average(worth, width) * RIICHI_EXTRA - RIICHI_STICK * (1 - chance)
        elif shanten == 0 and self.dama:
            worth, width = _dama_ready(outlook, counts)
            kept = equity(0, width, ready_average(worth, width), view.wall_count) * self.attacked
        elif shanten >= 2 and not self.closed and view.needs_yaku and not _open_has_yaku(view, view.counts34(), kind):
            kept = 0.0  # an open hand with no yaku in sight never wins (as Hard counts it a step further)
        else:
            kept = _hand_equity(view, outlook, counts, shanten) * self.attacked
        risk, chance = self.risk(kind)
        return kept - risk, Facts(shanten, ukeire, kept, risk, chance, waits)


def _turn_value(ctx: _Context, action: Action) -> tuple[Action, float, Facts]:
    view = ctx.view
    if isinstance(action, (Discard, Riichi)):
        value, facts = ctx.discard(action.tile, isinstance(action, Riichi))
        return action, value, facts
    if isinstance(action, Tsumo):
        points = _win_points(view, view.counts34(), view.drawn_kind, tsumo=True)
        return action, points, Facts(points=points)
    if isinstance(action, (ClosedKan, AddedKan)):
        return action, *_own_kan_value(ctx, action)
    if isinstance(action, NineTerminals):
        return action, 0.0, Facts()
    return action, 0.0, Facts()


def _own_kan_value(ctx: _Context, action: ClosedKan | AddedKan) -> tuple[float, Facts]:
    """A closed or added kan: the equity of the hand it leaves (a replacement draw to
    come, so valued like a hand before its draw), with a little for the new dora."""
    view = ctx.view
    counts = view.counts34()
    own = list(view.melds[view.seat])
    if isinstance(action, ClosedKan):
        counts[action.tile] -= 4
        own.append(Meld(CLOSED_KAN, (action.tile,) * 4))
    else:
        counts[action.tile] -= 1
        own = [Meld(ADDED_KAN, (action.tile,) * 4) if m.type == PON and m.kinds[0] == action.tile else m for m in own]
    outlook = Outlook(view, melds=own)
    shanten = rd.shanten_of(counts, len(own))
    kept = _hand_equity(view, outlook, counts, shanten) * ctx.attacked * KAN_DORA
    return kept, Facts(shanten, 0, kept)


def _claim_value(ai: LevelAI, ctx: _Context, action: Action) -> tuple[Action, float, Facts]:
    """A claim window: the closed hand's equity for a pass (a ron passed in riichi
    leaves the hand furiten: tsumo only), the called hand's for a call (none when it
    leaves no yaku, as Hard's plan says), the points of a ron."""
    view = ctx.view
    tile = view.last_discard
    assert tile is not None
    counts = view.counts34()
    if isinstance(action, Ron):
        points = _win_points(view, [*counts[:tile], counts[tile] + 1, *counts[tile + 1:]], tile, tsumo=False)
        return action, points, Facts(points=points)
    now = rd.shanten_of(counts, view.meld_count)
    if isinstance(action, Pass):
        kept = _hand_equity(view, ctx.outlook, counts, now) * ctx.attacked
        if view.in_riichi and view.waits and tile in view.waits:
            kept *= FURITEN_SHARE
        return action, kept, Facts(now, 0, kept)
    after = _call_shape(view, action, tile)
    if after is None:
        return action, 0.0, Facts()
    s_after, ukeire, shapes = after
    if view.needs_yaku and ai._plan(view, action, tiles_used(action, tile), tile, s_after) is None:
        return action, 0.0, Facts(s_after, ukeire, 0.0)
    if isinstance(action, Kan):
        called = _called_counts(view, action, tile)
        outlook = Outlook(view, melds=(*view.melds[view.seat], Meld(KAN, (tile,) * 4)))
        kept = _hand_equity(view, outlook, called, s_after) * ctx.attacked * KAN_DORA
    else:
        kept = _call_equity(view, action, tile, shapes) * ctx.attacked
    risk = 0.0
    if ctx.threats and shapes:  # the discard after the call goes out into the threat too
        risk = min(ctx.risk(k)[0] for s, _, k in shapes if s == shapes[0][0])
    return action, kept - risk, Facts(s_after, ukeire, kept, risk)


def _win_points(view: SeatView, counts14: Sequence[int], win: int | None, tsumo: bool) -> int:
    """The points a win takes now, by the scorer the AI values hands with (riichi as
    declared, the dora and red fives, the sticks on the table; ura-dora unknown)."""
    assert win is not None
    outlook = Outlook(view)
    situation = outlook.situation(counts14, win, riichi=view.in_riichi)
    situation = replace(situation, tsumo=tsumo, riichi_sticks=view.sticks)
    score = _scored(situation, outlook.valuation)
    if score is None or not score.valid:  # a rule set that wins without a yaku (Joy): its least win
        return rd.points_for(1, view.seat == view.dealer)
    return score.total


def _dama_ready(outlook: Outlook, counts13: list[int]) -> tuple[float, int]:
    """(worth, unseen waits) of a closed ready hand kept dama: each wait's ron without
    riichi; a wait with no yaku wins only by tsumo (menzen tsumo), about a third of
    its wins, as a furiten wait does (:data:`~mahjong_joy.ai.expect.FURITEN_SHARE`)."""
    worth, width = 0.0, 0
    furiten = any(w in outlook.own_river for w in _useful(counts13, outlook.meld_count))
    for w in _useful(counts13, outlook.meld_count):
        copies = outlook.left[w]
        if not copies:
            continue
        counts13[w] += 1
        situation = outlook.situation(counts13, w, riichi=False)
        ron = _scored(situation, outlook.valuation)
        if ron is not None and ron.valid and not furiten:
            value = float(ron.total)
        else:
            tsumo = _scored(replace(situation, tsumo=True), outlook.valuation)
            value = FURITEN_SHARE * tsumo.total if tsumo is not None and tsumo.valid else 0.0
        counts13[w] -= 1
        worth += copies * value
        width += copies
    return worth, width


def _useful(counts13: Sequence[int], melds: int) -> list[int]:
    """The kinds that bring the hand closer (its waits when it is ready)."""
    return list(kinds_in_mask(useful_mask(bytes(counts13), melds)))


def _gives_up_red(view: SeatView, code: int) -> bool:
    """Discarding a red five while a plain five of its kind is held gives up a dora."""
    return code >= 34


def _without_red(view: SeatView, kind: int) -> Outlook:
    """The outlook of the hand once its red five of ``kind`` is gone."""
    outlook = Outlook(view)
    reds = list(outlook.red)
    reds.remove(kind)
    outlook.red = tuple(reds)
    return outlook


# ---------------------------------------------------------------- words


def action_words(action: Action) -> str:
    """An action as the review names it: ``discard 5 of Dots``, ``riichi with 3 of Bamboo``, ``pass``."""
    if isinstance(action, Discard):
        return tr("discard {tile}", tile=rd.kind_text(kind_of_code(action.tile)))
    if isinstance(action, Riichi):
        return tr("riichi with {tile}", tile=rd.kind_text(kind_of_code(action.tile)))
    if isinstance(action, Tsumo):
        return tr("tsumo")
    if isinstance(action, Ron):
        return tr("ron")
    if isinstance(action, Pass):
        return tr("pass")
    if isinstance(action, Chi):
        a, b, c = action.tiles
        return tr("chi {run}", run=f"{a % 9 + 1}{b % 9 + 1}{c % 9 + 1}{'mps'[a // 9]}")
    if isinstance(action, Pon):
        return tr("pon")
    if isinstance(action, Kan):
        return tr("kan")
    if isinstance(action, ClosedKan):
        return tr("closed kan {tile}", tile=rd.kind_text(action.tile))
    if isinstance(action, AddedKan):
        return tr("added kan {tile}", tile=rd.kind_text(action.tile))
    if isinstance(action, NineTerminals):
        return tr("abort (nine terminals)")
    return action.describe()


def compare(judgement: Judgement, chosen: Action, view: SeatView, words: rd.SeatWords = rd.SeatWords()) -> str:
    """Why the best option beats ``chosen``, in plain comparative words, from the same
    measures the values were made of (danger against a threat, shanten and useful
    tiles, riichi against dama, a win's points, a call against the closed hand)."""
    best = judgement.best
    mine = judgement.option_of(chosen)
    if same_choice(best.action, mine.action):
        return translate_reason(judgement.reason)
    b, m = best.facts, mine.facts
    ba, ma = best.action, mine.action
    if b.points == 0 and b.equity - b.risk < best.value - max(100.0, 0.1 * abs(best.value)) and not isinstance(ma, (Tsumo, Ron)):
        # the AI's rule chose the best option over what its estimate rates highest: say the rule
        return tr("the AI plays {best} ({why}); {chosen} is worth about {value} points by its estimate, the best option about {best_value}",
                  best=action_words(ba), why=translate_reason(judgement.reason), chosen=action_words(ma), value=round(mine.value), best_value=round(best.value))
    if isinstance(ba, (Tsumo, Ron)):
        return tr("{win} for {points} points; passing it keeps a hand worth about {kept}",
                  win=action_words(ba), points=b.points, kept=round(mine.value))
    if isinstance(ma, (Tsumo, Ron)):
        return tr("{best} is worth about {best_value} points; the win takes {points}",
                  best=action_words(ba), best_value=round(best.value), points=m.points)
    threat = judgement.threat
    if threat is not None and m.risk > b.risk + 50 and isinstance(ba, (Discard, Riichi)) and isinstance(ma, (Discard, Riichi)):
        kind = kind_of_code(ba.tile)
        evidence = judgement.evidence.get(kind) or tr("the least dangerous tile")
        facts = {"best": rd.kind_text(kind), "evidence": evidence, "name": words.name(threat),
                 "chosen": rd.kind_text(kind_of_code(ma.tile)), "pct": max(1, round(100 * m.chance))}
        if judgement.threat_riichi:
            return tr("{best} is {evidence} against {name}'s riichi; your {chosen} deals in about {pct}% of the time", **facts)
        return tr("{best} is {evidence} against {name}'s open hand; your {chosen} deals in about {pct}% of the time", **facts)
    if isinstance(ba, Riichi) and isinstance(ma, Discard) and ba.tile == ma.tile:
        return tr("riichi here: {wait}; dama is worth about {dama} points, riichi about {riichi}",
                  wait=rd.wait_text(b.waits, rd.unseen(view)), dama=round(mine.value), riichi=round(best.value))
    if isinstance(ba, Discard) and isinstance(ma, Riichi) and ba.tile == ma.tile:
        return tr("dama here: the hand is worth about {dama} points without riichi, riichi about {riichi}",
                  dama=round(best.value), riichi=round(mine.value))
    if isinstance(ba, (Discard, Riichi)) and isinstance(ma, (Discard, Riichi)):
        best_tile, chosen_tile = rd.kind_text(kind_of_code(ba.tile)), rd.kind_text(kind_of_code(ma.tile))
        if b.shanten == m.shanten == 0 and b.waits and m.waits:
            left = rd.unseen(view)
            return tr("discarding {best} leaves a {wait} (worth about {best_value}); discarding {chosen}, a {other} (about {value})",
                      best=best_tile, wait=rd.wait_text(b.waits, left), best_value=round(best.value),
                      chosen=chosen_tile, other=rd.wait_text(m.waits, left), value=round(mine.value))
        if m.equity <= 0 < b.equity and rd.calls_of(view, view.seat) > 0:
            return tr("discarding {best} keeps a yaku in reach (worth about {best_value}); after discarding {chosen} no win in reach has a yaku",
                      best=best_tile, best_value=round(best.value), chosen=chosen_tile)
        return _shape_words(b, m, best_tile, chosen_tile, best.value, mine.value)
    if isinstance(ba, Pass):
        if mine.value <= 0 and m.equity <= 0:
            return tr("pass: {call} leaves no yaku", call=action_words(ma))
        return tr("pass: the closed hand is worth about {kept} points, after {call} about {called}",
                  kept=round(best.value), call=action_words(ma), called=round(mine.value))
    if isinstance(ma, Pass) and isinstance(ba, (Chi, Pon, Kan)):
        return tr("{call} ({why}): worth about {called} points; passing keeps about {kept}",
                  call=action_words(ba), why=translate_reason(judgement.reason.split(": ", 1)[-1]), called=round(best.value), kept=round(mine.value))
    return tr("{best} is worth about {best_value} points, {chosen} about {value}",
              best=action_words(ba), best_value=round(best.value), chosen=action_words(ma), value=round(mine.value))


def _shape_words(b: Facts, m: Facts, best: str, chosen: str, best_value: float, value: float) -> str:
    """Two discards compared by shape: shanten, then useful tiles, then worth."""
    if b.shanten is not None and m.shanten is not None and m.shanten > b.shanten:
        if b.shanten == 0:
            return tr("discarding {best} keeps the hand ready; discarding {chosen} leaves it {steps} from ready",
                      best=best, chosen=chosen, steps=m.shanten)
        return tr("discarding {best} keeps the hand {best_steps} from ready; discarding {chosen} leaves it {steps} from ready",
                  best=best, best_steps=b.shanten, chosen=chosen, steps=m.shanten)
    if b.shanten == m.shanten and b.ukeire > m.ukeire:
        return tr("discarding {best} keeps {best_count} useful tiles (worth about {best_value}), discarding {chosen} keeps {count} (about {value})",
                  best=best, best_count=b.ukeire, chosen=chosen, count=m.ukeire, best_value=round(best_value), value=round(value))
    return tr("discarding {best} leaves a hand worth about {best_value} points, discarding {chosen} about {value}",
              best=best, best_value=round(best_value), chosen=chosen, value=round(value))
