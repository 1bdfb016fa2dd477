"""The readable turn-by-turn log, one line per event, shared by simulate and replay.

Both commands print these lines from the event stream, so ``replay FILE --text``
prints exactly what ``simulate --log`` printed for the same run. Seats are
written ``S0``..``S3`` (absolute); tiles in MPSZ; yaku by their display names
(:func:`mahjong_joy.names.yaku_name`), as the score screen and Stats name them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from mahjong_joy.engine import events as ev
from mahjong_joy.engine.outcome import HandOutcome
from mahjong_joy.melds import Meld
from mahjong_joy.names import yaku_name
from mahjong_joy.notation import format_tiles
from mahjong_joy.tiles import code_name as tile_name
from mahjong_joy.tiles import kind_of_code


def _seat(seat: int | None) -> str:
    return "-" if seat is None else f"S{seat}"


def _kind_name(code: int) -> str:
    """A called tile named by its kind (the log has always named a red five as its five)."""
    return tile_name(kind_of_code(code))


def _melds(melds: Iterable[Meld]) -> str:
    return " ".join(f"[{m.type} {format_tiles(m.kinds)}]" for m in melds)


def _hand_started(e: ev.HandStarted) -> str:
    points = " ".join(str(p) for p in e.points)
    return f"-- {e.round_wind}{e.hand_number} honba {e.honba}  dealer {_seat(e.dealer)}  wall {e.wall_key}  points {points}"


def _won(e: ev.Won) -> str:
    how = "tsumo" if e.tsumo else f"ron from {_seat(e.from_seat)}" + (" (robbing a kan)" if e.robbed_kan else "")
    melds = f" {_melds(e.melds)}" if e.melds else ""
    return f"{_seat(e.seat)} wins by {how} on {_kind_name(e.tile)}: {format_tiles(sorted(map(kind_of_code, e.hand)))}{melds}"


def _scored(e: ev.HandScored) -> str:
    o = e.outcome
    deltas = " ".join(f"{d:+d}" for d in o.deltas)
    extra = _settled(o)
    extra = f"; {extra}" if extra else ""
    if not o.wins:
        return f"   deltas {deltas}{extra}"
    w = o.wins[0]
    yaku = ", ".join(f"{yaku_name(name)} {han}" for name, han in w.yaku)
    payments = " ".join(f"{k} {v}" for k, v in w.payments)
    if w.situation is not None:  # Chinese Official: fan, and the flowers added after the 8-fan minimum
        return f"   {yaku} = {w.han} fan ({w.fan_total} + {w.flowers} flowers); {payments}; deltas {deltas}{extra}"
    limit = f" {w.limit}" if w.limit else ""
    return f"   {yaku} = {w.han} han {w.fu} fu{limit}; {payments}; deltas {deltas}{extra}"


def _exhausted(e: ev.Exhausted) -> str:
    ready = ", ".join(f"{_seat(s)} ({format_tiles(w)})" for s, w in e.ready) or "nobody"
    nagashi = f"; nagashi mangan: {' '.join(_seat(s) for s in e.nagashi)}" if e.nagashi else ""
    return f"exhaustive draw; ready: {ready}{nagashi}"


def _settled(o: HandOutcome) -> str:
    """The riichi extras of a settlement: further winners, pao, sticks left on the table."""
    parts = [f"also {_seat(w.seat)} from {_seat(w.from_seat)}: {w.han} han {w.fu} fu" for w in o.wins[1:]]
    pao = o.wins[0].pao_seat if o.wins else None
    if pao is not None:
        parts.append(f"pao {_seat(pao)}")
    if o.sticks_after:
        parts.append(f"{o.sticks_after} stick(s) stay on the table")
    return "; ".join(parts)


def _ended(e: ev.MatchEnded) -> str:
    return "final: " + "  ".join(f"{place}. {_seat(seat)} {points}" for seat, points, place in e.standings)


_FORMATS: dict[type, Callable[..., str]] = {
    ev.HandStarted: _hand_started,
    ev.Dealt: lambda e: (f"dealt; dora indicator {tile_name(e.dora_indicator)}; wall {e.wall_count}"
                         if e.dora_indicator is not None else f"dealt; wall {e.wall_count}"),
    ev.Drew: lambda e: f"{_seat(e.seat)} draws {tile_name(e.tile)}" + (" (replacement)" if e.replacement else ""),
    ev.FlowerDeclared: lambda e: f"{_seat(e.seat)} declares flower {tile_name(e.tile)}",
    ev.Discarded: lambda e: f"{_seat(e.seat)} discards {tile_name(e.tile)}" + (" (drawn)" if e.tsumogiri else ""),
    ev.Chied: lambda e: f"{_seat(e.seat)} chis {_kind_name(e.claimed)} from {_seat(e.from_seat)}: "
                        f"{format_tiles(sorted(map(kind_of_code, e.tiles)))}",
    ev.Ponned: lambda e: f"{_seat(e.seat)} pons {_kind_name(e.tile)} from {_seat(e.from_seat)}",
    ev.Kanned: lambda e: f"{_seat(e.seat)} kans {_kind_name(e.tile)} from {_seat(e.from_seat)}",
    ev.ClosedKanned: lambda e: f"{_seat(e.seat)} closed kan {tile_name(e.tile)}",
    ev.AddedKanned: lambda e: f"{_seat(e.seat)} added kan {_kind_name(e.tile)}",
    ev.DoraRevealed: lambda e: f"dora indicator {tile_name(e.indicator)} revealed",
    ev.RiichiDeclared: lambda e: f"{_seat(e.seat)} declares riichi",
    ev.RiichiAccepted: lambda e: f"{_seat(e.seat)} riichi stands: 1000 on the table",
    ev.Aborted: lambda e: f"abortive draw: {e.reason.replace('_', ' ')}" + (f" ({_seat(e.seat)})" if e.seat is not None else ""),
    ev.Passed: lambda e: f"{_seat(e.seat)} passes and is furiten" if e.furiten else None,
    ev.Won: _won,
    ev.Exhausted: _exhausted,
    ev.HandScored: _scored,
    ev.MatchEnded: _ended,
}


_WITHOUT_DORA: dict[type, Callable[..., str | None]] = {
    ev.Dealt: lambda e: f"dealt; wall {e.wall_count}",
    ev.DoraRevealed: lambda e: None,
}
"""Where dora do not score (Joy), the log names no indicator: the engine still keeps the
dead wall's tiles, but a reader should not think they count."""


def _line(event: ev.Event, scores_dora: bool) -> str | None:
    fmt = None if scores_dora else _WITHOUT_DORA.get(type(event))
    fmt = fmt or _FORMATS.get(type(event))
    return None if fmt is None else fmt(event)


def log_lines(events: Iterable[ev.Event], match_number: int, scores_dora: bool = True) -> Iterator[str]:
    """The log of one match: a heading, then one line per event (passes are silent,
    unless they leave the seat furiten). ``scores_dora`` is the ruleset's
    :attr:`~mahjong_joy.rulesets.rules.Rules.scores_dora`: without it no dora line."""
    yield f"== match {match_number}"
    for event in events:
        line = _line(event, scores_dora)
        if line is not None:
            yield line


def reasoned_log_lines(events_per_decision: Iterable[tuple[list[ev.Event], int | None, str | None]],
                       match_number: int, scores_dora: bool = True) -> Iterator[str]:
    """The log of one match with each AI decision's reason under the lines it made:
    ``events_per_decision`` yields (events, seat, reason) per decision (the deals too,
    with no seat). Lines are those of :func:`log_lines`; a reason prints as
    ``   S2 thinks: fold: ...``."""
    yield f"== match {match_number}"
    for events, seat, reason in events_per_decision:
        for event in events:
            line = _line(event, scores_dora)
            if line is not None:
                yield line
        if reason:
            yield f"   {_seat(seat)} thinks: {reason}"
