"""Chinese Official (MCR) as a played ruleset: the hand questions, payments and the match.

The engine asks every family question through :class:`~mahjong_joy.rulesets.base.Ruleset`;
this class answers them for the ``mcr`` preset (RULES.md part B):

- A hand wins in any MCR form (regular, seven pairs with four identical tiles as two
  pairs, thirteen orphans, knitted straight, honors and knitted tiles); the engine
  offers a Hu only when :meth:`score` finds at least 8 fan without flowers (the
  scoring block's ``yaku_required``), so a false Hu cannot happen (B2 "8-fan minimum",
  "False Hu"; C2-1).
- A win's situation is the :class:`~mahjong_joy.rulesets.mcr.situation.McrSituation`
  that ``mahjong-joy score --rules mcr`` reads, built from the engine's neutral
  :class:`~mahjong_joy.rulesets.win.WinContext`: self-drawn, the last tile drawn or
  claimed, a kong's replacement (never a flower's), robbing an added kong, 和绝张
  from the copies face up on the table, the winds and the flowers (B4).
- Payments (B2 "Payments"): a discard win of x fan (flowers included) costs the
  discarder 8 + x and the other two 8 each; a self-draw costs each of the three 8 + x;
  robbing the kong is paid by the kong's owner as the discarder. An exhaustive draw
  pays nothing. Points start at 0, so they always sum to 0.
- The match (B3): sixteen hands, East to North, four each; the deal passes after every
  hand (no repeat, no honba) and each round is dealt first from the East chair; at the
  start of South, West and North the players change chairs as the Green Book says
  (:func:`green_book_chairs`), so the player the chairs move into the East chair deals
  first. Final standings by points, ties to the earlier player (the one who sat earlier
  in the first hand); table points by placement from ``rules.table.uma`` (our choice:
  4 / 2 / 1 / 0, as MCR competitions award them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong_joy.errors import MahjongJoyError
from mahjong_joy.hand.agari import is_winning_hand
from mahjong_joy.hand.mcr_forms import decompositions_of_counts, mcr_shanten
from mahjong_joy.melds import ADDED_KAN, CHI, CLOSED_KAN, KAN, PON, Meld
from mahjong_joy.rulesets.base import SAME_CHAIRS, Ruleset, ScoredWin, Settlement, Standing, TableState
from mahjong_joy.rulesets.mcr.scorer import BASE_PAYMENT, McrScore, score_mcr
from mahjong_joy.rulesets.mcr.situation import CHOW, CONCEALED_KONG, KONG, PUNG, McrMeld, McrRules, McrSituation
from mahjong_joy.rulesets.rules import Rules
from mahjong_joy.rulesets.win import WinContext
from mahjong_joy.tiles import KIND_OF_CODE

ROUNDS = "ESWN"
HANDS_PER_ROUND = 4
_MELD_KINDS = {CHI: CHOW, PON: PUNG, KAN: KONG, ADDED_KAN: KONG, CLOSED_KAN: CONCEALED_KONG}

# The Green Book's chair changes (RULES.md B3 "Seat changes"; SHI; 「东南走之字，西北转圈圈」):
# the new occupant of each chair (E, S, W, N chairs = seats 0..3), given as the chair
# its player comes from, at the start of South, West and North.
_CHAIR_MOVES = {
    "S": (1, 0, 3, 2),  # East <-> South, West <-> North
    "W": (3, 2, 0, 1),  # East -> West, West -> South, South -> North, North -> East
    "N": (1, 0, 3, 2),  # East <-> South, West <-> North again
}


def green_book_chairs(players: Sequence[int], round_wind: str) -> tuple[int, ...]:
    """Who sits in each chair once the round ``round_wind`` starts (the players of the
    round before in ``players``, chair by chair).

    >>> east = (0, 1, 2, 3)
    >>> south = green_book_chairs(east, "S"); south
    (1, 0, 3, 2)
    >>> west = green_book_chairs(south, "W"); west
    (2, 3, 1, 0)
    >>> green_book_chairs(west, "N")
    (3, 2, 0, 1)
    """
    moves = _CHAIR_MOVES.get(round_wind)
    if moves is None:
        return tuple(players)
    return tuple(players[source] for source in moves)


def mcr_meld(meld: Meld) -> McrMeld:
    """The scorer's meld of a table's meld (an added kong is a melded kong)."""
    return McrMeld(_MELD_KINDS[meld.type], meld.kinds)


def situation_of(win: WinContext, rules: McrRules) -> McrSituation:
    """The scorer's situation of a win the engine describes (RULES.md B4): a kong's
    replacement is 杠上开花 (the engine sets ``rinshan`` only for a kong's), the empty
    wall makes the draw 妙手回春 or the claim 海底捞月 (a replacement that empties the
    wall is the last tile too: both fan, C2-12), and three other copies face up make
    和绝张, never with robbing the kong."""
    return McrSituation(
        hand=tuple(sorted(KIND_OF_CODE[c] for c in win.hand)),
        win_tile=KIND_OF_CODE[win.win_tile],
        melds=tuple(mcr_meld(m) for m in win.melds),
        tsumo=win.tsumo,
        last_tile=win.visible_copies >= 3 and not win.chankan,
        kong_replacement=win.tsumo and win.rinshan,
        robbing_kong=win.chankan,
        last_wall_tile=win.wall_empty and not win.chankan,
        seat_wind=win.seat_wind,
        round_wind=win.round_wind,
        flowers=win.flowers,
        rules=rules,
    )


def paid_for(score_total: int, winner: int, from_seat: int) -> tuple[int, ...]:
    """What each seat pays for one win of ``score_total`` fan, flowers included (B2 "Payments").

    >>> paid_for(10, 2, 0)   # a discard win: the discarder 8 + 10, the others 8
    (18, 8, 0, 8)
    >>> paid_for(10, 2, 2)   # self-drawn: each 8 + 10
    (18, 18, 0, 18)
    """
    paid = [0, 0, 0, 0]
    for seat in range(4):
        if seat == winner:
            continue
        if winner == from_seat or seat == from_seat:
            paid[seat] = BASE_PAYMENT + score_total
        else:
            paid[seat] = BASE_PAYMENT
    return tuple(paid)


class McrFamily(Ruleset):
    """Chinese Official play under ``rules`` (family ``mcr``)."""

    counts_visible_copies = True  # Last Tile (和绝张, RULES.md B4) reads them

    def __init__(self, rules: Rules) -> None:
        if rules.family != "mcr" or not isinstance(rules.scoring, McrRules):
            raise MahjongJoyError(f"rules {rules.name!r} are not Chinese Official rules")
        self.rules = rules
        self.name = rules.name
        self.starting_points = rules.table.starting_points

    def options(self) -> dict[str, Any]:
        return self.rules.to_dict()

    def can_win(self, counts34: Sequence[int], melds: int) -> bool:
        """A complete hand in some MCR form (the shape only: the 8 fan are the score's)."""
        if sum(counts34) + 3 * melds != 14:
            return False
        if is_winning_hand(counts34, melds, quad_as_two_pairs=True):  # regular, seven pairs, thirteen orphans
            return True
        if melds > 1:
            return False
        key = bytes(counts34)
        knitted = 27 - key[:27].count(0) >= 9  # a knitted straight needs all nine number kinds of its pattern
        # honors and knitted tiles (B6 20, 34): fourteen different tiles, as few as seven of them numbers
        honors_and_knitted = not melds and key.count(1) == 14
        return (knitted or honors_and_knitted) and bool(decompositions_of_counts(list(counts34), melds))

    def shanten(self, counts34: Sequence[int], melds: int) -> int:
        tiles = [k for k in range(len(counts34)) for _ in range(counts34[k])]
        return mcr_shanten(tiles, melds)

    def situation(self, win: WinContext) -> McrSituation:
        return situation_of(win, self.rules.scoring)  # type: ignore[arg-type]

    def score(self, situation: McrSituation) -> McrScore:
        return score_mcr(situation)

    def result_fields(self, score: McrScore, situation: McrSituation) -> dict[str, Any]:
        """The win's fan rows, totals and situation (``han`` the total with flowers)."""
        return {
            "yaku": tuple((name, value * count) for name, value, count in score.fan),
            "han": score.total, "fu": 0, "yakuman": 0, "limit": "",
            "payments": tuple(sorted(score.payments.items())), "fu_details": (), "ura_indicators": (),
            "fan": score.fan, "fan_total": score.fan_total, "flowers": score.flowers,
            "situation": situation.to_dict(),
        }

    def settle(self, end: Any, table: TableState) -> Settlement:
        """Pay the hand (B2 "Payments", "Exhaustive draw"); the deal always passes."""
        if not end.wins:
            return Settlement((), (0, 0, 0, 0), 0, False, 0, (), ())
        win = end.wins[0]  # one winner per discard: head bump (B2)
        scored = self.score(win.situation)
        if not scored.valid:
            raise MahjongJoyError(f"the MCR scorer rejected a win the engine accepted: {scored.message}")
        paid = paid_for(scored.total, win.seat, win.from_seat)
        deltas = tuple(sum(paid) if seat == win.seat else -paid[seat] for seat in range(4))
        return Settlement((ScoredWin(win.seat, win.from_seat, win.tsumo, scored, None, paid),), deltas, 0, False, 0, (), ())

    def next_table(self, table: TableState, points: Sequence[int], settlement: Settlement,
                   aborted: bool) -> TableState | None:
        """The next of the sixteen hands (B3): the deal passes to the next chair, a new
        round's first hand included, which is the East chair again: the chair the round
        before was first dealt from, where the original East sat in the first hand. The
        players change chairs there (their points with them), so a new round's first
        dealer is whoever the Green Book moves into that chair (B A D C, C D B A, D C A B),
        not the original East ("seat's winds are reassigned starting by the seat where was
        the initial East player" [SHI]; GBH's score sheet: the player starting East sits
        East, South, North, West in the four rounds; RULES.md B3 "Seat changes")."""
        round_index = ROUNDS.index(table.round_wind)
        if table.hand_number < HANDS_PER_ROUND:
            return TableState(table.round_wind, table.hand_number + 1, 0, (table.dealer + 1) % 4, tuple(points), 0,
                              table.players)
        if round_index + 1 >= len(ROUNDS):
            return None
        wind = ROUNDS[round_index + 1]
        players = (green_book_chairs(table.players, wind) if self.rules.table.seat_changes == "green_book"
                   else table.players)
        moved = tuple(points[table.chair_of(player)] for player in players)
        east_chair = (table.dealer + 1) % 4  # the round's fourth dealer's next chair: its first dealer's
        return TableState(wind, 1, 0, east_chair, moved, 0, players)

    def final_standings(self, points: Sequence[int], sticks: int,
                        players: Sequence[int] = SAME_CHAIRS) -> tuple[Standing, ...]:
        """Places by points, ties to the earlier player; table points by place."""
        order = sorted(range(4), key=lambda chair: (-points[chair], players[chair]))
        table_points = self.rules.table.uma
        return tuple(Standing(chair, points[chair], place + 1, float(table_points[place]))
                     for place, chair in enumerate(order))


def score_of_win(win: Any) -> McrScore:
    """The MCR score of a settled win (a :class:`~mahjong_joy.engine.outcome.WinResult`),
    scored again from the situation it carries: the same object ``score --rules mcr`` gives."""
    if getattr(win, "situation", None) is None:
        raise MahjongJoyError("this win carries no Chinese Official situation")
    return score_mcr(McrSituation.from_dict(win.situation))
