"""Summaries of played matches, for ``simulate`` and ``replay --summary``.

:class:`Summary` totals a run from its event streams alone, so a replayed record
prints exactly what the simulation printed; Joy's lines are the ones it always
printed, and riichi rules add the riichi rate, the draw kinds and the average
final game points on lines of their own. :func:`match_json` is the JSON contract
of ``--json`` (one object per match, one per hand: issue 10, section 7).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong_joy.engine import events as ev
from mahjong_joy.engine.match import Match
from mahjong_joy.engine.outcome import HandOutcome
from mahjong_joy.rulesets.riichi.flow import game_points, order_of
from mahjong_joy.rulesets.rules import Rules


@dataclass
class Summary:
    """Totals over a run, computed from the event streams alone (so replay can too)."""

    rules: Rules | None = None
    matches: int = 0
    hands: int = 0
    wins: int = 0  # hands won (a double ron is one hand won by two winners)
    winners: int = 0  # every win: a double ron counts two
    shared: int = 0  # hands won by more than one winner (double or triple ron)
    tsumo: int = 0
    draws: int = 0  # hands drawn: exhaustive and abortive
    discards: int = 0
    riichi: int = 0
    draw_kinds: Counter = field(default_factory=Counter)
    wins_by_seat: list[int] = field(default_factory=lambda: [0] * 4)
    final_points: list[int] = field(default_factory=lambda: [0] * 4)
    final_scores: list[float] = field(default_factory=lambda: [0.0] * 4)

    def add(self, events: Sequence[ev.Event]) -> None:
        """Fold one match's events in. Hands won, hands drawn (exhaustive and abortive)
        and winners are three numbers: they once shared one count (play test: "hands: 213
        wins: 177 draws: 35" counted double-ron winners as hands and left the abortive
        draws out)."""
        self.matches += 1
        hand_winners = 0
        players = (0, 1, 2, 3)  # who sits in each chair (Chinese Official players move: per-seat lines follow the player)
        for event in events:
            if isinstance(event, ev.Discarded):
                self.discards += 1
            elif isinstance(event, ev.HandStarted):
                hand_winners = 0
                players = event.players
            elif isinstance(event, ev.Won):
                hand_winners += 1
                self.wins += hand_winners == 1
                self.shared += hand_winners == 2
                self.winners += 1
                self.tsumo += event.tsumo
                self.wins_by_seat[players[event.seat]] += 1
            elif isinstance(event, ev.Exhausted):
                self.draws += 1
                self.draw_kinds["exhaustive"] += 1
            elif isinstance(event, ev.Aborted):
                self.draws += 1
                self.draw_kinds[event.reason] += 1
            elif isinstance(event, ev.RiichiAccepted):
                self.riichi += 1
            elif isinstance(event, ev.HandScored):
                self.hands += 1
            elif isinstance(event, ev.MatchEnded):
                self._add_final(event, players)

    def _add_final(self, event: ev.MatchEnded, players: Sequence[int] = (0, 1, 2, 3)) -> None:
        points = [0] * 4
        for chair, seat_points, _ in event.standings:
            seat = players[chair]
            self.final_points[seat] += seat_points
            points[seat] = seat_points
        if self.rules is not None:
            for seat, score in enumerate(game_points(points, order_of(points), self.rules)):
                self.final_scores[seat] += score

    def lines(self) -> list[str]:
        pct = 100.0 * self.wins / self.hands if self.hands else 0.0
        per_hand = self.discards / self.hands if self.hands else 0.0
        avg = [p // max(1, self.matches) for p in self.final_points]
        lines = [
            f"matches: {self.matches}",
            f"hands: {self.hands}  wins: {self.wins} ({pct:.1f}%)  draws: {self.draws}",
            *self._winner_lines(),
            "wins by seat: " + "  ".join(f"S{s} {n}" for s, n in enumerate(self.wins_by_seat)),
            f"tsumo: {self.tsumo}  ron: {self.winners - self.tsumo}",
            f"average turns per hand: {per_hand:.1f}",
            "average final points: " + "  ".join(f"S{s} {p}" for s, p in enumerate(avg)),
        ]
        if self.rules is not None and self.rules.hand.riichi:
            lines += self._riichi_lines()
        return lines

    def _winner_lines(self) -> list[str]:
        """``winners: K`` where a hand can have more than one (riichi rules), or whenever
        the count differs from the hands won."""
        several = self.rules is not None and self.rules.hand.riichi
        if not several and self.winners == self.wins:
            return []
        return [f"winners: {self.winners}  (hands won by two or three: {self.shared})"]

    def _riichi_lines(self) -> list[str]:
        rate = 100.0 * self.riichi / (4 * self.hands) if self.hands else 0.0
        kinds = "  ".join(f"{name} {n}" for name, n in sorted(self.draw_kinds.items())) or "none"
        scores = [s / max(1, self.matches) for s in self.final_scores]
        return [
            f"riichi: {self.riichi} ({rate:.1f}% of seat-hands)",
            f"draw kinds: {kinds}",
            "average final game points: " + "  ".join(f"S{s} {p:+.1f}" for s, p in enumerate(scores)),
        ]


def hand_json(result: HandOutcome) -> dict[str, Any]:
    """One hand of the ``--json`` summary."""
    start = result.start
    assert start is not None
    out = {
        "round_wind": start.round_wind,
        "hand_number": start.hand_number,
        "honba": start.honba,
        "dealer": start.dealer,
        "sticks_before": start.sticks,
        "start_points": list(start.points),
        "end": result.end,
        "abort_reason": result.abort,
        "wins": [_win_json(w) for w in result.wins],
        "riichi": list(result.riichi),
        "tenpai": [seat for seat, _ in result.ready] if result.end == "exhaustive_draw" else [],
        "nagashi": list(result.nagashi),
        "deltas": list(result.deltas),
        "end_points": list(result.points),
        "sticks_after": result.sticks_after,
    }
    if result.flowers:  # Chinese Official: each seat's flowers, and who sits in each chair (RULES.md B3)
        out["flowers"] = [list(codes) for codes in result.flowers]
        out["players"] = list(start.players)
    return out


def _win_json(w: Any) -> dict[str, Any]:
    """One win of the ``--json`` summary; a Chinese Official win adds its situation (the
    object ``mahjong-joy score --rules mcr`` reads), its fan total without flowers, its
    flowers and its fan rows as that command prints them."""
    out = {"seat": w.seat, "from_seat": w.from_seat, "tsumo": w.tsumo, "han": w.han, "fu": w.fu,
           "yakuman": w.yakuman, "yaku": [[name, han] for name, han in w.yaku], "pao_seat": w.pao_seat}
    if w.situation is not None:
        out.update(situation=w.situation, fan_total=w.fan_total, flowers=w.flowers,
                   fan=[[name, value, count] for name, value, count in w.fan])
    return out


def match_json(match: Match) -> dict[str, Any]:
    """One match of the ``--json`` summary: its rules, seed, hands and final table."""
    standings = sorted(match.standings(), key=lambda s: s.seat)
    out = {
        "rules": match.rules.to_dict(),
        "seed": match.seed,
        "hands": [hand_json(r) for r in match.results],
        "final_points": [s.points for s in standings],
        "final_placements": [s.placement for s in standings],
        "final_scores": [s.score for s in standings],
    }
    players = match.hand.players
    if players != (0, 1, 2, 3):
        out["final_players"] = list(players)  # the final table's chairs: who sits where (RULES.md B3)
    return out


def seats_json(event_streams: Sequence[Sequence[ev.Event]], kinds: Sequence[str]) -> list[dict[str, Any]]:
    """Per seat over a run (issue 13): its AI, hands, wins, tsumo wins, deal-ins,
    riichi declarations, calls (chi, pon, open kan), points won or lost over the
    matches, and how often it placed 1st to 4th."""
    seats = [
        {"seat": s, "ai": kinds[s], "hands": 0, "wins": 0, "tsumo": 0, "deal_ins": 0, "riichi": 0, "calls": 0,
         "points_delta": 0, "placements": [0, 0, 0, 0]}
        for s in range(4)
    ]
    for events in event_streams:
        start: tuple[int, ...] | None = None
        players: Sequence[int] = (0, 1, 2, 3)  # who sits in each chair: the lines are per player (seat of the first hand)
        for event in events:
            if isinstance(event, ev.HandStarted):
                start = start or event.points
                players = event.players
            elif isinstance(event, ev.HandScored):
                for seat in seats:
                    seat["hands"] += 1
            elif isinstance(event, ev.Won):
                seats[players[event.seat]]["wins"] += 1
                if event.tsumo:
                    seats[players[event.seat]]["tsumo"] += 1
                else:
                    seats[players[event.from_seat]]["deal_ins"] += 1
            elif isinstance(event, ev.RiichiDeclared):
                seats[players[event.seat]]["riichi"] += 1
            elif isinstance(event, (ev.Chied, ev.Ponned, ev.Kanned)):
                seats[players[event.seat]]["calls"] += 1
            elif isinstance(event, ev.MatchEnded):
                for chair, points, place in event.standings:
                    seat = players[chair]
                    seats[seat]["points_delta"] += points - (start[seat] if start else points)
                    seats[seat]["placements"][place - 1] += 1
    return seats
