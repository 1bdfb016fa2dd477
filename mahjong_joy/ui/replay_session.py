"""A read-only :class:`~mahjong_joy.ui.session.Session` over a recorded match, every hand face up.

The table scene draws what :meth:`ReplaySession.snapshot` returns, exactly as in a
live game; the difference is where the picture comes from. There is no
controller in a replay (nobody decides anything: the record already did), so
this adapter reads the replayed engine state of a
:class:`~mahjong_joy.replay.cursor.ReplayCursor` directly and shows every seat's
concealed hand. Moving the cursor goes through this session so the snapshot's
``version`` changes and the table redraws. No pygame here.
"""

from __future__ import annotations

from typing import Any

from mahjong_joy.i18n import N_, tr
from mahjong_joy.engine.actions import Action
from mahjong_joy.errors import IllegalActionError, RecordError
from mahjong_joy.names import SEAT_NAMES, seat_name, tile_label, tiles_label
from mahjong_joy.replay.branch import Branch
from mahjong_joy.replay.cursor import ReplayCursor
from mahjong_joy.controller import furiten_reason, seat_view, snapshot_of
from mahjong_joy.reason_words import translate_reason
from mahjong_joy.replay.seats import player_seat, seat_names
from mahjong_joy.tiles import FLOWER_CODES
from mahjong_joy.ui.session import TableSnapshot, table_view


class ReplaySession:
    """The table's view of a replay; moves go through here (``forward``, ``back``, ``seek``...)."""

    def __init__(self, record: dict[str, Any], match_index: int = 0, name: str = "record") -> None:
        self.cursor = ReplayCursor(record, match_index, name)
        self.record = record
        self.player = player_seat(record)  # the record's player: his seat in the first hand
        self._player_names = seat_names(record, self.player)  # per player
        self.branch = branch_of(record)
        self._version = 0
        self._pending: list[Any] = []

    @property
    def me(self) -> int:
        """The player's chair in the hand at the cursor (Chinese Official players change
        chairs each round, RULES.md B3; under riichi rules his seat)."""
        return self.cursor.hand.players.index(self.player)

    @property
    def names(self) -> tuple[str, ...]:
        """The name of whoever sits in each chair of the hand at the cursor."""
        return tuple(self._player_names[p] for p in self.cursor.hand.players)

    # -- Session protocol --------------------------------------------------------------
    def needs_human(self) -> bool:
        """Never: a replay only shows decisions already made."""
        return False

    def step(self) -> None:
        """One decision forward (what a table's pacing timer would ask for)."""
        self.forward()

    def submit(self, action: Action) -> None:
        """A replay cannot be played into."""
        raise IllegalActionError(f"seat {action.seat} cannot {action.describe()}: a replay is read-only")

    def next_hand(self) -> None:
        """To the next hand's deal."""
        self._moved(self.cursor.next_hand())

    def drain_events(self) -> list[Any]:
        """Events of the last single step forward (the table animates them); [] after a jump."""
        out, self._pending = self._pending, []
        return out

    # -- moving ------------------------------------------------------------------------
    def forward(self) -> bool:
        """One decision on; False at the end of the record."""
        return self._moved(self.cursor.forward())

    def back(self) -> bool:
        """One decision back; False at the start."""
        return self._moved(self.cursor.back())

    def prev_hand(self) -> bool:
        """To the previous hand's deal."""
        return self._moved(self.cursor.prev_hand())

    def seek(self, hand: int, step: int) -> tuple[int, int]:
        """To ``(hand, step)`` (0-based, clamped)."""
        before = self.cursor.position
        self.cursor.seek(hand, step)
        self._moved(self.cursor.position != before)
        return self.cursor.position

    def _moved(self, moved: bool) -> bool:
        if moved:
            self._version += 1
            self._pending = list(self.cursor.last_events)
        return moved

    # -- labels ------------------------------------------------------------------------
    def position_label(self) -> str:
        """``Hand 3 · step 17/64`` (hands counted from 1, steps from 0 at the deal)."""
        hand, step = self.cursor.position
        return tr("Hand {number} · step {step}/{steps}", number=hand + 1, step=step, steps=self.cursor.steps_in_hand(hand))

    def action_label(self) -> str:
        """What the last step did, e.g. ``Sora: discard the 5 of Dots`` (the deal at step 0)."""
        action = self.cursor.last_action
        hand = self.cursor.hand
        if action is None:
            name = self.names[hand.dealer]
            return tr("You deal and draw") if name == SEAT_NAMES[0] else tr("{name} deals and draws", name=seat_name(name))
        return tr("{name}: {words}", name=seat_name(self.names[action.seat]), words=action_words(action))

    def reason(self) -> tuple[int, str] | None:
        """The seat that made the last step's decision and the reason its AI gave
        (``None`` at a deal, for a human's decision, or in a record without reasons).
        The record keeps the reason in English; it is told in the player's language as it
        is asked for (:func:`~mahjong_joy.reason_words.translate_reason`, cached), so a
        switch of language shows at the next frame."""
        action, why = self.cursor.last_action, self.cursor.last_reason
        if action is None or why is None:
            return None
        return action.seat, translate_reason(why)

    # -- reading -----------------------------------------------------------------------
    def snapshot(self) -> TableSnapshot:
        """The table at the cursor, every concealed hand face up: the controller's one
        picture of a match (:func:`~mahjong_joy.controller.snapshot_of`) read by the same
        :func:`~mahjong_joy.ui.session.table_view` as a live game."""
        match, hand, where = self.cursor.match, self.cursor.hand, self.cursor.hand_position
        kinds = tuple(self.record.get("seats") or ("potential",) * 4)  # per player
        kinds = tuple(kinds[p] for p in hand.players)
        me, players = self.me, hand.players
        snap = snapshot_of(match, kinds, (where.round_wind, where.hand_number, where.honba), reveal=True)
        starting = (match.ruleset.starting_points,) * 4
        history = [starting] + [_by_player(r.points, getattr(r.start, "players", None) or (0, 1, 2, 3)) for r in match.results]
        return table_view(
            snap, me, self.names, seat_view(match, me), face_up=True, furiten=furiten_reason(hand, me), version=self._version,
            history=tuple(tuple(row[p] for p in players) for row in history),  # per chair of the hand shown
        )


def _by_player(by_chair: tuple[int, ...], players: tuple[int, ...]) -> tuple[int, ...]:
    """Per-chair points of a hand as per-player points (``players[chair]`` sat in ``chair``)."""
    out = list(by_chair)
    for chair, player in enumerate(players):
        out[player] = by_chair[chair]
    return tuple(out)


def action_words(action: Action) -> str:
    """An action in the player's words, tiles by name: ``discard the 5 of Dots``,
    ``chi 3 of Bamboo, 4 of Bamboo``, ``tsumo``; a discarded flower by its name too."""
    verb = action.name.replace("_", " ")
    verb = tr(ACTION_VERBS[verb]) if verb in ACTION_VERBS else verb
    tiles = getattr(action, "tiles", None)
    tile = getattr(action, "tile", None)
    if tiles:
        return tr("{verb} {tiles}", verb=verb, tiles=tiles_label(tiles))
    if isinstance(tile, int) and not isinstance(tile, bool) and (0 <= tile < 37 or (action.name == "discard" and tile in FLOWER_CODES)):
        return tr("{verb} the {tile}", verb=verb, tile=tile_label(tile))
    return verb


ACTION_VERBS = {  # an action's name as the viewer says it (English keys, tr'd when shown)
    "discard": N_("discard"), "riichi": N_("riichi"), "tsumo": N_("tsumo"), "ron": N_("ron"), "chi": N_("chi"),
    "pon": N_("pon"), "kan": N_("kan"), "closed kan": N_("closed kan"), "added kan": N_("added kan"),
    "pass": N_("pass"), "nine terminals": N_("nine terminals"), "flower": N_("flower"),
}



def branch_of(record: dict[str, Any]) -> Branch | None:
    """Where a match played from a replay's position came from (Play from here), if the
    record says so well; a damaged note is only not shown."""
    try:
        return None if record.get("branched_from") is None else Branch.from_dict(record["branched_from"])
    except RecordError:
        return None
