"""Keep a match once it is over: its record in ``records/`` and its summary in the history.

:func:`archive_match` is what the game calls when a match ends (or is
abandoned); :func:`summarize` reads the controller's events, the same facts the
score screens showed, so the history never re-scores anything. It lives above
storage (which only writes the rows and files it is given) because it reads a
live controller and the record layer; :func:`archive_saved` archives a match from
its saved file and queues the file when the history is busy
(:mod:`mahjong_joy.replay.pending`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_joy.controller import Controller
from mahjong_joy.engine.events import Event, HandScored, HandStarted, RiichiDeclared, Won
from mahjong_joy.errors import MahjongJoyError, StorageUnavailableError
from mahjong_joy.replay.pending import queue_text
from mahjong_joy.rulesets.base import SAME_CHAIRS
from mahjong_joy.replay.record import run_record, write_record
from mahjong_joy.replay.branch import Branch, recorded_branch
from mahjong_joy.storage.history import HandSummary, History, MatchSummary, WinScore
from mahjong_joy.storage.paths import records_dir
from mahjong_joy.storage.stats import Stats, compute_stats

if TYPE_CHECKING:
    from mahjong_joy.replay.autosave import AutosaveMeta


def archive_match(
    ctl: Controller,
    player_seat: int = 0,
    *,
    player_name: str = "You",
    history: History | None = None,
    now: datetime | None = None,
    started_at: str | None = None,
    branched_from: Branch | None = None,
) -> Path:
    """Write the match's record atomically and add it to the history; returns the record path.

    ``history`` defaults to the data folder's (opened and closed here); ``now``
    stamps the match (tests pass fixed dates). ``started_at`` (the autosave's
    start stamp) names the record after the match itself, which makes archiving
    idempotent: the record is written before its history row, and a row already
    pointing at the record means both are done, so a process killed anywhere in
    here archives the same match again on the next start with one record and one
    row that agree. ``branched_from`` marks a match continued from a record's
    position (Play from here). A history in use by another program raises
    :class:`~mahjong_joy.errors.StorageUnavailableError` before anything is written
    (or, locked between the two steps, with the record written and no row yet).
    """
    played = (now or datetime.now()).astimezone()
    record = run_record(ctl.seed, ctl.seat_kinds, [ctl])
    record.update(played_at=played.isoformat(timespec="seconds"), player_seat=player_seat, player_name=player_name)
    if branched_from is not None:  # Play from here: which record position this match continued
        record["branched_from"] = branched_from.to_dict()
    if started_at:  # "2026-12-01T11:48:22Z" -> 20261201T114822-seed7.json
        path = records_dir() / f"{_safe(re.sub(r'[^0-9T]', '', started_at))}-seed{_safe(ctl.seed)}.json"
    else:  # the same shape (UTC), from the end time
        path = _unique_path(records_dir(), f"{played.astimezone(timezone.utc):%Y%m%dT%H%M%S}-seed{_safe(ctl.seed)}")
    summary = summarize(ctl, player_seat, player_name, record["played_at"], str(path), branched_from)
    with _opened(history) as kept:
        if kept.has_record(summary.record_path):
            return path  # archived before a crash: the record was written first, so it and the row agree
        write_record(record, path)
        kept.add_match(summary)
    return path


def archive_saved(ctl: Controller, meta: AutosaveMeta, source: Path) -> None:
    """Archive the match saved in ``source``, then remove ``source``.

    When that cannot be done now, ``source`` is queued in ``pending/`` and
    :class:`StorageUnavailableError` says so in a sentence for the player.
    """
    try:
        archive_match(ctl, meta.player_seat, player_name=meta.player_name, started_at=meta.started_at, branched_from=meta.branched_from)
    except (StorageUnavailableError, OSError) as exc:
        reason = str(exc) if isinstance(exc, StorageUnavailableError) else f"Your match could not be archived ({exc})."
        raise StorageUnavailableError(f"{reason} {queue_text(source)}") from None
    source.unlink(missing_ok=True)


@contextmanager
def _opened(history: History | None) -> Iterator[History]:
    """The given history, or the data folder's opened here and closed after (busy: it raises before any write)."""
    if history is not None:
        yield history
        return
    with History.open() as own:
        yield own


def summarize(ctl: Controller, player_seat: int, player_name: str, played_at: str, record_path: str,
              branched_from: Branch | None = None) -> MatchSummary:
    """The history entry for a match, read from the controller's events; a match continued
    from a record (``branched_from``) says which of its hands the player played (:func:`first_hand`)."""
    points = ctl.points_by_player()  # per player, as ``seats`` (Chinese Official players change chairs)
    placement = game_points = None
    if ctl.is_over:
        chair = ctl.chair_of(player_seat)
        placement = next(s.placement for s in ctl.match.standings() if s.seat == chair)
        game_points = next(s.score for s in ctl.match.standings() if s.seat == chair)
    return MatchSummary(
        played_at=played_at,
        ruleset=ctl.match.ruleset.name,
        seed=str(ctl.seed),
        seats=tuple(ctl.seat_kinds),
        player_seat=player_seat,
        player_name=player_name,
        points=points,
        placement=placement,
        hands=hand_summaries(ctl.events),
        record_path=record_path,
        finished=ctl.is_over,
        game_points=game_points,
        first_hand=None if branched_from is None else first_hand(branched_from),
    )


def first_hand(branch: Branch) -> int:
    """The first hand (from 1) of a branched match that the player played from its deal.

    The hands before the takeover were the AI's. The hand taken over counts only when it
    was taken at its deal (step 0): later, its tiles, discards, calls and riichi were shaped
    by the AI's decisions (the player's seat's among them), so its win would credit the
    player with the AI's hand (issue 27: a haneman the AI built became the best hand) and
    counting only its deal-in, or its riichi from the takeover on, would skew the rates,
    which need one set of hands on both sides. One hand a branch goes uncounted either way.
    """
    return branch.hand if branch.step == 0 else branch.hand + 1


def player_stats(history: History) -> Stats:
    """The player's statistics, as the Stats screen and ``mahjong-joy stats`` both show them:
    the matches stored before the history knew branches are sorted out first (:func:`credit_old_branches`)."""
    credit_old_branches(history)
    return compute_stats(history)


def credit_old_branches(history: History) -> int:
    """Read, once, the record of each match stored before history version 4, and mark those
    continued from another (Play from here) as branches, so their AI-played hands stop counting
    as the player's; returns how many were. A record that is gone or unreadable says nothing:
    its match counts as before. A busy or failing history is left for next time."""
    try:
        unknown = history.unknown_branches()
        if not unknown:
            return 0
        folder = records_dir().resolve()
        found = {match_id: _first_hand_in(path, folder) for match_id, path in unknown}
        history.settle_branches(found)
    except (MahjongJoyError, OSError):
        return 0
    return sum(first is not None for first in found.values())


def _first_hand_in(record_path: str, folder: Path) -> int | None:
    """The first hand the player played in an archived record's match (``None``: every hand).
    Only records in the data folder's ``folder`` are read; a row naming any other file is not believed."""
    try:
        path = Path(record_path)
        if not record_path or path.parent.resolve() != folder:
            return None
    except (OSError, ValueError):  # ValueError: a path holding a NUL character
        return None
    branch = recorded_branch(path)
    return None if branch is None else first_hand(branch)


def hand_summaries(events: list[Event]) -> tuple[HandSummary, ...]:
    """One summary per settled hand: who won from whom, how, who declared riichi, and the deltas.

    Seats are players: the seat each held in the first hand. They are the chairs of every
    hand unless Chinese Official rules moved the players between rounds (RULES.md B3), so
    the history follows one player through the match as its figures need."""
    out: list[HandSummary] = []
    label, dealer, tsumo = "", 0, False
    riichi: tuple[int, ...] = ()
    players: tuple[int, ...] = SAME_CHAIRS
    for event in events:
        if isinstance(event, HandStarted):
            label = f"{event.round_wind}{event.hand_number}" + (f"-{event.honba}" if event.honba else "")
            dealer, tsumo, riichi = event.dealer, False, ()
            players = tuple(getattr(event, "players", None) or SAME_CHAIRS)
        elif isinstance(event, RiichiDeclared):
            riichi += (event.seat,)
        elif isinstance(event, Won):
            tsumo = event.tsumo
        elif isinstance(event, HandScored):
            hand = _hand(len(out) + 1, label, dealer, tsumo, riichi, event)
            out.append(hand if players == SAME_CHAIRS else _players_of(hand, players))
    return tuple(out)


def _by_player(by_chair: tuple[int, ...], players: tuple[int, ...]) -> tuple[int, ...]:
    """Per-chair values as per-player values (``players[chair]`` sat in ``chair``)."""
    out = list(by_chair)
    for chair, player in enumerate(players):
        out[player] = by_chair[chair]
    return tuple(out)


def _players_of(hand: HandSummary, players: tuple[int, ...]) -> HandSummary:
    """A hand summary whose seats are chairs, told in players."""
    return replace(
        hand, dealer=players[hand.dealer],
        wins=tuple(replace(w, seat=players[w.seat]) for w in hand.wins),
        from_seat=None if hand.from_seat is None else players[hand.from_seat],
        deltas=_by_player(hand.deltas, players), riichi=tuple(players[s] for s in hand.riichi),
        winners=tuple(players[s] for s in hand.winners))


def _hand(number: int, label: str, dealer: int, tsumo: bool, riichi: tuple[int, ...], scored: HandScored) -> HandSummary:
    """The history's summary of a settled hand: each win's own gain (the first win's is
    its seat's delta in the hand, as the history has always kept it)."""
    outcome = scored.outcome
    wins = outcome.wins
    return HandSummary(
        number=number, label=label, dealer=dealer,
        wins=tuple(WinScore(w.seat, outcome.deltas[w.seat] if i == 0 else w.deltas[w.seat], w.han, w.fu, w.limit,
                            _yaku(w.yaku)) for i, w in enumerate(wins)),
        from_seat=None if not wins or tsumo else wins[0].from_seat, tsumo=bool(wins) and tsumo,
        deltas=tuple(outcome.deltas), riichi=riichi, winners=outcome.winners,
    )


def _yaku(yaku: tuple[tuple[str, int], ...]) -> tuple[tuple[str, int], ...]:
    """Yaku as the plain (text, number) pairs the history stores."""
    return tuple((str(name), int(han)) for name, han in yaku)


def _safe(seed: int | str) -> str:
    """A seed as a file-name part: letters, digits, ``_`` and ``-`` only, at most 40 characters."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", str(seed))[:40] or "none"


def _unique_path(folder: Path, stem: str) -> Path:
    """``folder/stem.json``, or ``stem-2.json``... when a match ended in the same second."""
    path, counter = folder / f"{stem}.json", 2
    while path.exists():
        path, counter = folder / f"{stem}-{counter}.json", counter + 1
    return path
