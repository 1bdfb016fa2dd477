"""The coach: one seat's decisions in a record, each judged by the Hard AI.

A :class:`Reviewer` replays a match of a record (ours, or an imported mjai or
tenhou.net/6 log) through the one replay loop, and at every decision the chosen seat
made with more than one legal option asks :func:`mahjong_joy.ai.judge.judge` for every
option's value from the seat's own view. Each decision gets

- its **loss**: expected points of the hand given up against the best option
  (the unit and why in :mod:`mahjong_joy.ai.judge`);
- a **grade** from the loss, the thresholds written once in :data:`GRADES` (and
  shown by :func:`legend`); a loss within the AI's own noise (:func:`is_near_tie`)
  is always good;
- a **reason** in plain comparative words (:func:`mahjong_joy.ai.judge.compare`).

The review then sums up the match (:class:`Summary`): agreement with the AI, the
total loss, the five costliest decisions, and luck apart from skill, as facts
from the record (:func:`luck_lines`).

It runs in small pieces so a screen can compute it off its frame loop:
``Reviewer.advance(seconds)`` works until the time is used and returns whether the
review is done; ``progress`` is the share done (0..1). ``review_match`` runs it to
the end.

Positions: ``hand`` counts from 0, ``step`` is the number of the hand's decisions
applied before this one (the position where the seat faced the decision), the same
``(hand, step)`` the replay viewer's cursor seeks and ``replay --hand K --step S``
opens (K = hand + 1). ``label`` is ``E1-0`` (round, hand, honba).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from mahjong_joy.ai.judge import Judgement, Option, action_words, compare, judge, same_choice
from mahjong_joy.ai.mjai_seat import mjai_call
from mahjong_joy.ai.reading import SeatWords, kind_text, shanten_of, unseen
from mahjong_joy.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kan,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from mahjong_joy.engine.events import HandScored
from mahjong_joy.engine.match import Match
from mahjong_joy.engine.view import SeatView, observe
from mahjong_joy.errors import RecordError
from mahjong_joy.hand.waits import kinds_in_mask, useful_mask
from mahjong_joy.i18n import ntr, tr
from mahjong_joy.melds import CLOSED_KAN
from mahjong_joy.mjai_tiles import mjai_tile
from mahjong_joy.reason_words import translate_reason
from mahjong_joy.replay.seats import seat_names
from mahjong_joy.replay.record import check_record, record_ruleset, replay_decisions, start_match
from mahjong_joy.tiles import kind_of_code

# grade: the least loss (expected points of the hand) that earns it; below the first, good.
# 600 is what one non-suji middle tile pushed into a non-dealer riichi with a genbutsu in hand
# costs by Hard's danger model (12% of 5,200): the textbook blunder. 300, half of it: a
# half-suji tile instead of a safe one, or a third of the useful tiles given up one from
# ready. 100: a few points a hand, under which the AI's rough win chances cannot tell.
GRADES = (("good", 0.0), ("inaccuracy", 100.0), ("mistake", 300.0), ("blunder", 600.0))
# the AI's own noise: Hard itself treats shapes within 20% of the useful tiles as equal
# (mawashi) and wants 30% more equity to step back from ready, so a loss within a tenth of
# the best option's value is a near-tie, never a mistake
NOISE_SHARE = 0.1
GRADE_NAMES = tuple(name for name, _ in GRADES)
WORST = 5  # costliest decisions the summary lists
GOOD_WAIT = 6  # unseen tiles a ready hand waits on to count as a good wait
CHUNK = 40  # decisions replayed per piece of work


def grade_of(loss: float, best_value: float) -> str:
    """The grade of a loss; a near-tie is good whatever its size.

    >>> grade_of(50, 1000), grade_of(350, 1000), grade_of(700, 1000), grade_of(700, 8000)
    ('good', 'mistake', 'blunder', 'good')
    """
    if is_near_tie(loss, best_value):
        return "good"
    found = "good"
    for name, least in GRADES:
        if loss >= least:
            found = name
    return found


def is_near_tie(loss: float, best_value: float) -> bool:
    """Whether a loss is within the AI's own noise: under the first grade's threshold, or
    under :data:`NOISE_SHARE` of the best option's value (its estimates are rough by that much)."""
    return loss < GRADES[1][1] or loss < NOISE_SHARE * abs(best_value)


def grade_word(grade: str) -> str:
    """A grade as the player reads it (translated)."""
    return {"good": tr("good"), "inaccuracy": tr("inaccuracy"), "mistake": tr("mistake"), "blunder": tr("blunder")}[grade]


def legend() -> list[str]:
    """The grades and their thresholds in words, one line each (the summary and the viewer show it)."""
    lines = [tr("{grade}: the AI's choice, or within {least} points or {noise}% of its value",
                grade=grade_word("good"), noise=round(100 * NOISE_SHARE), least=round(GRADES[1][1]))]
    bounds = [*GRADES[1:], (None, None)]
    for (name, least), (_, upper) in zip(GRADES[1:], bounds[1:]):
        if upper is None:
            lines.append(tr("{grade}: loses {least} points or more", grade=grade_word(name), least=round(least)))
        else:
            lines.append(tr("{grade}: loses {least} to {upper} points", grade=grade_word(name), least=round(least), upper=round(upper)))
    return lines


@dataclass(frozen=True)
class Decision:
    """One reviewed decision of the seat."""

    hand: int  # hand index from 0
    step: int  # decisions of the hand before this one (the viewer's step)
    index: int  # decision index in the match
    label: str  # E1-0
    kind: str  # discard | riichi | call | pass | kan | win
    chosen: Action
    options: tuple[Option, ...]  # best first
    loss: float
    grade: str
    reason: str
    tiles: str  # the hand's tiles as the seat held them (mjai names, with its melds)
    agreed: bool  # the choice was the AI's first
    offered: int | None = None  # the code open to claims (a call's ``pai``)
    drawn: int | None = None  # the code just drawn (a discard's ``tsumogiri``)

    @property
    def best(self) -> Option:
        return self.options[0]

    def mjai(self, action: Action) -> dict[str, Any]:
        """``action`` in mjai form at this decision."""
        return mjai_action(action, self.offered, self.drawn)

    def to_json(self) -> dict[str, Any]:
        """The issue's shape: mjai-form actions, options with values, loss, grade, reason."""
        return {
            "hand": self.label, "hand_index": self.hand, "step": self.step, "kind": self.kind,
            "chosen": self.mjai(self.chosen), "best": self.mjai(self.best.action),
            "options": [{"action": self.mjai(o.action), "value": o.value} for o in self.options],
            "loss": round(self.loss), "grade": self.grade, "reason": self.reason, "tiles": self.tiles,
        }


@dataclass(frozen=True)
class Summary:
    """The match at a glance."""

    reviewed: int
    agreement: float  # share of decisions where the choice was the AI's first, 0..1
    total_loss: float
    grades: dict[str, int]
    worst: tuple[Decision, ...]  # costliest first (only those with a loss)
    luck: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "reviewed": self.reviewed, "agreement": round(100 * self.agreement, 1), "total_loss": round(self.total_loss),
            "grades": dict(self.grades), "worst": [{"hand": d.label, "hand_index": d.hand, "step": d.step, "loss": round(d.loss),
                                                   "grade": d.grade} for d in self.worst],
            "luck": list(self.luck), "legend": legend(),
        }


@dataclass(frozen=True)
class Review:
    """A whole review: the seat, the rules' name, every decision in order, the summary."""

    seat: int
    rules: str
    match_index: int
    decisions: tuple[Decision, ...]
    summary: Summary

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "rules": self.rules, "match": self.match_index + 1,
                "decisions": [d.to_json() for d in self.decisions], "summary": self.summary.to_json()}

    def mistakes(self) -> list[Decision]:
        """Decisions graded mistake or blunder, in play order (the viewer jumps between them)."""
        return [d for d in self.decisions if d.grade in ("mistake", "blunder")]

    def in_hand(self, hand: int) -> list[Decision]:
        return [d for d in self.decisions if d.hand == hand]


@dataclass
class _Pending:
    """A decision met while replaying, judged later."""

    hand: int
    step: int
    index: int
    label: str
    view: SeatView
    action: Action


@dataclass
class _HandFacts:
    """What the luck lines read from one hand."""

    label: str
    best_wait: int = 0  # most unseen tiles the seat's ready hand waited on
    last_discard: int = -1  # decision index of the seat's last discard in the hand
    last_kind: int | None = None  # and its kind
    deal_in_ai: bool = False  # the AI would have let go of that last discard too (or it was forced)
    outcome: Any = None


class Reviewer:
    """One seat's review of one match, computed in pieces (:meth:`advance`)."""

    def __init__(self, record: dict[str, Any], seat: int, match_index: int = 0, name: str = "record",
                 words: SeatWords | None = None) -> None:
        check_record(record, name)
        if not 0 <= seat <= 3:
            raise RecordError(f"seat {seat} is not a seat (0-3)")
        matches = record["matches"]
        if not 0 <= match_index < len(matches):
            raise RecordError(f"{name} has {len(matches)} match(es); there is no match {match_index + 1}")
        self.seat = seat
        self.match_index = match_index
        self.name = name
        self.ruleset = record_ruleset(record, name)
        family = getattr(self.ruleset.rules, "family", "riichi")
        if family != "riichi":  # Joy shares the riichi family's rules object; Chinese Official has no ranking AI yet
            what = "Chinese Official" if family == "mcr" else family
            raise RecordError(f"{name}: the coach reviews riichi and Joy games; no AI ranks {what} decisions yet (rules: {family})")
        self.entry = matches[match_index]
        self.words = words or SeatWords(seat, seat_names(record))  # the names the viewer shows; the seat is "you"
        self._total = len(self.entry["decisions"])
        self._replayed = 0
        self._pending: list[_Pending] = []
        self._done: list[Decision] = []
        self._hands: list[_HandFacts] = []
        self._work = self._steps()
        self.review: Review | None = None

    # -- progress ----------------------------------------------------------------------
    @property
    def progress(self) -> float:
        """Share of the work done, 0..1: the replay counts a tenth, the judging the rest."""
        if self.review is not None:
            return 1.0
        replay = self._replayed / self._total if self._total else 1.0
        judged = len(self._done) / len(self._pending) if self._pending else 0.0
        return 0.1 * replay + 0.9 * (judged if replay >= 1 else 0.0)

    def advance(self, seconds: float = 0.01) -> bool:
        """Work for about ``seconds`` (at least one piece); True once the review is complete."""
        end = time.perf_counter() + seconds
        while self.review is None:
            next(self._work, None)
            if time.perf_counter() >= end:
                break
        return self.review is not None

    def run(self, on_progress: Callable[[float], None] | None = None) -> Review:
        """The whole review; ``on_progress(share)`` after each piece."""
        while not self.advance(0.05):
            if on_progress is not None:
                on_progress(self.progress)
        if on_progress is not None:
            on_progress(1.0)
        assert self.review is not None
        return self.review

    # -- the work ----------------------------------------------------------------------
    def _steps(self) -> Iterator[None]:
        match = start_match(self.entry, self.ruleset, self.name)
        yield from self._replay(match)
        for item in self._pending:
            self._done.append(self._judge(item))
            yield None
        self._read_outcomes(match)
        decisions = tuple(self._done)
        self.review = Review(self.seat, self.ruleset.rules.name, self.match_index, decisions, self._summary(decisions))

    def _replay(self, match: Match) -> Iterator[None]:
        """Replay the match in chunks, keeping the seat's view at each of its decisions."""
        hand, first = 0, 0
        self._hands.append(_HandFacts(_label(match)))
        decisions = self.entry["decisions"]
        where = f"{self.name}: match {self.match_index + 1}"

        def dealt(at: int) -> None:
            nonlocal hand, first
            hand, first = hand + 1, at
            self._hands.append(_HandFacts(_label(match)))

        def step(at: int, action: Action) -> None:
            if action.seat != self.seat or match.hand.is_finished:
                return
            view = observe(match.hand, self.seat)
            self._note_wait(view, action)
            if isinstance(action, (Discard, Riichi)):
                self._hands[hand].last_discard = at
                self._hands[hand].last_kind = kind_of_code(action.tile)
                self._hands[hand].deal_in_ai = len(view.legal_actions) == 1  # forced: anyone lets it go
            if len(view.legal_actions) > 1:
                self._pending.append(_Pending(hand, at - first, at, self._hands[hand].label, view, action))

        for start in range(0, len(decisions), CHUNK):
            chunk = decisions[start : start + CHUNK]
            replay_decisions(chunk, match, where, on_deal=lambda i: dealt(start + i), on_step=lambda i, a: step(start + i, a))
            self._replayed = start + len(chunk)
            yield None

    def _note_wait(self, view: SeatView, action: Action) -> None:
        """Keep the widest wait the seat's ready hand had in this hand (for the luck lines):
        the waits a claim window shows, or those the hand is left with after a discard."""
        left = unseen(view)
        waits: tuple[int, ...] | list[int] = view.waits
        if isinstance(action, (Discard, Riichi)):
            counts = view.counts34()
            counts[kind_of_code(action.tile)] -= 1
            waits = ready_waits(counts, view.meld_count)
        if waits:
            facts = self._hands[-1]
            facts.best_wait = max(facts.best_wait, sum(left[w] for w in waits))

    def _judge(self, item: _Pending) -> Decision:
        view, chosen = item.view, item.action
        found = assess(view, chosen, self.words)
        self._note_deal_in(item, found.judgement, found.option)
        return Decision(item.hand, item.step, item.index, item.label, _kind(view.legal_actions, found.option.action, found.best.action),
                        chosen, found.judgement.options, found.loss, found.grade, found.reason, _tiles(view), found.agreed,
                        _offered(view), view.drawn)

    def _note_deal_in(self, item: _Pending, judgement: Judgement, option: Option) -> None:
        """Remember whether the AI would have let go of the same tile (for the luck lines)."""
        facts = self._hands[item.hand]
        if item.index != facts.last_discard:
            return
        best = judgement.best.action
        facts.deal_in_ai = isinstance(best, (Discard, Riichi)) and kind_of_code(best.tile) == kind_of_code(option.action.tile)  # type: ignore[attr-defined]

    def _read_outcomes(self, match: Match) -> None:
        outcomes = [e.outcome for e in match.events if isinstance(e, HandScored)]
        for facts, outcome in zip(self._hands, outcomes):
            facts.outcome = outcome

    def _summary(self, decisions: tuple[Decision, ...]) -> Summary:
        reviewed = len(decisions)
        agreed = sum(1 for d in decisions if d.agreed)
        grades = {name: sum(1 for d in decisions if d.grade == name) for name in GRADE_NAMES}
        worst = tuple(sorted((d for d in decisions if d.loss > 0), key=lambda d: (-d.loss, d.index))[:WORST])
        return Summary(reviewed, agreed / reviewed if reviewed else 1.0, sum(d.loss for d in decisions), grades, worst,
                       tuple(luck_lines(self._hands, self.seat, self.words)))


@dataclass(frozen=True)
class Assessment:
    """One decision judged: the AI's judgement, the option taken, its loss, grade and reason."""

    judgement: Judgement
    option: Option
    loss: float
    grade: str
    reason: str
    agreed: bool

    @property
    def best(self) -> Option:
        return self.judgement.best


def assess(view: SeatView, chosen: Action, words: SeatWords = SeatWords()) -> Assessment:
    """Judge the choice ``chosen`` made from ``view`` (among ``view.legal_actions``).

    The reason is the AI's own when the choice was its first; otherwise why the best
    option beats it, and for a near-tie that the choice is as good within the AI's margin."""
    judgement = judge(view, view.legal_actions, words)
    option = judgement.option_of(chosen)
    best = judgement.best
    loss = max(0.0, best.value - option.value)
    grade = grade_of(loss, best.value)
    agreed = same_choice(best.action, option.action)
    reason = translate_reason(judgement.reason) if agreed else compare(judgement, option.action, view, words)
    if not agreed and grade == "good":
        reason = tr("{chosen} is as good as {best} within the AI's margin: {why}",
                    chosen=action_words(option.action), best=action_words(best.action), why=reason)
    return Assessment(judgement, option, loss, grade, reason, agreed)


def review_match(record: dict[str, Any], seat: int, match_index: int = 0, name: str = "record",
                 on_progress: Callable[[float], None] | None = None) -> Review:
    """The whole review of one seat in one match of a checked record."""
    return Reviewer(record, seat, match_index, name).run(on_progress)


# ---------------------------------------------------------------- luck


def luck_lines(hands: list[_HandFacts], seat: int, words: SeatWords) -> list[str]:
    """Luck apart from skill, as facts from the record: hands the seat paid for to an
    opponent's dama, or to a win its ura-dora or ippatsu made bigger; deal-ins on a tile
    the AI would also have let go; good waits (:data:`GOOD_WAIT` tiles or more) that
    never came."""
    lines: list[str] = []
    for facts in hands:
        outcome = facts.outcome
        if outcome is None:
            continue
        won = any(w.seat == seat for w in outcome.wins)
        for win in outcome.wins:
            if win.seat == seat or win.deltas[seat] >= 0:
                continue
            who = words.name(win.seat)
            yaku = {name for name, _ in win.yaku}
            closed = all(m.type == CLOSED_KAN for m in win.melds)
            if closed and not yaku & {"riichi", "double_riichi"}:
                lines.append(tr("{hand}: {who} won with a dama hand nobody could see ({han} han)", hand=facts.label, who=who, han=win.han))
            ura = sum(h for name, h in win.yaku if name == "ura_dora")
            if ura:
                lines.append(ntr("{hand}: {who}'s ura-dora added {count} han", "{hand}: {who}'s ura-dora added {count} han",
                                 ura, hand=facts.label, who=who))
            if "ippatsu" in yaku:
                lines.append(tr("{hand}: {who} won with ippatsu", hand=facts.label, who=who))
            if win.from_seat == seat and not win.tsumo and facts.deal_in_ai and facts.last_kind == kind_of_code(win.win_tile):
                lines.append(tr("{hand}: you dealt in with {tile}, a tile the AI would also have let go",
                                hand=facts.label, tile=kind_text(kind_of_code(win.win_tile))))
        if facts.best_wait >= GOOD_WAIT and not won:
            lines.append(ntr("{hand}: your wait on {count} tile never came", "{hand}: your wait on {count} tiles never came",
                             facts.best_wait, hand=facts.label))
    return lines


# ---------------------------------------------------------------- helpers


def ready_waits(counts13: list[int], melds: int) -> list[int]:
    """The waits of a ready 13-tile hand; [] when it is not ready."""
    if shanten_of(counts13, melds) != 0:
        return []
    return list(kinds_in_mask(useful_mask(bytes(counts13), melds)))


def _label(match: Match) -> str:
    """The hand being played as ``E1-0``: round wind, hand number, honba."""
    position = match.position
    return f"{position.round_wind}{position.hand_number}-{position.honba}"


def _kind(legal: tuple[Action, ...], chosen: Action, best: Action) -> str:
    """What the decision was about: a win (one was possible), riichi (declaring was
    possible), a kan (chosen or advised), a call or a pass (a claim window), else a discard."""
    if any(isinstance(a, (Tsumo, Ron)) for a in legal):
        return "win"
    if any(isinstance(a, Riichi) for a in legal):
        return "riichi"
    kans = (ClosedKan, AddedKan, Kan)
    if isinstance(chosen, kans) or isinstance(best, kans):
        return "kan"
    if isinstance(legal[0], Pass):
        return "pass" if isinstance(chosen, Pass) else "call"
    return "discard"


def _tiles(view: SeatView) -> str:
    """The seat's hand as mjai tile names, the drawn tile last, melds in brackets."""
    codes = list(view.hand)
    if view.drawn is not None and view.drawn in codes:
        codes.remove(view.drawn)
        codes.append(view.drawn)
    held = " ".join(mjai_tile(c) for c in codes)
    melds = " ".join("[" + " ".join(mjai_tile(c) for c in m.tiles) + "]" for m in view.melds[view.seat])
    return f"{held} {melds}".strip()


def _offered(view: SeatView) -> int | None:
    """The code open to claims in a claim window (the river's last tile, or the kan's)."""
    if view.opportunity is None or view.last_discard is None:
        return None
    river = view.rivers[view.current]
    if river and kind_of_code(river[-1].tile) == view.last_discard:
        return river[-1].tile
    return view.last_discard


def mjai_action(action: Action, offered: int | None = None, drawn: int | None = None) -> dict[str, Any]:
    """An action in mjai form (``{"type": "dahai", "pai": "5mr", "tsumogiri": false}``...):
    ``offered`` is the code open to claims (a call's or a ron's ``pai``), ``drawn`` the
    code just drawn (a discard's ``tsumogiri``, a tsumo's ``pai``).

    A riichi is mjai's ``reach`` with the tile it declares on as ``pai`` (mjai sends
    that tile as the next ``dahai``), so two riichi options stay apart."""
    if isinstance(action, (Discard, Riichi)):
        gone = action.tsumogiri if action.tsumogiri is not None else action.tile == drawn
        if isinstance(action, Riichi):
            return {"type": "reach", "pai": mjai_tile(action.tile), "tsumogiri": gone}
        return {"type": "dahai", "pai": mjai_tile(action.tile), "tsumogiri": gone}
    if isinstance(action, Tsumo):
        return {"type": "hora", **({"pai": mjai_tile(drawn)} if drawn is not None else {})}
    if isinstance(action, Ron):
        return {"type": "hora", **({"pai": mjai_tile(offered)} if offered is not None else {})}
    if isinstance(action, Pass):
        return {"type": "none"}
    if isinstance(action, (Chi, Pon, Kan)):
        name, held = mjai_call(action, None if offered is None else kind_of_code(offered))
        out: dict[str, Any] = {"type": name}
        if offered is not None:
            out["pai"] = mjai_tile(offered)
        out["consumed"] = [mjai_tile(c) for c in held]
        return out
    if isinstance(action, ClosedKan):
        return {"type": "ankan", "consumed": [mjai_tile(action.tile)] * 4}
    if isinstance(action, AddedKan):
        return {"type": "kakan", "pai": mjai_tile(action.tile)}
    return {"type": "ryukyoku"}


