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
from collections.abc import Sequence
from typing import Any

from mahjong_joy.i18n import ntr, tr
from mahjong_joy.controller import HUMAN, Controller
from mahjong_joy.engine.actions import Action
from mahjong_joy.errors import MahjongJoyError, RecordError
from mahjong_joy.app.archive import archive_saved
from mahjong_joy.app.saved import load_autosave
from mahjong_joy.replay.autosave import AutosaveMeta, AutosaveWriter, autosave_exists, autosave_record, new_meta
from mahjong_joy.rulesets.joy import ruleset_for
from mahjong_joy.rulesets.presets import DEFAULT_PRESET, find_preset
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.storage.paths import autosave_path
from mahjong_joy.names import AI_AT_BOTTOM, limit_name, seat_name, tile_label
from mahjong_joy.tiles import is_flower_code, kind_of_code
from mahjong_joy.ui.game_choice import GameChoice
from mahjong_joy.ui.session import SEAT_NAMES, WIND_KIND, TableSnapshot, WaitNote, table_view

__all__ = ["WIND_KIND", "ControllerSession", "rules_for"]


def rules_for(preset: str, length: str | None = None) -> Rules:
    """A preset's rules, played ``east`` (tonpuusen) or ``east_south`` (hanchan) when given
    (Joy too: its preset plays one East round, and East-South plays on through South 4);
    ``None`` keeps the preset's own length."""
    rules = find_preset(preset)
    if length is None or rules.table.length == length or getattr(rules, "family", "riichi") == "mcr":
        return rules  # Chinese Official is always its 16 hands (RULES.md B3)
    return replace(rules, table=replace(rules.table, length=length))


class ControllerSession:
    """A match with the player in seat 0 and AI seats elsewhere (or four AIs for the demo)."""

    def __init__(
        self,
        seed: int | None = None,
        ruleset: str = DEFAULT_PRESET,
        max_hands: int | None = None,
        ai: str | Sequence[str] = "potential",
        human: bool = True,
        autosave: bool | None = None,
        player_name: str = "You",
        length: str | None = None,
    ) -> None:
        seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)  # a fresh deal; the seed is recorded
        opponents = (ai,) * 4 if isinstance(ai, str) else tuple(ai)
        if len(opponents) not in (3, 4):
            raise ValueError(f"give one AI for every seat or one per opponent, got {len(opponents)}")
        if len(opponents) == 3:  # one per opponent seat (right, across, left); seat 0 is the player's
            opponents = (opponents[0], *opponents)
        seats = (HUMAN if human else opponents[0], *opponents[1:])
        ctl = Controller(seats=seats, seed=seed, ruleset=ruleset_for(rules_for(ruleset, length)), max_hands=max_hands, auto_deal=False)
        keep = human if autosave is None else autosave  # the all-AI demo leaves the player's save alone
        self._adopt(ctl, new_meta(0, player_name), keep)
        self._cursor = 0  # a new match's first deal (its flower replacements) is drained and shown like every later one

    @classmethod
    def resume(cls) -> ControllerSession:
        """The autosaved match, as it was after its last decision.

        Raises ``RecordError`` with a message for the player when there is nothing
        to continue or the save was bad (it is then set aside).
        """
        existed = autosave_exists()
        loaded = load_autosave(auto_deal=False)
        if loaded is None and existed:  # it had ended before the game stopped: archived just now
            raise RecordError(tr("Your last match had already ended; it is now in your history and Replays."))
        if loaded is None:
            raise RecordError(tr("There is no unfinished match to continue."))
        session = cls.__new__(cls)
        session._adopt(*loaded, keep=True)
        return session

    @classmethod
    def for_controller(cls, ctl: Controller, player_name: str = "You") -> ControllerSession:
        """A session over a controller built elsewhere (the guided first hand's rigged deal);
        never autosaved nor archived: it is not one of the player's matches."""
        session = cls.__new__(cls)
        session._adopt(ctl, new_meta(0, player_name), keep=False)
        session.reviewable = False  # a rigged wall its record does not carry: the coach could not replay it
        return session

    @classmethod
    def take_over(cls, ctl: Controller, meta: AutosaveMeta, autosave: bool = True) -> ControllerSession:
        """A live match from a controller built elsewhere that *is* one of the player's
        matches (Play from here: a record's position, the player at ``meta.player_seat``).
        It is saved at once, so Continue finds it even before the player's first decision."""
        session = cls.__new__(cls)
        session._adopt(ctl, meta, autosave)
        session._saved = -1  # the decisions up to the branch point are not saved yet
        session._keep()
        return session

    @property
    def me(self) -> int:
        """The player's chair (engine seat) for the hand on the table: his first seat under
        riichi rules; Chinese Official players change chairs each round (RULES.md B3)."""
        return self.ctl.chair_of(self.player)

    def _adopt(self, ctl: Controller, meta: AutosaveMeta, keep: bool) -> None:
        """Take over a controller (new or resumed); old events are not animated again."""
        self.ctl = ctl
        self.seed = ctl.seed
        self.player = meta.player_seat  # who the player is: his seat in the first hand
        self.player_name = meta.player_name
        self._cursor = len(ctl.events)
        self._version = 0
        self.history: list[tuple[int, ...]] = []
        self._notes: dict[object, tuple[WaitNote, ...]] = {}
        self._fan: tuple[int, dict[tuple[int | None, bool], tuple[Any, ...]]] = (-1, {})  # (version, (discard, tsumo) -> waits)
        self._lift: tuple[int, dict[int | None, Any]] = (-1, {})  # (version, discard -> FanLift or None)
        self._defence: tuple[int, Any] = (-1, None)
        self._abort_seat: int | None = None
        self._best: tuple[tuple[int, int], int, str] | None = None
        self._players: tuple[int, ...] = (0, 1, 2, 3)  # who sat in each chair in the hand last dealt
        self.note = ""  # the last "why no Ron" line
        self._live = False  # the events of a resumed match are read back without notes
        self._note_points(ctl.events)
        self._live = True
        self._writer = AutosaveWriter(meta) if keep else None
        self._saved = len(ctl.decisions)
        self._archived = False
        self.storage_error = ""  # the last autosave or archive failure, for a message
        self.reviewable = True  # whether the coach can replay this match from its record

    def choice(self) -> GameChoice:
        """This match's deal and choices (seed, ruleset, length, the opponents' AI), so
        "Play this deal again" starts the very same deal with the same table."""
        rules = self.ctl.match.rules
        opponents = tuple(kind for seat, kind in enumerate(self.ctl.seat_kinds) if seat != self.player)
        return GameChoice(rules.name, rules.table.length, opponents, self.seed)  # type: ignore[arg-type]

    def record(self) -> dict[str, Any]:
        """The match so far as a record (what the autosave writes), for the coach to review:
        the hand just scored is its last hand until the next one is dealt."""
        meta = self._writer.meta if self._writer is not None else new_meta(self.me, self.player_name)
        return autosave_record(self.ctl, meta)

    def coach_target(self) -> tuple[int, int] | None:
        """``(seat, hand)`` the coach reviews after a hand: the player's seat and the hand just
        scored (0-based); ``None`` when no person plays here (the demo) or no hand has ended."""
        if not self.reviewable or self.ctl.seat_kinds[self.me] != HUMAN or not self.ctl.match.results:
            return None
        return self.me, len(self.ctl.match.results) - 1

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
        archive it from that save and clear it (:func:`~mahjong_joy.app.archive.archive_saved`),
        so a crash at any step leaves a save the next start archives to the same record and row.
        A failing save still lets the ended match be archived from memory."""
        if self._writer is None or self._archived:
            return
        if len(self.ctl.decisions) != self._saved:
            try:
                self._writer.save(self.ctl)
                self._saved = len(self.ctl.decisions)
            except (OSError, ValueError) as exc:  # ValueError: text the disk's encoding refuses
                self.storage_error = tr("Could not save the match: {error}", error=exc)
        if self.ctl.is_over:
            self._archived = True
            try:
                archive_saved(self.ctl, self._writer.meta, autosave_path())
            except (OSError, sqlite3.Error, MahjongJoyError) as exc:
                self.storage_error = tr("Could not keep the match in your history: {error}", error=exc)


    # -- driving ---------------------------------------------------------------------
    def needs_human(self) -> bool:
        """True while the controller waits for the player."""
        return self.ctl.awaits_human

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
            if event.name == "hand_started":
                self._abort_seat, self.note = None, ""
            elif event.name == "aborted":
                self._abort_seat = getattr(event, "seat", None)
            elif event.name == "discarded" and event.seat != self.me and self._live and not is_flower_code(event.tile):
                self._note_missed(event)  # a discarded flower (RULES.md B1) is nobody's wait
            if event.name == "hand_started":
                self._players = tuple(getattr(event, "players", None) or (0, 1, 2, 3))
            if event.name == "hand_started" and not self.history:
                self.history.append(self._by_player(event.points))
            elif event.name == "hand_scored":
                self.history.append(self._by_player(event.outcome.points))
                self._note_best(event)

    def _by_player(self, points: Any) -> tuple[int, ...]:
        """Points per chair of the hand in play as points per player (the chart follows a
        player when Chinese Official rules move the players between rounds)."""
        out = [0] * 4
        for chair, player in enumerate(self._players):
            out[player] = points[chair]
        return tuple(out)

    def _note_best(self, event: Any) -> None:
        """Keep the match's best hand by its han and fu: every win of a hand, so the
        second winner of a double ron counts too (an earlier win keeps a tie)."""
        players = getattr(self, "_players", (0, 1, 2, 3))  # who sat where in that hand: kept by player, chairs move
        for w in event.outcome.wins:
            seat, han, fu, limit = players[w.seat], w.han, w.fu, w.limit
            if self._best is None or (han, fu) > self._best[0]:
                self._best = ((han, fu), seat, (han, fu, limit, bool(getattr(w, "fan", ()))))

    def _note_missed(self, event: Any) -> None:
        """A tile I wait on was discarded and no Ron is offered: say why in one line."""
        kind = kind_of_code(event.tile)
        view = self.ctl.view(self.me)
        if kind not in view.waits or self.ctl.hand.is_finished:
            return
        pending = self.ctl.pending
        if pending is not None and pending.seat == self.me and any(a.name == "ron" for a in pending.actions):
            return
        reason = self.ctl.furiten_reason(self.me)
        if reason:
            self.note = tr("No Ron on the {tile}: furiten ({reason}).", tile=tile_label(kind), reason=reason)
        elif self.ctl.hand.rules.scoring.yaku_required:
            self.note = tr("No Ron on the {tile}: the hand has no yaku by ron.", tile=tile_label(kind))
        self._version += 1

    # -- reading ---------------------------------------------------------------------
    def wait_notes(self, discard: int | None, riichi: bool = False) -> tuple[WaitNote, ...]:
        """The hint panel's waits after discarding code ``discard`` (``None``: the hand now),
        each with unseen copies and what would stop a win on it (cached per position)."""
        key = (self._version, discard, riichi)
        if key not in self._notes:
            seen = self.ctl.view(self.me).visible_counts34()  # the discarded copy stays in sight: it goes to my river
            lasting = self.ctl.furiten_after(self.me, discard)  # riichi furiten marks every wait
            notes = []
            for kind, furiten_by, ron, tsumo in self.ctl.wait_report(self.me, discard, riichi):
                by = lasting if furiten_by is None else (tr("this discard") if discard is not None and kind_of_code(discard) == furiten_by else tile_label(furiten_by))
                notes.append(WaitNote(kind, max(0, 4 - seen[kind]), by, not ron, tsumo))
            self._notes = {key: tuple(notes)}
        return self._notes[key]

    def wait_fan(self, discard: int | None, tsumo: bool = False) -> tuple[Any, ...]:
        """Chinese Official: each wait after discarding code ``discard`` (``None``: the hand
        now) with the fan a win on it would score (:meth:`~mahjong_joy.controller.Controller.wait_fan`),
        worked out once per position and discard."""
        if self._fan[0] != self._version:
            self._fan = (self._version, {})
        found = self._fan[1]
        if (discard, tsumo) not in found:
            found[(discard, tsumo)] = self.ctl.wait_fan(self.me, discard, tsumo)
        return found[(discard, tsumo)]

    def fan_lift(self, discard: int | None = None) -> Any:
        """Chinese Official: what would make my hand short of 8 fan a win (the swap and the fan
        it gains, :meth:`~mahjong_joy.controller.Controller.fan_lift`), worked out once per
        position and discard."""
        if self._lift[0] != self._version:
            self._lift = (self._version, {})
        found = self._lift[1]
        if discard not in found:
            found[discard] = self.ctl.fan_lift(self.me, discard)
        return found[discard]

    def defence(self) -> Any:
        """The guide's defence now (:meth:`~mahjong_joy.controller.Controller.defence`):
        the Hard AI's danger per held tile and its push or fold, from my seat's view only;
        ``None`` when nothing threatens. Worked out once per position."""
        if self._defence[0] != self._version:
            names = tuple(self.name_of(seat) for seat in range(4))
            self._defence = (self._version, self.ctl.defence(self.me, names))
        return self._defence[1]

    def ai_reasons(self) -> tuple[tuple[int, str] | None, ...]:
        """What "Show AI thinking" puts in the bubble by each seat: the controller's
        :meth:`~mahjong_joy.controller.Controller.table_reasons`."""
        return self.ctl.table_reasons()

    def snapshot(self) -> TableSnapshot:
        """The table as the player sees it now (:func:`~mahjong_joy.ui.session.table_view`)."""
        snap = self.ctl.snapshot()
        names = tuple(self.name_of(seat) for seat in range(4))
        players = getattr(self.ctl, "players", (0, 1, 2, 3))
        history = tuple(tuple(row[p] for p in players) for row in self.history)  # per chair of the hand on the table
        return table_view(
            snap, self.me, names, self.ctl.view(self.me), history=history, version=self._version,
            furiten=self.ctl.furiten_reason(self.me), note=self.note, abort_seat=self._abort_seat, best_hand=self._best_text(),
        )

    def _best_text(self) -> str:
        """The match's best hand in words, e.g. ``Momo: 6 han 30 fu · haneman``."""
        if self._best is None:
            return ""
        _, player, (han, fu, limit, fan) = self._best
        players = getattr(self.ctl, "players", (0, 1, 2, 3))
        seat = players.index(player) if player in players else player
        if fan:  # Chinese Official counts fan, not han and fu
            words = ntr("{count} fan", "{count} fan", han)
        else:
            words = tr("{han} han {fu} fu", han=han, fu=fu)
            if limit:
                words = tr("{value} · {limit}", value=words, limit=limit_name(limit))
        return tr("{name}: {words}", name=seat_name(self.name_of(seat)), words=words)


    def name_of(self, seat: int) -> str:
        """The player's name at their seat; Momo, Sora and Kiri to their right, across and
        left, wherever the player sits (as the replay viewer names a record's seats). An AI
        in the bottom seat (the demo) is Nana, not "You" (play test)."""
        if seat == self.me:
            return self.player_name if self.ctl.chair_kinds[seat] == HUMAN else AI_AT_BOTTOM
        return SEAT_NAMES[(self.ctl.players[seat] - self.player) % 4]  # a name stays with its player when chairs change


def branch_session(cursor: Any, hand: int, step: int, seat: int, *, opponents: str | Sequence[str] = "normal",
                   player_name: str = "You", autosave: bool = True) -> tuple[ControllerSession, str | None]:
    """Play from here: a live match from ``(hand, step)`` of a replay cursor's match with the
    player at ``seat`` (:func:`~mahjong_joy.app.branch.play_from`), and a message for the
    player when an unfinished match had to make room (it goes to Replays, as New game does).
    Raises ``RecordError`` when the position cannot be played on (nothing is saved then)."""
    from mahjong_joy.app.branch import play_from
    from mahjong_joy.app.saved import abandon_autosave

    ctl, branch = play_from(cursor, hand, step, seat, opponents)
    notice = abandon_autosave() if autosave and autosave_exists() else None
    meta = replace(new_meta(ctl.seat_kinds.index(HUMAN), player_name), branched_from=branch)  # the player, by his first seat
    return ControllerSession.take_over(ctl, meta, autosave), notice
