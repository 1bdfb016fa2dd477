"""The player's statistics, computed from the match history, overall and per ruleset.

Every figure is from the player's point of view: each match row says which
seat was the player's, and only what the player played counts. In a match
continued from a record (Play from here) the hands before the takeover were the
AI's, and so was part of the hand taken over: the figures count from the first
hand the player played from its deal (the row's tally,
:func:`~mahjong_joy.storage.history.player_tally`), and such a match left
unfinished is no match played (no placement, not in ``matches``), though its
hands played from the deal still count. Rates are over hands played; a rate with nothing to
divide by is ``None`` (shown as "no matches yet"), never a misleading zero, and
so is a figure the history does not know (riichi and game points were first
stored in history version 2) or one the ruleset does not have (Joy has no riichi
and pays no uma, so its game points would only restate its points).

The figures are SQL aggregates over the history's checked rows (``GROUP BY
ruleset``), a handful of queries whatever the number of matches, instead of one
query and a few dozen Python objects per match. "All" is the sum of the
rulesets' tallies, so the two can never disagree.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from mahjong_joy.i18n import tr
from mahjong_joy.names import yaku_name
from mahjong_joy.rulesets.mcr.fan import ROW_BY_ID as FAN_BY_ID
from mahjong_joy.rulesets.presets import PRESETS
from mahjong_joy.storage.history import COUNTS_AS_PLAYED, History

RECENT = 20  # placements shown on the chart

# Per ruleset: matches played, finished 1st..4th, game points where known, and the sums of the
# player's tallies (history.PlayerTally): hands, wins and their points, deal-ins, riichi where known.
MATCH_TALLY = f"""SELECT ruleset, count(CASE WHEN {COUNTS_AS_PLAYED} THEN 1 END),
    sum(placement = 1), sum(placement = 2), sum(placement = 3), sum(placement = 4),
    count(game_points), total(game_points), total(tally_hands), total(wins), total(win_points), total(deal_ins),
    total(CASE WHEN riichi IS NOT NULL THEN tally_hands END), total(riichi)
FROM good_matches GROUP BY ruleset"""
# The best win of a ruleset: most points, then han; the earlier one keeps a tie.
BEST_HAND = """SELECT played_at, id, best_hand, player_seat FROM good_matches WHERE ruleset = ? AND best_hand IS NOT NULL
    ORDER BY best_points DESC, best_han DESC, played_at, id LIMIT 1"""
# The fan of the player's own wins in one ruleset (scored in fan: Chinese Official), over the
# hands the player played (a branch counts from its first hand). One winner per discard there
# (RULES.md B2 "head bump"), so a hand's first win is the only one.
WIN_FAN = """SELECT total(h.han), count(*) FROM hands h JOIN good_matches m ON h.match_id = m.id
    WHERE m.ruleset = ? AND h.winner = m.player_seat AND h.number >= coalesce(m.first_hand, 1)"""
RECENT_PLACEMENTS = "SELECT placement FROM good_matches WHERE placement BETWEEN 1 AND 4{} ORDER BY played_at DESC, id DESC LIMIT ?"


@dataclass(frozen=True, slots=True)
class BestHand:
    """The player's highest-scoring win."""

    points: int
    han: int
    fu: int
    limit: str
    yaku: tuple[str, ...]
    played_at: str
    ruleset: str
    match_id: int
    label: str


@dataclass(frozen=True, slots=True)
class Figures:
    """What the Stats screen and ``mahjong-joy stats`` show for one ruleset (``ruleset`` ``""``: all of them)."""

    ruleset: str = ""
    matches: int = 0
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    placements: tuple[int, int, int, int] = (0, 0, 0, 0)  # finished matches the player ended 1st..4th
    average_placement: float | None = None
    win_rate: float | None = None
    deal_in_rate: float | None = None
    average_win_points: float | None = None
    riichi_rate: float | None = None  # declarations per hand, over the hands whose riichi is known
    riichi_hands: int = 0  # those hands
    average_game_points: float | None = None  # over the finished matches whose game points are known
    game_point_matches: int = 0  # those matches
    best_hand: BestHand | None = None
    recent_placements: tuple[int, ...] = ()  # oldest first
    average_fan: float | None = None  # fan a win (flowers included), for a ruleset scored in fan

    @property
    def is_empty(self) -> bool:
        """True before the first match and the first hand played: the screen and CLI say
        "no matches yet" (a branch left unfinished is no match, but its hands played are)."""
        return self.matches == 0 and self.hands == 0


@dataclass(frozen=True, slots=True)
class Stats(Figures):
    """The figures over every match, with each ruleset's own (keyed by ruleset name, presets first)."""

    win_rate_by_ruleset: dict[str, float] = field(default_factory=dict)
    by_ruleset: dict[str, Figures] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON form (tuples as lists)."""
        return _plain(asdict(self))


def _plain(value: Any) -> Any:
    """``asdict`` output with tuples as lists, all the way down."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


@dataclass(slots=True)
class _Tally:
    """One ruleset's sums as the queries give them; "All" adds the rulesets' tallies up."""

    matches: int = 0
    placed: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    game_point_matches: int = 0
    game_points: float = 0.0
    hands: int = 0
    wins: int = 0
    win_points: float = 0.0
    deal_ins: int = 0
    riichi_hands: int = 0
    riichi: int = 0

    def add(self, other: _Tally) -> None:
        for name in ("matches", "game_point_matches", "game_points", "hands", "wins", "win_points", "deal_ins",
                     "riichi_hands", "riichi"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.placed = [a + b for a, b in zip(self.placed, other.placed)]


def compute_stats(history: History) -> Stats:
    """Statistics over every readable match in ``history``, overall and per ruleset."""
    tallies = _tallies(history)
    if not tallies:
        return Stats()
    bests = {name: best for name in tallies if (best := _best_hand(history, name)) is not None}
    by_ruleset = {name: Figures(**_figures(name, tally, bests.get(name), _recent(history, name)),
                                average_fan=_average_fan(history, name))
                  for name, tally in sorted(tallies.items(), key=lambda item: ruleset_order(item[0]))}
    overall = _Tally()
    for tally in tallies.values():
        overall.add(tally)
    best = min(bests.values(), key=lambda b: b[0], default=None)
    return Stats(**_figures("", overall, best, _recent(history, None)), by_ruleset=by_ruleset,
                 win_rate_by_ruleset={name: f.win_rate for name, f in by_ruleset.items() if f.win_rate is not None})


def ruleset_order(name: str) -> tuple[int, str]:
    """The presets in the order the game offers them, then any other recorded name by name."""
    names = list(PRESETS)
    return (names.index(name), "") if name in names else (len(names), name)


def _tallies(history: History) -> dict[str, _Tally]:
    tallies: dict[str, _Tally] = {}
    for name, matches, *placed, gp_matches, gp_total, hands, wins, win_points, deal_ins, riichi_hands, riichi \
            in history.query(MATCH_TALLY):
        tallies[str(name)] = _Tally(int(matches), [int(n or 0) for n in placed], int(gp_matches), float(gp_total),
                                    int(hands), int(wins), float(win_points), int(deal_ins), int(riichi_hands), int(riichi))
    return tallies


def _best_hand(history: History, ruleset: str) -> tuple[tuple[Any, ...], BestHand] | None:
    """The ruleset's best win, with the key that orders bests across rulesets (smallest is best)."""
    for played_at, match_id, number, seat in history.query(BEST_HAND, (ruleset,)):
        hand = history.hand(match_id, number)
        win = None if hand is None else hand.win_of(seat)  # the player's own: first or later in a double ron
        if hand is not None and win is not None:
            best = BestHand(win.points, win.han, win.fu, win.limit, tuple(y for y, _ in win.yaku), str(played_at), ruleset,
                            int(match_id), hand.label)
            return (-win.points, -win.han, str(played_at), int(match_id)), best
    return None


def _average_fan(history: History, ruleset: str) -> float | None:
    """The player's fan a win in a ruleset scored in fan (``None`` elsewhere, or before a win)."""
    if not scores_fan(ruleset):
        return None
    for fan, wins in history.query(WIN_FAN, (ruleset,)):
        return float(fan) / int(wins) if wins else None
    return None


def _recent(history: History, ruleset: str | None) -> tuple[int, ...]:
    """The last :data:`RECENT` placements (of one ruleset, or all), oldest first."""
    if ruleset is None:
        rows = history.query(RECENT_PLACEMENTS.format(""), (RECENT,))
    else:
        rows = history.query(RECENT_PLACEMENTS.format(" AND ruleset = ?"), (ruleset, RECENT))
    return tuple(int(place) for (place,) in reversed(rows))


def _figures(ruleset: str, t: _Tally, best: tuple[Any, BestHand] | None, recent: tuple[int, ...]) -> dict[str, Any]:
    """The fields of :class:`Figures` from a tally (every rate ``None`` where nothing divides)."""
    placed = sum(t.placed)
    riichi_known = t.riichi_hands and has_riichi(ruleset)
    game_points_known = t.game_point_matches and pays_game_points(ruleset)
    return dict(
        ruleset=ruleset,
        matches=t.matches,
        hands=t.hands,
        wins=t.wins,
        deal_ins=t.deal_ins,
        placements=(t.placed[0], t.placed[1], t.placed[2], t.placed[3]),
        average_placement=sum(place * n for place, n in enumerate(t.placed, 1)) / placed if placed else None,
        win_rate=t.wins / t.hands if t.hands else None,
        deal_in_rate=t.deal_ins / t.hands if t.hands else None,
        average_win_points=t.win_points / t.wins if t.wins else None,
        riichi_rate=t.riichi / t.riichi_hands if riichi_known else None,
        riichi_hands=t.riichi_hands if riichi_known else 0,
        average_game_points=t.game_points / t.game_point_matches if game_points_known else None,
        game_point_matches=t.game_point_matches if game_points_known else 0,
        best_hand=None if best is None else best[1],
        recent_placements=recent,
    )


def has_riichi(ruleset: str) -> bool:
    """Riichi figures belong to one ruleset that has riichi; "All" mixes Joy's riichi-less hands in.
    A ruleset name the game no longer ships is judged by its stored figures alone."""
    rules = PRESETS.get(ruleset)
    return bool(ruleset) and (rules is None or rules.hand.riichi)


def pays_game_points(ruleset: str) -> bool:
    """Game points mean something where the preset pays uma or oka (and "All" would mix scales)."""
    rules = PRESETS.get(ruleset)
    return bool(ruleset) and (rules is None or any(rules.table.uma) or rules.table.oka)


def scores_fan(ruleset: str) -> bool:
    """Whether a ruleset is scored in fan (Chinese Official) rather than han and fu."""
    rules = PRESETS.get(ruleset)
    return rules is not None and getattr(rules, "family", "riichi") == "mcr"


def yaku_label(name: str) -> str:
    """A stored yaku or fan id as players read it: ``menzen_tsumo`` -> ``Concealed self-draw``,
    ``big_three_dragons`` -> ``Big Three Dragons``."""
    fan = FAN_BY_ID.get(name)
    return tr(fan.name) if fan is not None else yaku_name(name)  # no id names both a yaku and a fan


def best_hand_text(best: BestHand | None) -> str:
    """One line for the best hand, e.g. ``8,000 points: 4 han 30 fu, mangan (Riichi, Tanyao) on 2026-01-05``."""
    if best is None:
        return "no wins yet"
    if scores_fan(best.ruleset):
        return tr("{fan} fan, +{points}: {names} on {date}", fan=best.han, points=best.points,
                  names=", ".join(yaku_label(y) for y in best.yaku), date=best.played_at[:10])
    value = f"{best.han} han {best.fu} fu" + (f", {best.limit.replace('_', ' ')}" if best.limit else "")
    return f"{best.points:,} points: {value} ({', '.join(yaku_label(y) for y in best.yaku)}) on {best.played_at[:10]}"
