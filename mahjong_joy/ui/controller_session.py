"""The one adapter between the table scene and :class:`mahjong_joy.controller.Controller`.

It turns the controller's snapshot into the table's :class:`TableSnapshot`, keeps an
event cursor for animations, and records points after each hand for the match
chart. It never reaches into engine state: only controller calls and snapshots.

A match with a human seat is autosaved after every decision (see
:mod:`mahjong_joy.replay.autosave`); :meth:`ControllerSession.resume` continues it.
When the match ends it is archived once (records/ and the history) and the
autosave is cleared.
"""

from __future__ import annotations

import random
import sqlite3
from dataclasses import replace
from typing import Any

from mahjong_joy.controller import CLAIM, HUMAN, ROB_KAN, TURN, Controller
from mahjong_joy.engine.actions import Action
from mahjong_joy.errors import MahjongJoyError, RecordError
from mahjong_joy.replay.autosave import AutosaveMeta, AutosaveWriter, autosave_exists, load_autosave, new_meta
from mahjong_joy.replay.pending import archive_saved
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.storage.paths import autosave_path
from mahjong_joy.ui.session import SEAT_NAMES, ClaimOffer, HandResult, MeldView, TableSnapshot

WIND_KIND = {"E": 27, "S": 28, "W": 29, "N": 30}


class ControllerSession:
    """A match with the player in seat 0 and AI seats elsewhere (or four AIs for the demo)."""

    def __init__(
        self,
        seed: int | None = None,
        ruleset: str = "joy",
        max_hands: int | None = None,
        ai: str = "potential",
        human: bool = True,
        autosave: bool | None = None,
        player_name: str = "You",
    ) -> None:
        seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)  # a fresh deal; the seed is recorded
        seats = (HUMAN if human else ai, ai, ai, ai)
        ctl = Controller(seats=seats, seed=seed, ruleset=ruleset_for(ruleset), max_hands=max_hands, auto_deal=False)
        keep = human if autosave is None else autosave  # the all-AI demo leaves the player's save alone
        self._adopt(ctl, new_meta(0, player_name), keep)

    @classmethod
    def resume(cls) -> ControllerSession:
        """The autosaved match, as it was after its last decision.

        Raises ``RecordError`` with a message for the player when there is nothing
        to continue or the save was bad (it is then set aside).
        """
        existed = autosave_exists()
        loaded = load_autosave(auto_deal=False)
        if loaded is None and existed:  # it had ended before the game stopped: archived just now
            raise RecordError("Your last match had already ended; it is now in your history and Replays.")
        if loaded is None:
            raise RecordError("There is no unfinished match to continue.")
        session = cls.__new__(cls)
        session._adopt(*loaded, keep=True)
        return session

    def _adopt(self, ctl: Controller, meta: AutosaveMeta, keep: bool) -> None:
        """Take over a controller (new or resumed); old events are not animated again."""
        self.ctl = ctl
        self.seed = ctl.seed
        self.me = meta.player_seat
        self.player_name = meta.player_name
        self._cursor = len(ctl.events)
        self._version = 0
        self.history: list[tuple[int, ...]] = []
        self._note_points(ctl.events)
        self._writer = AutosaveWriter(meta) if keep else None
        self._saved = len(ctl.decisions)
        self._archived = False
        self.storage_error = ""  # the last autosave or archive failure, for a message

    def rename(self, name: str) -> None:
        """Show the player under ``name`` from now on (Settings changed it mid-match);
        the autosave and the archived record carry it too."""
        if name == self.player_name:
            return
        self.player_name = name
        if self._writer is not None:
            self._writer = AutosaveWriter(replace(self._writer.meta, player_name=name))
        self._version += 1

    def _keep(self) -> None:
        """Autosave after each new decision. When the match ends, save it whole first, then
        archive it from that save and clear it (:func:`~mahjong_joy.replay.pending.archive_saved`),
        so a crash at any step leaves a save the next start archives to the same record and row.
        A failing save still lets the ended match be archived from memory."""
        if self._writer is None or self._archived:
            return
        if len(self.ctl.decisions) != self._saved:
            try:
                self._writer.save(self.ctl)
                self._saved = len(self.ctl.decisions)
            except (OSError, ValueError) as exc:  # ValueError: text the disk's encoding refuses
                self.storage_error = f"Could not save the match: {exc}"
        if self.ctl.is_over:
            self._archived = True
            try:
                archive_saved(self.ctl, self._writer.meta, autosave_path())
            except (OSError, sqlite3.Error, MahjongJoyError) as exc:
                self.storage_error = f"Could not keep the match in your history: {exc}"

    # -- driving ---------------------------------------------------------------------
    def needs_human(self) -> bool:
        """True while the controller waits for the player."""
        return self.ctl.pending is not None

    def step(self) -> None:
        """One paced move of the AI seats (a discard, a claim resolution, a draw)."""
        self._note_points(self.ctl.step(1))
        self._keep()
        self._version += 1

    def submit(self, action: Action) -> None:
        """The player's choice (raises ``IllegalActionError`` when it is not pending)."""
        self._note_points(self.ctl.submit(action))
        self._keep()
        self._version += 1

    def next_hand(self) -> None:
        """Deal the next hand after the score screen."""
        if not self.ctl.is_over:
            self._note_points(self.ctl.next_hand())
        self._version += 1

    def drain_events(self) -> list[Any]:
        """Events since the last call (the table animates them)."""
        new = self.ctl.events_since(self._cursor)
        self._cursor += len(new)
        return list(new)

    def _note_points(self, events: list[Any]) -> None:
        for event in events:
            if event.name == "hand_started" and not self.history:
                self.history.append(tuple(event.points))
            elif event.name == "hand_scored":
                self.history.append(tuple(event.points))

    # -- reading ---------------------------------------------------------------------
    def snapshot(self) -> TableSnapshot:
        """The table as the player sees it now."""
        snap = self.ctl.snapshot()
        seats = snap.seats
        me = seats[self.me]
        pending = snap.pending if snap.pending is not None and snap.pending.seat == self.me else None
        hand = list(me.hand if me.hand is not None else self.ctl.view(self.me).hand)  # an AI bottom seat (the demo) plays face up
        drawn = me.drawn_tile if pending is not None and pending.kind == TURN else None
        if drawn is not None and drawn in hand:
            hand.remove(drawn)
        melds = tuple(tuple(MeldView(m.type, m.tiles, m.claimed, m.from_seat) for m in s.melds) for s in seats)
        rivers = tuple(tuple(r.tile for r in s.river if r.claimed_by is None) for s in seats)
        claim = None
        if pending is not None and pending.kind in (CLAIM, ROB_KAN):
            source = snap.last_discard[0] if snap.last_discard else snap.turn
            claim = ClaimOffer(pending.tile if pending.tile is not None else 0, source, pending.actions)
        result = result_view(snap.hand_result) if snap.hand_result is not None and snap.phase == "finished" else None
        revealed = {}
        if result is not None:
            shown = {result.winner} if result.winner is not None else {seat for seat, _ in result.ready}
            revealed = {s.seat: s.hand for s in seats if s.seat in shown and s.seat != self.me and s.hand}
        return TableSnapshot(
            me=self.me,
            names=tuple(self.player_name if seat == self.me else name for seat, name in enumerate(SEAT_NAMES)),
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
            melds=melds,
            rivers=rivers,
            wall_count=snap.wall_count,
            dora_indicators=snap.dora_indicators,
            own_actions=pending.actions if pending is not None and pending.kind == TURN else (),
            claim=claim,
            visible34=tuple(self.ctl.view(self.me).visible_counts34()),
            result=result,
            revealed=revealed,
            match_over=snap.is_over,
            standings=tuple((st.seat, st.points, st.placement) for st in snap.standings),
            history=tuple(self.history),
            version=self._version,
        )


def result_view(r: Any) -> HandResult:
    """Copy the controller's hand result into the table's own type."""
    sources = r.meld_sources or ((None, None),) * len(r.melds)  # a result built without sources: drawn flat
    melds = tuple(MeldView(kind, tuple(tiles), claimed, src) for (kind, tiles), (claimed, src) in zip(r.melds, sources))
    return HandResult(r.winner, r.from_seat, r.tsumo, r.win_tile, tuple(r.hand), melds, tuple(r.yaku), r.han, r.fu, r.limit,
                      tuple(r.payments), tuple(r.deltas), tuple(r.points), tuple(r.ready),
                      tuple(tuple(line) for line in r.fu_details))
