"""A position in a recorded match that moves forward and back one decision at a time.

A position is ``(hand, step)``: ``hand`` counts from 0, step 0 is that hand just
dealt (the dealer has drawn) and each further step is one more recorded decision
applied (a discard, a pass, a claim, a kan, a win). The last step of a hand is
the hand finished, with its result.

The cursor holds a live :class:`~mahjong_joy.engine.match.Match`, so what it shows
is the engine's own state, never a reconstruction (its ``events`` start at the
hand's deal: earlier hands' events are not carried along). Forward applies one decision.
Back re-deals from a copy of the hand's start (kept from one pass over the record
at load time) and re-applies the steps before through the one replay loop
(:func:`~mahjong_joy.replay.record.replay_decisions`), which costs one hand's worth of
engine work at most (about 20 ms), never the whole match. No pygame here.

>>> from mahjong_joy.commands.simulate import simulate
>>> from mahjong_joy.replay.record import run_record
>>> cursor = ReplayCursor(run_record(3, ("potential",) * 4, simulate(3, hands=1)))
>>> cursor.position, cursor.forward(), cursor.position
((0, 0), True, (0, 1))
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from mahjong_joy.engine.actions import Action, action_from_dict
from mahjong_joy.engine.events import Event, HandStarted
from mahjong_joy.engine.match import Match
from mahjong_joy.engine.state import HandState
from mahjong_joy.errors import RecordError
from mahjong_joy.replay.record import check_record, record_ruleset, replay_decisions, replay_match
from mahjong_joy.rulesets.base import Position


@dataclass(frozen=True, slots=True)
class HandSpan:
    """One hand of the record: its first decision's index and how many decisions it has."""

    first: int
    count: int


class ReplayCursor:
    """Step through one match of a checked record; ``match`` is the engine at the position."""

    def __init__(self, record: dict[str, Any], match_index: int = 0, name: str = "record") -> None:
        check_record(record, name)
        matches = record["matches"]
        if not 0 <= match_index < len(matches):
            raise RecordError(f"{name} has {len(matches)} match(es); there is no match {match_index + 1}")
        self.record = record
        self.name = name
        self.match_index = match_index
        self.ruleset = record_ruleset(record, name)
        entry = matches[match_index]
        self.seed = entry["seed"]
        self.actions: list[Action] = [action_from_dict(d) for d in entry["decisions"]]
        self.reasons = _reasons_of(entry, len(self.actions))
        self.spans: list[HandSpan] = []
        self._starts: list[Match] = []
        self._plan(entry)
        self._hand = 0
        self._step = 0
        self.match: Match = self._fresh_start(0)
        self.last_events: list[Event] = []

    # -- loading ---------------------------------------------------------------------
    def _plan(self, entry: dict[str, Any]) -> None:
        """One replay of the decisions: hand boundaries, and a copy of each hand's start."""
        firsts: list[int] = []

        def dealt(match: Match, first: int) -> None:
            firsts.append(first)
            self._keep_start(match)

        replay_match(entry, self.ruleset, self.name, self.match_index, on_deal=dealt)
        bounds = [*firsts, len(self.actions)]
        self.spans = [HandSpan(first, end - first) for first, end in zip(bounds, bounds[1:])]

    def _keep_start(self, match: Match) -> None:
        """Copy the match just dealt, sharing the ruleset (tables, no per-hand state) and
        keeping only this hand's events: copying every earlier event made late back-steps slow."""
        began = max(i for i, e in enumerate(match.events) if isinstance(e, HandStarted))
        memo = {id(self.ruleset): self.ruleset, id(match.events): list(match.events[began:])}
        self._starts.append(copy.deepcopy(match, memo))

    def _fresh_start(self, hand: int) -> Match:
        return copy.deepcopy(self._starts[hand], {id(self.ruleset): self.ruleset})

    # -- queries ---------------------------------------------------------------------
    @property
    def hand_count(self) -> int:
        """Hands in this match's record (an unfinished last hand counts)."""
        return len(self.spans)

    def steps_in_hand(self, hand: int) -> int:
        """Decisions recorded in ``hand``; its steps run 0..this number."""
        return self.spans[hand].count

    @property
    def position(self) -> tuple[int, int]:
        """``(hand, step)``, both from 0."""
        return (self._hand, self._step)

    @property
    def hand(self) -> HandState:
        """The engine's hand at the position."""
        return self.match.hand

    @property
    def hand_position(self) -> Position:
        """Round wind, hand number, honba and dealer of the hand at the cursor.

        Read from the hand's start: once a hand is settled the match has already
        moved its own position on to the next hand.
        """
        return self._starts[self._hand].position

    def players_in(self, hand: int) -> tuple[int, ...]:
        """Who sits in each chair in ``hand`` (``TableState.players``: Chinese Official players
        change chairs each round, RULES.md B3), read from the hand's kept deal."""
        return tuple(self._starts[hand].hand.players)

    @property
    def at_start(self) -> bool:
        """True at the first hand's deal."""
        return self.position == (0, 0)

    @property
    def at_end(self) -> bool:
        """True after the last recorded decision."""
        return self._hand == self.hand_count - 1 and self._step == self.steps_in_hand(self._hand)

    @property
    def last_action(self) -> Action | None:
        """The decision that led to this step (``None`` at a deal)."""
        if self._step == 0:
            return None
        return self.actions[self.spans[self._hand].first + self._step - 1]

    @property
    def last_reason(self) -> str | None:
        """The AI's reason for the decision that led to this step, when the record keeps one."""
        if self._step == 0:
            return None
        return self.reasons[self.spans[self._hand].first + self._step - 1]

    def check_position(self, hand: int, step: int) -> None:
        """Raise ``RecordError`` naming the valid range when ``(hand, step)`` is not in the record."""
        where = f"{self.name}: match {self.match_index + 1}"
        if not 0 <= hand < self.hand_count:
            raise RecordError(f"{where} has {self.hand_count} hand(s); there is no hand {hand + 1}")
        last = self.steps_in_hand(hand)
        if not 0 <= step <= last:
            raise RecordError(f"{where}, hand {hand + 1} has steps 0..{last}; there is no step {step}")

    # -- moving ----------------------------------------------------------------------
    def forward(self) -> bool:
        """One decision on (or into the next hand's deal); False at the end."""
        if self._step < self.steps_in_hand(self._hand):
            self.last_events = self.match.apply(self.actions[self.spans[self._hand].first + self._step])
            self._step += 1
            return True
        if self._hand + 1 < self.hand_count:
            self.seek(self._hand + 1, 0)
            return True
        return False

    def back(self) -> bool:
        """One decision back (or to the previous hand's end); False at the start."""
        if self._step > 0:
            self.seek(self._hand, self._step - 1)
            return True
        if self._hand > 0:
            self.seek(self._hand - 1, self.steps_in_hand(self._hand - 1))
            return True
        return False

    def next_hand(self) -> bool:
        """To the next hand's deal; False on the last hand."""
        if self._hand + 1 >= self.hand_count:
            return False
        self.seek(self._hand + 1, 0)
        return True

    def prev_hand(self) -> bool:
        """To the previous hand's deal; False on the first hand."""
        if self._hand == 0:
            return False
        self.seek(self._hand - 1, 0)
        return True

    def seek(self, hand: int, step: int) -> tuple[int, int]:
        """Go to ``(hand, step)`` clamped into the record; returns the position reached."""
        hand = min(max(0, hand), self.hand_count - 1)
        step = min(max(0, step), self.steps_in_hand(hand))
        if hand == self._hand and step >= self._step:
            moves = step - self._step
            while self._step < step:
                self.forward()
            if moves != 1:
                self.last_events = []  # animate single steps only
            return self.position
        self.match = self._fresh_start(hand)
        first = self.spans[hand].first
        where = f"{self.name}: match {self.match_index + 1}, hand {hand + 1}"
        replay_decisions(self.actions[first : first + step], self.match, where)  # checked at load: never refused here
        self._hand, self._step = hand, step
        self.last_events = []
        return self.position


def _reasons_of(entry: dict[str, Any], count: int) -> list[str | None]:
    """The record's optional ``reasons``, one per decision (text or nothing); a list that does
    not match the decisions is ignored, as :meth:`~mahjong_joy.controller.Controller.resume` does."""
    reasons = entry.get("reasons")
    if not isinstance(reasons, list) or len(reasons) != count:
        return [None] * count
    return [r if isinstance(r, str) and r else None for r in reasons]
