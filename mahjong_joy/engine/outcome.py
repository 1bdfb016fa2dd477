"""How a hand ended and was paid: one shape from the engine to the history.

A :class:`HandOutcome` is either a tuple of wins (a double or triple ron has
several, each a :class:`WinResult` with its own seat, source, tiles, score and
deltas; none is "the" winner) or a draw with its :class:`DrawReason`; around it
the table before (``start``) and after (``points``, ``sticks_after``) and the
settlement's ``deltas``. The match settles a hand into it, the ``HandScored``
event carries it, and the score screen, the win reveal, the summaries and the
history read it as it is.

:func:`outcome_to_dict` / :func:`outcome_from_dict` are its JSON form. Event streams
stored before the outcome existed wrote a settled hand as the first winner in top
fields and the later ones as 7-tuples (``more_wins``); :func:`outcome_from_dict`
reads that form too, into an outcome holding what it carried.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from mahjong_joy.errors import RecordError
from mahjong_joy.melds import Meld
from mahjong_joy.rulesets.base import SAME_CHAIRS, TableState


class DrawReason(str, Enum):
    """Why a hand ended without a win: the wall ran out, or an abortive draw."""

    EXHAUSTIVE = "exhaustive"
    NINE_TERMINALS = "nine_terminals"
    FOUR_WINDS = "four_winds"
    FOUR_KANS = "four_kans"
    FOUR_RIICHI = "four_riichi"
    TRIPLE_RON = "triple_ron"

    @property
    def abortive(self) -> bool:
        return self is not DrawReason.EXHAUSTIVE


@dataclass(frozen=True, slots=True)
class WinResult:
    """One scored win of a hand: the winning tile, the concealed hand (winning tile
    included) and the melds as codes, as the table shows them; its score; and
    ``deltas``, this win's own changes (the first win takes the sticks)."""

    seat: int
    from_seat: int
    tsumo: bool
    win_tile: int
    hand: tuple[int, ...]
    melds: tuple[Meld, ...]
    yaku: tuple[tuple[str, int], ...]
    han: int
    fu: int
    yakuman: int
    limit: str
    payments: tuple[tuple[str, int], ...]
    fu_details: tuple[tuple[str, int, str], ...]
    pao_seat: int | None
    ura_indicators: tuple[int, ...]
    deltas: tuple[int, ...] = (0, 0, 0, 0)
    # Chinese Official (empty for riichi): the fan rows ``(id, value, count)`` as
    # ``mahjong-joy score --rules mcr --json`` prints them (flowers last), the fan total
    # without flowers, the flowers, and the self-contained situation that command reads
    # (so the win can be scored again on its own). ``han`` is the total with flowers.
    fan: tuple[tuple[str, int, int], ...] = ()
    fan_total: int = 0
    flowers: int = 0
    situation: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A settled hand: ``wins`` nearest the discarder first (empty on a draw), else
    ``draw``; ``ready`` the tenpai seats with their waits (kinds) and ``nagashi`` the
    nagashi-mangan seats of an exhaustive draw; ``riichi`` the seats whose riichi stick
    went down; ``start`` the table at the deal; ``deltas`` the settlement's changes (not
    the sticks put down during the hand); ``points`` and ``sticks_after`` the table after;
    ``flowers`` each seat's declared flowers (Chinese Official play)."""

    wins: tuple[WinResult, ...]
    draw: DrawReason | None
    deltas: tuple[int, ...]
    points: tuple[int, ...]
    ready: tuple[tuple[int, tuple[int, ...]], ...] = ()
    nagashi: tuple[int, ...] = ()
    riichi: tuple[int, ...] = ()
    start: TableState | None = None
    sticks_after: int = 0
    flowers: tuple[tuple[int, ...], ...] = ()  # per seat, the flowers declared (codes); empty without flowers

    @property
    def end(self) -> str:
        """``win``, ``exhaustive_draw`` or ``abortive_draw``."""
        if self.wins:
            return "win"
        return "abortive_draw" if self.abort else "exhaustive_draw"

    @property
    def abort(self) -> str | None:
        """The abortive draw's reason (``four_kans`` ...), else ``None``."""
        return self.draw.value if self.draw is not None and self.draw.abortive else None

    @property
    def winners(self) -> tuple[int, ...]:
        """Every winning seat, in the order the wins were settled."""
        return tuple(w.seat for w in self.wins)

    def win_of(self, seat: int) -> WinResult | None:
        """``seat``'s win in this hand, if it won."""
        return next((w for w in self.wins if w.seat == seat), None)


# ---------------------------------------------------------------- JSON form


def outcome_to_dict(outcome: HandOutcome) -> dict[str, Any]:
    """Plain JSON (lists, not tuples) of an outcome, read back by :func:`outcome_from_dict`."""
    start = outcome.start
    out = {
        "wins": [_win_to_dict(w) for w in outcome.wins],
        "draw": None if outcome.draw is None else outcome.draw.value,
        "deltas": list(outcome.deltas),
        "points": list(outcome.points),
        "ready": [[seat, list(waits)] for seat, waits in outcome.ready],
        "nagashi": list(outcome.nagashi),
        "riichi": list(outcome.riichi),
        "start": None if start is None else _table_list(start),
        "sticks_after": outcome.sticks_after,
    }
    if outcome.flowers:
        out["flowers"] = [list(codes) for codes in outcome.flowers]
    return out


def _table_list(start: TableState) -> list[Any]:
    """A table as the outcome stores it; ``players`` only when someone moved (Chinese
    Official), so riichi outcomes read as before."""
    out = [start.round_wind, start.hand_number, start.honba, start.dealer, list(start.points), start.sticks]
    if start.players != SAME_CHAIRS:
        out.append(list(start.players))
    return out


def _win_to_dict(w: WinResult) -> dict[str, Any]:
    return {
        "seat": w.seat, "from_seat": w.from_seat, "tsumo": w.tsumo, "win_tile": w.win_tile, "hand": list(w.hand),
        "melds": [[m.type, list(m.tiles), m.claimed, m.from_seat] for m in w.melds],
        "yaku": [[name, han] for name, han in w.yaku], "han": w.han, "fu": w.fu, "yakuman": w.yakuman,
        "limit": w.limit, "payments": [[k, v] for k, v in w.payments],
        "fu_details": [list(line) for line in w.fu_details], "pao_seat": w.pao_seat,
        "ura_indicators": list(w.ura_indicators), "deltas": list(w.deltas),
        **({} if w.situation is None else {
            "fan": [list(row) for row in w.fan], "fan_total": w.fan_total, "flowers": w.flowers,
            "situation": w.situation,
        }),
    }


def outcome_from_dict(data: dict[str, Any]) -> HandOutcome:
    """The outcome of a ``hand_scored`` event dict: the current form (``outcome``), or
    the form stored before it (the first win in top fields, later wins in ``more_wins``).
    Raises :class:`~mahjong_joy.errors.RecordError` naming what is malformed."""
    try:
        if "outcome" in data:
            return _read_outcome(data["outcome"])
        return _read_flat(data)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"hand_scored event is malformed: {exc!r}") from None


def _pairs(items: Any) -> tuple[tuple[Any, Any], ...]:
    return tuple((a, b) for a, b in items)


def _read_outcome(o: dict[str, Any]) -> HandOutcome:
    start = o.get("start")
    return HandOutcome(
        wins=tuple(_read_win(w) for w in o["wins"]),
        draw=None if o["draw"] is None else DrawReason(o["draw"]),
        deltas=tuple(o["deltas"]),
        points=tuple(o["points"]),
        ready=tuple((seat, tuple(waits)) for seat, waits in o.get("ready", ())),
        nagashi=tuple(o.get("nagashi", ())),
        riichi=tuple(o.get("riichi", ())),
        start=None if start is None else TableState(start[0], start[1], start[2], start[3], tuple(start[4]), start[5],
                                                    tuple(start[6]) if len(start) > 6 else SAME_CHAIRS),
        sticks_after=o.get("sticks_after", 0),
        flowers=tuple(tuple(codes) for codes in o.get("flowers", ())),
    )


def _read_win(w: dict[str, Any]) -> WinResult:
    return WinResult(
        w["seat"], w["from_seat"], w["tsumo"], w["win_tile"], tuple(w["hand"]),
        tuple(Meld(kind, tuple(tiles), claimed, src) for kind, tiles, claimed, src in w["melds"]),
        _pairs(w["yaku"]), w["han"], w["fu"], w["yakuman"], w["limit"], _pairs(w["payments"]),
        tuple((reason, fu, tiles) for reason, fu, tiles in w["fu_details"]), w["pao_seat"],
        tuple(w["ura_indicators"]), tuple(w["deltas"]),
        tuple((name, value, count) for name, value, count in w.get("fan", ())), w.get("fan_total", 0),
        w.get("flowers", 0), w.get("situation"),
    )


def _read_flat(d: dict[str, Any]) -> HandOutcome:
    """The form before the outcome: ``winner``, ``from_seat``, ``yaku``, ``han``, ``fu``,
    ``limit``, ``payments``, ``deltas``, ``points``, optional ``more_wins`` as (seat,
    from_seat, han, fu, limit, yaku, gain), ``abort``, ``nagashi``, ``pao``, ``sticks``.
    What it never held (tiles, fu lines) reads as empty."""
    deltas, points = tuple(d["deltas"]), tuple(d["points"])
    wins: list[WinResult] = []
    if d.get("winner") is not None:
        seat, src = d["winner"], d["from_seat"]
        wins.append(WinResult(seat, src, seat == src, -1, (), (), _pairs(d["yaku"]), d["han"], d["fu"], 0, d["limit"],
                              _pairs(d["payments"]), (), d.get("pao"), (), deltas if not d.get("more_wins") else (0,) * 4))
    for seat, src, han, fu, limit, yaku, gain in d.get("more_wins", ()):
        own = tuple(gain if s == seat else 0 for s in range(4))
        wins.append(WinResult(seat, src, seat == src, -1, (), (), _pairs(yaku), han, fu, 0, limit, (), (), None, (), own))
    abort = d.get("abort") or None
    draw = None if wins else DrawReason(abort) if abort else DrawReason.EXHAUSTIVE
    return HandOutcome(tuple(wins), draw, deltas, points, nagashi=tuple(d.get("nagashi", ())),
                       sticks_after=d.get("sticks", 0))


def scored_facts(outcome: HandOutcome) -> tuple[Any, ...]:
    """What every stored form of a settled hand holds: each win's seat, source and score,
    the first win's payments and pao seat, the deltas, points, the draw, nagashi and the
    sticks left. Two outcomes of one hand agree on these whichever form they were read from."""
    first = outcome.wins[0] if outcome.wins else None
    return (
        tuple((w.seat, w.from_seat, w.han, w.fu, w.limit, w.yaku) for w in outcome.wins),
        first.payments if first else (), first.pao_seat if first else None,
        outcome.deltas, outcome.points, outcome.draw, outcome.nagashi, outcome.sticks_after,
    )
