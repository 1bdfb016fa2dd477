"""The window's side of a review: the coach's work running beside the frame loop, and the
reviewed decisions indexed the way the screens ask for them (by hand and step).

The review itself is the coach's (:mod:`mahjong_joy.app.coach`); this module only starts
it as a :class:`~mahjong_joy.app.background.BackgroundJob` the window runs in steps between
frames, and turns its decisions into :class:`DecisionCard` rows the viewer, the summary and
the score screen draw. A review is kept by the record and seat, so the summary, the
viewer it opens and a second toggle of review mode share one computation. No pygame here.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Generator
from dataclasses import dataclass
from typing import Any

from mahjong_joy.ai.judge import action_words, same_choice
from mahjong_joy.app.background import BackgroundJob
from mahjong_joy.i18n import tr

BAD = ("mistake", "blunder")  # the grades the mistake keys jump between
TOP = 3  # options shown beside the player's choice
PIECE_SECONDS = 0.002  # the coach's work per step (at least one replayed chunk or one judged decision)


@dataclass(frozen=True)
class OptionRow:
    """One option as the panel lists it: words, its tile (if it lets one go), value, and
    whether the player took it."""

    words: str
    tile: int | None
    value: float
    chosen: bool
    rank: int  # 1 for the AI's first choice


@dataclass(frozen=True)
class DecisionCard:
    """One reviewed decision, ready to draw: where it is, its grade and loss, the player's
    choice, the AI's top options (with the choice added when it is not among them) and why."""

    hand: int
    step: int
    label: str  # the hand as E1-0
    kind: str
    grade: str
    loss: float
    chosen: str
    best: str
    options: tuple[OptionRow, ...]
    reason: str

    @property
    def is_mistake(self) -> bool:
        """A mistake or a blunder (what the jump keys and the score-screen line count)."""
        return self.grade in BAD


class ReviewState:
    """One seat's review of one match of a record: running, then read.

    :meth:`start` hands the work to the window's loop, which runs it in steps between frames
    after its warm-up; :meth:`poll` each frame until :attr:`ready`. The score screen's review of the
    hand just played reviews the match so far and reads that hand (a hanchan takes the coach
    about 0.3 s, so judging the earlier hands again costs little)."""

    def __init__(self, record: dict[str, Any], seat: int, *, name: str = "record", match_index: int = 0) -> None:
        self.record = record
        self.seat = seat
        self.name = name
        self.match_index = match_index
        self.job: BackgroundJob[Any] | None = None
        self.review: Any = None
        self.cards: list[DecisionCard] = []
        self._at: dict[tuple[int, int], DecisionCard] = {}
        self._bad: list[tuple[int, int]] = []

    # -- running -------------------------------------------------------------------------
    def _job(self) -> BackgroundJob[Any]:
        if self.job is None:
            record, seat, name, index = self.record, self.seat, self.name, self.match_index

            def steps() -> Generator[float, None, Any]:
                from mahjong_joy.app.coach import Reviewer

                reviewer = Reviewer(record, seat, index, name)  # checks the record: a bad one fails this first step
                yield 0.0
                while not reviewer.advance(PIECE_SECONDS):
                    yield reviewer.progress
                return reviewer.review

            self.job = BackgroundJob(steps, name=f"review of {name}, seat {seat}")
        return self.job

    def start(self, app: Any) -> None:
        """Have ``app`` run the review in steps between frames (once)."""
        app.run_beside(self._job())

    def compute_here(self) -> None:
        """Review now, all at once (scripts and tests that want it done before they look)."""
        self._job().run_here()
        self.poll()

    def poll(self) -> bool:
        """Take the result once the job has finished; True when :attr:`ready`."""
        if self.review is None and self.job is not None and self.job.done and self.job.result is not None:
            self._index(self.job.result)
        return self.ready

    def cancel(self) -> None:
        """Stop a review nobody waits for any more (its screen closed); a later :meth:`start`
        begins it again."""
        if self.job is not None and not self.job.done:
            self.job.cancel()
            self.job = None

    @property
    def started(self) -> bool:
        return self.job is not None

    @property
    def ready(self) -> bool:
        return self.review is not None

    @property
    def error(self) -> str | None:
        """Why the review could not be made (said on screen), if it failed."""
        return self.job.error if self.job is not None else None

    @property
    def fraction(self) -> float:
        """How far the review is, 0..1."""
        return 1.0 if self.ready else self.job.progress if self.job is not None else 0.0

    def progress_text(self) -> str:
        """``Reviewing… 42%`` while it runs."""
        return tr("Reviewing… {percent}%", percent=round(100 * self.fraction))

    # -- reading -------------------------------------------------------------------------
    def _index(self, review: Any) -> None:
        self.review = review
        self.cards = [decision_card(d) for d in review.decisions]
        self._at = {(c.hand, c.step): c for c in self.cards}
        self._bad = sorted((c.hand, c.step) for c in self.cards if c.is_mistake)

    def card_at(self, hand: int, step: int) -> DecisionCard | None:
        """The reviewed decision the player faces at ``(hand, step)``, if any."""
        return self._at.get((hand, step))

    def marks(self, hand: int) -> list[tuple[int, str]]:
        """``(step, grade)`` of every reviewed decision in ``hand``, the worst drawn last."""
        order = {"good": 0, "inaccuracy": 1, "mistake": 2, "blunder": 3}
        return sorted(((c.step, c.grade) for c in self.cards if c.hand == hand), key=lambda m: (order.get(m[1], 0), m[0]))

    @property
    def mistakes(self) -> list[tuple[int, int]]:
        """Every mistake and blunder as ``(hand, step)``, in order."""
        return list(self._bad)

    def next_mistake(self, position: tuple[int, int]) -> tuple[int, int] | None:
        """The first mistake after ``position``, if any."""
        i = bisect_right(self._bad, position)
        return self._bad[i] if i < len(self._bad) else None

    def previous_mistake(self, position: tuple[int, int]) -> tuple[int, int] | None:
        """The last mistake before ``position``, if any."""
        i = bisect_left(self._bad, position)
        return self._bad[i - 1] if i > 0 else None

    def hand_mistakes(self, hand: int) -> list[tuple[int, int]]:
        """The mistakes and blunders of one hand, as ``(hand, step)`` in order."""
        return [m for m in self._bad if m[0] == hand]

    def hand_tally(self, hand: int) -> tuple[int, int]:
        """Decisions reviewed in ``hand`` and how many were mistakes or blunders."""
        cards = [c for c in self.cards if c.hand == hand]
        return len(cards), sum(c.is_mistake for c in cards)


def decision_card(decision: Any) -> DecisionCard:
    """A coach's :class:`~mahjong_joy.app.coach.Decision` as the panel draws it: the AI's top
    :data:`TOP` options, and the player's choice after them when it is not among them."""
    rows = []
    chosen_shown = False
    for rank, option in enumerate(decision.options, 1):
        mine = same_choice(option.action, decision.chosen)
        if rank <= TOP or mine:
            rows.append(OptionRow(action_words(option.action), _tile_of(option.action), option.value, mine, rank))
            chosen_shown = chosen_shown or mine
        if rank >= TOP and chosen_shown:
            break
    return DecisionCard(decision.hand, decision.step, decision.label, decision.kind, decision.grade, decision.loss,
                        action_words(decision.chosen), action_words(decision.best.action), tuple(rows), decision.reason)


def _tile_of(action: Any) -> int | None:
    """The tile an action lets go of or shows (a discard, a riichi, a kan), for its picture."""
    tile = getattr(action, "tile", None)
    return tile if isinstance(tile, int) and not isinstance(tile, bool) else None


def playing_session(app: Any) -> Any:
    """The live match's session on the stack (the table under the score screen or the
    standings), if any: its ``record()`` is what the coach reviews. The guided first hand
    is not one (its rigged wall is not in its record)."""
    for scene in reversed(getattr(app, "stack", [])):
        session = getattr(scene, "session", None)
        if callable(getattr(session, "record", None)):
            return session if getattr(session, "reviewable", True) else None
    return None
