"""Small pure predicates the referee asks, and the reasons it gives when it refuses.

Each takes plain values (counts, tile ids, a claim option), so the rules they
encode can be tested on their own; each cites the RULES.md row it implements.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import TYPE_CHECKING

from mahjong_joy.engine.actions import (
    Action,
    AddedKan,
    Chi,
    ClosedKan,
    Discard,
    Kan,
    NineTerminals,
    Pass,
    Pon,
    Riichi,
    Ron,
    Tsumo,
)
from mahjong_joy.hand.claims import CHI, ClaimOption
from mahjong_joy.notation import format_tiles
from mahjong_joy.tiles import KIND_COUNT, TERMINALS_AND_HONORS, WINDS, code_name, code_of, kind_of_code, tile_name

if TYPE_CHECKING:
    from mahjong_joy.engine.state import HandState, SeatState
    from mahjong_joy.rulesets.base import Ruleset


def nine_terminal_kinds(counts34: Sequence[int]) -> int:
    """Distinct terminal and honor kinds held (kyuushu kyuuhai counts kinds, C1-14)."""
    return sum(1 for k in TERMINALS_AND_HONORS if counts34[k])


def four_same_winds(seats: Sequence[SeatState]) -> bool:
    """Each seat has made exactly one discard and all four are one wind (suufon renda)."""
    if any(len(s.river) != 1 for s in seats):
        return False
    kinds = {s.river[0].tile // 4 for s in seats}
    return len(kinds) == 1 and kinds.pop() in WINDS


def kuikae_mask(option: ClaimOption) -> int:
    """Kinds the caller may not discard right after this chi or pon (C1-8).

    The called kind always; after a chi with the called tile at one end, also the
    tile three away on the other side (call 3 with 45: 3 and 6; call 6 with 45: 6
    and 3); a middle-tile chi forbids only the called kind.

    >>> [k for k in range(34) if kuikae_mask(ClaimOption("chi", (2, 3, 4), 2)) >> k & 1]
    [2, 5]
    """
    called = option.claimed
    assert called is not None
    mask = 1 << called
    if option.kind == CHI:
        low, high = option.tiles[0], option.tiles[2]
        if called == low and high % 9 < 8:
            mask |= 1 << (high + 1)
        elif called == high and low % 9 > 0:
            mask |= 1 << (low - 1)
    return mask


def kan_keeps_waits(ruleset: Ruleset, counts34: Sequence[int], melds: int, kind: int) -> bool:
    """After riichi, a closed kan of the drawn ``kind`` must leave the set of waits
    unchanged (a change of reading is fine, C1-7)."""
    before = list(counts34)
    before[kind] -= 1
    after = list(counts34)
    after[kind] -= 4
    return set(ruleset.waits(before, melds)) == set(ruleset.waits(after, melds + 1))


def completes_thirteen_orphans(counts34: Sequence[int], kind: int) -> bool:
    """Whether this tile completes thirteen orphans (the only hand that may rob a closed kan)."""
    counts = list(counts34)
    counts[kind] += 1
    if sum(counts) != 14 or any(counts[k] for k in range(KIND_COUNT) if k not in TERMINALS_AND_HONORS):
        return False
    return all(counts[k] for k in TERMINALS_AND_HONORS)


def consumed_variants(concealed: Sequence[int], kinds: Sequence[int], reds: int) -> list[tuple[int, ...]]:
    """Each distinct choice of codes for the kinds a call takes from the hand: a
    five may be the red copy or a plain one. Plain choices come first (the engine's
    default keeps the red five in hand).

    >>> consumed_variants([16, 17, 18], [4, 4], 1)
    [(4, 4), (4, 34)]
    """
    held = [code_of(t, reds) for t in concealed]
    per_kind = []
    for kind in sorted(set(kinds)):
        need = list(kinds).count(kind)
        codes = [c for c in held if kind_of_code(c) == kind]
        plain, red = codes.count(kind), len(codes) - codes.count(kind)
        choices = [(kind,) * n_plain + (codes_red(kind),) * (need - n_plain)
                   for n_plain in range(need, -1, -1) if n_plain <= plain and need - n_plain <= red]
        per_kind.append(choices)
    found = []
    for combo in product(*per_kind):
        codes = tuple(sorted((c for part in combo for c in part), key=lambda c: (c >= 34, c)))
        if codes not in found:
            found.append(codes)
    return found


def codes_red(kind: int) -> int:
    """The red code of a five's kind."""
    return 34 + kind // 9


# ---------------------------------------------------------------- reasons


def malformed_reason(action: object) -> str:
    """Why an action is not even of the right shape (a wrong type in some field)."""
    if not isinstance(action, Action):
        return "not an action"
    seat = action.seat
    if type(seat) is not int or not 0 <= seat < 4:
        return "no such seat (0..3)"
    return "a field is missing or of the wrong type (tiles are codes 0..36)"


def why_not(state: HandState, action: Action) -> str:
    """The reason a well-formed action is not legal now (for the error message)."""
    from mahjong_joy.engine.state import Phase

    if state.phase is Phase.FINISHED:
        return "the hand is over"
    if state.phase is Phase.AWAITING_DISCARD:
        return _own_turn_reason(state, action)
    return _claim_reason(state, action)


def _own_turn_reason(state: HandState, action: Action) -> str:
    seat = action.seat
    if isinstance(action, (Ron, Chi, Pon, Kan, Pass)):
        return "there is no discard to claim"
    if seat != state.current:
        return f"it is seat {state.current}'s turn"
    st = state.seats[seat]
    counts = st.counts
    tile = getattr(action, "tile", None)
    if isinstance(action, (Discard, Riichi)):
        if not any(state.code(t) == tile for t in st.concealed):
            return f"holds no {code_name(tile)}"  # type: ignore[arg-type]
        if st.in_riichi:
            return "after riichi only the drawn tile may be discarded"
        if st.forbidden >> kind_of_code(tile) & 1:  # type: ignore[arg-type]
            return f"kuikae: {code_name(tile)} may not be discarded right after that call"  # type: ignore[arg-type]
        if isinstance(action, Riichi):
            return _riichi_reason(state, seat)
        return "not legal now"
    if tile is not None and not 0 <= tile < KIND_COUNT:
        return f"{tile!r} is not a tile kind (0..33)"
    if state.after_claim:
        return "a seat that just claimed must discard"
    if isinstance(action, Tsumo):
        if state.ruleset.can_win(counts, len(st.melds)):
            return "the hand has no yaku"
        return f"{format_tiles(_kinds(counts))} is not a complete hand"
    if isinstance(action, NineTerminals):
        if st.river or state.calls:
            return "nine terminals only on the first uninterrupted draw"
        return f"holds {nine_terminal_kinds(counts)} kinds of terminals and honors, needs nine"
    if not state.wall.can_kan():
        return "no kan is possible now (four kans made or the live wall is empty)"
    if isinstance(action, ClosedKan):
        if st.in_riichi and counts[action.tile] == 4:
            return "after riichi a closed kan must use the drawn tile and keep the waits"
        return f"holds {counts[action.tile]} {tile_name(action.tile)}, needs four"
    if isinstance(action, AddedKan):
        if action.tile not in state.pons_of(seat):
            return f"has no pon of {tile_name(action.tile)}"
        return f"holds no fourth {tile_name(action.tile)}"
    return "not legal now"


def _riichi_reason(state: HandState, seat: int) -> str:
    hand, st = state.rules.hand, state.seats[seat]
    if not hand.riichi:
        return "these rules have no riichi"
    if not st.is_closed:
        return "riichi needs a closed hand"
    if state.points[seat] < hand.riichi_min_points:
        return f"riichi needs {hand.riichi_min_points} points"
    if state.wall.live_count < hand.riichi_min_wall:
        return f"riichi needs {hand.riichi_min_wall} tiles left in the wall"
    return "that discard does not leave the hand ready"


def _claim_reason(state: HandState, action: Action) -> str:
    from mahjong_joy.engine.state import Phase

    seat = action.seat
    robbery = state.phase is Phase.AWAITING_ROBBERY
    on = state.pending_kan if robbery else state.last_discard
    assert on is not None
    kind = on[1] // 4
    if isinstance(action, (Discard, Tsumo, ClosedKan, AddedKan, Riichi, NineTerminals)):
        return f"waiting for claims on {tile_name(kind)}"
    if seat == on[0]:
        return f"cannot claim its own {tile_name(kind)}"
    opportunity = next((o for o in state.opportunities if o.seat == seat), None)
    if seat not in state.waiting:
        return "already answered" if opportunity else f"has no claim on {tile_name(kind)}"
    if robbery and not isinstance(action, (Ron, Pass)):
        return f"only ron may rob the kan of {tile_name(kind)}"
    if state.rons and not isinstance(action, (Ron, Pass)):
        return "a ron was declared: only ron or pass"
    counts = state.seats[seat].counts
    if isinstance(action, Ron):
        return _ron_reason(state, seat, on[1], robbery)
    if state.wall.live_count == 0:
        return "no calls on the last discard"
    if state.seats[seat].in_riichi:
        return "no calls after riichi"
    if isinstance(action, Pon):
        return f"holds only {counts[kind]} {tile_name(kind)}"
    if isinstance(action, Kan):
        if counts[kind] == 3:
            return "no kan is possible now (four kans made or the live wall is empty)"
        return f"holds only {counts[kind]} {tile_name(kind)}"
    if isinstance(action, Chi):
        if (on[0] + 1) % 4 != seat:
            return "chi only from the seat on the left"
        return f"cannot make {action.tiles!r} with {tile_name(kind)}"
    return "not legal now"


def _ron_reason(state: HandState, seat: int, tile: int, robbery: bool) -> str:
    """Why a seat whose turn it is to answer may not ron: no shape, no yaku, or furiten.

    The yaku comes first: the engine marks the seat temporarily furiten as soon as
    the tile completes its shape (a pass would make it so, C1-2), so furiten alone
    would also be reported for a hand that simply has no yaku."""
    st = state.seats[seat]
    counts = list(st.counts)
    counts[tile // 4] += 1
    if not state.ruleset.can_win(counts, len(st.melds)):
        return f"{format_tiles(_kinds(st.counts))} does not win on {tile_name(tile // 4)}"
    if not state._has_yaku(seat, tile, tsumo=False, robbed=robbery):
        return "the hand has no yaku"
    return "furiten"


def _kinds(counts: Sequence[int]) -> list[int]:
    return [t for t in range(KIND_COUNT) for _ in range(counts[t])]
